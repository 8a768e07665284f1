package org.slotlab.app.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.slotlab.app.knob.Knob;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.knob.Types;
import org.slotlab.app.report.Version;
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
import org.slotlab.model.reference.Source;
import org.slotlab.model.ruby.RubyPreset;
import org.slotlab.model.buffers.StrBufTiming;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.harness.Harness;
import org.slotlab.model.harness.HarnessState;

/**
 * Feature #12025 (https://bugs.ruby-lang.org/issues/12025): {@code Array.new(1_000_000){ " " * i }}
 * and the resident set each allocator makes of it ({@link StrBufWorkload}). On the thread's Ruby 2.4-dev
 * every string over 23 bytes has a malloc'd buffer of i + 1 bytes (TERM_LEN), so a power-of-two
 * malloc doubles the buffer between i = 127 and i = 128; on 3.4 the string embeds in a slot up to
 * 615 bytes (rb_str_embed_size, string.c:238-241) and the step moves to the slot sizes
 * (heap_slot_size, gc/default/default.c:2256). Three charts: RSS against i per allocator on the
 * chosen Ruby with str_buf_min.csv's two points, RSS against i per era on the power-of-two
 * allocator, and the waste of every malloc request per allocator ({@link SizeClassSweep}).
 * Its knobs (Ruby, workload, allocators, i, count) default to the thread's setting;
 * str_buf_min.csv is drawn only on that setting.
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
    public static final ChartSpec TIME = new ChartSpec("str-buf-time", "Time per string",
            "ns per element of the loop and its GC count on a calibrated profile's Ruby (heap simulation x the profile's coefficients)");
    /** The Ruby Feature #12025 measured: 2.4-dev at r55692 (STR_BUF_MIN_SIZE 127). */
    static final String THREAD_RUBY = "ruby-2.4-after";
    /** The Rubies of the era chart, oldest first. */
    static final List<String> ERA_NAMES = List.of("ruby-2.4-before", "ruby-2.4-after", "ruby-3.1", "ruby-3.4");
    /** The allocator of the thread's measurement ("power-of-2 malloc", str_buf_min.csv): the era chart's when chosen. */
    static final String THREAD_ALLOCATOR = "power-of-two";
    /** Allocators of the RSS chart by default. */
    static final List<String> ALLOCATORS = List.of("power-of-two", "glibc", "jemalloc-3", "jemalloc-5", "darwin");
    /** i range of the era chart, bytes: past 3.4's largest embedded string (615 B) and its 640 B slot. */
    static final long ERA_FROM = 1;
    static final long ERA_TO = 768;
    /**
     * Malloc requests of the waste chart, bytes: every request a non-embedded 2.4-dev string makes
     * (len + TERM_LEN for len over RSTRING_EMBED_LEN_MAX 23) up to 1 KiB.
     */
    static final long WASTE_FROM = 25;
    static final long WASTE_TO = 1024;
    /** Strings in the Array (the thread's bench_mem.rb). */
    static final long THREAD_COUNT = 1_000_000;
    /** Default i, bytes: the thread's 127/128 with 32 bytes either side. */
    static final List<Long> THREAD_SIZES = range(96, 160);
    /** Most i values per sweep: beyond this a line has more points than the chart has pixels. */
    static final int MAX_POINTS = 4096;
    /** Largest array the model accepts: 10^9 strings (40 GB of slots on 3.4), more is not a Ruby process. */
    static final long MAX_COUNT = 1_000_000_000L;
    /** Largest interpreter RSS accepted, KiB (1 TiB). */
    static final double MAX_BASELINE_KIB = 1024.0 * 1024 * 1024;
    private static final String SECTION = "String buffers (STR_BUF_MIN_SIZE)";

    public static final Knob<String> RUBY = Knobs.RUBY_OR_PROFILE.withDefault(THREAD_RUBY);
    public static final Knob<String> PROFILE = Knobs.COST_PROFILE
            .describe("Cost profile JSON from 'slotlab calibrate': its layout is the Ruby modelled (its slot sizes and embed limit "
                    + "decide which strings are malloc'd) unless --layout says otherwise, and its coefficients time the loop: ns per "
                    + "string and the loop's GC count, from the heap simulation. None: RSS only.");
    public static final Knob<String> WORKLOAD = Knob.of("workload", "workload", Types.oneOf("workload",
                    List.of("times", "buf-new", "capacity"), w -> w + ": " + StrBufWorkload.Workload.parse(w).ruby()), "times")
            .section(SECTION)
            .describe("What each of the count strings is. times: \" \" * i (rb_str_times, exact size, string.c:2477-2532; "
                    + "the thread's bench_mem.rb). buf-new: rb_str_buf_new(c) / String.buffer(c) with the STR_BUF_MIN_SIZE "
                    + "floor (string.c:1648-1661). capacity: String.new(capacity: c) (rb_str_s_new on 3.4, "
                    + "string.c:2063-2139; rb_str_init on older Rubies).");
    public static final Knob<List<String>> ALLOCATOR = Knobs.ALLOCATORS.withDefault(ALLOCATORS)
            .describe("Malloc models, one line each: power-of-two (the thread's \"power-of-2 malloc\"), glibc ptmalloc, "
                    + "jemalloc 2/3/5, darwin. Each rounds a request of i + 1 bytes (len + TERM_LEN) up to its size class.");
    public static final Knob<List<Long>> SIZES = Knob.of("i", "i", Types.wholeNumbers(MAX_POINTS), THREAD_SIZES)
            .unit("B").section(SECTION)
            .describe("String length i (or capacity c), bytes: a list or ranges like 96-160:1, the x axis of the RSS "
                    + "chart. The thread compared i = 127 (malloc(128)) with i = 128 (malloc(129), the next power of two).");
    public static final Knob<Long> COUNT = Knob.of("count", "count", Types.longs(1, MAX_COUNT), THREAD_COUNT)
            .section(SECTION)
            .describe("Strings kept in the Array: Array.new(count){ ... }. The thread used 1,000,000; the published "
                    + "points are drawn only at that count, on 2.4-dev with \" \" * i.");
    public static final Knob<Double> BASELINE_KIB = Knob.of("baseline-kib", "interpreter RSS",
                    Types.decimals(0, MAX_BASELINE_KIB), StrBufWorkload.THREAD_BASELINE_KIB)
            .unit("KiB").section(SECTION)
            .describe("The interpreter's RSS before the loop, KiB; 0 as in the thread, which gives none.");

    @Override
    public String id() {
        return ID;
    }

    @Override
    public List<String> aliases() {
        return List.of("str-buf");
    }

    @Override
    public String title() {
        return "STR_BUF_MIN_SIZE (Feature #12025)";
    }

    @Override
    public String summary() {
        return "Array.new(1_000_000){ \" \" * i }: malloc(i + 1) crosses a power-of-two class at i = 128; on 3.4 the "
                + "string embeds up to 615 B. Published: Jeremy Evans' BSD time -l.";
    }

    @Override
    public Source source() {
        return Source.FEATURE_12025;
    }

    @Override
    public List<Knob<?>> knobs() {
        return List.of(RUBY, PROFILE, WORKLOAD, ALLOCATOR, SIZES, COUNT, BASELINE_KIB);
    }

    @Override
    public String status(Settings s) {
        return "Ruby " + s.get(RUBY) + "  |  " + workload(s).ruby() + " x " + Runs.fmt(s.get(COUNT)) + "  |  malloc "
                + String.join(", ", s.get(ALLOCATOR));
    }

    static StrBufWorkload.Workload workload(Settings s) {
        return StrBufWorkload.Workload.parse(s.get(WORKLOAD));
    }

    /** Whether this is the setting str_buf_min.csv measured: 2.4-dev after r55692, {@code " " * i}, 1,000,000 strings. */
    static boolean matchesThread(Settings s) {
        return !LayoutChoice.FROM_PROFILE.equals(s.get(RUBY)) && RubyPreset.byName(s.get(RUBY)).name().equals(THREAD_RUBY)
                && workload(s) == StrBufWorkload.Workload.TIMES && s.get(COUNT) == THREAD_COUNT;
    }

    @Override
    public List<ChartSpec> charts() {
        return List.of(RSS, ERAS, WASTE, TIME);
    }

    /** The era chart's allocator: the thread's power-of-two malloc when chosen, else the first chosen. */
    static String eraAllocator(Settings s) {
        return s.get(ALLOCATOR).contains(THREAD_ALLOCATOR) ? THREAD_ALLOCATOR : s.get(ALLOCATOR).get(0);
    }

    /**
     * The era chart's workload: the chosen one, except that {@code " " * i} makes exact-size
     * buffers (rb_str_times) with no STR_BUF_MIN_SIZE floor, so the chart shows rb_str_buf_new(c).
     */
    static StrBufWorkload.Workload eraWorkload(Settings s) {
        return workload(s) == StrBufWorkload.Workload.TIMES ? StrBufWorkload.Workload.BUF_NEW : workload(s);
    }

    @Override
    public ScenarioRun compute(ScenarioRequest request, SlotlabTheme theme, BooleanSupplier cancelled) {
        long t0 = System.nanoTime();
        Settings s = request.settings();
        StringBufferRules era = ModelInputs.rules(s);
        StrBufWorkload.Workload workload = workload(s);
        List<Allocator> allocators = s.get(ALLOCATOR).stream().map(Allocators::byName).toList();
        long count = s.get(COUNT);
        double baselineKib = s.get(BASELINE_KIB);
        String program = "Array.new(" + Runs.fmt(count) + "){ " + workload.ruby() + " }";
        List<StrBufWorkload.Row> rssRows = StrBufWorkload.predict(new StrBufWorkload.Params(era, allocators, s.get(SIZES),
                count, workload, baselineKib));
        List<XyLinesChart.Line> rssLines = linesBy(rssRows, StrBufWorkload.Row::allocator);
        Step step = largestStep(rssRows, s.get(ALLOCATOR).get(0));
        List<XyLinesChart.Marker> rssMarkers = step == null ? List.of()
                : List.of(new XyLinesChart.Marker(step.after().iBytes(), step.label()));
        boolean threadSetting = matchesThread(s);
        var rssData = new XyLinesChart.Data(program + ": maxrss per allocator",
                era.name() + " (" + era.description() + ") modelled"
                        + (threadSetting ? "; markers: published" : "; published points only for the thread's setting"),
                workload == StrBufWorkload.Workload.TIMES ? "i (bytes)" : "capacity c (bytes)", "RSS (KiB)", rssLines,
                threadSetting ? published() : List.of(), rssMarkers, false, false, false, true);
        Runs.check(cancelled);

        String eraAllocName = eraAllocator(s);
        Allocator eraAlloc = Allocators.byName(eraAllocName);
        StrBufWorkload.Workload eraWorkload = eraWorkload(s);
        Map<String, List<StrBufWorkload.Row>> eraRows = new LinkedHashMap<>();
        Map<String, List<XyLinesChart.Point>> eraPts = new LinkedHashMap<>();
        for (String name : ERA_NAMES) {
            List<StrBufWorkload.Row> rows = StrBufWorkload.predict(new StrBufWorkload.Params(
                    RubyPreset.byName(name).strings(), List.of(eraAlloc), range(ERA_FROM, ERA_TO), count, eraWorkload,
                    baselineKib));
            eraRows.put(name, rows);
            eraPts.put(name, rows.stream().map(r -> new XyLinesChart.Point(r.iBytes(), r.rssKib())).toList());
            Runs.check(cancelled);
        }
        StringBufferRules modern = RubyPreset.ruby34().strings();
        long embedMax = modern.layout().maxEmbeddedLen();
        var eraData = new XyLinesChart.Data(eraWorkload.ruby() + " per era: STR_BUF_MIN_SIZE, then slot sizes",
                eraWorkload.ruby() + " x " + Runs.fmt(count) + " on " + eraAllocName
                        + " malloc, modelled" + (workload == StrBufWorkload.Workload.TIMES
                                ? " (\" \" * i has no STR_BUF_MIN_SIZE floor)" : ""),
                "capacity c (bytes)", "RSS (KiB)", Runs.lines(eraPts), List.of(),
                List.of(new XyLinesChart.Marker(128, "c = 128: malloc(129)"),
                        new XyLinesChart.Marker(embedMax + 1, "3.4: c > " + embedMax)),
                false, false, false, true);
        Runs.check(cancelled);

        List<SizeClassSweep.Row> waste = SizeClassSweep.sweep(allocators, WASTE_FROM, WASTE_TO, 1);
        Map<String, List<XyLinesChart.Point>> wastePts = new LinkedHashMap<>();
        for (SizeClassSweep.Row r : waste) {
            wastePts.computeIfAbsent(r.allocator(), k -> new ArrayList<>())
                    .add(new XyLinesChart.Point(r.requestBytes(), r.wastePct()));
        }
        var wasteData = new XyLinesChart.Data("Waste per malloc size class",
                "(usable size - request) / request for every request a heap string makes (i + 1 > 24)",
                "malloc request (bytes)", "waste (% of request)", Runs.lines(wastePts), List.of(),
                List.of(new XyLinesChart.Marker(129, "129: \" \" * 128")), false, false, true, true);

        List<String> params = new ArrayList<>();
        params.add(Runs.scenarioLine(ID, Source.FEATURE_12025));
        params.add("program: " + program + (threadSetting ? " (bench_mem.rb)" : ""));
        params.add("Ruby: " + s.get(RUBY) + ", string rules " + era.name() + " (" + era.description() + ")");
        params.add("allocators: " + String.join(", ", s.get(ALLOCATOR)));
        params.add("i: " + SIZES.format(s.get(SIZES)) + " B (RSS)");
        params.add("eras of the era chart: " + String.join(", ", ERA_NAMES) + ", " + eraWorkload.ruby() + " on "
                + eraAllocName + ", c " + ERA_FROM + "-" + ERA_TO + " B; waste: requests " + WASTE_FROM + "-" + WASTE_TO + " B");
        params.add(threadSetting ? "published: " + Source.FEATURE_12025.citation() + " (BSD time -l, power-of-two malloc)"
                : "published: " + Source.FEATURE_12025.citation() + ", not drawn (it measured 2.4-dev, \" \" * i, "
                        + "1,000,000 strings)");
        Timed timed = timed(s, era, workload, s.get(SIZES), count);
        Runs.check(cancelled);
        String sizeLabel = workload == StrBufWorkload.Workload.TIMES ? "i (bytes)" : "capacity c (bytes)";
        XyLinesChart.Data timeData;
        String timeNote;
        List<Table> more = new ArrayList<>();
        List<XyLinesChart.Line> publishedTime = workload == StrBufWorkload.Workload.TIMES ? publishedTime() : List.of();
        if (timed == null) {
            timeData = new XyLinesChart.Data("Time per string of " + program, "no cost profile chosen: the model times nothing; "
                    + "markers: the thread's real time per string (whole process, 2.4-dev)",
                    sizeLabel, "ns per string", List.of(), publishedTime, List.of(), false, false, true, true);
            timeNote = "Timing the loop takes a calibrated cost profile (Tools > Calibrate against a Ruby..., then the cost profile "
                    + "setting): its layout decides which strings are malloc'd, its coefficients price each element and the loop's GCs. "
                    + "The markers are the thread's whole process (start-up included) on 2.4-dev, not the loop alone.";
        } else {
            List<XyLinesChart.Point> pts = timed.rows().stream().map(r -> new XyLinesChart.Point(r.iBytes(), r.nsPerString())).toList();
            long fewest = timed.rows().stream().mapToLong(StrBufTiming.Row::gcCount).min().orElse(0);
            long most = timed.rows().stream().mapToLong(StrBufTiming.Row::gcCount).max().orElse(0);
            timeData = new XyLinesChart.Data("Time per string of " + program,
                    "cost profile " + timed.profile().name() + " (" + timed.profile().machine() + "), " + era.name()
                            + String.format(Locale.ROOT, "; %s GCs per loop", fewest == most ? Long.toString(fewest) : fewest + "-" + most),
                    sizeLabel, "ns per string", List.of(new XyLinesChart.Line("model: " + era.name(), pts)),
                    threadSetting ? publishedTime : List.of(), List.of(), false, false, true, true);
            List<String> said = timingLines(timed, era, workload);
            // under the chart: the profile and what a string is priced as; the heap it starts from is in the parameters
            timeNote = said.get(0) + ". " + said.get(2);
            params.addAll(timingLines(timed, era, workload));
            more.add(timingTable(timed, false));
        }
        params.add("version: " + Version.modelledBy());
        String headline = headline(era, s, rssRows, step) + (timed == null ? "" : String.format(Locale.ROOT, "; %.1f ns per string",
                timed.rows().get(0).nsPerString()));
        String note = timeNote;
        return new ScenarioRun(request, List.of(
                Runs.chart(RSS, t -> XyLinesChart.create(rssData, t), theme),
                Runs.chart(ERAS, t -> XyLinesChart.create(eraData, t), theme),
                Runs.chart(WASTE, t -> XyLinesChart.create(wasteData, t), theme),
                Runs.chart(TIME, t -> Runs.explained(XyLinesChart.create(timeData, t), note, t), theme)),
                table(era, rssRows, s, eraRows, params), params, headline, System.nanoTime() - t0, more, List.of());
    }

    /**
     * The loop timed on the settings' cost profile, or null when none is chosen.
     *
     * @param profile the calibrated profile
     * @param heap    the heap the loop starts in (the profile's rubygems harness: {@code ruby bench_mem.rb})
     * @param yield   the block call per element and where its cost comes from
     * @param rows    one per size
     */
    record Timed(CostProfile profile, HarnessState heap, StrBufTiming.Yield yield, List<StrBufTiming.Row> rows) {
    }

    static Timed timed(Settings s, StringBufferRules rules, StrBufWorkload.Workload w, List<Long> sizes, long count) {
        if (s.get(PROFILE).isBlank()) {
            return null;
        }
        CostProfile p = ModelInputs.profile(s);
        HarnessState heap = p.harness(Harness.RUBYGEMS, rules.layout());
        return new Timed(p, heap, StrBufTiming.yieldCost(p), StrBufTiming.predict(rules, w, sizes, count, p, heap));
    }

    /** What the times assume: profile, Ruby, heap, and what one element is priced as. */
    static List<String> timingLines(Timed t, StringBufferRules rules, StrBufWorkload.Workload w) {
        CostProfile p = t.profile();
        List<String> out = new ArrayList<>();
        out.add("times: cost profile " + p.name() + " (" + p.machine() + "): " + p.check().summary());
        out.add("heap at loop start: " + t.heap().harness().id() + ", pages per heap " + java.util.Arrays.toString(t.heap().boot().pages())
                + " (plain ruby, as the thread ran bench_mem.rb; " + t.heap().provenance() + ")");
        String element = w == StrBufWorkload.Workload.TIMES
                ? String.format(Locale.ROOT, "the literal \" \" (a new 40 B string every iteration, dead at once), String#* (method_call_ns "
                        + "%.3g ns), the result's slot (slot_alloc_ns %.3g ns), its i bytes filled by doubling memcpys (copy_ns_per_byte %.3g, "
                        + "malloc_copy_ns_per_byte %.3g ns/B) and, past the embed limit, malloc(i + 1) (malloc_free_ns %.3g ns)",
                        p.get(CostProfile.METHOD_CALL), p.get(CostProfile.ALLOC), p.get(CostProfile.COPY), p.get(CostProfile.MALLOC_COPY),
                        p.get(CostProfile.MALLOC))
                : String.format(Locale.ROOT, "one C call (method_call_ns %.3g ns), the buffer's slot and malloc; nothing filled%s",
                        p.get(CostProfile.METHOD_CALL), w == StrBufWorkload.Workload.CAPACITY ? "; the keyword Hash of capacity: is not counted" : "");
        out.add(String.format(Locale.ROOT, "per string: the block call Array.new makes (%.1f ns, %s), %s, page faults, and its share of the "
                + "loop's GCs (every string stays reachable from the Array: a major GC marks what the loop has made so far, and once the "
                + "Array is old every minor GC walks all it holds, gc_remembered_ns_per_ref %.3g ns per element); the times do "
                + "not depend on the allocator column (the profile's Ruby with its own malloc)", t.yield().ns(), t.yield().provenance(), element,
                p.get(CostProfile.GC_REMEMBERED)));
        p.layout().filter(l -> !l.name().equals(rules.layout().name())).ifPresent(l -> out.add("the profile was measured on " + l.name()
                + "; this run models " + rules.name() + " (--layout)"));
        return out;
    }

    /** ns per string and the loop's GC count per size. */
    static Table timingTable(Timed t, boolean md) {
        Table.Builder b = Table.builder(md ? "Time and GCs of the loop per size (" + t.profile().name() + ")"
                        : "Time and GCs of the loop per size, " + t.profile().name())
                .column(Column.number("i_or_c_bytes", 0))
                .column(Column.number("gc_count", 0, md))
                .column(Column.number("minor_gc_count", 0, md))
                .column(Column.number("major_gc_count", 0, md))
                .column(Column.number("ns_per_string", md ? 1 : 3))
                .column(Column.number("loop_ms", md ? 1 : 3, md));
        for (StrBufTiming.Row r : t.rows()) {
            b.row(r.iBytes(), r.gcCount(), r.minorGcs(), r.majorGcs(), r.nsPerString(), r.loopMs());
        }
        return b.build();
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

    private static String headline(StringBufferRules era, Settings s, List<StrBufWorkload.Row> rows, Step step) {
        String alloc = s.get(ALLOCATOR).get(0);
        if (step == null) {
            StrBufWorkload.Row r = rows.stream().filter(q -> q.allocator().equals(alloc)).findFirst().orElseThrow();
            return String.format(java.util.Locale.ROOT, "%s, %s: i=%d %,.0f KiB, no step in the range", era.name(), alloc,
                    r.iBytes(), r.rssKib());
        }
        return String.format(java.util.Locale.ROOT, "%s, %s: i=%d %,.0f KiB, i=%d %,.0f KiB (%.2fx)", era.name(), alloc,
                step.before().iBytes(), step.before().rssKib(), step.after().iBytes(), step.after().rssKib(),
                step.after().rssKib() / step.before().rssKib());
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
        return Runs.lines(pts);
    }

    /** str_buf_min.csv: maxrss per i as Jeremy Evans measured it. */
    static List<XyLinesChart.Line> published() {
        return List.of(publishedColumn("maxrss_kib", 1, false, ""));
    }

    /** RSS on both sides of each allocator's largest step, and each era's at 100, 127/128 and 615/616. */
    private static Table table(StringBufferRules era, List<StrBufWorkload.Row> rss, Settings s,
            Map<String, List<StrBufWorkload.Row>> eras, List<String> params) {
        Table.Builder b = Table.builder("maxrss of Array.new(" + Runs.fmt(s.get(COUNT)) + "){ ... }, KiB")
                .column(Column.text("era"))
                .column(Column.text("allocator"))
                .column(Column.text("workload"))
                .column(Column.number("i_or_c_bytes", 0))
                .column(Column.number("malloc_request_bytes", 0))
                .column(Column.number("malloc_usable_bytes", 0))
                .column(Column.number("rss_kib", 0));
        String eraLabel = era.name().startsWith("ruby-") ? era.name().substring("ruby-".length()) : era.name();
        for (String a : s.get(ALLOCATOR)) {
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
        StringBuilder pub = new StringBuilder("published (" + Source.FEATURE_12025.citation() + ", power-of-two malloc):");
        for (XyLinesChart.Point p : published().get(0).points()) {
            pub.append(String.format(java.util.Locale.ROOT, " i=%.0f %,.0f KiB;", p.x(), p.y()));
        }
        b.footer(pub.toString());
        params.forEach(b::footer);
        return b.build();
    }

    /**
     * str_buf_min.csv's real time per string: BSD time -l's real seconds of the whole {@code ruby bench_mem.rb}
     * process (start-up included) over its 1,000,000 strings, on 2.4-dev with a power-of-two malloc.
     */
    static List<XyLinesChart.Line> publishedTime() {
        return List.of(publishedColumn("real_s", 1e9 / THREAD_COUNT, true, ", real time of the whole process per string"));
    }

    /**
     * One column of str_buf_min.csv against i, as Jeremy Evans measured it: each value times {@code scale},
     * sorted by i when {@code sorted}, the series named by the measurement and {@code suffix}.
     */
    private static XyLinesChart.Line publishedColumn(String column, double scale, boolean sorted, String suffix) {
        ReferenceTable t = ReferenceTable.load("str_buf_min.csv");
        List<XyLinesChart.Point> pts = new ArrayList<>();
        String machine = "";
        for (Map<String, String> r : t.rows()) {
            var i = ReferenceTable.number(r, "i");
            var v = ReferenceTable.number(r, column);
            if (i.isPresent() && v.isPresent()) {
                pts.add(new XyLinesChart.Point(i.get(), v.get() * scale));
                machine = r.get("machine");
            }
        }
        if (sorted) {
            pts.sort(java.util.Comparator.comparingDouble(XyLinesChart.Point::x));
        }
        return new XyLinesChart.Line(Source.FEATURE_12025.measuredBy("Jeremy Evans", machine).label() + suffix, pts);
    }

    /** The power-of-two malloc maxrss the thread measured for i = 127 and i = 128, read from str_buf_min.csv. */
    static String publishedLine() {
        StringBuilder b = new StringBuilder("published (" + Source.FEATURE_12025.citation()
                + ", Ruby 2.4-dev, power-of-two malloc, BSD time -l):");
        String sep = " ";
        List<XyLinesChart.Point> pts = new ArrayList<>(published().get(0).points());
        pts.sort(java.util.Comparator.comparingDouble(XyLinesChart.Point::x));
        for (XyLinesChart.Point p : pts) {
            b.append(sep).append(String.format(Locale.ROOT, "i=%.0f %,.0f KiB", p.x(), p.y()));
            sep = ", ";
        }
        return b.toString();
    }

    /** What {@code slotlab predict str-buf-min} prints: one row per allocator and i with every byte count. */
    @Override
    public List<Table> report(Settings s, boolean md) {
        StringBufferRules rules = ModelInputs.rules(s);
        StrBufWorkload.Workload w = workload(s);
        long count = s.get(COUNT);
        double baselineKib = s.get(BASELINE_KIB);
        List<StrBufWorkload.Row> rows = StrBufWorkload.predict(new StrBufWorkload.Params(rules,
                s.get(ALLOCATOR).stream().map(Allocators::byName).toList(), s.get(SIZES), count, w, baselineKib));
        String sizeHeader = w == StrBufWorkload.Workload.TIMES ? "i_bytes" : "capa_bytes";
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
        Timed timed = timed(s, rules, w, s.get(SIZES), count);
        if (timed != null) {
            b.column(Column.number("gc_count", 0, md)).column(Column.number("minor_gc_count", 0, md))
                    .column(Column.number("major_gc_count", 0, md)).column(Column.number("ns_per_string", md ? 1 : 3))
                    .column(Column.number("loop_ms", md ? 1 : 3, md));
            if (!md) {
                b.column(Column.text("cost_profile")).column(Column.text("ruby"));
            }
        }
        for (StrBufWorkload.Row r : rows) {
            List<Object> cells = new ArrayList<>(List.of(r.allocator(), r.iBytes(), r.slotBytes(), r.embedded() ? "yes" : "no",
                    r.mallocRequestBytes(), r.mallocUsableBytes(), r.mallocFootprintBytes(), r.mallocWasteBytes(), r.slotHeapKib(),
                    r.arrayKib(), r.mallocKib(), r.rssKib(), r.pageFaults()));
            if (timed != null) {
                StrBufTiming.Row t = timed.rows().stream().filter(q -> q.iBytes() == r.iBytes()).findFirst().orElseThrow();
                cells.addAll(List.of(t.gcCount(), t.minorGcs(), t.majorGcs(), t.nsPerString(), t.loopMs()));
                if (!md) {
                    cells.addAll(List.of(timed.profile().name(), timed.profile().machine()));
                }
            }
            b.row(cells);
        }
        if (md) {
            b.footer("lower is better; malloc_*_bytes are per string (0 when the string is embedded in its slot), "
                    + "malloc_waste_total_bytes = (usable - requested) over all strings; rss_kib = baseline + slot pages "
                    + "+ the Array's buffer + the strings' malloc pages, page-granular");
            b.footer(String.format(Locale.ROOT, "parameters: string rules %s (%s), layout %s, %,d strings of %s, "
                            + "interpreter baseline %,.0f KiB, STR_BUF_MIN_SIZE %d, growth %s",
                    rules.name(), rules.description(), rules.layout().name(), count, w.ruby(), baselineKib,
                    rules.strBufMinSize(), rules.growth().formula()));
            if (timed != null) {
                b.footer("lower is better for ns_per_string; gc_count, minor_gc_count and major_gc_count: the loop's GCs in the heap "
                        + "simulation (Array.new's own allocation included)");
                timingLines(timed, rules, w).forEach(b::footer);
            }
            if (w == StrBufWorkload.Workload.TIMES) {
                b.footer(publishedLine());
            }
            b.footer("predicted by Slotlab " + Version.current());
        }
        return List.of(b.build());
    }
}
