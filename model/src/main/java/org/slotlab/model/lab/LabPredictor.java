package org.slotlab.model.lab;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.cost.OpEvents;
import org.slotlab.model.harness.Harness;
import org.slotlab.model.harness.HarnessState;
import org.slotlab.model.heap.ObjectSpec;
import org.slotlab.model.heap.Phase;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.parsers.SplitStep;
import org.slotlab.model.string.SlicePosition;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.string.StrSubseq;
import org.slotlab.model.string.SubseqOutcome;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.string.SubseqPolicy;
import org.slotlab.model.workload.Experiments;
import org.slotlab.model.workload.KeepMode;
import org.slotlab.model.workload.OpPlan;
import org.slotlab.model.workload.Outcome;
import org.slotlab.model.workload.SliceLoop;
import org.slotlab.model.workload.SlotAlloc;

/**
 * Predicts the validation lab's rows from one cost profile, calibrated on the unpatched Ruby
 * alone: each row's loop becomes the model's workload (a {@link SliceLoop}, a {@link SplitStep}, a
 * {@link SlotAlloc} or a String#* copy), each lab Ruby its str_subseq policy (the build's name:
 * {@code base} is master, {@code cutoff-256} is {@code cutoff:256}, ...), and the row's harness the
 * profile's measured heap and loop cost. Rows the model has no workload for, or that ran with
 * their own environment (raised heap init slots), are left out with the reason.
 */
public final class LabPredictor {

    private final CostProfile profile;
    private final RubyLayout layout;

    public LabPredictor(CostProfile profile) {
        this.profile = profile;
        this.layout = profile.layout().orElseThrow(() -> new IllegalArgumentException(
                "the lab is predicted from a calibrated profile, which carries the layout it was measured on"));
    }

    public RubyLayout layout() {
        return layout;
    }

    public CostProfile profile() {
        return profile;
    }

    /** The str_subseq policy of a lab build: its name with ':' for the first '-' after the policy word. */
    public static SubseqPolicy policyOf(String rubyName) {
        if (rubyName.equals("base") || rubyName.matches("\\d+\\.\\d+\\.\\d+")) {
            return SubseqPolicies.master();
        }
        String p = rubyName.replaceFirst("^(cutoff|frozen-rule)-", "$1:").replaceFirst("^(frozen-rule:\\d+)-(\\d+)$", "$1:$2");
        return SubseqPolicies.parse(p);
    }

    /** The model's workload of a row under {@code policy}, or null when the model has none for it. */
    public OpPlan plan(LabResults.Row row, SubseqPolicy policy, long n) {
        switch (row.kind()) {
            case "subseq": {
                SourceState source = switch (row.text("source")) {
                    case "frozen" -> SourceState.FROZEN;
                    case "fresh" -> SourceState.UNFROZEN_UNSHARED;
                    case "shared" -> SourceState.ALREADY_SHARED;
                    default -> null;
                };
                if (source == null) {
                    return null;
                }
                SlicePosition pos = row.text("position").equals("middle") ? SlicePosition.MIDDLE : SlicePosition.SUFFIX;
                return new SliceLoop(row.param("len"), row.param("src_len"), source, pos, n, 0, KeepMode.FIRST).plan(layout, policy);
            }
            case "split":
                // the lab's loop files carry no frozen_string_literal comment: its ":" is a new string every call
                return new SplitStep(row.param("key_len"), row.param("value_len"), SplitStep.Receiver.parse("receiver", row.text("receiver")), n, true)
                        .plan(layout, policy);
            case "new": {
                int slot = objectSlot((int) row.param("ivars"));
                return slot < 0 ? null : new SlotAlloc(slot, n).plan(layout);
            }
            case "strmul": {
                long len = row.param("len");
                if (len <= 1) {
                    return null; // "x" * 1 duplicates the string: another path than the copy
                }
                SubseqOutcome o = StrSubseq.copy(layout, len);
                int heap = layout.heapIndexOfSlot(o.sliceSlotBytes());
                long malloc = o.sliceMallocBytes();
                OpEvents e = new OpEvents(1, 0, len, 0, 0, malloc > 0 ? 1 : 0, malloc > 0 ? len : 0, OpEvents.stringTimesMemcpyCalls(len))
                        .withEmbeddedWrites(malloc > 0 ? 0 : 1);
                return new OpPlan(List.of(new Phase(n, List.of(new ObjectSpec(heap, malloc, ObjectSpec.IMMEDIATE, "string")))), e, 1,
                        o.slotLabel());
            }
            default:
                return null;
        }
    }

