package org.slotlab.model.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.slotlab.model.harness.Harness;
import org.slotlab.model.harness.HarnessState;
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
 * A harness whose heap makes every GC dearer (RubyGems' objects marked and their pages swept each
 * cycle) charges that cost per GC on both sides of a ratio: the build that runs half the GCs pays
 * half of it, so the harness moves the ratio towards the build with fewer GCs.
 */
class HarnessGcCostTest {

    private static final RubyLayout L34 = RubyLayout.ruby34();
    private static final CostProfile P = CostProfile.defaultProfile();

    private static OpPlan frozenSuffix(long len, String policy) {
        return new SliceLoop(len, 10_000, SourceState.FROZEN, SlicePosition.SUFFIX, 1_000_000, 0, KeepMode.FIRST)
                .plan(L34, SubseqPolicies.parse(policy));
    }

    @Test
    void aHarnessGcCost_isChargedPerSimulatedGc_andOnlyThere() {
        OpPlan plan = frozenSuffix(16, "master");
        SimResult sim = new HeapSimulator(L34).run(plan.phases(), true);
        HarnessState plain = new HarnessState(Harness.RUBYGEMS, L34.boot(), 10, 0, 0, "test");
        HarnessState dear = plain.withGcNsPerGc(30_000, "30 µs per GC");

        TimeBreakdown a = CostModel.price(P, L34, sim, plan.eventsPerOp(), plain);
        TimeBreakdown b = CostModel.price(P, L34, sim, plan.eventsPerOp(), dear);

        assertThat(sim.gcCount()).isPositive();
        assertThat(b.part(TimeBreakdown.GC) - a.part(TimeBreakdown.GC)).isCloseTo(30_000.0 * sim.gcCount() / sim.ops(), within(1e-9));
        assertThat(b.total() - a.total()).isCloseTo(30_000.0 * sim.gcCount() / sim.ops(), within(1e-9));
        assertThat(dear.describe()).contains("30.0 µs more per GC");
    }

    @Test
    void theGcTerm_isTheSumOfItsPartsPerCoefficient() {
        OpPlan plan = frozenSuffix(231, "always-embed");
        SimResult sim = new HeapSimulator(L34).run(plan.phases(), true);
        HarnessState dear = new HarnessState(Harness.RUBYGEMS, L34.boot(), 10, 0, 0, "test").withGcNsPerGc(30_000, "30 µs per GC");

        java.util.Map<String, Double> parts = CostModel.gcParts(P, L34, sim, plan.eventsPerOp(), dear);

        assertThat(parts.values().stream().mapToDouble(Double::doubleValue).sum())
                .isCloseTo(CostModel.price(P, L34, sim, plan.eventsPerOp(), dear).part(TimeBreakdown.GC), within(1e-9));
        assertThat(parts.get("harness")).isCloseTo(30_000.0 * sim.gcCount() / sim.ops(), within(1e-9));
        assertThat(parts).containsKeys(CostProfile.GC_MINOR, CostProfile.GC_SWEEP_EMPTY, CostProfile.GC_L2_MISS);
    }

    @Test
    void theBuildWithFewerGcs_gainsFromADearGc() {
        // a frozen source's 231 B suffix: a 40 B shared header per call unpatched, a 320 B slot embedded
        OpPlan shared = frozenSuffix(231, "master");
        OpPlan embedded = frozenSuffix(231, "always-embed");
        SimResult s = new HeapSimulator(L34).run(shared.phases(), true);
        SimResult e = new HeapSimulator(L34).run(embedded.phases(), true);
        HarnessState plain = new HarnessState(Harness.RUBYGEMS, L34.boot(), 10, 0, 0, "test");
        HarnessState dear = plain.withGcNsPerGc(30_000, "30 µs per GC");

        double before = CostModel.price(P, L34, s, shared.eventsPerOp(), plain).total() / CostModel.price(P, L34, e, embedded.eventsPerOp(), plain).total();
        double after = CostModel.price(P, L34, s, shared.eventsPerOp(), dear).total() / CostModel.price(P, L34, e, embedded.eventsPerOp(), dear).total();

        assertThat(s.gcCount()).isGreaterThan(e.gcCount());
        assertThat(after).isGreaterThan(before);
    }

    @Test
    void aNegativeOrNonFiniteGcCost_isRefusedWithTheHarnessNamed() {
        HarnessState plain = new HarnessState(Harness.RUBYGEMS, L34.boot(), 10, 0, 0, "test");
        assertThatThrownBy(() -> plain.withGcNsPerGc(-1, "x")).hasMessageContaining("rubygems").hasMessageContaining("GC cost per GC");
        assertThatThrownBy(() -> plain.withGcNsPerGc(Double.NaN, "x")).hasMessageContaining("rubygems");
    }
}
