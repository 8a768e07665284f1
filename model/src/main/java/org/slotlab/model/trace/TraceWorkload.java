package org.slotlab.model.trace;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.cost.OpEvents;
import org.slotlab.model.harness.HarnessState;
import org.slotlab.model.heap.ObjectSpec;
import org.slotlab.model.heap.Phase;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SubseqOutcome;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.string.SubseqPolicy;
import org.slotlab.model.workload.Experiments;
import org.slotlab.model.workload.OpPlan;
import org.slotlab.model.workload.Outcome;
import org.slotlab.model.workload.SliceLoop;

/**
 * The traced run as a workload of the heap simulation: its operation mix, cut into operations
 * of about {@value #OBJECTS_PER_OP} objects each. Every operation allocates its share of the
 * substrings each policy makes (the slice, and the frozen root sharing makes from a fresh source)
 * and of the program's other objects (the run's allocations from GC.stat, less the probe's own
 * and less master's substrings), per heap as GC.stat_heap counted them (3.1: one heap).
 *
 * <p>Lifetimes come from the run: a substring still reachable at exit is kept to the end; one that
 * survived its next GC but not to the exit lives one GC interval of the traced run; the rest die
 * in their operation. Of the other objects, as many as the run left alive after a full GC at exit
 * (beyond what was alive at start) are kept; the rest die in their operation. The non-heap events
 * are the run's C method calls (the probe counted every c_call), the split calls among the
 * traced ones, and each policy's copies, shared headers, frozen roots and mallocs.
 *
 * <p>Counts are exact in total: each object kind's count per operation is its total divided by the
 * operations, rounded down, and the remainders run as a few phases of their own after the main one.
 * Not modelled: the malloc'd bytes of the program's other objects (the trace does not see them),
 * so GCs that malloc_limit would start are missing from both policies alike.
 */
public final class TraceWorkload {

    /** Objects one simulated operation allocates: small against any heap (4 kB of 40 B slots). */
    public static final int OBJECTS_PER_OP = 100;

    private final SubstringTrace trace;
    private final RubyLayout layout;

    public TraceWorkload(SubstringTrace trace, RubyLayout layout) {
        this.trace = trace;
        this.layout = layout;
    }

    /** One policy's prediction for the traced workload. */
    public record Prediction(String policy, Outcome outcome, long ops, double objects) {
        /** Predicted time of the whole workload, seconds. */
        public double seconds() {
            return outcome.nsPerOp() * ops / 1e9;
        }

        public long gcCount() {
            return outcome.gcCount();
        }
    }

    /** Master and each candidate, simulated and priced. */
    public List<Prediction> predict(CostProfile profile, List<SubseqPolicy> candidates, HarnessState harness) {
        List<SubseqPolicy> all = new ArrayList<>();
        all.add(SubseqPolicies.master());
        all.addAll(candidates);
        List<Prediction> out = new ArrayList<>();
        for (SubseqPolicy p : all) {
            Plan plan = plan(p);
            Outcome o = harness == null ? Experiments.run(layout, profile, plan.opPlan())
                    : Experiments.run(layout, profile, plan.opPlan(), harness);
            out.add(new Prediction(p.name(), o, plan.ops(), plan.objects()));
        }
        return out;
    }

    /** The plan for one policy, with its size. */
    public record Plan(OpPlan opPlan, long ops, double objects) {
    }

