package org.slotlab.app;

import java.util.logging.Logger;
import javafx.application.Application;

/**
 * Opens the workbench with arguments ({@code .slotlab.json} files to open, {@code
 * --startup-report}), from a plain classpath: a class extending Application cannot be the main
 * class when JavaFX is on the classpath rather than the module path. {@link Launcher} comes here
 * for the workbench; {@code scripts/screenshot.sh} calls it directly.
 */
public final class WorkbenchMain {
    private WorkbenchMain() {}

    /**
     * JavaFX's logger ({@code com.sun.javafx.util.Logging}, over {@code System.Logger} and
     * java.util.logging); held so that its filter stays.
     */
    private static final Logger JAVAFX_LOGGER = Logger.getLogger("javafx");

    /** The start of the warning JavaFX logs whenever its classes come from the classpath. */
    static final String CLASSPATH_WARNING = "Unsupported JavaFX configuration: classes were loaded from 'unnamed module";

    public static void main(String[] args) {
        for (String a : args) {
            if (StartupReport.isOption(a)) {
                StartupReport.enable(a);
            }
        }
        // the view-model and the first run need no toolkit: they start first, on their own threads
        SlotlabApp.prepare();
        Natives.prepare();
        quietClasspathWarning();
        RenderSettings.apply();
        Application.launch(SlotlabApp.class, args);
    }

    /**
     * Drops JavaFX's one warning about running from the classpath: {@code slotlab.jar} is a
     * single jar (every platform's JavaFX inside, see {@link Natives}), so its JavaFX classes are
     * always in the unnamed module and the warning would greet every launch. Every other
     * message of JavaFX's logger still gets through.
     */
    static void quietClasspathWarning() {
        java.util.logging.Filter previous = JAVAFX_LOGGER.getFilter();
        JAVAFX_LOGGER.setFilter(r -> {
            String m = r.getMessage();
            if (m != null && m.startsWith(CLASSPATH_WARNING)) {
                return false;
            }
            return previous == null || previous.isLoggable(r);
        });
    }
}
