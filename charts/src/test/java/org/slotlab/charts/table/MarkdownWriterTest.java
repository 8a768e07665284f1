package org.slotlab.charts.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MarkdownWriterTest {

    @Test
    void write_numericColumnsRightAligned_textLeft_paddedToWidth() {
        Table table = Table.builder("")
                .column(Column.text("bench"))
                .column(Column.number("ips_millions", 3))
                .row("size1", 54.923)
                .row("size1000", 35.801)
                .build();

        assertThat(MarkdownWriter.write(table)).isEqualTo(
                "| bench    | ips_millions |\n"
              + "|:---------|-------------:|\n"
              + "| size1    |       54.923 |\n"
              + "| size1000 |       35.801 |\n");
    }

    @Test
    void write_comparison_matchesBenchmarkDriverStyle() {
        // Feature #22186: himura467's cutoff-256 numbers, as ns per call for a 1.30x row
        Table table = ComparisonTable.builder()
                .title("str_subseq, frozen source")
                .baseline("master")
                .candidate("cutoff-256")
                .row(50, 29.12, 22.40)
                .row(1000, 30.00, 30.00)
                .parameter("cutoff", "256 B")
                .parameter("Slotlab", "0.1.0")
                .build();

        assertThat(MarkdownWriter.write(table)).isEqualTo(
                "**str_subseq, frozen source**\n"
              + "\n"
              + "| len_bytes | master (ns) | cutoff-256 (ns) | master/cutoff-256 |\n"
              + "|----------:|------------:|----------------:|------------------:|\n"
              + "|        50 |       29.12 |           22.40 |             1.30x |\n"
              + "|      1000 |       30.00 |           30.00 |             1.00x |\n"
              + "\n"
              + "ratio = master / other (ns / ns): above 1, the other is faster than master; "
              + "below 1, the other is slower than master\n"
              + "- cutoff: 256 B\n"
              + "- Slotlab: 0.1.0\n");
    }

    @Test
    void write_everyLineOfTheTableHasTheSameLength() {
        Table table = ComparisonTable.builder()
                .baseline("m").candidate("a").candidate("long candidate name")
                .values("ns", 1, true)
                .row(1, 12345.6, 1.0, 99999.0)
                .row(23, 1.0, 2.0, 3.0)
                .legend("")
                .build();

        String[] lines = MarkdownWriter.write(table).split("\n");

        assertThat(lines).hasSize(4);
        assertThat(lines).extracting(String::length).containsOnly(lines[0].length());
        assertThat(lines[2]).contains("12,345.6").contains("12345.60x");
    }

    @Test
    void write_pipeInCell_isEscaped() {
        Table table = Table.builder("").column(Column.text("note")).row("a|b").build();

        assertThat(MarkdownWriter.write(table)).contains("| a\\|b |");
    }

    @Test
    void ratio_roundsToTwoDecimalsWithX() {
        // Feature #22186: byroot's size100 row, 43.905M vs 34.029M ips -> 1.29x
        double masterNs = 1e3 / 34.029;
        double branchNs = 1e3 / 43.905;

        assertThat(Column.ratio("r", 2).display(ComparisonTable.ratio(masterNs, branchNs))).isEqualTo("1.29x");
        assertThat(Column.ratio("r", 2).display(ComparisonTable.ratio(1.0, 0.0))).isEqualTo("n/a");
    }

    @Test
    void number_thousandsSeparatorOnlyWhenAsked() {
        assertThat(Column.number("n", 0, true).display(10_000_000L)).isEqualTo("10,000,000");
        assertThat(Column.number("n", 0, false).display(10_000_000L)).isEqualTo("10000000");
        assertThat(Column.number("n", 2, true).display(1234.5)).isEqualTo("1,234.50");
    }

    @Test
    void comparison_rowWithWrongCandidateCount_namesRowAndKey() {
        ComparisonTable comparison = ComparisonTable.builder().title("t")
                .baseline("master").candidate("a").candidate("b")
                .row(50, 1.0, 2.0);

        assertThatThrownBy(comparison::build)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("row 1 (key 50)")
                .hasMessageContaining("2 candidates");
    }

    @Test
    void table_rowWithWrongCellCount_isRejectedWithRowNumber() {
        Table.Builder builder = Table.builder("t").column(Column.text("a")).column(Column.text("b")).row("x");

        assertThatThrownBy(builder::build)
                .hasMessageContaining("row 1 has 1 cells but the table has 2 columns");
    }
}
