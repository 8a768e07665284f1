package org.slotlab.app;

import org.slotlab.app.cli.SlotlabCommand;
import org.slotlab.app.io.ScenarioFile;

/**
 * Entry point of the runnable jar, the app image and the {@code slotlab} script. Without
 * arguments, or with only scenario files ({@code .slotlab.json}) and {@code --startup-report}, it
 * opens the workbench; otherwise it runs the command line ({@code predict}, {@code render}, ...).
 * Not an Application subclass, so a plain classpath launch works.
 */
public final class Launcher {
    private Launcher() {}

    public static void main(String[] args) {
        StartupReport.mark("main");
        if (opensWorkbench(args)) {
            for (String a : args) {
                if (StartupReport.isOption(a)) {
                    StartupReport.enable(a);
                }
            }
            WorkbenchMain.main(args);
            return;
        }
        System.exit(SlotlabCommand.execute(args));
    }

    /** Whether these arguments ask for the workbench rather than a command. */
    static boolean opensWorkbench(String[] args) {
        for (String a : args) {
            if (!StartupReport.isOption(a) && !a.endsWith(ScenarioFile.SUFFIX)) {
                return false;
            }
        }
        return true;
    }
}
