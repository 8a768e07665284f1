package org.slotlab.model.realruby;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.slotlab.model.heap.HeapSimulator;
import org.slotlab.model.heap.ObjectSpec;
import org.slotlab.model.heap.Phase;
import org.slotlab.model.heap.SimResult;
import org.slotlab.model.layout.BootState;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SlicePosition;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.string.StrSubseq;
import org.slotlab.model.string.SubseqOutcome;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.workload.KeepMode;
import org.slotlab.model.workload.SliceLoop;

/**
 * The model against real interpreters: loops run on Debian 12's ruby 3.1.2 and on ruby 3.4.5 built
 * from Debian's source (RubyGems loaded, each loop in a fresh process;
 * sample-data/measured/ruby-*.json). 3.1 runs start the model from that run's own GC.stat
 * (pages, marked = reachable, old objects); 3.4 runs from the ruby-3.4 preset, whose boot state was
 * read from the same file. Objects per iteration must match exactly; GC counts of loops whose
 * results die at once within 3% (3.1) / 5% (3.4). Loops that keep results are checked within 40%:
 * the model's heap growth differs from CRuby's when live objects pile up (docs/FIT.md); the bound
 * pins that gap so it can only shrink.
 */
class MeasuredLoopsTest {

    private static final Pattern SIZE = Pattern.compile("_(\\d+)$");

    record Case(String name, long n, double objectsPerIter, long gcCount, List<Phase> phases, RubyLayout layout,
            boolean retains) {}

    static List<Case> cases(String file, boolean ruby34) throws Exception {
        JsonNode root;
        try (InputStream in = MeasuredLoopsTest.class.getResourceAsStream("/sample-data/measured/" + file)) {
            root = new ObjectMapper().readTree(new java.util.zip.GZIPInputStream(in));
        }
        List<Case> out = new ArrayList<>();
        for (JsonNode run : root.path("modes").path("gems_enabled").path("runs")) {
            long n = run.path("n").asLong();
            if (n < 1_000_000) {
                continue;
            }
            JsonNode before = run.path("gc_stat_before");
            RubyLayout layout = ruby34 ? RubyLayout.ruby34() : RubyLayout.ruby31().toBuilder().boot(new BootState(
                    new int[] {before.path("heap_allocated_pages").asInt()},
                    new long[] {before.path("heap_marked_slots").asLong()},
                    new long[] {Math.min(before.path("old_objects").asLong(), before.path("heap_marked_slots").asLong())},
                    "measured before the loop")).build();
            String name = run.path("case").asText();
            List<Phase> phases = phases(layout, name, n);
            if (phases == null) {
                continue;
            }
            out.add(new Case(name, n, run.path("allocated_objects_per_iter").asDouble(), run.path("gc_count").asLong(), phases,
                    layout, name.startsWith("ring") || name.startsWith("keep")));
        }
        return out;
    }

