package org.slotlab.model.buffers;

import org.slotlab.model.string.StringBufferRules;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slotlab.model.buffers.JsonUnescapeWorkload.Params;
import org.slotlab.model.buffers.JsonUnescapeWorkload.Row;
import org.slotlab.model.malloc.Allocators;

/** ruby/json PR #1135 (ruby/json #1135): json_unescape.csv, the samples, and the policies' invariants. */
class JsonUnescapeWorkloadTest {

    private static JsonDocument pr1135;

    @BeforeAll
    static void generate() {
        pr1135 = JsonDocument.generated(JsonDocumentGenerator.Spec.pr1135(true));
    }

    private static Params params(JsonDocument doc, String... allocators) {
        return new Params(doc, StringBufferRules.ruby34(), List.of(UnescapePolicy.values()),
                Allocators.parseList(String.join(",", allocators)), UnescapeCostProfile.defaults());
    }

    private static Row row(List<Row> rows, UnescapePolicy p) {
        return rows.stream().filter(r -> r.policy().equals(p.cliName())).findFirst().orElseThrow();
    }

    @Test
    void pr1135_retainedCapacity_reproducesThePublishedTableWithinTwoPercent() {
        Map<String, String> published = ReferenceCsv.row(ReferenceCsv.read("json_unescape.csv"), "metric",
                "retained_capacity_200x50KB_escaped_doc");
        double before = Double.parseDouble(published.get("before_set_len"));
        double after = Double.parseDouble(published.get("after_resize"));
        List<Row> rows = JsonUnescapeWorkload.predict(params(pr1135, "glibc"));
        assertThat(row(rows, UnescapePolicy.SET_LEN).retainedCapacityMb()).isCloseTo(before, within(0.02 * before));
        assertThat(row(rows, UnescapePolicy.RESIZE).retainedCapacityMb()).isCloseTo(after, within(0.02 * after));
        // note column: content 7.75 MB, slack 61% of content before, 0% after
        assertThat(row(rows, UnescapePolicy.SET_LEN).contentBytes() / JsonUnescapeWorkload.MB)
                .isCloseTo(7.75, within(0.02 * 7.75));
        assertThat(row(rows, UnescapePolicy.SET_LEN).slackPct()).isCloseTo(61.0, within(2.0));
        assertThat(row(rows, UnescapePolicy.RESIZE).slackPct()).isZero();
    }

    @Test
    void pr1135_megabytes_areDecimal() {
        // read as MiB, 12.52 would be 13,128,172 B: the model's 12.52e6 B is then 4.7% short
        long retained = row(JsonUnescapeWorkload.predict(params(pr1135, "glibc")), UnescapePolicy.SET_LEN)
                .retainedCapacityBytes();
        assertThat(Math.abs(retained / (12.52 * 1024 * 1024) - 1)).isGreaterThan(0.02);
        assertThat(Math.abs(retained / (12.52 * 1e6) - 1)).isLessThan(0.02);
    }

    @Test
    void pr1135_resize_makesNoNewAllocations_butOneReallocPerString() {
        List<Row> rows = JsonUnescapeWorkload.predict(params(pr1135, "glibc"));
        Row setLen = row(rows, UnescapePolicy.SET_LEN);
        Row resize = row(rows, UnescapePolicy.RESIZE);
        Row exact = row(rows, UnescapePolicy.EXACT);
        assertThat(resize.mallocCalls()).isEqualTo(setLen.mallocCalls());
        assertThat(resize.reallocCalls()).isEqualTo(200);
        assertThat(exact.mallocCalls()).isEqualTo(2 * setLen.mallocCalls()); // "one extra malloc per escaped string"
        assertThat(exact.retainedCapacityBytes()).isEqualTo(resize.retainedCapacityBytes());
    }

