package org.slotlab.model.measured;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.Reader;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Streaming JSON reading that remembers where each value started, so that an importer can say
 * "line 12: expected a number in 'central_tendency'" about a value that is well-formed JSON but
 * not what the tool writes. Truncated or malformed JSON becomes an {@link ImportException} with
 * the parser's line number. Bounded: strings of at most {@value #MAX_STRING_CHARS} characters,
 * numbers of at most {@value #MAX_NUMBER_CHARS} digits, {@value #MAX_DEPTH} levels of nesting. A
 * key twice in one object is refused naming both lines; a number that overflows a double
 * ({@code 1e999}) is refused where it stands; nothing is converted between types (a string
 * {@code "256"} is not a number, {@code null} is not a name).
 */
public final class JsonLines {

    /** Longest JSON string read; names are checked against a far smaller limit later. */
    static final int MAX_STRING_CHARS = 1_000_000;
    /** Longest number text. */
    static final int MAX_NUMBER_CHARS = 100;
    /** Deepest nesting (the tools' files nest 4 levels). */
    static final int MAX_DEPTH = 64;

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxStringLength(MAX_STRING_CHARS).maxNumberLength(MAX_NUMBER_CHARS).maxNestingDepth(MAX_DEPTH).build())
            .build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(false);
    private static final Pattern DUPLICATE = Pattern.compile("^Duplicate field '(.{0,200})'");

    /** Visits one value that the caller reads as a tree, at a known line. */
    interface ValueVisitor {
        void visit(String key, JsonNode value, int line) throws ImportException;
    }

    private final JsonParser parser;
    private final String source;

    JsonLines(Reader reader, String source) throws ImportException {
        this.source = source;
        try {
            this.parser = FACTORY.createParser(reader);
        } catch (IOException e) {
            throw fail(e, null);
        }
    }

    String source() {
        return source;
    }

    /**
     * A whole JSON document (one value, nothing after it) read as a tree the way this class reads
     * results: a key twice in one object refused naming both places, bounded strings, numbers and
     * nesting, numbers that overflow a double refused, truncation and trailing text named with
     * their line. For the files Slotlab itself writes (cost profiles), which a person may edit.
     */
    public static JsonNode document(String text, String source) throws ImportException {
        JsonLines in = new JsonLines(new java.io.StringReader(text), source);
        JsonNode root = in.build(in.next());
        in.expectEnd();
        return root;
    }

    /** Moves to the next token; end of input before the structure closed is a truncation. */
    JsonToken next() throws ImportException {
        try {
            JsonToken t = parser.nextToken();
            if (t == null) {
                throw new ImportException(source, line(), "unexpected end of JSON; is the file truncated?");
            }
            return t;
        } catch (IOException e) {
            throw fail(e, null);
        }
    }

    /** Expects {@code token} next. */
    void expect(JsonToken token, String what) throws ImportException {
        JsonToken t = next();
        if (t != token) {
            throw new ImportException(source, line(), "expected " + what + ", found " + describe(t));
        }
    }

    /**
     * Reads the current value (at its first token) as a tree, refusing a key twice in one object
     * (naming both lines) and numbers that overflow a double.
     */
    JsonNode tree() throws ImportException {
        return build(parser.currentToken());
    }

    private JsonNode build(JsonToken t) throws ImportException {
        if (t == null) {
            throw new ImportException(source, line(), "unexpected end of JSON; is the file truncated?");
        }
        try {
            switch (t) {
                case START_OBJECT -> {
                    ObjectNode o = NODES.objectNode();
                    Map<String, String> lines = new HashMap<>();
                    while (true) {
                        JsonToken k = nextIn(lines);
                        if (k == JsonToken.END_OBJECT) {
                            return o;
                        }
                        String key = parser.currentName();
                        lines.put(key, place());
                        o.set(key, build(next()));
                    }
                }
                case START_ARRAY -> {
                    ArrayNode a = NODES.arrayNode();
                    while (true) {
                        JsonToken v = next();
                        if (v == JsonToken.END_ARRAY) {
                            return a;
                        }
                        a.add(build(v));
                    }
                }
                case VALUE_STRING -> {
                    return NODES.textNode(parser.getText());
                }
                case VALUE_NUMBER_INT -> {
                    if (parser.getText().equals("-0")) {
                        return NODES.numberNode(-0.0); // kept as -0, which no count or time can be
                    }
                    return switch (parser.getNumberType()) {
                        case INT -> NODES.numberNode(parser.getIntValue());
                        case LONG -> NODES.numberNode(parser.getLongValue());
                        default -> NODES.numberNode(parser.getBigIntegerValue());
                    };
                }
                case VALUE_NUMBER_FLOAT -> {
                    double d = parser.getDoubleValue();
                    if (!Double.isFinite(d)) {
                        throw new ImportException(source, line(), "the number " + TextLines.quote(parser.getText())
                                + " overflows a double; no measurement is that large");
                    }
                    return NODES.numberNode(d);
                }
                case VALUE_TRUE, VALUE_FALSE -> {
                    return NODES.booleanNode(t == JsonToken.VALUE_TRUE);
                }
                case VALUE_NULL -> {
                    return NODES.nullNode();
                }
                default -> throw new ImportException(source, line(), "expected a JSON value, found " + describe(t));
            }
        } catch (IOException e) {
            throw fail(e, null);
        }
    }

    /** The next token inside an object whose keys so far are {@code lines}. */
    private JsonToken nextIn(Map<String, String> lines) throws ImportException {
        try {
            JsonToken t = parser.nextToken();
            if (t == null) {
                throw new ImportException(source, line(), "unexpected end of JSON; is the file truncated?");
            }
            return t;
        } catch (IOException e) {
            throw fail(e, lines);
        }
    }

    /** Skips the current value's children. */
    void skip() throws ImportException {
        try {
            parser.skipChildren();
        } catch (IOException e) {
            throw fail(e, null);
        }
    }

    String fieldName() throws ImportException {
        try {
            return parser.currentName();
        } catch (IOException e) {
            throw fail(e, null);
        }
    }

    /** "line 3, column 5" of the current token. */
    private String place() {
        return place(parser.currentTokenLocation());
    }

    private static String place(JsonLocation loc) {
        return loc == null ? "an unknown place" : "line " + loc.getLineNr() + ", column " + loc.getColumnNr();
    }

    /** Line of the current token (1-based). */
    int line() {
        JsonLocation loc = parser.currentTokenLocation();
        return loc == null ? 0 : Math.max(loc.getLineNr(), 0);
    }

    /** Checks nothing but whitespace follows the top-level value. */
    void expectEnd() throws ImportException {
        try {
            JsonToken t = parser.nextToken();
            if (t != null) {
                throw new ImportException(source, line(), "expected the end of the JSON document, found " + describe(t)
                        + "; only one JSON value may be in the file");
            }
        } catch (IOException e) {
            ImportException f = fail(e, null);
            throw new ImportException(source, f.line(), "expected the end of the JSON document after its value, found more: "
                    + f.problem());
        }
    }

    private static String describe(JsonToken t) {
        return switch (t) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case END_OBJECT, END_ARRAY -> "the end of a structure";
            case FIELD_NAME -> "a key";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case VALUE_NULL -> "null";
            default -> "something else";
        };
    }

    /** A parser failure in words: truncation, a limit, a duplicate key, or malformed JSON. */
    private ImportException fail(IOException e, Map<String, String> keyLines) {
        int at = e instanceof JsonProcessingException j && j.getLocation() != null ? j.getLocation().getLineNr() : line();
        if (e instanceof StreamConstraintsException) {
            return new ImportException(source, at, "a JSON string, number or nesting goes beyond what is read (strings up to "
                    + MAX_STRING_CHARS + " characters, numbers up to " + MAX_NUMBER_CHARS + " digits, " + MAX_DEPTH + " levels)");
        }
        if (e instanceof JsonProcessingException j) {
            String what = j.getOriginalMessage() == null ? "" : j.getOriginalMessage().lines().findFirst().orElse("");
            Matcher dup = DUPLICATE.matcher(what);
            if (dup.find()) {
                String first = keyLines == null ? null : keyLines.get(dup.group(1));
                String second = place(((JsonProcessingException) e).getLocation());
                return new ImportException(source, at, "key " + TextLines.quote(dup.group(1)) + " appears twice in one object"
                        + (first != null ? ": at " + first + " and at " + second : " (the second time at " + second + ")")
                        + "; each key may appear once");
            }
            if (what.contains("end-of-input")) {
                return new ImportException(source, at, "unexpected end of JSON; is the file truncated?");
            }
            return new ImportException(source, at, "malformed JSON: " + plain(what));
        }
        return new ImportException(source, at, "cannot be read (" + InputText.reason(e) + ")");
    }

    /** The parser's description without its advice on parser features (which names classes). */
    private static String plain(String what) {
        String w = what;
        int enable = w.indexOf(": enable `");
        if (enable >= 0) {
            w = w.substring(0, enable);
        }
        int tick = w.indexOf('`');
        if (tick >= 0) {
            w = w.substring(0, tick).strip();
        }
        return w.isEmpty() ? "not valid JSON here" : w;
    }

    /** A number field, or an import error at {@code line} (a string such as "256" is not a number). */
    static double number(JsonNode obj, String field, String source, int line, String context) throws ImportException {
        JsonNode v = obj.get(field);
        if (v == null || !v.isNumber()) {
            throw new ImportException(source, line, "expected '" + field + "' of " + context + " to be a number, found "
                    + found(v));
        }
        return v.asDouble();
    }

    /** A whole-number field (a count), or an import error ({@code 2000000.5} and {@code "3"} are refused). */
    static long whole(JsonNode obj, String field, String source, int line, String context) throws ImportException {
        JsonNode v = obj.get(field);
        if (v == null || !v.isIntegralNumber() || !v.canConvertToLong()) {
            throw new ImportException(source, line, "expected '" + field + "' of " + context + " to be a whole number, found "
                    + found(v));
        }
        return v.asLong();
    }

    /** A non-empty string field, or an import error ({@code null} is not the name "null"). */
    static String text(JsonNode obj, String field, String source, int line, String context) throws ImportException {
        JsonNode v = obj.get(field);
        if (v == null || !v.isTextual() || v.asText().isEmpty()) {
            throw new ImportException(source, line, "expected '" + field + "' of " + context + " to be a non-empty string, found "
                    + found(v));
        }
        return v.asText();
    }

    /** How a value that is not what was expected looks, for a message: its type and (short) text. */
    static String found(JsonNode v) {
        if (v == null || v.isMissingNode()) {
            return "nothing";
        }
        if (v.isNull()) {
            return "null";
        }
        if (v.isTextual()) {
            return "the string " + TextLines.quote(v.asText()).replace("'", "\"");
        }
        if (v.isBoolean()) {
            return v.asText();
        }
        if (v.isNumber()) {
            return "the number " + v.asText();
        }
        return v.isArray() ? "an array" : "an object";
    }
}
