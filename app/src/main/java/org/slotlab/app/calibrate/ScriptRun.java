package org.slotlab.app.calibrate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.slotlab.model.calibrate.CalibrationException;
import org.slotlab.model.trace.RubyScriptRunner;

/**
 * A user's script run under one of the probes shipped in the jar ({@code slotlab trace},
 * {@code slotlab dump}, Tools > Trace a Ruby program): the probe writes to {@code OUT.part}
 * beside the output, which becomes {@code OUT} only once it has been read back whole; a failure
 * leaves no file behind and says in one line what went wrong.
 */
public final class ScriptRun {

    private ScriptRun() {}

    /** Reads back what the probe wrote; a failure is a message naming the file. */
    @FunctionalInterface
    public interface Check<T> {
        T read(Path written) throws Exception;
    }

    /** A run that ended without a result: where it failed and a one-line message. */
    public static final class Failed extends Exception {
        private static final long serialVersionUID = 1L;

        /** Where: the output could not be written, or what the probe wrote does not read back. */
        public enum Kind { WRITE, READ_BACK }

        private final Kind kind;

        Failed(Kind kind, String message) {
            super(message);
            this.kind = kind;
        }

        public Kind kind() {
            return kind;
        }
    }

    /**
     * Runs {@code script} with {@code args} under {@code probe} and returns what {@code check}
     * read from its output, now at {@code out}. A missing, failing or hanging Ruby or script is
     * the runner's {@link CalibrationException}; an interrupt kills the Ruby's process tree.
     */
    public static <T> T run(RubyScriptRunner runner, String probe, Path script, List<String> args, String outVariable, Path out,
            Map<String, String> env, Consumer<String> output, Check<T> check) throws CalibrationException, Failed {
        Path part = out.resolveSibling(out.getFileName() + ".part");
        try {
            Path parent = out.toAbsolutePath().getParent();
            try {
                if (parent != null) {
                    Files.createDirectories(parent);
                }
            } catch (IOException e) {
                throw new Failed(Failed.Kind.WRITE, "cannot write " + out + ": " + oneLine(e.getMessage()));
            }
            runner.run(probe, script, args, outVariable, part, env, output);
            T result;
            try {
                result = check.read(part);
            } catch (Exception e) {
                throw new Failed(Failed.Kind.READ_BACK, "the probe's output does not read back: " + oneLine(e.getMessage()));
            }
            try {
                Files.move(part, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                try {
                    Files.move(part, out, StandardCopyOption.REPLACE_EXISTING);
                } catch (IOException again) {
                    throw new Failed(Failed.Kind.WRITE, "cannot write " + out + ": " + oneLine(again.getMessage()));
                }
            }
            return result;
        } finally {
            try {
                Files.deleteIfExists(part);
            } catch (IOException ignored) {
                // a leftover .part file names itself
            }
        }
    }

    /** A message on one line (a runner's messages may carry the script's last lines). */
    public static String oneLine(String message) {
        return String.valueOf(message).replaceAll("\\s*\\R\\s*", " ");
    }
}
