package org.slotlab.model.heapmap;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.slotlab.model.heap.HeapSimulator;
import org.slotlab.model.heap.ObjectSpec;
import org.slotlab.model.heap.Phase;
import org.slotlab.model.heap.SimResult;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.Representation;
import org.slotlab.model.string.SlicePosition;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.string.SubseqOutcome;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.string.SubseqPolicy;
import org.slotlab.model.workload.KeepMode;
import org.slotlab.model.workload.SliceLoop;

class HeapMapReplayTest {

    static SlotState classify(ObjectSpec s, SubseqOutcome o) {
        return switch (s.role()) {
            case "root" -> SlotState.FROZEN_ROOT;
            case "slice" -> o.representation() == Representation.SHARED ? SlotState.SHARED
                    : s.mallocBytes() > 0 ? SlotState.MALLOC_OWNER : SlotState.EMBEDDED;
            default -> s.mallocBytes() > 0 ? SlotState.MALLOC_OWNER : SlotState.EMBEDDED;
        };
    }

    static SliceLoop loop(SourceState source, long len, long ops, long kept, KeepMode keep) {
        return new SliceLoop(len, 10_000, source, SlicePosition.SUFFIX, ops, kept, keep, true);
    }

    static HeapMapReplay replay(RubyLayout layout, SubseqPolicy policy, SliceLoop loop) {
        SubseqOutcome o = loop.outcome(layout, policy);
        Function<ObjectSpec, SlotState> c = s -> classify(s, o);
        return new HeapMapReplay(layout, loop.plan(layout, policy).phases(), c);
    }

    @ParameterizedTest(name = "{0} {1} {2} len {3} keep {6} {5}")
    @CsvSource({
        // the thread's layout: always-embed puts 500 B slices in the 640 B heap
        "ruby-4.1-dev, always-embed, frozen, 500, 60000, 6000, ring",
        "ruby-4.1-dev, master, frozen, 500, 200000, 20000, ring",
        // a fresh source each op: master makes a frozen root per slice, the cutoff copies short ones
        "ruby-4.1-dev, master, unfrozen-unshared, 100, 40000, 4000, ring",
        "ruby-3.4, cutoff:256, unfrozen-unshared, 100, 40000, 40000, first",
        "ruby-3.4, always-embed, frozen, 300, 50000, 0, first",
        // one heap of 40 B slots: heap strings own malloc'd buffers
        "ruby-3.1, master, unfrozen-unshared, 50, 30000, 3000, ring",
    })
    void replay_agreesWithTheSimulation_atEveryGc(String layoutName, String policy, String source, long len, long ops,
            long kept, String keep) {
        // given
        RubyLayout layout = RubyLayout.byName(layoutName);
        SubseqPolicy p = SubseqPolicies.parse(policy);
        SliceLoop loop = loop(SourceState.parse(source), len, ops, kept, KeepMode.parse(keep));
        HeapMapReplay r = replay(layout, p, loop);
        assertAgreesAtEveryGc(layout, r);
        SimResult sim = new HeapSimulator(layout).run(loop.plan(layout, p).phases(), false);
        assertThat(r.gcCount()).isEqualTo(sim.minorGcs() + sim.majorGcs());
        for (int h = 0; h < layout.heapCount(); h++) {
            assertThat(r.pages(h)).as("pages of heap %d at the end", h).isEqualTo(sim.finalPages()[h]);
        }
    }

    /** Objects that outlive several GCs without an old parent: they age, are promoted after RVALUE_OLD_AGE GCs, then stay. */
    @Test
    void objectsThatLiveAcrossGcs_ageAndArePromoted_asTheSimulationSays() {
        RubyLayout layout = RubyLayout.ruby34();
        List<Phase> phases = List.of(new Phase(150_000, List.of(new ObjectSpec(0, 0, 20_000, "slice"),
                ObjectSpec.dying(0, "temp"))));
        HeapMapReplay r = new HeapMapReplay(layout, phases, s -> s.role().equals("slice") ? SlotState.EMBEDDED : SlotState.SHARED);
        assertAgreesAtEveryGc(layout, r);
        long old = r.count(0, SlotState.EMBEDDED, true);
        assertThat(old).as("promoted slices").isPositive();
        assertThat(r.gcCount()).isEqualTo(new HeapSimulator(layout).run(phases, false).gcCount());
    }

    /** Runs the replay to its end, checking every heap's slots right after each GC against the simulation. */
    static void assertAgreesAtEveryGc(RubyLayout layout, HeapMapReplay r) {
        List<HeapSimulator.GcEvent> events = r.gcEvents();
        // when: the slots of every heap right after each GC
        int[] checked = {0};
        r.onGc(e -> {
            assertThat(e).isSameAs(events.get(checked[0]++));
            for (int h = 0; h < layout.heapCount(); h++) {
                long occupied = 0;
                for (SlotState s : SlotState.values()) {
                    if (s != SlotState.FREE) {
                        occupied += r.count(h, s, null);
                    }
                }
                // then: slots of each state add up to the simulation's occupied slots, free ones to the rest
                assertThat(occupied).as("heap %d after GC %d", h, checked[0]).isEqualTo(e.occupied()[h]);
                assertThat(r.count(h, SlotState.FREE, null)).isEqualTo(layout.slotsInPages(h, r.pages(h)) - occupied);
                assertThat(r.count(h, SlotState.OTHER, null)).as("boot objects").isEqualTo(layout.boot().live(h));
                assertThat(r.pages(h)).as("pages of heap %d after GC %d", h, checked[0]).isEqualTo(e.pages()[h]);
            }
        });
        r.advanceTo(Long.MAX_VALUE);
        assertThat(r.mismatch()).isNull();
        assertThat(checked[0]).isEqualTo(events.size()).isPositive();
    }
}
