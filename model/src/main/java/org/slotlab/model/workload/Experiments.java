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

    /** byroot's slot-size benchmark: one outcome per slot size of the layout. */
    public static List<Outcome> slotSweep(RubyLayout layout, CostProfile profile, long allocations) {
        List<Outcome> out = new ArrayList<>();
        for (int s : layout.slotSizes()) {
            out.add(run(layout, profile, new SlotAlloc(s, allocations).plan(layout)));
        }
        return out;
    }
}
