package org.slotlab.model.buffers;

import java.util.ArrayList;
import java.util.List;
import org.slotlab.model.cost.CostModel;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.cost.JsonParseCosts;
import org.slotlab.model.cost.OpEvents;
import org.slotlab.model.cost.TimeBreakdown;
import org.slotlab.model.harness.HarnessState;
import org.slotlab.model.heap.HeapSimulator;
import org.slotlab.model.heap.ObjectSpec;
import org.slotlab.model.heap.Phase;
import org.slotlab.model.heap.SimResult;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.StringBufferRules;

/**
 * One {@code JSON.parse} of a document, as a calibrated profile prices it: the objects the parse
 * makes (a string per value, the Array, json's value stack once it spills) run through the heap
 * simulation as a loop of parses whose results die at once, the events beside the slots (mallocs,
 * copies beyond decoding, reallocs and early frees) priced by the profile's coefficients
 * ({@link CostModel}), and the json extension's own scanning and decoding priced by the JSON parse
 * probe's coefficients ({@link JsonParseCosts}). Sources: ruby/json's ext/json/ext/parser/parser.rl,
 * json 2.9.1 as CRuby 3.4.5 bundles it ({@code json_string_fastpath}, {@code json_string_unescape},
 * {@code rvalue_stack_spill}) and json 2.6.1 as Debian's 3.1.2 ships it ({@code json_string_unescape}
 * with {@code MAX_STACK_BUFFER_SIZE}); ruby/json PR #1135 (https://github.com/ruby/json/pull/1135).
 */
public final class JsonParseModel {

    /**
     * {@code RVALUE_STACK_INITIAL_CAPA} (json 2.9.1 parser.rl): values the parser keeps on the C stack
     * before {@code rvalue_stack_spill} moves them into a heap-allocated stack (one T_DATA object and
     * a malloc'd array of VALUEs that doubles as it fills).
     */
    public static final int RVALUE_STACK_INITIAL_CAPA = 128;
    /**
     * {@code MAX_STACK_BUFFER_SIZE} (json 2.6.1 parser.rl): json_string_unescape's temporary buffer is
     * on the C stack (ALLOCA_N) up to this many raw bytes, malloc'd (ALLOC_N) and freed beyond.
     */
    public static final long MAX_STACK_BUFFER_SIZE = 128;
    /** {@code sizeof(rvalue_stack)} on 64-bit: the struct the spilled stack's object owns, bytes. */
    static final long RVALUE_STACK_STRUCT_BYTES = 32;
    /** Bytes per Array element ({@code sizeof(VALUE)}, x86-64 and arm64). */
    static final long VALUE_BYTES = 8;
    /** {@code offsetof(struct RArray, as.ary)} on 64-bit CRuby 3.2+: an embedded Array's header, bytes. */
    static final long RARRAY_EMBED_OFFSET = 16;
    /** Elements an Array embeds in its 40 B slot without variable-width allocation (RARRAY_EMBED_LEN_MAX, 3.1). */
    static final long RARRAY_EMBED_LEN_MAX_31 = 3;
    /** Objects the simulation allocates at most (parses x objects per parse), to keep a recompute in milliseconds. */
    static final long SIMULATED_OBJECTS = 400_000;
    /**
     * Malloc'd bytes the simulation goes through at most: some sixty GCs by malloc at CRuby's largest
     * malloc_limit (32 MiB, GC_MALLOC_LIMIT_MAX), enough for the count per parse to settle.
     */
    static final long SIMULATED_MALLOC_BYTES = 2_000_000_000L;
    /** Fewest parses simulated. */
    static final long MIN_PARSES = 8;

    private JsonParseModel() {
    }

    /**
     * What the json extension itself works through in one parse, the inputs of {@link JsonParseCosts}.
     *
     * @param strings      string tokens (values and object keys)
     * @param plainBytes   bytes of the document outside strings with escapes
     * @param escapedBytes raw bytes (between the quotes, escapes included) of strings with escapes
     */
    public record Work(long strings, long plainBytes, long escapedBytes) {
    }

