package org.slotlab.app.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slotlab.app.knob.Knob;
import org.slotlab.app.knob.KnobException;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.measured.OverlaySource;
import org.slotlab.app.scenario.ModelInputs;
import org.slotlab.app.scenario.Pin;
import org.slotlab.app.scenario.Scenario;
import org.slotlab.app.scenario.ScenarioRegistry;
import org.slotlab.app.scenario.ScenarioRequest;
import org.slotlab.model.measured.ImportException;
import org.slotlab.model.measured.InputText;

/**
 * A saved workbench state, {@code NAME.slotlab.json}: a format version, the scenario shown, the
 * settings of each scenario under its id (knob name to value), the pins and the compare baseline,
 * so that opening it reproduces identical charts (the model is deterministic). A knob a file does
 * not mention takes the scenario's default, so files stay valid as scenarios gain knobs.
 *
 * <p>Version {@value #VERSION}. Version 1 files (one {@code parameters} object for every
 * scenario's knobs) still open: {@link ScenarioFileMigration} maps their fields onto the
 * scenarios' knobs. A newer version, or a file that is not valid, is refused with a
 * {@link ScenarioFormatException} whose message names the file and the field, and the caller
 * keeps its state. Written atomically (temp file, then move), so a failed save never truncates
 * an existing file. Overlays ({@link OverlaySource}: path, format, name mapping) are stored with
 * paths relative to the scenario file when the results file lies in its folder. JSON via Jackson
 * ({@code FasterXML/jackson-databind}).
 */
public final class ScenarioFile {

    /** The format version this Slotlab writes. */
    public static final int VERSION = 2;
    /** The field holding the version. */
    public static final String VERSION_FIELD = "slotlabScenarioVersion";
    /** File name suffix of scenario files. */
    public static final String SUFFIX = ".slotlab.json";

    /**
     * Largest scenario file read, bytes: a saved scenario is a few KiB (settings, pins, overlays
     * by path); anything this large is not one, and is refused before it is read.
     */
    public static final long MAX_BYTES = 4L * 1024 * 1024;

    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .enable(com.fasterxml.jackson.core.JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /** Field names a version-2 file may hold at the top level. */
    private static final List<String> FIELDS = List.of(VERSION_FIELD, "scenario", "settings", "pins", "compareBaseline",
            "overlays");

    private ScenarioFile() {}

    /**
     * What a scenario file holds: the scenario shown, each scenario's settings by id, every
     * scenario's pins (each pin's settings name its scenario), the compare baseline of the scenario
     * shown and the overlays of measured results.
     */
    public record Contents(String scenario, Map<String, Settings> settings, List<Pin> pins, String compareBaseline,
            List<OverlaySource> overlays) {
        public Contents {
            settings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(settings));
            pins = List.copyOf(pins);
            overlays = List.copyOf(overlays);
            compareBaseline = compareBaseline == null ? ScenarioRequest.POLICY_BASELINE : compareBaseline;
        }

        /** The request the charts show: the scenario's settings, its pins and the compare baseline. */
        public ScenarioRequest request() {
            Settings s = settings.get(scenario);
            return new ScenarioRequest(s != null ? s : ScenarioRegistry.byId(scenario).defaults(), pinsOf(scenario), compareBaseline);
        }

        /** The pins of one scenario, in file order. */
        public List<Pin> pinsOf(String scenarioId) {
            return pins.stream().filter(p -> p.settings().scenario().equals(scenarioId)).toList();
        }

        /** A file of one request: its scenario's settings and pins. */
        public static Contents of(ScenarioRequest r, List<OverlaySource> overlays) {
            return new Contents(r.settings().scenario(), Map.of(r.settings().scenario(), r.settings()), r.pins(),
                    r.compareBaseline(), overlays);
        }
    }

    /** The JSON text of a request. */
    public static String toJson(ScenarioRequest request) {
        return toJson(Contents.of(request, List.of()));
    }

    /** The JSON text of a request and its overlays (paths written as given). */
    public static String toJson(ScenarioRequest request, List<OverlaySource> overlays) {
        return toJson(Contents.of(request, overlays));
    }

