package org.slotlab.model.measured;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Reader;

/**
 * Streaming JSON reading that remembers where each value started, so that an importer can say
 * "line 12: expected a number in 'central_tendency'" about a value that is well-formed JSON but
 * not what the tool writes. Truncated or malformed JSON becomes an {@link ImportException} with
 * Jackson's line number.
 */
final class JsonLines {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** Visits one value that the caller reads as a tree, at a known line. */
    interface ValueVisitor {
        void visit(String key, JsonNode value, int line) throws ImportException;
    }

    private final JsonParser parser;
    private final String source;

    JsonLines(Reader reader, String source) throws ImportException {
        this.source = source;
        try {
            this.parser = MAPPER.getFactory().createParser(reader);
        } catch (IOException e) {
            throw fail(e);
        }
    }

    String source() {
        return source;
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
            throw fail(e);
        }
    }

    /** Expects {@code token} next. */
    void expect(JsonToken token, String what) throws ImportException {
        JsonToken t = next();
        if (t != token) {
            throw new ImportException(source, line(), "expected " + what + ", found " + t.asString());
        }
    }

    /** Reads the current value (at its first token) as a tree. */
    JsonNode tree() throws ImportException {
        try {
            JsonNode n = MAPPER.readTree(parser);
            if (n == null) {
                throw new ImportException(source, line(), "unexpected end of JSON; is the file truncated?");
            }
            return n;
        } catch (IOException e) {
            throw fail(e);
        }
    }

    /** Skips the current value's children. */
    void skip() throws ImportException {
        try {
            parser.skipChildren();
        } catch (IOException e) {
            throw fail(e);
        }
    }

    String fieldName() throws ImportException {
        try {
            return parser.currentName();
        } catch (IOException e) {
            throw fail(e);
        }
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
                throw new ImportException(source, line(), "expected the end of the JSON document, found " + t.asString());
            }
        } catch (IOException e) {
            throw fail(e);
        }
    }

    private ImportException fail(IOException e) {
        if (e instanceof JsonProcessingException j && j.getLocation() != null) {
            String what = j.getOriginalMessage();
            if (what != null && what.contains("end-of-input")) {
                what = "unexpected end of JSON (" + what.lines().findFirst().orElse("") + "); is the file truncated?";
            } else {
                what = "malformed JSON: " + (what == null ? "" : what.lines().findFirst().orElse(""));
            }
            return new ImportException(source, j.getLocation().getLineNr(), what, e);
        }
        return new ImportException(source, line(), "cannot read: " + e.getMessage(), e);
    }

    /** A number field, or an import error at {@code line}. */
    static double number(JsonNode obj, String field, String source, int line, String context) throws ImportException {
        JsonNode v = obj.get(field);
        if (v == null || !v.isNumber()) {
            throw new ImportException(source, line, "expected a number in '" + field + "' of " + context
                    + ", found " + (v == null ? "nothing" : v.toString()));
        }
        return v.asDouble();
    }
}