    /** The json terms' inputs for {@code doc}. */
    public static Work work(JsonDocument doc) {
        long escaped = 0;
        for (JsonString s : doc.strings()) {
            if (s.escaped()) {
                escaped += s.rawBytes();
            }
        }
        return new Work(doc.strings().size(), doc.bytes() - escaped, escaped);
    }

    /**
     * One parse made concrete for a layout and policy.
     *
     * @param perParse      the objects it allocates, in order (strings, the value stack, the Array)
     * @param events        events beside the slots: mallocs, bytes copied beyond the first write of
     *                      the decoded bytes, memcpy calls, new embedded strings written
     * @param reallocs      shrinking reallocs (rb_str_resize)
     * @param explicitFrees buffers freed during the parse rather than by a later sweep
     */
    public record Plan(List<ObjectSpec> perParse, OpEvents events, long reallocs, long explicitFrees) {
        public Plan {
            perParse = List.copyOf(perParse);
        }

        public long objects() {
            return perParse.size();
        }

        /** Malloc'd buffers the parse's objects own, which the sweep frees. */
        public long buffers() {
            return perParse.stream().filter(o -> o.mallocBytes() > 0).count();
        }

        /** Bytes of those buffers. */
        public long bufferBytes() {
            return perParse.stream().mapToLong(ObjectSpec::mallocBytes).sum();
        }
    }

    /**
     * The objects and events of one parse of {@code doc} under {@code policy}: per value string its
     * final RString (and, for the exact copy, the discarded first one), per {@link
     * JsonUnescapeWorkload#apply}; json's value stack once more than {@value #RVALUE_STACK_INITIAL_CAPA}
     * values are pending, on json that builds the Array from it (every policy but the temporary
     * buffer of json before ruby/json PR #671, which pushes onto the Array as it goes); that json's
     * JSON.parse wrapper objects (json 2.6.1: the options Hash, the keyword splat's Hash, the Parser;
     * json 2.9.1 allocates none); and every Array and Hash of the document. Object keys are not
     * allocated: json interns them and finds them in CRuby's fstring table after the first parse.
     */
    public static Plan plan(JsonDocument doc, UnescapePolicy policy, StringBufferRules rules) {
        RubyLayout layout = rules.layout();
        List<ObjectSpec> specs = new ArrayList<>();
        double mallocs = 0, copied = 0, mallocCopied = 0, memcpys = 0, embeddedWrites = 0;
        long reallocs = 0, frees = 0;
        List<JsonString> values = doc.values();
        for (JsonString s : values) {
            JsonUnescapeWorkload.Outcome o = JsonUnescapeWorkload.apply(s, policy, rules);
            if (o.slots() == 2) {
                // the exact copy's first string: rb_str_buf_new's RString, dropped at once
                specs.add(new ObjectSpec(layout.heapIndexOfSlot((int) (o.slotBytes() - o.fin().slotBytes())), 0,
                        ObjectSpec.IMMEDIATE, "buffer"));
            }
            specs.add(new ObjectSpec(layout.heapIndexOfSlot((int) o.fin().slotBytes()), o.fin().mallocRequestBytes(),
                    ObjectSpec.IMMEDIATE, "string"));
            mallocs += o.mallocs();
            reallocs += o.reallocs();
            frees += o.frees();
            if (o.copied() > 0) {
                copied += o.copied();
                memcpys++;
                if (!o.fin().embedded()) {
                    mallocCopied += o.copied();
                }
            }
            if (o.fin().embedded()) {
                embeddedWrites++;
            }
        }
        long n = doc.containers().stream().mapToLong(JsonStringScanner.Container::entries).max().orElse(0);
        if (policy != UnescapePolicy.TEMP_BUFFER && n > RVALUE_STACK_INITIAL_CAPA) {
            long capa = RVALUE_STACK_INITIAL_CAPA;
            while (capa < n) {
                capa *= 2;
            }
            specs.add(new ObjectSpec(0, RVALUE_STACK_STRUCT_BYTES + VALUE_BYTES * capa, ObjectSpec.IMMEDIATE, "value stack"));
            mallocs += 2;
        }
        if (policy == UnescapePolicy.TEMP_BUFFER) {
            // json 2.6.1's JSON.parse(source, opts = {}) is Parser.new(source, **(opts||{})).parse (common.rb): the
            // default options Hash, the keyword splat's Hash and the Parser object, each dead after the parse
            for (String role : List.of("options hash", "keyword hash", "parser")) {
                specs.add(ObjectSpec.dying(0, role));
            }
        }
        for (JsonStringScanner.Container c : doc.containers()) {
            ObjectSpec o = c.object() ? hash(c.entries(), layout) : array(c.entries(), layout);
            specs.add(o);
            if (o.mallocBytes() > 0) {
                mallocs++;
            }
        }
        OpEvents events = new OpEvents(0, 0, copied, 0, 0, mallocs, mallocCopied, memcpys, 0, embeddedWrites);
        return new Plan(specs, events, reallocs, frees);
    }

