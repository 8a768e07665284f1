package org.slotlab.model.heap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slotlab.model.layout.BootState;
import org.slotlab.model.layout.LayoutJson;
import org.slotlab.model.layout.RubyLayout;

/**
 * A Ruby that has not collected since boot holds its boot garbage in its pages until the first GC
 * (no sweep has run), so the loop's first cycle has only the slots nothing occupies.
 */
class BootGarbageTest {

    /** The op of each GC of a dying one-slot loop in the 40 B heap. */
    private static List<Long> gcOps(RubyLayout layout, long ops) {
        List<Long> at = new ArrayList<>();
        new HeapSimulator(layout).run(List.of(new Phase(ops, List.of(ObjectSpec.dying(0, "dying")))), e -> at.add(e.op()));
        return at;
    }

    private static RubyLayout withOccupied(RubyLayout l, long extraGarbage) {
        BootState b = l.boot();
        long[] occupied = b.liveSlots();
        occupied[0] += extraGarbage;
        return l.withBoot(new BootState(b.pages(), b.liveSlots(), b.oldSlots(), "with garbage", b.gcsSinceMajor(), occupied));
    }

    @Test
    void garbageNotYetSwept_shortensTheFirstCycleByItsSlots_andNoLaterOne() {
        RubyLayout swept = RubyLayout.ruby34();
        RubyLayout unswept = withOccupied(swept, 3_000);
        List<Long> a = gcOps(swept, 200_000);
        List<Long> b = gcOps(unswept, 200_000);
        assertThat(a.get(0) - b.get(0)).as("the first GC comes as many slots earlier as the garbage holds").isEqualTo(3_000);
        // from the first GC on, the garbage is gone: the cycles are as long as before
        assertThat(b.get(2) - b.get(1)).isEqualTo(a.get(2) - a.get(1));
        assertThat(b.get(b.size() - 1) - b.get(b.size() - 2)).isEqualTo(a.get(a.size() - 1) - a.get(a.size() - 2));
    }

    @Test
    void aBootStateWithoutOccupiedSlots_takesItsLiveSlots() {
        BootState b = RubyLayout.ruby34().boot();
        assertThat(b.occupiedSlots()).isEqualTo(b.liveSlots());
    }

    @Test
    void fewerSlotsInUseThanLive_isRefused_namingTheHeap() {
        BootState b = RubyLayout.ruby34().boot();
        long[] occupied = b.liveSlots();
        occupied[2] -= 1;
        assertThatThrownBy(() -> new BootState(b.pages(), b.liveSlots(), b.oldSlots(), "bad", -1, occupied))
                .hasMessageContaining("occupied slots of heap 2");
    }

    @Test
    void occupiedSlots_surviveTheLayoutFile_andAreLeftOutWhenTheyAreTheLiveOnes() throws Exception {
        RubyLayout l = withOccupied(RubyLayout.ruby34(), 2_990);
        ObjectNode boot = new ObjectMapper().createObjectNode();
        LayoutJson.writeBoot(boot, l.boot());
        assertThat(boot.has("occupiedSlots")).isTrue();
        assertThat(LayoutJson.readBoot(boot)).isEqualTo(l.boot());
        ObjectNode plain = new ObjectMapper().createObjectNode();
        LayoutJson.writeBoot(plain, RubyLayout.ruby34().boot());
        assertThat(plain.has("occupiedSlots")).isFalse();
        assertThat(LayoutJson.readBoot(plain).occupiedSlots()).isEqualTo(RubyLayout.ruby34().boot().liveSlots());
    }
}
