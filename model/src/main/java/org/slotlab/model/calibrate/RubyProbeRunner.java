package org.slotlab.model.calibrate;

import org.slotlab.model.io.ChildProcesses;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs one of Slotlab's probe scripts on a real {@code ruby} and returns what it printed: the script is read from this package's resources
 * ({@code probes/layout.rb}, {@code probes/timing.rb}), written to a temporary folder together with
 * the helpers they share ({@code probes/_common.rb}) and run as
 * {@code ruby --disable-gems SCRIPT ARGS...} through {@link ProcessBuilder} with an argument list
 * (no shell), under a timeout after which the whole process tree is destroyed. Stdout must be one
 * JSON document (parsed with Jackson); stderr is kept line by line and its
 * {@code slotlab-progress} lines are forwarded as {@link ProbeProgress}. Before the first probe the
 * runner asks the Ruby for {@code RUBY_VERSION} and refuses anything older than
 * {@link RubyVersion#MINIMUM}. {@code RUBYOPT} and {@code RUBYLIB} are removed from the child's
 * environment (a {@code -rbundler/setup} there would break {@code --disable-gems}); the user's
 * {@code RUBY_GC_*} tunables are kept, since they are part of the heap being measured.
 * Every failure is a {@link CalibrationException} whose message names the executable and probe.
 *
 * <p>Example: {@code new RubyProbeRunner(RubyProbeRunner.locate("ruby"), Duration.ofMinutes(2)).run("layout.rb", List.of(), p -> {})}.
 */
public final class RubyProbeRunner {

    /** Resource folder of the probe scripts, relative to this class. */
    public static final String PROBE_FOLDER = "probes/";
    /** The layout probe (heap layout, embed boundary); see {@link RubyReport}. */
    public static final String LAYOUT_PROBE = "layout.rb";
    /** The timing probe; its one argument is the mode ({@code smoke}, {@code quick}, {@code thorough}). */
    public static final String TIMING_PROBE = "timing.rb";
    /**
     * The helpers every probe loads with {@code require_relative "_common"} (JSON writer, progress
     * lines); written next to the probe's temporary copy before each run.
     */
    public static final String COMMON_SCRIPT = "_common.rb";
    /** Default time a probe may run before it is stopped: 10 minutes, above the thorough timing run. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(10);
    /** Timeout for the {@code RUBY_VERSION} query: a Ruby that cannot print its version in 30 s is broken. */
    public static final Duration VERSION_TIMEOUT = Duration.ofSeconds(30);
    /** Stderr lines kept per run (the rest are counted, not kept), so a chatty Ruby cannot fill memory. */
    public static final int MAX_STDERR_LINES = 500;
    /** How long to wait for the stderr reader after the process tree is gone. */
    private static final Duration READER_GRACE = Duration.ofSeconds(5);
    /** Characters of bad stdout quoted back in an error message. */
    private static final int QUOTE_CHARS = 80;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path ruby;
    private final Duration timeout;
    private RubyVersion version;

    /**
     * @param ruby the {@code ruby} executable (see {@link #locate(String)} for a bare name)
     * @param timeout how long each probe may run
     */
    public RubyProbeRunner(Path ruby, Duration timeout) {
        this.ruby = Objects.requireNonNull(ruby, "ruby");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be > 0, got " + timeout);
        }
    }

    public Path ruby() {
        return ruby;
    }

    public Duration timeout() {
        return timeout;
    }

    /**
     * Resolves what the user typed for {@code --ruby}: a path (anything with a separator) is
     * taken as is; a bare name such as {@code ruby} is looked up on {@code PATH}.
     */
    public static Path locate(String rubyCommand) throws CalibrationException {
        return locate(rubyCommand, System.getenv("PATH"));
    }

    /** {@link #locate(String)} against a given {@code PATH} value (tests pass their own). */
    static Path locate(String rubyCommand, String pathVariable) throws CalibrationException {
        if (rubyCommand == null || rubyCommand.isBlank()) {
            throw new CalibrationException(CalibrationException.Kind.NOT_FOUND, "No ruby given: pass the path of a ruby executable (--ruby /usr/bin/ruby).");
        }
        if (rubyCommand.contains("/") || rubyCommand.contains(File.separator)) {
            return checkExecutable(Path.of(rubyCommand));
        }
        String path = pathVariable == null ? "" : pathVariable;
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, rubyCommand);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        throw new CalibrationException(CalibrationException.Kind.NOT_FOUND,
                "No '" + rubyCommand + "' found on PATH (" + path + "). Install Ruby or pass its full path with --ruby.");
    }

    private static Path checkExecutable(Path p) throws CalibrationException {
        if (!Files.exists(p)) {
            throw new CalibrationException(CalibrationException.Kind.NOT_FOUND, "Ruby not found: " + p + " does not exist.");
        }
        if (Files.isDirectory(p) || !Files.isExecutable(p)) {
            throw new CalibrationException(CalibrationException.Kind.NOT_EXECUTABLE,
                    "Ruby at " + p + " is not an executable file" + (Files.isDirectory(p) ? " (it is a directory)." : " (check its permissions)."));
        }
        return p;
    }

    /**
     * The Ruby's {@code RUBY_VERSION}, asked once and cached; fails with {@code TOO_OLD} below
     * {@link RubyVersion#MINIMUM}.
     */
    public synchronized RubyVersion version() throws CalibrationException {
        if (version != null) {
            return version;
        }
        checkExecutable(ruby);
        List<String> cmd = List.of(ruby.toString(), "--disable-gems", "-e", "print RUBY_VERSION");
        Execution ex = execute(cmd, Map.of(), "the RUBY_VERSION query", VERSION_TIMEOUT, null);
        String out = ex.stdout.strip();
        RubyVersion v = RubyVersion.parse(out).orElseThrow(() -> new CalibrationException(CalibrationException.Kind.BAD_OUTPUT,
                "Ruby at " + ruby + " printed '" + quote(out) + "' when asked for RUBY_VERSION; is it really Ruby?"));
        if (v.compareTo(RubyVersion.MINIMUM) < 0) {
            throw new CalibrationException(CalibrationException.Kind.TOO_OLD,
                    "Ruby at " + ruby + " is version " + v + "; calibration needs Ruby " + RubyVersion.MINIMUM.major() + "."
                            + RubyVersion.MINIMUM.minor() + " or newer.");
        }
        version = v;
        return v;
    }

    /**
     * Runs a probe script from this package's resources with the given arguments.
     *
     * @param probe resource name under {@link #PROBE_FOLDER}, e.g. {@link #LAYOUT_PROBE}
     * @param args arguments after the script path
     * @param progress receives each progress line as it arrives (on the reader thread); may be null
     */
    public ProbeResult run(String probe, List<String> args, Consumer<ProbeProgress> progress) throws CalibrationException {
        return run(probe, args, progress, Map.of(), List.of("--disable-gems"));
    }

    /**
     * Runs a probe script with extra environment variables (e.g. {@code RUBY_GC_HEAP_4_INIT_SLOTS})
     * and the given interpreter options before the script ({@code --disable-gems}, {@code -I DIR}).
     */
    public ProbeResult run(String probe, List<String> args, Consumer<ProbeProgress> progress, Map<String, String> env,
            List<String> rubyOptions) throws CalibrationException {
        RubyVersion v = version();
        byte[] script = probeScript(probe);
        Path dir = null;
        try {
            dir = Files.createTempDirectory("slotlab-probe");
            Path file = dir.resolve(probe);
            Files.write(file, script);
            Files.write(dir.resolve(COMMON_SCRIPT), probeScript(COMMON_SCRIPT));
            List<String> cmd = new ArrayList<>();
            cmd.add(ruby.toString());
            cmd.addAll(rubyOptions);
            cmd.add(file.toString());
            cmd.addAll(args);
            long t0 = System.nanoTime();
            Execution ex = execute(cmd, env, "probe " + probe, timeout, line -> {
                ProbeProgress p = ProbeProgress.parse(probe, line);
                if (p != null && progress != null) {
                    progress.accept(p);
                }
            });
            Duration wall = Duration.ofNanos(System.nanoTime() - t0);
            return new ProbeResult(probe, v, parseJson(ex.stdout, probe), ex.stderr, wall);
        } catch (IOException e) {
            throw new CalibrationException(CalibrationException.Kind.IO, "Could not prepare probe " + probe + " in a temporary folder: " + e.getMessage(), e);
        } finally {
            deleteQuietly(dir);
        }
    }

    /** Runs {@code layout.rb} and reads its output. */
    public RubyReport readLayout() throws CalibrationException {
        ProbeResult r = run(LAYOUT_PROBE, List.of(), null);
        return RubyReport.fromJson(r.json(), ruby + " " + LAYOUT_PROBE);
    }

    /**
     * Runs every unit of {@code timing.rb} in a fresh process, {@link TimingMode#rounds()} times
     * round-robin (unit 1, unit 2, ..., then again), each with the environment the unit names, then
     * the units whose timed rows still spread by more than {@link #NOISY_UNIT} again, up to
     * {@link TimingMode#extraRounds()} more times, and reads them into one report. Progress counts
     * processes.
     */
    public TimingReport readTiming(TimingMode mode, Consumer<ProbeProgress> progress) throws CalibrationException {
        return readTiming(mode, progress, 0);
    }

    /** Share of the other CPUs' time above which a timing process counts as disturbed. */
    public static final double DISTURBED_SHARE = 0.10;

    /**
     * {@link #readTiming(TimingMode, Consumer)}, running a unit's process again, up to
     * {@code retries} more times, when the machine's other CPUs were busy while it ran (over
     * {@link #DISTURBED_SHARE} of their time): the timings of a disturbed process are dropped, the
     * last try is kept whatever its load.
     */
    public TimingReport readTiming(TimingMode mode, Consumer<ProbeProgress> progress, int retries) throws CalibrationException {
        JsonNode list = run(TIMING_PROBE, List.of("units"), null).json();
        List<JsonNode> units = new ArrayList<>();
        list.path("units").forEach(units::add);
        if (units.isEmpty()) {
            throw new CalibrationException(CalibrationException.Kind.BAD_OUTPUT, "Ruby at " + ruby + ": " + TIMING_PROBE + " lists no unit.");
        }
        List<JsonNode> outputs = new ArrayList<>();
        int total = units.size() * mode.rounds();
        int done = 0;
        for (int round = 0; round < mode.rounds(); round++) {
            for (JsonNode u : units) {
                outputs.add(runUnit(u, mode, retries, progress, done, total, ""));
                done++;
            }
        }
        String where = ruby + " " + TIMING_PROBE + " " + mode.argument();
        // more processes where the noise is high: a unit whose timed rows still spread widely runs again
        for (int extra = 0; extra < mode.extraRounds(); extra++) {
            List<String> noisy = noisyUnits(TimingReport.fromUnits(outputs, where), NOISY_UNIT);
            List<JsonNode> again = units.stream().filter(u -> noisy.contains(u.path("id").asText())).toList();
            if (again.isEmpty()) {
                break;
            }
            total = done + again.size();
            for (JsonNode u : again) {
                outputs.add(runUnit(u, mode, retries, progress, done, total, "again for its noise: "));
                done++;
            }
        }
        if (progress != null) {
            progress.accept(new ProbeProgress(TIMING_PROBE, total, total, "done"));
        }
        return TimingReport.fromUnits(outputs, where);
    }

    /**
     * A unit's timed rows spread by more than this ((median - fastest) / fastest of their repeats)
     * make it run in another process, up to {@link TimingMode#extraRounds()} times: the noise a
     * trusted profile allows ({@link ProfileCalibration#MAX_MEDIAN_NOISE}).
     */
    public static final double NOISY_UNIT = ProfileCalibration.MAX_MEDIAN_NOISE;

    /** The units of {@code report} whose noisiest timed row spreads by more than {@code threshold}, in report order. */
    static List<String> noisyUnits(TimingReport report, double threshold) {
        Map<String, Double> worst = new LinkedHashMap<>();
        for (TimingReport.Row r : report.rows()) {
            if (!r.group().equals("baseline")) {
                worst.merge(r.unit(), r.relativeSpread(), Math::max);
            }
        }
        return worst.entrySet().stream().filter(e -> e.getValue() > threshold).map(Map.Entry::getKey).toList();
    }

    /** One process of one unit, run again while the other CPUs were busy (up to {@code retries} times). */
    private JsonNode runUnit(JsonNode u, TimingMode mode, int retries, Consumer<ProbeProgress> progress, int done, int total, String why)
            throws CalibrationException {
        String id = u.path("id").asText();
        Map<String, String> env = new LinkedHashMap<>();
        u.path("env").fields().forEachRemaining(e -> env.put(e.getKey(), e.getValue().asText()));
        // the interpreter options the unit runs with, after --disable-gems (--yjit for the units that time YJIT)
        List<String> options = new ArrayList<>(List.of("--disable-gems"));
        for (JsonNode o : u.path("options")) {
            if (!o.isTextual() || !o.asText().matches("--[a-z][a-z0-9-]*(=[A-Za-z0-9]+)?")) {
                throw new CalibrationException(CalibrationException.Kind.BAD_OUTPUT, "Ruby at " + ruby + ": " + TIMING_PROBE
                        + " names an option that is not a long interpreter option for unit " + id + ": " + o);
            }
            options.add(o.asText());
        }
        // the unit's own progress lines, as steps of the whole run (one step per process)
        Consumer<ProbeProgress> inUnit = progress == null ? null
                : p -> progress.accept(new ProbeProgress(TIMING_PROBE, done, total, why + (p.step().isEmpty() ? id : p.step())));
        JsonNode out = null;
        for (int attempt = 0; attempt <= retries; attempt++) {
            OtherCpuLoad load = OtherCpuLoad.start();
            out = run(TIMING_PROBE, List.of(mode.argument(), id), inUnit, env, options).json();
            if (load.busyShare() <= DISTURBED_SHARE) {
                break;
            }
        }
        return out;
    }

    /** The harness probe script. */
    public static final String HARNESS_PROBE = "harness.rb";

    /**
     * Runs {@code harness.rb} for one harness: with {@code --disable-gems} for the bare loop, with
     * RubyGems otherwise; {@code lib} is benchmark-ips's lib directory (added with -I; null: the
     * installed gem) or a ruby-bench checkout. A harness whose library is missing fails with a
     * message saying so.
     */
    public HarnessReading readHarness(org.slotlab.model.harness.Harness harness, Path lib) throws CalibrationException {
        List<String> options = new ArrayList<>();
        List<String> args = new ArrayList<>();
        args.add(harness.id());
        switch (harness) {
            case BARE -> options.add("--disable-gems");
            case BENCHMARK_IPS -> {
                if (lib != null) {
                    options.add("-I");
                    options.add(lib.toString());
                }
            }
            case RUBY_BENCH -> {
                if (lib == null) {
                    throw new CalibrationException(CalibrationException.Kind.IO,
                            "the ruby-bench harness needs the path of a ruby-bench checkout (with harness/harness.rb)");
                }
                args.add(lib.toString());
            }
            default -> {
            }
        }
        ProbeResult r = run(HARNESS_PROBE, args, null, Map.of(), options);
        return HarnessReading.fromJson(r.json(), ruby + " " + HARNESS_PROBE + " " + harness.id());
    }

    /** The bytes of a probe script shipped in the jar. */
    static byte[] probeScript(String probe) throws CalibrationException {
        try (InputStream in = RubyProbeRunner.class.getResourceAsStream(PROBE_FOLDER + probe)) {
            if (in == null) {
                throw new CalibrationException(CalibrationException.Kind.IO,
                        "Probe script '" + probe + "' is missing from Slotlab's jar (expected resource org/slotlab/model/calibrate/" + PROBE_FOLDER + probe + ").");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new CalibrationException(CalibrationException.Kind.IO, "Could not read probe script '" + probe + "': " + e.getMessage(), e);
        }
    }

    private JsonNode parseJson(String stdout, String probe) throws CalibrationException {
        String s = stdout.strip();
        if (s.isEmpty()) {
            throw new CalibrationException(CalibrationException.Kind.BAD_OUTPUT, "Ruby at " + ruby + " printed nothing for probe " + probe + "; expected JSON.");
        }
        try {
            JsonNode node = JSON.readTree(s);
            if (node == null || !node.isObject()) {
                throw new CalibrationException(CalibrationException.Kind.BAD_OUTPUT,
                        "Ruby at " + ruby + " printed '" + quote(s) + "' for probe " + probe + "; expected a JSON object.");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw new CalibrationException(CalibrationException.Kind.BAD_OUTPUT,
                    "Ruby at " + ruby + " printed something that is not JSON for probe " + probe + " (line " + e.getLocation().getLineNr()
                            + ", column " + e.getLocation().getColumnNr() + "): '" + quote(s) + "'", e);
        }
    }

    private record Execution(String stdout, List<String> stderr) {
    }

    /**
     * Starts the command (argument list, no shell), streams stderr on a reader thread, sends
     * stdout to a temporary file (so neither pipe can fill and stall the child) and waits.
     */
    private Execution execute(List<String> cmd, Map<String, String> env, String what, Duration limit, Consumer<String> stderrLine)
            throws CalibrationException {
        Path out = null;
        Process process = null;
        try {
            out = Files.createTempFile("slotlab-probe", ".out");
            ProcessBuilder pb = new ProcessBuilder(cmd);
            pb.environment().remove("RUBYOPT");
            pb.environment().remove("RUBYLIB");
            pb.environment().putAll(env);
            pb.redirectOutput(out.toFile());
            pb.redirectInput(ProcessBuilder.Redirect.from(ChildProcesses.nullDevice()));
            try {
                process = pb.start();
            } catch (IOException e) {
                throw new CalibrationException(CalibrationException.Kind.NOT_EXECUTABLE, "Could not start ruby at " + ruby + ": " + e.getMessage(), e);
            }
            List<String> err = Collections.synchronizedList(new ArrayList<>());
            Thread reader = startReader(process.getErrorStream(), err, stderrLine);
            boolean finished;
            try {
                finished = process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                ChildProcesses.destroyTree(process, READER_GRACE);
                Thread.currentThread().interrupt();
                throw new CalibrationException(CalibrationException.Kind.CANCELLED, "Cancelled " + what + "; stopped ruby at " + ruby + ".", e);
            }
            if (!finished) {
                ChildProcesses.destroyTree(process, READER_GRACE);
                ChildProcesses.join(reader, READER_GRACE);
                throw new CalibrationException(CalibrationException.Kind.TIMEOUT,
                        "Ruby at " + ruby + " did not finish " + what + " within " + human(limit) + "; it was stopped. "
                                + "Try the quick mode or a longer timeout.");
            }
            ChildProcesses.join(reader, READER_GRACE);
            int code = process.exitValue();
            List<String> errLines;
            synchronized (err) {
                errLines = List.copyOf(err);
            }
            if (code != 0) {
                Optional<String> first = errLines.stream().filter(l -> !l.isBlank() && ProbeProgress.parse("", l) == null).findFirst();
                throw new CalibrationException(CalibrationException.Kind.EXIT_NONZERO,
                        "Ruby at " + ruby + " failed running " + what + " (exit status " + code + ")"
                                + first.map(l -> ": " + l.strip()).orElse(", with nothing on stderr."));
            }
            return new Execution(Files.readString(out, StandardCharsets.UTF_8), errLines);
        } catch (IOException e) {
            throw new CalibrationException(CalibrationException.Kind.IO, "I/O error while running " + what + " with ruby at " + ruby + ": " + e.getMessage(), e);
        } finally {
            if (process != null && process.isAlive()) {
                ChildProcesses.destroyTree(process, READER_GRACE);
            }
            deleteQuietly(out);
        }
    }

    private static Thread startReader(InputStream stream, List<String> sink, Consumer<String> each) {
        return ChildProcesses.lineReader(stream, line -> {
            if (sink.size() < MAX_STDERR_LINES) {
                sink.add(line);
            }
            if (each != null) {
                each.accept(line);
            }
        }, "slotlab-ruby-stderr");
    }

    private static String quote(String s) {
        String one = s.replaceAll("\\s+", " ");
        return one.length() <= QUOTE_CHARS ? one : one.substring(0, QUOTE_CHARS) + "...";
    }

    private static String human(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }

    private static void deleteQuietly(Path p) {
        if (p == null) {
            return;
        }
        try {
            if (Files.isDirectory(p)) {
                try (var files = Files.list(p)) {
                    for (Path f : files.toList()) {
                        Files.deleteIfExists(f);
                    }
                }
            }
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // A leftover temporary file is harmless; the OS cleans its temp folder.
        }
    }
}
