package org.slotlab.model.workload;

import java.util.ArrayList;
import java.util.List;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.heap.HeapSimulator;
import org.slotlab.model.heap.SimResult;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SubseqPolicy;

/**
 * Runs workloads through the heap simulation and the cost profile: the one place where counts
 * become predictions. Sweeps return one {@link Comparison} per parameter value.
 */
public final class Experiments {

    private Experiments() {}

    /** Simulates one plan and prices it. */
    public static Outcome run(RubyLayout layout, CostProfile profile, OpPlan plan) {
        SimResult sim = new HeapSimulator(layout).run(plan.phases(), true);
        return new Outcome(profile.nsPerOp(layout, sim, plan.eventsPerOp()), sim, plan.objectsPerOp(),
                plan.representation());
    }

    /** The substring sweep: one comparison per length. */
    public static List<Comparison> subseqSweep(RubyLayout layout, CostProfile profile, SubseqPolicy baseline,
            SubseqPolicy candidate, SliceLoop loop, List<Long> lens) {
        List<Comparison> rows = new ArrayList<>(lens.size());
        for (long len : lens) {
            SliceLoop l = loop.withLen(len);
            rows.add(new Comparison("len_bytes", len, run(layout, profile, l.plan(layout, baseline)),
                    run(layout, profile, l.plan(layout, candidate))));
        }
        return rows;
    }

    /**
     * A cutoff sweep at one length: the candidate policy for each value comes from
     * {@code candidateFor} (e.g. {@code v -> SubseqPolicies.cutoff(v)}).
     */
    public static List<Comparison> cutoffSweep(RubyLayout layout, CostProfile profile, SubseqPolicy baseline,
            java.util.function.LongFunction<SubseqPolicy> candidateFor, SliceLoop loop, List<Long> cutoffs) {
        List<Comparison> rows = new ArrayList<>(cutoffs.size());
        Outcome base = run(layout, profile, loop.plan(layout, baseline));
        for (long c : cutoffs) {
            rows.add(new Comparison("cutoff_bytes", c, base, run(layout, profile, loop.plan(layout, candidateFor.apply(c)))));
        }
        return rows;
    }

    /** A retained-count sweep at one length: R kept slices for each value. */
    public static List<Comparison> retainSweep(RubyLayout layout, CostProfile profile, SubseqPolicy baseline,
            SubseqPolicy candidate, SliceLoop loop, List<Long> retains) {
        List<Comparison> rows = new ArrayList<>(retains.size());
        for (long r : retains) {
            SliceLoop l = loop.withRetain(r);
            rows.add(new Comparison("retain", r, run(layout, profile, l.plan(layout, baseline)),
                    run(layout, profile, l.plan(layout, candidate))));
        }
        return rows;
    }

    /** byroot's slot-size benchmark: one outcome per slot size of the layout. */
    public static List<Outcome> slotSweep(RubyLayout layout, CostProfile profile, long allocations) {
        List<Outcome> out = new ArrayList<>();
        for (int s : layout.slotSizes()) {
            out.add(run(layout, profile, new SlotAlloc(s, allocations).plan(layout)));
        }
        return out;
    }
}
