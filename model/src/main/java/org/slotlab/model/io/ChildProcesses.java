package org.slotlab.model.io;

import java.io.File;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** What every runner of a child {@code ruby} needs: killing it with its children, joining its readers, a null device. */
public final class ChildProcesses {

    private ChildProcesses() {
    }

    /**
     * Kills the children first (they would be re-parented and lost once the parent dies), then the
     * process, and waits up to {@code grace} for it to end.
     */
    public static void destroyTree(Process p, Duration grace) {
        List<ProcessHandle> children = p.descendants().toList();
        children.forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        try {
            p.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits up to {@code grace} for a reader thread of the child's output. */
    public static void join(Thread reader, Duration grace) {
        try {
            reader.join(grace.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The file a child's unwanted stream goes to. */
    public static File nullDevice() {
        return new File(System.getProperty("os.name", "").startsWith("Windows") ? "NUL" : "/dev/null");
    }
}