    /**
     * The parsed Array of {@code n} values: embedded in the slot that fits {@code 16 + 8n} bytes when
     * the layout has one (CRuby 3.2+ ary_new, array.c ary_embeddable_p), else a 40 B RArray and a
     * malloc'd buffer of {@code 8n} bytes (3.1 embeds at most 3 elements).
     */
    static ObjectSpec array(long n, RubyLayout layout) {
        if (layout.embedRule() == RubyLayout.EmbedRule.FIXED) {
            return new ObjectSpec(0, n <= RARRAY_EMBED_LEN_MAX_31 ? 0 : VALUE_BYTES * n, ObjectSpec.IMMEDIATE, "array");
        }
        long size = RARRAY_EMBED_OFFSET + VALUE_BYTES * n;
        if (layout.isAllocatable(size)) {
            return new ObjectSpec(layout.heapIndexForSize(size), 0, ObjectSpec.IMMEDIATE, "array");
        }
        return new ObjectSpec(0, VALUE_BYTES * n, ObjectSpec.IMMEDIATE, "array");
    }

    /** Pairs a Hash keeps in its ar_table (RHASH_AR_TABLE_MAX_SIZE, hash.c) before it moves to an st_table. */
    static final int AR_TABLE_MAX_SIZE = 8;
    /** A 3.2+ Hash with its ar_table embedded: {@code ObjectSpace.memsize_of} of a parsed 1-8 pair Hash on 3.4.5, bytes. */
    static final long RHASH_EMBEDDED_AR_BYTES = 160;
    /** The ar_table 3.1 mallocs for a Hash of 1-8 pairs (memsize_of 168 = 40 + 128 on 3.1.2), bytes. */
    static final long AR_TABLE_BYTES_31 = 128;

    /**
     * A parsed object of {@code pairs} pairs: up to {@value #AR_TABLE_MAX_SIZE} pairs an ar_table, in a
     * 160 B slot on variable-width layouts (memsize 160 on 3.4.5) or a 40 B RHash and 128 B malloc'd on
     * 3.1 (memsize 168 on 3.1.2); beyond, an st_table, whose size is estimated as 24 bytes per entry of
     * the next power of two plus 56 (st.c's entries and header; its bins are not counted).
     */
    static ObjectSpec hash(long pairs, RubyLayout layout) {
        boolean variable = layout.embedRule() != RubyLayout.EmbedRule.FIXED && layout.isAllocatable(RHASH_EMBEDDED_AR_BYTES);
        int heap = variable ? layout.heapIndexForSize(RHASH_EMBEDDED_AR_BYTES) : 0;
        long table = 0;
        if (pairs > AR_TABLE_MAX_SIZE) {
            long capa = Long.highestOneBit(pairs - 1) * 2;
            table = 24 * capa + 56;
        } else if (!variable && pairs > 0) {
            table = AR_TABLE_BYTES_31;
        }
        return new ObjectSpec(heap, table, ObjectSpec.IMMEDIATE, "hash");
    }

