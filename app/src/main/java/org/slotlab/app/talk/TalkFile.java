package org.slotlab.app.talk;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slotlab.app.io.ScenarioFile;
import org.slotlab.app.scenario.ScenarioRequest;

/**
 * A talk file, {@code NAME.slotlab-talk.json}: a format version, a title and the steps, each a
 * scenario state written as a scenario file writes it (the scenario id, its settings by knob
 * name, the pins and the compare baseline) plus the slide's title, caption and the chart ids to
 * show. A knob a step does not name takes its default.
 *
 * <p>The reader is strict: an unknown field, a missing title, a chart the scenario does not draw,
 * a setting out of range or a newer format version is refused with one {@link TalkFormatException}
 * whose message names the file, the line and the field; the caller keeps whatever talk it had.
 * The settings of each step go through {@link ScenarioFile}'s reader, so a talk accepts exactly
 * what a scenario file accepts. Written atomically (temp file, then move).
 */
public final class TalkFile {

    /** The format version this Slotlab writes. */
    public static final int VERSION = 1;
    /** The field holding the version. */
    public static final String VERSION_FIELD = "slotlabTalkVersion";
    /** File name suffix of talk files. */
    public static final String SUFFIX = ".slotlab-talk.json";
    /** Steps one talk may hold: a bound for the reader, far beyond any talk's length. */
    public static final int MAX_STEPS = 500;

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .enable(com.fasterxml.jackson.core.JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /**
     * Largest talk file read, bytes: a talk is a few KiB per step (a scenario state, a title, a
     * caption); anything this large is not one, and is refused before it is read.
     */
    public static final long MAX_BYTES = 8L * 1024 * 1024;
    private static final List<String> FIELDS = List.of(VERSION_FIELD, "title", "steps");
    private static final List<String> STEP_FIELDS = List.of("title", "caption", "view", "scenario", "settings", "pins",
            "compareBaseline");
    private static final Pattern SETTING = Pattern.compile("settings\\.[^.:]+\\.([A-Za-z0-9_-]+)");
    private static final Pattern PIN = Pattern.compile("pins\\[(\\d+)\\]");

    private TalkFile() {}

    // ------------------------------------------------------------------ writing

    /** The JSON text of a talk. */
    public static String toJson(Talk talk) {
        ObjectNode root = JSON.createObjectNode();
        root.put(VERSION_FIELD, VERSION);
        root.put("title", talk.title());
        ArrayNode steps = root.putArray("steps");
        for (TalkStep s : talk.steps()) {
            ObjectNode o = steps.addObject();
            o.put("title", s.title());
            o.put("caption", s.caption());
            ArrayNode view = o.putArray("view");
            s.view().forEach(view::add);
            JsonNode state;
            try {
                state = JSON.readTree(ScenarioFile.toJson(s.state()));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("cannot write a step's state: " + e.getOriginalMessage(), e);
            }
            o.put("scenario", s.scenario());
            o.set("settings", state.path("settings").path(s.scenario()));
            o.set("pins", state.path("pins"));
            o.put("compareBaseline", s.state().compareBaseline());
        }
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write talk JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** Writes {@code file} atomically. */
    public static void save(Talk talk, Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Path tmp = Files.createTempFile(dir, ".slotlab-talk-", ".tmp");
        try {
            Files.writeString(tmp, toJson(talk));
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    // ------------------------------------------------------------------ reading

    /**
     * Reads a talk file; the message names the file, the line and what is wrong. Only a regular
     * file of at most {@link #MAX_BYTES}, UTF-8 (a byte order mark is skipped; other encodings and
     * NUL bytes are refused with their line); a key twice in one object and text after the JSON
     * value are refused.
     */
    public static Talk load(Path file) throws TalkFormatException {
        String text;
        try {
            text = org.slotlab.model.measured.InputText.read(file, MAX_BYTES, "a talk file (*.slotlab-talk.json)",
                    "; a talk file is a few KiB per step");
        } catch (org.slotlab.model.measured.ImportException e) {
            throw new TalkFormatException(e.line() > 0 ? e.getMessage() : e.source() + ": " + e.problem());
        }
        return parse(text, file.toString());
    }

    /** Parses talk JSON; {@code where} names the source in messages. */
    public static Talk parse(String text, String where) throws TalkFormatException {
        JsonNode root;
        Map<String, Integer> lines;
        try {
            root = JSON.readTree(text);
            lines = lines(text);
        } catch (JsonProcessingException e) {
            throw new TalkFormatException(org.slotlab.app.io.JsonProblems.describe(where, e));
        }
        Where at = new Where(where, lines);
        if (root == null || !root.isObject()) {
            throw at.error("", "not a Slotlab talk (expected a JSON object)");
        }
        JsonNode v = root.get(VERSION_FIELD);
        if (v == null) {
            throw at.error("", "not a Slotlab talk (no '" + VERSION_FIELD + "' field)");
        }
        if (!v.isIntegralNumber() || !v.canConvertToInt()) {
            throw at.error("/" + VERSION_FIELD, "'" + VERSION_FIELD + "' must be a whole number, got " + v);
        }
        if (v.intValue() > VERSION) {
            throw at.error("/" + VERSION_FIELD, "talk format version " + v.intValue()
                    + " is newer than this Slotlab reads (" + VERSION + "); open it with a newer Slotlab");
        }
        if (v.intValue() != VERSION) {
            throw at.error("/" + VERSION_FIELD, "unknown talk format version " + v.intValue()
                    + " (this Slotlab reads version " + VERSION + ")");
        }
        unknownFields(root, FIELDS, "", at);
        JsonNode title = root.path("title");
        if (!title.isMissingNode() && !title.isTextual()) {
            throw at.error("/title", "'title' must be a string");
        }
        JsonNode steps = root.path("steps");
        if (!steps.isArray()) {
            throw at.error(steps.isMissingNode() ? "" : "/steps", "'steps' must be an array of steps");
        }
        if (steps.size() > MAX_STEPS) {
            throw at.error("/steps", "at most " + MAX_STEPS + " steps, got " + steps.size());
        }
        List<TalkStep> out = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            out.add(step(steps.get(i), i, at));
        }
        return new Talk(title.asText(""), out);
    }

    private static TalkStep step(JsonNode node, int i, Where at) throws TalkFormatException {
        String ptr = "/steps/" + i;
        String field = "steps[" + i + "]";
        if (!node.isObject()) {
            throw at.error(ptr, field + " must be an object");
        }
        unknownFields(node, STEP_FIELDS, ptr, at);
        String title = text(node, "title", true, ptr, field, at);
        String caption = text(node, "caption", false, ptr, field, at);
        if (caption.contains("\n")) {
            throw at.error(ptr + "/caption", field + ".caption must be one line");
        }
        String scenario = text(node, "scenario", true, ptr, field, at);
        ObjectNode doc = JSON.createObjectNode();
        doc.put(ScenarioFile.VERSION_FIELD, ScenarioFile.VERSION);
        doc.put("scenario", scenario);
        if (node.has("settings")) {
            doc.putObject("settings").set(scenario, node.get("settings"));
        }
        if (node.has("pins")) {
            doc.set("pins", node.get("pins"));
        }
        if (node.has("compareBaseline")) {
            doc.set("compareBaseline", node.get("compareBaseline"));
        }
        ScenarioRequest state;
        try {
            state = ScenarioFile.parseContents(doc.toString(), "").request();
        } catch (ScenarioFile.ScenarioFormatException e) {
            String msg = e.getMessage().replaceFirst("^: ", "");
            throw at.error(pointerOf(msg, ptr), field + ": " + msg);
        }
        JsonNode view = node.path("view");
        List<String> ids = new ArrayList<>();
        if (view.isMissingNode()) {
            return TalkStep.of(title, caption, state);
        }
        if (!view.isArray()) {
            throw at.error(ptr + "/view", field + ".view must be an array of chart ids");
        }
        for (JsonNode id : view) {
            if (!id.isTextual()) {
                throw at.error(ptr + "/view", field + ".view must be an array of chart ids");
            }
            ids.add(id.asText());
        }
        try {
            return new TalkStep(title, caption, state, ids);
        } catch (IllegalArgumentException e) {
            throw at.error(ptr + "/view", field + ".view: " + e.getMessage());
        }
    }

    /** The pointer of the field a scenario-file message names (a setting or a pin), else the step's. */
    private static String pointerOf(String message, String step) {
        Matcher pin = PIN.matcher(message);
        if (pin.find()) {
            return step + "/pins/" + pin.group(1);
        }
        Matcher m = SETTING.matcher(message);
        if (m.find()) {
            return step + "/settings/" + m.group(1);
        }
        if (message.startsWith("scenario")) {
            return step + "/scenario";
        }
        if (message.contains("compareBaseline")) {
            return step + "/compareBaseline";
        }
        return step;
    }

    private static String text(JsonNode node, String name, boolean required, String ptr, String field, Where at)
            throws TalkFormatException {
        JsonNode n = node.get(name);
        if (n == null) {
            if (required) {
                throw at.error(ptr, field + " has no '" + name + "'");
            }
            return "";
        }
        if (!n.isTextual() || (required && n.asText().isBlank())) {
            throw at.error(ptr + "/" + name, field + "." + name + " must be " + (required ? "a non-empty string" : "a string"));
        }
        return n.asText();
    }

    private static void unknownFields(JsonNode node, List<String> known, String ptr, Where at) throws TalkFormatException {
        for (var it = node.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!known.contains(f)) {
                throw at.error(ptr + "/" + f, "unknown field '" + f + "' (fields: " + String.join(", ", known) + ")");
            }
        }
    }

    /** The line of every value in the text, by JSON pointer (the line its field name or first token is on). */
    private static Map<String, Integer> lines(String text) throws JsonProcessingException {
        Map<String, Integer> out = new HashMap<>();
        try (JsonParser p = JSON.getFactory().createParser(text)) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                String ptr = t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY
                        ? p.getParsingContext().getParent() == null ? "" : p.getParsingContext().getParent().pathAsPointer().toString()
                        : p.getParsingContext().pathAsPointer().toString();
                out.putIfAbsent(ptr, p.currentTokenLocation().getLineNr());
            }
        } catch (JsonProcessingException e) {
            throw e;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    /** The file name and the line of each pointer, for messages. */
    private record Where(String file, Map<String, Integer> lines) {
        TalkFormatException error(String pointer, String message) {
            String p = pointer;
            Integer line = lines.get(p);
            while (line == null && !p.isEmpty()) {
                p = p.substring(0, Math.max(0, p.lastIndexOf('/')));
                line = lines.get(p);
            }
            return new TalkFormatException(file + ":" + (line == null ? 1 : line) + ": " + message);
        }
    }

    /** A talk file that cannot be opened; the message names the file, the line and the problem. */
    public static final class TalkFormatException extends Exception {
        public TalkFormatException(String message) {
            super(message);
        }
    }
}
