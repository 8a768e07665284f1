package org.slotlab.app.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slotlab.app.scenario.ClassNewScenario;
import org.slotlab.app.scenario.JsonUnescapeScenario;
import org.slotlab.app.scenario.LayoutChoice;
import org.slotlab.app.scenario.ParsersScenario;
import org.slotlab.app.scenario.RequireIndexScenario;
import org.slotlab.app.scenario.SlotSizeScenario;
import org.slotlab.app.scenario.StrBufMinScenario;
import org.slotlab.app.scenario.SubstringCutoffScenario;

/** Scenario files in the older format (one parameters object for every scenario) open with the same settings. */
class ScenarioFileMigrationTest {

    private static Path file(String name) throws URISyntaxException {
        return Path.of(ScenarioFileMigrationTest.class.getResource("/scenario-files/" + name).toURI());
    }

    @Test
    void versionOneFile_mapsEachFieldOntoTheKnobsOfTheScenariosThatReadIt() throws Exception {
        ScenarioFile.Contents c = ScenarioFile.loadContents(file("version-1.slotlab.json"));

        assertThat(c.scenario()).isEqualTo(StrBufMinScenario.ID);
        var sub = c.settings().get(SubstringCutoffScenario.ID);
        assertThat(sub.get(SubstringCutoffScenario.LAYOUT)).isEqualTo(LayoutChoice.preset("ruby-3.4"));
        // cutoff, frozenRule, frozenRuleSecondCutoff and sharableMiddle become one policy
        assertThat(sub.get(SubstringCutoffScenario.CANDIDATE)).isEqualTo("frozen-rule:160:64+middle");
        assertThat(sub.get(SubstringCutoffScenario.SOURCE)).isEqualTo("unfrozen-unshared");
        assertThat(sub.get(SubstringCutoffScenario.KEEP)).isEqualTo("ring");
        assertThat(sub.get(SubstringCutoffScenario.LENS)).containsExactly(5L, 50L, 500L);
        assertThat(sub.get(SubstringCutoffScenario.SOURCE_LEN)).isEqualTo(20_000L);
        assertThat(sub.get(SubstringCutoffScenario.RETAIN)).isEqualTo(1_000L);
        assertThat(sub.get(SubstringCutoffScenario.KEEP_WHILE_TIMING)).isTrue();
        assertThat(c.settings().get(SlotSizeScenario.ID).get(SlotSizeScenario.ALLOCATIONS)).isEqualTo(5_000_000L);
        // the layout and the candidate were shared by the parsers and Class#new scenarios
        assertThat(c.settings().get(ParsersScenario.ID).get(ParsersScenario.CANDIDATES))
                .containsExactly("frozen-rule:160:64+middle");
        assertThat(c.settings().get(ClassNewScenario.ID).get(ClassNewScenario.LAYOUT).name()).isEqualTo("ruby-3.4");

        var strBuf = c.settings().get(StrBufMinScenario.ID);
        assertThat(strBuf.get(StrBufMinScenario.RUBY)).isEqualTo("ruby-3.1");
        assertThat(strBuf.get(StrBufMinScenario.WORKLOAD)).isEqualTo("capacity");
        assertThat(strBuf.get(StrBufMinScenario.ALLOCATOR)).containsExactly("glibc", "darwin");
        assertThat(strBuf.get(StrBufMinScenario.SIZES)).hasSize(71).startsWith(20L, 24L).endsWith(300L);
        assertThat(strBuf.get(StrBufMinScenario.COUNT)).isEqualTo(5_000L);
        var json = c.settings().get(JsonUnescapeScenario.ID);
        assertThat(json.get(JsonUnescapeScenario.DOCUMENT)).isEqualTo("sample:reviews_utf8.json");
        assertThat(json.get(JsonUnescapeScenario.POLICIES)).containsExactly("resize");
        assertThat(json.get(JsonUnescapeScenario.LIFETIMES)).containsExactly(0.002, 30.0);
        assertThat(c.settings().get(RequireIndexScenario.ID).get(RequireIndexScenario.REBUILDS)).isEqualTo(7);

        // the pin belongs to the scenario the file showed
        assertThat(c.pins()).singleElement().satisfies(p -> {
            assertThat(p.name()).isEqualTo("A");
            assertThat(p.settings().scenario()).isEqualTo(StrBufMinScenario.ID);
            assertThat(p.settings().get(StrBufMinScenario.ALLOCATOR)).containsExactly("power-of-two");
            assertThat(p.settings().get(StrBufMinScenario.SIZES)).hasSize(17);
        });
        assertThat(c.compareBaseline()).isEqualTo("A");
    }

    @Test
    void oldestVersionOneFile_withoutTheBufferScenarios_givesThemTheThreadsSettings() throws Exception {
        ScenarioFile.Contents c = ScenarioFile.loadContents(file("version-1-oldest.slotlab.json"));

        var sub = c.request().settings();
        assertThat(sub.get(SubstringCutoffScenario.CANDIDATE)).isEqualTo("always-embed");
        assertThat(sub.get(SubstringCutoffScenario.POSITION)).isEqualTo("middle");
        // written before keepWhileTiming existed: timed the thread's way
        assertThat(sub.get(SubstringCutoffScenario.KEEP_WHILE_TIMING)).isFalse();
        assertThat(c.settings()).doesNotContainKeys(StrBufMinScenario.ID, JsonUnescapeScenario.ID, RequireIndexScenario.ID);
        assertThat(c.pins()).isEmpty();
    }

    @Test
    void migratedFile_savesAsTheCurrentVersion_andReadsBackTheSame() throws Exception {
        ScenarioFile.Contents c = ScenarioFile.loadContents(file("version-1.slotlab.json"));
        String v2 = ScenarioFile.toJson(c);
        assertThat(v2).contains("\"slotlabScenarioVersion\" : " + ScenarioFile.VERSION).doesNotContain("\"parameters\"");
        ScenarioFile.Contents back = ScenarioFile.parseContents(v2, "v2");
        assertThat(back.settings()).isEqualTo(c.settings());
        assertThat(back.pins()).isEqualTo(c.pins());
    }

    @Test
    void versionOneFile_withABadField_namesIt() {
        assertThatThrownBy(() -> ScenarioFile.parse("{\"slotlabScenarioVersion\": 1, \"parameters\": {\"scenario\": "
                + "\"substring-cutoff\", \"source\": \"MELTED\"}}", "old.slotlab.json"))
                .hasMessageStartingWith("old.slotlab.json: settings.substring-cutoff.source: unknown source state 'melted'");
        assertThatThrownBy(() -> ScenarioFile.parse("{\"slotlabScenarioVersion\": 1, \"pinz\": []}", "old.slotlab.json"))
                .hasMessage("old.slotlab.json: unknown field 'pinz'");
        assertThat(List.of(ScenarioFile.VERSION)).containsExactly(2);
    }
}