    /** Parses simulated for a plan: enough for its GCs to settle, within {@link #SIMULATED_OBJECTS}. */
    static long parses(Plan plan) {
        long malloced = 0;
        for (ObjectSpec o : plan.perParse()) {
            malloced += o.mallocBytes();
        }
        long byObjects = SIMULATED_OBJECTS / Math.max(1, plan.objects());
        long byMalloc = malloced == 0 ? Long.MAX_VALUE : SIMULATED_MALLOC_BYTES / malloced;
        return Math.max(MIN_PARSES, Math.min(byObjects, byMalloc));
    }

    /**
     * A loop of parses whose results die at once, from the heap {@code heap} hands it, counted after as
     * many parses of warm-up (as the probe warms up, and as a program that parses often runs): the heap
     * and malloc_limit have grown to what the parses need, and its first GCs are not averaged in.
     */
    public static SimResult simulate(Plan plan, RubyLayout layout, HarnessState heap) {
        RubyLayout l = heap == null ? layout : layout.withBoot(heap.boot());
        long n = parses(plan);
        HeapSimulator sim = new HeapSimulator(l);
        SimResult warm = sim.run(List.of(new Phase(n, plan.perParse())), true);
        return sim.run(List.of(new Phase(2 * n, plan.perParse())), true).after(warm);
    }

    /**
     * The same document (the same object: documents are built once per spec and kept), the same rules
     * (by what they are: their description and layout), policy and heap: every recompute of a scenario
     * asks for the same loops, and a drag of an unrelated setting must not simulate them again.
     */
    private record SimKey(JsonDocument doc, String rules, RubyLayout layout, UnescapePolicy policy, HarnessState heap) {
        @Override
        public boolean equals(Object o) {
            return o instanceof SimKey k && k.doc == doc && k.rules.equals(rules) && k.layout.equals(layout) && k.policy == policy
                    && java.util.Objects.equals(k.heap, heap);
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(doc) * 31 + rules.hashCode() * 7 + policy.hashCode() + java.util.Objects.hashCode(heap);
        }
    }

