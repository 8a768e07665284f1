package org.slotlab.model.measured;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.slotlab.model.layout.LayoutJson;
import org.slotlab.model.layout.RubyLayout;

/** Values no measurement can have: refused with the file, the line and the rule that was broken. */
@org.junit.jupiter.api.Timeout(value = 60, unit = java.util.concurrent.TimeUnit.SECONDS, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
class ImpossibleValuesTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        // value in the ns_per_op column | the rule in the message
        "-81.69   | ns_per_op of len_bytes=1 on c is -81.69 ns; a measurement in ns is never negative",
        "-0       | ns_per_op of len_bytes=1 on c is -0 ns; a measurement in ns is never negative",
        "1e308    | ns_per_op of len_bytes=1 on c is 1.0e308 ns; no measurement in ns exceeds 1.0e15",
        "1e-320   | ns_per_op of len_bytes=1 on c is 1.0e-320, below the smallest normal double (2.2e-308); no measurement is that small",
        "1e999    | ns_per_op of len_bytes=1 on c is Infinity; expected a finite number (the value overflows a double)",
    })
    void plainCsv(String value, String rule) {
        Path f = BadInput.write(dir, "c.csv", "len_bytes,ns_per_op\n1," + value.strip() + "\n");

        assertThat(BadInput.refused(f, Importers.AUTO)).isEqualTo(f + ":2: " + rule.strip());
    }

    @Test
    void negativeTime_inRubyBenchJson() {
        String t = Fixtures.text("rb_default_1exe.json").replaceFirst("\"bench\":\\[", "\"bench\":[-");

        assertThat(BadInput.refused(new RubyBenchJsonImporter(), t, "o.json"))
                .contains("an entry of 'bench' of raw_data.base.byteslice_kept is -").contains("a measurement in s is never negative");
    }

    @Test
    void negativeMemory_inRubyBenchJson() {
        String t = Fixtures.text("rb_gc_1exe.json").replaceFirst("\"rss\":(\\d+)", "\"rss\":-$1");

        assertThat(BadInput.refused(new RubyBenchJsonImporter(), t, "o.json")).contains("bytes; a measurement in bytes is never negative");
    }

    @Test
    void overflowingNumber_inJson() {
        String t = Fixtures.text("ips_json_3.4.5.json").replace("8333721.7639776785,\n    \"ips\"", "1e999,\n    \"ips\"");

        assertThat(BadInput.refused(new IpsJsonImporter(), t, "i.json"))
                .isEqualTo("i.json:4: the number '1e999' overflows a double; no measurement is that large");
    }

    @Test
    void rateAboveAnyMachine_inBenchmarkDriverMarkdown() {
        String t = Fixtures.text("bd_markdown_1exe.md").replace("  9.612M", "999.000Q");

        assertThat(BadInput.refused(new BenchmarkDriverMarkdownImporter(), t, "m.md"))
                .isEqualTo("m.md:6: ips of size23 on base is 9.99e17 i/s; no measurement in i/s exceeds 1000000000000");
    }

    @Test
    void unknownUnit_inTheNormalisedCsv() {
        Path f = BadInput.write(dir, "m.csv", MeasuredCsv.HEADER + "\nt,ruby,size23,len,23,ips,1.5,furlongs\n");

        assertThat(BadInput.refused(f, Importers.AUTO)).startsWith(f + ":2: unknown unit 'furlongs'; expected one of i/s");
    }

    @Test
    void unknownParameter_inTheNormalisedCsv() {
        Path f = BadInput.write(dir, "m.csv", MeasuredCsv.HEADER + "\nt,ruby,size23,lenght,23,ips,1.5,i/s\n");

        assertThat(BadInput.refused(f, Importers.AUTO))
                .isEqualTo(f + ":2: unknown parameter 'lenght' in param_name; expected one of len, slot_size");
    }

    @Test
    void unknownParameter_inAMapping_doesNotFallBackToUnmapped() {
        Path f = BadInput.write(dir, "map.txt", "size(\\d+) => length\n");

        assertThat(BadInput.refusedMapping(f)).isEqualTo(f + ":1: unknown parameter 'length'; a rule sets one of len, slot_size");
    }

    @Test
    void unknownEmbedRule_inALayout_doesNotFallBackToTheDefault() {
        ObjectNode o = LayoutJson.toJson(RubyLayout.ruby34());
        o.put("embedRule", "VARIABLE");

        assertThatThrownBy(() -> LayoutJson.fromJson(o, "p.json"))
                .hasMessageStartingWith("p.json: layout: 'embedRule' must be one of ").hasMessageEndingWith("found \"VARIABLE\"");
    }

    @Test
    void misspeltLayoutKey_isRefusedRatherThanDefaulted() {
        ObjectNode o = LayoutJson.toJson(RubyLayout.ruby34());
        o.set("termlen", o.remove("termLen"));

        assertThatThrownBy(() -> LayoutJson.fromJson(o, "p.json"))
                .hasMessageStartingWith("p.json: layout: unknown key \"termlen\" in layout; expected some of ");
    }

    @Test
    void infiniteGrowthFactor_inALayout() {
        ObjectNode o = LayoutJson.toJson(RubyLayout.ruby34());
        ((ObjectNode) o.get("gc")).put("growthFactor", Double.POSITIVE_INFINITY);

        assertThatThrownBy(() -> LayoutJson.fromJson(o, "p.json")).hasMessageContaining("'growthFactor' must be a finite number");
    }

    @Test
    void mappedLengthBeyondALong_isRefused() {
        Path f = BadInput.write(dir, "c.txt", Fixtures.text("bd_markdown_1exe.md").replace("|size23    |", "|size99999999999999999999|"));

        assertThat(BadInput.refused(f, Importers.AUTO)).isEqualTo(f + ":0: benchmark 'size99999999999999999999' maps to len = "
                + "'99999999999999999999', which is more bytes than a count can hold");
    }
}
