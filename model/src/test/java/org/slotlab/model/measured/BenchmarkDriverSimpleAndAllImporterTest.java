package org.slotlab.model.measured;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.slotlab.model.measured.Fixtures.value;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** benchmark-driver's {@code -o simple} and {@code -o all} outputs on real runs. */
class BenchmarkDriverSimpleAndAllImporterTest {

    private final Importer simple = new BenchmarkDriverSimpleImporter();
    private final Importer all = new BenchmarkDriverAllImporter();

    @Test
    void simple_threeExecutables_humanizedValues() throws ImportException {
        MeasuredSet set = simple.read(Fixtures.path("bd_simple_3exe.txt"));

        assertThat(set.executables()).containsExactly("base", "always-embed", "ruby-3.1");
        assertThat(value(set, "size23", "base", Metric.IPS)).isEqualTo(5.156e6);
        assertThat(value(set, "size23", "ruby-3.1", Metric.IPS)).isEqualTo(11.030e6);
        assertThat(value(set, "size23", "ruby-3.1", Metric.SPEED_RATIO)).isCloseTo(11.030 / 5.156, within(1e-12));
        assertThat(value(set, "size1000", "always-embed", Metric.NS_PER_OP)).isCloseTo(1e9 / 10.924e6, within(1e-9));
    }

    @Test
    void simple_oneExecutable_hasNoHeaderRow() throws ImportException {
        MeasuredSet set = simple.read(Fixtures.path("bd_simple_1exe.txt"));

        assertThat(set.executables()).containsExactly("ruby");
        assertThat(value(set, "size23", "ruby", Metric.IPS)).isEqualTo(6.036e6);
    }

    @Test
    void all_playsBackTheRedrawnRows_andKeepsTheBestRepeat() throws ImportException {
        MeasuredSet set = all.read(Fixtures.path("bd_all_2exe.txt"));

        assertThat(set.executables()).containsExactly("base", "always-embed");
        // the three repeats of size23 on always-embed: 10677358.6, 11467459.1, 13802826.97: the largest i/s
        assertThat(value(set, "size23", "always-embed", Metric.IPS)).isEqualTo(13802826.969314756);
        assertThat(value(set, "size23", "base", Metric.IPS)).isEqualTo(10550754.173131598);
        assertThat(value(set, "size23", "always-embed", Metric.SPEED_RATIO))
                .isCloseTo(13802826.969314756 / 10550754.173131598, within(1e-12));
    }

    @Test
    void all_oneExecutable_onlyCarriageReturns() throws ImportException {
        MeasuredSet set = all.read(Fixtures.path("bd_all_1exe.txt"));

        assertThat(set.benchmarks()).containsExactly("size23", "size100", "size1000");
        assertThat(value(set, "size23", "ruby", Metric.IPS)).isEqualTo(10765868.432903716);
    }

    @Test
    void all_otherControlSequence_isRefused() {
        String t = Fixtures.text("bd_all_2exe.txt").replaceFirst("\u001b\\[3F", "\u001b[2J");

        assertThatThrownBy(() -> Fixtures.read(all, t, "all.txt"))
                .hasMessageStartingWith("all.txt:")
                .hasMessageContaining("expected only the terminal control 'ESC [ n F'");
    }

    @ParameterizedTest
    @CsvSource({
        "bd_simple_1exe.txt, benchmark-driver-simple",
        "bd_simple_2exe.txt, benchmark-driver-simple",
        "bd_simple_3exe.txt, benchmark-driver-simple",
        "bd_all_1exe.txt,    benchmark-driver-all",
        "bd_all_2exe.txt,    benchmark-driver-all",
        "bd_all_3exe.txt,    benchmark-driver-all",
    })
    void detected(String fixture, String format) throws ImportException {
        assertThat(Importers.auto(Fixtures.path(fixture)).format()).isEqualTo(format);
    }
}
