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
 * The memory term's price per copy: every memcpy call an operation makes into memory its GC cycle
 * ran through beyond {@code cycle_cache_bytes} pays for the first lines it writes, at the share of
 * the cycle beyond the cache. A fresh 1,000 B source ({@code "a" * 1000}, eleven copies as
 * {@code rb_str_times} doubles it) pays eleven times what one copy of a frozen source's suffix pays
 * in the same cycle.
 */
class CopyFirstLinesTest {

    private static final RubyLayout L34 = RubyLayout.ruby34();
    private static final double CALL_NS = 8.0;
    private static final double CACHE = 2.0 * 1024 * 1024;
    /** Only the per-call share of the memory term is on: the bytes and the L2 term are off. */
    private static final CostProfile PROFILE = CostProfile.defaultProfile().with(Map.of(CostProfile.CYCLE_MISS_CALL, CALL_NS,
            CostProfile.CYCLE_CACHE, CACHE, CostProfile.CYCLE_MISS, 0.0, CostProfile.L2_MISS, 0.0), "copies beyond 2 MiB");

    private record Priced(double memory, double calls, double share) {
    }

    private static Priced price(OpPlan plan) {
        SimResult sim = new HeapSimulator(L34).run(plan.phases(), true);
        TimeBreakdown b = CostModel.price(PROFILE, L34, sim, plan.eventsPerOp(), null);
        return new Priced(b.parts().get(TimeBreakdown.CYCLE_MISS), plan.eventsPerOp().memcpyCalls(),
                CostModel.missFraction(sim.cycleBytes(L34), CACHE));
    }

    private static OpPlan suffix(long len, long sourceLen, SourceState source) {
        return new SliceLoop(len, sourceLen, source, SlicePosition.SUFFIX, 300_000, 0, KeepMode.FIRST)
                .plan(L34, SubseqPolicies.parse("always-embed"));
    }

    @Test
    void eachCopyPaysAtTheShareOfTheCycleBeyondTheCache() {
        Priced fresh = price(suffix(500, 1_000, SourceState.UNFROZEN_UNSHARED));

        // "a" * 1000: eleven copies; the 500 B suffix copied into its 640 B slot: one more
        assertThat(fresh.calls()).isEqualTo(12.0);
        assertThat(fresh.share()).isPositive();
        assertThat(fresh.memory()).isCloseTo(fresh.calls() * fresh.share() * CALL_NS, within(1e-9));
    }

    @Test
    void aBufferWrittenInElevenCopies_paysElevenTimesWhatOneCopyPays_perCycleShare() {
        Priced fresh = price(suffix(500, 1_000, SourceState.UNFROZEN_UNSHARED));
        Priced frozen = price(suffix(500, 10_000, SourceState.FROZEN));

        assertThat(frozen.calls()).isEqualTo(1.0);
        assertThat(frozen.share()).isPositive();
        assertThat(fresh.memory() / fresh.share()).isCloseTo(12 * frozen.memory() / frozen.share(), within(1e-6));
    }

    @Test
    void aCycleThatFitsTheCache_paysNothingPerCopy() {
        CostProfile big = PROFILE.with(Map.of(CostProfile.CYCLE_CACHE, 1e12), "an unbounded cache");
        OpPlan plan = suffix(500, 1_000, SourceState.UNFROZEN_UNSHARED);
        SimResult sim = new HeapSimulator(L34).run(plan.phases(), true);

        assertThat(CostModel.price(big, L34, sim, plan.eventsPerOp(), null).parts().get(TimeBreakdown.CYCLE_MISS)).isZero();
    }

    @Test
    void aProfileFileWrittenBeforeTheTerm_readsItAsZero_andSaysSo() throws Exception {
        CostProfile older = CostProfile.load(Path.of(CopyFirstLinesTest.class
                .getResource("/sample-data/measured/lab/profile-ruby-3.4.5-base.json").toURI()));

        assertThat(older.get(CostProfile.CYCLE_MISS_CALL)).isZero();
        assertThat(older.coefficients()).filteredOn(c -> c.name().equals(CostProfile.CYCLE_MISS_CALL)).singleElement()
                .satisfies(c -> assertThat(c.provenance()).contains("written before the term existed"));
    }
}
