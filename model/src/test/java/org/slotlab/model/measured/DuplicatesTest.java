package org.slotlab.model.measured;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The same benchmark, executable, key, column, job or rule twice: refused, naming both places. */
@org.junit.jupiter.api.Timeout(value = 60, unit = java.util.concurrent.TimeUnit.SECONDS, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
class DuplicatesTest {

    @TempDir
    Path dir;

    @Test
    void sameBenchmarkTwice_inAMarkdownTable() {
        String t = Fixtures.text("bd_markdown_2exe.md").replace("|size100   |", "|size23    |");

        assertThat(BadInput.refused(new BenchmarkDriverMarkdownImporter(), t, "t.md"))
                .isEqualTo("t.md:7: ips of size23 on base appears twice: on line 6 and on line 7; each result may appear once");
    }

    @Test
    void sameExecutableTwice_inAHeader() {
        String t = Fixtures.text("bd_markdown_3exe.md").replace("ruby-3.1", "base     ");

        assertThat(BadInput.refused(new BenchmarkDriverMarkdownImporter(), t, "t.md"))
                .isEqualTo("t.md:4: executable 'base' heads two columns (column 1 and column 3); each executable may appear once");
    }

    @Test
    void sameKeyTwice_inAJsonReport_namesBothPlaces() {
        String t = Fixtures.text("ips_json_3.4.5.json").replaceFirst("\"ips\": ", "\"central_tendency\": ");

        assertThat(BadInput.refused(new IpsJsonImporter(), t, "t.json"))
                .isEqualTo("t.json:5: key 'central_tendency' appears twice in one object: at line 4, column 5 and at line 5, "
                        + "column 23; each key may appear once");
    }

    @Test
    void sameReportTwice_inAJsonArray() {
        String t = Fixtures.text("ips_json_3.4.5.json").replace("\"name\": \"size100\"", "\"name\": \"size23\"");

        assertThat(BadInput.refused(new IpsJsonImporter(), t, "t.json")).startsWith("t.json:12: report 'size23' appears twice: "
                + "on line 2 and on line 12");
    }

    @Test
    void sameExecutableTwice_inRubyBenchJson() {
        // raw_data with the same executable key twice (a hand-merged file)
        String t = Fixtures.text("rb_default_1exe.json");
        String raw = t.substring(t.indexOf("\"raw_data\":{") + 12, t.lastIndexOf("}}"));
        String merged = t.replace(raw, raw + "," + raw);

        assertThat(BadInput.refused(new RubyBenchJsonImporter(), merged, "o.json"))
                .startsWith("o.json:1: key 'base' appears twice in one object");
    }

    @Test
    void sameColumnTwice_inAPlainCsv() {
        Path f = BadInput.write(dir, "m.csv", "len_bytes,ns_per_op,gc_count,ns_per_op\n1,2,3,4\n");

        assertThat(BadInput.refused(f, Importers.AUTO))
                .isEqualTo(f + ":1: column 'ns_per_op' appears twice (column 2 and column 4); each column may appear once");
    }

    @Test
    void sameLengthTwice_inAPlainCsv() {
        Path f = BadInput.write(dir, "m.csv", "len_bytes,ns_per_op\n100,20\n23,12\n100,21\n");

        assertThat(BadInput.refused(f, "csv")).contains("appears twice: on line 2 and on line 4");
    }

    @Test
    void sameJobTwice_inARecordYaml() {
        String t = Fixtures.text("bd_record_2exe.yml").replace("name: size100\n", "name: size23\n");

        assertThat(BadInput.refused(new BenchmarkDriverRecordImporter(), t, "r.yml")).contains("ips of size23 on base appears twice: on line");
    }

    @Test
    void sameKeyTwice_inOneYamlMapping() {
        String t = Fixtures.text("bd_record_2exe.yml").replaceFirst("    name: size23\n", "    name: size23\n    name: size24\n");

        assertThat(BadInput.refused(new BenchmarkDriverRecordImporter(), t, "r.yml"))
                .isEqualTo("r.yml:6: key 'name' appears twice in one mapping: on line 5 and on line 6; each key may appear once");
    }

    @Test
    void sameRuleTwice_inAMapping() {
        Path f = BadInput.write(dir, "map.txt", "size(\\d+) => len\n# slot sizes\nsize(\\d+) => slot_size\n");

        assertThat(BadInput.refusedMapping(f)).isEqualTo(f + ":3: the rule for 'size(\\d+)' appears twice: on line 1 and on line 3; "
                + "the first would always win");
    }

    @Test
    void sameLabelTwice_inBenchmarkIpsText() {
        String t = Fixtures.text("ips_compare_3.4.5.txt").replace("             size100      4.683M", "              size23      4.683M");

        assertThat(BadInput.refused(new IpsTextImporter(), t, "i.txt")).startsWith("i.txt:8: report 'size23' appears twice: on line 7 "
                + "and on line 8");
    }
}
