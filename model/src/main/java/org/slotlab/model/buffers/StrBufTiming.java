package org.slotlab.model.buffers;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slotlab.model.cost.CostModel;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.cost.OpEvents;
import org.slotlab.model.cost.TimeBreakdown;
import org.slotlab.model.harness.Harness;
import org.slotlab.model.harness.HarnessState;
import org.slotlab.model.heap.HeapSimulator;
import org.slotlab.model.heap.ObjectSpec;
import org.slotlab.model.heap.Phase;
import org.slotlab.model.heap.SimResult;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.StringAllocation;
import org.slotlab.model.string.StringBufferRules;

/**
 * Time and GCs of Feature #12025's loop (https://bugs.ruby-lang.org/issues/12025),
 * {@code Array.new(count){ " " * i }}, on a calibrated profile's Ruby: the heap simulation runs the
 * loop as that Ruby allocates it and the profile's coefficients price what it counts. What one
 * element costs:
 * <ul>
 * <li>the block call {@code Array.new} makes per element (rb_ary_initialize's rb_yield): benchmark-ips'
 *     loop (a block call per iteration) minus the bare {@code while} loop, both read by calibrate's
 *     harness probe, when the profile has both; else one C method call ({@code method_call_ns}), an
 *     assumption the output names;</li>
 * <li>for {@code " " * i}: the literal {@code " "}, a new 40 B string every iteration in a file without
 *     {@code # frozen_string_literal: true} (putstring; putchilledstring on 3.4), dead at once; then the
 *     {@code String#*} call (rb_str_times), its result's slot and, past the embed limit, its
 *     {@code malloc(i + 1)}, and its {@code i} bytes filled by doubling memcpys. For
 *     {@code rb_str_buf_new(c)} and {@code String.new(capacity: c)}: one C call and the buffer, nothing
 *     filled (the keyword Hash of {@code capacity:} is not counted);</li>
 * <li>its share of the loop's GCs: every element stays reachable from the Array, so each GC marks
 *     what the loop has made so far (the simulation counts it; 3.1 promotes what an old Array holds at
 *     once, 3.4 does not).</li>
 * </ul>
 * The Array itself ({@code Array.new(count)}: a slot and {@code 8 x count} bytes malloc'd up front) is
 * allocated first. The loop starts in the heap plain {@code ruby} hands a script (the profile's
 * {@code rubygems} harness state, as the thread ran {@code ruby bench_mem.rb}).
 */
public final class StrBufTiming {

    private StrBufTiming() {
    }

    /**
     * One size timed.
     *
     * @param iBytes      i or c
     * @param count       elements
     * @param gcCount     GCs during the loop (the Array's allocation included)
     * @param minorGcs    of which minor
     * @param majorGcs    of which major
     * @param nsPerString time per element, ns (the block call included)
     * @param loopMs      the whole loop, ms
     * @param parts       the priced parts per element, ns (without the block call)
     * @param yieldNs     the block call per element, ns
     */
    public record Row(long iBytes, long count, long gcCount, long minorGcs, long majorGcs, double nsPerString, double loopMs,
                      TimeBreakdown parts, double yieldNs) {
    }

    /** What the block call per element costs and where that number comes from. */
    public record Yield(double ns, String provenance) {
    }

    /** The block call per element on this profile's Ruby; see the class comment. */
    public static Yield yieldCost(CostProfile p) {
        HarnessState ips = p.harnesses().get(Harness.BENCHMARK_IPS);
        HarnessState bare = p.harnesses().get(Harness.BARE);
        if (ips != null && bare != null && ips.loopNs() > bare.loopNs()) {
            return new Yield(ips.loopNs() - bare.loopNs(), "a block call: benchmark-ips' loop (a block call per iteration, "
                    + String.format(java.util.Locale.ROOT, "%.1f ns", ips.loopNs()) + ") minus the bare while loop ("
                    + String.format(java.util.Locale.ROOT, "%.1f ns", bare.loopNs()) + "), both read by calibrate's harness probe");
        }
        return new Yield(p.get(CostProfile.METHOD_CALL), "priced as one C method call (method_call_ns): the profile measured no "
                + "block call (benchmark-ips' harness was not measured)");
    }

    /** The Array of {@code count} elements, allocated before the loop: a 40 B RArray and its malloc'd buffer. */
    static ObjectSpec array(long count, RubyLayout layout) {
        return new ObjectSpec(layout.rstringHeap(), count * StrBufWorkload.VALUE_BYTES, ObjectSpec.RETAINED, "array");
    }

    /** Per element: the literal (for {@code " " * i}) and the element itself, kept by the Array. */
    static List<ObjectSpec> perElement(StringBufferRules rules, StrBufWorkload.Workload w, long size) {
        RubyLayout layout = rules.layout();
        StringAllocation s = StrBufWorkload.element(rules, w, size);
        List<ObjectSpec> out = new ArrayList<>();
        if (w == StrBufWorkload.Workload.TIMES) {
            out.add(ObjectSpec.dying(layout.heapForNewString(1), "literal"));
        }
        out.add(new ObjectSpec(layout.heapIndexOfSlot((int) s.slotBytes()), s.mallocRequestBytes(), ObjectSpec.RETAINED, "element", true));
        return out;
    }

    /** Events per element beside the slots; see the class comment. */
    static OpEvents events(StringBufferRules rules, StrBufWorkload.Workload w, long size) {
        StringAllocation s = StrBufWorkload.element(rules, w, size);
        double mallocs = s.embedded() ? 0 : 1;
        if (w != StrBufWorkload.Workload.TIMES) {
            return new OpEvents(1, 0, 0, 0, 0, mallocs, 0, 0, 0, 0);
        }
        double memcpys = OpEvents.stringTimesMemcpyCalls(size) + 1;
        return new OpEvents(1, 0, size + 1, 0, 0, mallocs, s.embedded() ? 0 : size, memcpys, 0, s.embedded() ? 2 : 1);
    }

    /**
     * Every size timed: the simulation runs once per distinct element (sizes that put the string in
     * the same slot with the same malloc share it), from {@code heap}'s heap (null: the layout's boot).
     */
    public static List<Row> predict(StringBufferRules rules, StrBufWorkload.Workload w, List<Long> sizes, long count, CostProfile profile,
            HarnessState heap) {
        RubyLayout layout = heap == null ? rules.layout() : rules.layout().withBoot(heap.boot());
        HarnessState noLoop = heap == null ? null
                : new HarnessState(heap.harness(), heap.boot(), 0, 0, 0, heap.gcNsPerGc(), heap.provenance());
        Yield y = yieldCost(profile);
        Map<List<ObjectSpec>, SimResult> sims = new HashMap<>();
        List<Row> out = new ArrayList<>();
        for (long size : sizes) {
            List<ObjectSpec> per = perElement(rules, w, size);
            SimResult sim = sims.computeIfAbsent(per, k -> new HeapSimulator(layout).run(List.of(
                    new Phase(1, List.of(array(count, layout))), new Phase(count, k)), true));
            TimeBreakdown parts = CostModel.price(profile, layout, sim, events(rules, w, size), noLoop);
            // per op of the run: the Array's own op is one of count + 1, within 1/count of per element
            double perString = parts.total() + y.ns();
            out.add(new Row(size, count, sim.gcCount(), sim.minorGcs(), sim.majorGcs(), perString, perString * count / 1e6, parts, y.ns()));
        }
        return out;
    }
}
