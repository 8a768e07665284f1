package org.slotlab.model.workload;

import java.util.ArrayList;
import java.util.List;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.harness.HarnessState;
import org.slotlab.model.heap.HeapSimulator;
import org.slotlab.model.heap.Phase;
import org.slotlab.model.heap.SimResult;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SubseqPolicy;

/**
 * Runs workloads through the heap simulation and the cost profile: the one place where counts
 * become predictions. Sweeps return one {@link Comparison} per parameter value.
 */
public final class Experiments {

    private Experiments() {}

    /** Simulates one plan and prices it, net of any harness (the layout's own boot state). */
    public static Outcome run(RubyLayout layout, CostProfile profile, OpPlan plan) {
        SimResult sim = new HeapSimulator(layout).run(plan.phases(), true);
        return new Outcome(profile.nsPerOp(layout, sim, plan.eventsPerOp()), sim, plan.objectsPerOp(),
                plan.representation());
    }

    /**
     * Simulates one plan as harness {@code h} runs it and prices it: the heap the harness hands the
     * loop, the harness's warm-up of the same body first (its GCs and heap growth are not counted,
     * the state it leaves is where the timed part starts), and the harness's own cost per iteration.
     */
    public static Outcome run(RubyLayout layout, CostProfile profile, OpPlan plan, HarnessState h) {
        RubyLayout l = layout.withBoot(h.boot());
        HeapSimulator sim = new HeapSimulator(l);
        SimResult timed = sim.run(plan.phases(), true);
        if (h.warmupSeconds() > 0 || h.warmupPerTimedOp() > 0) {
            double ns = profile.nsPerOp(l, timed, plan.eventsPerOp(), h);
            long warmOps = h.warmupOps(plan.ops(), ns);
            if (warmOps > 0) {
                List<Phase> phases = new ArrayList<>();
                List<Phase> body = plan.phases();
                phases.add(new Phase(warmOps, body.get(body.size() - 1).perOp()));
                SimResult warm = sim.run(phases, true);
                phases.addAll(body);
                timed = sim.run(phases, true).after(warm);
            }
        }
        return new Outcome(profile.nsPerOp(l, timed, plan.eventsPerOp(), h), timed, plan.objectsPerOp(), plan.representation());
    }

    /**
     * One side of a slice loop: timed over its timing loop, and, unless R is kept while timing,
     * its kept memory from a run of the R kept slices.
     */
    public static Outcome slice(RubyLayout layout, CostProfile profile, SubseqPolicy policy, SliceLoop loop) {
        return slice(layout, profile, policy, loop, null);
    }

    /** {@link #slice} timed in harness {@code h} (null: net of any harness, the layout's boot state). */
    public static Outcome slice(RubyLayout layout, CostProfile profile, SubseqPolicy policy, SliceLoop loop, HarnessState h) {
        OpPlan plan = loop.timingLoop().plan(layout, policy);
        Outcome timed = h == null ? run(layout, profile, plan) : run(layout, profile, plan, h);
        if (loop.keepWhileTiming() || loop.retain() == 0) {
            return loop.retain() == 0 ? timed.withRetainedBytes(0) : timed;
        }
        return timed.withRetained(run(layout, profile, loop.memoryLoop().plan(layout, policy)).sim());
    }

    /** The substring sweep: one comparison per length. */
    public static List<Comparison> subseqSweep(RubyLayout layout, CostProfile profile, SubseqPolicy baseline,
            SubseqPolicy candidate, SliceLoop loop, List<Long> lens) {
        return subseqSweep(layout, profile, baseline, candidate, loop, lens, null);
    }

    /** {@link #subseqSweep} timed in harness {@code h} (null: net of any harness). */
    public static List<Comparison> subseqSweep(RubyLayout layout, CostProfile profile, SubseqPolicy baseline,
            SubseqPolicy candidate, SliceLoop loop, List<Long> lens, HarnessState h) {
        List<Comparison> rows = new ArrayList<>(lens.size());
        for (long len : lens) {
            SliceLoop l = loop.withLen(len);
            rows.add(new Comparison("len_bytes", len, slice(layout, profile, baseline, l, h), slice(layout, profile, candidate, l, h)));
        }
        return rows;
    }

