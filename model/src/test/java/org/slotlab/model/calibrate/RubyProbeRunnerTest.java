package org.slotlab.model.calibrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner against fake {@code ruby} executables: small /bin/sh scripts written at test time
 * that answer the {@code RUBY_VERSION} query ({@code ruby --disable-gems -e ...}) and then behave
 * as the test needs (canned JSON, exit 1, hang, garbage).
 */
class RubyProbeRunnerTest {

    /** Generous for a shell script that answers at once; the hanging fake is stopped by it. */
    private static final Duration SHORT_TIMEOUT = Duration.ofMillis(700);
    private static final Duration NORMAL_TIMEOUT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @BeforeEach
    void needsPosixShell() {
        assumeFalse(System.getProperty("os.name", "").startsWith("Windows"), "fake rubies are /bin/sh scripts");
    }

    private Path fakeRuby(String name, String version, String body) throws IOException {
        Path p = dir.resolve(name);
        String script = "#!/bin/sh\n"
                + "if [ \"$2\" = \"-e\" ]; then printf '%s' '" + version + "'; exit 0; fi\n"
                + body + "\n";
        Files.writeString(p, script, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    @Test
    void run_cannedJson_isParsedAndProgressForwarded() throws Exception {
        Path ruby = fakeRuby("ruby", "3.1.2", """
                echo 'slotlab-progress 0 2 first' >&2
                echo 'slotlab-progress 1 2 second' >&2
                echo 'a warning' >&2
                echo '{"probe":"timing","rows":[1,2,3]}'""");
        List<ProbeProgress> seen = Collections.synchronizedList(new ArrayList<>());

        ProbeResult r = new RubyProbeRunner(ruby, NORMAL_TIMEOUT).run(RubyProbeRunner.TIMING_PROBE, List.of("smoke"), seen::add);

        assertThat(r.json().get("rows").size()).isEqualTo(3);
        assertThat(r.ruby().text()).isEqualTo("3.1.2");
        assertThat(r.stderrLines()).containsExactly("slotlab-progress 0 2 first", "slotlab-progress 1 2 second", "a warning");
        assertThat(seen).containsExactly(new ProbeProgress("timing.rb", 0, 2, "first"), new ProbeProgress("timing.rb", 1, 2, "second"));
    }

    @Test
    void run_passesDisableGemsTheProbeFileAndArguments() throws Exception {
        Path ruby = fakeRuby("ruby", "3.4.5", """
                printf '{"flag":"%s","script":"%s","arg":"%s","bytes":%s}' "$1" "$2" "$3" "$(wc -c < "$2")\"""");

        ProbeResult r = new RubyProbeRunner(ruby, NORMAL_TIMEOUT).run(RubyProbeRunner.LAYOUT_PROBE, List.of("quick"), null);

        assertThat(r.json().get("flag").asText()).isEqualTo("--disable-gems");
        assertThat(r.json().get("script").asText()).endsWith("layout.rb");
        assertThat(r.json().get("arg").asText()).isEqualTo("quick");
        assertThat(r.json().get("bytes").asInt()).isEqualTo(RubyProbeRunner.probeScript("layout.rb").length);
        assertThat(Path.of(r.json().get("script").asText())).as("temporary probe file is removed").doesNotExist();
    }

    @Test
    void run_exitOne_reportsStatusAndFirstStderrLine() throws Exception {
        Path ruby = fakeRuby("ruby", "3.1.2", """
                echo "layout.rb:12:in '<main>': undefined method 'stat_heap' (NoMethodError)" >&2
                echo "	from layout.rb:1" >&2
                exit 1""");

        assertThatThrownBy(() -> new RubyProbeRunner(ruby, NORMAL_TIMEOUT).run(RubyProbeRunner.LAYOUT_PROBE, List.of(), null))
                .isInstanceOfSatisfying(CalibrationException.class, e -> assertThat(e.kind()).isEqualTo(CalibrationException.Kind.EXIT_NONZERO))
                .hasMessageContaining("exit status 1")
                .hasMessageContaining("undefined method 'stat_heap' (NoMethodError)")
                .hasMessageNotContaining("from layout.rb:1");
    }

    @Test
    void run_hangingRuby_isStoppedWithTimeoutChildrenIncluded() throws Exception {
        // The shell waits on a child `sleep`: the runner must kill the child too, or it lives on
        // (and keeps the stderr pipe open) after the runner gave up.
        Path childPid = dir.resolve("child.pid");
        Path ruby = fakeRuby("ruby", "3.1.2", """
                echo started >&2
                sleep 600 &
                echo $! > '%s'
                wait
                echo '{}'""".formatted(childPid));

        assertThatThrownBy(() -> new RubyProbeRunner(ruby, SHORT_TIMEOUT).run(RubyProbeRunner.TIMING_PROBE, List.of("quick"), null))
                .isInstanceOfSatisfying(CalibrationException.class, e -> assertThat(e.kind()).isEqualTo(CalibrationException.Kind.TIMEOUT))
                .hasMessageContaining("did not finish probe timing.rb within 700 ms");
        long pid = Long.parseLong(Files.readString(childPid).strip());
        Optional<ProcessHandle> child = ProcessHandle.of(pid);
        if (child.isPresent()) {
            // destroyForcibly is asynchronous: wait (bounded) for the kill to land
            child.get().onExit().get(30, TimeUnit.SECONDS);
        }
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).as("child sleep %d", pid).isNotEqualTo(Optional.of(true));
    }

    @Test
    void run_interrupted_stopsRubyAndReportsCancelled() throws Exception {
        Path ruby = fakeRuby("ruby", "3.1.2", """
                echo 'slotlab-progress 0 1 waiting' >&2
                sleep 600""");
        CountDownLatch started = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread worker = new Thread(() -> {
            try {
                new RubyProbeRunner(ruby, NORMAL_TIMEOUT).run(RubyProbeRunner.TIMING_PROBE, List.of(), p -> started.countDown());
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        worker.start();

        assertThat(started.await(60, TimeUnit.SECONDS)).as("fake ruby printed its progress line; failure: %s", failure.get()).isTrue();
        worker.interrupt();
        worker.join();

        assertThat(failure.get()).isInstanceOfSatisfying(CalibrationException.class,
                e -> assertThat(e.kind()).isEqualTo(CalibrationException.Kind.CANCELLED));
        assertThat(failure.get()).hasMessageContaining("Cancelled probe timing.rb");
    }

    @Test
    void run_garbage_isRejectedAsNotJson() throws Exception {
        Path ruby = fakeRuby("ruby", "3.1.2", "echo 'hello, this is not JSON'");

        assertThatThrownBy(() -> new RubyProbeRunner(ruby, NORMAL_TIMEOUT).run(RubyProbeRunner.LAYOUT_PROBE, List.of(), null))
                .isInstanceOfSatisfying(CalibrationException.class, e -> assertThat(e.kind()).isEqualTo(CalibrationException.Kind.BAD_OUTPUT))
                .hasMessageContaining("not JSON")
                .hasMessageContaining("hello, this is not JSON");
    }

    @Test
    void run_emptyOutput_isRejected() throws Exception {
        Path ruby = fakeRuby("ruby", "3.1.2", "exit 0");

        assertThatThrownBy(() -> new RubyProbeRunner(ruby, NORMAL_TIMEOUT).run(RubyProbeRunner.LAYOUT_PROBE, List.of(), null))
                .hasMessageContaining("printed nothing for probe layout.rb");
    }

    @Test
    void version_oldRuby_isRefusedNamingTheVersion() throws Exception {
        Path ruby = fakeRuby("ruby", "2.6.10", "echo '{}'");

        assertThatThrownBy(() -> new RubyProbeRunner(ruby, NORMAL_TIMEOUT).run(RubyProbeRunner.LAYOUT_PROBE, List.of(), null))
                .isInstanceOfSatisfying(CalibrationException.class, e -> assertThat(e.kind()).isEqualTo(CalibrationException.Kind.TOO_OLD))
                .hasMessageContaining("version 2.6.10")
                .hasMessageContaining("needs Ruby 2.7 or newer");
    }

    @Test
    void version_notAVersion_isRejected() throws Exception {
        Path ruby = fakeRuby("ruby", "Python 3.11", "echo '{}'");

        assertThatThrownBy(() -> new RubyProbeRunner(ruby, NORMAL_TIMEOUT).version())
                .hasMessageContaining("printed 'Python 3.11' when asked for RUBY_VERSION");
    }

    @Test
    void version_masterBuild_isAccepted() throws Exception {
        Path ruby = fakeRuby("ruby", "3.5.0", "echo '{}'");

        assertThat(new RubyProbeRunner(ruby, NORMAL_TIMEOUT).version()).isEqualTo(new RubyVersion(3, 5, 0, "3.5.0"));
    }

    @Test
    void run_missingRuby_isNotFound() {
        Path missing = dir.resolve("no-such-ruby");

        assertThatThrownBy(() -> new RubyProbeRunner(missing, NORMAL_TIMEOUT).run(RubyProbeRunner.LAYOUT_PROBE, List.of(), null))
                .isInstanceOfSatisfying(CalibrationException.class, e -> assertThat(e.kind()).isEqualTo(CalibrationException.Kind.NOT_FOUND))
                .hasMessageContaining(missing.toString())
                .hasMessageContaining("does not exist");
    }

    @Test
    void run_fileWithoutExecuteBit_isNotExecutable() throws Exception {
        Path ruby = dir.resolve("ruby");
        Files.writeString(ruby, "#!/bin/sh\necho '{}'\n");
        Files.setPosixFilePermissions(ruby, PosixFilePermissions.fromString("rw-r--r--"));

        assertThatThrownBy(() -> new RubyProbeRunner(ruby, NORMAL_TIMEOUT).run(RubyProbeRunner.LAYOUT_PROBE, List.of(), null))
                .isInstanceOfSatisfying(CalibrationException.class, e -> assertThat(e.kind()).isEqualTo(CalibrationException.Kind.NOT_EXECUTABLE))
                .hasMessageContaining("not an executable file");
    }

    @Test
    void locate_bareName_searchesPathInOrder() throws Exception {
        Path first = Files.createDirectory(dir.resolve("a"));
        Path second = Files.createDirectory(dir.resolve("b"));
        Files.writeString(first.resolve("ruby"), "not executable");
        Path exe = second.resolve("ruby");
        Files.writeString(exe, "#!/bin/sh\n");
        Files.setPosixFilePermissions(exe, PosixFilePermissions.fromString("rwxr-xr-x"));

        assertThat(RubyProbeRunner.locate("ruby", first + java.io.File.pathSeparator + second)).isEqualTo(exe);
    }

    @Test
    void locate_bareNameMissing_saysSoAndHowToFixIt() {
        assertThatThrownBy(() -> RubyProbeRunner.locate("ruby", dir.toString()))
                .isInstanceOfSatisfying(CalibrationException.class, e -> assertThat(e.kind()).isEqualTo(CalibrationException.Kind.NOT_FOUND))
                .hasMessageContaining("No 'ruby' found on PATH")
                .hasMessageContaining("--ruby");
    }

    @Test
    void run_unknownProbe_namesTheResource() throws Exception {
        Path ruby = fakeRuby("ruby", "3.1.2", "echo '{}'");

        assertThatThrownBy(() -> new RubyProbeRunner(ruby, NORMAL_TIMEOUT).run("nope.rb", List.of(), null))
                .hasMessageContaining("Probe script 'nope.rb' is missing");
    }

    @Test
    void probeProgress_parse_acceptsOnlyProgressLines() {
        assertThat(ProbeProgress.parse("t", "slotlab-progress 3 10 middle_64")).isEqualTo(new ProbeProgress("t", 3, 10, "middle_64"));
        assertThat(ProbeProgress.parse("t", "slotlab-progress x 10 a")).isNull();
        assertThat(ProbeProgress.parse("t", "warning: something")).isNull();
    }

    @Test
    void readTiming_aNoisyUnit_runsInMoreProcesses_aQuietOneDoesNot() throws Exception {
        Path log = dir.resolve("processes.txt");
        // "noisy" times its row at 1,000, 1,500 and 1,600 ns in every process (50% spread); "quiet" within 2%
        Path ruby = fakeRuby("ruby", "3.4.5", """
                case "$3" in
                  units) printf '{"units":[{"id":"quiet","env":{}},{"id":"noisy","env":{}}]}' ;;
                  *) echo "$4" >> '%s'
                     echo "slotlab-progress 0 1 $4/getbyte" >&2
                     if [ "$4" = noisy ]; then reps='[{"elapsed_ns":1000},{"elapsed_ns":1500},{"elapsed_ns":1600}]'
                     else reps='[{"elapsed_ns":1000},{"elapsed_ns":1010},{"elapsed_ns":1020}]'; fi
                     printf '{"probe":"timing","probe_version":%d,"mode":"quick","unit":"%%s","ruby_version":"3.4.5","ruby_description":"ruby 3.4.5","slot_sizes":[40],"rows":[{"group":"baseline","name":"empty_loop","expr":"nil","n":10,"repeats":[{"elapsed_ns":100}]},{"group":"call","name":"getbyte","expr":"X.getbyte(0)","n":10,"repeats":%%s}]}' "$4" "$reps" ;;
                esac""".formatted(log, TimingReport.PROBE_VERSION));
        List<ProbeProgress> seen = Collections.synchronizedList(new ArrayList<>());

        TimingReport t = new RubyProbeRunner(ruby, NORMAL_TIMEOUT).readTiming(TimingMode.QUICK, seen::add);

        List<String> runs = Files.readAllLines(log);
        assertThat(runs.stream().filter("quiet"::equals).count()).isEqualTo(TimingMode.QUICK.rounds());
        assertThat(runs.stream().filter("noisy"::equals).count()).isEqualTo(TimingMode.QUICK.rounds() + TimingMode.QUICK.extraRounds());
        assertThat(t.unit("noisy")).filteredOn(r -> r.name().equals("getbyte")).singleElement()
                .satisfies(r -> assertThat(r.repeats()).hasSize(3 * (TimingMode.QUICK.rounds() + TimingMode.QUICK.extraRounds())));
        assertThat(seen).anyMatch(p -> p.step().startsWith("again for its noise: noisy"));
        assertThat(seen.get(seen.size() - 1).fraction()).isEqualTo(1.0);
    }

    @Test
    void noisyUnits_areThoseWhoseNoisiestTimedRowSpreadsBeyondTheThreshold() {
        TimingReport.Repeat fast = new TimingReport.Repeat(1_000, 0, 0, 0, 1, 0, 0, 0);
        TimingReport.Repeat slow = new TimingReport.Repeat(1_300, 0, 0, 0, 1, 0, 0, 0);
        List<TimingReport.Row> rows = List.of(
                // a baseline row's spread does not count: the empty loop is not what the fit reads
                new TimingReport.Row("a", "baseline", "empty_loop", "nil", java.util.Map.of(), 1, 0, List.of(fast, slow, slow)),
                new TimingReport.Row("a", "call", "x", "x", java.util.Map.of(), 1, 0, List.of(fast, fast, fast)),
                new TimingReport.Row("b", "call", "y", "y", java.util.Map.of(), 1, 0, List.of(fast, fast, fast)),
                new TimingReport.Row("b", "call", "z", "z", java.util.Map.of(), 1, 0, List.of(fast, slow, slow)));
        TimingReport r = new TimingReport("quick", "3.4.5", "test", List.of(40), 23, true, rows, List.of());

        assertThat(RubyProbeRunner.noisyUnits(r, 0.10)).containsExactly("b");
        assertThat(RubyProbeRunner.noisyUnits(r, 0.50)).isEmpty();
    }
}
