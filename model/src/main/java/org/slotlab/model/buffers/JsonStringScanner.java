package org.slotlab.model.buffers;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds every string token of a JSON document and measures it the way ruby/json's parser sizes
 * it (ruby/json PR #1135, https://github.com/ruby/json/pull/1135; json 2.9.1 ext/json/parser/parser.rl:917-1030
 * json_string_unescape per RUBY_FACTS.md): raw bytes between the quotes, decoded UTF-8 bytes,
 * whether it contains an escape, whether it is an object key. It does not build values; it
 * checks only what it needs (terminated strings, valid escapes) and reports the rest as the
 * document's problem with its name, line and byte offset.
 */
public final class JsonStringScanner {

    private JsonStringScanner() {
    }

    /** Scans a document given as text. */
    public static List<JsonString> scan(String source, String document) {
        return scan(source, document.getBytes(StandardCharsets.UTF_8));
    }

    /** Scans a UTF-8 document; {@code source} names it in error messages (a file name or generator spec). */
    public static List<JsonString> scan(String source, byte[] doc) {
        List<JsonString> out = new ArrayList<>();
        int i = 0;
        int n = doc.length;
        while (i < n) {
            if (doc[i] != '"') {
                i++;
                continue;
            }
            int start = i;
            i++;
            long raw = 0;
            long decoded = 0;
            boolean escaped = false;
            while (true) {
                if (i >= n) {
                    throw problem(source, doc, start, "unterminated string");
                }
                byte b = doc[i];
                if (b == '"') {
                    i++;
                    break;
                }
                if (b == '\\') {
                    escaped = true;
                    if (i + 1 >= n) {
                        throw problem(source, doc, i, "unterminated escape");
                    }
                    byte e = doc[i + 1];
                    if (e == 'u') {
                        int unit = hex4(source, doc, i);
                        if (Character.isHighSurrogate((char) unit) && i + 11 < n && doc[i + 6] == '\\'
                                && doc[i + 7] == 'u' && Character.isLowSurrogate((char) hex4(source, doc, i + 6))) {
                            decoded += 4;
                            raw += 12;
                            i += 12;
                        } else {
                            decoded += unit < 0x80 ? 1 : unit < 0x800 ? 2 : 3;
                            raw += 6;
                            i += 6;
                        }
                    } else if ("\"\\/bfnrt".indexOf(e) >= 0) {
                        decoded += 1;
                        raw += 2;
                        i += 2;
                    } else {
                        throw problem(source, doc, i, "invalid escape '\\" + (char) e + "'");
                    }
                    continue;
                }
                if (b >= 0 && b < 0x20) {
                    throw problem(source, doc, i, String.format("a raw control character 0x%02X inside a string (JSON writes it "
                            + "escaped, as \\u%04X)", b, b));
                }
                raw++;
                decoded++;
                i++;
            }
            int j = i;
            while (j < n && (doc[j] == ' ' || doc[j] == '\n' || doc[j] == '\r' || doc[j] == '\t')) {
                j++;
            }
            out.add(new JsonString(raw, decoded, escaped, j < n && doc[j] == ':'));
        }
        return out;
    }

    /**
     * One Array or object of the document (what json's parser builds besides strings).
     *
     * @param object  true for a JSON object (a Hash), false for an array
     * @param entries its elements, or its key/value pairs
     */
    public record Container(boolean object, int entries) {
    }

    /**
     * The document's arrays and objects, in the order their closing bracket comes (innermost first),
     * with their entry counts; brackets inside strings are skipped. The document is assumed
     * well-formed ({@link #scan} has checked its strings).
     */
    public static List<Container> containers(byte[] doc) {
        List<Container> out = new ArrayList<>();
        java.util.ArrayDeque<int[]> open = new java.util.ArrayDeque<>(); // {is object, commas, has content}
        int n = doc.length;
        for (int i = 0; i < n; i++) {
            byte b = doc[i];
            if (b == '"') {
                if (!open.isEmpty()) {
                    open.peek()[2] = 1;
                }
                for (i++; i < n && doc[i] != '"'; i++) {
                    if (doc[i] == '\\') {
                        i++;
                    }
                }
            } else if (b == '[' || b == '{') {
                if (!open.isEmpty()) {
                    open.peek()[2] = 1;
                }
                open.push(new int[] {b == '{' ? 1 : 0, 0, 0});
            } else if (b == ']' || b == '}') {
                int[] c = open.pop();
                out.add(new Container(c[0] == 1, c[2] == 0 ? 0 : c[1] + 1));
            } else if (b == ',') {
                if (!open.isEmpty()) {
                    open.peek()[1]++;
                }
            } else if (b != ' ' && b != '\n' && b != '\r' && b != '\t' && b != ':' && !open.isEmpty()) {
                open.peek()[2] = 1;
            }
        }
        return out;
    }

    private static int hex4(String source, byte[] doc, int backslash) {
        if (backslash + 5 >= doc.length) {
            throw problem(source, doc, backslash, "truncated \\u escape");
        }
        int v = 0;
        for (int k = backslash + 2; k < backslash + 6; k++) {
            int d = Character.digit(doc[k], 16);
            if (d < 0) {
                throw problem(source, doc, backslash, "invalid \\u escape");
            }
            v = v * 16 + d;
        }
        return v;
    }

    private static IllegalArgumentException problem(String source, byte[] doc, int offset, String what) {
        int line = 1;
        for (int k = 0; k < offset && k < doc.length; k++) {
            if (doc[k] == '\n') {
                line++;
            }
        }
        return new IllegalArgumentException(source + ":" + line + ": " + what + " at byte " + offset);
    }
}
