package org.slotlab.model.realruby;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slotlab.model.buffers.JsonDocument;
import org.slotlab.model.buffers.JsonParseModel;
import org.slotlab.model.buffers.JsonString;
import org.slotlab.model.buffers.JsonUnescapeWorkload;
import org.slotlab.model.buffers.StrBufTiming;
import org.slotlab.model.buffers.StrBufWorkload;
import org.slotlab.model.buffers.UnescapePolicy;
import org.slotlab.model.calibrate.CalibrationReadings;
import org.slotlab.model.calibrate.JsonParseCalibration;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.cost.JsonParseCosts;
import org.slotlab.model.harness.Harness;
import org.slotlab.model.harness.HarnessState;
import org.slotlab.model.string.StringAllocation;
import org.slotlab.model.string.StringBufferRules;

/**
 * The JSON parse probe and the json-unescape / str-buf predictions against Debian 12's ruby 3.1.2
 * (json 2.6.1) and CRuby 3.4.5 (json 2.9.1) as measured on this project's machine
 * ({@code sample-data/measured/json/}, see its README): the committed profiles' JSON parse costs are
 * what their readings fit to again; the objects every parse and every loop allocated and the memsize of
 * what they made are the model's, exactly; and the comparison table docs/FIT.md quotes is what the
 * model predicts from those profiles and what the runs measured. No time is asserted against a clock:
 * the measured times are compared with the model only in that documented table.
 */
class JsonParseMeasuredTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String DIR = "/sample-data/measured/json/";

    static CostProfile profile(String ruby) throws Exception {
        try (InputStream in = JsonParseMeasuredTest.class.getResourceAsStream(DIR + "profile-ruby-" + ruby + ".json")) {
            java.nio.file.Path tmp = java.nio.file.Files.createTempFile("profile", ".json");
            try {
                java.nio.file.Files.write(tmp, in.readAllBytes());
                return CostProfile.load(tmp);
            } finally {
                java.nio.file.Files.deleteIfExists(tmp);
            }
        }
    }

    static List<JsonNode> lines(String file) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        try (InputStream in = JsonParseMeasuredTest.class.getResourceAsStream(DIR + file);
             BufferedReader r = new BufferedReader(new InputStreamReader(new GZIPInputStream(in), StandardCharsets.UTF_8))) {
            for (String l = r.readLine(); l != null; l = r.readLine()) {
                out.add(JSON.readTree(l));
            }
        }
        return out;
    }

    static StringBufferRules rules(CostProfile p) {
        return StringBufferRules.ofLayout(p.layout().orElseThrow());
    }

    static HarnessState heap(CostProfile p) {
        return p.harness(Harness.RUBYGEMS, p.layout().orElseThrow());
    }

    @ParameterizedTest
    @ValueSource(strings = {"3.1.2", "3.4.5"})
    void committedProfile_isWhatItsReadingsFitTo(String ruby) throws Exception {
        CostProfile p = profile(ruby);
        CalibrationReadings readings;
        try (InputStream in = getClass().getResourceAsStream(DIR + "calibration-ruby-" + ruby + ".json.gz")) {
            readings = CalibrationReadings.read(in, "calibration-ruby-" + ruby + ".json.gz");
        }
        assertThat(readings.json().raw()).hasSize(JsonParseCalibration.DOCUMENTS.size() * 2);

        JsonParseCosts again = JsonParseCalibration.fit(p, p.layout().orElseThrow(), readings.json().raw());

        JsonParseCosts committed = p.jsonParse().orElseThrow();
        for (String n : JsonParseCosts.ALL_NAMES) {
            assertThat(again.get(n)).as(n).isCloseTo(committed.get(n), within(1e-9 * Math.max(1, committed.get(n))));
        }
        assertThat(again.jsonVersion()).isEqualTo(ruby.equals("3.1.2") ? "2.6.1" : "2.9.1");
        assertThat(again.keepsEscapedCapacity()).isEqualTo(ruby.equals("3.4.5"));
        // every probe document: the objects one parse allocated are the model's (json's own extra objects included)
        for (JsonParseCosts.Row r : again.rows()) {
            assertThat(r.measuredObjects()).as(r.document()).isCloseTo(r.modelObjects(), within(0.5));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"3.1.2", "3.4.5"})
    void validationRuns_objectsAndMemsize_areTheModelsExactly(String ruby) throws Exception {
        CostProfile p = profile(ruby);
        StringBufferRules rules = rules(p);
        UnescapePolicy own = JsonParseModel.ownPolicy(p.jsonParse().orElseThrow());
        List<JsonNode> runs = lines("json-parse-validation-ruby-" + ruby + ".jsonl.gz");
        assertThat(runs.get(0).path("provenance").path("rubies").get(0).path("ruby_v").asText()).startsWith("ruby " + ruby);
        long strbufObjects = -1;
        int parses = 0;
        for (JsonNode line : runs.subList(1, runs.size())) {
            JsonNode x = line.path("result");
            if (x.path("mode").asText().equals("parse")) {
                JsonDocument doc = JsonDocument.resolve(x.path("document").asText());
                JsonParseModel.Plan plan = JsonParseModel.plan(doc, own, rules);
                assertThat(x.path("objects_per_parse").asDouble()).as(x.toString()).isCloseTo(plan.objects(), within(0.5));
                long memsize = 0;
                for (JsonString s : doc.strings()) {
                    memsize += memsize(s, own, rules);
                }
                // what one parse made: its strings (object keys too: json interns them, exact and frozen), slots and buffers
                assertThat(x.path("made").path("strings").asLong()).isEqualTo(doc.strings().size());
                assertThat(x.path("made").path("memsize").asLong()).as("memsize of %s's strings on %s", doc.name(), ruby).isEqualTo(memsize);
                parses++;
            } else {
                long i = x.path("i").asLong();
                StringAllocation s = StrBufWorkload.element(rules, StrBufWorkload.Workload.TIMES, i);
                assertThat(x.path("element_memsize").asLong()).as("memsize of \" \" * %d", i).isEqualTo(s.memsizeBytes());
                // two objects per element (the literal and the string), and the same few of the script's own at every size
                long objects = x.path("objects").asLong();
                if (strbufObjects < 0) {
                    strbufObjects = objects;
                }
                assertThat(objects).isEqualTo(strbufObjects);
                assertThat(objects - 2 * x.path("count").asLong()).isBetween(0L, 20L);
            }
        }
        assertThat(parses).isEqualTo(8 * 5);
    }

    /**
     * ObjectSpace.memsize_of of one parsed string: its slot and, when it owns one, its buffer (capa +
     * termlen): escaped values at their raw size on json that keeps it (rb_str_buf_new), every other
     * string exact (rb_utf8_str_new; keys interned).
     */
    static long memsize(JsonString s, UnescapePolicy own, StringBufferRules rules) {
        StringAllocation fin = own == UnescapePolicy.SET_LEN && s.escaped() && !s.key() ? rules.bufNew(s.rawBytes())
                : rules.timesString(s.decodedBytes());
        return fin.memsizeBytes();
    }

    @ParameterizedTest
    @ValueSource(strings = {"3.1.2", "3.4.5"})
    void documentedComparison_isWhatTheRunsMeasuredAndTheModelPredicts(String ruby) throws Exception {
        CostProfile p = profile(ruby);
        StringBufferRules rules = rules(p);
        JsonParseCosts json = p.jsonParse().orElseThrow();
        UnescapePolicy own = JsonParseModel.ownPolicy(json);
        Map<String, List<JsonNode>> byCase = new LinkedHashMap<>();
        List<JsonNode> all = lines("json-parse-validation-ruby-" + ruby + ".jsonl.gz");
        for (JsonNode line : all.subList(1, all.size())) {
            JsonNode x = line.path("result");
            byCase.computeIfAbsent(x.path("mode").asText() + "|" + x.path("document").asText(x.path("i").asText()), k -> new ArrayList<>()).add(x);
        }
        List<String> table = new ArrayList<>();
        try (InputStream in = getClass().getResourceAsStream(DIR + "json-parse-comparison.csv")) {
            new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().skip(1).filter(l -> l.startsWith(ruby + ",")).forEach(table::add);
        }
        assertThat(table).hasSize(byCase.size());
        List<Long> sizes = new ArrayList<>();
        Map<Long, String[]> strbufRows = new LinkedHashMap<>();
        for (String row : table) {
            // a generated spec holds a comma and is quoted
            String[] f = row.split(",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)", -1);
            f[2] = f[2].replace("\"", "");
            boolean parse = f[1].equals("json-parse");
            List<JsonNode> runs = byCase.get((parse ? "parse|" : "strbuf|") + f[2]);
            double[] measured = runs.stream().mapToDouble(x -> parse ? x.path("ns_per_parse").asDouble() / 1e6
                    : x.path("ns_per_string").asDouble()).sorted().toArray();
            String fmt = parse ? "%.3f" : "%.1f";
            assertThat(f[4]).as(row).isEqualTo(String.format(Locale.ROOT, fmt, measured[0]));
            assertThat(f[5]).as(row).isEqualTo(String.format(Locale.ROOT, fmt, measured[measured.length / 2]));
            if (parse) {
                JsonDocument doc = JsonDocument.resolve(f[2]);
                double predicted = JsonParseModel.price(doc, own, rules, p, heap(p), json, 0).totalNs() / 1e6;
                assertThat(Double.parseDouble(f[6])).as(row).isCloseTo(predicted, within(0.0005 + 1e-4 * predicted));
            } else {
                sizes.add(Long.parseLong(f[2]));
                strbufRows.put(Long.parseLong(f[2]), f);
            }
        }
        List<StrBufTiming.Row> predicted = StrBufTiming.predict(rules, StrBufWorkload.Workload.TIMES, sizes, 1_000_000, p, heap(p));
        for (StrBufTiming.Row r : predicted) {
            String[] f = strbufRows.get(r.iBytes());
            assertThat(Double.parseDouble(f[6])).as("ns per string, i = %d", r.iBytes()).isCloseTo(r.nsPerString(), within(0.05 + 1e-4 * r.nsPerString()));
            assertThat(Long.parseLong(f[9])).as("GCs of the loop, i = %d", r.iBytes()).isEqualTo(r.gcCount());
        }
    }

}