    @Test
    void smallEscapedDoc_resizeIsWithinNoise_exactCostsDoubleDigitPercent() {
        // A 130 KB document of short escaped strings (the PR's timing document, composition assumed).
        JsonDocument small = JsonDocument.generated(JsonDocumentGenerator.parse("generated:escaped,1300x100"));
        List<Row> rows = JsonUnescapeWorkload.predict(params(small, "glibc"));
        double base = row(rows, UnescapePolicy.SET_LEN).predictedParseNs();
        assertThat(base).isCloseTo(UnescapeCostProfile.PR1135_STOCK_PARSE_NS, within(0.05 * base));
        assertThat(row(rows, UnescapePolicy.RESIZE).predictedParseNs() / base - 1).isLessThan(0.02);
        assertThat(row(rows, UnescapePolicy.EXACT).predictedParseNs() / base - 1).isBetween(0.10, 0.30);
    }

    @Test
    void plainDocument_hasNoSlackUnderAnyPolicy() {
        JsonDocument plain = JsonDocument.generated(JsonDocumentGenerator.Spec.pr1135(false));
        for (Row r : JsonUnescapeWorkload.predict(params(plain, "glibc"))) {
            assertThat(r.escapedStrings()).isZero();
            assertThat(r.slackBytes()).as(r.policy()).isZero();
        }
        // the same text as the escaped document
        assertThat(row(JsonUnescapeWorkload.predict(params(plain, "glibc")), UnescapePolicy.SET_LEN).contentBytes())
                .isEqualTo(row(JsonUnescapeWorkload.predict(params(pr1135, "glibc")), UnescapePolicy.SET_LEN)
                        .contentBytes());
    }

    @Test
    void tradeoff_resizePaysOffWithinASecondOnBigStrings_exactNeverOnShortOnes() {
        assertThat(JsonUnescapeWorkload.breakEvenSeconds(params(pr1135, "glibc"), UnescapePolicy.RESIZE,
                Allocators.byName("glibc"))).isLessThan(1.0);
        JsonDocument small = JsonDocument.generated(JsonDocumentGenerator.parse("generated:escaped,1300x100"));
        assertThat(JsonUnescapeWorkload.breakEvenSeconds(params(small, "glibc"), UnescapePolicy.EXACT,
                Allocators.byName("glibc"))).isInfinite();
        List<JsonUnescapeWorkload.TradeoffRow> t = JsonUnescapeWorkload.tradeoff(params(pr1135, "glibc"),
                List.of(0.0, 0.001, 1.0));
        assertThat(t).filteredOn(r -> r.policy().equals("resize") && r.lifetimeSeconds() == 0.0)
                .allMatch(r -> r.netBenefitNs() < 0);
        assertThat(t).filteredOn(r -> r.policy().equals("resize") && r.lifetimeSeconds() == 1.0)
                .allMatch(r -> r.netBenefitNs() > 0);
    }

    @Test
    void generator_isDeterministic_andSeedSensitive() {
        JsonDocumentGenerator.Spec spec = JsonDocumentGenerator.parse("generated:escaped,20x5000");
        assertThat(JsonDocumentGenerator.document(spec)).isEqualTo(JsonDocumentGenerator.document(spec));
        assertThat(JsonDocumentGenerator.document(JsonDocumentGenerator.parse("generated:escaped,20x5000,seed=7")))
                .isNotEqualTo(JsonDocumentGenerator.document(spec));
        for (JsonString s : JsonDocument.generated(spec).strings()) {
            assertThat(s.rawBytes()).isBetween(4750L, 5250L);
        }
    }

    @Test
    void generatorSpec_badInput_namesTheProblem() {
        assertThatThrownBy(() -> JsonDocumentGenerator.parse("generated:escaped,200by50000"))
                .hasMessageContaining("'200by50000'").hasMessageContaining("COUNTxBYTES");
        assertThatThrownBy(() -> JsonDocumentGenerator.parse("generated:latin1,2x5"))
                .hasMessageContaining("escaped or plain");
    }

