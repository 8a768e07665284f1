package org.slotlab.app.talk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.scenario.Pin;
import org.slotlab.app.scenario.ScenarioRegistry;
import org.slotlab.app.scenario.ScenarioRequest;
import org.slotlab.app.scenario.SubstringCutoffScenario;

class TalkFileTest {

    static final Path EXAMPLE = Path.of("..", "sample-data", "talks", "feature-22186" + TalkFile.SUFFIX);

    private static Settings subseq() {
        return ScenarioRegistry.byId("substring-cutoff").defaults();
    }

    @Test
    void roundTrip_keepsEveryStepsStateChartsTitleAndCaption(@TempDir Path dir) throws Exception {
        // given: two steps, one with a pin and two charts
        Settings a = subseq().with(SubstringCutoffScenario.COUNT, 1_000L).with(SubstringCutoffScenario.RETAIN, 100L);
        Settings b = a.with(SubstringCutoffScenario.SOURCE, "unfrozen-unshared");
        ScenarioRequest withPin = new ScenarioRequest(b, List.of(new Pin("no cutoff", a)), "no cutoff");
        Talk talk = new Talk("a talk", List.of(
                new TalkStep("one", "first caption", ScenarioRequest.of(a), List.of("retained")),
                new TalkStep("two", "second caption", withPin, List.of("speed-ratio", "gc-count"))));
        Path f = dir.resolve("t" + TalkFile.SUFFIX);
        // when
        TalkFile.save(talk, f);
        Talk back = TalkFile.load(f);
        // then
        assertThat(back).isEqualTo(talk);
        assertThat(TalkFile.toJson(back)).isEqualTo(Files.readString(f));
    }

    @Test
    void exampleTalk_opens_withAboutEightSteps() throws Exception {
        Talk t = TalkFile.load(EXAMPLE);
        assertThat(t.size()).isBetween(7, 10);
        assertThat(t.steps()).allSatisfy(s -> assertThat(s.title()).isNotBlank());
        assertThat(t.steps()).allSatisfy(s -> assertThat(s.caption()).isNotBlank().doesNotContain("\n"));
    }

    @Test
    void newerVersion_isRefused_namingFileLineAndVersion() {
        String text = "{\n  \"title\" : \"x\",\n  \"slotlabTalkVersion\" : 9,\n  \"steps\" : [ ]\n}\n";
        assertThatThrownBy(() -> TalkFile.parse(text, "new.slotlab-talk.json"))
                .isInstanceOf(TalkFile.TalkFormatException.class)
                .hasMessage("new.slotlab-talk.json:3: talk format version 9 is newer than this Slotlab reads (1); "
                        + "open it with a newer Slotlab");
    }

    @Test
    void settingOutOfRange_namesTheLineOfThatSetting() throws IOException {
        String text = """
                {
                  "slotlabTalkVersion" : 1,
                  "title" : "t",
                  "steps" : [ {
                    "title" : "s",
                    "caption" : "c",
                    "scenario" : "substring-cutoff",
                    "settings" : {
                      "candidate" : "cutoff:256",
                      "count" : 0
                    }
                  } ]
                }
                """;
        assertThatThrownBy(() -> TalkFile.parse(text, "bad.slotlab-talk.json"))
                .hasMessageStartingWith("bad.slotlab-talk.json:10: steps[0]: settings.substring-cutoff.count:")
                .hasMessageNotContaining("Exception");
    }

    @Test
    void unknownChart_unknownField_missingTitle_badJson_eachNameTheirLine() {
        String head = "{\n\"slotlabTalkVersion\" : 1,\n\"steps\" : [ {\n\"title\" : \"s\",\n\"scenario\" : \"substring-cutoff\",\n";
        assertThatThrownBy(() -> TalkFile.parse(head + "\"view\" : [ \"pie\" ]\n} ]\n}", "f"))
                .hasMessageStartingWith("f:6: steps[0].view: scenario substring-cutoff has no chart 'pie'");
        assertThatThrownBy(() -> TalkFile.parse(head + "\"colour\" : \"red\"\n} ]\n}", "f"))
                .hasMessageStartingWith("f:6: unknown field 'colour'");
        assertThatThrownBy(() -> TalkFile.parse("{\n\"slotlabTalkVersion\" : 1,\n\"steps\" : [ {\n\"scenario\" : \"parsers\"\n} ]\n}", "f"))
                .hasMessage("f:3: steps[0] has no 'title'");
        assertThatThrownBy(() -> TalkFile.parse("{\n\"slotlabTalkVersion\" : 1,\n\"steps\" : [ ,\n}", "f"))
                .hasMessageStartingWith("f:3: not valid JSON");
        assertThatThrownBy(() -> TalkFile.parse(head + "\"caption\" : 3\n} ]\n}", "f"))
                .hasMessage("f:6: steps[0].caption must be a string");
    }

    @Test
    void scenarioFile_isNotATalk() {
        assertThatThrownBy(() -> TalkFile.parse("{ \"slotlabScenarioVersion\" : 2 }", "s.slotlab.json"))
                .hasMessage("s.slotlab.json:1: not a Slotlab talk (no 'slotlabTalkVersion' field)");
    }
}
