package org.slotlab.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.RubyLayout;

/**
 * {@code slotlab calibrate} against fake rubies: one replaying the committed probe outputs of
 * Debian 12's ruby 3.1.2 (so the whole command runs in a second), and broken ones (missing, not
 * executable, too old, failing, hanging, printing garbage), each of which must give one line on
 * stderr and exit code 2, never a stack trace.
 */
class CalibrateCommandTest {

    static final String LAYOUT_31 = "/sample-data/measured/layout-ruby-3.1.2-debian12-x86_64.json";
    static final String TIMING_31 = org.slotlab.app.calibrate.FakeRubies.READINGS_31;

    @TempDir
    Path dir;

    @BeforeEach
    void needsPosixShell() {
        assumeFalse(System.getProperty("os.name", "").startsWith("Windows"), "fake rubies are /bin/sh scripts");
    }

    @Test
    void calibrate_replayedRuby31_printsLayoutAndFitAndWritesLoadableProfile() throws Exception {
        Path ruby = FakeRuby.replaying(dir, "3.1.2", LAYOUT_31, TIMING_31, null);
        Path out = dir.resolve("my.profile.json");

        CliRun r = CliRun.run("calibrate", "--ruby", ruby.toString(), "--quick", "--out", out.toString());

        assertThat(r.exitCode).as(r.err.toString()).isZero();
        assertThat(r.out.toString())
                .contains("Layout calibrated-ruby-3.1.2: slots [40] B")
                .contains("FIXED capa 24")
                .containsPattern("R² (0\\.9\\d\\d|1\\.000)")
                .contains("copy_ns_per_byte")
                .contains("default: ")
                .contains("roots/fresh_1000_own_suffix_200")
                .contains("Check: ")
                .contains("Harness bare: pages per heap");
        assertThat(r.err.toString()).contains("timing.rb: calls").contains("layout.rb");
        CostProfile p = CostProfile.load(out);
        RubyLayout l = p.layout().orElseThrow();
        assertThat(l.slotSizes()).containsExactly(40);
        assertThat(l.embedCapa(40)).isEqualTo(24);
        assertThat(p.coefficients()).allSatisfy(c -> assertThat(c.provenance()).isNotBlank());
    }

    @Test
    void calibrate_progressBar_isOneLineRedrawnInPlace() throws Exception {
        Path ruby = FakeRuby.replaying(dir, "3.1.2", LAYOUT_31, TIMING_31, null);
        Path out = dir.resolve("my.profile.json");

        CliRun r = CliRun.run("calibrate", "--ruby", ruby.toString(), "--progress", "bar", "--out", out.toString());

        assertThat(r.exitCode).as(r.err.toString()).isZero();
        String err = r.err.toString();
        String[] lines = err.split("\n");
        assertThat(lines).as(err).hasSize(2);
        assertThat(lines[0]).startsWith("calibrate: ").contains(" is ruby 3.1.2");
        assertThat(lines[1]).startsWith("\rcalibrate [").contains("timing.rb: ").contains("layout.rb: ");
        assertThat(err).doesNotContain("calibrate: [");
    }

    @Test
    void calibrate_progressLines_whenAsked() throws Exception {
        Path ruby = FakeRuby.replaying(dir, "3.1.2", LAYOUT_31, TIMING_31, null);

        CliRun r = CliRun.run("calibrate", "--ruby", ruby.toString(), "--progress", "lines", "--out", dir.resolve("p.json").toString());

        assertThat(r.exitCode).as(r.err.toString()).isZero();
        assertThat(r.err.toString()).doesNotContain("\r").contains("calibrate: [1/");
        assertThat(r.err.toString().split("\\R").length).isGreaterThan(10);
    }

    @Test
    void calibrate_badProgressStyle_exit2NamesTheOption() {
        CliRun r = CliRun.run("calibrate", "--progress", "sideways", "--out", dir.resolve("p.json").toString());

        assertThat(r.exitCode).isEqualTo(2);
        assertThat(r.err.toString()).contains("--progress").contains("must be auto, bar or lines, got 'sideways'");
        assertThat(dir.resolve("p.json")).doesNotExist();
    }

