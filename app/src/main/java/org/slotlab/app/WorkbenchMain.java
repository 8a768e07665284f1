package org.slotlab.app;

import javafx.application.Application;

/**
 * Opens the workbench with arguments ({@code .slotlab.json} files to open), from a plain
 * classpath: the {@link Launcher} treats arguments as CLI commands, and a class extending
 * Application cannot be the main class when JavaFX is on the classpath rather than the module path.
 * Used by {@code scripts/screenshot.sh}.
 */
public final class WorkbenchMain {
    private WorkbenchMain() {}

    public static void main(String[] args) {
        RenderSettings.apply();
        Application.launch(SlotlabApp.class, args);
    }
}
