package org.slotlab.model.measured;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.slotlab.model.measured.Fixtures.value;

import org.junit.jupiter.api.Test;

class IpsImportersTest {

    private static final double EXACT = 1e-6;
    private static final String RUBY_31 = "ruby 3.1.2p20 (2022-04-12 revision 4491bb740a) [x86_64-linux-gnu]";
    private static final String RUBY_41 = "ruby 4.1.0dev (2026-07-08T23:30:28Z master 583668d5ed) +YJIT +PRISM [arm64-darwin25]";
    private final Importer json = new IpsJsonImporter();
    private final Importer text = new IpsTextImporter();

    @Test
    void json_readsCentralTendencyAndError() throws ImportException {
        MeasuredSet set = json.read(Fixtures.path("ips_subseq.json"));

        assertThat(set.tool()).isEqualTo("benchmark-ips");
        assertThat(set.benchmarks()).containsExactly("size1", "size23", "size100", "size250");
        assertThat(value(set, "size100", "ruby", Metric.IPS)).isEqualTo(8979441.952236343);
        assertThat(value(set, "size100", "ruby", Metric.IPS_ERROR)).isEqualTo(155848.0);
        // report.rb Entry#body prints 1e9 / ips as "(111.37 ns/i)"
        assertThat(value(set, "size100", "ruby", Metric.NS_PER_OP)).isCloseTo(111.37, within(0.005));
    }

    @Test
    void json_olderFieldsIpsAndStddev_areTheFallback() throws ImportException {
        MeasuredSet set = Fixtures.read(json, "[{\"name\": \"size1\", \"ips\": 2000.0, \"stddev\": 10.5}]", "old.json");

        assertThat(value(set, "size1", "ruby", Metric.IPS)).isEqualTo(2000.0);
        assertThat(value(set, "size1", "ruby", Metric.IPS_ERROR)).isEqualTo(10.5);
    }

    @Test
    void json_truncated_failsWithLine() {
        String cut = Fixtures.cutInside("ips_subseq.json", 22, 10);

        assertThatThrownBy(() -> Fixtures.read(json, cut, "cut.json"))
                .isInstanceOf(ImportException.class)
                .hasMessageStartingWith("cut.json:23: ")
                .hasMessageContaining("truncated");
    }

    @Test
    void json_missingNumber_namesTheEntryLine() {
        String t = Fixtures.text("ips_subseq.json").replace("\"central_tendency\": 8979441.952236343,", "\"central_tendency\": \"fast\",");

        assertThatThrownBy(() -> Fixtures.read(json, t, "s.json"))
                .hasMessage("s.json:22: expected 'central_tendency' of report 'size100' to be a number, found the string \"fast\"");
    }

    @Test
    void text_readsCalculatingAndComparison() throws ImportException {
        MeasuredSet set = text.read(Fixtures.path("ips_subseq.txt"));

        assertThat(set.executables()).containsExactly(RUBY_31);
        assertThat(set.benchmarks()).containsExactly("size1", "size23", "size100", "size250");
        // the Comparison's unscaled value wins over the Calculating line's 12.241M
        assertThat(value(set, "size1", RUBY_31, Metric.IPS)).isEqualTo(12240893.1);
        assertThat(value(set, "size1", RUBY_31, Metric.IPS_ERROR_PCT)).isEqualTo(8.3);
        assertThat(value(set, "size250", RUBY_31, Metric.NS_PER_OP)).isEqualTo(122.44);
        assertThat(value(set, "size100", RUBY_31, Metric.SPEED_RATIO)).isCloseTo(1 / 1.36, within(1e-12));
        // "same-ish: difference falls within error" gives no ratio; the baseline neither
        assertThat(set.find("size23", RUBY_31, Metric.SPEED_RATIO)).isEmpty();
        assertThat(set.find("size1", RUBY_31, Metric.SPEED_RATIO)).isEmpty();
    }

    @Test
    void text_byrootsSlotSizes_readsByrootsRun() throws ImportException {
        MeasuredSet set = text.read(Fixtures.path("byroot_slot_sizes_ips.txt"));

        assertThat(set.executables()).containsExactly(RUBY_41);
        assertThat(set.benchmarks()).containsExactly("32", "40", "64", "128", "160", "256", "512", "640", "1024");
        assertThat(value(set, "32", RUBY_41, Metric.IPS)).isEqualTo(39290346.8);
        assertThat(value(set, "1024", RUBY_41, Metric.IPS)).isEqualTo(14912457.7);
        assertThat(value(set, "1024", RUBY_41, Metric.NS_PER_OP)).isEqualTo(67.06);
        assertThat(value(set, "640", RUBY_41, Metric.IPS_ERROR_PCT)).isEqualTo(1.2);
        assertThat(value(set, "1024", RUBY_41, Metric.SPEED_RATIO)).isCloseTo(1 / 2.63, within(1e-12));
    }

    @Test
    void text_calculatingOnly_usesScaledValues() throws ImportException {
        String only = Fixtures.firstLines("byroot_slot_sizes_ips.txt", 21);

        MeasuredSet set = Fixtures.read(text, only, "calc.txt");

        assertThat(value(set, "128", RUBY_41, Metric.IPS)).isCloseTo(32.319e6, within(EXACT));
    }

    @Test
    void text_calculatingLineCut_failsWithLine() {
        // line 17 is "                 160     30.155M (± 0.5%) i/s   (33.16 ns/i) -    151.358M in   5.019408s"
        String cut = Fixtures.cutInside("byroot_slot_sizes_ips.txt", 16, 50);

        assertThatThrownBy(() -> Fixtures.read(text, cut, "cut.txt"))
                .isInstanceOf(ImportException.class)
                .hasMessageStartingWith("cut.txt:17: the file stops in the middle of this line")
                .hasMessageContaining("truncated");
    }

    @Test
    void text_comparisonMissingReports_isTruncated() {
        String cut = Fixtures.firstLines("byroot_slot_sizes_ips.txt", 30);

        assertThatThrownBy(() -> Fixtures.read(text, cut, "cmp.txt"))
                .hasMessage("cmp.txt:31: expected '640:' in the Comparison block (compare! lists every report); is the output truncated?");
    }

    @Test
    void text_cutBeforeAnyReport_saysTruncated() {
        String cut = Fixtures.firstLines("ips_subseq.txt", 7);

        assertThatThrownBy(() -> Fixtures.read(text, cut, "w.txt"))
                .hasMessage("w.txt:7: expected benchmark-ips 'Calculating' report lines or a 'Comparison:' block, found neither; is the output truncated?");
    }

    @Test
    void text_withNoReports_fails() {
        assertThatThrownBy(() -> Fixtures.read(text, "hello\n", "x.txt"))
                .hasMessageContaining("expected benchmark-ips 'Calculating' report lines");
    }
}
