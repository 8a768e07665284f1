package org.slotlab.app.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.scenario.JsonUnescapeScenario;
import org.slotlab.app.scenario.Pin;
import org.slotlab.app.scenario.RequireIndexScenario;
import org.slotlab.app.scenario.ScenarioRequest;
import org.slotlab.app.scenario.StrBufMinScenario;
import org.slotlab.app.scenario.SubstringCutoffScenario;

/** Each scenario's settings in scenario files: stored under its id, read back, gaps filled from the defaults. */
class ScenarioFileSettingsTest {

    private static Settings strBuf() {
        return new StrBufMinScenario().defaults().withText("layout", "ruby-3.4").withText("workload", "buf-new")
                .withText("allocator", "glibc,darwin").withText("i", "10-700:5").withText("count", "123456");
    }

    private static Settings json() {
        return new JsonUnescapeScenario().defaults().withText("doc", "sample:reviews_utf8.json").withText("policy", "resize")
                .withText("allocator", "jemalloc-3").withText("lifetime", "0.002,30");
    }

    private static Settings require() {
        return new RequireIndexScenario().defaults().withText("allocator", "jemalloc-5").withText("rebuilds", "7");
    }

    @Test
    void roundTrip_keepsEveryScenariosKnobs_inSettingsAndPins() throws Exception {
        ScenarioFile.Contents c = new ScenarioFile.Contents(StrBufMinScenario.ID, Map.of(StrBufMinScenario.ID, strBuf(),
                JsonUnescapeScenario.ID, json(), RequireIndexScenario.ID, require()),
                List.of(new Pin("A", new StrBufMinScenario().defaults())), ScenarioRequest.POLICY_BASELINE, List.of());
        ScenarioFile.Contents back = ScenarioFile.parseContents(ScenarioFile.toJson(c), "mem");
        assertThat(back.settings()).isEqualTo(c.settings());
        assertThat(back.pins()).isEqualTo(c.pins());
        assertThat(back.request().settings()).isEqualTo(strBuf());
        assertThat(back.settings().get(JsonUnescapeScenario.ID).get(JsonUnescapeScenario.LIFETIMES)).containsExactly(0.002, 30.0);
    }

    @Test
    void aKnobTheFileDoesNotName_takesItsDefault() throws Exception {
        String json = "{\"slotlabScenarioVersion\": 2, \"scenario\": \"str-buf-min\", "
                + "\"settings\": {\"str-buf-min\": {\"count\": 5000}}}";
        Settings s = ScenarioFile.parse(json, "partial.slotlab.json").settings();
        assertThat(s).isEqualTo(new StrBufMinScenario().defaults().withText("count", "5000"));
    }

    @Test
    void badKnob_namesTheFileTheScenarioTheKnobAndTheRule() {
        String good = ScenarioFile.toJson(new ScenarioFile.Contents(StrBufMinScenario.ID, Map.of(StrBufMinScenario.ID,
                strBuf(), JsonUnescapeScenario.ID, json(), RequireIndexScenario.ID, require()), List.of(), null, List.of()));
        assertThatThrownBy(() -> ScenarioFile.parse(good.replace("\"ruby-3.4\"", "\"ruby-9\""), "f"))
                .hasMessageMatching("f: settings\\.(str-buf-min|json-unescape)\\.layout: unknown layout 'ruby-9' \\(known: .*");
        assertThatThrownBy(() -> ScenarioFile.parse(good.replace("[ \"jemalloc-5\" ]", "[ ]"), "f"))
                .hasMessageStartingWith("f: settings.require-index.allocator: choose at least one allocator");
        assertThatThrownBy(() -> ScenarioFile.parse(good.replace("[ \"resize\" ]", "[ \"shrink\" ]"), "f"))
                .hasMessageContaining("settings.json-unescape.policy: unknown unescape policy 'shrink'");
        assertThatThrownBy(() -> ScenarioFile.parse(good.replace("\"count\" : 123456", "\"count\" : 123456, \"colour\" : 1"), "f"))
                .hasMessageContaining("settings.str-buf-min: unknown setting 'colour'");
        assertThatThrownBy(() -> ScenarioFile.parse(good.replace("\"require-index\"", "\"require-indexes\""), "f"))
                .hasMessageContaining("unknown scenario 'require-indexes'");
    }

    @Test
    void aPinOfTheShownScenario_isStoredWithItsSettings() throws Exception {
        Settings a = new SubstringCutoffScenario().defaults().withText("candidate", "cutoff:128");
        ScenarioRequest r = new ScenarioRequest(new SubstringCutoffScenario().defaults(), List.of(new Pin("A", a)), "A");
        assertThat(ScenarioFile.parse(ScenarioFile.toJson(r), "mem")).isEqualTo(r);
    }
}
