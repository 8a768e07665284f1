package org.slotlab.app.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.slotlab.app.calibrate.ScriptRun;
import org.slotlab.model.calibrate.CalibrationException;
import org.slotlab.model.calibrate.RubyProbeRunner;
import org.slotlab.model.trace.RubyScriptRunner;

/**
 * How {@code trace} and {@code dump} run a user's script under a probe ({@link ScriptRun}): the
 * Ruby located, the script's output forwarded to stderr, Ctrl-C killing the Ruby; a failure
 * leaves no file behind and is one line on stderr with the command's exit code.
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
        ScriptRun.Failed[] failed = new ScriptRun.Failed[1];
        try {
            T result = RubyProcessOptions.cancellable(err, command, () -> {
                try {
                    return ScriptRun.run(runner, probe, script, args, outVariable, out, env, line -> {
                        synchronized (err) {
                            err.println("  | " + line);
                            err.flush();
                        }
                    }, check::read);
                } catch (ScriptRun.Failed f) {
                    failed[0] = f;
                    return null;
                }
            });
            if (failed[0] != null) {
                err.println("slotlab " + command + ": " + failed[0].getMessage());
                err.flush();
                exit[0] = failed[0].kind() == ScriptRun.Failed.Kind.WRITE ? RubyProcessOptions.EXIT_WRITE_FAILED
                        : RubyProcessOptions.EXIT_PROBE_FAILED;
                return null;
            }
            exit[0] = 0;
            return result;
        } catch (CalibrationException e) {
            exit[0] = RubyProcessOptions.exitCodeOf(e);
            return null;
        }
    }
}
