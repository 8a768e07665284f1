package org.slotlab.model.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RubyLayoutTest {

    @Test
    void ruby34_maxEmbeddedLengths_perHeap() {
        RubyLayout l = RubyLayout.ruby34();
        // RUBY_FACTS: 15 / 55 / 135 / 295 / 615 for 40/80/160/320/640
        assertThat(l.embedCapa(40) - 1).isEqualTo(15);
        assertThat(l.embedCapa(640) - 1).isEqualTo(615);
        assertThat(l.maxEmbeddedLen()).isEqualTo(615);
        assertThat(l.slotSize(l.heapForNewString(100))).isEqualTo(160);
        assertThat(l.slotSize(l.heapForNewString(616))).isEqualTo(40);
        assertThat(l.slotsPerPage(0)).isEqualTo(1637);
        assertThat(l.slotsPerPage(4)).isEqualTo(102);
    }

    @Test
    void slotsOfManyPages_areTheAverageOverPageAddresses_asGcStatCountsThem() {
        // GC.stat on the real Rubies (sample-data/measured/lab): heap_available_slots over heap_allocated_pages
        RubyLayout r31 = RubyLayout.ruby31();
        assertThat(r31.slotsPerPage(0)).as("the page that wastes the most").isEqualTo(408);
        assertThat(r31.slotsInPages(0, 24)).as("3.1.2 bare boot: 9,807 in 24 pages").isEqualTo(9806);
        assertThat(r31.slotsInPages(0, 53)).as("3.1.2 with RubyGems: 21,657 in 53 pages").isEqualTo(21656);
        RubyLayout r34 = RubyLayout.ruby34();
        assertThat(r34.slotsInPages(0, 10)).as("3.4.5 with RubyGems: 16,373-16,375 in 10 pages of the 40 B heap").isEqualTo(16374);
        assertThat(r34.slotsInPages(4, 10)).as("the larger heaps: one count for every page").isEqualTo(1020);
        assertThat(r34.slotsInPages(0, 0)).isZero();
    }

    @Test
    void ruby31_oneHeap_embedsUpTo23() {
        RubyLayout l = RubyLayout.ruby31();
        assertThat(l.slotSizes()).containsExactly(40);
        assertThat(l.maxEmbeddedLen()).isEqualTo(23);
        assertThat(l.isEmbeddable(23, 1)).isTrue();
        assertThat(l.isEmbeddable(24, 1)).isFalse();
        assertThat(l.embedCapa(40)).isEqualTo(24);
    }

    @Test
    void ruby41dev_hasByrootsNineHeaps() {
        assertThat(RubyLayout.ruby41dev().slotSizes()).containsExactly(32, 40, 64, 128, 160, 256, 512, 640, 1024);
        assertThat(RubyLayout.ruby41dev().maxEmbeddedLen()).isEqualTo(999);
    }

    @Test
    void builder_statesTheBrokenRule() {
        assertThatThrownBy(() -> RubyLayout.builder("x").slotSizes(40, 32).build())
                .hasMessageContaining("strictly increasing");
        assertThatThrownBy(() -> RubyLayout.builder("x").slotSizes(41).build())
                .hasMessageContaining("multiples of 8");
        assertThatThrownBy(() -> RubyLayout.builder("x").pageSize(1000).build())
                .hasMessageContaining("power of two");
        assertThatThrownBy(() -> RubyLayout.byName("ruby-9"))
                .hasMessageContaining("unknown layout 'ruby-9'").hasMessageContaining("ruby-3.4");
    }

    @Test
    void toString_spellsOutTheConfiguration() {
        assertThat(RubyLayout.ruby34().toString()).contains("ruby-3.4", "[40, 80, 160, 320, 640]", "embed offset 24",
                "max embedded len 615");
    }
}
