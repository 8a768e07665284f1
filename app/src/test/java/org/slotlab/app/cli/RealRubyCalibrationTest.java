package org.slotlab.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.abort;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.model.calibrate.CalibrationException;
import org.slotlab.model.calibrate.RubyProbeRunner;
import org.slotlab.model.calibrate.RubyVersion;
import org.slotlab.model.cost.Coefficient;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.measured.MeasuredCsv;
import org.slotlab.model.measured.MeasuredSet;
import org.slotlab.model.measured.Metric;

/**
 * The integration test against a real Ruby: {@code slotlab calibrate --quick} on the {@code ruby}
 * found on PATH (CI installs Debian's 3.1), checking the layout it reads (3.1: one 40-byte slot
 * class, embed capacity 24 including the NUL) and that the fit converges (finite, non-negative
 * coefficients, R² reported); and a short {@code slotlab measure}. Skipped when there is no ruby.
 */
class RealRubyCalibrationTest {

    @TempDir
    Path dir;

    private static RubyVersion rubyOnPath() {
        try {
            return new RubyProbeRunner(RubyProbeRunner.locate("ruby"), RubyProbeRunner.VERSION_TIMEOUT).version();
        } catch (CalibrationException e) {
            return abort("no usable ruby on PATH: " + e.getMessage());
        }
    }

    @Test
    void calibrateQuick_realRuby_readsItsLayoutAndTheFitConverges() throws Exception {
        RubyVersion v = rubyOnPath();
        Path out = dir.resolve("ruby.profile.json");

        CliRun r = CliRun.run("calibrate", "--ruby", "ruby", "--quick", "--out", out.toString());

        assertThat(r.exitCode).as(r.err.toString()).isZero();
        assertThat(r.out.toString()).contains("R² ");
        CostProfile p = CostProfile.load(out);
        for (Coefficient c : p.coefficients()) {
            assertThat(Double.isFinite(c.value()) && c.value() >= 0).as(c.name() + " = " + c.value()).isTrue();
        }
        assertThat(p.coefficients()).filteredOn(c -> c.provenance().startsWith("fitted")).hasSizeGreaterThanOrEqualTo(4);
        RubyLayout l = p.layout().orElseThrow();
        assertThat(l.name()).isEqualTo("calibrated-ruby-" + v.text());
        if (v.isAtLeast(3, 1) && !v.isAtLeast(3, 2)) {
            assertThat(l.slotSizes()).containsExactly(40);
            assertThat(l.embedCapa(40)).isEqualTo(24);
            assertThat(l.maxEmbeddedLen()).isEqualTo(23);
            assertThat(l.embedRule()).isEqualTo(RubyLayout.EmbedRule.FIXED);
        } else if (v.isAtLeast(3, 4) && !v.isAtLeast(3, 5)) {
            assertThat(l.slotSizes()).containsExactly(40, 80, 160, 320, 640);
            assertThat(l.maxEmbeddedLen()).isEqualTo(615);
        }
    }

    @Test
    void measure_realRuby_oneObjectPerFrozenSuffixSlice() throws Exception {
        rubyOnPath();
        Path out = dir.resolve("measured.csv");

        CliRun r = CliRun.run("measure", "--ruby", "ruby", "--len", "1,100", "--count", "20000", "--repeats", "1", "--out", out.toString());

        assertThat(r.exitCode).as(r.err.toString()).isZero();
        // a suffix slice of a frozen source allocates the slice only, whether embedded or shared
        assertThat(r.out.toString()).containsPattern("\\s1\\.00\\R");
        MeasuredSet set = MeasuredCsv.read(new StringReader(Files.readString(out)), out.toString());
        assertThat(set.pointsOf(Metric.NS_PER_OP)).hasSize(2);
    }
}
