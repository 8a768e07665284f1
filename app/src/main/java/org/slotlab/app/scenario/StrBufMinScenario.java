package org.slotlab.app.scenario;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import org.slotlab.app.cli.SlotlabCommand;
import org.slotlab.charts.Provenance;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.charts.XyLinesChart;
import org.slotlab.charts.table.Column;
import org.slotlab.charts.table.Table;
import org.slotlab.model.buffers.StrBufWorkload;
import org.slotlab.model.string.StringBufferRules;
import org.slotlab.model.malloc.Allocator;
import org.slotlab.model.malloc.Allocators;
import org.slotlab.model.malloc.SizeClassSweep;
import org.slotlab.model.reference.ReferenceTable;

/**
 * Scenario S5, Feature #12025 (seed {@code 003_d065c5278e912b9b.txt}): {@code Array.new(1_000_000){ " " * i }}
 * and the resident set each allocator makes of it ({@link StrBufWorkload}). On the seed's Ruby 2.4-dev
 * every string over 23 bytes has a malloc'd buffer of i + 1 bytes (TERM_LEN), so a power-of-two
 * malloc doubles the buffer between i = 127 and i = 128; on 3.4 the string embeds in a slot up to
 * 615 bytes (rb_str_embed_size, string.c:238-241) and the step moves to the slot sizes
 * (heap_slot_size, gc/default/default.c:2256). Three charts: RSS against i per allocator on the
 * seed's era with str_buf_min.csv's two points, RSS against i per era on the power-of-two
 * allocator, and the waste of every malloc request per allocator ({@link SizeClassSweep}).
 * Its knobs are {@link StrBufSettings} (era, workload, allocators, i range, count), defaulting to
 * seed 003's setting; str_buf_min.csv is drawn only on that setting.
 */
public final class StrBufMinScenario implements Scenario {