    @Test
    void calibrate_rubyKilledBySignal_barEndedThenOneLine() throws Exception {
        Path ruby = FakeRuby.script(dir, "ruby", "3.4.5", "kill -SEGV $$");

        CliRun r = CliRun.run("calibrate", "--ruby", ruby.toString(), "--progress", "bar", "--out", dir.resolve("p.json").toString());

        // on a terminal the bar is redrawn in place on one line and ended; after it, the failure alone
        String err = r.err.toString();
        // above it only the run's note (which Ruby, which mode), below it the failure alone
        assertThat(err.lines().filter(l -> !l.isEmpty() && !l.startsWith("\rcalibrate [") && !l.startsWith("calibrate [")
                && !l.startsWith("calibrate: ")).toList()).hasSize(1)
                .allSatisfy(l -> assertThat(l).startsWith("slotlab calibrate: ").doesNotContain("java."));
        assertThat(err.stripTrailing()).endsWith("with nothing on stderr.");
        assertThat(r.exitCode).isNotZero();
        assertThat(err).contains("\rcalibrate [........................]   0% 0/1 layout.rb: ")
                .contains(" \nslotlab calibrate: ").contains("exit status 139");
        assertThat(dir.resolve("p.json")).doesNotExist();
    }

    @Test
    void predict_withCalibratedProfile_needsNoLayout() throws Exception {
        Path ruby = FakeRuby.replaying(dir, "3.1.2", LAYOUT_31, TIMING_31, null);
        Path out = dir.resolve("my.profile.json");
        assertThat(CliRun.run("calibrate", "--ruby", ruby.toString(), "--out", out.toString()).exitCode).isZero();

        CliRun r = CliRun.run("predict", "subseq", "--profile", out.toString(), "--len", "23,24");

        assertThat(r.exitCode).as(r.err.toString()).isZero();
        // 3.1: 23 bytes embed in the 40 B slot; 24 cannot, so master shares under either policy
        assertThat(r.row("len_bytes", "23").get("baseline_slot_bytes")).isEqualTo("40");
        assertThat(r.row("len_bytes", "24").get("candidate_slot_bytes")).isEqualTo("shared");
    }

    @Test
    void calibrate_missingRuby_exit2OneLine() {
        CliRun r = CliRun.run("calibrate", "--ruby", dir.resolve("nope/ruby").toString(), "--out", dir.resolve("p.json").toString());

        assertOneLineFailure(r, "does not exist");
    }

    @Test
    void calibrate_notExecutable_exit2OneLine() throws Exception {
        Path f = Files.writeString(dir.resolve("ruby"), "not a program");

        CliRun r = CliRun.run("calibrate", "--ruby", f.toString(), "--out", dir.resolve("p.json").toString());

        assertOneLineFailure(r, "not an executable");
    }

    @Test
    void calibrate_tooOldRuby_exit2OneLine() throws Exception {
        Path ruby = FakeRuby.script(dir, "ruby", "2.6.10", "exit 0");

        CliRun r = CliRun.run("calibrate", "--ruby", ruby.toString(), "--out", dir.resolve("p.json").toString());

        assertOneLineFailure(r, "2.6.10");
    }

    @Test
    void calibrate_crashingRuby_exit2NamesTheError() throws Exception {
        Path ruby = FakeRuby.script(dir, "ruby", "3.4.5", "echo 'layout.rb:1: [BUG] Segmentation fault' >&2; exit 1");

        CliRun r = CliRun.run("calibrate", "--ruby", ruby.toString(), "--out", dir.resolve("p.json").toString());

        assertOneLineFailure(r, "Segmentation fault");
    }

    @Test
    void calibrate_hangingRuby_stoppedByTimeout() throws Exception {
        Path ruby = FakeRuby.script(dir, "ruby", "3.4.5", "exec sleep 60");

        CliRun r = CliRun.run("calibrate", "--ruby", ruby.toString(), "--timeout", "1", "--out", dir.resolve("p.json").toString());

        assertOneLineFailure(r, "did not finish");
    }

    @Test
    void calibrate_garbageOutput_exit2() throws Exception {
        Path ruby = FakeRuby.script(dir, "ruby", "3.4.5", "echo 'hello'");

        CliRun r = CliRun.run("calibrate", "--ruby", ruby.toString(), "--out", dir.resolve("p.json").toString());

        assertOneLineFailure(r, "not JSON");
    }

    @Test
    void calibrate_quickAndThorough_areExclusive() {
        CliRun r = CliRun.run("calibrate", "--quick", "--thorough", "--out", dir.resolve("p.json").toString());

        assertThat(r.exitCode).isEqualTo(2);
        assertThat(r.err.toString()).contains("mutually exclusive");
    }

    /**
     * The whole of stderr is one line: it starts with {@code slotlab}, names the problem, and no
     * progress line, stack frame or Java class name comes with it.
     */
    static void assertOneLineFailure(CliRun r, String expected) {
        assertThat(r.exitCode).as(r.err.toString()).isEqualTo(2);
        String err = r.err.toString().strip();
        assertThat(err.split("\\R")).as(err).hasSize(1);
        assertThat(err).startsWith("slotlab").contains(expected)
                .doesNotContain("Exception").doesNotContain("\tat ").doesNotContainPattern("\\bjava\\.[a-z]+\\.");
    }
}
