package org.slotlab.model.measured;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.slotlab.model.layout.LayoutJson;
import org.slotlab.model.layout.RubyLayout;

/** A value of the wrong type is refused with the field, the type expected and the value, never converted. */
@org.junit.jupiter.api.Timeout(value = 60, unit = java.util.concurrent.TimeUnit.SECONDS, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
class WrongTypesTest {

    @Test
    void numberAsString_inIpsJson() {
        String t = Fixtures.text("ips_json_3.4.5.json").replace("\"central_tendency\": 8333721.7639776785",
                "\"central_tendency\": \"8333721\"");

        assertThat(BadInput.refused(new IpsJsonImporter(), t, "i.json"))
                .isEqualTo("i.json:2: expected 'central_tendency' of report 'size23' to be a number, found the string \"8333721\"");
    }

    @Test
    void nullName_isNotTheNameNull() {
        String t = Fixtures.text("ips_json_3.4.5.json").replace("\"name\": \"size23\"", "\"name\": null");

        assertThat(BadInput.refused(new IpsJsonImporter(), t, "i.json"))
                .isEqualTo("i.json:2: expected 'name' of the report to be a non-empty string, found null");
    }

    @Test
    void fractionalCount_inIpsJson() {
        String t = Fixtures.text("ips_json_3.4.5.json").replace("\"iterations\": 4257720", "\"iterations\": 2000000.5");

        assertThat(BadInput.refused(new IpsJsonImporter(), t, "i.json"))
                .isEqualTo("i.json:2: expected 'iterations' of report 'size23' to be a whole number, found the number 2000000.5");
    }

    @Test
    void fractionalGcCount_inRubyBenchJson() {
        String t = Fixtures.text("rb_gc_1exe.json").replaceFirst("\"gc_count_bench\":\\[(\\d+)", "\"gc_count_bench\":[2000000.5");

        assertThat(BadInput.refused(new RubyBenchJsonImporter(), t, "o.json"))
                .contains("expected whole numbers (counts) in 'gc_count_bench' of raw_data.base.byteslice_kept, found the number 2000000.5");
    }

    @Test
    void quotedNumber_inRecordYaml() {
        String t = Fixtures.text("bd_record_1exe.yml").replaceFirst("(false:(?s:.*?)\\*3 : )(\\d+\\.\\d+)", "$1\"$2\"");

        assertThat(BadInput.refused(new BenchmarkDriverRecordImporter(), t, "r.yml"))
                .contains("expected a number for size23 on base, found the quoted string");
    }

    @Test
    void stringWhereTheLayoutHasAWholeNumber() {
        ObjectNode o = LayoutJson.toJson(RubyLayout.ruby34());
        o.put("pageSize", "65536");

        assertThatThrownBy(() -> LayoutJson.fromJson(o, "my.profile.json"))
                .hasMessage("my.profile.json: layout: 'pageSize' must be a whole number (at most 2147483647), found the string \"65536\"");
    }

    @Test
    void fractionWhereTheLayoutHasAWholeNumber() {
        ObjectNode o = LayoutJson.toJson(RubyLayout.ruby34());
        ((ObjectNode) o.get("gc")).put("oldAge", 3.5);

        assertThatThrownBy(() -> LayoutJson.fromJson(o, "p.json")).hasMessageContaining("'oldAge' must be a whole number")
                .hasMessageContaining("3.5");
    }

    @Test
    void nullLayoutName_isRefused() {
        ObjectNode o = LayoutJson.toJson(RubyLayout.ruby34());
        o.putNull("name");

        assertThatThrownBy(() -> LayoutJson.fromJson(o, "p.json")).hasMessage("p.json: layout: 'name' must be a string, found null");
    }

    @Test
    void numberWhereTheLayoutHasABoolean() throws Exception {
        ObjectNode o = LayoutJson.toJson(RubyLayout.ruby34());
        ((ObjectNode) o.get("gc")).put("growthBySlotsBudget", 1);

        assertThatThrownBy(() -> LayoutJson.fromJson(o, "p.json"))
                .hasMessage("p.json: layout: 'growthBySlotsBudget' must be true or false, found the number 1");
        // and the same object read back from text, as a profile file holds it
        ObjectNode fromText = (ObjectNode) new ObjectMapper().readTree(o.toString());
        assertThatThrownBy(() -> LayoutJson.fromJson(fromText, "p.json")).hasMessageContaining("growthBySlotsBudget");
    }
}
