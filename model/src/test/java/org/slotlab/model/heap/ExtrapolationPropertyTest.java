package org.slotlab.model.heap;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.slotlab.model.layout.RubyLayout;

/**
 * Invariants of the heap simulator over generated workloads: extrapolated runs (steady-state
 * periods skipped) give exactly the counts of a full simulation, and every object a run allocated
 * is either live at its end or was freed (its lifetime ended). Workloads are jqwik arbitraries, so
 * a failure shrinks to the fewest phases, objects and operations that still fail.
 */
class ExtrapolationPropertyTest {

    /** A layout and the phases a run goes through. */
    record Workload(RubyLayout layout, List<Phase> phases) {
        long ops() {
            return phases.stream().mapToLong(Phase::ops).sum();
        }
    }

    @Property(tries = 60)
    void extrapolatedCounts_equalFullSimulation(@ForAll("workloads") Workload w) {
        HeapSimulator sim = new HeapSimulator(w.layout());
        SimResult fast = sim.run(w.phases(), true);
        SimResult full = sim.run(w.phases(), false);
        assertThat(fast.sameCounts(full)).as("layout %s, phases %s%nfast %s%nfull %s", w.layout().name(), w.phases(), fast, full)
                .isTrue();
    }

    /**
     * Every GC is counted under the trigger that started it, exactly: a heap out of slots (per heap)
     * or malloc_limit, as the full simulation reports each GC, and the extrapolated run has the same
     * counts.
     */
    @Property(tries = 60)
    void gcTriggers_countEveryGcOnce_asTheFullRunSawThem(@ForAll("workloads") Workload w) {
        RubyLayout l = w.layout();
        long[] bySlots = new long[l.heapCount()];
        long[] byMalloc = new long[1];
        SimResult full = new HeapSimulator(l).run(w.phases(), e -> {
            if (e.dryHeap() == HeapSimulator.BY_MALLOC) {
                assertThat(e.byMalloc()).isTrue();
                byMalloc[0]++;
            } else {
                assertThat(e.byMalloc()).isFalse();
                bySlots[e.dryHeap()]++;
            }
        });
        SimResult fast = new HeapSimulator(l).run(w.phases(), true);
        for (SimResult r : List.of(full, fast)) {
            assertThat(r.gcsBySlots()).containsExactly(bySlots);
            assertThat(r.gcsByMalloc()).isEqualTo(byMalloc[0]);
            assertThat(java.util.Arrays.stream(r.gcsBySlots()).sum() + r.gcsByMalloc()).isEqualTo(r.gcCount());
        }
    }

    /**
     * Slots allocated minus slots freed equals slots live, per heap, and the same in bytes (slot
     * bytes and malloc'd bytes), counted from the workload itself: an object born at op b with
     * lifetime L is freed by the end of an n-op run when b + L &lt; n.
     */
    @Property(tries = 60)
    void allocatedMinusFreed_equalsLive_afterEveryRun(@ForAll("workloads") Workload w) {
        RubyLayout l = w.layout();
        long n = w.ops();
        long[] allocated = new long[l.heapCount()];
        long[] freed = new long[l.heapCount()];
        long liveMalloc = 0;
        long start = 0;
        for (Phase p : w.phases()) {
            for (ObjectSpec s : p.perOp()) {
                long alive = s.lifetime() == ObjectSpec.RETAINED ? p.ops()
                        : Math.max(0, start + p.ops() - Math.max(start, n - s.lifetime()));
                allocated[s.heap()] += p.ops();
                freed[s.heap()] += p.ops() - alive;
                liveMalloc += alive * s.mallocBytes();
            }
            start += p.ops();
        }
        long liveSlotBytes = 0;
        long[] live = new long[l.heapCount()];
        for (int h = 0; h < live.length; h++) {
            live[h] = allocated[h] - freed[h];
            liveSlotBytes += live[h] * l.slotSize(h);
        }
        for (boolean extrapolate : new boolean[] {true, false}) {
            SimResult r = new HeapSimulator(l).run(w.phases(), extrapolate);
            String run = extrapolate ? "extrapolated" : "full";
            assertThat(r.allocations()).as("%s run, slots allocated per heap", run).containsExactly(allocated);
            assertThat(r.liveAtEnd()).as("%s run, allocated %s minus freed %s", run, java.util.Arrays.toString(allocated),
                    java.util.Arrays.toString(freed)).containsExactly(live);
            assertThat(r.retainedSlotBytes()).as("%s run, live slot bytes", run).isEqualTo(liveSlotBytes);
            assertThat(r.retainedMallocBytes()).as("%s run, live malloc'd bytes", run).isEqualTo(liveMalloc);
        }
    }

    @Provide
    Arbitrary<Workload> workloads() {
        return Arbitraries.of(RubyLayout.ruby34(), RubyLayout.ruby41dev(), RubyLayout.ruby31()).flatMap(l -> {
            Arbitrary<Phase> steady = phase(l, false, 100_000, 1_000_000);
            Arbitrary<List<Phase>> one = steady.map(List::of);
            Arbitrary<List<Phase>> two = Combinators.combine(phase(l, true, 1, 50_000), steady).as(List::of);
            return Arbitraries.oneOf(one, two).map(phases -> new Workload(l, phases));
        });
    }

    /** One phase: 1 to 3 objects per op; only a warm-up phase may keep its objects to the end. */
    private static Arbitrary<Phase> phase(RubyLayout l, boolean mayRetain, long minOps, long maxOps) {
        Arbitrary<Long> malloc = Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.just(0L)),
                Tuple.of(1, Arbitraries.longs().between(1, 20_000)));
        Arbitrary<Long> lifetime = Arbitraries.frequencyOf(Tuple.of(2, Arbitraries.just(ObjectSpec.IMMEDIATE)),
                Tuple.of(1, Arbitraries.longs().between(1, 50_000)),
                Tuple.of(1, Arbitraries.just(mayRetain ? ObjectSpec.RETAINED : ObjectSpec.IMMEDIATE)));
        Arbitrary<ObjectSpec> spec = Combinators.combine(Arbitraries.integers().between(0, l.heapCount() - 1), malloc, lifetime)
                .as((heap, m, life) -> new ObjectSpec(heap, m, life, "o"));
        return Combinators.combine(spec.list().ofMinSize(1).ofMaxSize(3).map(ArrayList::new),
                Arbitraries.longs().between(minOps, maxOps)).as((specs, ops) -> new Phase(ops, List.copyOf(specs)));
    }
}
