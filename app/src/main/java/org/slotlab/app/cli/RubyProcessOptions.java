package org.slotlab.app.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import org.slotlab.model.calibrate.CalibrationException;
import org.slotlab.model.calibrate.ProbeProgress;
import org.slotlab.model.calibrate.RubyProbeRunner;
import picocli.CommandLine.Option;

/**
 * Options and plumbing shared by the commands that run probes on a real Ruby ({@code calibrate},
 * {@code measure}): which {@code ruby}, the timeout per probe, a progress printer that says which
 * probe, step i/n and the time left (estimated from the steps so far), and a shutdown hook so that
 * Ctrl-C interrupts the waiting thread, which makes {@link RubyProbeRunner} kill the Ruby's process
 * tree: never a hang.
 */
public final class RubyProcessOptions {

    /** Exit code when a probe fails (missing, old, broken or hanging Ruby) or the options are wrong. */
    public static final int EXIT_PROBE_FAILED = 2;
    /** Exit code when the output file cannot be written (checked before any probe runs). */
    public static final int EXIT_WRITE_FAILED = 2;
    /** Exit code after Ctrl-C (128 + SIGINT, the shell's convention). */
    public static final int EXIT_CANCELLED = 130;
    /** How long the shutdown hook waits for the probe thread to stop the Ruby and return. */
    private static final Duration CANCEL_GRACE = Duration.ofSeconds(10);

    @Option(names = "--ruby", paramLabel = "PATH", defaultValue = "ruby",
            description = "the ruby to run the probes with: a path, or a name looked up on PATH (default: ${DEFAULT-VALUE})")
    String ruby;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "600",
            description = "seconds each probe may run before it is stopped (default: ${DEFAULT-VALUE})")
    long timeoutSeconds;

    /** The runner for --ruby and --timeout; the Ruby is located (not yet run). */
    RubyProbeRunner runner() throws CalibrationException {
        if (timeoutSeconds <= 0) {
            throw new IllegalArgumentException("--timeout must be > 0 seconds, got " + timeoutSeconds);
        }
        Path exe = RubyProbeRunner.locate(ruby);
        return new RubyProbeRunner(exe, Duration.ofSeconds(timeoutSeconds));
    }

    /**
     * Prints {@code command: [i/n] probe: step (about N s left)} lines as progress arrives. Lines
     * that only say something is starting are held until some step has finished: a Ruby that fails
     * on its first probe (crashes, hangs, prints garbage) leaves one line on stderr, the failure.
     */
    static final class ProgressPrinter implements java.util.function.Consumer<ProbeProgress> {
        private final PrintWriter err;
        private final String command;
        private final java.util.List<String> held = new java.util.ArrayList<>();
        private boolean anyStepDone;
        private String probe;
        private long probeStart;

        ProgressPrinter(PrintWriter err, String command) {
            this.err = err;
            this.command = command;
        }

        /** A line about the run as a whole ({@code command: text}), held like a starting step. */
        synchronized void note(String text) {
            emit(command + ": " + text, false);
        }

        @Override
        public synchronized void accept(ProbeProgress p) {
            long now = System.nanoTime();
            if (!p.probe().equals(probe)) {
                probe = p.probe();
                probeStart = now;
            }
            String left = "";
            if (p.done() > 0 && p.done() < p.total()) {
                double perStep = (now - probeStart) / 1e9 / p.done();
                left = String.format(Locale.ROOT, " (about %d s left)", Math.round(perStep * (p.total() - p.done())));
            }
            emit(command + ": [" + p.done() + "/" + p.total() + "] " + p.probe() + ": " + p.step() + left, p.done() > 0);
        }

        private void emit(String line, boolean stepDone) {
            anyStepDone |= stepDone;
            held.add(line);
            if (anyStepDone) {
                held.forEach(err::println);
                held.clear();
                err.flush();
            }
        }
    }

    /**
     * Runs {@code body} on the calling thread with a shutdown hook that, on Ctrl-C, interrupts
     * it (the runner then kills the Ruby) and waits for it to return. A failure is printed as one
     * line, {@code slotlab COMMAND: message}, before the hook is released (after Ctrl-C the JVM
     * exits as soon as the hook returns), and then rethrown.
     */
    static <T> T cancellable(PrintWriter err, String command, ProbeBody<T> body) throws CalibrationException {
        Thread worker = Thread.currentThread();
        java.util.concurrent.CountDownLatch finished = new java.util.concurrent.CountDownLatch(1);
        Thread hook = new Thread(() -> {
            worker.interrupt();
            try {
                finished.await(CANCEL_GRACE.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "slotlab-cancel-ruby");
        boolean hooked = false;
        try {
            Runtime.getRuntime().addShutdownHook(hook);
            hooked = true;
        } catch (IllegalStateException shuttingDown) {
            // already shutting down: run without the hook
        }
        try {
            return body.run();
        } catch (CalibrationException e) {
            err.println("slotlab " + command + ": " + oneLine(e.getMessage()));
            err.flush();
            throw e;
        } finally {
            finished.countDown();
            if (hooked) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // the hook is running; it returns once 'finished' is counted down
                }
            }
        }
    }

    /** Work that runs probes. */
    @FunctionalInterface
    interface ProbeBody<T> {
        T run() throws CalibrationException;
    }

    /** The exit code for a failed probe. */
    static int exitCodeOf(CalibrationException e) {
        return e.kind() == CalibrationException.Kind.CANCELLED ? EXIT_CANCELLED : EXIT_PROBE_FAILED;
    }

    /** One line: newlines and runs of spaces folded. */
    static String oneLine(String s) {
        return String.valueOf(s).replaceAll("\\s*\\R\\s*", " ");
    }
}
