package org.slotlab.model.buffers;

import java.nio.charset.StandardCharsets;

/**
 * JSON string escaping as Python's {@code json.dumps} writes it, and its inverse as the ruby/json
 * parser decodes it (ruby/json PR #1135, https://github.com/ruby/json/pull/1135, ruby/json PR #1135). With
 * {@code ensure_ascii=True} (Python's default) every non-ASCII code point becomes
 * {@code \\uXXXX} (lower-case hex) and astral ones a surrogate pair of two escapes; {@code "},
 * {@code \\} and the control characters use their short escapes ({@code \\n}, {@code \\t}, ...)
 * or {@code \\u00XX}. With {@code ensure_ascii=False} non-ASCII text is written as UTF-8. Source:
 * CPython {@code Lib/json/encoder.py} ({@code ESCAPE_ASCII}, {@code py_encode_basestring_ascii}).
 *
 * <p>Decoded lengths are UTF-8 bytes: {@code \\u00e9} (6 bytes) decodes to 2, a CJK escape to 3,
 * a surrogate pair (12) to 4, {@code \\n} (2) to 1: the shrink json_string_unescape's buffer is
 * sized against.
 */
public final class JsonEscaping {

    /** Lower-case hex digits, as json.dumps writes {@code \\uXXXX}. */
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private JsonEscaping() {
    }

    /** The JSON text of {@code s} without the surrounding quotes, as Python's json.dumps writes it. */
    public static String escape(String s, boolean ensureAscii) {
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    if (c < 0x20 || (ensureAscii && c > 0x7e)) {
                        // Python escapes DEL (0x7f) too under ensure_ascii; UTF-16 units give surrogate pairs
                        out.append('\\').append('u').append(HEX[c >> 12 & 0xf]).append(HEX[c >> 8 & 0xf])
                                .append(HEX[c >> 4 & 0xf]).append(HEX[c & 0xf]);
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }

    /** Bytes of the escaped form of {@code s} in the document (UTF-8). */
    public static long escapedLength(String s, boolean ensureAscii) {
        return escape(s, ensureAscii).getBytes(StandardCharsets.UTF_8).length;
    }

    /** UTF-8 length of {@code s}: what the parsed Ruby string holds. */
    public static long utf8Length(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }
}
