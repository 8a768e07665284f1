package org.slotlab.model.measured;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Input cut short that still parses as numbers: detected and refused. */
@org.junit.jupiter.api.Timeout(value = 60, unit = java.util.concurrent.TimeUnit.SECONDS, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
class TruncationTest {

    @Test
    void reportCutMidNumber_json() {
        String t = Fixtures.text("ips_json_3.4.5.json");
        String cut = t.substring(0, t.indexOf("8333721.7639776785") + 4);

        assertThat(BadInput.refused(new IpsJsonImporter(), cut, "i.json")).isEqualTo("i.json:4: unexpected end of JSON; is the file truncated?");
    }

    @Test
    void reportCutMidNumber_text_lastLineWithoutItsLineBreak() {
        // "size1000  4.455M" cut to "size1000  4.45": the number alone would still parse
        String t = Fixtures.text("bd_markdown_compare_2exe.md");
        String cut = t.substring(0, t.lastIndexOf("|") - 3);

        assertThat(BadInput.refused(new BenchmarkDriverMarkdownImporter(), cut, "m.md"))
                .isEqualTo("m.md:11: the file stops in the middle of this line (no line break after it, and the tools end every line); "
                        + "is the file truncated?");
    }

    @Test
    void heapRowCutShort_192readAs19() {
        String t = Fixtures.text("rb_gc_1exe.console.txt");
        int at = t.indexOf("192.0\n");
        String cut = t.substring(0, at) + "19\n" + t.substring(at + 6);

        assertThat(BadInput.refused(new HarnessGcImporter(), cut, "gc.txt"))
                .contains("expected mem_KiB written with one decimal like 448.0, found '19'; is the row cut short?");
    }

    @Test
    void markdownTableWhoseEveryCellIsAnError_givesNoPointsAndIsRefused() {
        String t = "# Iteration per second (i/s)\n\n|        |base|other|\n|:-------|---:|----:|\n|size23  |ERROR|ERROR|\n|size100 |ERROR|ERROR|\n";

        assertThat(BadInput.refused(new BenchmarkDriverMarkdownImporter(), t, "e.md"))
                .isEqualTo("e.md:3: every value in the table is ERROR (4 cells): benchmark-driver measured nothing, so there is nothing to import");
    }

    @Test
    void trailingGarbageAfterValidJson() {
        String t = Fixtures.text("rb_default_1exe.json") + "\n,{\"metadata\": {}}\n";

        assertThat(BadInput.refused(new RubyBenchJsonImporter(), t, "o.json"))
                .startsWith("o.json:2: expected the end of the JSON document after its value, found more");
    }

    @Test
    void secondJsonDocumentAfterTheFirst() {
        String t = Fixtures.text("ips_json_3.4.5.json") + "\n[]\n";

        assertThat(BadInput.refused(new IpsJsonImporter(), t, "i.json"))
                .contains("expected the end of the JSON document, found an array; only one JSON value may be in the file");
    }

    @Test
    void recordYamlWithoutItsLastSection() {
        String t = Fixtures.text("bd_record_2exe.yml");
        String cut = t.substring(0, t.lastIndexOf("metrics:"));

        assertThat(BadInput.refused(new BenchmarkDriverRecordImporter(), cut, "r.yml"))
                .contains("expected a 'metrics' list at the end (record.rb writes it last); is the file truncated?");
    }

    @Test
    void compareOutputCutInsideTheComparisonBlock() {
        String t = Fixtures.text("bd_compare_2exe.txt");
        String cut = t.substring(0, t.indexOf("1.40x")) + "\n";

        assertThat(BadInput.refused(new BenchmarkDriverCompareImporter(), cut, "c.txt"))
                .startsWith("c.txt:14: expected '- 1.79x  slower' after the unit, found 'base:   9861804.1 i/s -'");
    }

    @Test
    void averageOverMoreIterationsThanListed() {
        // the first run lists 5 iterations (2 warm-up, 3 timed); keep 2
        String t = Fixtures.text("rb_gc_1exe.console.txt").replaceFirst(" #3: [^\\n]*\\n #4: [^\\n]*\\n #5: [^\\n]*\\n", "");

        assertThat(BadInput.refused(new HarnessGcImporter(), t, "gc.txt"))
                .contains("the average is of the last 3 iterations, but 2 are listed above; is the output truncated?").doesNotContain("\n");
    }
}
