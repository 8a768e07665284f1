package org.slotlab.model.buffers;

import org.slotlab.model.string.StringAllocation;
import org.slotlab.model.string.StringBufferRules;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.malloc.Allocator;
import org.slotlab.model.malloc.RssEstimate;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.cost.JsonParseCosts;
import org.slotlab.model.harness.HarnessState;
import org.slotlab.model.heap.SimResult;

/**
 * The JSON unescape workload (ruby/json PR #1135, https://github.com/ruby/json/pull/1135): what the strings of a parsed
 * JSON document retain under each {@link UnescapePolicy}, per allocator, and what it costs in
 * time. A pure function from {@link Params} to {@link Row}s; {@link #tradeoff} adds the
 * maintainer's side (byroot: "not worth risking a realloc for a string that will likely be thrown
 * away soon") as a cost over the document's lifetime.
 *
 * <p>Per value string, on the given era's rules (3.4 by default; json 2.9.1 per RUBY_FACTS.md):
 * a string without escapes is {@code rb_utf8_str_new(start, len)}, exact (embedded up to 615
 * bytes). A string with escapes gets {@code rb_str_buf_new(raw)} (embedded when raw &lt;= 615 on
 * 3.4, else a 40 B RString + malloc(raw + 1)) and is decoded into it; then {@code set_len} keeps
 * capacity = raw; {@code resize} applies {@code rb_str_resize}: an embedded string keeps its slot,
 * a heap string whose decoded length fits its 40 B slot (&lt;= 15 B) moves back and frees the
 * buffer, otherwise it is realloc'd to decoded + 1 iff {@code capa - len > min(len, 1024)}
 * (string.c:3321-3373); {@code exact} allocates an exact-size copy (a new slot, malloc unless it
 * embeds) and frees the first buffer.
 *
 * <p>Units: retained capacity is the sum of the strings' capacities (rb_str_capacity: capa for
 * a malloc'd buffer, the slot's embed capacity minus termlen for an embedded string); MB in the
 * published table are 10^6 bytes (the PR's "4.8 MB" of slack for 200 strings of its example
 * text is 200 x 24,000 B). Shrinking reallocs are assumed in place (no copy).
 */
public final class JsonUnescapeWorkload {

    /** Bytes in the published table's MB (10^6; see the class comment). */
    public static final double MB = 1_000_000.0;

    /**
     * @param document   the scanned document
     * @param rules      CRuby era (layout, rb_str_buf_new placement)
     * @param policies   policies to compare
     * @param allocators allocators for footprint and RSS
     * @param cost       time coefficients
     */
    public record Params(JsonDocument document, StringBufferRules rules, List<UnescapePolicy> policies,
                         List<Allocator> allocators, UnescapeCostProfile cost, Calibrated calibrated) {
        public Params {
            policies = List.copyOf(policies);
            allocators = List.copyOf(allocators);
            if (policies.isEmpty()) {
                throw new IllegalArgumentException("json-unescape needs at least one policy (set_len, resize, exact, temp_buffer)");
            }
            if (allocators.isEmpty()) {
                throw new IllegalArgumentException("json-unescape needs at least one allocator");
            }
        }

        /** Timed at the published default (no calibrated profile). */
        public Params(JsonDocument document, StringBufferRules rules, List<UnescapePolicy> policies, List<Allocator> allocators,
                UnescapeCostProfile cost) {
            this(document, rules, policies, allocators, cost, null);
        }

        /** The same inputs with other policies. */
        Params withPolicies(List<UnescapePolicy> others) {
            return new Params(document, rules, others, allocators, cost, calibrated);
        }

        /** The same inputs with other allocators. */
        Params withAllocators(List<Allocator> others) {
            return new Params(document, rules, policies, others, cost, calibrated);
        }
    }

    /**
     * A parse timed on a calibrated profile ({@code slotlab calibrate}): its coefficients price the
     * slots, mallocs, copies, faults and GCs of the strings (the heap simulation counts them, from the
     * heap {@code heap} hands the loop), and its JSON parse probe, when it has one, the json
     * extension's own scanning and decoding ({@link JsonParseCosts}); without one the published
     * parse rate stands for stock json and the profile prices what a policy changes.
     *
     * @param profile the calibrated profile
     * @param heap    the heap the parses start from (the profile's RubyGems harness: the probe's
     *                {@code ruby}, with json loaded); null for the layout's own boot state
     */
    public record Calibrated(CostProfile profile, HarnessState heap) {
        public Calibrated {
            java.util.Objects.requireNonNull(profile, "profile");
        }

