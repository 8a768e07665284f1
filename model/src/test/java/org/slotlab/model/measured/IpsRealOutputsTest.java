package org.slotlab.model.measured;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.slotlab.model.measured.Fixtures.value;

import org.junit.jupiter.api.Test;

/** benchmark-ips's output modes from real runs: iterations, save!, hold!, quiet JSON, the held file. */
class IpsRealOutputsTest {

    private static final String RUBY_345 = "ruby 3.4.5 (2025-07-16 revision 20cda200d3) +PRISM [x86_64-linux]";

    @Test
    void iterations_theLastIterationCounts() throws ImportException {
        MeasuredSet set = new IpsTextImporter().read(Fixtures.path("ips_iterations_3.4.5.txt"));

        // second iteration: "size100      4.871M (± 1.1%) i/s  (205.30 ns/i)"; Comparison "4870966.0 i/s"
        assertThat(value(set, "size100", RUBY_345, Metric.IPS)).isEqualTo(4870966.0);
        assertThat(value(set, "size100", RUBY_345, Metric.NS_PER_OP)).isEqualTo(205.30);
        assertThat(value(set, "size100", RUBY_345, Metric.IPS_ERROR_PCT)).isEqualTo(1.1);
    }

    @Test
    void save_secondRun_comparesTheHeldReportsOfTheFirstRuby() throws ImportException {
        MeasuredSet set = new IpsTextImporter().read(Fixtures.path("ips_save_3exe_run3.txt"));

        assertThat(set.executables()).containsExactly("ruby 3.1.2p20 (2022-04-12 revision 4491bb740a) [x86_64-linux-gnu]",
                IpsTextImporter.HELD);
        assertThat(set.benchmarks()).hasSize(9);
        assertThat(value(set, "base-size23", IpsTextImporter.HELD, Metric.IPS)).isEqualTo(8243316.9);
        assertThat(value(set, "ruby-3.1-size100", "ruby 3.1.2p20 (2022-04-12 revision 4491bb740a) [x86_64-linux-gnu]",
                Metric.SPEED_RATIO)).isCloseTo(1 / 1.66, within(1e-12));
    }

    @Test
    void hold_oneReportPerRun() throws ImportException {
        MeasuredSet set = new IpsTextImporter().read(Fixtures.path("ips_hold_run3.txt"));

        assertThat(value(set, "size1000", RUBY_345, Metric.IPS)).isEqualTo(6380674.9);
        assertThat(value(set, "size23", IpsTextImporter.HELD, Metric.IPS)).isEqualTo(7713783.2);
    }

    @Test
    void heldFile_meanAndDeviationOfTheSamples() throws ImportException {
        MeasuredSet set = new IpsJsonImporter().read(Fixtures.path("ips_save_3exe.held.json"));

        // the Comparison of the third run prints 8243316.9 i/s for base-size23
        assertThat(value(set, "base-size23", "ruby", Metric.IPS)).isCloseTo(8243316.9, within(0.05));
        assertThat(set.benchmarks()).hasSize(9);
    }

    @Test
    void quietJsonToStdout_isTheSameFormatAsTheFile() throws ImportException {
        MeasuredSet set = new IpsJsonImporter().read(Fixtures.path("ips_quiet_json_3.4.5.json"));

        assertThat(value(set, "size23", "ruby", Metric.IPS)).isEqualTo(7781729.470820269);
        assertThat(value(set, "size23", "ruby", Metric.IPS_ERROR)).isEqualTo(466210.0);
    }
}