    /** The heap workload under {@code policy}. */
    public Plan plan(SubseqPolicy policy) {
        Map<ObjectSpec, Double> totals = new LinkedHashMap<>();
        double bytesCopied = 0;
        double sharedSetups = 0;
        double roots = 0;
        double mallocs = 0;
        double mallocCopied = 0;
        double memcpys = 0;
        double embeddedWrites = 0;
        double masterObjects = 0;
        double[] masterPerHeap = new double[layout.heapCount()];
        long gcInterval = gcIntervalOps();
        for (SubstringTrace.Row r : trace.rows()) {
            double n = r.substrings() * trace.sites().get(r.site()).scale();
            if (n <= 0) {
                continue;
            }
            SubseqOutcome m = TraceWhatIf.slice(layout, SubseqPolicies.master(), r);
            masterObjects += n * m.objectsAllocated();
            masterPerHeap[layout.heapIndexOfSlot(m.sliceSlotBytes())] += n;
            if (m.allocatedRoot()) {
                masterPerHeap[layout.heapIndexOfSlot(m.rootSlotBytes())] += n;
            }
            SubseqOutcome o = TraceWhatIf.slice(layout, policy, r);
            double alive = r.aliveAtExitFraction();
            double survived = Math.max(0, r.survivedFraction() - alive);
            double[] shares = {alive, survived, Math.max(0, 1 - alive - survived)};
            long[] lifetimes = {ObjectSpec.RETAINED, gcInterval, ObjectSpec.IMMEDIATE};
            for (int i = 0; i < 3; i++) {
                double k = n * shares[i];
                if (k <= 0) {
                    continue;
                }
                ObjectSpec slice = new ObjectSpec(layout.heapIndexOfSlot(o.sliceSlotBytes()), o.sliceMallocBytes(), lifetimes[i], "slice");
                add(totals, i == 0 ? slice.heldByOldContainer() : slice, k);
                if (o.allocatedRoot()) {
                    ObjectSpec root = new ObjectSpec(layout.heapIndexOfSlot(o.rootSlotBytes()), o.rootMallocBytes(), lifetimes[i], "root");
                    add(totals, i == 0 ? root.heldByOldContainer() : root, k);
                }
            }
            bytesCopied += n * o.bytesCopied();
            sharedSetups += o.sharedSetup() ? n : 0;
            roots += o.allocatedRoot() ? n : 0;
            mallocs += o.sliceMallocBytes() > 0 ? n : 0;
            mallocCopied += n * o.mallocBytesCopied();
            memcpys += o.bytesCopied() > 0 ? n : 0;
            embeddedWrites += n * SliceLoop.embeddedWrites(o);
        }
        double[] other = otherObjects(masterPerHeap);
        double[] kept = keptOtherObjects(other);
        for (int h = 0; h < other.length; h++) {
            add(totals, new ObjectSpec(h, 0, ObjectSpec.RETAINED, "other").heldByOldContainer(), kept[h]);
            add(totals, ObjectSpec.dying(h, "other"), other[h] - kept[h]);
        }
        double objects = 0;
        for (double v : totals.values()) {
            objects += v;
        }
        long ops = ops();
        double splitCalls = splitCalls();
        OpEvents events = new OpEvents(trace.probe().cMethodCalls(), 0, bytesCopied, sharedSetups, roots, mallocs,
                Math.min(mallocCopied, bytesCopied), memcpys, splitCalls, embeddedWrites).times(1.0 / ops);
        return new Plan(new OpPlan(phases(totals, ops), events, masterObjects / ops, ""), ops, objects);
    }

    /** Calls of String#split among the traced ones, scaled. */
    private double splitCalls() {
        Map<Integer, Boolean> splitSites = new LinkedHashMap<>();
        for (SubstringTrace.Row r : trace.rows()) {
            if (r.method().equals("String#split")) {
                splitSites.put(r.site(), true);
            }
        }
        double n = 0;
        for (int s : splitSites.keySet()) {
            n += trace.sites().get(s).calls();
        }
        return n;
    }

    /** Operations of the workload, the same for every policy: the program's allocations in ops of OBJECTS_PER_OP. */
    public long ops() {
        return Math.max(1, Math.round((double) trace.programAllocations() / OBJECTS_PER_OP));
    }

    /** Operations between two GCs of the traced run (the run's length when it ran none). */
    long gcIntervalOps() {
        return Math.max(1, ops() / (trace.gcCount() + 1));
    }

