package org.slotlab.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.model.measured.MappedParameter;
import org.slotlab.model.measured.MeasuredCsv;
import org.slotlab.model.measured.MeasuredSet;
import org.slotlab.model.measured.Metric;

/**
 * {@code slotlab measure} against a fake ruby replaying measure.rb's real output on Debian 12's
 * ruby 3.1.2 ({@code calibrate/measure-frozen-ruby-3.1.2.json}: 20,000 suffix slices of a frozen
 * 10,000-byte source at len 1, 23 and 100) and against broken ones.
 */
class MeasureCommandTest {

    static final String MEASURE_31 = "/calibrate/measure-frozen-ruby-3.1.2.json";

    @TempDir
    Path dir;

    @BeforeEach
    void needsPosixShell() {
        assumeFalse(System.getProperty("os.name", "").startsWith("Windows"), "fake rubies are /bin/sh scripts");
    }

    @Test
    void measure_replayedRuby31_writesTheImportCsvAndComparesWithTheModel() throws Exception {
        Path ruby = FakeRuby.replaying(dir, "3.1.2", CalibrateCommandTest.LAYOUT_31, null, MEASURE_31);
        Path out = dir.resolve("measured.csv");

        CliRun r = CliRun.run("measure", "--ruby", ruby.toString(), "--len", "1,23,100", "--count", "20000", "--out", out.toString());

        assertThat(r.exitCode).as(r.err.toString()).isZero();
        assertThat(r.out.toString()).contains("Model: layout calibrated-ruby-3.1.2").contains("measured_ns").contains("model_ns");
        MeasuredSet set = MeasuredCsv.read(new StringReader(Files.readString(out)), out.toString());
        assertThat(set.tool()).isEqualTo("slotlab-measure");
        assertThat(set.executables()).containsExactly("ruby 3.1.2");
        assertThat(set.pointsOf(Metric.NS_PER_OP)).extracting(p -> p.parameter().orElseThrow())
                .containsExactly(new MappedParameter("len", 1), new MappedParameter("len", 23), new MappedParameter("len", 100));
        assertThat(set.pointsOf(Metric.NS_PER_OP)).allSatisfy(p -> assertThat(p.value()).isPositive());
        assertThat(set.pointsOf(Metric.GC_COUNT)).hasSize(3);
    }

    @Test
    void measure_alreadySharedSource_exit2() throws Exception {
        CliRun r = CliRun.run("measure", "--source", "already-shared", "--out", dir.resolve("m.csv").toString());

        assertThat(r.exitCode).isEqualTo(2);
        assertThat(r.err.toString()).contains("--source: already-shared cannot be measured");
    }

    @Test
    void measure_missingRuby_exit2OneLine() {
        CliRun r = CliRun.run("measure", "--ruby", dir.resolve("nope/ruby").toString(), "--out", dir.resolve("m.csv").toString());

        CalibrateCommandTest.assertOneLineFailure(r, "does not exist");
    }

    @Test
    void measure_lenLongerThanSource_exit2() throws Exception {
        Path ruby = FakeRuby.replaying(dir, "3.1.2", CalibrateCommandTest.LAYOUT_31, null, MEASURE_31);

        CliRun r = CliRun.run("measure", "--ruby", ruby.toString(), "--len", "20000", "--out", dir.resolve("m.csv").toString());

        assertThat(r.exitCode).isEqualTo(2);
        assertThat(r.err.toString()).contains("--len: 20000 must be between 0 and the source length 10000");
        assertThat(dir.resolve("m.csv")).doesNotExist();
    }

    @Test
    void measure_hangingRubyWithAChild_bothKilledAndReported() throws Exception {
        // the fake ruby answers its version, then hangs in a child of its own: both must go
        Path childPid = dir.resolve("child.pid");
        Path ruby = FakeRuby.script(dir, "ruby", "3.1.2", "sleep 600 & echo $! > '" + childPid + "'; wait");

        CliRun r = CliRun.run("measure", "--ruby", ruby.toString(), "--timeout", "1", "--profile",
                "../sample-data/measured/profile-ruby-3.1.2-debian12-x86_64.json", "--out", dir.resolve("m.csv").toString());

        CalibrateCommandTest.assertOneLineFailure(r, "did not finish");
        long pid = Long.parseLong(Files.readString(childPid).strip());
        java.util.Optional<ProcessHandle> child = ProcessHandle.of(pid);
        if (child.isPresent()) {
            // the kill is asynchronous: wait (bounded) for it to land
            child.get().onExit().get(30, java.util.concurrent.TimeUnit.SECONDS);
        }
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).as("child sleep %d", pid).isNotEqualTo(java.util.Optional.of(true));
        assertThat(dir.resolve("m.csv")).doesNotExist();
    }
}