        /** The JSON parse probe's coefficients, when the profile has them. */
        public JsonParseCosts json() {
            return profile.jsonParse().orElse(null);
        }
    }

    /**
     * One policy on one allocator.
     *
     * @param document              document name
     * @param policy                set_len, resize or exact
     * @param allocator             allocator name
     * @param valueStrings          value strings in the document
     * @param escapedStrings        of those, strings with escapes
     * @param contentBytes          sum of decoded lengths
     * @param retainedCapacityBytes sum of capacities after parsing
     * @param slackBytes            retained capacity - content
     * @param slackPct              slack as % of content
     * @param mallocCalls           mallocs while parsing
     * @param reallocCalls          reallocs while parsing
     * @param freeCalls             frees of buffers given up while parsing
     * @param bytesCopied           bytes memcpy'd beyond decoding (exact copies)
     * @param slotBytes             slots of the final strings plus discarded ones
     * @param mallocBufferBytes     sum of retained malloc requests (capa + termlen)
     * @param mallocFootprintBytes  the allocator's footprint of those buffers
     * @param mallocRssKib          their resident pages, KiB
     * @param predictedParseNs      stock parse time plus this policy's extra work, ns (on a calibrated
     *                              profile: the json's own work plus the priced allocations and GC share)
     * @param gcsPerParse           GCs per parse in a loop of parses whose results die at once (heap simulation)
     * @param objectsPerParse       objects one parse allocates (strings, json's value stack, the Array)
     * @param gcNs                  the GC share of {@code predictedParseNs}, ns (0 at the published default,
     *                              whose one figure has its GC inside)
     */
    public record Row(String document, String policy, String allocator, long valueStrings, long escapedStrings,
                      long contentBytes, long retainedCapacityBytes, long slackBytes, double slackPct, long mallocCalls,
                      long reallocCalls, long freeCalls, long bytesCopied, long slotBytes, long mallocBufferBytes,
                      long mallocFootprintBytes, double mallocRssKib, double predictedParseNs, double gcsPerParse,
                      long objectsPerParse, double gcNs) {

        /** Retained capacity in the published unit (10^6 B). */
        public double retainedCapacityMb() {
            return retainedCapacityBytes / MB;
        }
    }

    /**
     * The lifetime tradeoff of one policy against set_len.
     *
     * @param policy           policy name
     * @param allocator        allocator name
     * @param lifetimeSeconds  how long the parsed document stays alive, s
     * @param extraCpuNs       parse time beyond set_len's, ns
     * @param savedByteSeconds resident bytes saved vs set_len x lifetime, B-s
     * @param savedCpuNsEquivalent saved byte-seconds at the profile's exchange rate, ns
     * @param netBenefitNs     saved - extra; positive means the policy pays off
     */
    public record TradeoffRow(String policy, String allocator, double lifetimeSeconds, double extraCpuNs,
                              double savedByteSeconds, double savedCpuNsEquivalent, double netBenefitNs) {
    }

    /** What happened to one string. */
    record Outcome(StringAllocation fin, int mallocs, int reallocs, int frees, long copied, int slots, long slotBytes) {
    }

    private JsonUnescapeWorkload() {
    }

