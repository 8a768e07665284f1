package org.slotlab.app.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.slotlab.app.scenario.CustomLayout;
import org.slotlab.app.scenario.Parameters;
import org.slotlab.app.scenario.Pin;
import org.slotlab.app.scenario.ScenarioRequest;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.workload.KeepMode;

class ScenarioFileTest {

    @Test
    void roundTrip_keepsEveryParameterPinAndBaseline() throws Exception {
        Parameters p = Parameters.threadDefaults().withCutoff(128).withFrozenRule(true).withFrozenRuleSecondCutoff(64)
                .withSource(SourceState.UNFROZEN_UNSHARED).withKeep(KeepMode.RING).withLens(List.of(5L, 500L))
                .withLayout("mine", new CustomLayout("mine", "ruby-3.4", List.of(40, 80, 160), 65_536, 40, 24, 1));
        ScenarioRequest r = new ScenarioRequest(p, List.of(new Pin("A", Parameters.threadDefaults())), "A");
        assertThat(ScenarioFile.parse(ScenarioFile.toJson(r), "mem")).isEqualTo(r);
    }

    @Test
    void newerVersion_saysSo() {
        assertThatThrownBy(() -> ScenarioFile.parse("{\"slotlabScenarioVersion\": 9}", "a.slotlab.json"))
                .hasMessage("a.slotlab.json: scenario format version 9 is newer than this Slotlab reads (1); "
                        + "open it with a newer Slotlab");
    }

    @Test
    void badInput_namesTheFileAndTheField() {
        String good = ScenarioFile.toJson(ScenarioRequest.of(Parameters.threadDefaults()));
        assertThatThrownBy(() -> ScenarioFile.parse(good.replace("\"cutoff\" : 256", "\"cutoff\" : -5"), "f"))
                .hasMessageContaining("f: parameters").hasMessageContaining("cutoff must be >= 0 bytes, got -5");
        assertThatThrownBy(() -> ScenarioFile.parse(good.replace("\"FROZEN\"", "\"MELTED\""), "f"))
                .hasMessageContaining("f: parameters.source");
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
