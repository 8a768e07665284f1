package org.slotlab.app.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.slotlab.app.scenario.CustomLayout;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.scenario.Knobs;
import org.slotlab.app.scenario.LayoutChoice;
import org.slotlab.app.scenario.ScenarioRegistry;
import org.slotlab.app.scenario.SubstringCutoffScenario;
import org.slotlab.app.scenario.Pin;
import org.slotlab.app.scenario.ScenarioRequest;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.workload.KeepMode;

class ScenarioFileTest {

    @Test
    void roundTrip_keepsEveryParameterPinAndBaseline() throws Exception {
        Settings p = new SubstringCutoffScenario().defaults().with(SubstringCutoffScenario.CANDIDATE, "frozen-rule:128:64")
                .with(SubstringCutoffScenario.SOURCE, "unfrozen-unshared").with(SubstringCutoffScenario.KEEP, "ring")
                .with(SubstringCutoffScenario.LENS, List.of(5L, 500L))
                .with(Knobs.LAYOUT, LayoutChoice.custom(new CustomLayout("mine", "ruby-3.4", List.of(40, 80, 160), 65_536, 40, 24, 1)));
        ScenarioRequest r = new ScenarioRequest(p, List.of(new Pin("A", new SubstringCutoffScenario().defaults())), "A");
        assertThat(ScenarioFile.parse(ScenarioFile.toJson(r), "mem")).isEqualTo(r);
    }

    @Test
    void pins_nameTheirScenario_andAFileWithoutThatNamesTheShownOnes() throws Exception {
        Settings sub = new SubstringCutoffScenario().defaults().with(SubstringCutoffScenario.CANDIDATE, "cutoff:128");
        Settings slots = ScenarioRegistry.byId("slot-size").defaults();
        ScenarioFile.Contents c = new ScenarioFile.Contents("slot-size", java.util.Map.of("substring-cutoff", sub, "slot-size", slots),
                List.of(new Pin("A", sub), new Pin("B", slots)), ScenarioRequest.POLICY_BASELINE, List.of());
        String json = ScenarioFile.toJson(c);

        ScenarioFile.Contents back = ScenarioFile.parseContents(json, "two.slotlab.json");
        assertThat(back.pins()).containsExactly(new Pin("A", sub), new Pin("B", slots));
        assertThat(back.request().pins()).containsExactly(new Pin("B", slots));
        // written before pins named their scenario: every pin is the shown scenario's
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        var tree = (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(json);
        tree.withArray("pins").forEach(pin -> ((com.fasterxml.jackson.databind.node.ObjectNode) pin).remove("scenario"));
        tree.remove("pins");
        tree.putArray("pins").addObject().put("name", "A").set("settings", mapper.readTree(json).get("pins").get(0).get("settings"));
        tree.put("scenario", "substring-cutoff");
        assertThat(ScenarioFile.parseContents(mapper.writeValueAsString(tree), "old").request().pins()).containsExactly(new Pin("A", sub));
        var bad = (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(json);
        ((com.fasterxml.jackson.databind.node.ObjectNode) bad.get("pins").get(1)).put("scenario", "nope");
        assertThatThrownBy(() -> ScenarioFile.parseContents(mapper.writeValueAsString(bad), "f"))
                .hasMessageContaining("f: pins[1].scenario:");
    }

    @Test
    void newerVersion_saysSo() {
        assertThatThrownBy(() -> ScenarioFile.parse("{\"slotlabScenarioVersion\": 9}", "a.slotlab.json"))
                .hasMessage("a.slotlab.json: scenario format version 9 is newer than this Slotlab reads (2); "
                        + "open it with a newer Slotlab");
    }

    @Test
    void badInput_namesTheFileAndTheField() {
        String good = ScenarioFile.toJson(ScenarioRequest.of(new SubstringCutoffScenario().defaults()));
        assertThatThrownBy(() -> ScenarioFile.parse(good.replace("\"cutoff:256\"", "\"cutoff:-5\""), "f"))
                .hasMessageContaining("f: settings.substring-cutoff.candidate").hasMessageContaining("cutoff must be >= 0 bytes, got -5");
        assertThatThrownBy(() -> ScenarioFile.parse(good.replace("\"frozen\"", "\"melted\""), "f"))
                .hasMessageContaining("f: settings.substring-cutoff.source").hasMessageContaining("unknown source state 'melted'");
        assertThatThrownBy(() -> ScenarioFile.parse(good.replace("\"ruby-4.1-dev\"", "\"ruby-9\""), "f"))
                .hasMessageContaining("unknown layout 'ruby-9'");
        assertThatThrownBy(() -> ScenarioFile.parse("{\n\"slotlabScenarioVersion\": 1,\n oops}", "f"))
                .hasMessageStartingWith("f:3: not valid JSON");
        assertThatThrownBy(() -> ScenarioFile.parse("[1]", "f")).hasMessage("f: not a Slotlab scenario (expected a JSON object)");
        assertThatThrownBy(() -> ScenarioFile.parse(good.replace("\"pins\"", "\"pinz\""), "f"))
                .hasMessage("f: unknown field 'pinz'");
        assertThatThrownBy(() -> ScenarioFile.parse(good.replace("\"baseline policy\"", "\"Z\""), "f"))
                .hasMessageContaining("compareBaseline 'Z'");
    }
}
