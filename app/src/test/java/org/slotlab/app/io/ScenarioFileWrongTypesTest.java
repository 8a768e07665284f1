package org.slotlab.app.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.slotlab.app.scenario.SubstringCutoffScenario;

/**
 * Wrong types in a scenario file's settings are refused, never quietly converted: a number written
 * as a string, a fraction where a whole number belongs, a number where a name belongs, a string
 * where true or false belongs, null. The message names the file, the setting, the type expected
 * and the value found.
 */
class ScenarioFileWrongTypesTest {

    private static final String WHERE = "s.slotlab.json";

    private static String file(String setting) {
        return "{\"slotlabScenarioVersion\": 2, \"scenario\": \"substring-cutoff\", \"settings\": {\"substring-cutoff\": {"
                + setting + "}}}";
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        // setting                       | expected
        "\"count\": \"2000000\"          | settings.substring-cutoff.count: expected a number, got the string \"2000000\"",
        "\"count\": 2000000.5            | settings.substring-cutoff.count",
        "\"keep\": 1                     | settings.substring-cutoff.keep: expected a string, got the number 1",
        "\"keep-while-timing\": \"true\" | settings.substring-cutoff.keep-while-timing: expected true or false, got the string \"true\"",
        "\"candidate\": null             | settings.substring-cutoff.candidate: needs a value",
    })
    void wrongType_isRefusedNamingTheSettingAndTheValue(String setting, String expected) {
        assertThatThrownBy(() -> ScenarioFile.parseContents(file(setting), WHERE))
                .isInstanceOf(ScenarioFile.ScenarioFormatException.class)
                .hasMessageStartingWith(WHERE + ": ").hasMessageContaining(expected).hasMessageNotContaining("java.");
    }

    @Test
    void rightTypes_areRead() throws Exception {
        ScenarioFile.Contents c = ScenarioFile.parseContents(file("\"count\": 2000000, \"keep\": \"ring\", "
                + "\"keep-while-timing\": true"), WHERE);

        assertThat(c.settings().get(SubstringCutoffScenario.ID).get(SubstringCutoffScenario.COUNT)).isEqualTo(2_000_000L);
    }
}
