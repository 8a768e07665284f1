package org.slotlab.model.measured;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.slotlab.model.measured.Fixtures.value;

import org.junit.jupiter.api.Test;

class BenchmarkDriverMarkdownImporterTest {

    private static final double EXACT = 1e-6;
    private final Importer importer = new BenchmarkDriverMarkdownImporter();

    @Test
    void byrootsTable_tabRendition_readsValuesAndRatios() throws ImportException {
        MeasuredSet set = importer.read(Fixtures.path("byroot_subseq_driver.txt"));

        assertThat(set.tool()).isEqualTo("benchmark-driver");
        assertThat(set.executables()).containsExactly("compare-ruby", "built-ruby");
        assertThat(set.benchmarks()).containsExactly("size1", "size23", "size100", "size250", "size500", "size1000");
        assertThat(value(set, "size23", "compare-ruby", Metric.IPS)).isCloseTo(36.915e6, within(EXACT));
        assertThat(value(set, "size23", "built-ruby", Metric.IPS)).isCloseTo(52.254e6, within(EXACT));
        assertThat(value(set, "size1000", "built-ruby", Metric.IPS)).isCloseTo(32.208e6, within(EXACT));
        // "-" marks the worst executable of the row: only the other one gets a ratio
        assertThat(value(set, "size23", "built-ruby", Metric.SPEED_RATIO)).isEqualTo(1.42);
        assertThat(set.find("size23", "compare-ruby", Metric.SPEED_RATIO)).isEmpty();
        assertThat(value(set, "size500", "compare-ruby", Metric.SPEED_RATIO)).isEqualTo(1.46);
        assertThat(set.find("size23", "built-ruby", Metric.IPS).orElseThrow().unit()).isEqualTo("i/s");
        assertThat(set.points()).hasSize(6 * 2 + 6);
    }

    @Test
    void markdownCompare_pipeTable_readsHeadingMetricAndRatios() throws ImportException {
        MeasuredSet set = importer.read(Fixtures.path("bd_markdown_compare.md"));

        assertThat(set.executables()).containsExactly("compare-ruby", "built-ruby");
        assertThat(set.metrics()).containsExactly(Metric.IPS, Metric.SPEED_RATIO);
        assertThat(value(set, "size1", "compare-ruby", Metric.IPS)).isCloseTo(20.988e6, within(EXACT));
        assertThat(value(set, "size250", "built-ruby", Metric.IPS)).isCloseTo(10.969e6, within(EXACT));
        assertThat(value(set, "size23", "built-ruby", Metric.SPEED_RATIO)).isEqualTo(1.17);
    }

    @Test
    void markdownWithoutCompare_hasOnlyValues() throws ImportException {
        MeasuredSet set = importer.read(Fixtures.path("bd_markdown.md"));

        assertThat(set.metrics()).containsExactly(Metric.IPS);
        assertThat(set.points()).hasSize(4 * 2);
        assertThat(value(set, "size100", "built-ruby", Metric.IPS)).isCloseTo(13.435e6, within(EXACT));
    }

    @Test
    void rowCutInsideACell_failsWithItsLine() {
        // line 10 is "|size23   |     19.934M|   23.377M|"
        String cut = Fixtures.cutInside("bd_markdown_compare.md", 9, 20);

        assertThatThrownBy(() -> Fixtures.read(importer, cut, "cut.md"))
                .isInstanceOf(ImportException.class)
                .hasMessageStartingWith("cut.md:10: ")
                .hasMessageContaining("truncated");
    }

    @Test
    void tableWithHeaderOnly_failsNamingTheHeaderLine() {
        String cut = Fixtures.firstLines("bd_markdown.md", 5);

        assertThatThrownBy(() -> Fixtures.read(importer, cut, "head.md"))
                .isInstanceOf(ImportException.class)
                .hasMessageContaining("head.md:")
                .hasMessageContaining("at least one job row after the header on line 4");
    }

    @Test
    void tabRowMissingACell_failsWithCellCount() {
        String text = Fixtures.text("byroot_subseq_driver.txt").replace("size100\t34.029M\t43.905M", "size100\t34.029M");

        assertThatThrownBy(() -> Fixtures.read(importer, text, "byroot.txt"))
                .isInstanceOf(ImportException.class)
                .hasMessage("byroot.txt:11: expected 2 cells (one per executable: compare-ruby, built-ruby), found 1; is the table truncated?");
    }

    @Test
    void garbageValue_failsSayingWhatWasExpected() {
        String text = Fixtures.text("bd_markdown.md").replace("18.788M", "18.7x8M");

        assertThatThrownBy(() -> Fixtures.read(importer, text, "bad.md"))
                .hasMessageStartingWith("bad.md:6: expected a value like 52.254M (3 decimals, as benchmark-driver writes them) or ERROR for size1 on compare-ruby");
    }

    @Test
    void errorCell_isSkippedNotImported() throws ImportException {
        String text = Fixtures.text("bd_markdown.md").replace("   20.998M|", "     ERROR|");

        MeasuredSet set = Fixtures.read(importer, text, "err.md");

        assertThat(set.find("size1", "built-ruby", Metric.IPS)).isEmpty();
        assertThat(set.find("size1", "compare-ruby", Metric.IPS)).isPresent();
    }
}