    /**
     * The program's objects that are not master's substrings, per heap of the layout: the run's
     * per-heap allocations (GC.stat_heap) when the traced Ruby had the layout's slot sizes, else
     * all in the heap of the base slot; the probe's own objects come off the base heap, and master's
     * substrings off the heap that counted them.
     */
    double[] otherObjects(double[] masterSubstrings) {
        double[] out = new double[layout.heapCount()];
        SubstringTrace.GcCounters s = trace.start();
        SubstringTrace.GcCounters e = trace.end();
        int base = layout.heapIndexForSize(trace.geometry().baseSlot());
        base = base < 0 ? 0 : base;
        if (s.perHeap() && e.perHeap() && s.heapAllocated().size() == e.heapAllocated().size()) {
            for (int i = 0; i < e.heapAllocated().size(); i++) {
                int h = heapFor(e.heapSlotSizes().get(i));
                out[h] += e.heapAllocated().get(i) - s.heapAllocated().get(i);
            }
            out[base] -= trace.probe().allocatedObjects();
            for (int h = 0; h < out.length; h++) {
                out[h] = Math.max(0, out[h] - masterSubstrings[h]);
            }
        } else {
            // one heap's counters (3.1): master's substrings come off that total, whichever heap the layout puts them in
            double substrings = 0;
            for (double v : masterSubstrings) {
                substrings += v;
            }
            out[base] = Math.max(0, e.allocated() - s.allocated() - trace.probe().allocatedObjects() - substrings);
        }
        return out;
    }

    /** The heap of this layout that holds a slot of {@code slotSize} bytes (the largest when none does). */
    private int heapFor(int slotSize) {
        int h = layout.heapIndexForSize(slotSize);
        return h < 0 ? layout.heapCount() - 1 : h;
    }

    /** Of the other objects, those the run left alive after its exit GC beyond those alive at start. */
    double[] keptOtherObjects(double[] other) {
        double[] kept = new double[other.length];
        SubstringTrace.GcCounters s = trace.start();
        SubstringTrace.GcCounters a = trace.afterFullGc();
        double total = 0;
        for (double v : other) {
            total += v;
        }
        if (total <= 0) {
            return kept;
        }
        if (s.perHeap() && a.perHeap() && s.heapAllocated().size() == a.heapAllocated().size()) {
            for (int i = 0; i < a.heapAllocated().size(); i++) {
                double liveStart = s.heapAllocated().get(i) - s.heapFreed().get(i);
                double liveAfter = a.heapAllocated().get(i) - a.heapFreed().get(i);
                int h = heapFor(a.heapSlotSizes().get(i));
                kept[h] += Math.max(0, liveAfter - liveStart);
            }
        } else {
            double grown = Math.max(0, a.liveSlots() - s.liveSlots());
            for (int h = 0; h < other.length; h++) {
                kept[h] = grown * other[h] / total;
            }
        }
        for (int h = 0; h < kept.length; h++) {
            kept[h] = Math.min(kept[h], other[h]);
        }
        return kept;
    }

    private static void add(Map<ObjectSpec, Double> totals, ObjectSpec spec, double n) {
        if (n > 0) {
            totals.merge(spec, n, Double::sum);
        }
    }

    /**
     * Phases with exact totals: every op allocates floor(total / ops) of each kind; the rounded
     * totals' remainders (fewer than {@code ops} of each kind) run after it, one phase per distinct
     * remainder, each op of a phase allocating one of every kind whose remainder reaches it.
     */
    static List<Phase> phases(Map<ObjectSpec, Double> totals, long ops) {
        List<ObjectSpec> main = new ArrayList<>();
        Map<ObjectSpec, Long> remainders = new LinkedHashMap<>();
        for (Map.Entry<ObjectSpec, Double> e : totals.entrySet()) {
            long total = Math.round(e.getValue());
            long per = total / ops;
            for (long i = 0; i < per; i++) {
                main.add(e.getKey());
            }
            long rest = total - per * ops;
            if (rest > 0) {
                remainders.put(e.getKey(), rest);
            }
        }
        List<Phase> phases = new ArrayList<>();
        phases.add(new Phase(ops, main));
        List<Long> cuts = remainders.values().stream().distinct().sorted().toList();
        long done = 0;
        for (long cut : cuts) {
            List<ObjectSpec> specs = new ArrayList<>();
            for (Map.Entry<ObjectSpec, Long> e : remainders.entrySet()) {
                if (e.getValue() >= cut) {
                    specs.add(e.getKey());
                }
            }
            phases.add(new Phase(cut - done, specs));
            done = cut;
        }
        return phases;
    }
}
