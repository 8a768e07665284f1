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
import org.slotlab.model.layout.BootState;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.workload.OpPlan;
import org.slotlab.model.workload.SlotAlloc;

/**
 * Every GC's sweep visits each slot the marking left unmarked, the free ones too: it reads a free
 * slot's header to find it already free (gc_sweep_plane's T_NONE case, CRuby 3.4 gc/default/default.c).
 * A loop that allocates from one heap leaves the others idle, and each of its GCs sweeps their free
 * slots again. The simulation counts them and the cost model prices them as GC time.
 */
class EmptySlotsSweptTest {

    /** Free slots of the heaps other than {@code used} in the boot state. */
    private static long idleFree(RubyLayout l, int used) {
        BootState b = l.boot();
        long free = 0;
        for (int h = 0; h < l.heapCount(); h++) {
            if (h != used) {
                free += l.slotsInPages(h, b.pages(h)) - b.live(h);
            }
        }
        return free;
    }

    @Test
    void aDyingLoopInOneHeap_sweepsTheIdleHeapsFreeSlotsAtEveryGc() {
        RubyLayout l = RubyLayout.ruby34();
        long idle = idleFree(l, 0);
        assertThat(idle).as("the boot state leaves free slots in the heaps a 40 B loop does not use").isPositive();
        SimResult sim = new HeapSimulator(l).run(List.of(new Phase(2_000_000, List.of(ObjectSpec.dying(0, "dying")))), false);
        assertThat(sim.gcCount()).isGreaterThan(10);
        // the 40 B heap has run dry when its GC starts, so only the idle heaps' free slots are found free
        assertThat(sim.emptySlotsSweptSum()).isEqualTo(sim.gcCount() * idle);
    }

    @Test
    void aBiggerIdleHeap_isSweptForMore_andTheLoopsOwnGcsStayAsMany() {
        RubyLayout l = RubyLayout.ruby34();
        BootState b = l.boot();
        int[] pages = b.pages().clone();
        pages[1] += 100; // 100 more pages of 80 B slots, all free
        RubyLayout grown = l.withBoot(new BootState(pages, b.liveSlots(), b.oldSlots(), "100 idle pages more"));
        List<Phase> loop = List.of(new Phase(2_000_000, List.of(ObjectSpec.dying(0, "dying"))));
        SimResult base = new HeapSimulator(l).run(loop, true);
        SimResult more = new HeapSimulator(grown).run(loop, true);
        assertThat(more.gcCount()).isEqualTo(base.gcCount());
        assertThat(more.emptySlotsSweptSum() - base.emptySlotsSweptSum()).isEqualTo(base.gcCount() * 100L * l.slotsPerPage(1));
    }

    @Test
    void extrapolatedRuns_countAsManyAsFullRuns() {
        RubyLayout l = RubyLayout.ruby34();
        // a string embedded in the 640 B heap: the 40 B heap, where boot's objects sit, goes idle
        List<Phase> loop = List.of(new Phase(1_500_000, List.of(ObjectSpec.dying(l.heapCount() - 1, "embedded"))));
        SimResult full = new HeapSimulator(l).run(loop, false);
        SimResult fast = new HeapSimulator(l).run(loop, true);
        assertThat(fast.periodOps()).isPositive();
        assertThat(fast.emptySlotsSweptSum()).isEqualTo(full.emptySlotsSweptSum());
        assertThat(full.emptySlotsSweptSum()).isEqualTo(full.gcCount() * idleFree(l, l.heapCount() - 1));
    }

    @Test
    void gcsThatMallocLimitStarts_countTheIdleHeapsOnly() {
        RubyLayout l = RubyLayout.ruby34();
        // a 40 B string with a 10,000 B buffer: malloc_limit starts GCs before the 40 B heap runs dry, and the free
        // slots the loop has not reached yet in its own heap are not an idle heap's (it swept them in cache)
        ObjectSpec str = new ObjectSpec(0, 10_001, ObjectSpec.IMMEDIATE, "heap string");
        SimResult sim = new HeapSimulator(l).run(List.of(new Phase(300_000, List.of(str))), true);
        assertThat(sim.gcsByMalloc()).isPositive();
        assertThat(sim.emptySlotsSweptSum()).isEqualTo(sim.gcCount() * idleFree(l, 0));
    }

    @Test
    void theVisits_arePricedAsGcTimeAtTheProfilesCostPerSlot() {
        RubyLayout l = RubyLayout.ruby34();
        OpPlan plan = new SlotAlloc(l.slotSize(0), 1_000_000).plan(l);
        SimResult sim = new HeapSimulator(l).run(plan.phases(), true);
        CostProfile none = CostProfile.defaultProfile().with(Map.of(CostProfile.GC_SWEEP_EMPTY, 0.0), "none");
        CostProfile dear = CostProfile.defaultProfile().with(Map.of(CostProfile.GC_SWEEP_EMPTY, 10.0), "dear");
        TimeBreakdown a = CostModel.price(none, l, sim, plan.eventsPerOp(), null);
        TimeBreakdown b = CostModel.price(dear, l, sim, plan.eventsPerOp(), null);
        assertThat(sim.emptySlotsSweptSum()).isPositive();
        assertThat(b.part(TimeBreakdown.GC) - a.part(TimeBreakdown.GC))
                .isCloseTo(10.0 * sim.emptySlotsSweptSum() / sim.ops(), within(1e-9));
        assertThat(b.total() - a.total()).isCloseTo(10.0 * sim.emptySlotsSweptSum() / sim.ops(), within(1e-9));
    }
}
