package org.slotlab.model.trace;

import org.slotlab.model.io.ChildProcesses;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slotlab.model.calibrate.CalibrationException;
import org.slotlab.model.calibrate.RubyProbeRunner;
import org.slotlab.model.calibrate.RubyVersion;

/**
 * Runs a user's Ruby script under one of Slotlab's probes (shipped in this package's resources,
 * {@code probes/trace.rb} and {@code probes/dump.rb}) as {@code ruby -r PROBE SCRIPT ARGS...}:
 * an argument list through {@link ProcessBuilder} (no shell), the probe and the JSON helpers it
 * loads written to a temporary folder, the probe's output file named in the environment, stdin
 * from {@code /dev/null}, the script's stdout and stderr forwarded line by line, and a timeout
 * after which the whole process tree is destroyed, as {@link RubyProbeRunner} runs the calibration
 * probes. The user's environment is kept (RUBYOPT, RUBYLIB and bundler settings are part of the
 * program). Every failure is a {@link CalibrationException} with a one-line message naming the
 * Ruby and the script: a missing or old ruby, a missing script, a script that fails or hangs, a
 * probe that wrote nothing (the script ended with {@code exit!} or {@code exec}).
 */
public final class RubyScriptRunner {

    /** The substring tracer. */
    public static final String TRACE_PROBE = "trace.rb";
    /** The heap dumper. */
    public static final String DUMP_PROBE = "dump.rb";
    /** The check of which methods reach str_subseq. */
    public static final String SUBSEQ_CHECK = "subseq_check.rb";
    /** Lines of the script's output kept for an error message. */
    public static final int KEPT_LINES = 50;
    private static final Duration READER_GRACE = Duration.ofSeconds(5);

    private final Path ruby;
    private final Duration timeout;

