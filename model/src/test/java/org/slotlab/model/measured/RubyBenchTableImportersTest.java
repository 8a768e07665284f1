package org.slotlab.model.measured;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.slotlab.model.measured.Fixtures.value;

import org.junit.jupiter.api.Test;

/** ruby-bench's results table as its CSV, its text file and its console log carry it, on real runs. */
class RubyBenchTableImportersTest {

    private final Importer csv = new RubyBenchCsvImporter();
    private final Importer text = new RubyBenchTextImporter();

    @Test
    void csv_threeExecutables_timesAndRatiosAgainstTheBase() throws ImportException {
        MeasuredSet set = csv.read(Fixtures.path("rb_gc_3exe.csv"));

        assertThat(set.executables()).containsExactly("base", "always-embed", "ruby-3.1");
        assertThat(value(set, "byteslice_kept", "base", Metric.MS)).isEqualTo(3.3);
        assertThat(value(set, "byteslice_kept", "base", "ms_rsd_pct")).isEqualTo(5.9);
        assertThat(value(set, "byteslice_kept", "ruby-3.1", Metric.MS)).isEqualTo(4.6);
        assertThat(value(set, "byteslice_kept", "always-embed", Metric.SPEED_RATIO)).isEqualTo(0.407);
        assertThat(value(set, "byteslice_suffix", "ruby-3.1", Metric.SPEED_RATIO)).isEqualTo(0.557);
        assertThat(value(set, "byteslice_kept", "ruby-3.1", "speed_ratio_1st_itr")).isEqualTo(0.7428097466566767);
        assertThat(set.find("byteslice_kept", "base", Metric.SPEED_RATIO)).isEmpty();
    }

    @Test
    void csv_rssColumnsBelongToTheTimeColumnBeforeThem() throws ImportException {
        MeasuredSet set = csv.read(Fixtures.path("rb_default_2exe_interleave_rss.csv"));

        // "RSS (MiB)" appears once per executable: 14.5 MiB for base, 31.5 MiB for always-embed
        assertThat(value(set, "byteslice_kept", "base", Metric.RSS)).isEqualTo(14.5 * 1024 * 1024);
        assertThat(value(set, "byteslice_kept", "always-embed", Metric.RSS)).isEqualTo(31.5 * 1024 * 1024);
        assertThat(value(set, "byteslice_kept", "always-embed", "rss_ratio")).isEqualTo(0.45929320452481215);
    }

    @Test
    void csv_significanceMarkDropped_pValueKept() throws ImportException {
        MeasuredSet set = csv.read(Fixtures.path("rb_default_2exe_pvalue.csv"));

        // "0.437 (**)"
        assertThat(value(set, "byteslice_kept", "always-embed", Metric.SPEED_RATIO)).isEqualTo(0.437);
        assertThat(value(set, "byteslice_kept", "always-embed", "p_value")).isEqualTo(0.004);
    }

    @Test
    void text_columnsFromTheDashes() throws ImportException {
        MeasuredSet set = text.read(Fixtures.path("rb_default_2exe_pvalue.txt"));

        assertThat(set.executables()).containsExactly("base", "always-embed");
        assertThat(value(set, "byteslice_suffix", "always-embed", Metric.MS)).isEqualTo(33.4);
        assertThat(value(set, "byteslice_suffix", "always-embed", "ms_rsd_pct")).isEqualTo(18.7);
        assertThat(value(set, "byteslice_kept", "always-embed", Metric.SPEED_RATIO)).isEqualTo(0.437);
        assertThat(value(set, "byteslice_suffix", "always-embed", "p_value")).isEqualTo(0.231);
    }

    @Test
    void text_gcSummaryTableIsNotTheResults() throws ImportException {
        MeasuredSet set = text.read(Fixtures.path("rb_gc_2exe.txt"));

        assertThat(set.metrics()).containsExactly(Metric.MS, "ms_rsd_pct", "speed_ratio_1st_itr", Metric.SPEED_RATIO);
        assertThat(value(set, "byteslice_suffix", "always-embed", Metric.SPEED_RATIO)).isEqualTo(0.979);
    }

    @Test
    void consoleLog_defaultHarness_tableAtTheEnd() throws ImportException {
        MeasuredSet set = Importers.read(Fixtures.path("rb_default_3exe.console.txt"), Importers.AUTO, NameMapping.defaults());

        assertThat(set.format()).isEqualTo(RubyBenchTextImporter.FORMAT);
        assertThat(set.executables()).containsExactly("base", "always-embed", "ruby-3.1");
        assertThat(value(set, "byteslice_kept", "ruby-3.1", Metric.MS)).isEqualTo(4.1);
    }

    @Test
    void csv_ratioAgainstAnExecutableNotDescribed_isRefused() {
        String t = Fixtures.text("rb_gc_2exe.csv").replace("base/always-embed", "base/master");

        assertThatThrownBy(() -> Fixtures.read(csv, t, "o.csv"))
                .hasMessageStartingWith("o.csv:4: column names executable 'master', which is not among the executables listed");
    }

    @Test
    void csv_sameColumnTwice_namesBoth() {
        String t = Fixtures.text("rb_gc_2exe.csv").replace("always-embed 1st itr", "always-embed (ms)");

        assertThatThrownBy(() -> Fixtures.read(csv, t, "o.csv"))
                .hasMessage("o.csv:4: column 'always-embed (ms)' appears twice (column 3 and column 4); each column may appear once");
    }

    @Test
    void text_rowCutBeforeTheClosingDashes_isTruncated() {
        String t = Fixtures.firstLines("rb_gc_2exe.txt", 6);

        assertThatThrownBy(() -> Fixtures.read(text, t, "o.txt"))
                .hasMessageContaining("expected a row of dashes to close the table")
                .hasMessageContaining("truncated");
    }
}
