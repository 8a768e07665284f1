package org.slotlab.model.parsers;

import java.util.ArrayList;
import java.util.List;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.harness.HarnessState;
import org.slotlab.model.heap.ObjectSpec;
import org.slotlab.model.heap.Phase;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.string.SubseqPolicy;
import org.slotlab.model.workload.Experiments;
import org.slotlab.model.workload.OpPlan;
import org.slotlab.model.workload.Outcome;

/**
 * The parsers of Feature #22186: each parser parses its sample data {@code passes} times under master and
 * each candidate policy. One pass is one operation of the heap simulation: its objects are the
 * pass's trace (every allocation, in order), all unreachable once the pass ends (the parsed headers
 * belong to a response that is dropped; ruby-bench drops the record). The cost profile prices the
 * pass: its C calls, bytes copied, shared headers, frozen roots, mallocs, slots and its share of
 * the GCs.
 */
public final class ParserExperiments {

    private ParserExperiments() {}

    /** The heap workload of {@code passes} passes over a trace. */
    public static OpPlan plan(RubyLayout layout, Trace trace, long passes) {
        if (passes < 1) {
            throw new IllegalArgumentException("passes must be >= 1, got " + passes);
        }
        List<ObjectSpec> specs = new ArrayList<>(trace.objects());
        for (Allocation a : trace.allocations()) {
            int heap = layout.heapIndexOfSlot(a.slotBytes());
            if (heap < 0) {
                throw new IllegalStateException("allocation " + a + " has a slot size layout " + layout.name() + " lacks");
            }
            specs.add(new ObjectSpec(heap, a.mallocBytes(), ObjectSpec.IMMEDIATE, a.role()));
        }
        return new OpPlan(List.of(new Phase(passes, specs)), trace.events(), trace.objects(), "");
    }

    /** Master first, then each candidate, for every parser. */
    public static List<ParserOutcome> run(RubyLayout layout, CostProfile profile, List<ParserWorkload> workloads,
            List<SubseqPolicy> candidates, long passes) {
        return run(layout, profile, workloads, candidates, passes, null);
    }

    /** {@link #run} timed in harness {@code h} (null: net of any harness). */
    public static List<ParserOutcome> run(RubyLayout layout, CostProfile profile, List<ParserWorkload> workloads,
            List<SubseqPolicy> candidates, long passes, HarnessState h) {
        java.util.Optional<HarnessState> harness = java.util.Optional.ofNullable(h);
        List<ParserOutcome> out = new ArrayList<>();
        for (ParserWorkload w : workloads) {
            Trace base = w.trace(layout, SubseqPolicies.master());
            Outcome baseOutcome = Experiments.run(layout, profile, plan(layout, base, passes), harness);
            out.add(outcome(w, SubseqPolicies.master().name(), base, base, baseOutcome, baseOutcome));
            for (SubseqPolicy c : candidates) {
                Trace t = w.trace(layout, c);
                Outcome o = Experiments.run(layout, profile, plan(layout, t, passes), harness);
                out.add(outcome(w, c.name(), base, t, baseOutcome, o));
            }
        }
        return out;
    }

    private static ParserOutcome outcome(ParserWorkload w, String policy, Trace base, Trace t, Outcome baseOutcome,
            Outcome o) {
        List<ValueSlice> bv = base.slices("value");
        List<ValueSlice> tv = t.slices("value");
        long copied = 0;
        long objects = 0;
        for (int i = 0; i < tv.size(); i++) {
            objects += tv.get(i).objects();
            if (i < bv.size() && bv.get(i).shared() && !tv.get(i).shared()) {
                copied++;
            }
        }
        long lines = w.lines();
        double ratio = o.nsPerOp() == 0 ? 1.0 : baseOutcome.nsPerOp() / o.nsPerOp();
        return new ParserOutcome(w.parser().name(), policy, lines, tv.size(), (double) t.objects() / lines,
                tv.isEmpty() ? 0 : (double) objects / tv.size(), tv.stream().filter(v -> !v.shared()).count(),
                tv.stream().filter(ValueSlice::shared).count(), copied, t.frozenRoots(), (double) t.slotBytes() / lines,
                o.gcCount(), o.nsPerOp() / lines, ratio, o);
    }
}
