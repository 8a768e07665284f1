package org.slotlab.model.calibrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link RubyReport} and {@link LayoutReading} on layout.rb's real output from Debian 12's
 * ruby 3.1.2 ({@code sample-data/measured/layout-ruby-3.1.2-debian12-x86_64.json}), and on a
 * hand-made 3.4-shaped report (five heaps, GC.stat_heap) built from RUBY_FACTS.md's 3.4.5 rows.
 */
class LayoutReadingTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String MEASURED_31 = "/sample-data/measured/layout-ruby-3.1.2-debian12-x86_64.json";

    private static JsonNode measured31() throws Exception {
        try (InputStream in = LayoutReadingTest.class.getResourceAsStream(MEASURED_31)) {
            assertThat(in).as(MEASURED_31).isNotNull();
            return JSON.readTree(in);
        }
    }

    @Test
    void of_debianRuby31_readsOneFortyByteSlotAndEmbedCapa24() throws Exception {
        LayoutReading l = LayoutReading.of(RubyReport.fromJson(measured31(), MEASURED_31));

        assertThat(l.rubyVersion()).isEqualTo(new RubyVersion(3, 1, 2, "3.1.2"));
        assertThat(l.slotSizes()).containsExactly(40);
        assertThat(l.variableWidth()).isFalse();
        assertThat(l.heapPageSize()).isEqualTo(16_384);
        assertThat(l.heapPageObjLimit()).isEqualTo(409);
        assertThat(l.embedOffset()).isEqualTo(16);
        assertThat(l.termLen()).isEqualTo(1);
        assertThat(l.embedCapaBySlot()).containsExactly(entry(40, 24));
        assertThat(l.maxEmbeddedLen()).isEqualTo(23);
        assertThat(l.maxEmbedCapa()).isEqualTo(24);
        // 3.1 str_byte_substr shares a suffix iff len > RSTRING_EMBED_LEN_MAX (23)
        assertThat(l.sharedSuffixMinLen()).isEqualTo(24);
        // Init_heap adds GC_HEAP_INIT_SLOTS / HEAP_PAGE_OBJ_LIMIT = 24 pages eagerly (gc.c:3446)
        assertThat(l.bootHeapAllocatedPages()).isEqualTo(24);
        assertThat(l.bootPagesBySlot()).containsExactly(entry(40, 24L));
        assertThat(l.observedSlotsPerPage().get(40)).isBetween(407.0, 409.0);
        assertThat(l.mallocLimitBytes()).isEqualTo(16L << 20);
    }

    @Test
    void fromJson_debianRuby31_keepsTheSegmentsReadable() throws Exception {
        RubyReport r = RubyReport.fromJson(measured31(), MEASURED_31);

        assertThat(RubyReport.valueAt(r.stringMemsize(), 23)).isEqualTo(40);
        // a heap string: 40-byte slot + len + 1 terminator
        assertThat(RubyReport.valueAt(r.stringMemsize(), 100)).isEqualTo(141);
        assertThat(RubyReport.valueAt(r.suffixFrozenMemsize(), 500)).isEqualTo(40);
        assertThat(RubyReport.valueAt(r.stringMemsize(), 5000)).isEqualTo(RubyReport.ABSENT);
        assertThat(r.internalConstants()).containsEntry("RVALUE_SIZE", 40L).containsEntry("SIZE_POOL_COUNT", 1L);
    }

    @Test
    void of_ruby345Measured_readsFiveHeapsAndEmbedOffset24() throws Exception {
        String file = "/sample-data/measured/layout-ruby-3.4.5-debian-exp1-x86_64.json";
        JsonNode json;
        try (InputStream in = LayoutReadingTest.class.getResourceAsStream(file)) {
            assertThat(in).as(file).isNotNull();
            json = JSON.readTree(in);
        }

        LayoutReading l = LayoutReading.of(RubyReport.fromJson(json, file));

        // RUBY_FACTS.md 3.4.5: heap_slot_size (1 << i) * 40, str_embed_capa = slot - 24, page 64 KiB
        assertThat(l.slotSizes()).containsExactly(40, 80, 160, 320, 640);
        assertThat(l.embedOffset()).isEqualTo(24);
        assertThat(l.embedCapaBySlot()).containsExactly(entry(40, 16), entry(80, 56), entry(160, 136), entry(320, 296), entry(640, 616));
        assertThat(l.maxEmbeddedLen()).isEqualTo(615);
        assertThat(l.heapPageSize()).isEqualTo(65_536);
        assertThat(l.heapPageObjLimit()).isEqualTo(1638);
        // 3.4 str_subseq: a suffix of 16+ bytes shares; 0..15 embeds in the 40-byte slot either way
        assertThat(l.sharedSuffixMinLen()).isEqualTo(16);
        assertThat(l.bootPagesBySlot()).containsOnlyKeys(40, 80, 160, 320, 640);
        assertThat(l.observedSlotsPerPage().get(40)).isBetween(1637.0, 1638.0);
    }

    @Test
    void of_ruby34Shaped_readsFiveHeapsFromStatHeap() throws Exception {
        LayoutReading l = LayoutReading.of(RubyReport.fromJson(ruby34Shaped(), "hand-made 3.4"));

        assertThat(l.slotSizes()).containsExactly(40, 80, 160, 320, 640);
        assertThat(l.variableWidth()).isTrue();
        assertThat(l.embedOffset()).isEqualTo(24);
        assertThat(l.embedCapaBySlot()).containsExactly(entry(40, 16), entry(80, 56), entry(160, 136), entry(320, 296), entry(640, 616));
        assertThat(l.maxEmbeddedLen()).isEqualTo(615);
        assertThat(l.sharedSuffixMinLen()).isEqualTo(16);
        assertThat(l.bootPagesBySlot()).containsEntry(40, 12L).containsEntry(640, 1L);
        assertThat(l.observedSlotsPerPage()).containsEntry(80, 818.5);
    }

    @Test
    void of_inconsistentEmbedOffsets_namesTheField() throws Exception {
        ObjectNode j = ruby34Shaped();
        j.putArray("embed_offsets").add(24).add(32);

        assertThatThrownBy(() -> LayoutReading.of(RubyReport.fromJson(j, "x")))
                .isInstanceOf(CalibrationException.class)
                .hasMessageContaining("embed_offsets [24, 32] should hold exactly one offset");
    }

    @Test
    void fromJson_missingField_namesFieldAndSource() throws Exception {
        ObjectNode j = ruby34Shaped();
        j.remove("slot_sizes");

        assertThatThrownBy(() -> RubyReport.fromJson(j, "/usr/bin/ruby layout.rb"))
                .isInstanceOf(CalibrationException.class)
                .hasMessage("/usr/bin/ruby layout.rb: layout output lacks 'slot_sizes'.");
    }

    @Test
    void fromJson_otherProbe_isRejected() throws Exception {
        ObjectNode j = ruby34Shaped();
        j.put("probe", "timing");

        assertThatThrownBy(() -> RubyReport.fromJson(j, "t.json")).hasMessageContaining("field 'probe' is 'timing', expected 'layout'");
    }

    /** A layout.rb-shaped report with RUBY_FACTS.md's 3.4.5 numbers (not a measurement). */
    private static ObjectNode ruby34Shaped() {
        ObjectNode j = JSON.createObjectNode();
        j.put("probe", "layout");
        j.put("ruby_version", "3.4.5");
        j.put("ruby_description", "ruby 3.4.5 (hand-made fixture)");
        ArrayNode slots = j.putArray("slot_sizes");
        List.of(40, 80, 160, 320, 640).forEach(slots::add);
        j.put("heap_page_size", 65_536);
        j.put("heap_page_obj_limit", 1638);
        j.put("max_embedded_len", 615);
        ObjectNode by = j.putObject("embed_max_len_by_slot");
        by.put("40", 15).put("80", 55).put("160", 135).put("320", 295).put("640", 615);
        j.put("termlen", 1);
        j.putArray("embed_offsets").add(24);
        ArrayNode str = j.putArray("string_memsize_segments");
        str.addArray().add(0).add(15).add(40).add(0);
        str.addArray().add(16).add(55).add(80).add(0);
        str.addArray().add(56).add(135).add(160).add(0);
        str.addArray().add(136).add(295).add(320).add(0);
        str.addArray().add(296).add(615).add(640).add(0);
        str.addArray().add(616).add(1100).add(657).add(1);
        j.putArray("suffix_frozen_memsize_segments").addArray().add(0).add(700).add(40).add(0);
        ArrayNode mid = j.putArray("middle_frozen_memsize_segments");
        mid.addArray().add(0).add(15).add(40).add(0);
        mid.addArray().add(16).add(55).add(80).add(0);
        mid.addArray().add(56).add(700).add(160).add(0);
        ObjectNode stat = j.putObject("boot_gc_stat");
        stat.put("heap_allocated_pages", 17).put("heap_available_slots", 25_000).put("heap_live_slots", 20_000)
                .put("malloc_increase_bytes_limit", 16L << 20);
        ObjectNode heaps = j.putObject("boot_gc_stat_heap");
        int[][] h = {{40, 12, 19_650}, {80, 2, 1637}, {160, 1, 409}, {320, 1, 204}, {640, 1, 102}};
        for (int i = 0; i < h.length; i++) {
            heaps.putObject(Integer.toString(i)).put("slot_size", h[i][0]).put("heap_eden_pages", h[i][1]).put("heap_eden_slots", h[i][2]);
        }
        j.putObject("internal_constants").put("BASE_SLOT_SIZE", 40).put("HEAP_COUNT", 5);
        j.putObject("gc_env");
        return j;
    }
}
