package org.slotlab.app;

import org.slotlab.app.cli.SlotlabCommand;

/**
 * Entry point of the runnable jar. Without arguments it opens the workbench; with arguments it
 * runs the command line ({@code predict}, {@code render}, ...). Not an Application subclass, so a
 * plain classpath launch works.
 */
public final class Launcher {
    private Launcher() {}

    public static void main(String[] args) {
        if (args.length == 0) {
            RenderSettings.apply();
            javafx.application.Application.launch(SlotlabApp.class, args);
            return;
        }
        System.exit(SlotlabCommand.execute(args));
    }
}
