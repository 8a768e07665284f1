package org.slotlab.model.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.slotlab.model.cost.CostModel;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.cost.CostTerm;
import org.slotlab.model.cost.TimeBreakdown;
import org.slotlab.model.heap.HeapSimulator;
import org.slotlab.model.heap.SimResult;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.parsers.SplitStep;
import org.slotlab.model.string.SlicePosition;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.workload.KeepMode;
import org.slotlab.model.workload.OpPlan;
import org.slotlab.model.workload.SliceLoop;

/**
 * rb_str_new's own work: str_subseq copies a slice it may not share (a middle, a prefix) with
 * rb_str_new, and embeds a suffix in its own branch. The probes time the same 15 B copied into the
 * same 40 B slot both ways, and the calibration sets {@code rb_str_new_ns} from that contrast and
 * holds it in the fit. On 3.1 every copy goes through rb_str_new, so the contrast tells nothing apart.
 */
class RbStrNewTermTest {

    private static final RubyLayout L34 = RubyLayout.ruby34();
    private static final RubyLayout L31 = RubyLayout.ruby31();

    private static OpPlan frozen(RubyLayout layout, SlicePosition position, long len, String policy) {
        return new SliceLoop(len, 10_000, SourceState.FROZEN, position, 100_000, 0, KeepMode.FIRST)
                .plan(layout, SubseqPolicies.parse(policy));
    }

    private static double rbStrNewCalls(OpPlan plan) {
        return plan.eventsPerOp().count(CostTerm.RB_STR_NEW);
    }

    @Test
    void aMiddleSliceIsMadeByRbStrNew_anEmbeddedOrSharedSuffixIsNot() {
        assertThat(rbStrNewCalls(frozen(L34, SlicePosition.MIDDLE, 100, "master"))).isEqualTo(1.0);
        assertThat(rbStrNewCalls(frozen(L34, SlicePosition.MIDDLE, 4_000, "master"))).as("a malloc'd middle copy").isEqualTo(1.0);
        // the patched builds embed a suffix in str_subseq's own branch; the unpatched one shares it
        assertThat(rbStrNewCalls(frozen(L34, SlicePosition.SUFFIX, 200, "always-embed"))).isZero();
        assertThat(rbStrNewCalls(frozen(L34, SlicePosition.SUFFIX, 15, "master"))).as("a suffix that fits the 40 B slot").isZero();
        assertThat(rbStrNewCalls(frozen(L34, SlicePosition.SUFFIX, 200, "master"))).as("a shared suffix").isZero();
    }

    @Test
    void on31EveryCopyIsMadeByRbStrNew_aShortSuffixToo() {
        assertThat(rbStrNewCalls(frozen(L31, SlicePosition.SUFFIX, 15, "master"))).isEqualTo(1.0);
        assertThat(rbStrNewCalls(frozen(L31, SlicePosition.SUFFIX, 200, "master"))).as("a shared suffix").isZero();
    }

    @Test
    void splitsKeyIsAPrefix_madeByRbStrNew() {
        // "key:value" with a frozen receiver: the key copied, the 40 B value shared with the receiver
        OpPlan plan = new SplitStep(8, 40, SplitStep.Receiver.FROZEN, 1, true).plan(L34, SubseqPolicies.master());
        assertThat(rbStrNewCalls(plan)).isEqualTo(1.0);
    }

    @Test
    void eachCallIsPricedAtTheCoefficient_withTheCalls() {
        CostProfile off = CostProfile.defaultProfile();
        CostProfile on = off.with(Map.of(CostProfile.RB_STR_NEW, 3.0), "rb_str_new at 3 ns");
        OpPlan middle = frozen(L34, SlicePosition.MIDDLE, 100, "master");
        OpPlan suffix = frozen(L34, SlicePosition.SUFFIX, 100, "always-embed");

        assertThat(calls(on, middle) - calls(off, middle)).isCloseTo(3.0, within(1e-9));
        assertThat(calls(on, suffix) - calls(off, suffix)).isCloseTo(0.0, within(1e-9));
    }

    private static double calls(CostProfile p, OpPlan plan) {
        SimResult sim = new HeapSimulator(L34).run(plan.phases(), true);
        TimeBreakdown b = CostModel.price(p, L34, sim, plan.eventsPerOp(), null);
        return b.parts().get(TimeBreakdown.CALLS);
    }

    @Test
    void theCalibrationSetsItFromTheContrastOfItsTwoRows_andHoldsIt() throws Exception {
        // 2026-12-07 13:27 UTC, AMD EPYC: slices/middle_15 24.4 ns, slices/suffix_embed_15 21.1 ns outside GC
        CostProfile p = LabFiles.profile("calibration-ruby-3.4.5-base-20261207d.json.gz");
        assertThat(p.get(CostProfile.RB_STR_NEW)).as("ns per rb_str_new").isCloseTo(3.3, within(0.2));
        assertThat(p.coefficients()).filteredOn(c -> c.name().equals(CostProfile.RB_STR_NEW)).singleElement()
                .satisfies(c -> assertThat(c.provenance()).startsWith("set:").contains("slices/middle_15").contains("slices/suffix_embed_15")
                        .contains("not fitted"));
    }

    @Test
    void on31TheContrastTellsNothingApart_soTheTermStaysZeroAndSaysWhy() throws Exception {
        CostProfile p = LabFiles.profile("calibration-ruby-3.1.2.json.gz");
        assertThat(p.get(CostProfile.RB_STR_NEW)).isZero();
        assertThat(p.coefficients()).filteredOn(c -> c.name().equals(CostProfile.RB_STR_NEW)).singleElement()
                .satisfies(c -> assertThat(c.provenance()).contains("goes through rb_str_new"));
    }
}
