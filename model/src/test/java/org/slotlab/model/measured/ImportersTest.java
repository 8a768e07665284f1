package org.slotlab.model.measured;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ImportersTest {

    @ParameterizedTest
    @CsvSource({
        "byroot_subseq_driver.txt, benchmark-driver-markdown",
        "bd_markdown_compare.md,           benchmark-driver-markdown",
        "bd_markdown.md,                   benchmark-driver-markdown",
        "benchmark_driver.record.yml,      benchmark-driver-yaml",
        "ips_subseq.json,                  ips-json",
        "ips_subseq.txt,                   ips-text",
        "byroot_slot_sizes_ips.txt, ips-text",
        "ruby_bench_output_001.json,       ruby-bench-json",
        "ruby_bench_gc_output_001.json,    ruby-bench-json",
        "harness_gc_run.txt,               harness-gc",
        "harness_gc_heap_table_format_sample.txt, harness-gc",
        "byroot_slot_gc_count.csv,        csv",
        "ips_subseq_ns.csv,                csv",
        "bd_compare_1exe.txt,              benchmark-driver-compare",
        "bd_compare_3exe.txt,              benchmark-driver-compare",
        "bd_compare_2exe_time.txt,         benchmark-driver-compare",
        "bd_compare_2exe_memory.txt,       benchmark-driver-compare",
        "bd_markdown_3exe.md,              benchmark-driver-markdown",
        "bd_markdown_compare_3exe.md,      benchmark-driver-markdown",
        "bd_markdown_2exe_time.md,         benchmark-driver-markdown",
        "bd_record_3exe.yml,               benchmark-driver-yaml",
        "ips_text_3.4.5.txt,               ips-text",
        "ips_baseline_3.4.5.txt,           ips-text",
        "ips_compare_3.1.2.txt,            ips-text",
        "ips_json_3.4.5.json,              ips-json",
        "ips_json_3.4.5.stdout.txt,        ips-text",
        "ips_save_3exe.held.json,          ips-json",
        "rb_default_1exe.json,             ruby-bench-json",
        "rb_default_2exe_interleave_rss.json, ruby-bench-json",
        "rb_default_1exe.csv,              ruby-bench-csv",
        "rb_default_3exe.txt,              ruby-bench-text",
        "rb_default_1exe.console.txt,      ruby-bench-text",
        "rb_gc_1exe.console.txt,           harness-gc",
        "rb_gc_1exe.txt,                   ruby-bench-text",
        "bd_compare_cutoff256.txt,         benchmark-driver-compare",
        "bd_markdown_compare_cutoffs.md,   benchmark-driver-markdown",
        "rb_gc_cutoffs.json,               ruby-bench-json",
        "rb_gc_cutoffs.csv,                ruby-bench-csv",
        "rb_gc_cutoffs.txt,                ruby-bench-text",
        "rb_gc_cutoffs.console.txt,        harness-gc",
    })
    void auto_picksTheRightImporter(String fixture, String format) throws ImportException {
        Importer importer = Importers.auto(Fixtures.path(fixture));

        assertThat(importer.format()).isEqualTo(format);
        assertThat(importer.read(Fixtures.path(fixture)).points()).isNotEmpty();
    }

    @Test
    void auto_normalisedCsv_isReadBack(@TempDir Path dir) throws ImportException, IOException {
        MeasuredSet set = Importers.read(Fixtures.path("benchmark_driver.record.yml"), Importers.AUTO, NameMapping.defaults());
        Path out = dir.resolve("measured.csv");
        Files.writeString(out, MeasuredCsv.toCsv(set));

        MeasuredSet back = Importers.read(out, Importers.AUTO, NameMapping.defaults());

        assertThat(back.points()).isEqualTo(set.points());
        assertThat(back.format()).isEqualTo(MeasuredCsv.FORMAT);
    }

    @Test
    void read_appliesMappingToBenchmarkNames() throws ImportException {
        MeasuredSet set = Importers.read(Fixtures.path("byroot_subseq_driver.txt"), Importers.AUTO, NameMapping.defaults());

        assertThat(set.find("size100", "built-ruby", Metric.IPS).orElseThrow().parameter())
                .contains(new MappedParameter("len", 100));
    }

    @Test
    void unknownText_asksForFormat(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("notes.txt");
        Files.writeString(f, "some notes\nnothing measured\n");

        assertThatThrownBy(() -> Importers.auto(f))
                .isInstanceOf(ImportException.class)
                .hasMessageStartingWith(f + ":0: cannot tell which tool wrote this; pass --format with one of ruby-bench-json, ips-json");
    }

    @Test
    void unknownFormatName_isAnImportError() {
        assertThatThrownBy(() -> Importers.read(Fixtures.path("ips_subseq.json"), "ips-xml", NameMapping.defaults()))
                .hasMessageContaining("unknown format 'ips-xml'; expected auto or one of");
    }

    @Test
    void wrongFormatForced_failsCleanly() {
        assertThatThrownBy(() -> Importers.read(Fixtures.path("ips_subseq.txt"), "ips-json", NameMapping.defaults()))
                .isInstanceOf(ImportException.class)
                .hasMessageContaining("ips_subseq.txt:1:");
    }

    @Test
    void formats_listsEveryImporterOnce() {
        assertThat(Importers.formats()).containsExactlyInAnyOrder("benchmark-driver-markdown", "benchmark-driver-yaml",
                "benchmark-driver-compare", "benchmark-driver-simple", "benchmark-driver-all", "ips-json", "ips-text", "ruby-bench-json", "ruby-bench-csv",
                "ruby-bench-text", "harness-gc", "csv").doesNotHaveDuplicates();
    }
}
