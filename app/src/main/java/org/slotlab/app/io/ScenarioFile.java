package org.slotlab.app.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.slotlab.app.measured.OverlaySource;
import org.slotlab.app.scenario.Parameters;
import org.slotlab.app.scenario.Pin;
import org.slotlab.app.scenario.ScenarioRegistry;
import org.slotlab.app.scenario.ScenarioRequest;

/**
 * A saved workbench state, {@code NAME.slotlab.json}: a format version, every parameter, the pins
 * and the compare baseline, so that opening it reproduces identical charts (the model is
 * deterministic). Version {@value #VERSION}; a file of another version, or one that is not valid,
 * is refused with a {@link ScenarioFormatException} whose message names the file and the field,
 * and the caller keeps its current state. Written atomically (temp file, then move), so a failed
 * save never truncates an existing file. JSON via Jackson ({@code FasterXML/jackson-databind}).
 * Fields added within version 1 are optional, so older version-1 files still open: a missing
 * {@code parameters.keepWhileTiming} means false (the thread's timing), missing {@code overlays}
 * means none, missing {@code parameters.strBuf}, {@code jsonUnescape} or {@code requireIndex} (the
 * issue-4 scenarios' knobs) mean those scenarios' thread settings. Overlays ({@link OverlaySource}: path, format, name mapping) are stored with paths
 * relative to the scenario file when the results file lies in its folder.
 */
public final class ScenarioFile {

