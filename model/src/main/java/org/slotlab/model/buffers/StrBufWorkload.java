package org.slotlab.model.buffers;

import org.slotlab.model.string.StringAllocation;
import org.slotlab.model.string.StringBufferRules;
import java.util.ArrayList;
import java.util.List;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.malloc.Allocator;
import org.slotlab.model.malloc.RssEstimate;

/**
 * The STR_BUF_MIN_SIZE workload (Feature #12025, https://bugs.ruby-lang.org/issues/12025): {@code Array.new(count){ " " * i }}
 * (or a million buffers of capacity c) and the resident set each allocator makes of it. A pure
 * function from {@link Params} to one {@link Row} per (allocator, size).
 *
 * <p>What the measured program allocated: {@code bench_mem.rb} never calls {@code rb_str_buf_new};
 * {@code " " * i} is {@code rb_str_times}, which on 2.4-dev makes an exact-size string, a 40 B
 * RVALUE plus {@code malloc(i + 1)} for i &gt; 23. So i = 127 asks malloc for 128 bytes and
 * i = 128 for 129: exactly the requests {@code rb_str_buf_new} made for any small buffer after
 * (STR_BUF_MIN_SIZE 127 + 1) and before (128 + 1) r55686. The script stands in for
 * {@code String.buffer(100)}. On a power-of-two allocator 129 bytes take a 256 B chunk, so the
 * million buffers occupy 250,000 KiB instead of 125,000 KiB: the 126,360 KiB the two maxrss
 * readings differ by. glibc serves 128 and 129 from the same 144 B chunk (no difference);
 * jemalloc 3.x/5.x from 128 vs 160 B (a partial saving), the pre-3.0 jemalloc Yui Naruse
 * describes from 128 vs 192 B.
 *
 * <p>Predicted RSS = interpreter baseline + heap pages of the string slots + the array's
 * {@code count * 8} byte buffer (malloc'd, page-granular) + the strings' malloc footprint
 * (page-granular per allocator). Page faults = RSS / 4 KiB (first touch). Not modelled: the
 * temporary {@code " "} literals each iteration allocates (garbage, collected), GC bitmaps and
 * allocator metadata. The interpreter baseline is a parameter: the thread does not publish one,
 * and the modelled parts alone already exceed the i = 127 reading by about 6%, so
 * {@link #THREAD_BASELINE_KIB} is 0 (see the test for the figures).
 */
public final class StrBufWorkload {

    /** sizeof(VALUE): bytes per Array element (x86-64). */
    public static final long VALUE_BYTES = 8;
    /** Page size behind BSD time's fault count and the KiB of maxrss, bytes. */
    public static final long OS_PAGE_BYTES = 4096;
    /**
     * Interpreter baseline used to reproduce Feature #12025, KiB: 0, because the thread gives none and
     * slots + array + buffers already exceed its 127 reading (162,720 KiB) by 5.7%. A `ruby -e`
     * process of that era is ~10 MiB; pass it as {@link Params#interpreterBaselineKib} for
     * absolute predictions of your own runs.
     */
    public static final double THREAD_BASELINE_KIB = 0;

    /** What each of the {@code count} array elements is. */
    public enum Workload {
        /** {@code " " * i}: rb_str_times, exact size (what Feature #12025 measured). */
        TIMES("\" \" * i"),
        /** {@code rb_str_buf_new(c)}: the C API with the STR_BUF_MIN_SIZE floor. */
        BUF_NEW("rb_str_buf_new(c)"),
        /** {@code String.new(capacity: c)}. */
        CAPACITY("String.new(capacity: c)");

        private final String ruby;

        Workload(String ruby) {
            this.ruby = ruby;
        }

        public String ruby() {
            return ruby;
        }

        /** Parses {@code times}, {@code buf-new} or {@code capacity}. */
        public static Workload parse(String s) {
            return switch (s == null ? "" : s.trim().toLowerCase()) {
                case "times", "str-times" -> TIMES;
                case "buf-new", "buf_new", "rb_str_buf_new" -> BUF_NEW;
                case "capacity", "string-new" -> CAPACITY;
                default -> throw new IllegalArgumentException("unknown workload '" + s
                        + "' (known: times, buf-new, capacity)");
            };
        }
    }