    static Outcome apply(JsonString s, UnescapePolicy policy, StringBufferRules rules) {
        RubyLayout layout = rules.layout();
        int termLen = layout.termLen();
        if (policy == UnescapePolicy.TEMP_BUFFER) {
            // json_string_unescape before ruby/json PR #671: every string decoded into a temporary
            // buffer (alloca up to MAX_STACK_BUFFER_SIZE, else ALLOC_N, freed after), then rb_utf8_str_new
            boolean heapTemp = s.rawBytes() > JsonParseModel.MAX_STACK_BUFFER_SIZE;
            StringAllocation exact = rules.timesString(s.decodedBytes());
            return new Outcome(exact, (heapTemp ? 1 : 0) + (exact.embedded() ? 0 : 1), 0, heapTemp ? 1 : 0, s.decodedBytes(), 1,
                    exact.slotBytes());
        }
        if (!s.escaped()) {
            StringAllocation exact = rules.timesString(s.decodedBytes());
            return new Outcome(exact, exact.embedded() ? 0 : 1, 0, 0, 0, 1, exact.slotBytes());
        }
        StringAllocation buf = rules.bufNew(s.rawBytes());
        int mallocs = buf.embedded() ? 0 : 1;
        long len = s.decodedBytes();
        switch (policy) {
            case SET_LEN:
                return new Outcome(buf, mallocs, 0, 0, 0, 1, buf.slotBytes());
            case RESIZE: {
                if (buf.embedded()) {
                    return new Outcome(buf, mallocs, 0, 0, 0, 1, buf.slotBytes());
                }
                int slotCapa = layout.embedCapa((int) buf.slotBytes());
                if (len + termLen <= slotCapa) {
                    StringAllocation embedded = new StringAllocation(buf.slotBytes(), slotCapa - termLen, 0, true);
                    return new Outcome(embedded, mallocs, 0, 1, len, 1, buf.slotBytes());
                }
                long capa = buf.capacityBytes();
                if (capa < len || capa - len > Math.min(len, 1024)) {
                    StringAllocation shrunk = new StringAllocation(buf.slotBytes(), len, len + termLen, false);
                    return new Outcome(shrunk, mallocs, 1, 0, 0, 1, buf.slotBytes());
                }
                return new Outcome(buf, mallocs, 0, 0, 0, 1, buf.slotBytes());
            }
            case EXACT: {
                StringAllocation copy = rules.timesString(len);
                return new Outcome(copy, mallocs + (copy.embedded() ? 0 : 1), 0, buf.embedded() ? 0 : 1, len, 2,
                        buf.slotBytes() + copy.slotBytes());
            }
            default:
                throw new IllegalStateException("unhandled policy " + policy);
        }
    }

    private record Totals(long values, long escaped, long content, long capacity, long mallocs, long reallocs,
                          long frees, long copied, long slots, long slotBytes, long bufferBytes,
                          Map<Long, Long> requests) {
    }

    private static Totals totals(JsonDocument doc, UnescapePolicy policy, StringBufferRules rules) {
        long values = 0, escaped = 0, content = 0, capacity = 0, mallocs = 0, reallocs = 0, frees = 0, copied = 0;
        long slots = 0, slotBytes = 0, bufferBytes = 0;
        Map<Long, Long> requests = new TreeMap<>();
        for (JsonString s : doc.values()) {
            Outcome o = apply(s, policy, rules);
            values++;
            escaped += s.escaped() ? 1 : 0;
            content += s.decodedBytes();
            capacity += o.fin().capacityBytes();
            mallocs += o.mallocs();
            reallocs += o.reallocs();
            frees += o.frees();
            copied += o.copied();
            slots += o.slots();
            slotBytes += o.slotBytes();
            if (!o.fin().embedded()) {
                bufferBytes += o.fin().mallocRequestBytes();
                requests.merge(o.fin().mallocRequestBytes(), 1L, Long::sum);
            }
        }
        return new Totals(values, escaped, content, capacity, mallocs, reallocs, frees, copied, slots, slotBytes,
                bufferBytes, requests);
    }

    private static double parseNs(JsonDocument doc, Totals t, Totals setLen, UnescapeCostProfile c) {
        return doc.bytes() * c.nsPerRawByte()
                + (t.mallocs() - setLen.mallocs()) * c.nsPerMalloc()
                + (t.reallocs() - setLen.reallocs()) * c.nsPerRealloc()
                + (t.frees() - setLen.frees()) * c.nsPerFree()
                + (t.copied() - setLen.copied()) * c.nsPerByteCopied()
                + (t.slots() - setLen.slots()) * c.nsPerSlotAllocation();
    }

    /** Rows for every policy and allocator, policy-major. */
    public static List<Row> predict(Params p) {
        Totals setLen = totals(p.document(), UnescapePolicy.SET_LEN, p.rules());
        List<Row> rows = new ArrayList<>();
        for (UnescapePolicy policy : p.policies()) {
            Totals t = policy == UnescapePolicy.SET_LEN ? setLen : totals(p.document(), policy, p.rules());
            Timing time = timing(p, policy, t, setLen);
            for (Allocator a : p.allocators()) {
                RssEstimate rss = a.rss(t.requests());
                long slack = t.capacity() - t.content();
                rows.add(new Row(p.document().name(), policy.cliName(), a.name(), t.values(), t.escaped(), t.content(),
                        t.capacity(), slack, t.content() == 0 ? 0 : 100.0 * slack / t.content(), t.mallocs(),
                        t.reallocs(), t.frees(), t.copied(), t.slotBytes(), t.bufferBytes(), rss.footprintBytes(),
                        rss.residentKib(), time.ns(), time.gcsPerParse(), time.objects(), time.gcNs()));
            }
        }
        return rows;
    }