    public static final String ID = "str-buf-min";
    public static final ChartSpec RSS = new ChartSpec("str-buf-rss", "RSS per allocator",
            "maxrss of Array.new(count){ workload } against i on the chosen era, one line per allocator");
    public static final ChartSpec ERAS = new ChartSpec("str-buf-eras", "RSS per era",
            "Array.new(1,000,000){ String.buffer(c) } (rb_str_buf_new) on 2.4-dev before/after r55686, 3.1 and 3.4 "
                    + "with a power-of-two malloc: STR_BUF_MIN_SIZE 128 -> 127, then the step moves to the slot sizes");
    public static final ChartSpec WASTE = new ChartSpec("str-buf-waste", "Waste per size class",
            "usable size - request of every malloc request per allocator");
    /** Seed 003, where the points come from. */
    static final String SEED = "003";
    /** The era seed 003 measured: Ruby 2.4-dev at r55692 (STR_BUF_MIN_SIZE 127). */
    static final String SEED_ERA = StrBufSettings.SEED_ERA;
    /** The eras of the era chart, oldest first (StringBufferRules presets). */
    static final List<String> ERA_NAMES = StrBufSettings.ERAS;
    /** The allocator of seed 003's measurement ("power-of-2 malloc", str_buf_min.csv): the era chart's when chosen. */
    static final String SEED_ALLOCATOR = "power-of-two";
    /** Allocators of the RSS chart by default: the CLI's default list (PredictStrBuf --allocator). */
    static final List<String> ALLOCATORS = StrBufSettings.THREAD_ALLOCATORS;
    /** i range of the era chart, bytes: past 3.4's largest embedded string (615 B) and its 640 B slot. */
    static final long ERA_FROM = 1;
    static final long ERA_TO = 768;
    /**
     * Malloc requests of the waste chart, bytes: every request a non-embedded 2.4-dev string makes
     * (len + TERM_LEN for len over RSTRING_EMBED_LEN_MAX 23) up to 1 KiB.
     */
    static final long WASTE_FROM = 25;
    static final long WASTE_TO = 1024;
    /** Strings in the Array (bench_mem.rb, seed 003). */
    static final long COUNT = StrBufSettings.THREAD_COUNT;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "STR_BUF_MIN_SIZE (Feature #12025)";
    }

    @Override
    public String summary() {
        return "Array.new(1_000_000){ \" \" * i }: malloc(i + 1) crosses a power-of-two class at i = 128; on 3.4 the "
                + "string embeds up to 615 B. Seed 003: Jeremy Evans' BSD time -l.";
    }

    @Override
    public Set<ParameterGroup> uses() {
        return EnumSet.of(ParameterGroup.STR_BUF);
    }

    @Override
    public List<ChartSpec> charts() {
        return List.of(RSS, ERAS, WASTE);
    }

    /** The era chart's allocator: seed 003's power-of-two malloc when chosen, else the first chosen. */
    static String eraAllocator(StrBufSettings s) {
        return s.allocators().contains(SEED_ALLOCATOR) ? SEED_ALLOCATOR : s.allocators().get(0);
    }

    /**
     * The era chart's workload: the chosen one, except that {@code " " * i} makes exact-size
     * buffers (rb_str_times) with no STR_BUF_MIN_SIZE floor, so the chart shows rb_str_buf_new(c).
     */
    static StrBufWorkload.Workload eraWorkload(StrBufSettings s) {
        return s.workloadKind() == StrBufWorkload.Workload.TIMES ? StrBufWorkload.Workload.BUF_NEW : s.workloadKind();
    }

    @Override
    public ScenarioRun compute(ScenarioRequest request, SlotlabTheme theme, BooleanSupplier cancelled) {
        long t0 = System.nanoTime();
        StrBufSettings s = request.parameters().strBuf();
        StringBufferRules era = s.rules();
        StrBufWorkload.Workload workload = s.workloadKind();
        List<Allocator> allocators = s.allocatorModels();
        String program = "Array.new(" + SubstringCutoffScenario.fmt(s.count()) + "){ " + workload.ruby() + " }";
        List<StrBufWorkload.Row> rssRows = StrBufWorkload.predict(new StrBufWorkload.Params(era, allocators, s.sizes(),
                s.count(), workload, StrBufWorkload.THREAD_BASELINE_KIB));
        List<XyLinesChart.Line> rssLines = linesBy(rssRows, StrBufWorkload.Row::allocator);
        Step step = largestStep(rssRows, s.allocators().get(0));
        List<XyLinesChart.Marker> rssMarkers = step == null ? List.of()
                : List.of(new XyLinesChart.Marker(step.after().iBytes(), step.label()));
        boolean seedSetting = s.matchesSeed();
        var rssData = new XyLinesChart.Data(program + ": maxrss per allocator",
                era.name() + " (" + era.description() + ") modelled"
                        + (seedSetting ? "; markers: published" : "; published points only for seed 003's setting"),
                workload == StrBufWorkload.Workload.TIMES ? "i (bytes)" : "capacity c (bytes)", "RSS (KiB)", rssLines,
                seedSetting ? published() : List.of(), rssMarkers, false, false, false, true);
        check(cancelled);

        String eraAllocName = eraAllocator(s);
        Allocator eraAlloc = Allocators.byName(eraAllocName);
        StrBufWorkload.Workload eraWorkload = eraWorkload(s);
        Map<String, List<StrBufWorkload.Row>> eraRows = new LinkedHashMap<>();
        Map<String, List<XyLinesChart.Point>> eraPts = new LinkedHashMap<>();
        for (String name : ERA_NAMES) {
            List<StrBufWorkload.Row> rows = StrBufWorkload.predict(new StrBufWorkload.Params(
                    StringBufferRules.byName(name), List.of(eraAlloc), range(ERA_FROM, ERA_TO), s.count(), eraWorkload,
                    StrBufWorkload.THREAD_BASELINE_KIB));
            eraRows.put(name, rows);
            eraPts.put(name, rows.stream().map(r -> new XyLinesChart.Point(r.iBytes(), r.rssKib())).toList());
            check(cancelled);
        }
        StringBufferRules modern = StringBufferRules.byName("ruby-3.4");
        long embedMax = modern.layout().maxEmbeddedLen();
        var eraData = new XyLinesChart.Data(eraWorkload.ruby() + " per era: STR_BUF_MIN_SIZE, then slot sizes",
                eraWorkload.ruby() + " x " + SubstringCutoffScenario.fmt(s.count()) + " on " + eraAllocName
                        + " malloc, modelled" + (workload == StrBufWorkload.Workload.TIMES
                                ? " (\" \" * i has no STR_BUF_MIN_SIZE floor)" : ""),
                "capacity c (bytes)", "RSS (KiB)", lines(eraPts), List.of(),
                List.of(new XyLinesChart.Marker(128, "c = 128: malloc(129)"),
                        new XyLinesChart.Marker(embedMax + 1, "3.4: c > " + embedMax)),
                false, false, false, true);
        check(cancelled);

        List<SizeClassSweep.Row> waste = SizeClassSweep.sweep(allocators, WASTE_FROM, WASTE_TO, 1);
        Map<String, List<XyLinesChart.Point>> wastePts = new LinkedHashMap<>();
        for (SizeClassSweep.Row r : waste) {
            wastePts.computeIfAbsent(r.allocator(), k -> new ArrayList<>())
                    .add(new XyLinesChart.Point(r.requestBytes(), r.wastePct()));
        }
        var wasteData = new XyLinesChart.Data("Waste per malloc size class",
                "(usable size - request) / request for every request a heap string makes (i + 1 > 24)",
                "malloc request (bytes)", "waste (% of request)", lines(wastePts), List.of(),
                List.of(new XyLinesChart.Marker(129, "129: \" \" * 128")), false, false, true, true);

        List<String> params = new ArrayList<>();
        params.add("scenario: " + ID + " (seed 003, Feature #12025)");
        params.add("program: " + program + (seedSetting ? " (bench_mem.rb)" : ""));
        params.add("era: " + era.name() + " (" + era.description() + ")");
        params.add("allocators: " + String.join(", ", s.allocators()));
        params.add("i: " + s.from() + "-" + s.to() + " B step " + s.step() + " (RSS)");
        params.add("eras of the era chart: " + String.join(", ", ERA_NAMES) + ", " + eraWorkload.ruby() + " on "
                + eraAllocName + ", c " + ERA_FROM + "-" + ERA_TO + " B; waste: requests " + WASTE_FROM + "-" + WASTE_TO + " B");
        params.add(seedSetting ? "published: str_buf_min.csv (seed 003, BSD time -l, power-of-two malloc)"
                : "published: str_buf_min.csv not drawn (it measured 2.4-dev, \" \" * i, 1,000,000 strings)");
        params.add("version: Slotlab " + SlotlabCommand.version() + " (modelled, not measured)");
        String headline = headline(era, s, rssRows, step);
        return new ScenarioRun(request, List.of(
                SubstringCutoffScenario.chart(RSS, t -> XyLinesChart.create(rssData, t), theme),
                SubstringCutoffScenario.chart(ERAS, t -> XyLinesChart.create(eraData, t), theme),
                SubstringCutoffScenario.chart(WASTE, t -> XyLinesChart.create(wasteData, t), theme)),
                table(era, rssRows, s, eraRows, params), params, headline, System.nanoTime() - t0);
    }

    /** The largest rise in RSS between two neighbouring i of one allocator's line. */
    record Step(StrBufWorkload.Row before, StrBufWorkload.Row after) {
        String label() {
            String what = after.mallocRequestBytes() > 0 ? "malloc(" + after.mallocRequestBytes() + ")"
                    : after.slotBytes() + " B slot";
            return "i = " + after.iBytes() + ": " + what;
        }
    }

    static Step largestStep(List<StrBufWorkload.Row> rows, String allocator) {
        List<StrBufWorkload.Row> line = rows.stream().filter(r -> r.allocator().equals(allocator)).toList();
        Step best = null;
        double rise = 0;
        for (int k = 1; k < line.size(); k++) {
            double d = line.get(k).rssKib() - line.get(k - 1).rssKib();
            if (d > rise) {
                rise = d;
                best = new Step(line.get(k - 1), line.get(k));
            }
        }
        return best;
    }

    private static String headline(StringBufferRules era, StrBufSettings s, List<StrBufWorkload.Row> rows, Step step) {
        String alloc = s.allocators().get(0);
        if (step == null) {
            StrBufWorkload.Row r = rows.stream().filter(q -> q.allocator().equals(alloc)).findFirst().orElseThrow();
            return String.format(java.util.Locale.ROOT, "%s, %s: i=%d %,.0f KiB, no step in the range", era.name(), alloc,
                    r.iBytes(), r.rssKib());
        }
        return String.format(java.util.Locale.ROOT, "%s, %s: i=%d %,.0f KiB, i=%d %,.0f KiB (%.2fx)", era.name(), alloc,
                step.before().iBytes(), step.before().rssKib(), step.after().iBytes(), step.after().rssKib(),
                step.after().rssKib() / step.before().rssKib());
    }

    static void check(BooleanSupplier cancelled) {
        if (cancelled.getAsBoolean()) {
            throw new CancellationException("superseded by a newer request");
        }
    }

    static List<Long> range(long from, long to) {
        List<Long> out = new ArrayList<>();
        for (long i = from; i <= to; i++) {
            out.add(i);
        }
        return out;
    }

    private static List<XyLinesChart.Line> linesBy(List<StrBufWorkload.Row> rows,
            java.util.function.Function<StrBufWorkload.Row, String> key) {
        Map<String, List<XyLinesChart.Point>> pts = new LinkedHashMap<>();
        for (StrBufWorkload.Row r : rows) {
            pts.computeIfAbsent(key.apply(r), k -> new ArrayList<>()).add(new XyLinesChart.Point(r.iBytes(), r.rssKib()));
        }
        return lines(pts);
    }

    static List<XyLinesChart.Line> lines(Map<String, List<XyLinesChart.Point>> pts) {
        List<XyLinesChart.Line> out = new ArrayList<>();
        pts.forEach((k, v) -> out.add(new XyLinesChart.Line(k, v)));
        return out;
    }

    /** str_buf_min.csv: maxrss per i as Jeremy Evans measured it. */
    static List<XyLinesChart.Line> published() {
        ReferenceTable t = ReferenceTable.load("str_buf_min.csv");
        List<XyLinesChart.Point> pts = new ArrayList<>();
        String machine = "";
        for (Map<String, String> r : t.rows()) {
            var i = ReferenceTable.number(r, "i");
            var rss = ReferenceTable.number(r, "maxrss_kib");
            if (i.isPresent() && rss.isPresent()) {
                pts.add(new XyLinesChart.Point(i.get(), rss.get()));
                machine = r.get("machine");
            }
        }
        return List.of(new XyLinesChart.Line(new Provenance("Jeremy Evans", machine, SEED).label(), pts));
    }

    /** RSS on both sides of each allocator's largest step, and each era's at 100, 127/128 and 615/616. */
    private static Table table(StringBufferRules era, List<StrBufWorkload.Row> rss, StrBufSettings s,
            Map<String, List<StrBufWorkload.Row>> eras, List<String> params) {
        Table.Builder b = Table.builder("maxrss of Array.new(" + SubstringCutoffScenario.fmt(s.count()) + "){ ... }, KiB")
                .column(Column.text("era"))
                .column(Column.text("allocator"))
                .column(Column.text("workload"))
                .column(Column.number("i_or_c_bytes", 0))
                .column(Column.number("malloc_request_bytes", 0))
                .column(Column.number("malloc_usable_bytes", 0))
                .column(Column.number("rss_kib", 0));
        String eraLabel = era.name().startsWith("ruby-") ? era.name().substring("ruby-".length()) : era.name();
        for (String a : s.allocators()) {
            Step st = largestStep(rss, a);
            List<StrBufWorkload.Row> shown = st == null
                    ? rss.stream().filter(r -> r.allocator().equals(a)).limit(1).toList()
                    : List.of(st.before(), st.after());
            for (StrBufWorkload.Row r : shown) {
                b.row(eraLabel, r.allocator(), r.workload(), r.iBytes(), r.mallocRequestBytes(), r.mallocUsableBytes(),
                        r.rssKib());
            }
        }
        eras.forEach((name, rows) -> {
            for (StrBufWorkload.Row r : rows) {
                if (r.iBytes() == 100 || r.iBytes() == 127 || r.iBytes() == 128 || r.iBytes() == 615 || r.iBytes() == 616) {
                    b.row(name.substring("ruby-".length()), r.allocator(), r.workload(), r.iBytes(), r.mallocRequestBytes(), r.mallocUsableBytes(),
                            r.rssKib());
                }
            }
        });
        StringBuilder pub = new StringBuilder("published (str_buf_min.csv, seed 003, power-of-two malloc):");
        for (XyLinesChart.Point p : published().get(0).points()) {
            pub.append(String.format(java.util.Locale.ROOT, " i=%.0f %,.0f KiB;", p.x(), p.y()));
        }
        b.footer(pub.toString());
        params.forEach(b::footer);
        return b.build();
    }
}
