package org.slotlab.model.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.slotlab.model.heap.HeapSimulator;
import org.slotlab.model.heap.SimResult;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SlicePosition;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.workload.KeepMode;
import org.slotlab.model.workload.OpPlan;
import org.slotlab.model.workload.SliceLoop;
import org.slotlab.model.workload.SlotAlloc;
import org.junit.jupiter.api.Test;

/**
 * The L2 term prices a new embedded string's write into a slot last touched a GC cycle ago, where
 * the slot memory a cycle runs through exceeds the core's cache: CRuby 3.4.5 on a 2 MiB L2 runs a
 * frozen source's 136 B suffix, embedded in a 320 B slot, slower than the shared suffix, while
 * Object.new into the same slots costs what it costs in a 40 B slot.
 */
class EmbeddedWriteMissTest {

    private static final RubyLayout L34 = RubyLayout.ruby34();
    private static final double MISS_NS = 40.0;
    private static final double L2 = 2.0 * 1024 * 1024;
    private static final CostProfile PROFILE = CostProfile.defaultProfile()
            .with(Map.of(CostProfile.L2_MISS, MISS_NS, CostProfile.L2_CACHE, L2), "two MiB L2");

    private static double l2Part(OpPlan plan) {
        SimResult sim = new HeapSimulator(L34).run(plan.phases(), true);
        TimeBreakdown b = CostModel.price(PROFILE, L34, sim, plan.eventsPerOp(), null);
        double beyondShared = b.parts().get(TimeBreakdown.CYCLE_MISS)
                - CostModel.memoryBeyondCache((sim.slotBytesAllocated(L34) + (double) sim.mallocBytes()) / sim.ops(), sim.cycleBytes(L34),
                        plan.eventsPerOp().bytesCopied(), PROFILE.get(CostProfile.CYCLE_CACHE)) * PROFILE.get(CostProfile.CYCLE_MISS);
        double expected = plan.eventsPerOp().embeddedWrites() * CostModel.missFraction(sim.slotCycleBytes(L34), L2) * MISS_NS;
        assertThat(beyondShared).isCloseTo(expected, within(1e-9));
        return beyondShared;
    }

    private static OpPlan frozenSuffix(long len, String policy) {
        return new SliceLoop(len, 10_000, SourceState.FROZEN, SlicePosition.SUFFIX, 200_000, 0, KeepMode.FIRST)
                .plan(L34, SubseqPolicies.parse(policy));
    }

    @Test
    void anEmbeddedSuffixInA320ByteSlot_paysForTheLinesItWrites_theSharedOneDoesNot() {
        OpPlan embedded = frozenSuffix(136, "always-embed");
        OpPlan shared = frozenSuffix(136, "master");

        assertThat(embedded.eventsPerOp().embeddedWrites()).isEqualTo(1.0);
        assertThat(shared.eventsPerOp().embeddedWrites()).isZero();
        assertThat(l2Part(embedded)).isGreaterThan(5.0);
        assertThat(l2Part(shared)).isZero();
    }

    @Test
    void biggerSlots_cycleMoreMemory_andPayMore() {
        double in160 = l2Part(frozenSuffix(100, "always-embed"));
        double in320 = l2Part(frozenSuffix(200, "always-embed"));
        double in640 = l2Part(frozenSuffix(500, "always-embed"));

        assertThat(in320).isGreaterThan(in160);
        assertThat(in640).isGreaterThan(in320);
        assertThat(in640).isLessThan(MISS_NS);
    }

    @Test
    void objectNew_takesItsSlotWithoutWritingAString_andPaysNoL2Term() {
        OpPlan objects = new SlotAlloc(640, 200_000).plan(L34);

        assertThat(objects.eventsPerOp().embeddedWrites()).isZero();
        assertThat(l2Part(objects)).isZero();
    }

    @Test
    void aProfileWithoutTheTerm_pricesNoMiss() {
        OpPlan embedded = frozenSuffix(500, "always-embed");
        SimResult sim = new HeapSimulator(L34).run(embedded.phases(), true);
        CostProfile none = PROFILE.with(Map.of(CostProfile.L2_MISS, 0.0), "no L2 term");

        double with = CostModel.price(PROFILE, L34, sim, embedded.eventsPerOp(), null).total();
        double without = CostModel.price(none, L34, sim, embedded.eventsPerOp(), null).total();

        assertThat(with - without).isCloseTo(
                CostModel.missFraction(sim.slotCycleBytes(L34), L2) * MISS_NS, within(1e-9));
    }
}
