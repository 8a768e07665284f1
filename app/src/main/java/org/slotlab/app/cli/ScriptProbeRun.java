package org.slotlab.app.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.slotlab.model.calibrate.CalibrationException;
import org.slotlab.model.calibrate.RubyProbeRunner;
import org.slotlab.model.trace.RubyScriptRunner;

/**
 * How {@code trace} and {@code dump} run a user's script under a probe: the Ruby located, the
 * script's output forwarded to stderr, the probe writing to {@code OUT.part} beside the output,
 * which becomes {@code OUT} only once it has been read back whole; a failure leaves no file
 * behind and is one line on stderr.
 */
final class ScriptProbeRun {

    private ScriptProbeRun() {}

    /** Reads back what the probe wrote; a failure is a message naming the file. */
    @FunctionalInterface
    interface Check<T> {
        T read(Path written) throws Exception;
    }

    /** The result, or null after printing why (the exit code then is in {@code exit[0]}). */
    static <T> T run(PrintWriter err, String command, RubyProcessOptions ruby, String probe, Path script, List<String> args,
            String outVariable, Path out, Map<String, String> env, Check<T> check, int[] exit) {
        Path part = out.resolveSibling(out.getFileName() + ".part");
        try {
            if (ruby.timeoutSeconds <= 0) {
                throw new IllegalArgumentException("--timeout must be > 0 seconds, got " + ruby.timeoutSeconds);
            }
            RubyScriptRunner runner;
            try {
                runner = new RubyScriptRunner(RubyProbeRunner.locate(ruby.ruby), Duration.ofSeconds(ruby.timeoutSeconds));
            } catch (CalibrationException e) {
                err.println("slotlab " + command + ": " + RubyProcessOptions.oneLine(e.getMessage()));
                err.flush();
                exit[0] = RubyProcessOptions.exitCodeOf(e);
                return null;
            }
            Path parent = out.toAbsolutePath().getParent();
            try {
                if (parent != null) {
                    Files.createDirectories(parent);
                }
            } catch (IOException e) {
                err.println("slotlab " + command + ": cannot write " + out + ": " + RubyProcessOptions.oneLine(e.getMessage()));
                err.flush();
                exit[0] = RubyProcessOptions.EXIT_WRITE_FAILED;
                return null;
            }
            try {
                RubyProcessOptions.cancellable(err, command, () -> runner.run(probe, script, args, outVariable, part, env, line -> {
                    synchronized (err) {
                        err.println("  | " + line);
                        err.flush();
                    }
                }));
            } catch (CalibrationException e) {
                exit[0] = RubyProcessOptions.exitCodeOf(e);
                return null;
            }
            T result;
            try {
                result = check.read(part);
            } catch (Exception e) {
                err.println("slotlab " + command + ": the probe's output does not read back: " + RubyProcessOptions.oneLine(e.getMessage()));
                err.flush();
                exit[0] = RubyProcessOptions.EXIT_PROBE_FAILED;
                return null;
            }
            try {
                Files.move(part, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                try {
                    Files.move(part, out, StandardCopyOption.REPLACE_EXISTING);
                } catch (IOException again) {
                    err.println("slotlab " + command + ": cannot write " + out + ": " + RubyProcessOptions.oneLine(again.getMessage()));
                    err.flush();
                    exit[0] = RubyProcessOptions.EXIT_WRITE_FAILED;
                    return null;
                }
            }
            exit[0] = 0;
            return result;
        } finally {
            try {
                Files.deleteIfExists(part);
            } catch (IOException ignored) {
                // a leftover .part file names itself
            }
        }
    }
}