    /** The format version this Slotlab writes and reads. */
    public static final int VERSION = 1;
    /** The field holding the version. */
    public static final String VERSION_FIELD = "slotlabScenarioVersion";
    /** File name suffix of scenario files. */
    public static final String SUFFIX = ".slotlab.json";

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES);

    private ScenarioFile() {}

    /** Field names a version-1 file may hold at the top level. */
    private static final List<String> FIELDS = List.of(VERSION_FIELD, "parameters", "pins", "compareBaseline", "overlays");
    /** The parameter added within version 1; absent in older files, where it means false. */
    static final String KEEP_WHILE_TIMING = "keepWhileTiming";

    /** The issue-4 scenarios' knobs, added within version 1, and their values when absent (the threads' settings). */
    private static final java.util.Map<String, Object> ADDED_SETTINGS = java.util.Map.of(
            "strBuf", org.slotlab.app.scenario.StrBufSettings.threadDefaults(),
            "jsonUnescape", org.slotlab.app.scenario.JsonUnescapeSettings.threadDefaults(),
            "requireIndex", org.slotlab.app.scenario.RequireIndexSettings.threadDefaults());

    /** What a scenario file holds: the request and the overlays of measured results (absolute paths after loading). */
    public record Contents(ScenarioRequest request, List<OverlaySource> overlays) {
        public Contents {
            overlays = List.copyOf(overlays);
        }
    }

    /** The JSON text of a request. */
    public static String toJson(ScenarioRequest request) {
        return toJson(request, List.of());
    }

    /** The JSON text of a request and its overlays (paths written as given). */
    public static String toJson(ScenarioRequest request, List<OverlaySource> overlays) {
        ObjectNode root = JSON.createObjectNode();
        root.put(VERSION_FIELD, VERSION);
        root.set("parameters", JSON.valueToTree(request.parameters()));
        var pins = root.putArray("pins");
        for (Pin pin : request.pins()) {
            ObjectNode o = pins.addObject();
            o.put("name", pin.name());
            o.set("parameters", JSON.valueToTree(pin.parameters()));
        }
        root.put("compareBaseline", request.compareBaseline());
        if (!overlays.isEmpty()) {
            var arr = root.putArray("overlays");
            for (OverlaySource o : overlays) {
                arr.addObject().put("path", o.path()).put("format", o.format()).put("mapping", o.mapping());
            }
        }
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write scenario JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** Writes {@code file} atomically. */
    public static void save(ScenarioRequest request, Path file) throws IOException {
        save(request, List.of(), file);
    }

    /** Writes {@code file} atomically, overlay paths relative to its folder where they lie under it. */
    public static void save(ScenarioRequest request, List<OverlaySource> overlays, Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        List<OverlaySource> rel = overlays.stream().map(o -> o.relativeTo(dir)).toList();
        Path tmp = Files.createTempFile(dir, ".slotlab-", ".tmp");
        try {
            Files.writeString(tmp, toJson(request, rel));
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Reads a scenario file; the message names the file and what is wrong. */
    public static ScenarioRequest load(Path file) throws ScenarioFormatException {
        return loadContents(file).request();
    }

    /** Reads a scenario file with its overlays, their paths resolved against the file's folder. */
    public static Contents loadContents(Path file) throws ScenarioFormatException {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new ScenarioFormatException(file + ": cannot read (" + e.getMessage() + ")");
        }
        Contents c = parseContents(text, file.toString());
        Path dir = file.toAbsolutePath().getParent();
        List<OverlaySource> resolved = c.overlays().stream()
                .map(o -> new OverlaySource(o.resolve(dir).toString(), o.format(), o.mapping())).toList();
        return new Contents(c.request(), resolved);
    }

    /** Parses scenario JSON; {@code where} names the source in messages. */
    public static ScenarioRequest parse(String text, String where) throws ScenarioFormatException {
        return parseContents(text, where).request();
    }

    /** Parses scenario JSON with its overlays (paths as written). */
    public static Contents parseContents(String text, String where) throws ScenarioFormatException {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new ScenarioFormatException(where + ":" + line(e) + ": not valid JSON (" + e.getOriginalMessage() + ")");
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
        if (version != VERSION) {
            throw new ScenarioFormatException(where + ": unknown scenario format version " + version
                    + " (this Slotlab reads version " + VERSION + ")");
        }
        for (var it = root.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!FIELDS.contains(f)) {
                throw new ScenarioFormatException(where + ": unknown field '" + f + "'");
            }
        }
        Parameters p = parameters(root.get("parameters"), where, "parameters");
        List<Pin> pins = new ArrayList<>();
        JsonNode pinsNode = root.path("pins");
        if (!pinsNode.isMissingNode() && !pinsNode.isArray()) {
            throw new ScenarioFormatException(where + ": 'pins' must be an array");
        }
        int i = 0;
        for (JsonNode pn : pinsNode) {
            String field = "pins[" + i + "]";
            String name = pn.path("name").asText("");
            if (name.isBlank()) {
                throw new ScenarioFormatException(where + ": " + field + ".name must be a non-empty string");
            }
            pins.add(new Pin(name, parameters(pn.get("parameters"), where, field + ".parameters")));
            i++;
        }
        if (pins.size() > Pin.MAX_PINS) {
            throw new ScenarioFormatException(where + ": at most " + Pin.MAX_PINS + " pins, got " + pins.size());
        }
        String baseline = root.path("compareBaseline").asText(ScenarioRequest.POLICY_BASELINE);
        if (!baseline.equals(ScenarioRequest.POLICY_BASELINE) && pins.stream().noneMatch(q -> q.name().equals(baseline))) {
            throw new ScenarioFormatException(where + ": compareBaseline '" + baseline + "' is neither '"
                    + ScenarioRequest.POLICY_BASELINE + "' nor a pin's name");
        }
        return new Contents(new ScenarioRequest(p, pins, baseline), overlays(root.path("overlays"), where));
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

    private static Parameters parameters(JsonNode node, String where, String field) throws ScenarioFormatException {
        if (node == null || !node.isObject()) {
            throw new ScenarioFormatException(where + ": '" + field + "' must be an object");
        }
        if (!node.has(KEEP_WHILE_TIMING)) {
            // written before the field existed: timed the thread's way
            node = ((ObjectNode) node.deepCopy()).put(KEEP_WHILE_TIMING, false);
        }
        for (var added : ADDED_SETTINGS.entrySet()) {
            if (!node.has(added.getKey())) {
                // written before the issue-4 controls existed: the scenario ran on its thread's setting
                node = ((ObjectNode) node.deepCopy()).set(added.getKey(), JSON.valueToTree(added.getValue()));
            }
        }
        Parameters p;
        try {
            p = JSON.treeToValue(node, Parameters.class);
        } catch (JsonMappingException e) {
            Throwable cause = e.getCause() != null && e.getCause().getMessage() != null ? e.getCause() : e;
            String msg = cause == e ? e.getOriginalMessage() : cause.getMessage();
            String path = e.getPath().isEmpty() ? "" : "." + e.getPath().get(e.getPath().size() - 1).getFieldName();
            throw new ScenarioFormatException(where + ": " + field + path + ": " + firstLine(msg));
        } catch (JsonProcessingException e) {
            throw new ScenarioFormatException(where + ": " + field + ": " + firstLine(e.getOriginalMessage()));
        } catch (IllegalArgumentException e) {
            throw new ScenarioFormatException(where + ": " + field + ": " + firstLine(e.getMessage()));
        }
        try {
            ScenarioRegistry.byId(p.scenario());
            org.slotlab.app.scenario.ModelInputs.layout(p);
            org.slotlab.app.scenario.ModelInputs.profile(p);
            p.candidatePolicy();
            p.baseline();
        } catch (IllegalArgumentException e) {
            throw new ScenarioFormatException(where + ": " + field + ": " + e.getMessage());
        }
        return p;
    }

    private static String line(JsonProcessingException e) {
        return e.getLocation() == null ? "?" : Integer.toString(e.getLocation().getLineNr());
    }

    private static String firstLine(String s) {
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
