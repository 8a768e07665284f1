package org.slotlab.model.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.slotlab.model.heap.HeapSimulator;
import org.slotlab.model.heap.SimResult;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SlicePosition;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.workload.KeepMode;
import org.slotlab.model.workload.OpPlan;
import org.slotlab.model.workload.SliceLoop;

/**
 * The slots' own memory term: once the heaps a loop allocates from hold more than
 * {@code slot_cycle_cache_bytes}, every slot byte it allocates pays
 * {@code slot_cycle_miss_ns_per_byte}, all of them (a step), and below that none.
 */
class SlotHeapMissTest {

    private static final RubyLayout L34 = RubyLayout.ruby34();
    private static final double NS_PER_BYTE = 0.25;

    /** Only the slots' term is on: the byte ramp, the per-copy share and the L2 term are off. */
    private static CostProfile profile(double heapBytes) {
        return CostProfile.defaultProfile().with(Map.of(CostProfile.SLOT_CYCLE_MISS, NS_PER_BYTE, CostProfile.SLOT_CYCLE_CACHE, heapBytes,
                CostProfile.CYCLE_MISS, 0.0, CostProfile.CYCLE_MISS_CALL, 0.0, CostProfile.L2_MISS, 0.0), "slots beyond " + heapBytes);
    }

    private static OpPlan freshSuffix(long len, String policy) {
        return new SliceLoop(len, 1_000, SourceState.UNFROZEN_UNSHARED, SlicePosition.SUFFIX, 300_000, 0, KeepMode.FIRST)
                .plan(L34, SubseqPolicies.parse(policy));
    }

    private static double memoryPart(CostProfile p, OpPlan plan, SimResult sim) {
        return CostModel.price(p, L34, sim, plan.eventsPerOp(), null).parts().get(TimeBreakdown.CYCLE_MISS);
    }

    @Test
    void aHeapBeyondTheSize_paysForEverySlotByteItAllocates() {
        OpPlan plan = freshSuffix(500, "always-embed");
        SimResult sim = new HeapSimulator(L34).run(plan.phases(), true);
        double heap = sim.allocatingHeapBytes(L34);

        assertThat(heap).as("the 40 B heap and the 640 B heap the suffixes fill").isPositive();
        // a fresh 1,000 B source (a 40 B RString) and its 500 B suffix in a 640 B slot
        assertThat(sim.slotBytesAllocated(L34) / (double) sim.ops()).isCloseTo(680.0, within(1.0));
        assertThat(memoryPart(profile(heap / 2), plan, sim)).isCloseTo(sim.slotBytesAllocated(L34) / (double) sim.ops() * NS_PER_BYTE,
                within(1e-9));
        assertThat(memoryPart(profile(heap * 2), plan, sim)).isZero();
    }

    @Test
    void theSameHeapSize_chargesA640ByteSlotTwiceWhatA320ByteSlotPays() {
        OpPlan big = freshSuffix(500, "always-embed");
        OpPlan small = freshSuffix(200, "always-embed");
        SimResult bigSim = new HeapSimulator(L34).run(big.phases(), true);
        SimResult smallSim = new HeapSimulator(L34).run(small.phases(), true);
        CostProfile beyondBoth = profile(1024);

        double perOpBig = memoryPart(beyondBoth, big, bigSim);
        double perOpSmall = memoryPart(beyondBoth, small, smallSim);

        // 40 + 640 B against 40 + 320 B a loop iteration
        assertThat(perOpBig).isCloseTo(680 * NS_PER_BYTE, within(0.5));
        assertThat(perOpSmall).isCloseTo(360 * NS_PER_BYTE, within(0.5));
    }

    @Test
    void theSharedSuffix_allocatesTwo40ByteSlots_andPaysForThoseAlone() {
        OpPlan shared = freshSuffix(500, "master");
        SimResult sim = new HeapSimulator(L34).run(shared.phases(), true);

        // the shared root and the shared string, both RStrings in 40 B slots; the source's own slot, the third
        assertThat(memoryPart(profile(1024), shared, sim)).isCloseTo(sim.slotBytesAllocated(L34) / (double) sim.ops() * NS_PER_BYTE,
                within(1e-9));
        assertThat(sim.slotBytesAllocated(L34) / (double) sim.ops()).isLessThan(200.0);
    }

    @Test
    void aProfileFileWrittenBeforeTheTerm_readsItAsZero_andSaysSo() throws Exception {
        CostProfile older = CostProfile.load(java.nio.file.Path.of(SlotHeapMissTest.class
                .getResource("/sample-data/measured/lab/profile-ruby-3.4.5-base.json").toURI()));

        assertThat(older.get(CostProfile.SLOT_CYCLE_MISS)).isZero();
        assertThat(older.coefficients()).filteredOn(c -> c.name().equals(CostProfile.SLOT_CYCLE_MISS)).singleElement()
                .satisfies(c -> assertThat(c.provenance()).contains("written before the term existed"));
    }
}
