package org.slotlab.model.buffers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.cost.JsonParseCosts;
import org.slotlab.model.heap.ObjectSpec;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.malloc.Allocators;
import org.slotlab.model.string.StringBufferRules;

/**
 * One JSON.parse as a calibrated profile prices it (ruby/json PR #1135, https://github.com/ruby/json/pull/1135):
 * the objects and events each policy makes, the json path of the Ruby's own json, and the parts the
 * price adds up from.
 */
class JsonParseModelTest {

    private static JsonDocument pr1135;
    private static JsonDocument plain;

    @BeforeAll
    static void generate() {
        pr1135 = JsonDocument.generated(JsonDocumentGenerator.Spec.pr1135(true));
        plain = JsonDocument.generated(JsonDocumentGenerator.Spec.pr1135(false));
    }

    /** A calibrated profile's coefficients on 3.4's layout (the shipped fit's numbers, carried with a layout). */
    static CostProfile profile34() {
        CostProfile d = CostProfile.defaultProfile();
        return new CostProfile("test-3.4", "ruby 3.4.5 [x86_64-linux]", d.coefficients(), null, RubyLayout.ruby34());
    }

    static JsonParseCosts costs(double perString, double plainByte, double escapedByte, boolean keeps) {
        return new JsonParseCosts("2.9.1", "ruby 3.4.5 [x86_64-linux]", "JSON::Ext::Parser", "", keeps, "rubygems",
                List.of(new JsonParseCosts.Term(JsonParseCosts.STRING, perString, "ns/string", 1, "test"),
                        new JsonParseCosts.Term(JsonParseCosts.PLAIN_BYTE, plainByte, "ns/byte", 0.01, "test"),
                        new JsonParseCosts.Term(JsonParseCosts.ESCAPED_BYTE, escapedByte, "ns/byte", 0.01, "test")),
                List.of(), "test");
    }

    @Test
    void prDocument_on34_setLen_makesTwoHundredStringsTheValueStackAndTheArray() {
        JsonParseModel.Plan plan = JsonParseModel.plan(pr1135, UnescapePolicy.SET_LEN, StringBufferRules.ruby34());

        // 200 strings (each a 40 B RString and its escaped-size buffer), json 2.9.1's spilled value stack, the Array
        assertThat(plan.objects()).isEqualTo(202);
        assertThat(plan.perParse().stream().filter(o -> o.role().equals("string")))
                .hasSize(200).allSatisfy(o -> assertThat(o.heap()).isZero()).allSatisfy(o -> assertThat(o.mallocBytes()).isGreaterThan(59_000));
        assertThat(plan.events().mallocs()).isEqualTo(200 + 2 + 1); // buffers, the stack's struct and array, the Array's buffer
        assertThat(plan.events().bytesCopied()).isZero(); // the decode loop writes the buffer: nothing is copied again
        assertThat(plan.reallocs()).isZero();
    }

    @Test
    void tempBuffer_on31_copiesEveryStringTwice_andFreesItsTemporaryBuffer() {
        StringBufferRules r31 = StringBufferRules.ruby31();
        JsonParseModel.Plan plan = JsonParseModel.plan(plain, UnescapePolicy.TEMP_BUFFER, r31);

        // json 2.6.1: no value stack (it pushes onto the Array as it goes); JSON.parse's options Hash, keyword Hash and Parser
        assertThat(plan.objects()).isEqualTo(200 + 3 + 1);
        long decoded = plain.values().stream().mapToLong(JsonString::decodedBytes).sum();
        assertThat(plan.events().bytesCopied()).isEqualTo(decoded);
        assertThat(plan.explicitFrees()).isEqualTo(200); // every string is over MAX_STACK_BUFFER_SIZE (128 B)
        assertThat(plan.events().mallocs()).isEqualTo(2 * 200 + 1);
        JsonString shortOne = new JsonString(100, 100, false, false);
        assertThat(JsonUnescapeWorkload.apply(shortOne, UnescapePolicy.TEMP_BUFFER, r31).frees())
                .as("a string of 128 B or less decodes on the C stack").isZero();
    }

    @Test
    void array_embedsInAVariableWidthSlotUpTo78Values_else40BAndMalloc() {
        RubyLayout l = RubyLayout.ruby34();
        assertThat(JsonParseModel.array(78, l)).isEqualTo(new ObjectSpec(l.heapIndexForSize(16 + 8 * 78), 0, ObjectSpec.IMMEDIATE, "array"));
        assertThat(JsonParseModel.array(79, l).mallocBytes()).isEqualTo(8 * 79);
        assertThat(JsonParseModel.array(3, RubyLayout.ruby31()).mallocBytes()).isZero();
        assertThat(JsonParseModel.array(4, RubyLayout.ruby31()).mallocBytes()).isEqualTo(32);
    }

    @Test
    void work_countsEscapedRawBytesApart() {
        JsonParseModel.Work w = JsonParseModel.work(pr1135);
        long escaped = pr1135.strings().stream().mapToLong(JsonString::rawBytes).sum();
        assertThat(w.escapedBytes()).isEqualTo(escaped);
        assertThat(w.plainBytes()).isEqualTo(pr1135.bytes() - escaped); // brackets, commas, quotes
        assertThat(w.strings()).isEqualTo(200);
        assertThat(JsonParseModel.work(plain).escapedBytes()).isZero();
    }