    /** Simulated loops kept: a recompute's tables and charts ask for each a few times, and the next recompute again. */
    private static final java.util.Map<SimKey, SimResult> SIMS = java.util.Collections.synchronizedMap(
            new java.util.LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(java.util.Map.Entry<SimKey, SimResult> e) {
                    return size() > 32;
                }
            });

    /** {@link #simulate}, kept for the same document, rules object, policy and heap. */
    static SimResult simulateCached(Plan plan, JsonDocument doc, UnescapePolicy policy, StringBufferRules rules, HarnessState heap) {
        SimKey key = new SimKey(doc, rules.toString(), rules.layout(), policy, heap);
        SimResult hit = SIMS.get(key);
        if (hit != null) {
            return hit;
        }
        SimResult sim = simulate(plan, rules.layout(), heap);
        SIMS.put(key, sim);
        return sim;
    }

    /**
     * One parse priced.
     *
     * @param jsonNs     the json extension's own work (the probe's coefficients, or what the published
     *                   rate leaves beside the allocations), ns
     * @param alloc      slots, copies, mallocs, faults and the GC share, per parse, from the profile
     * @param extraNs    reallocs and early frees, ns
     * @param gcsPerParse GCs per parse in the simulated loop
     * @param objects    objects allocated per parse
     * @param gcExtraNs  GC time beyond the profile's GC terms for the buffers the parse leaves to the sweep
     *                   (the JSON parse probe's GC coefficients), ns
     */
    public record Priced(double jsonNs, TimeBreakdown alloc, double extraNs, double gcsPerParse, long objects, double gcExtraNs) {
        public double totalNs() {
            return jsonNs + alloc.total() + extraNs + gcExtraNs;
        }

        /** The GC part, ns. */
        public double gcNs() {
            return alloc.part(TimeBreakdown.GC) + gcExtraNs;
        }

        /** Everything but the GC part, ns. */
        public double nonGcNs() {
            return totalNs() - gcNs();
        }
    }

    /**
     * The allocations of {@code plan} priced by {@code profile} in the heap {@code heap} hands the loop
     * (the harness's loop cost left out: a parse is one iteration of whatever loop calls it).
     */
    public static Priced allocations(Plan plan, RubyLayout layout, CostProfile profile, HarnessState heap) {
        return allocations(plan, layout, profile, heap, simulate(plan, layout, heap));
    }

    private static Priced allocations(Plan plan, RubyLayout layout, CostProfile profile, HarnessState heap, SimResult sim) {
        RubyLayout l = heap == null ? layout : layout.withBoot(heap.boot());
        HarnessState noLoop = heap == null ? null
                : new HarnessState(heap.harness(), heap.boot(), 0, 0, 0, heap.gcNsPerGc(), heap.provenance());
        TimeBreakdown alloc = CostModel.price(profile, l, sim, plan.events(), noLoop);
        double extra = plan.reallocs() * reallocNs(profile) + plan.explicitFrees() * freeNs(profile);
        return new Priced(0, alloc, extra, sim.ops() == 0 ? 0 : (double) sim.gcCount() / sim.ops(), plan.objects(), 0);
    }

    /**
     * A shrinking realloc done in place: no coefficient of its own, so priced as one malloc
     * ({@code malloc_free_ns}): glibc's {@code _int_realloc} splits the chunk and frees the tail,
     * a malloc's bookkeeping. An assumption, named in every footer that uses it.
     */
    public static double reallocNs(CostProfile p) {
        return p.get(CostProfile.MALLOC);
    }

    /**
     * A buffer freed during the parse ({@code ruby_xfree}): the free the sweep would otherwise do,
     * {@code gc_free_ns_per_buffer}, where the profile prices that free apart from the malloc; else
     * it is inside {@code malloc_free_ns} (a malloc and free pair) and costs nothing more.
     */
    public static double freeNs(CostProfile p) {
        return p.get(CostProfile.GC_FREE);
    }

    /**
     * One parse of {@code doc} under {@code policy}: the probe's json coefficients plus the priced
     * allocations when {@code json} is given; otherwise {@code publishedNsPerByte} for the whole
     * document stands for stock json (its own set_len allocations included), and the policy's
     * allocations beyond set_len's are added.
     */
    public static Priced price(JsonDocument doc, UnescapePolicy policy, StringBufferRules rules, CostProfile profile,
            HarnessState heap, JsonParseCosts json, double publishedNsPerByte) {
        Plan plan = plan(doc, policy, rules);
        Priced alloc = allocations(plan, rules.layout(), profile, heap, simulateCached(plan, doc, policy, rules, heap));
        double jsonNs;
        double gcExtra = 0;
        if (json != null) {
            Work w = work(doc);
            jsonNs = json.ns(w.strings(), w.plainBytes(), w.escapedBytes());
            gcExtra = json.gcNs(plan.buffers(), plan.bufferBytes());
        } else {
            Plan stockPlan = plan(doc, UnescapePolicy.SET_LEN, rules);
            Priced stock = policy == UnescapePolicy.SET_LEN ? alloc
                    : allocations(stockPlan, rules.layout(), profile, heap,
                            simulateCached(stockPlan, doc, UnescapePolicy.SET_LEN, rules, heap));
            jsonNs = doc.bytes() * publishedNsPerByte - stock.alloc().total() - stock.extraNs();
        }
        return new Priced(jsonNs, alloc.alloc(), alloc.extraNs(), alloc.gcsPerParse(), alloc.objects(), gcExtra);
    }

    /** The policy json's own code follows: set_len when it keeps the escaped capacity, else the temporary buffer. */
    public static UnescapePolicy ownPolicy(JsonParseCosts json) {
        return json == null || json.keepsEscapedCapacity() ? UnescapePolicy.SET_LEN : UnescapePolicy.TEMP_BUFFER;
    }
}
