package org.slotlab.model.measured;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.slotlab.model.measured.Fixtures.value;

import org.junit.jupiter.api.Test;

/** benchmark-driver's default {@code -o compare} output, as make benchmark prints it, on real runs. */
class BenchmarkDriverCompareImporterTest {

    private final Importer importer = new BenchmarkDriverCompareImporter();

    @Test
    void twoExecutables_valuesFromTheComparisonBlock_baseFirst() throws ImportException {
        MeasuredSet set = importer.read(Fixtures.path("bd_compare_2exe.txt"));

        assertThat(set.executables()).containsExactly("base", "always-embed");
        assertThat(set.benchmarks()).containsExactly("size23", "size100", "size1000");
        // "9.862M" in the Calculating row, "9861804.1 i/s" in the Comparison: the one with more digits wins
        assertThat(value(set, "size23", "base", Metric.IPS)).isEqualTo(9861804.1);
        assertThat(value(set, "size23", "always-embed", Metric.IPS)).isEqualTo(13767668.2);
        assertThat(value(set, "size23", "base", Metric.NS_PER_OP)).isCloseTo(1e9 / 9861804.1, within(1e-9));
        // the other executable against the base: 13767668.2 / 9861804.1, above 1 = faster
        assertThat(value(set, "size23", "always-embed", Metric.SPEED_RATIO)).isCloseTo(1.39606, within(1e-5));
        assertThat(set.find("size23", "base", Metric.SPEED_RATIO)).isEmpty();
    }

    @Test
    void baseAgainstACutoffBuild_asUsersCompareThem() throws ImportException {
        MeasuredSet set = Importers.read(Fixtures.path("bd_compare_cutoff256.txt"), Importers.AUTO, NameMapping.defaults());

        assertThat(set.executables()).containsExactly("base", "cutoff-256");
        assertThat(value(set, "size100", "cutoff-256", Metric.SPEED_RATIO)).isCloseTo(9263407.9 / 5567486.8, within(1e-12));
        assertThat(set.find("size100", "cutoff-256", Metric.IPS).orElseThrow().parameter())
                .contains(new MappedParameter(MappedParameter.LEN, 100));
    }

    @Test
    void oneExecutable_timePerIterationFromTheRow() throws ImportException {
        MeasuredSet set = importer.read(Fixtures.path("bd_compare_1exe.txt"));

        assertThat(set.executables()).containsExactly("ruby");
        assertThat(value(set, "size23", "ruby", Metric.IPS)).isEqualTo(9154993.2);
        assertThat(value(set, "size23", "ruby", Metric.NS_PER_OP)).isEqualTo(109.23);
        assertThat(set.metrics()).doesNotContain(Metric.SPEED_RATIO);
    }

    @Test
    void threeExecutables_eachOtherAgainstTheBase() throws ImportException {
        MeasuredSet set = importer.read(Fixtures.path("bd_compare_3exe.txt"));

        assertThat(set.executables()).containsExactly("base", "always-embed", "ruby-3.1");
        assertThat(value(set, "size100", "ruby-3.1", Metric.IPS)).isEqualTo(4905297.2);
        assertThat(value(set, "size100", "ruby-3.1", Metric.SPEED_RATIO)).isCloseTo(4905297.2 / 5668378.9, within(1e-12));
        assertThat(set.pointsOf(Metric.SPEED_RATIO)).hasSize(6);
    }

    @Test
    void verbose_descriptionsBeforeWarmingUp() throws ImportException {
        MeasuredSet set = importer.read(Fixtures.path("bd_compare_2exe_verbose.txt"));

        assertThat(set.executables()).containsExactly("base", "always-embed");
        assertThat(value(set, "size23", "always-embed", Metric.IPS)).isEqualTo(14575881.2);
    }

    @Test
    void timeRunner_secondsKeptFromTheRow_nsFromDurationsAndLoops() throws ImportException {
        MeasuredSet set = importer.read(Fixtures.path("bd_compare_2exe_time.txt"));

        // "0.219" in the row beats "0.2 s" in the Comparison
        assertThat(value(set, "size23", "base", Metric.TIME)).isEqualTo(0.219);
        // 0.219014 s for 2.377M loops
        assertThat(value(set, "size23", "base", Metric.NS_PER_OP)).isCloseTo(0.219014 / 2.377e6 * 1e9, within(1e-9));
        // less time is faster: 0.219 / 0.164
        assertThat(value(set, "size23", "always-embed", Metric.SPEED_RATIO)).isCloseTo(0.219 / 0.164, within(1e-12));
    }

    @Test
    void memoryRunner_maxRssInBytes_noRatio() throws ImportException {
        MeasuredSet set = importer.read(Fixtures.path("bd_compare_2exe_memory.txt"));

        assertThat(value(set, "size23", "base", Metric.MAX_RSS)).isEqualTo(13512000.0);
        assertThat(set.pointsOf(Metric.MAX_RSS).get(0).unit()).isEqualTo(Metric.UNIT_BYTES);
        assertThat(set.metrics()).containsExactly(Metric.MAX_RSS);
    }

    @Test
    void detectedAsCompare_notAsBenchmarkIpsText() throws ImportException {
        assertThat(Importers.auto(Fixtures.path("bd_compare_2exe.txt")).format()).isEqualTo(BenchmarkDriverCompareImporter.FORMAT);
        assertThat(Importers.auto(Fixtures.path("bd_compare_2exe_repeat.txt")).format()).isEqualTo(BenchmarkDriverCompareImporter.FORMAT);
    }

    @Test
    void rowCutAfterTheFirstValue_isRefusedWithItsLine() {
        String cut = Fixtures.cutInside("bd_compare_2exe.txt", 6, 28) + "\n";

        assertThatThrownBy(() -> Fixtures.read(importer, cut, "cut.txt"))
                .isInstanceOf(ImportException.class)
                .hasMessageStartingWith("cut.txt:7: expected a job name, 2 values (one per executable) and a unit");
    }

    @Test
    void valueCutMidNumber_isRefused() {
        String t = Fixtures.text("bd_compare_2exe.txt").replace("    9.862M       13.768M", "    9.86M       13.768M");

        assertThatThrownBy(() -> Fixtures.read(importer, t, "cut.txt"))
                .hasMessageStartingWith("cut.txt:7: expected a value like 9.512M (3 decimals");
    }

    @Test
    void unknownUnit_isRefusedNamingIt() {
        String t = Fixtures.text("bd_compare_2exe.txt").replace("13.768M i/s", "13.768M furlongs");

        assertThatThrownBy(() -> Fixtures.read(importer, t, "u.txt"))
                .hasMessageStartingWith("u.txt:7: unknown unit 'furlongs'");
    }
}
