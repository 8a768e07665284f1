package org.slotlab.charts.table;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CsvWriterTest {

    @Test
    void write_quotesCommaQuoteAndNewlinePerRfc4180() {
        Table table = Table.builder("t")
                .column(Column.text("machine"))
                .column(Column.text("note"))
                .column(Column.number("len_bytes", 0))
                .row("arm64 macOS", "reported 1.31x slower", 250)
                .row("ruby 4.1.0dev, +PRISM", "say \"hi\"", 999)
                .row("two\nlines", "#not a comment", null)
                .build();

        assertThat(CsvWriter.write(table)).isEqualTo(
                "machine,note,len_bytes\n"
              + "arm64 macOS,reported 1.31x slower,250\n"
              + "\"ruby 4.1.0dev, +PRISM\",\"say \"\"hi\"\"\",999\n"
              + "\"two\nlines\",\"#not a comment\",\n");
    }

    @Test
    void write_numbersAreMachineReadable_noSeparatorNoSuffix() {
        Table table = ComparisonTable.builder().baseline("master").candidate("cutoff-256")
                .values("ns", 1, true)
                .row(50, 12345.67, 1000.0)
                .build();

        assertThat(CsvWriter.write(table)).isEqualTo(
                "len_bytes,master (ns),cutoff-256 (ns),master/cutoff-256\n"
              + "50,12345.7,1000.0,12.35\n");
    }

    @Test
    void write_footerOnlyWithFlag_asCommentLines() {
        Table table = Table.builder("t").column(Column.text("a")).row("x")
                .footer("higher is better").footer("- cutoff: 256 B").build();

        assertThat(CsvWriter.write(table)).isEqualTo("a\nx\n");
        assertThat(CsvWriter.write(table, true)).isEqualTo("a\nx\n# higher is better\n# - cutoff: 256 B\n");
    }
}
