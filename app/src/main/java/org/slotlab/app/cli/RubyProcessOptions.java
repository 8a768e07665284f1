package org.slotlab.app.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import org.slotlab.model.calibrate.CalibrationException;
import org.slotlab.model.calibrate.RubyProbeRunner;
import picocli.CommandLine.Option;

/**
 * Options and plumbing shared by the commands that run probes on a real Ruby ({@code calibrate},
 * {@code measure}): which {@code ruby}, the timeout per probe, a progress printer that says which
 * probe, step i/n and the time left ({@link ProgressPrinter}: a bar on a terminal), and a shutdown hook so that
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

    @Option(names = "--progress", paramLabel = "STYLE", defaultValue = "auto",
            converter = ProgressStyleConverter.class,
            description = "how progress is shown on stderr: bar (one bar redrawn in place), lines (one line per step) "
                    + "or auto (bar on a terminal, lines otherwise; default)")
    ProgressPrinter.Style progress;

    /** The progress printer for --progress on this process's stderr. */
    ProgressPrinter progressPrinter(PrintWriter err, String command) {
        return ProgressPrinter.forStderr(err, command, progress == null ? ProgressPrinter.Style.AUTO : progress);
    }

    /** Reads --progress, naming the allowed styles when the value is none of them. */
    static final class ProgressStyleConverter implements picocli.CommandLine.ITypeConverter<ProgressPrinter.Style> {
        @Override
        public ProgressPrinter.Style convert(String value) {
            for (ProgressPrinter.Style s : ProgressPrinter.Style.values()) {
                if (s.toString().equals(value)) {
                    return s;
                }
            }
            throw new picocli.CommandLine.TypeConversionException("must be auto, bar or lines, got '" + value + "'");
        }
    }

    /**
     * Runs {@code body} on the calling thread with a shutdown hook that, on Ctrl-C, interrupts
     * it (the runner then kills the Ruby) and waits for it to return. A failure is printed as one
     * line, {@code slotlab COMMAND: message}, before the hook is released (after Ctrl-C the JVM
     * exits as soon as the hook returns), and then rethrown.
     */
    static <T> T cancellable(PrintWriter err, String command, ProbeBody<T> body) throws CalibrationException {
        // work that prints its own lines and draws no bar
        return cancellable(err, command, new ProgressPrinter(err, command, false, ProgressPrinter.DEFAULT_COLUMNS), body);
    }

    /** As {@link #cancellable(PrintWriter, String, ProbeBody)}, ending {@code progress}'s bar before any message. */
    static <T> T cancellable(PrintWriter err, String command, ProgressPrinter progress, ProbeBody<T> body)
            throws CalibrationException {
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
            progress.end();
            err.println("slotlab " + command + ": " + oneLine(e.getMessage()));
            err.flush();
            throw e;
        } finally {
            progress.end();
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
        return org.slotlab.app.calibrate.ScriptRun.oneLine(s);
    }
}
