package org.slotlab.model.heap;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.slotlab.model.layout.RubyLayout;

/** Which trigger started each GC, counted by the heap simulation and said in words. */
class GcTriggersTest {

    private static final RubyLayout L34 = RubyLayout.ruby34();

    @Test
    void objectsDroppedAtOnce_inOneHeap_everyGcIsThatHeapOutOfSlots() {
        int h640 = L34.heapIndexForSize(640);
        SimResult r = new HeapSimulator(L34).run(List.of(new Phase(2_000_000, List.of(ObjectSpec.dying(h640, "slice")))));

        assertThat(r.gcCount()).isPositive();
        assertThat(r.gcsBySlots(h640)).isEqualTo(r.gcCount());
        assertThat(r.gcsByMalloc()).isZero();
        assertThat(r.gcTriggers(L34)).isEqualTo(String.format(java.util.Locale.ROOT,
                "%,d GCs: all out of slots in the 640 B heap", r.gcCount()));
        assertThat(r.gcTriggerParts(L34)).isEqualTo("all out of slots in the 640 B heap");
    }

    @Test
    void largeMallocdBuffers_startGcsByMallocLimit_andTheWordsNameBothTriggers() {
        // first 40 B objects owning 100,000 B buffers: malloc_increase passes malloc_limit long before the heap
        // runs dry; then plain 40 B objects: the heap runs out of slots
        SimResult r = new HeapSimulator(L34).run(List.of(
                new Phase(200_000, List.of(new ObjectSpec(0, 100_000, ObjectSpec.IMMEDIATE, "string"))),
                new Phase(3_000_000, List.of(ObjectSpec.dying(0, "object")))));

        assertThat(r.gcsByMalloc()).isPositive();
        assertThat(r.gcsBySlots(0)).isPositive();
        assertThat(r.gcsByMalloc() + r.gcsBySlots(0)).isEqualTo(r.gcCount());
        String malloc = String.format(java.util.Locale.ROOT, "%,d over malloc_limit", r.gcsByMalloc());
        String slots = String.format(java.util.Locale.ROOT, "%,d out of slots in the 40 B heap", r.gcsBySlots(0));
        assertThat(r.gcTriggers(L34)).isEqualTo(String.format(java.util.Locale.ROOT, "%,d GCs: ", r.gcCount())
                + (r.gcsByMalloc() >= r.gcsBySlots(0) ? malloc + ", " + slots : slots + ", " + malloc));
    }

    @Test
    void noGc_saysSo() {
        SimResult r = new HeapSimulator(L34).run(List.of(new Phase(10, List.of(ObjectSpec.dying(0, "o")))));

        assertThat(r.gcCount()).isZero();
        assertThat(r.gcTriggers(L34)).isEqualTo("no GC");
    }

    @Test
    void afterAWarmUp_theTriggersOfTheTimedPartAreTheDifference() {
        List<Phase> phases = List.of(new Phase(1_000_000, List.of(ObjectSpec.dying(0, "o"))));
        List<Phase> warm = List.of(new Phase(300_000, List.of(ObjectSpec.dying(0, "o"))));
        SimResult all = new HeapSimulator(L34).run(phases);
        SimResult w = new HeapSimulator(L34).run(warm);

        SimResult timed = all.after(w);

        assertThat(timed.gcsBySlots(0)).isEqualTo(all.gcsBySlots(0) - w.gcsBySlots(0));
        assertThat(timed.gcsBySlots(0)).isEqualTo(timed.gcCount());
    }
}
