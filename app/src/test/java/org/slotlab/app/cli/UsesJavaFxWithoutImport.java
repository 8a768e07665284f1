package org.slotlab.app.cli;

/** A command-line class that names a JavaFX class only by its full name: what the architecture rule must catch. */
public final class UsesJavaFxWithoutImport {
    private UsesJavaFxWithoutImport() {}

    public static Object label() {
        return new javafx.scene.control.Label("x");
    }
}