    private record Timing(double ns, double gcsPerParse, long objects, double gcNs) {
    }

    /**
     * A policy's parse time: at the published default, the PR's rate plus the policy's events
     * beyond set_len (today's assumptions); on a calibrated profile, {@link JsonParseModel#price}.
     * The GC count per parse comes from the heap simulation either way.
     */
    private static Timing timing(Params p, UnescapePolicy policy, Totals t, Totals setLen) {
        if (p.calibrated() == null) {
            JsonParseModel.Plan plan = JsonParseModel.plan(p.document(), policy, p.rules());
            SimResult sim = JsonParseModel.simulateCached(plan, p.document(), policy, p.rules(), null);
            return new Timing(parseNs(p.document(), t, setLen, p.cost()), sim.ops() == 0 ? 0 : (double) sim.gcCount() / sim.ops(),
                    plan.objects(), 0);
        }
        Calibrated c = p.calibrated();
        JsonParseModel.Priced priced = JsonParseModel.price(p.document(), policy, p.rules(), c.profile(), c.heap(), c.json(),
                p.cost().nsPerRawByte());
        return new Timing(priced.totalNs(), priced.gcsPerParse(), priced.objects(), priced.gcNs());
    }

    /**
     * Net benefit of each policy over set_len for each lifetime: resident bytes saved (footprint
     * plus slots) times lifetime, at the profile's exchange rate, minus the extra parse time.
     */
    public static List<TradeoffRow> tradeoff(Params p, List<Double> lifetimesSeconds) {
        List<UnescapePolicy> all = new ArrayList<>(List.of(UnescapePolicy.SET_LEN));
        p.policies().stream().filter(x -> x != UnescapePolicy.SET_LEN).forEach(all::add);
        List<Row> rows = predict(p.withPolicies(all));
        List<TradeoffRow> out = new ArrayList<>();
        for (Allocator a : p.allocators()) {
            Row base = find(rows, UnescapePolicy.SET_LEN, a);
            for (UnescapePolicy policy : p.policies()) {
                Row r = find(rows, policy, a);
                double extra = r.predictedParseNs() - base.predictedParseNs();
                // slots of discarded strings are garbage after the parse: count the final slots only
                long heldBase = base.mallocFootprintBytes();
                long held = r.mallocFootprintBytes();
                for (double life : lifetimesSeconds) {
                    if (life < 0) {
                        throw new IllegalArgumentException("lifetime must be >= 0 s, got " + life);
                    }
                    double saved = (heldBase - held) * life;
                    double savedNs = saved * p.cost().cpuNsPerByteSecond();
                    out.add(new TradeoffRow(policy.cliName(), a.name(), life, extra, saved, savedNs, savedNs - extra));
                }
            }
        }
        return out;
    }

    /** Lifetime above which {@code policy} pays off against set_len on {@code allocator}, s (infinite if never). */
    public static double breakEvenSeconds(Params p, UnescapePolicy policy, Allocator allocator) {
        List<UnescapePolicy> two = policy == UnescapePolicy.SET_LEN ? List.of(policy) : List.of(UnescapePolicy.SET_LEN, policy);
        List<Row> rows = predict(p.withPolicies(two).withAllocators(List.of(allocator)));
        Row base = find(rows, UnescapePolicy.SET_LEN, allocator);
        Row r = find(rows, policy, allocator);
        double extra = r.predictedParseNs() - base.predictedParseNs();
        double savedPerSecondNs = (base.mallocFootprintBytes() - r.mallocFootprintBytes()) * p.cost().cpuNsPerByteSecond();
        if (extra <= 0) {
            return 0;
        }
        return savedPerSecondNs <= 0 ? Double.POSITIVE_INFINITY : extra / savedPerSecondNs;
    }

    private static Row find(List<Row> rows, UnescapePolicy policy, Allocator a) {
        return rows.stream().filter(r -> r.policy().equals(policy.cliName()) && r.allocator().equals(a.name()))
                .findFirst().orElseThrow();
    }
}
