package org.slotlab.model.calibrate;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What {@code probes/layout.rb} read from a real Ruby, field by field and in CRuby's words:
 * {@code RUBY_DESCRIPTION}, the slot sizes (from {@code GC.stat_heap[i][:slot_size]} on 3.2+, else
 * {@code GC::INTERNAL_CONSTANTS[:RVALUE_SIZE]} per size pool), {@code HEAP_PAGE_SIZE} and
 * {@code HEAP_PAGE_OBJ_LIMIT}, the string embed boundary found with {@code ObjectSpace.memsize_of}
 * (RUBY_FACTS.md "memsize_of(String)": an embedded string reports its slot size, a heap string
 * slot + capa + termlen), the termlen and embed offset inferred from it, the heap at boot
 * ({@code GC.stat} before the probe allocates) and the GC tunables found
 * ({@code GC::INTERNAL_CONSTANTS}, {@code RUBY_GC_*} environment variables). Nothing here is
 * interpreted; {@link LayoutReading} turns it into the numbers a layout needs. The raw JSON is kept
 * so a saved profile can carry it.
 *
 * @param rubyVersion {@code RUBY_VERSION}
 * @param rubyDescription {@code RUBY_DESCRIPTION}
 * @param rubyPlatform {@code RUBY_PLATFORM}
 * @param slotSizes slot size of each heap, bytes, smallest first
 * @param slotSizesSource where the slot sizes came from ({@code GC.stat_heap[:slot_size]} or {@code GC::INTERNAL_CONSTANTS})
 * @param heapPageSize {@code HEAP_PAGE_SIZE} in bytes, or -1 when the Ruby does not expose it
 * @param heapPageObjLimit {@code HEAP_PAGE_OBJ_LIMIT}: slots of the smallest slot size per page, or -1
 * @param maxEmbeddedLen the largest length {@code "a" * len} embeds (memsize equals a slot size)
 * @param embedMaxLenBySlot for each slot size holding embedded strings, the largest length that lands in it
 * @param termlen terminator bytes of a heap string (memsize - slot - len)
 * @param embedOffsets embed offset(s) inferred per slot: slot - max len - termlen (one value on a consistent Ruby)
 * @param stringMemsize memsize of {@code "a" * len} for len 0..1100, as linear segments
 * @param suffixFrozenMemsize memsize of a suffix {@code byteslice} of a frozen 2000-byte string, len 0..700
 * @param middleFrozenMemsize memsize of a middle {@code byteslice} (always a copy) of the same source, len 0..700
 * @param bootGcStat {@code GC.stat} at boot (numeric entries)
 * @param bootGcStatHeap {@code GC.stat_heap} at boot per heap index (empty before 3.2)
 * @param internalConstants {@code GC::INTERNAL_CONSTANTS} (numeric entries; booleans as 0/1)
 * @param gcEnv {@code RUBY_GC_*} environment variables the Ruby saw
 * @param raw the probe's JSON as printed
 */
