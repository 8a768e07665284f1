package org.slotlab.model.io;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
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

    /**
     * Starts a daemon thread that hands every UTF-8 line of a child's stream to {@code line} until
     * the stream ends (the process is gone and its pipe closed; what was read has been handed on).
     */
    public static Thread lineReader(InputStream stream, Consumer<String> line, String threadName) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                String l;
                while ((l = r.readLine()) != null) {
                    line.accept(l);
                }
            } catch (IOException closed) {
                // the pipe closed with the process
            }
        }, threadName);
        t.setDaemon(true);
        t.start();
        return t;
    }
}
