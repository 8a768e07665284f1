package org.slotlab.app.cli;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.slotlab.charts.table.Column;
import org.slotlab.charts.table.Table;
import org.slotlab.model.buffers.StrBufWorkload;
import org.slotlab.model.buffers.StrBufWorkload.Workload;
import org.slotlab.model.string.StringBufferRules;
import org.slotlab.model.malloc.Allocator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code slotlab predict str-buf}: scenario S5 (Feature #12025, seed 003_d065c5278e912b9b.txt),
 * {@code Array.new(count){ " " * i }} or {@code count} buffers of capacity c, and the resident set
 * each allocator makes of it ({@link StrBufWorkload}). The era decides where the bytes go: the
 * seed's 2.4-dev ({@code --era ruby-2.4-before|ruby-2.4-after}, where every string over 23 bytes
 * has a malloc'd buffer) or 3.1/3.4 (CRuby: string.c STR_BUF_MIN_SIZE, RUBY_FACTS.md "Buffers,
 * capacity, resize"). {@code --era} wins over {@code --layout}; {@code --layout} maps the presets
 * ruby-3.1 and ruby-3.4 to their eras; without either the era is ruby-3.4.
 */
@Command(name = "str-buf", mixinStandardHelpOptions = true,
        description = "STR_BUF_MIN_SIZE: RSS of count strings of i bytes per allocator (seed 003, Feature #12025).")
public final class PredictStrBuf implements Callable<Integer> {

    /** The power-of-two malloc maxrss the thread measured for i = 127 and i = 128, KiB (str_buf_min.csv). */
    static final String PUBLISHED = "published (seed 003, Ruby 2.4-dev, power-of-two malloc, BSD time -l): "
            + "i=127 162,720 KiB, i=128 289,080 KiB";

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    ModelOptions model = new ModelOptions();

    @Option(names = "--era", paramLabel = "ERA",
            description = "string-buffer rules: ruby-2.4-before, ruby-2.4-after (seed 003's measurement), ruby-3.1, "
                    + "ruby-3.4; wins over --layout (default: the --layout preset, else ruby-3.4)")
    String era;

    @Option(names = "--allocator", paramLabel = "LIST",
            defaultValue = "power-of-two,glibc,jemalloc-3,jemalloc-5,darwin", description = "allocators, comma-separated: glibc, jemalloc-3, jemalloc-5, power-of-two, darwin, jemalloc-2")
    String allocators;

    @Option(names = "--workload", paramLabel = "KIND", defaultValue = "times",
            description = "times (\" \" * i, what seed 003 measured), buf-new (rb_str_buf_new(c)) or capacity "
                    + "(String.new(capacity: c))")
    String workload;

    @Option(names = "--i", paramLabel = "LIST", defaultValue = "127,128",
            description = "string length i or capacity c, bytes: a list or ranges like 100-200:1")
    String sizes;

    @Option(names = "--count", paramLabel = "N", defaultValue = "1000000",
            description = "strings in the Array (default 1,000,000)")
    long count;

    @Option(names = "--baseline-kib", paramLabel = "KIB", defaultValue = "0",
            description = "interpreter RSS before the loop, KiB (default 0: the thread gives none)")
    double baselineKib;

    @Override
    public Integer call() {
        BufferPredictions.rejectProfile(model, "str-buf");
        StringBufferRules rules = BufferPredictions.rules(era, model.layout);
        List<Allocator> allocs = BufferPredictions.allocators(allocators);
        Workload w;
        try {
            w = Workload.parse(workload);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--workload: " + e.getMessage());
        }
        if (count < 0) {
            throw new IllegalArgumentException("--count must be >= 0, got " + count);
        }
        if (!(baselineKib >= 0) || Double.isInfinite(baselineKib)) {
            throw new IllegalArgumentException("--baseline-kib must be a finite number >= 0, got " + baselineKib);
        }
        List<Long> sizeList = Lists.parseLongs("--i", sizes);
        List<StrBufWorkload.Row> rows = StrBufWorkload.predict(
                new StrBufWorkload.Params(rules, allocs, sizeList, count, w, baselineKib));
        boolean md = model.markdown();
        String sizeHeader = w == Workload.TIMES ? "i_bytes" : "capa_bytes";
        Table.Builder b = Table.builder(md ? String.format(Locale.ROOT, "Array.new(%,d){ %s } per allocator (%s)",
                        count, w.ruby(), rules.name()) : "")
                .column(Column.text("allocator"))
                .column(Column.number(sizeHeader, 0))
                .column(Column.number("slot_bytes", 0))
                .column(Column.text("embedded"))
                .column(Column.number("malloc_requested_bytes", 0))
                .column(Column.number("malloc_usable_bytes", 0))
                .column(Column.number("malloc_footprint_bytes", 0))
                .column(Column.number("malloc_waste_total_bytes", 0, md))
                .column(Column.number("slot_heap_kib", md ? 0 : 1, md))
                .column(Column.number("array_kib", md ? 0 : 1, md))
                .column(Column.number("malloc_kib", md ? 0 : 1, md))
                .column(Column.number("rss_kib", md ? 0 : 1, md))
                .column(Column.number("page_faults", 0, md));
        for (StrBufWorkload.Row r : rows) {
            b.row(r.allocator(), r.iBytes(), r.slotBytes(), r.embedded() ? "yes" : "no", r.mallocRequestBytes(),
                    r.mallocUsableBytes(), r.mallocFootprintBytes(), r.mallocWasteBytes(), r.slotHeapKib(), r.arrayKib(),
                    r.mallocKib(), r.rssKib(), r.pageFaults());
        }
        if (md) {
            b.footer("lower is better; malloc_*_bytes are per string (0 when the string is embedded in its slot), "
                    + "malloc_waste_total_bytes = (usable - requested) over all strings; rss_kib = baseline + slot pages "
                    + "+ the Array's buffer + the strings' malloc pages, page-granular");
            b.footer(String.format(Locale.ROOT, "parameters: era %s (%s), layout %s, %,d strings of %s, "
                            + "interpreter baseline %,.0f KiB, STR_BUF_MIN_SIZE %d, growth %s",
                    rules.name(), rules.description(), rules.layout().name(), count, w.ruby(), baselineKib,
                    rules.strBufMinSize(), rules.growth().formula()));
            if (w == Workload.TIMES) {
                b.footer(PUBLISHED);
            }
            b.footer("predicted by Slotlab " + SlotlabCommand.version());
        }
        BufferPredictions.print(spec, BufferPredictions.write(b.build(), md));
        return 0;
    }
}