    public RubyScriptRunner(Path ruby, Duration timeout) {
        this.ruby = Objects.requireNonNull(ruby, "ruby");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be > 0, got " + timeout);
        }
    }

    public Path ruby() {
        return ruby;
    }

    /** The Ruby's RUBY_VERSION (asked once by the calibration runner, which refuses a Ruby that is too old). */
    public RubyVersion version() throws CalibrationException {
        return new RubyProbeRunner(ruby, RubyProbeRunner.VERSION_TIMEOUT).version();
    }

    /**
     * Runs {@code script} with {@code args} under {@code probe}; the probe writes to {@code out}
     * (passed as {@code outVariable} in the environment, with {@code env} added). Returns the
     * last lines the script printed.
     */
    public List<String> run(String probe, Path script, List<String> args, String outVariable, Path out, Map<String, String> env,
            Consumer<String> output) throws CalibrationException {
        version();
        if (!Files.isRegularFile(script)) {
            throw new CalibrationException(CalibrationException.Kind.NOT_FOUND, "Script not found: " + script
                    + (Files.isDirectory(script) ? " is a directory." : " does not exist."));
        }
        Path dir = null;
        try {
            dir = Files.createTempDirectory("slotlab-trace");
            Path probeFile = stage(dir, probe);
            Files.deleteIfExists(out);
            List<String> cmd = new ArrayList<>();
            cmd.add(ruby.toString());
            cmd.add("-r");
            cmd.add(probeFile.toString());
            cmd.add(script.toString());
            cmd.addAll(args);
            Map<String, String> all = new java.util.LinkedHashMap<>(env);
            all.put(outVariable, out.toAbsolutePath().toString());
            List<String> lines = execute(cmd, all, "script " + script, output);
            if (!Files.isRegularFile(out) || Files.size(out) == 0) {
                throw new CalibrationException(CalibrationException.Kind.BAD_OUTPUT, "Ruby at " + ruby + " ran " + script
                        + " but the probe wrote nothing; did the script end with exit! or exec, or fork away?");
            }
            return lines;
        } catch (IOException e) {
            throw new CalibrationException(CalibrationException.Kind.IO, "Could not run " + script + " with ruby at " + ruby + ": "
                    + e.getMessage(), e);
        } finally {
            deleteQuietly(dir);
        }
    }

    /** Runs a probe of this package with no script (the str_subseq check); returns its stdout. */
    public String runProbe(String probe) throws CalibrationException {
        version();
        Path dir = null;
        try {
            dir = Files.createTempDirectory("slotlab-trace");
            Path probeFile = stage(dir, probe);
            StringBuilder sb = new StringBuilder();
            execute(List.of(ruby.toString(), "--disable-gems", probeFile.toString()), Map.of(), "probe " + probe,
                    line -> sb.append(line).append('\n'));
            return sb.toString();
        } catch (IOException e) {
            throw new CalibrationException(CalibrationException.Kind.IO, "Could not run probe " + probe + ": " + e.getMessage(), e);
        } finally {
            deleteQuietly(dir);
        }
    }

    /** Writes {@code probe} and the JSON helpers it loads into {@code dir}; returns the probe's path. */
    private static Path stage(Path dir, String probe) throws IOException, CalibrationException {
        Path probeFile = dir.resolve(probe);
        Files.write(probeFile, resource(RubyScriptRunner.class, "probes/" + probe));
        Files.write(dir.resolve(RubyProbeRunner.COMMON_SCRIPT),
                resource(RubyProbeRunner.class, RubyProbeRunner.PROBE_FOLDER + RubyProbeRunner.COMMON_SCRIPT));
        return probeFile;
    }

    static byte[] resource(Class<?> owner, String name) throws CalibrationException {
        try (InputStream in = owner.getResourceAsStream(name)) {
            if (in == null) {
                throw new CalibrationException(CalibrationException.Kind.IO, "Probe '" + name + "' is missing from Slotlab's jar.");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new CalibrationException(CalibrationException.Kind.IO, "Could not read probe '" + name + "': " + e.getMessage(), e);
        }
    }

    /** Starts the command, forwards its merged output, waits up to the timeout; the last lines are returned. */
    private List<String> execute(List<String> cmd, Map<String, String> env, String what, Consumer<String> output)
            throws CalibrationException {
        Process process = null;
        Deque<String> kept = new ArrayDeque<>();
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd);
            pb.environment().putAll(env);
            pb.redirectErrorStream(true);
            pb.redirectInput(ProcessBuilder.Redirect.from(ChildProcesses.nullDevice()));
            try {
                process = pb.start();
            } catch (IOException e) {
                throw new CalibrationException(CalibrationException.Kind.NOT_EXECUTABLE, "Could not start ruby at " + ruby + ": " + e.getMessage(), e);
            }
            Thread reader = startReader(process.getInputStream(), kept, output);
            boolean finished;
            try {
                finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                ChildProcesses.destroyTree(process, READER_GRACE);
                Thread.currentThread().interrupt();
                throw new CalibrationException(CalibrationException.Kind.CANCELLED, "Cancelled " + what + "; stopped ruby at " + ruby + ".", e);
            }
            if (!finished) {
                ChildProcesses.destroyTree(process, READER_GRACE);
                ChildProcesses.join(reader, READER_GRACE);
                throw new CalibrationException(CalibrationException.Kind.TIMEOUT, "Ruby at " + ruby + " did not finish " + what + " within "
                        + timeout.toSeconds() + " s; it was stopped. Give it longer with --timeout, or trace one call in N with --sample N.");
            }
            ChildProcesses.join(reader, READER_GRACE);
            List<String> lines;
            synchronized (kept) {
                lines = List.copyOf(kept);
            }
            int code = process.exitValue();
            if (code != 0) {
                String last = lines.stream().filter(l -> !l.isBlank()).reduce((a, b) -> b).map(String::strip).orElse("");
                String first = lines.stream().filter(l -> l.contains("Error") || l.contains("error")).findFirst().map(String::strip)
                        .orElse(last);
                throw new CalibrationException(CalibrationException.Kind.EXIT_NONZERO, "Ruby at " + ruby + " failed running " + what
                        + " (exit status " + code + ")" + (first.isEmpty() ? ", with no output." : ": " + shorten(first)));
            }
            return lines;
        } finally {
            if (process != null && process.isAlive()) {
                ChildProcesses.destroyTree(process, READER_GRACE);
            }
        }
    }

    private static String shorten(String s) {
        return s.length() > 300 ? s.substring(0, 300) + "..." : s;
    }

    private static Thread startReader(InputStream stream, Deque<String> kept, Consumer<String> each) {
        return ChildProcesses.lineReader(stream, line -> {
            synchronized (kept) {
                kept.addLast(line);
                if (kept.size() > KEPT_LINES) {
                    kept.removeFirst();
                }
            }
            if (each != null) {
                each.accept(line);
            }
        }, "slotlab-ruby-output");
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (var files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(dir);
        } catch (IOException ignored) {
            // a leftover temporary file is harmless
        }
    }
}