    /** The model's objects for one iteration of the measured Ruby expression. */
    static List<Phase> phases(RubyLayout l, String name, long n) {
        Matcher m = SIZE.matcher(name);
        long size = m.find() ? Long.parseLong(m.group(1)) : 0;
        int h = l.rstringHeap();
        if (name.equals("object_new")) {
            return List.of(new Phase(n, List.of(ObjectSpec.dying(h, "object"))));
        }
        if (name.startsWith("str_times_")) {
            return List.of(new Phase(n, List.of(spec(l, StrSubseq.copy(l, size), ObjectSpec.IMMEDIATE))));
        }
        if (name.startsWith("middle_frozen_") || name.startsWith("suffix_frozen_")) {
            SlicePosition pos = name.startsWith("middle") ? SlicePosition.MIDDLE : SlicePosition.SUFFIX;
            SubseqOutcome o = StrSubseq.slice(l, SubseqPolicies.master(), SourceState.FROZEN, 1000, pos, size);
            return List.of(new Phase(n, List.of(spec(l, o, ObjectSpec.IMMEDIATE))));
        }
        if (name.startsWith("suffix_fresh2000_")) {
            // s = A * 2000; s.byteslice(s.bytesize - len, len)
            return new SliceLoop(size, 2000, SourceState.UNFROZEN_UNSHARED, SlicePosition.SUFFIX, n, 0, KeepMode.FIRST)
                    .plan(l, SubseqPolicies.master()).phases();
        }
        if (name.startsWith("suffix_fresh200_")) {
            // s = String.new(A * 200): String.new allocates s, then rb_str_replace shares A * 200
            // (str_replace_shared) through a new frozen root: on 3.1 a 40 B root takes over the heap
            // string's buffer; on 3.4 A * 200 is embedded (320 B), so the root is an embedded copy.
            List<ObjectSpec> specs = new ArrayList<>();
            if (l.isEmbeddable(200, l.termLen())) {
                int e = l.heapForNewString(200);
                specs.add(ObjectSpec.dying(e, "A * 200"));
                specs.add(ObjectSpec.dying(e, "root"));
            } else {
                specs.add(ObjectSpec.dying(h, "A * 200"));
                specs.add(new ObjectSpec(h, 201, ObjectSpec.IMMEDIATE, "root"));
            }
            specs.add(ObjectSpec.dying(h, "String.new"));
            specs.add(spec(l, StrSubseq.slice(l, SubseqPolicies.master(), SourceState.ALREADY_SHARED, 200,
                    SlicePosition.SUFFIX, size), ObjectSpec.IMMEDIATE));
            return List.of(new Phase(n, specs));
        }
        Matcher keep = Pattern.compile("^(ring|keep_first)_(object|suffix_frozen_100)_(\\d+)$").matcher(name);
        if (keep.matches()) {
            long r = Long.parseLong(keep.group(3));
            ObjectSpec obj = keep.group(2).equals("object") ? ObjectSpec.dying(h, "object")
                    : spec(l, StrSubseq.slice(l, SubseqPolicies.master(), SourceState.FROZEN, 1000, SlicePosition.SUFFIX, 100),
                            ObjectSpec.IMMEDIATE);
            if (keep.group(1).equals("ring")) {
                return List.of(new Phase(n, List.of(new ObjectSpec(obj.heap(), obj.mallocBytes(), r, "kept", true))));
            }
            return List.of(new Phase(r, List.of(new ObjectSpec(obj.heap(), obj.mallocBytes(), ObjectSpec.RETAINED, "kept", true))),
                    new Phase(n - r, List.of(obj)));
        }
        return null;
    }

    static ObjectSpec spec(RubyLayout l, SubseqOutcome o, long lifetime) {
        return new ObjectSpec(l.heapIndexOfSlot(o.sliceSlotBytes()), o.sliceMallocBytes(), lifetime, "string");
    }

    @Test
    void ruby31_everyMeasuredLoop_objectsPerIterationExact_gcCountClose() throws Exception {
        check(cases("ruby-3.1.2-debian12-x86_64.json.gz", false), 0.03);
    }

    @Test
    void ruby34_everyMeasuredLoop_objectsPerIterationExact_gcCountClose() throws Exception {
        check(cases("ruby-3.4.5-debian-exp1-x86_64.json.gz", true), 0.05);
    }

    /**
     * Loops whose GC count the model is known to miss, with the reason; their objects per
     * iteration are still checked. suffix_fresh200 on 3.4 allocates in two heaps (320 B and 40 B).
     * Traced on 3.4.5 (docs/FIT.md, known gaps): the loop starts while boot's fourth GC, a major by
     * oldgen, is still marking incrementally; after it ends the 320 B heap takes pages without a
     * GC (3 -> 26), the 40 B heap has 11 pages by the loop's first GC, and the cycle is then 2,585
     * iterations instead of 1,750. The model starts with no GC in progress.
     */
    static boolean knownGap(Case c) {
        return c.layout().name().equals("ruby-3.4") && c.name().startsWith("suffix_fresh200_");
    }

    /** Simulates each case once, prints every case's GC count against the measured one, then checks them all. */
    private static void check(List<Case> cases, double dyingTolerance) {
        assertThat(cases).hasSizeGreaterThanOrEqualTo(50);
        List<SimResult> results = cases.stream().map(c -> new HeapSimulator(c.layout()).run(c.phases())).toList();
        StringBuilder report = new StringBuilder();
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            report.append(String.format("%-40s n=%,d measured %d model %d (%+.1f%%)%n", c.name(), c.n(), c.gcCount(),
                    results.get(i).gcCount(), gcError(c, results.get(i)) * 100));
        }
        System.out.print(report);
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            SimResult r = results.get(i);
            long perIter = c.phases().get(c.phases().size() - 1).perOp().size();
            assertThat(perIter).as("objects per iteration, %s", c.name()).isEqualTo(Math.round(c.objectsPerIter()));
            if (knownGap(c)) {
                continue;
            }
            assertThat(Math.abs(gcError(c, r))).as("GC count %s n=%d: measured %d, model %d", c.name(), c.n(), c.gcCount(),
                    r.gcCount()).isLessThanOrEqualTo(c.retains() ? 0.40 : dyingTolerance);
        }
    }

    /** The model's GC count relative to the measured one, minus 1. */
    private static double gcError(Case c, SimResult r) {
        return (double) r.gcCount() / c.gcCount() - 1;
    }
}
