package org.slotlab.model.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.slotlab.model.heap.HeapSimulator;
import org.slotlab.model.heap.ObjectSpec;
import org.slotlab.model.heap.Phase;
import org.slotlab.model.heap.SimResult;
import org.slotlab.model.layout.RubyLayout;

/**
 * A loop that stores every new object into one Array (Feature #12025's {@code Array.new(n){ " " * i }})
 * makes each minor GC visit every element of the Array once it is old: the write barrier remembers
 * it (rb_gc_writebarrier) and the minor GC's rgengc_rememberset_mark walks all it holds, the old
 * elements only checked. The simulation counts those visits and the cost model prices them.
 */
class RememberedArrayTest {

    private static final long COUNT = 200_000;

    /** The Array (one slot, allocated first), then COUNT elements it keeps. */
    private static List<Phase> arrayLoop(RubyLayout l, long count) {
        ObjectSpec array = new ObjectSpec(0, 0, ObjectSpec.RETAINED, "array");
        ObjectSpec element = new ObjectSpec(0, 0, ObjectSpec.RETAINED, "element", true);
        return List.of(new Phase(1, List.of(array)), new Phase(count, List.of(element)));
    }

    private static SimResult run(RubyLayout l, long count) {
        return new HeapSimulator(l).run(arrayLoop(l, count), false);
    }

    @Test
    void everyMinorGc_visitsWhatTheArrayHoldsThen_andMajorsVisitNothingMore() {
        for (RubyLayout l : List.of(RubyLayout.ruby34(), RubyLayout.ruby31())) {
            SimResult full = run(l, COUNT);
            assertThat(full.minorGcs()).as(l.name()).isGreaterThan(2);
            // where each GC fell, found independently: the shortest run that has run g GCs ends in the op of GC g,
            // when the Array held the elements of the ops before it
            long expected = 0;
            long from = 1;
            for (long g = 1; g <= full.gcCount(); g++) {
                long lo = from;
                long hi = COUNT;
                while (lo < hi) {
                    long mid = (lo + hi) >>> 1;
                    if (run(l, mid).gcCount() >= g) {
                        hi = mid;
                    } else {
                        lo = mid + 1;
                    }
                }
                SimResult upTo = run(l, lo);
                SimResult before = run(l, lo - 1);
                // one op may run a minor GC and then the major it asked for (heap_prepare): each GC once
                expected += (upTo.minorGcs() - before.minorGcs()) * (lo - 1);
                g = upTo.gcCount();
                from = lo;
            }
            assertThat((double) full.rememberedRefsSum()).as(l.name()).isCloseTo(expected, within((double) full.gcCount()));
        }
    }

    @Test
    void aLoopWhoseObjectsDie_visitsNoRememberedArray() {
        ObjectSpec dying = ObjectSpec.dying(0, "dying");
        SimResult sim = new HeapSimulator(RubyLayout.ruby34()).run(List.of(new Phase(200_000, List.of(dying))), true);
        assertThat(sim.minorGcs()).isPositive();
        assertThat(sim.rememberedRefsSum()).isZero();
    }

    @Test
    void theVisits_arePricedAsGcTimeAtTheProfilesCostPerElement() {
        RubyLayout l = RubyLayout.ruby34();
        SimResult sim = new HeapSimulator(l).run(arrayLoop(l, COUNT), true);
        CostProfile none = CostProfile.defaultProfile().with(Map.of(CostProfile.GC_REMEMBERED, 0.0), "none");
        CostProfile dear = CostProfile.defaultProfile().with(Map.of(CostProfile.GC_REMEMBERED, 10.0), "dear");
        OpEvents e = new OpEvents(0, 0, 0, 0, 0, 0);

        double a = CostModel.price(none, l, sim, e, null).part(TimeBreakdown.GC);
        double b = CostModel.price(dear, l, sim, e, null).part(TimeBreakdown.GC);

        assertThat(sim.rememberedRefsSum()).isPositive();
        assertThat(b - a).isCloseTo(10.0 * sim.rememberedRefsSum() / sim.ops(), within(1e-9));
    }
}
