package org.slotlab.app.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.slotlab.app.scenario.JsonUnescapeSettings;
import org.slotlab.app.scenario.Parameters;
import org.slotlab.app.scenario.Pin;
import org.slotlab.app.scenario.RequireIndexSettings;
import org.slotlab.app.scenario.ScenarioRequest;
import org.slotlab.app.scenario.StrBufMinScenario;
import org.slotlab.app.scenario.StrBufSettings;

/** The issue-4 scenarios' knobs in scenario files: saved, read back, and absent in older version-1 files. */
class ScenarioFileIssueFourTest {

    private static Parameters edited() {
        return Parameters.threadDefaults().withScenario(StrBufMinScenario.ID)
                .withStrBuf(new StrBufSettings("ruby-3.4", "buf-new", List.of("glibc", "darwin"), 10, 700, 5, 123_456))
                .withJsonUnescape(new JsonUnescapeSettings("sample:reviews_utf8.json", List.of("resize"),
                        List.of("jemalloc-3"), 0.002, 30))
                .withRequireIndex(new RequireIndexSettings("/tmp/features.txt", List.of("jemalloc-5"), 7));
    }

    @Test
    void roundTrip_keepsTheIssueFourKnobs_inParametersAndPins() throws Exception {
        ScenarioRequest r = new ScenarioRequest(edited(), List.of(new Pin("A", edited().withStrBuf(
                StrBufSettings.threadDefaults()))), ScenarioRequest.POLICY_BASELINE);
        ScenarioRequest back = ScenarioFile.parse(ScenarioFile.toJson(r), "mem");
        assertThat(back).isEqualTo(r);
        assertThat(back.parameters().jsonUnescape().lifetimeFromSeconds()).isEqualTo(0.002);
    }

    @Test
    void versionOneFile_withoutTheKnobs_opensWithTheThreadsSettings() throws Exception {
        String json = ScenarioFile.toJson(ScenarioRequest.of(edited()));
        // a file written before the controls existed: drop the three objects
        String old = json.replaceAll("(?s),\\s*\"strBuf\" : \\{.*?\\}", "")
                .replaceAll("(?s),\\s*\"jsonUnescape\" : \\{.*?\\}", "")
                .replaceAll("(?s),\\s*\"requireIndex\" : \\{.*?\\}", "");
        assertThat(old).doesNotContain("strBuf").doesNotContain("jsonUnescape").doesNotContain("requireIndex");
        Parameters p = ScenarioFile.parse(old, "old.slotlab.json").parameters();
        assertThat(p.strBuf()).isEqualTo(StrBufSettings.threadDefaults());
        assertThat(p.jsonUnescape()).isEqualTo(JsonUnescapeSettings.threadDefaults());
        assertThat(p.requireIndex()).isEqualTo(RequireIndexSettings.threadDefaults());
        assertThat(p.withStrBuf(edited().strBuf()).withJsonUnescape(edited().jsonUnescape())
                .withRequireIndex(edited().requireIndex())).isEqualTo(edited());
    }

    @Test
    void badKnob_namesTheFileTheFieldAndTheProblem() {
        String good = ScenarioFile.toJson(ScenarioRequest.of(edited()));
        assertThatThrownBy(() -> ScenarioFile.parse(good.replace("\"ruby-3.4\"", "\"ruby-9\""), "f"))
                .hasMessageContaining("f: parameters").hasMessageContaining("unknown string-buffer era 'ruby-9'");
        assertThatThrownBy(() -> ScenarioFile.parse(good.replace("[ \"jemalloc-5\" ]", "[ ]"), "f"))
                .hasMessageContaining("f: parameters").hasMessageContaining("require-index allocators: choose at least one");
        assertThatThrownBy(() -> ScenarioFile.parse(good.replace("\"resize\"", "\"shrink\""), "f"))
                .hasMessageContaining("unknown unescape policy 'shrink'");
    }
}
