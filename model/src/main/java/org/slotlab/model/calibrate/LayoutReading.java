package org.slotlab.model.calibrate;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The plain numbers a heap layout needs, read off a {@link RubyReport}: slot sizes, page size and
 * slots per page, embed offset and termlen, the embed capacity of each slot ({@code str_embed_capa}
 * = slot size - embed offset, terminator included; RUBY_FACTS.md "embed capacity"), the shortest
 * suffix that a frozen source shares instead of copying ({@code str_subseq}, RUBY_FACTS.md
 * "Substrings"), and the heap at boot. It deliberately holds numbers, not a model layout: mapping
 * them onto the model's layout presets is the model's job. Built with {@link #of(RubyReport)},
 * which checks the reading is self-consistent (e.g. one embed offset for every slot size) and says
 * which field is not.
 *
 * <p>Example (Debian 12's ruby 3.1.2, measured): slot sizes [40], page 16384 B, HEAP_PAGE_OBJ_LIMIT
 * 409, embed offset 16, termlen 1, embed capacity {40=24}, max embedded length 23, shared suffix
 * from 24 bytes, 24 pages at boot.
 *
 * @param rubyVersion the Ruby's version
 * @param rubyDescription {@code RUBY_DESCRIPTION}
 * @param slotSizes slot size of each heap in bytes, smallest first
 * @param baseSlotSize the smallest slot size, bytes ({@code BASE_SLOT_SIZE} / {@code RVALUE_SIZE})
 * @param variableWidth true when there is more than one slot size (variable-width allocation)
 * @param heapPageSize {@code HEAP_PAGE_SIZE}, bytes; -1 when not exposed
 * @param heapPageObjLimit {@code HEAP_PAGE_OBJ_LIMIT}, slots of the base size per page; -1 when not exposed
 * @param observedSlotsPerPage per slot size, slots / pages of that heap at boot (pages hold one or two slots fewer than the limit when the first slot is aligned); only heaps with pages
 * @param embedOffset bytes in front of an embedded string's bytes ({@code offsetof(RString, as.embed.ary)}: 16 on 3.1, 24 on 3.4)
 * @param termLen terminator bytes counted in a buffer (1 for single-byte encodings)
 * @param embedCapaBySlot per slot size holding embedded strings: slot - embed offset, bytes, terminator included
 * @param maxEmbeddedLen the longest string that embeds, bytes
 * @param sharedSuffixMinLen the shortest suffix {@code byteslice} of a frozen source that shares (memsize below the copy's), or -1 if none was seen
 * @param bootHeapAllocatedPages {@code GC.stat[:heap_allocated_pages]} at boot
 * @param bootHeapAvailableSlots {@code GC.stat[:heap_available_slots]} at boot
 * @param bootHeapLiveSlots {@code GC.stat[:heap_live_slots]} at boot
 * @param bootPagesBySlot per slot size, pages at boot ({@code GC.stat_heap[:heap_eden_pages]}; on one-heap Rubies the total)
 * @param mallocLimitBytes {@code GC.stat[:malloc_increase_bytes_limit]} at boot
 * @param oldmallocLimitBytes {@code GC.stat[:oldmalloc_increase_bytes_limit]} at boot, or -1
 */
public record LayoutReading(
        RubyVersion rubyVersion,
        String rubyDescription,
        List<Integer> slotSizes,
        int baseSlotSize,
        boolean variableWidth,
        long heapPageSize,
        long heapPageObjLimit,
        Map<Integer, Double> observedSlotsPerPage,
        int embedOffset,
        int termLen,
        Map<Integer, Integer> embedCapaBySlot,
        int maxEmbeddedLen,
        int sharedSuffixMinLen,
        long bootHeapAllocatedPages,
        long bootHeapAvailableSlots,
        long bootHeapLiveSlots,
        Map<Integer, Long> bootPagesBySlot,
        long mallocLimitBytes,
        long oldmallocLimitBytes) {

    public LayoutReading {
        slotSizes = List.copyOf(slotSizes);
        observedSlotsPerPage = Collections.unmodifiableMap(new TreeMap<>(observedSlotsPerPage));
        embedCapaBySlot = Collections.unmodifiableMap(new TreeMap<>(embedCapaBySlot));
        bootPagesBySlot = Collections.unmodifiableMap(new TreeMap<>(bootPagesBySlot));
    }

    /** The embed capacity of the largest slot, bytes incl. terminator: what {@code STR_EMBEDDABLE_P} allows. */
    public int maxEmbedCapa() {
        return maxEmbeddedLen + termLen;
    }

    /** Reads the numbers off a report; fails naming the field when the report contradicts itself. */
    public static LayoutReading of(RubyReport r) throws CalibrationException {
        String where = "layout of " + r.rubyDescription();
        RubyVersion version = RubyVersion.parse(r.rubyVersion()).orElseThrow(() -> bad(where, "ruby_version '" + r.rubyVersion() + "' is not a version"));
        List<Integer> slots = r.slotSizes();
        for (int i = 1; i < slots.size(); i++) {
            if (slots.get(i) <= slots.get(i - 1)) {
                throw bad(where, "slot_sizes " + slots + " are not increasing");
            }
        }
        int base = slots.get(0);
        if (r.embedOffsets().size() != 1) {
            throw bad(where, "embed_offsets " + r.embedOffsets() + " should hold exactly one offset (slot size - max embedded length - termlen, equal for every slot)");
        }
        int offset = r.embedOffsets().get(0);
        if (r.termlen() < 1) {
            throw bad(where, "termlen " + r.termlen() + " should be >= 1");
        }
        if (offset <= 0 || offset >= base) {
            throw bad(where, "embed offset " + offset + " should lie between 0 and the base slot size " + base);
        }
        Map<Integer, Integer> capa = new TreeMap<>();
        r.embedMaxLenBySlot().forEach((slot, len) -> capa.put(slot, len + r.termlen()));
        for (Map.Entry<Integer, Integer> e : capa.entrySet()) {
            if (!slots.contains(e.getKey())) {
                throw bad(where, "embed_max_len_by_slot names slot size " + e.getKey() + ", which is not among slot_sizes " + slots);
            }
        }
        int maxLen = r.maxEmbeddedLen();
        if (!r.embedMaxLenBySlot().containsValue(maxLen)) {
            throw bad(where, "max_embedded_len " + maxLen + " is not the last length of any slot in embed_max_len_by_slot " + r.embedMaxLenBySlot());
        }

        Map<Integer, Double> perPage = new TreeMap<>();
        Map<Integer, Long> pagesBySlot = new TreeMap<>();
        if (!r.bootGcStatHeap().isEmpty()) {
            for (Map<String, Long> heap : r.bootGcStatHeap().values()) {
                Long slot = heap.get("slot_size");
                Long pages = heap.get("heap_eden_pages");
                Long slotsHere = heap.get("heap_eden_slots");
                if (slot == null || pages == null) {
                    continue;
                }
                pagesBySlot.put(slot.intValue(), pages);
                if (slotsHere != null && pages > 0) {
                    perPage.put(slot.intValue(), slotsHere / (double) pages);
                }
            }
        } else {
            long pages = r.bootGcStat().getOrDefault("heap_allocated_pages", RubyReport.ABSENT);
            long avail = r.bootGcStat().getOrDefault("heap_available_slots", RubyReport.ABSENT);
            if (slots.size() == 1 && pages > 0) {
                pagesBySlot.put(base, pages);
                if (avail > 0) {
                    perPage.put(base, avail / (double) pages);
                }
            }
        }

        return new LayoutReading(
                version,
                r.rubyDescription(),
                slots,
                base,
                slots.size() > 1,
                r.heapPageSize(),
                r.heapPageObjLimit(),
                perPage,
                offset,
                r.termlen(),
                capa,
                maxLen,
                sharedSuffixMinLen(r),
                r.bootGcStat().getOrDefault("heap_allocated_pages", RubyReport.ABSENT),
                r.bootGcStat().getOrDefault("heap_available_slots", RubyReport.ABSENT),
                r.bootGcStat().getOrDefault("heap_live_slots", RubyReport.ABSENT),
                pagesBySlot,
                r.bootGcStat().getOrDefault("malloc_increase_bytes_limit", RubyReport.ABSENT),
                r.bootGcStat().getOrDefault("oldmalloc_increase_bytes_limit", RubyReport.ABSENT));
    }

    /** The shortest len whose frozen-source suffix slice is smaller (in memsize) than the middle copy of the same len. */
    private static int sharedSuffixMinLen(RubyReport r) {
        int last = r.suffixFrozenMemsize().isEmpty() ? -1 : r.suffixFrozenMemsize().get(r.suffixFrozenMemsize().size() - 1).to();
        for (int len = 0; len <= last; len++) {
            long suffix = RubyReport.valueAt(r.suffixFrozenMemsize(), len);
            long middle = RubyReport.valueAt(r.middleFrozenMemsize(), len);
            if (suffix != RubyReport.ABSENT && middle != RubyReport.ABSENT && suffix < middle) {
                return len;
            }
        }
        return -1;
    }

    private static CalibrationException bad(String where, String problem) {
        return new CalibrationException(CalibrationException.Kind.BAD_OUTPUT, where + ": " + problem + ".");
    }
}