    /**
     * @param rules                 the CRuby era (string rules + layout)
     * @param allocators            allocators to compare
     * @param sizes                 i (string length) or c (capacity) values, bytes
     * @param count                 array length (1,000,000 in Feature #12025)
     * @param workload              what each element is
     * @param interpreterBaselineKib RSS of the interpreter before the loop, KiB
     */
    public record Params(StringBufferRules rules, List<Allocator> allocators, List<Long> sizes, long count,
                         Workload workload, double interpreterBaselineKib) {
        public Params {
            allocators = List.copyOf(allocators);
            sizes = List.copyOf(sizes);
            if (allocators.isEmpty()) {
                throw new IllegalArgumentException("str-buf needs at least one allocator");
            }
            if (sizes.isEmpty()) {
                throw new IllegalArgumentException("str-buf needs at least one size i");
            }
            for (long s : sizes) {
                if (s < 0) {
                    throw new IllegalArgumentException("size i must be >= 0 bytes, got " + s);
                }
            }
            if (count < 0) {
                throw new IllegalArgumentException("count must be >= 0, got " + count);
            }
            if (interpreterBaselineKib < 0) {
                throw new IllegalArgumentException("interpreter baseline must be >= 0 KiB, got " + interpreterBaselineKib);
            }
        }

        /** Feature #12025's program on the given era: {@code Array.new(1_000_000){ " " * i }}. */
        public static Params threadSetting(StringBufferRules rules, List<Allocator> allocators, List<Long> sizes) {
            return new Params(rules, allocators, sizes, 1_000_000, Workload.TIMES, THREAD_BASELINE_KIB);
        }
    }

    /**
     * One prediction. Byte totals are for all {@code count} strings.
     *
     * @param era                  rules name
     * @param allocator            allocator name
     * @param workload             Ruby expression of one element
     * @param iBytes               i or c
     * @param count                strings
     * @param slotBytes            slot size of one string
     * @param embedded             bytes in the slot (no malloc)
     * @param mallocRequestBytes   malloc request of one string (capa + termlen), 0 if embedded
     * @param mallocUsableBytes    usable size of that request
     * @param mallocFootprintBytes footprint of that request
     * @param mallocWasteBytes     total usable - requested over all strings
     * @param slotHeapKib          heap pages holding the strings' slots
     * @param arrayKib             the Array's element buffer
     * @param mallocKib            resident pages of the strings' buffers
     * @param baselineKib          interpreter baseline
     * @param rssKib               predicted maxrss
     * @param pageFaults           predicted minor faults (RSS / 4 KiB)
     */
    public record Row(String era, String allocator, String workload, long iBytes, long count, long slotBytes,
                      boolean embedded, long mallocRequestBytes, long mallocUsableBytes, long mallocFootprintBytes,
                      long mallocWasteBytes, double slotHeapKib, double arrayKib, double mallocKib, double baselineKib,
                      double rssKib, long pageFaults) {
    }

    private StrBufWorkload() {
    }

    /** One string of the workload under these rules. */
    public static StringAllocation element(StringBufferRules rules, Workload workload, long size) {
        return switch (workload) {
            case TIMES -> rules.timesString(size);
            case BUF_NEW -> rules.bufNew(size);
            case CAPACITY -> rules.newWithCapacity(size, false);
        };
    }

    /** Rows for every allocator and size, allocator-major. */
    public static List<Row> predict(Params p) {
        RubyLayout layout = p.rules().layout();
        List<Row> rows = new ArrayList<>();
        for (Allocator a : p.allocators()) {
            RssEstimate array = a.rss(p.count() * VALUE_BYTES, 1);
            for (long size : p.sizes()) {
                StringAllocation s = element(p.rules(), p.workload(), size);
                int heap = layout.heapIndexOfSlot((int) s.slotBytes());
                long pages = (p.count() + layout.slotsPerPage(heap) - 1) / layout.slotsPerPage(heap);
                double slotKib = pages * (double) layout.pageSize() / 1024.0;
                long request = s.mallocRequestBytes();
                RssEstimate buffers = s.embedded() ? a.rss(0, 0) : a.rss(request, p.count());
                double rss = p.interpreterBaselineKib() + slotKib + array.residentKib() + buffers.residentKib();
                rows.add(new Row(p.rules().name(), a.name(), p.workload().ruby(), size, p.count(), s.slotBytes(),
                        s.embedded(), request, s.embedded() ? 0 : a.usableSize(request),
                        s.embedded() ? 0 : a.footprint(request), buffers.wasteBytes(), slotKib, array.residentKib(),
                        buffers.residentKib(), p.interpreterBaselineKib(), rss,
                        Math.round(rss * 1024.0 / OS_PAGE_BYTES)));
            }
        }
        return rows;
    }
}
