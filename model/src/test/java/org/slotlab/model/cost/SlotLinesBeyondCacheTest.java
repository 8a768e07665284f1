package org.slotlab.model.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
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
 * The memory term's price per slot line: a new embedded string's copy writes its header's line and
 * one line per 64 B copied into its slot, and where the GC cycle runs through more than
 * {@code cycle_cache_bytes} each of those lines pays {@code cycle_miss_ns_per_slot_line} at the share
 * of the cycle beyond the cache, times the share of the op's bytes that are malloc'd buffers. A fresh
 * 10,000 B source's 500 B suffix embedded into a 640 B slot writes about 8.8 lines, its 16 B suffix
 * in an 80 B slot 1.25; the same suffix shared writes none.
 */
class SlotLinesBeyondCacheTest {

    private static final RubyLayout L34 = RubyLayout.ruby34();
    private static final double LINE_NS = 10.0;
    private static final double CACHE = 16.0 * 1024 * 1024;
    /** Only the per-line share of the memory term is on: the bytes, the per-call, the slot-heap and the L2 terms are off. */
    private static final CostProfile PROFILE = CostProfile.defaultProfile().with(Map.of(CostProfile.SLOT_LINE_MISS, LINE_NS,
            CostProfile.CYCLE_CACHE, CACHE, CostProfile.CYCLE_MISS, 0.0, CostProfile.CYCLE_MISS_CALL, 0.0, CostProfile.L2_MISS, 0.0,
            CostProfile.SLOT_CYCLE_MISS, 0.0, CostProfile.CYCLE_MISS_SQUARE_RAMP, 0.0), "slot lines beyond 16 MiB");

    private record Priced(double memory, double lines, double share, double mallocShare) {
    }

    private static Priced price(CostProfile p, OpPlan plan) {
        SimResult sim = new HeapSimulator(L34).run(plan.phases(), true);
        TimeBreakdown b = CostModel.price(p, L34, sim, plan.eventsPerOp(), null);
        return new Priced(b.parts().get(TimeBreakdown.CYCLE_MISS), CostModel.slotLinesWritten(plan.eventsPerOp()),
                CostModel.missFraction(sim.cycleBytes(L34), CACHE),
                CostModel.mallocShare(sim.slotBytesAllocated(L34) / (double) sim.ops(), sim.mallocBytes() / (double) sim.ops()));
    }

    private static OpPlan fresh10000Suffix(long len, String policy) {
        return new SliceLoop(len, 10_000, SourceState.UNFROZEN_UNSHARED, SlicePosition.SUFFIX, 300_000, 0, KeepMode.FIRST)
                .plan(L34, SubseqPolicies.parse(policy));
    }

    @Test
    void aSlotsLinesAreItsHeaderAndOnePer64BytesCopied() {
        // "a" * 10000 is malloc'd (no slot lines); the 500 B suffix is copied into a 640 B slot
        assertThat(CostModel.slotLinesWritten(fresh10000Suffix(500, "always-embed").eventsPerOp())).isCloseTo(1 + 500.0 / 64, within(1e-9));
        assertThat(CostModel.slotLinesWritten(fresh10000Suffix(16, "always-embed").eventsPerOp())).isCloseTo(1 + 16.0 / 64, within(1e-9));
        // shared with the source's root: nothing copied into a slot
        assertThat(CostModel.slotLinesWritten(fresh10000Suffix(500, "master").eventsPerOp())).isZero();
    }

    @Test
    void eachLinePaysAtTheShareOfTheCycleBeyondTheCache_inTheShareOfMallocdBytes() {
        Priced big = price(PROFILE, fresh10000Suffix(500, "always-embed"));
        Priced small = price(PROFILE, fresh10000Suffix(16, "always-embed"));

        assertThat(big.share()).isPositive();
        // a 10,000 B buffer beside a 40 B and a 640 B slot: nearly all the bytes are the buffer's
        assertThat(big.mallocShare()).isCloseTo(10_001.0 / (10_001 + 40 + 640), within(0.01));
        assertThat(big.memory()).isCloseTo(big.lines() * big.share() * big.mallocShare() * LINE_NS, within(1e-9));
        assertThat(small.memory()).isCloseTo(small.lines() * small.share() * small.mallocShare() * LINE_NS, within(1e-9));
        // the 640 B slot's copy pays about seven times what the 80 B slot's does, in cycles of about the same size
        assertThat(big.memory() / small.memory()).isBetween(6.0, 7.5);
    }

    @Test
    void slotsWrittenWithNoBufferBetweenThem_payNothingPerLine() {
        // "a" * 615 into 640 B slots: a heap cycled alone, its slots written one after another
        assertThat(CostModel.mallocShare(640, 0)).isZero();
        assertThat(CostModel.mallocShare(0, 0)).isZero();
        assertThat(CostModel.mallocShare(640, 1_000)).isCloseTo(1_000.0 / 1_640, within(1e-12));
    }

    @Test
    void aCycleThatFitsTheCache_paysNothingPerLine() {
        CostProfile roomy = PROFILE.with(Map.of(CostProfile.CYCLE_CACHE, 1e12), "an unbounded cache");

        assertThat(price(roomy, fresh10000Suffix(500, "always-embed")).memory()).isZero();
    }

    @Test
    void aProfileFileWrittenBeforeTheTerm_readsItAsZero_andSaysSo() throws Exception {
        CostProfile older = CostProfile.load(Path.of(SlotLinesBeyondCacheTest.class
                .getResource("/sample-data/measured/lab/profile-ruby-3.4.5-base.json").toURI()));

        assertThat(older.get(CostProfile.SLOT_LINE_MISS)).isZero();
        assertThat(older.coefficients()).filteredOn(c -> c.name().equals(CostProfile.SLOT_LINE_MISS)).singleElement()
                .satisfies(c -> assertThat(c.provenance()).contains("written before the term existed"));
    }
}
