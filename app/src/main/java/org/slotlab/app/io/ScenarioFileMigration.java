package org.slotlab.app.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import org.slotlab.app.scenario.CandidateSpec;
import org.slotlab.app.scenario.ClassNewScenario;
import org.slotlab.app.scenario.JsonUnescapeScenario;
import org.slotlab.app.scenario.ParsersScenario;
import org.slotlab.app.scenario.RequireIndexScenario;
import org.slotlab.app.scenario.SlotSizeScenario;
import org.slotlab.app.scenario.StrBufMinScenario;
import org.slotlab.app.scenario.SubstringCutoffScenario;

/**
 * Opens scenario files of format version 1, where one {@code parameters} object held every
 * scenario's knobs: the layout, cost profile and str_subseq candidate (as cutoff, frozenRule,
 * frozenRuleSecondCutoff, alwaysEmbed, sharableMiddle) that the substring, slot-size, parsers and
 * Class#new scenarios shared, the byteslice loop, and the objects {@code strBuf},
 * {@code jsonUnescape} and {@code requireIndex} (absent in the oldest files: those scenarios then
 * ran on their threads' settings). Each becomes the version-2 settings of the scenarios that read
 * it; {@code snapToSlots}, a preference of the cutoff slider, is not a setting and is dropped.
 */
final class ScenarioFileMigration {

    private static final List<String> V1_FIELDS = List.of(ScenarioFile.VERSION_FIELD, "parameters", "pins",
            "compareBaseline", "overlays");

    private ScenarioFileMigration() {}

    /** The version-2 tree of a version-1 file. */
    static ObjectNode fromVersion1(ObjectNode v1, String where) throws ScenarioFile.ScenarioFormatException {
        for (var it = v1.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!V1_FIELDS.contains(f)) {
                throw new ScenarioFile.ScenarioFormatException(where + ": unknown field '" + f + "'");
            }
        }
        JsonNode p = v1.get("parameters");
        if (p == null || !p.isObject()) {
            throw new ScenarioFile.ScenarioFormatException(where + ": 'parameters' must be an object");
        }
        ObjectNode v2 = ScenarioFile.JSON.createObjectNode();
        v2.put(ScenarioFile.VERSION_FIELD, ScenarioFile.VERSION);
        String scenario = p.path("scenario").asText(SubstringCutoffScenario.ID);
        v2.put("scenario", scenario);
        v2.set("settings", settings(p, where, "parameters"));
        ArrayNode pins = v2.putArray("pins");
        int i = 0;
        for (JsonNode pin : v1.path("pins")) {
            ObjectNode o = pins.addObject();
            o.set("name", pin.path("name"));
            JsonNode all = settings(pin.path("parameters"), where, "pins[" + i++ + "].parameters");
            o.set("settings", all.path(scenario));
        }
        if (v1.has("compareBaseline")) {
            v2.set("compareBaseline", v1.get("compareBaseline"));
        }
        if (v1.has("overlays")) {
            v2.set("overlays", v1.get("overlays"));
        }
        return v2;
    }

    /** Every scenario's version-2 settings from one version-1 parameters object. */
    private static ObjectNode settings(JsonNode p, String where, String field) throws ScenarioFile.ScenarioFormatException {
        if (!p.isObject()) {
            throw new ScenarioFile.ScenarioFormatException(where + ": '" + field + "' must be an object");
        }
        ObjectNode out = ScenarioFile.JSON.createObjectNode();
        JsonNode layout = p.path("customLayout").isObject() ? p.get("customLayout") : p.path("layout");
        String profile = p.path("costProfile").isTextual() ? p.get("costProfile").asText() : "";
        String candidate;
        try {
            JsonNode second = p.path("frozenRuleSecondCutoff");
            candidate = new CandidateSpec(p.path("cutoff").asInt(CandidateSpec.DEFAULT_CUTOFF), p.path("frozenRule").asBoolean(),
                    second.isNumber() ? Integer.valueOf(second.asInt()) : null, p.path("alwaysEmbed").asBoolean(),
                    p.path("sharableMiddle").asBoolean(), false).policy();
        } catch (IllegalArgumentException e) {
            throw new ScenarioFile.ScenarioFormatException(where + ": " + field + ": " + e.getMessage());
        }

        ObjectNode sub = out.putObject(SubstringCutoffScenario.ID);
        copy(layout, sub, "layout");
        sub.put("profile", profile);
        sub.put("candidate", candidate);
        copy(p.path("baselinePolicy"), sub, "baseline");
        lower(p.path("source"), sub, "source");
        lower(p.path("position"), sub, "position");
        copy(p.path("lens"), sub, "len");
        copy(p.path("sourceLen"), sub, "source-len");
        copy(p.path("count"), sub, "count");
        copy(p.path("retain"), sub, "retain");
        lower(p.path("keep"), sub, "keep");
        copy(p.path("keepWhileTiming"), sub, "keep-while-timing");

        ObjectNode slot = out.putObject(SlotSizeScenario.ID);
        copy(layout, slot, "layout");
        slot.put("profile", profile);
        copy(p.path("allocations"), slot, "allocations");

        ObjectNode parsers = out.putObject(ParsersScenario.ID);
        copy(layout, parsers, "layout");
        parsers.put("profile", profile);
        parsers.putArray("candidate").add(candidate);

        ObjectNode classNew = out.putObject(ClassNewScenario.ID);
        copy(layout, classNew, "layout");
        classNew.put("profile", profile);

        JsonNode sb = p.path("strBuf");
        if (sb.isObject()) {
            ObjectNode s = out.putObject(StrBufMinScenario.ID);
            copy(sb.path("era"), s, "layout");
            copy(sb.path("workload"), s, "workload");
            copy(sb.path("allocators"), s, "allocator");
            if (sb.has("from") && sb.has("to")) {
                s.put("i", sb.get("from").asLong() + "-" + sb.get("to").asLong() + ":" + sb.path("step").asLong(1));
            }
            copy(sb.path("count"), s, "count");
        }
        JsonNode js = p.path("jsonUnescape");
        if (js.isObject()) {
            ObjectNode s = out.putObject(JsonUnescapeScenario.ID);
            copy(js.path("document"), s, "doc");
            copy(js.path("policies"), s, "policy");
            copy(js.path("allocators"), s, "allocator");
            if (js.has("lifetimeFromSeconds") && js.has("lifetimeToSeconds")) {
                s.putArray("lifetime").add(js.get("lifetimeFromSeconds")).add(js.get("lifetimeToSeconds"));
            }
        }
        JsonNode ri = p.path("requireIndex");
        if (ri.isObject()) {
            ObjectNode s = out.putObject(RequireIndexScenario.ID);
            copy(ri.path("features"), s, "features");
            copy(ri.path("allocators"), s, "allocator");
            copy(ri.path("rebuilds"), s, "rebuilds");
        }
        return out;
    }

    private static void copy(JsonNode from, ObjectNode to, String knob) {
        if (!from.isMissingNode() && !from.isNull()) {
            to.set(knob, from);
        }
    }

    /** Version 1 wrote enum constants (FROZEN, UNFROZEN_UNSHARED); knobs take the CRuby-style words. */
    private static void lower(JsonNode from, ObjectNode to, String knob) {
        if (from.isTextual()) {
            to.put(knob, from.asText().toLowerCase(Locale.ROOT).replace('_', '-'));
        }
    }
}
