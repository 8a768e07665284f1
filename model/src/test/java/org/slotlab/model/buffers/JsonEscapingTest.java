package org.slotlab.model.buffers;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JsonEscapingTest {

    @Test
    void ensureAscii_writesEveryNonAsciiUnitAsLowerCaseHex_likePythonsJsonDumps() {
        // json.dumps("é😀\x7f\x01\"\\\n") == '"\\u00e9\\ud83d\\ude00\\u007f\\u0001\\"\\\\\\n"'
        String s = "é\uD83D\uDE00\u007f\u0001\"\\\n";

        assertThat(JsonEscaping.escape(s, true)).isEqualTo("\\u00e9\\ud83d\\ude00\\u007f\\u0001\\\"\\\\\\n");
        assertThat(JsonEscaping.escapedLength(s, true)).isEqualTo(6 + 12 + 6 + 6 + 2 + 2 + 2);
    }

    @Test
    void withoutEnsureAscii_onlyQuotesBackslashesAndControlsAreEscaped_theRestStaysUtf8() {
        // json.dumps(..., ensure_ascii=False): DEL and non-ASCII text are written as they are
        String s = "é\uD83D\uDE00\u007f\u0001\t";

        assertThat(JsonEscaping.escape(s, false)).isEqualTo("é\uD83D\uDE00\u007f\\u0001\\t");
        assertThat(JsonEscaping.escapedLength(s, false)).isEqualTo(2 + 4 + 1 + 6 + 2);
        assertThat(JsonEscaping.utf8Length(s)).isEqualTo(2 + 4 + 1 + 1 + 1);
    }
}