    @Test
    void escaping_matchesPythonJsonDumps_onTheShippedSamples() throws IOException {
        // every string of the UTF-8 sample, escaped our way, appears verbatim in Python's ensure_ascii output
        String ascii = resource("sample-data/json/reviews_ensure_ascii.json");
        List<String> texts = strings(new ObjectMapper().readTree(resource("sample-data/json/reviews_utf8.json")));
        assertThat(texts).hasSizeGreaterThan(100);
        for (String t : texts) {
            assertThat(ascii).contains("\"" + JsonEscaping.escape(t, true) + "\"");
        }
    }

    @Test
    void scanner_decodedLengths_matchJackson_onBothSamples() throws IOException {
        for (String name : List.of("reviews_ensure_ascii.json", "reviews_utf8.json")) {
            JsonDocument doc = JsonDocument.resolve("sample:" + name);
            long decoded = doc.strings().stream().mapToLong(JsonString::decodedBytes).sum();
            List<String> texts = strings(new ObjectMapper().readTree(resource("sample-data/json/" + name)));
            long expected = texts.stream().mapToLong(JsonEscaping::utf8Length).sum();
            assertThat(decoded).as(name).isEqualTo(expected);
        }
        JsonDocument escaped = JsonDocument.resolve("sample:reviews_ensure_ascii.json");
        assertThat(escaped.values().stream().filter(JsonString::escaped).count()).isGreaterThan(20);
        assertThat(escaped.strings().stream().filter(JsonString::key).count()).isEqualTo(1 + 1 + 20 * 7);
    }

    @Test
    void scanner_unterminatedString_reportsNameAndLine() {
        assertThatThrownBy(() -> JsonStringScanner.scan("bad.json", "[\"ok\",\n\"never ends"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("bad.json:2: unterminated string at byte 7");
    }

    @Property
    void policies_neverRetainMoreThanSetLen_norLessThanContent(@ForAll @LongRange(min = 0, max = 200_000) long raw,
                                                              @ForAll @LongRange(min = 0, max = 200_000) long decoded) {
        Assume.that(decoded <= raw && raw > 0);
        JsonString s = new JsonString(raw, decoded, true, false);
        StringBufferRules rules = StringBufferRules.ruby34();
        var setLen = JsonUnescapeWorkload.apply(s, UnescapePolicy.SET_LEN, rules);
        var resize = JsonUnescapeWorkload.apply(s, UnescapePolicy.RESIZE, rules);
        var exact = JsonUnescapeWorkload.apply(s, UnescapePolicy.EXACT, rules);
        // exact may embed into a larger slot than resize's exact realloc (raw 616, decoded 16: 80 B slot vs 40 + 17)
        assertThat(exact.fin().capacityBytes()).isGreaterThanOrEqualTo(decoded)
                .isLessThanOrEqualTo(setLen.fin().capacityBytes());
        assertThat(resize.fin().capacityBytes()).isLessThanOrEqualTo(setLen.fin().capacityBytes());
        assertThat(resize.mallocs()).isEqualTo(setLen.mallocs());
        // resize keeps at most min(len, 1024) bytes of slack in a malloc'd buffer
        if (!resize.fin().embedded()) {
            assertThat(resize.fin().capacityBytes() - decoded).isLessThanOrEqualTo(Math.min(decoded, 1024));
        }
    }

    private static String resource(String path) throws IOException {
        try (InputStream in = JsonUnescapeWorkloadTest.class.getClassLoader().getResourceAsStream(path)) {
            assertThat(in).as(path).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static List<String> strings(JsonNode root) {
        List<String> out = new ArrayList<>();
        collect(root, out);
        return out;
    }

    private static void collect(JsonNode n, List<String> out) {
        if (n.isTextual()) {
            out.add(n.textValue());
        } else if (n.isObject()) {
            n.fields().forEachRemaining(e -> {
                out.add(e.getKey());
                collect(e.getValue(), out);
            });
        } else if (n.isArray()) {
            n.forEach(c -> collect(c, out));
        }
    }
}