public record RubyReport(
        String rubyVersion,
        String rubyDescription,
        String rubyPlatform,
        List<Integer> slotSizes,
        String slotSizesSource,
        long heapPageSize,
        long heapPageObjLimit,
        int maxEmbeddedLen,
        Map<Integer, Integer> embedMaxLenBySlot,
        int termlen,
        List<Integer> embedOffsets,
        List<Segment> stringMemsize,
        List<Segment> suffixFrozenMemsize,
        List<Segment> middleFrozenMemsize,
        Map<String, Long> bootGcStat,
        Map<Integer, Map<String, Long>> bootGcStatHeap,
        Map<String, Long> internalConstants,
        Map<String, String> gcEnv,
        JsonNode raw) {

    /** Value for "the Ruby does not report this". */
    public static final long ABSENT = -1;

    /**
     * A run of lengths over which a reading is linear: value(len) = valueAtFrom + step * (len - from).
     * layout.rb writes these as {@code [from, to, value_at_from, step]}.
     */
    public record Segment(int from, int to, long valueAtFrom, long step) {
        public Segment {
            if (to < from) {
                throw new IllegalArgumentException("segment to (" + to + ") must be >= from (" + from + ")");
            }
        }

        public boolean contains(int len) {
            return len >= from && len <= to;
        }

        public long valueAt(int len) {
            if (!contains(len)) {
                throw new IllegalArgumentException("len " + len + " is outside segment " + from + ".." + to);
            }
            return valueAtFrom + step * (len - from);
        }
    }

    public RubyReport {
        slotSizes = List.copyOf(slotSizes);
        embedMaxLenBySlot = Collections.unmodifiableMap(new TreeMap<>(embedMaxLenBySlot));
        embedOffsets = List.copyOf(embedOffsets);
        stringMemsize = List.copyOf(stringMemsize);
        suffixFrozenMemsize = List.copyOf(suffixFrozenMemsize);
        middleFrozenMemsize = List.copyOf(middleFrozenMemsize);
        bootGcStat = Collections.unmodifiableMap(new LinkedHashMap<>(bootGcStat));
        Map<Integer, Map<String, Long>> heaps = new TreeMap<>();
        bootGcStatHeap.forEach((k, v) -> heaps.put(k, Collections.unmodifiableMap(new LinkedHashMap<>(v))));
        bootGcStatHeap = Collections.unmodifiableMap(heaps);
        internalConstants = Collections.unmodifiableMap(new LinkedHashMap<>(internalConstants));
        gcEnv = Collections.unmodifiableMap(new LinkedHashMap<>(gcEnv));
    }

    /** The memsize a segmented reading gives for len, or -1 when len was not probed. */
    public static long valueAt(List<Segment> segments, int len) {
        for (Segment s : segments) {
            if (s.contains(len)) {
                return s.valueAt(len);
            }
        }
        return ABSENT;
    }

    /**
     * Reads layout.rb's JSON.
     *
     * @param json the probe's stdout, parsed
     * @param where names the source in error messages (e.g. {@code /usr/bin/ruby layout.rb} or a file name)
     */
    public static RubyReport fromJson(JsonNode json, String where) throws CalibrationException {
        Reader r = new Reader(json, where);
        if (!"layout".equals(r.text("probe"))) {
            throw r.bad("probe", "is '" + r.text("probe") + "', expected 'layout'");
        }
        List<Integer> slots = r.intList("slot_sizes");
        if (slots.isEmpty()) {
            throw r.bad("slot_sizes", "is empty");
        }
        Map<Integer, Integer> bySlot = new TreeMap<>();
        JsonNode byNode = r.field("embed_max_len_by_slot");
        for (Iterator<Map.Entry<String, JsonNode>> it = byNode.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            try {
                bySlot.put(Integer.parseInt(e.getKey()), e.getValue().asInt());
            } catch (NumberFormatException nf) {
                throw r.bad("embed_max_len_by_slot", "has key '" + e.getKey() + "', expected a slot size");
            }
        }
        Map<Integer, Map<String, Long>> heaps = new TreeMap<>();
        JsonNode heapNode = json.get("boot_gc_stat_heap");
        if (heapNode != null && heapNode.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = heapNode.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                heaps.put(Integer.parseInt(e.getKey()), numbers(e.getValue()));
            }
        }
        Map<String, String> env = new LinkedHashMap<>();
        JsonNode envNode = json.get("gc_env");
        if (envNode != null && envNode.isObject()) {
            envNode.fields().forEachRemaining(e -> env.put(e.getKey(), e.getValue().asText()));
        }
        return new RubyReport(
                r.text("ruby_version"),
                r.text("ruby_description"),
                json.path("ruby_platform").asText(""),
                slots,
                json.path("slot_sizes_source").asText(""),
                json.path("heap_page_size").isNumber() ? json.get("heap_page_size").asLong() : ABSENT,
                json.path("heap_page_obj_limit").isNumber() ? json.get("heap_page_obj_limit").asLong() : ABSENT,
                r.integer("max_embedded_len"),
                bySlot,
                r.integer("termlen"),
                r.intList("embed_offsets"),
                r.segments("string_memsize_segments"),
                r.segments("suffix_frozen_memsize_segments"),
                r.segments("middle_frozen_memsize_segments"),
                numbers(r.field("boot_gc_stat")),
                heaps,
                numbers(r.field("internal_constants")),
                env,
                json);
    }

    private static Map<String, Long> numbers(JsonNode obj) {
        Map<String, Long> m = new LinkedHashMap<>();
        obj.fields().forEachRemaining(e -> {
            JsonNode v = e.getValue();
            if (v.isNumber()) {
                m.put(e.getKey(), v.asLong());
            } else if (v.isBoolean()) {
                m.put(e.getKey(), v.asBoolean() ? 1L : 0L);
            }
        });
        return m;
    }

    /** Field access that names the missing or malformed field and the source. */
    private record Reader(JsonNode json, String where) {
        JsonNode field(String name) throws CalibrationException {
            JsonNode n = json.get(name);
            if (n == null || n.isNull()) {
                throw new CalibrationException(CalibrationException.Kind.BAD_OUTPUT, where + ": layout output lacks '" + name + "'.");
            }
            return n;
        }

        CalibrationException bad(String name, String problem) {
            return new CalibrationException(CalibrationException.Kind.BAD_OUTPUT, where + ": layout output field '" + name + "' " + problem + ".");
        }

        String text(String name) throws CalibrationException {
            return field(name).asText();
        }

        int integer(String name) throws CalibrationException {
            JsonNode n = field(name);
            if (!n.canConvertToInt()) {
                throw bad(name, "is " + n + ", expected an integer");
            }
            return n.asInt();
        }

        List<Integer> intList(String name) throws CalibrationException {
            JsonNode n = field(name);
            if (!n.isArray()) {
                throw bad(name, "is " + n + ", expected a list of integers");
            }
            List<Integer> out = new ArrayList<>();
            for (JsonNode e : n) {
                if (!e.canConvertToInt()) {
                    throw bad(name, "holds " + e + ", expected integers");
                }
                out.add(e.asInt());
            }
            return out;
        }

        List<Segment> segments(String name) throws CalibrationException {
            JsonNode n = field(name);
            List<Segment> out = new ArrayList<>();
            for (JsonNode e : n) {
                if (!e.isArray() || e.size() != 4) {
                    throw bad(name, "holds " + e + ", expected [from, to, value_at_from, step]");
                }
                out.add(new Segment(e.get(0).asInt(), e.get(1).asInt(), e.get(2).asLong(), e.get(3).asLong()));
            }
            return out;
        }
    }
}
