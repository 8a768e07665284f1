package org.slotlab.app;

/** Entry point for the runnable jar: not an Application subclass, so a plain classpath launch works. */
public final class Launcher {
    private Launcher() {}

    public static void main(String[] args) {
        System.out.println("slotlab");
    }
}