    /**
     * A cutoff sweep at one length: the candidate policy for each value comes from
     * {@code candidateFor} (e.g. {@code v -> SubseqPolicies.cutoff(v)}).
     */
    public static List<Comparison> cutoffSweep(RubyLayout layout, CostProfile profile, SubseqPolicy baseline,
            java.util.function.LongFunction<SubseqPolicy> candidateFor, SliceLoop loop, List<Long> cutoffs) {
        return cutoffSweep(layout, profile, baseline, candidateFor, loop, cutoffs, null);
    }

    /** {@link #cutoffSweep} timed in harness {@code h} (null: net of any harness). */
    public static List<Comparison> cutoffSweep(RubyLayout layout, CostProfile profile, SubseqPolicy baseline,
            java.util.function.LongFunction<SubseqPolicy> candidateFor, SliceLoop loop, List<Long> cutoffs, HarnessState h) {
        List<Comparison> rows = new ArrayList<>(cutoffs.size());
        Outcome base = slice(layout, profile, baseline, loop, h);
        for (long c : cutoffs) {
            rows.add(new Comparison("cutoff_bytes", c, base, slice(layout, profile, candidateFor.apply(c), loop, h)));
        }
        return rows;
    }

    /** A retained-count sweep at one length: R kept slices for each value. */
    public static List<Comparison> retainSweep(RubyLayout layout, CostProfile profile, SubseqPolicy baseline,
            SubseqPolicy candidate, SliceLoop loop, List<Long> retains) {
        return retainSweep(layout, profile, baseline, candidate, loop, retains, null);
    }

    /** {@link #retainSweep} timed in harness {@code h} (null: net of any harness). */
    public static List<Comparison> retainSweep(RubyLayout layout, CostProfile profile, SubseqPolicy baseline,
            SubseqPolicy candidate, SliceLoop loop, List<Long> retains, HarnessState h) {
        List<Comparison> rows = new ArrayList<>(retains.size());
        for (long r : retains) {
            SliceLoop l = loop.withRetain(r);
            rows.add(new Comparison("retain", r, slice(layout, profile, baseline, l, h), slice(layout, profile, candidate, l, h)));
        }
        return rows;
    }

    /** One plan, in harness {@code h} when given, else net of any harness. */
    public static Outcome run(RubyLayout layout, CostProfile profile, OpPlan plan, java.util.Optional<HarnessState> h) {
        return h.isPresent() ? run(layout, profile, plan, h.get()) : run(layout, profile, plan);
    }

    /** byroot's slot-size benchmark (YJIT, klass.new, no ivar written): one outcome per slot size of the layout. */
    public static List<Outcome> slotSweep(RubyLayout layout, CostProfile profile, long allocations) {
        return slotSweep(layout, profile, allocations, null);
    }

    /** {@link #slotSweep} timed in harness {@code h} (null: net of any harness). */
    public static List<Outcome> slotSweep(RubyLayout layout, CostProfile profile, long allocations, HarnessState h) {
        return shapeSweep(layout, profile, AllocShape.BYROOT, allocations, h).stream().map(ShapePoint::outcome).toList();
    }

    /**
     * One point of the slot-size sweep: the class, the instance its loop makes, and its outcome.
     *
     * @param instance the instance of the class (its heap, ivars written, ivar array)
     * @param outcome  the loop's predicted time and simulated counts
     */
    public record ShapePoint(AllocShape.Instance instance, Outcome outcome) {
    }

    /**
     * The slot-size benchmark with a loop of {@code shape}: one point per class of the sweep
     * ({@link AllocShape#sweep}), each {@code allocations} objects dead at once, timed in harness
     * {@code h} (null: net of any harness).
     */
    public static List<ShapePoint> shapeSweep(RubyLayout layout, CostProfile profile, AllocShape shape, long allocations,
            HarnessState h) {
        List<ShapePoint> out = new ArrayList<>();
        for (AllocShape.Instance o : shape.sweep(layout)) {
            OpPlan plan = shape.plan(layout, o.classIvars(), allocations);
            out.add(new ShapePoint(o, h == null ? run(layout, profile, plan) : run(layout, profile, plan, h)));
        }
        return out;
    }
}