    /** The JSON text of a whole workbench state. */
    public static String toJson(Contents c) {
        ObjectNode root = JSON.createObjectNode();
        root.put(VERSION_FIELD, VERSION);
        root.put("scenario", c.scenario());
        ObjectNode all = root.putObject("settings");
        c.settings().forEach((id, s) -> all.set(id, settingsJson(s)));
        var pins = root.putArray("pins");
        for (Pin pin : c.pins()) {
            ObjectNode o = pins.addObject();
            o.put("name", pin.name());
            o.put("scenario", pin.settings().scenario());
            o.set("settings", settingsJson(pin.settings()));
        }
        root.put("compareBaseline", c.compareBaseline());
        if (!c.overlays().isEmpty()) {
            var arr = root.putArray("overlays");
            for (OverlaySource o : c.overlays()) {
                arr.addObject().put("path", o.path()).put("format", o.format()).put("mapping", o.mapping());
            }
        }
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write scenario JSON: " + e.getOriginalMessage(), e);
        }
    }

    private static ObjectNode settingsJson(Settings s) {
        ObjectNode o = JSON.createObjectNode();
        for (Knob<?> k : s.knobs()) {
            o.set(k.name(), JSON.valueToTree(json(k, s)));
        }
        return o;
    }

    private static <T> Object json(Knob<T> k, Settings s) {
        return k.type().toJson(s.get(k));
    }

    /** Writes {@code file} atomically. */
    public static void save(ScenarioRequest request, Path file) throws IOException {
        save(Contents.of(request, List.of()), file);
    }

    /** Writes {@code file} atomically, overlay paths relative to its folder where they lie under it. */
    public static void save(ScenarioRequest request, List<OverlaySource> overlays, Path file) throws IOException {
        save(Contents.of(request, overlays), file);
    }

    /** Writes a whole workbench state atomically, overlay paths relative to the file's folder where they lie under it. */
    public static void save(Contents c, Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        List<OverlaySource> rel = c.overlays().stream().map(o -> o.relativeTo(dir)).toList();
        org.slotlab.model.io.AtomicWrite.writeString(file,
                toJson(new Contents(c.scenario(), c.settings(), c.pins(), c.compareBaseline(), rel)));
    }

    /** Reads a scenario file; the message names the file and what is wrong. */
    public static ScenarioRequest load(Path file) throws ScenarioFormatException {
        return loadContents(file).request();
    }

    /** Reads a scenario file with its overlays, their paths resolved against the file's folder. */
    public static Contents loadContents(Path file) throws ScenarioFormatException {
        String text;
        try {
            text = InputText.read(file, MAX_BYTES, "a scenario file (*.slotlab.json)", "; a scenario file is a few KiB");
        } catch (ImportException e) {
            throw new ScenarioFormatException(e.line() > 0 ? e.getMessage() : e.source() + ": " + e.problem());
        }
        Contents c = parseContents(text, file.toString());
        Path dir = file.toAbsolutePath().getParent();
        List<OverlaySource> resolved = c.overlays().stream()
                .map(o -> new OverlaySource(o.resolve(dir).toString(), o.format(), o.mapping())).toList();
        return new Contents(c.scenario(), c.settings(), c.pins(), c.compareBaseline(), resolved);
    }

    /** Parses scenario JSON; {@code where} names the source in messages. */
    public static ScenarioRequest parse(String text, String where) throws ScenarioFormatException {
        return parseContents(text, where).request();
    }

    /** Parses scenario JSON with its overlays (paths as written); a version-1 file is migrated first. */
    public static Contents parseContents(String text, String where) throws ScenarioFormatException {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new ScenarioFormatException(JsonProblems.describe(where, e));
        }
        if (root == null || !root.isObject()) {
            throw new ScenarioFormatException(where + ": not a Slotlab scenario (expected a JSON object)");
        }
        JsonNode v = root.get(VERSION_FIELD);
        if (v == null) {
            throw new ScenarioFormatException(where + ": not a Slotlab scenario (no '" + VERSION_FIELD + "' field)");
        }
        if (!v.canConvertToInt() || !v.isIntegralNumber()) {
            throw new ScenarioFormatException(where + ": '" + VERSION_FIELD + "' must be a whole number, got " + v);
        }
        int version = v.intValue();
        if (version > VERSION) {
            throw new ScenarioFormatException(where + ": scenario format version " + version
                    + " is newer than this Slotlab reads (" + VERSION + "); open it with a newer Slotlab");
        }
        if (version == 1) {
            root = ScenarioFileMigration.fromVersion1((ObjectNode) root, where);
        } else if (version != VERSION) {
            throw new ScenarioFormatException(where + ": unknown scenario format version " + version
                    + " (this Slotlab reads versions 1 and " + VERSION + ")");
        }
        for (var it = root.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!FIELDS.contains(f)) {
                throw new ScenarioFormatException(where + ": unknown field '" + f + "'");
            }
        }
        String current = root.path("scenario").asText("");
        Scenario shown;
        try {
            shown = ScenarioRegistry.byId(current);
        } catch (IllegalArgumentException e) {
            throw new ScenarioFormatException(where + ": scenario: " + e.getMessage());
        }
        Map<String, Settings> settings = new LinkedHashMap<>();
        JsonNode all = root.path("settings");
        if (!all.isMissingNode() && !all.isObject()) {
            throw new ScenarioFormatException(where + ": 'settings' must be an object of scenario ids");
        }
        for (var it = all.fields(); it.hasNext(); ) {
            var e = it.next();
            Scenario s;
            try {
                s = ScenarioRegistry.byId(e.getKey());
            } catch (IllegalArgumentException ex) {
                throw new ScenarioFormatException(where + ": settings: " + ex.getMessage());
            }
            settings.put(s.id(), settings(s, e.getValue(), where, "settings." + s.id()));
        }
        settings.putIfAbsent(shown.id(), shown.defaults());
        List<Pin> pins = new ArrayList<>();
        JsonNode pinsNode = root.path("pins");
        if (!pinsNode.isMissingNode() && !pinsNode.isArray()) {
            throw new ScenarioFormatException(where + ": 'pins' must be an array");
        }
        int i = 0;
        Map<String, String> pinFields = new LinkedHashMap<>();
        for (JsonNode pn : pinsNode) {
            String field = "pins[" + i + "]";
            if (!pn.isObject()) {
                throw new ScenarioFormatException(where + ": " + field + " must be an object with a name and settings, got "
                        + found(pn));
            }
            for (var it = pn.fieldNames(); it.hasNext(); ) {
                String f = it.next();
                if (!PIN_FIELDS.contains(f)) {
                    throw new ScenarioFormatException(where + ": " + field + ": unknown field '" + f + "' (a pin has "
                            + String.join(", ", PIN_FIELDS) + ")");
                }
            }
            JsonNode nameNode = pn.path("name");
            if (!nameNode.isTextual() || nameNode.asText().isBlank()) {
                throw new ScenarioFormatException(where + ": " + field + ".name must be a non-empty string, got " + found(nameNode));
            }
            String name = nameNode.asText();
            if (name.equals(ScenarioRequest.POLICY_BASELINE)) {
                throw new ScenarioFormatException(where + ": " + field + ".name '" + name + "' is the name of the compare table's "
                        + "policy baseline; give the pin another name");
            }
            // a pin names its scenario; files of earlier versions hold only the shown scenario's pins
            Scenario of = shown;
            JsonNode sid = pn.path("scenario");
            if (!sid.isMissingNode()) {
                if (!sid.isTextual()) {
                    throw new ScenarioFormatException(where + ": " + field + ".scenario must be a scenario id");
                }
                try {
                    of = ScenarioRegistry.byId(sid.asText());
                } catch (IllegalArgumentException ex) {
                    throw new ScenarioFormatException(where + ": " + field + ".scenario: " + ex.getMessage());
                }
            }
            String scenarioId = of.id();
            String earlier = pinFields.putIfAbsent(scenarioId + "\u0000" + name, field);
            if (earlier != null) {
                throw new ScenarioFormatException(where + ": " + field + ".name '" + name + "' is also " + earlier
                        + ".name; pin names must differ");
            }
            pins.add(new Pin(name, settings(of, pn.path("settings"), where, field + ".settings")));
            if (pins.stream().filter(q -> q.settings().scenario().equals(scenarioId)).count() > Pin.MAX_PINS) {
                throw new ScenarioFormatException(where + ": at most " + Pin.MAX_PINS + " pins per scenario, " + scenarioId + " has more");
            }
            i++;
        }
        JsonNode baselineNode = root.path("compareBaseline");
        if (!baselineNode.isMissingNode() && !baselineNode.isTextual()) {
            throw new ScenarioFormatException(where + ": compareBaseline must be a string ('" + ScenarioRequest.POLICY_BASELINE
                    + "' or a pin's name), got " + found(baselineNode));
        }
        String baseline = baselineNode.asText(ScenarioRequest.POLICY_BASELINE);
        if (!baseline.equals(ScenarioRequest.POLICY_BASELINE)
                && pins.stream().noneMatch(q -> q.name().equals(baseline) && q.settings().scenario().equals(shown.id()))) {
            throw new ScenarioFormatException(where + ": compareBaseline '" + baseline + "' is neither '"
                    + ScenarioRequest.POLICY_BASELINE + "' nor a pin's name");
        }
        return new Contents(shown.id(), settings, pins, baseline, overlays(root.path("overlays"), where));
    }

    /** Fields of one pin; {@code scenario} is optional (files of earlier versions: the scenario shown). */
    private static final List<String> PIN_FIELDS = List.of("name", "settings", "scenario");

    /** The registered id of a scenario id or alias, or the text itself when none matches. */
    private static String idOf(String idOrAlias) {
        try {
            return ScenarioRegistry.byId(idOrAlias).id();
        } catch (IllegalArgumentException e) {
            return idOrAlias;
        }
    }

    /** A JSON value as a message shows it: its type and, when short, its text. */
    private static String found(JsonNode v) {
        if (v == null || v.isMissingNode()) {
            return "nothing";
        }
        String text = v.toString();
        String type = v.isTextual() ? "the string" : v.isNumber() ? "the number" : v.isBoolean() ? "the boolean"
                : v.isNull() ? "null" : v.isArray() ? "an array" : "an object";
        return v.isNull() || v.isContainerNode() || text.length() > 80 ? type : type + " " + text;
    }

    /** One scenario's settings: the knobs the object names, every other knob at its default. */
    static Settings settings(Scenario scenario, JsonNode node, String where, String field) throws ScenarioFormatException {
        Settings s = scenario.defaults();
        if (node.isMissingNode() || node.isNull()) {
            return s;
        }
        if (!node.isObject()) {
            throw new ScenarioFormatException(where + ": '" + field + "' must be an object");
        }
        for (var it = node.fields(); it.hasNext(); ) {
            var e = it.next();
            if (!s.has(e.getKey())) {
                throw new ScenarioFormatException(where + ": " + field + ": unknown setting '" + e.getKey() + "' (settings: "
                        + String.join(", ", s.knobs().stream().map(Knob::name).toList()) + ")");
            }
            try {
                s = fromJson(s, s.knob(e.getKey()), JSON.convertValue(e.getValue(), Object.class));
            } catch (KnobException ex) {
                throw new ScenarioFormatException(where + ": " + field + "." + e.getKey() + ": " + firstLine(ex.rule()));
            } catch (IllegalArgumentException | ClassCastException ex) {
                throw new ScenarioFormatException(where + ": " + field + "." + e.getKey() + ": " + firstLine(ex.getMessage()));
            }
        }
        try {
            scenario.check(s);
            ModelInputs.profile(s);
            if (s.has("layout")) {
                ModelInputs.layout(s);
            }
        } catch (KnobException ex) {
            throw new ScenarioFormatException(where + ": " + field + "." + ex.knob().name() + ": " + firstLine(ex.rule()));
        } catch (IllegalArgumentException ex) {
            throw new ScenarioFormatException(where + ": " + field + ": " + firstLine(ex.getMessage()));
        }
        return s;
    }

    private static <T> Settings fromJson(Settings s, Knob<T> k, Object json) {
        if (json == null) {
            throw new IllegalArgumentException("needs a value");
        }
        String expected = jsonTypeOf(k.type().valueClass());
        boolean fits = switch (expected) {
            case "a number" -> json instanceof Number;
            case "true or false" -> json instanceof Boolean;
            case "a string" -> json instanceof String;
            default -> true;
        };
        if (!fits) {
            String text = String.valueOf(json);
            String found = json instanceof String ? "the string \"" + (text.length() > 80 ? text.substring(0, 80) + "..." : text) + "\""
                    : json instanceof Number ? "the number " + text : json instanceof Boolean ? "the boolean " + text
                    : json instanceof List ? "an array" : "an object";
            throw new IllegalArgumentException("expected " + expected + ", got " + found + "; nothing is converted");
        }
        return s.with(k, k.type().fromJson(json));
    }

    /** The JSON type a knob's value is written as ("" where the knob takes more than one shape: lists, layouts). */
    private static String jsonTypeOf(Class<?> valueClass) {
        if (Number.class.isAssignableFrom(valueClass)) {
            return "a number";
        }
        if (valueClass == Boolean.class) {
            return "true or false";
        }
        return valueClass == String.class ? "a string" : "";
    }

    private static List<OverlaySource> overlays(JsonNode node, String where) throws ScenarioFormatException {
        if (node.isMissingNode()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw new ScenarioFormatException(where + ": 'overlays' must be an array");
        }
        List<OverlaySource> out = new ArrayList<>();
        int i = 0;
        for (JsonNode o : node) {
            String field = "overlays[" + i++ + "]";
            if (!o.isObject() || !o.path("path").isTextual()) {
                throw new ScenarioFormatException(where + ": " + field + ".path must be a string");
            }
            for (var it = o.fieldNames(); it.hasNext(); ) {
                String f = it.next();
                if (!List.of("path", "format", "mapping").contains(f)) {
                    throw new ScenarioFormatException(where + ": " + field + ": unknown field '" + f + "'");
                }
            }
            try {
                out.add(new OverlaySource(o.get("path").asText(), o.path("format").asText(null), o.path("mapping").asText("")));
            } catch (IllegalArgumentException e) {
                throw new ScenarioFormatException(where + ": " + field + ": " + e.getMessage());
            }
        }
        return out;
    }

    static String firstLine(String s) {
        if (s == null) {
            return "invalid value";
        }
        int i = s.indexOf('\n');
        return i < 0 ? s : s.substring(0, i);
    }

    /** A scenario file that cannot be opened; the message names the file and the problem. */
    public static final class ScenarioFormatException extends Exception {
        public ScenarioFormatException(String message) {
            super(message);
        }
    }
}