    /**
     * The slot of an instance of a class given {@code ivars} ivars (3.2+: rb_obj_embedded_size =
     * 16 + 8 per ivar, at least 3, object.c:97-149); -1 where that is not a slot of this layout's
     * own (3.1 keeps more than 3 ivars in an array outside the slot, from its transient heap: not a single-slot loop).
     */
    int objectSlot(int ivars) {
        int bytes = 16 + 8 * Math.max(3, ivars);
        if (layout.heapCount() == 1) {
            return ivars <= 3 ? layout.slotSize(0) : -1;
        }
        for (int s : layout.slotSizes()) {
            if (s >= bytes) {
                return s;
            }
        }
        return -1;
    }

    /** Why a row is left out, or null when it is predicted. */
    public String leftOut(LabResults.Row row) {
        if (!row.env().isEmpty()) {
            return "runs with " + row.env() + " (a heap shaped by hand)";
        }
        if (plan(row, SubseqPolicies.master(), 1000) == null) {
            return "no model workload for this loop on " + layout.name();
        }
        return null;
    }

    /** The model's outcome of one row on one lab Ruby, in the row's harness. */
    public Outcome predict(LabResults.Row row, String rubyName, long n) {
        HarnessState h = profile.harness(Harness.parse(row.harness()), layout);
        OpPlan plan = plan(row, policyOf(rubyName), n);
        return Experiments.run(layout, profile, plan, h);
    }

    /**
     * GCs the simulation runs for {@code warmOps} operations of a row's body followed by its {@code n}
     * timed ones, from the heap the row's harness hands the body: what {@code GC.count} sees around a
     * benchmark-ips report, whose warm-up runs the same block in the same process (its two
     * {@code GC.start} calls not included).
     */
    public long processGcs(LabResults.Row row, String rubyName, long warmOps, long n) {
        HarnessState h = profile.harness(Harness.parse(row.harness()), layout);
        OpPlan plan = plan(row, policyOf(rubyName), n);
        List<Phase> phases = new ArrayList<>();
        List<Phase> body = plan.phases();
        if (warmOps > 0) {
            phases.add(new Phase(warmOps, body.get(body.size() - 1).perOp()));
        }
        phases.addAll(body);
        return new org.slotlab.model.heap.HeapSimulator(layout.withBoot(h.boot())).run(phases, true).gcCount();
    }

    /**
     * Iterations a run's process ran between the lab's snapshots, read from the objects it allocated
     * (every object one iteration of the row's body allocates, its source's too), or -1 where the lab
     * file predates the allocation counts.
     */
    public long iterationsInProcess(LabResults.Row row, String rubyName, LabResults.Run run) {
        List<Phase> body = plan(row, policyOf(rubyName), 1000).phases();
        int perOp = body.get(body.size() - 1).perOp().size();
        return run.allocations() <= 0 || perOp == 0 ? -1 : Math.round(run.allocations() / (double) perOp);
    }

    /** "cutoff:256" for a lab build named cutoff-256. */
    public static String policyName(String rubyName) {
        return policyOf(rubyName).name();
    }

    /** Median of a list of numbers. */
    static double median(List<Double> v) {
        List<Double> s = new ArrayList<>(v);
        s.sort(Double::compare);
        int m = s.size() / 2;
        return s.isEmpty() ? Double.NaN : s.size() % 2 == 1 ? s.get(m) : (s.get(m - 1) + s.get(m)) / 2;
    }

    /** Describes the runs of one Ruby in a row (for reports). */
    static String describe(Map<String, List<LabResults.Run>> runs, String ruby) {
        List<LabResults.Run> r = runs.get(ruby);
        return String.format(Locale.ROOT, "%s: %d runs", ruby, r == null ? 0 : r.size());
    }
}
