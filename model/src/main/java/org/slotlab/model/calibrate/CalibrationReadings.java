package org.slotlab.model.calibrate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.slotlab.model.cost.CacheSizes;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.RubyLayout;

/**
 * Everything a calibration read from a Ruby, kept so that the fit can be made again without the
 * Ruby: the outputs of {@code layout.rb}, of {@code harness.rb} in each harness, of every process
 * of {@code timing.rb}'s units and of {@code json_parse.rb}, and the machine's caches. {@code slotlab calibrate --save-readings}
 * writes it; the validation lab and the tests replay committed readings.
 *
 * @param layout layout.rb's JSON
 * @param harnesses harness.rb's JSON, one per harness measured
 * @param harnessNotes harnesses that could not be measured, with the reason
 * @param timing timing.rb's JSON, one per unit and process
 * @param caches the machine's data caches
 * @param machine one line naming the machine (uname, CPU), may be empty
 * @param json json_parse.rb's outputs, one per document and process (none in readings taken before the
 *             JSON parse probe existed: then the profile keeps the published parse speed)
 */
public record CalibrationReadings(JsonNode layout, List<JsonNode> harnesses, List<String> harnessNotes, List<JsonNode> timing,
                                  CacheSizes caches, String machine, JsonParseCalibration.Readings json) {

    /** The readings file format this Slotlab writes. */
    public static final int VERSION = 1;
    private static final ObjectMapper JSON = new ObjectMapper();

    public CalibrationReadings {
        harnesses = List.copyOf(harnesses);
        harnessNotes = List.copyOf(harnessNotes);
        timing = List.copyOf(timing);
        json = json == null ? JsonParseCalibration.Readings.NONE : json;
    }

    /** Readings without the JSON parse probe's. */
    public CalibrationReadings(JsonNode layout, List<JsonNode> harnesses, List<String> harnessNotes, List<JsonNode> timing,
            CacheSizes caches, String machine) {
        this(layout, harnesses, harnessNotes, timing, caches, machine, JsonParseCalibration.Readings.NONE);
    }

    /** The readings of a finished calibration. */
    public static CalibrationReadings of(ProfileCalibration.Calibration c, String machine) {
        List<JsonNode> hs = new ArrayList<>();
        c.harnesses().forEach(h -> hs.add(h.raw()));
        return new CalibrationReadings(c.report().raw(), hs, c.harnessNotes(), c.timing().raw(), c.fit().profile().caches(), machine,
                c.json());
    }

    /** Fits again from the readings alone. */
    public ProfileCalibration.Calibration replay() throws CalibrationException {
        RubyReport report = RubyReport.fromJson(layout, "layout reading");
        LayoutReading reading = LayoutReading.of(report);
        RubyLayout l = ProfileCalibration.layoutOf(report);
        List<HarnessReading> hs = new ArrayList<>();
        for (JsonNode h : harnesses) {
            hs.add(HarnessReading.fromJson(h, "harness reading"));
        }
        TimingReport t = TimingReport.fromUnits(timing, "timing reading");
        CalibrationFit fit = ProfileCalibration.fit(t, l, CostProfile.defaultProfile(), caches, hs);
        return new ProfileCalibration.Calibration(report, reading, l, t, hs, harnessNotes, JsonParseCalibration.attach(fit, l, json), json);
    }

    public String toJson() {
        ObjectNode root = JSON.createObjectNode();
        root.put("slotlabCalibrationReadings", VERSION);
        root.put("machine", machine);
        ObjectNode c = root.putObject("caches");
        c.put("l1dBytes", caches.l1dBytes());
        c.put("l2Bytes", caches.l2Bytes());
        c.put("l3Bytes", caches.l3Bytes());
        c.put("source", caches.source());
        root.set("layout", layout);
        ArrayNode h = root.putArray("harnesses");
        harnesses.forEach(h::add);
        ArrayNode notes = root.putArray("harnessNotes");
        harnessNotes.forEach(notes::add);
        ArrayNode t = root.putArray("timing");
        timing.forEach(t::add);
        if (!json.raw().isEmpty() || !json.note().isEmpty()) {
            ArrayNode j = root.putArray("jsonParse");
            json.raw().forEach(j::add);
            root.put("jsonParseNote", json.note());
        }
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads a readings file (plain or gzip-compressed JSON); messages name the file. */
    public static CalibrationReadings load(Path file) throws CalibrationException {
        try (InputStream raw = Files.newInputStream(file)) {
            InputStream in = file.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw;
            return fromJson(JSON.readTree(in), file.toString());
        } catch (IOException e) {
            throw new CalibrationException(CalibrationException.Kind.IO, file + ": not readable as calibration readings (" + e.getMessage() + ")", e);
        }
    }

    /** Reads readings from a stream (a resource); {@code where} names it in messages. */
    public static CalibrationReadings read(InputStream in, String where) throws CalibrationException {
        try {
            return fromJson(JSON.readTree(where.endsWith(".gz") ? new GZIPInputStream(in) : in), where);
        } catch (IOException e) {
            throw new CalibrationException(CalibrationException.Kind.IO, where + ": not readable as calibration readings (" + e.getMessage() + ")", e);
        }
    }

    static CalibrationReadings fromJson(JsonNode root, String where) throws CalibrationException {
        if (root == null || root.path("slotlabCalibrationReadings").asInt(-1) != VERSION) {
            throw new CalibrationException(CalibrationException.Kind.BAD_OUTPUT, where + ": not a calibration readings file (version "
                    + VERSION + ")");
        }
        JsonNode c = root.path("caches");
        CacheSizes caches = new CacheSizes(c.path("l1dBytes").asLong(0), c.path("l2Bytes").asLong(0), c.path("l3Bytes").asLong(0),
                c.path("source").asText(""));
        List<JsonNode> hs = new ArrayList<>();
        root.path("harnesses").forEach(hs::add);
        List<String> notes = new ArrayList<>();
        root.path("harnessNotes").forEach(n -> notes.add(n.asText()));
        List<JsonNode> t = new ArrayList<>();
        root.path("timing").forEach(t::add);
        if (!root.path("layout").isObject() || t.isEmpty()) {
            throw new CalibrationException(CalibrationException.Kind.BAD_OUTPUT, where + ": lacks the layout or timing readings");
        }
        List<JsonNode> j = new ArrayList<>();
        root.path("jsonParse").forEach(j::add);
        return new CalibrationReadings(root.get("layout"), hs, notes, t, caches, root.path("machine").asText(""),
                new JsonParseCalibration.Readings(j, root.path("jsonParseNote").asText("")));
    }
}
