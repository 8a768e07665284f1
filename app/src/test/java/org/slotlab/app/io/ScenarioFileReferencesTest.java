package org.slotlab.app.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * References that do not hold in a scenario file, and the JSON around them that is not what it
 * claims: a pin of a scenario that does not exist, a compare baseline naming no pin, a pin named like the policy
 * baseline, the same pin name twice, a key twice in one object, a name or baseline that is not a
 * string, trailing garbage after the document. Each is refused naming the file and the field;
 * nothing is quietly converted or dropped.
 */
class ScenarioFileReferencesTest {

    private static final String WHERE = "s.slotlab.json";

    private static String file(String pins, String extra) {
        return "{\"slotlabScenarioVersion\": 2, \"scenario\": \"substring-cutoff\", \"pins\": [" + pins + "]" + extra + "}";
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        // case                         | pins                                                      | after the pins                 | expected
        "pin of an unknown scenario     | {\"name\": \"A\", \"scenario\": \"nope\"}                  |                                 | pins[0].scenario: unknown scenario 'nope'",
        "pin scenario not a string      | {\"name\": \"A\", \"scenario\": 3}                       |                                 | pins[0].scenario must be a scenario id",
        "baseline naming no pin         | {\"name\": \"A\"}                                          | , \"compareBaseline\": \"B\"    | compareBaseline 'B' is neither 'baseline policy' nor a pin's name",
        "pin named like the baseline    | {\"name\": \"baseline policy\"}                            |                                 | pins[0].name 'baseline policy' is the name of the compare table's policy baseline",
        "same pin name twice            | {\"name\": \"A\"}, {\"name\": \"B\"}, {\"name\": \"A\"}     |                                 | pins[2].name 'A' is also pins[0].name; pin names must differ",
        "numeric pin name               | {\"name\": 5}                                              |                                 | pins[0].name must be a non-empty string, got the number 5",
        "null pin name                  | {\"name\": null}                                           |                                 | pins[0].name must be a non-empty string, got null",
        "pin that is not an object      | \"A\"                                                      |                                 | pins[0] must be an object with a name and settings, got the string \"A\"",
        "unknown pin field              | {\"name\": \"A\", \"colour\": \"red\"}                      |                                 | pins[0]: unknown field 'colour'",
        "numeric baseline               | {\"name\": \"A\"}                                          | , \"compareBaseline\": 1        | compareBaseline must be a string ('baseline policy' or a pin's name), got the number 1",
        "key twice in one object        | {\"name\": \"A\", \"name\": \"B\"}                          |                                 | key 'name' appears twice in one object (the second time at line",
    })
    void referenceThatDoesNotHold_isRefusedNamingTheField(String what, String pins, String extra, String expected) {
        String text = file(pins, extra == null ? "" : extra);

        assertThatThrownBy(() -> ScenarioFile.parseContents(text, WHERE))
                .isInstanceOf(ScenarioFile.ScenarioFormatException.class)
                .hasMessageStartingWith(WHERE + ":").hasMessageContaining(expected).hasMessageNotContaining("java.");
    }

    @Test
    void trailingGarbageAfterTheDocument_isRefused() {
        assertThatThrownBy(() -> ScenarioFile.parseContents(file("", "") + " {\"scenario\": \"slot-size\"}", WHERE))
                .isInstanceOf(ScenarioFile.ScenarioFormatException.class)
                .hasMessageStartingWith(WHERE + ":").hasMessageContaining("more text after the JSON value; only one JSON value may be in the file");
    }

    @Test
    void pinThatNamesTheFilesOwnScenario_orAnAliasOfIt_isRead() throws Exception {
        ScenarioFile.Contents c = ScenarioFile.parseContents(file("{\"name\": \"A\", \"scenario\": \"substring-cutoff\"}",
                ", \"compareBaseline\": \"A\""), WHERE);

        assertThat(c.pins()).extracting(p -> p.name()).containsExactly("A");
        assertThat(c.compareBaseline()).isEqualTo("A");
    }
}