    @Test
    void price_isTheJsonTermsPlusThePricedAllocations() {
        CostProfile p = profile34();
        JsonParseCosts json = costs(50, 0.3, 1.1, true);
        StringBufferRules rules = StringBufferRules.ofLayout(p.layout().orElseThrow());
        JsonParseModel.Priced priced = JsonParseModel.price(pr1135, UnescapePolicy.SET_LEN, rules, p, null, json, 0.977);
        JsonParseModel.Work w = JsonParseModel.work(pr1135);

        assertThat(priced.jsonNs()).isCloseTo(50 * 200 + 0.3 * w.plainBytes() + 1.1 * w.escapedBytes(), within(1e-6));
        assertThat(priced.totalNs()).isCloseTo(priced.jsonNs() + priced.alloc().total() + priced.extraNs(), within(1e-6));
        assertThat(priced.gcsPerParse()).isGreaterThan(0); // 12.5 MB malloc'd per parse: malloc_limit is passed within two parses
    }

    @Test
    void price_resizeCostsSetLenPlusOneReallocPerEscapedString() {
        CostProfile p = profile34();
        JsonParseCosts json = costs(50, 0.3, 1.1, true);
        StringBufferRules rules = StringBufferRules.ofLayout(p.layout().orElseThrow());
        JsonParseModel.Priced setLen = JsonParseModel.price(pr1135, UnescapePolicy.SET_LEN, rules, p, null, json, 0.977);
        JsonParseModel.Priced resize = JsonParseModel.price(pr1135, UnescapePolicy.RESIZE, rules, p, null, json, 0.977);

        // the same slots, mallocs and json work; one realloc per escaped string (its buffers then smaller)
        assertThat(setLen.extraNs()).isZero();
        assertThat(resize.extraNs()).isEqualTo(200 * JsonParseModel.reallocNs(p));
        assertThat(resize.alloc().part(org.slotlab.model.cost.TimeBreakdown.SLOTS)).isEqualTo(setLen.alloc().part(org.slotlab.model.cost.TimeBreakdown.SLOTS));
        assertThat(resize.alloc().part(org.slotlab.model.cost.TimeBreakdown.MALLOC)).isEqualTo(setLen.alloc().part(org.slotlab.model.cost.TimeBreakdown.MALLOC));
        assertThat(resize.jsonNs()).isEqualTo(setLen.jsonNs());
    }

    @Test
    void withoutTheProbe_thePublishedRateStandsForStockJson_andPoliciesAddWhatTheyChange() {
        CostProfile p = profile34();
        StringBufferRules rules = StringBufferRules.ofLayout(p.layout().orElseThrow());
        JsonParseModel.Priced setLen = JsonParseModel.price(pr1135, UnescapePolicy.SET_LEN, rules, p, null, null, 0.977);
        JsonParseModel.Priced exact = JsonParseModel.price(pr1135, UnescapePolicy.EXACT, rules, p, null, null, 0.977);

        assertThat(setLen.totalNs()).isCloseTo(pr1135.bytes() * 0.977, within(1e-3));
        // the exact copy: a malloc and a copy of the decoded bytes more per string, priced by the profile
        assertThat(exact.alloc().part(org.slotlab.model.cost.TimeBreakdown.MALLOC))
                .isCloseTo(setLen.alloc().part(org.slotlab.model.cost.TimeBreakdown.MALLOC) + 200 * p.get(CostProfile.MALLOC), within(1e-6));
        long decoded = pr1135.values().stream().mapToLong(JsonString::decodedBytes).sum();
        assertThat(exact.alloc().part(org.slotlab.model.cost.TimeBreakdown.COPIES)).isCloseTo(decoded * p.get(CostProfile.MALLOC_COPY)
                + 200 * p.get(CostProfile.MEMCPY_CALL), within(1e-3));
        assertThat(exact.jsonNs()).isEqualTo(setLen.jsonNs());
    }

    @Test
    void ownPolicy_followsTheJsonTheProbeLoaded() {
        assertThat(JsonParseModel.ownPolicy(costs(1, 1, 1, true))).isEqualTo(UnescapePolicy.SET_LEN);
        assertThat(JsonParseModel.ownPolicy(costs(1, 1, 1, false))).isEqualTo(UnescapePolicy.TEMP_BUFFER);
        assertThat(JsonParseModel.ownPolicy(null)).isEqualTo(UnescapePolicy.SET_LEN);
    }

    @Test
    void workload_calibratedRows_carryTheGcCountAndTheProfilesTime() {
        CostProfile p = profile34().withJsonParse(costs(50, 0.3, 1.1, true));
        StringBufferRules rules = StringBufferRules.ofLayout(p.layout().orElseThrow());
        var params = new JsonUnescapeWorkload.Params(pr1135, rules, List.of(UnescapePolicy.SET_LEN, UnescapePolicy.TEMP_BUFFER),
                List.of(Allocators.byName("glibc")), UnescapeCostProfile.defaults(), new JsonUnescapeWorkload.Calibrated(p, null));
        List<JsonUnescapeWorkload.Row> rows = JsonUnescapeWorkload.predict(params);

        JsonUnescapeWorkload.Row setLen = rows.get(0);
        JsonUnescapeWorkload.Row temp = rows.get(1);
        assertThat(setLen.predictedParseNs()).isCloseTo(
                JsonParseModel.price(pr1135, UnescapePolicy.SET_LEN, rules, p, null, p.jsonParse().orElseThrow(), 0.977).totalNs(),
                within(1e-6));
        assertThat(setLen.objectsPerParse()).isEqualTo(202);
        assertThat(temp.objectsPerParse()).isEqualTo(204);
        assertThat(temp.slackBytes()).isZero(); // exact strings
        assertThat(setLen.gcNs()).isPositive();
    }
}
