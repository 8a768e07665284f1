package org.slotlab.model.calibrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slotlab.model.buffers.JsonDocument;
import org.slotlab.model.buffers.JsonDocumentGenerator;
import org.slotlab.model.buffers.JsonParseModel;
import org.slotlab.model.buffers.UnescapePolicy;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.cost.JsonParseCosts;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.StringBufferRules;

/**
 * The JSON parse probe's fit: readings made from known coefficients give them back, the profile
 * carries them through its file, and readings that cannot be fitted together are refused.
 */
class JsonParseCalibrationTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    static CostProfile profile(RubyLayout layout) {
        CostProfile d = CostProfile.defaultProfile();
        return new CostProfile("test", "ruby 3.4.5 [x86_64-linux]", d.coefficients(), null, layout);
    }

    /** A json_parse.rb reading whose fastest repeat took what {@code ns} per parse says, with no GC time. */
    static JsonNode reading(String doc, double nsPerParse, double slowerBy, boolean keeps, String version) {
        return reading(doc, nsPerParse, 0, slowerBy, keeps, version);
    }

    /** The same with {@code gcNsPerParse} of it in GC (GC.stat(:time) counts whole milliseconds of the repeat's 1,000 parses). */
    static JsonNode reading(String doc, double nsPerParse, double gcNsPerParse, double slowerBy, boolean keeps, String version) {
        ObjectNode o = JSON.createObjectNode();
        o.put("probe", "json_parse").put("probe_version", 1).put("document", doc).put("json_version", version)
                .put("json_parser", "JSON::Ext::Parser").put("json_loaded_from", "/x/json/ext/parser.so")
                .put("ruby_description", "ruby 3.4.5 [x86_64-linux]").put("n", 1000);
        o.putObject("escaped_probe").put("keeps_escaped_capacity", keeps);
        var reps = o.putArray("repeats");
        // three repeats: the median one is exactly the given time, the others slower and faster
        for (double f : new double[] {slowerBy, 1.0, 2 - slowerBy}) {
            reps.addObject().put("elapsed_ns", Math.round((nsPerParse + gcNsPerParse) * f * 1000))
                    .put("gc_time_ms", Math.round(gcNsPerParse * f * 1000 / 1e6)).put("minor_gc", 0)
                    .put("major_gc", 0).put("allocated_objects", 0);
        }
        return o;
    }

    /** Readings of every smoke document in two processes, made from the given json coefficients on {@code p}. */
    static List<JsonNode> readings(CostProfile p, RubyLayout layout, double perString, double plainByte, double escapedByte, boolean keeps) {
        StringBufferRules rules = StringBufferRules.ofLayout(layout);
        UnescapePolicy own = keeps ? UnescapePolicy.SET_LEN : UnescapePolicy.TEMP_BUFFER;
        List<JsonNode> out = new ArrayList<>();
        for (int round = 0; round < 2; round++) {
            for (String d : JsonParseCalibration.SMOKE_DOCUMENTS) {
                JsonDocument doc = JsonDocument.generated(JsonDocumentGenerator.parse(d));
                JsonParseModel.Priced priced = JsonParseModel.allocations(JsonParseModel.plan(doc, own, rules), layout, p,
                        p.harness(JsonParseCalibration.HEAP, layout));
                JsonParseModel.Work w = JsonParseModel.work(doc);
                double json = perString * w.strings() + plainByte * w.plainBytes() + escapedByte * w.escapedBytes();
                out.add(reading(d, priced.nonGcNs() + json, 1.2 + 0.1 * round, keeps, "2.9.1"));
            }
        }
        return out;
    }

    @Test
    void fit_recoversTheCoefficientsTheReadingsWereMadeFrom() throws Exception {
        RubyLayout layout = RubyLayout.ruby34();
        CostProfile p = profile(layout);

        JsonParseCosts costs = JsonParseCalibration.fit(p, layout, readings(p, layout, 40, 0.35, 1.25, true));

        assertThat(costs.get(JsonParseCosts.STRING)).isCloseTo(40, within(0.05));
        assertThat(costs.get(JsonParseCosts.PLAIN_BYTE)).isCloseTo(0.35, within(1e-4));
        assertThat(costs.get(JsonParseCosts.ESCAPED_BYTE)).isCloseTo(1.25, within(1e-4));
        assertThat(costs.jsonVersion()).isEqualTo("2.9.1");
        assertThat(costs.keepsEscapedCapacity()).isTrue();
        assertThat(costs.rows()).hasSize(JsonParseCalibration.SMOKE_DOCUMENTS.size()).allSatisfy(r -> {
            assertThat(r.runs()).isEqualTo(2);
            // the readings have no GC time: the model's time outside GC is what they measured
            assertThat((r.modelNs() - r.modelGcNs()) / r.measuredNs()).isCloseTo(1.0, within(1e-4));
        });
    }

    @Test
    void fit_recoversTheGcTimeBeyondTheProfilesTerms_perBufferAndPerByte() throws Exception {
        RubyLayout layout = RubyLayout.ruby34();
        CostProfile p = profile(layout);
        StringBufferRules rules = StringBufferRules.ofLayout(layout);
        List<JsonNode> raw = new ArrayList<>();
        for (String d : List.of("generated:escaped,200x62600", "generated:escaped,2000x6260", "generated:escaped,20000x626",
                "generated:plain,200x62600")) {
            JsonDocument doc = JsonDocument.generated(JsonDocumentGenerator.parse(d));
            JsonParseModel.Plan plan = JsonParseModel.plan(doc, UnescapePolicy.SET_LEN, rules);
            JsonParseModel.Priced priced = JsonParseModel.allocations(plan, layout, p, p.harness(JsonParseCalibration.HEAP, layout));
            JsonParseModel.Work w = JsonParseModel.work(doc);
            double gc = priced.gcNs() + 100 * plan.buffers() + 0.03 * plan.bufferBytes();
            raw.add(reading(d, priced.nonGcNs() + 30 * w.strings() + 0.5 * w.plainBytes() + 1.5 * w.escapedBytes(), gc, 1.1, true, "2.9.1"));
        }

        JsonParseCosts costs = JsonParseCalibration.fit(p, layout, raw);

        // GC.stat(:time) counts whole milliseconds: the recovered values are as close as that allows
        assertThat(costs.get(JsonParseCosts.GC_BUFFER)).isCloseTo(100, within(5.0));
        assertThat(costs.get(JsonParseCosts.GC_BYTE)).isCloseTo(0.03, within(0.002));
        assertThat(costs.get(JsonParseCosts.ESCAPED_BYTE)).isCloseTo(1.5, within(0.01));
    }

    @Test
    void fit_onA31Layout_pricesTheTemporaryBufferPath() throws Exception {
        RubyLayout layout = RubyLayout.ruby31();
        CostProfile p = profile(layout);

        JsonParseCosts costs = JsonParseCalibration.fit(p, layout, readings(p, layout, 60, 0.9, 1.6, false));

        assertThat(costs.keepsEscapedCapacity()).isFalse();
        assertThat(costs.get(JsonParseCosts.PLAIN_BYTE)).isCloseTo(0.9, within(1e-4));
        assertThat(costs.get(JsonParseCosts.ESCAPED_BYTE)).isCloseTo(1.6, within(1e-4));
    }

    @Test
    void fittedCosts_travelThroughTheProfileFile(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        RubyLayout layout = RubyLayout.ruby34();
        CostProfile p = profile(layout);
        CostProfile withJson = JsonParseCalibration.attach(p, layout,
                new JsonParseCalibration.Readings(readings(p, layout, 40, 0.35, 1.25, true), ""));

        CostProfile back = CostProfile.load(java.nio.file.Files.writeString(dir.resolve("with.json"), withJson.toJson()));

        assertThat(back.jsonParse()).isPresent();
        JsonParseCosts a = withJson.jsonParse().orElseThrow();
        JsonParseCosts b = back.jsonParse().orElseThrow();
        assertThat(b.terms()).isEqualTo(a.terms());
        assertThat(b.rows()).isEqualTo(a.rows());
        assertThat(b.summary()).isEqualTo(a.summary());
        // the profile's own coefficients are untouched, and a profile written before the probe has none
        assertThat(back.coefficients()).isEqualTo(p.coefficients());
        assertThat(CostProfile.load(java.nio.file.Files.writeString(dir.resolve("without.json"), p.toJson())).jsonParse()).isEmpty();
    }

    @Test
    void noReadings_leaveTheProfileAsItWas() throws Exception {
        CostProfile p = profile(RubyLayout.ruby34());
        assertThat(JsonParseCalibration.attach(p, RubyLayout.ruby34(), JsonParseCalibration.Readings.NONE)).isSameAs(p);
    }

    @Test
    void readingsOfTwoJsonVersions_areRefused() {
        RubyLayout layout = RubyLayout.ruby34();
        List<JsonNode> mixed = new ArrayList<>(List.of(reading("generated:escaped,4x6260", 1e5, 1.1, true, "2.9.1"),
                reading("generated:plain,4x6260", 1e5, 1.1, true, "2.10.0")));
        assertThatThrownBy(() -> JsonParseCalibration.fit(profile(layout), layout, mixed))
                .isInstanceOf(CalibrationException.class).hasMessageContaining("two json versions (2.9.1 and 2.10.0)");
    }

    @Test
    void aReadingOfAnotherProbe_isRefusedNamingIt() {
        ObjectNode other = JSON.createObjectNode().put("probe", "timing").put("probe_version", 2);
        assertThatThrownBy(() -> JsonParseCalibration.fit(profile(RubyLayout.ruby34()), RubyLayout.ruby34(), List.of(other)))
                .isInstanceOf(CalibrationException.class).hasMessageContaining("JSON parse reading 0: not a json_parse.rb reading");
    }
}
