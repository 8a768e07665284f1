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
import org.jfree.chart.JFreeChart;
import org.slotlab.charts.Regions;
import org.slotlab.charts.XyLinesChart;
import org.slotlab.charts.table.Column;
import org.slotlab.charts.table.Table;
import org.slotlab.model.classnew.ClassNewCosts;
import org.slotlab.model.classnew.ClassNewModel;
import org.slotlab.model.classnew.ClassNewPrediction;
import org.slotlab.model.classnew.ClassNewSeries;
import org.slotlab.model.classnew.ParamKind;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.reference.ReferenceTable;
import org.slotlab.model.reference.Source;

/**
 * Class#new in Ruby 3.5, after Aaron Patterson's "Fast Allocations in Ruby 3.5"
 * (https://railsatscale.com/2025-05-21-fast-allocations-in-ruby-3-5): 3.4's C-implemented
 * rb_class_new_instance_pass_kw needs a cfunc frame and, for keyword arguments, a Hash to pass them
 * on to initialize; 3.5's opt_new instruction allocates the instance and calls initialize
 * directly ({@link ClassNewModel}). Two charts: the speedup (3.4 ns / 3.5 ns) against the number of
 * arguments N, one line per kind x YJIT, with class_new.csv's published speedups; and the objects
 * each Foo.new call allocates on both, with the table's allocs_per_call. Its knobs: the layout
 * (slot sizes decide how often the allocations trigger GC), the cost profile, the parameter kinds,
 * N, YJIT off/on and the calls (the article's 25,000,000 by default).
 */
public final class ClassNewScenario implements Scenario {

    public static final String ID = "class-new";
    public static final ChartSpec SPEEDUP = new ChartSpec("class-new-speedup", "Speedup vs N",
            "3.4 ns / 3.5 ns per Foo.new call against the number of arguments; above 1 opt_new is faster");
    public static final ChartSpec OBJECTS = new ChartSpec("class-new-objects", "Objects per call",
            "objects one Foo.new allocates: the instance, plus the keyword Hash on 3.4");
    /** Numbers of arguments by default: the article's positional rows cover 0-8. */
    static final int MAX_PARAMS = 8;
    /** Most arguments one call may pass here. */
    static final int MAX_ARGUMENTS = 1000;
    /** YJIT off (interpreter costs) and on (YJIT costs), ClassNewCosts.forJit. */
    static final List<String> JITS = List.of("off", "on");
    private static final String SECTION = "Workload (Foo.new)";

    public static final Knob<LayoutChoice> LAYOUT = Knobs.LAYOUT.withDefault(LayoutChoice.preset("ruby-3.4"));
    public static final Knob<String> PROFILE = Knobs.COST_PROFILE;
    public static final Knob<List<String>> KINDS = Knob.of("kind", "parameter kinds", Types.someOf("parameter kind",
                    List.of("positional", "keyword"), x -> { }), List.of("positional", "keyword"))
            .section(SECTION)
            .describe("positional: Foo.new(1, 2, ...); keyword: Foo.new(a0: 0, ...), for which 3.4's C Class#new builds a "
                    + "Hash to pass the keywords on to initialize.");
    public static final Knob<List<Long>> PARAMS = Knob.of("params", "arguments N", Types.wholeNumbers(MAX_ARGUMENTS + 1),
                    Types.parseLongs("0-" + MAX_PARAMS))
            .section(SECTION)
            .rule(v -> v.stream().anyMatch(n -> n > MAX_ARGUMENTS)
                    ? java.util.Optional.of("at most " + MAX_ARGUMENTS + " arguments, got " + v.stream().mapToLong(Long::longValue).max().getAsLong())
                    : java.util.Optional.empty())
            .describe("Numbers of arguments passed to initialize: a list or a range like 0-8.");
    public static final Knob<List<String>> YJIT = Knob.of("yjit", "YJIT", Types.someOf("YJIT mode", JITS, j -> {
                if (!JITS.contains(j)) {
                    throw new IllegalArgumentException("'" + j + "' is not off or on");
                }
            }), JITS)
            .section(SECTION).describe("off (interpreter costs), on (YJIT costs), or both.");
    public static final Knob<Long> CALLS = Knob.of("calls", "calls", Types.longs(1, 100_000_000_000L), ClassNewModel.ARTICLE_CALLS)
            .section(SECTION).describe("Foo.new calls; the article's benchmark makes 5 x 5,000,000.");

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Class#new (Ruby 3.5 opt_new)";
    }

    @Override
    public String summary() {
        return "Foo.new(...): 3.4's C Class#new vs 3.5's opt_new; keyword arguments cost 3.4 a Hash per call. "
                + "Published: 1.8x-2.3x positional, 3x-6.5x with 3 keywords.";
    }

    @Override
    public Source source() {
        return Source.FAST_ALLOCATIONS_RUBY_35;
    }

    @Override
    public List<Knob<?>> knobs() {
        return List.of(LAYOUT, PROFILE, KINDS, PARAMS, YJIT, CALLS);
    }

    @Override
    public String status(Settings s) {
        return Runs.layoutStatus(s);
    }

    @Override
    public List<ChartSpec> charts() {
        return List.of(SPEEDUP, OBJECTS);
    }

    /** Every kind x N x YJIT point of the thread's setting on this layout and allocation profile. */
    static List<ClassNewPrediction> predict(RubyLayout layout, CostProfile profile) {
        Settings d = new ClassNewScenario().defaults();
        return predict(layout, profile, d);
    }

    /** Every kind x N x YJIT point of the settings. */
    static List<ClassNewPrediction> predict(RubyLayout layout, CostProfile profile, Settings s) {
        List<ParamKind> kinds = s.get(KINDS).stream().map(k -> ParamKind.parse("kind", k)).toList();
        List<Integer> ns = s.get(PARAMS).stream().map(Long::intValue).toList();
        List<ClassNewPrediction> rows = new ArrayList<>();
        for (String jit : s.get(YJIT)) {
            rows.addAll(ClassNewModel.sweep(layout, profile, ClassNewCosts.forJit(jit), kinds, ns, s.get(CALLS)));
        }
        return rows;
    }

    @Override
    public ScenarioRun compute(ScenarioRequest request, SlotlabTheme theme, BooleanSupplier cancelled) {
        long t0 = System.nanoTime();
        Settings p = request.settings();
        RubyLayout layout = ModelInputs.layout(p);
        CostProfile profile = ModelInputs.profile(p);
        List<ClassNewPrediction> rows = predict(layout, profile, p);
        Runs.check(cancelled);

        List<XyLinesChart.Line> speed = new ArrayList<>();
        List<XyLinesChart.Line> pubSpeed = new ArrayList<>();
        // per last published N, the lines the model carries beyond it: drawn there as extrapolated
        Map<Integer, List<String>> beyond = new java.util.TreeMap<>();
        Map<String, Integer> firstPublished = new LinkedHashMap<>();
        for (ClassNewSeries.Series s : ClassNewSeries.speedupVsParams(rows)) {
            List<XyLinesChart.Point> model = new ArrayList<>();
            List<XyLinesChart.Point> pub = new ArrayList<>();
            for (int i = 0; i < s.params().size(); i++) {
                model.add(new XyLinesChart.Point(s.params().get(i), s.speedup().get(i)));
                if (!Double.isNaN(s.published().get(i))) {
                    pub.add(new XyLinesChart.Point(s.params().get(i), s.published().get(i)));
                }
            }
            speed.add(new XyLinesChart.Line(s.name(), model));
            if (!pub.isEmpty()) {
                pubSpeed.add(new XyLinesChart.Line("article: " + s.name(), pub));
                int lastPublished = (int) pub.get(pub.size() - 1).x();
                firstPublished.put(s.name(), (int) pub.get(0).x());
                if (model.get(model.size() - 1).x() > lastPublished) {
                    beyond.computeIfAbsent(lastPublished, k -> new ArrayList<>()).add(s.name());
                }
            }
        }
        var speedData = new XyLinesChart.Data("Foo.new: 3.5 opt_new vs 3.4 Class#new",
                String.format(Locale.ROOT, "%s, %,d calls, modelled lines; markers: %s",
                        layout.name(), p.get(CALLS), Source.FAST_ALLOCATIONS_RUBY_35.title()),
                "arguments N", "speedup (3.4 ns / 3.5 ns)", speed, pubSpeed, List.of(), false, false, true, true);

        Map<String, List<XyLinesChart.Point>> objects = new LinkedHashMap<>();
        for (ClassNewPrediction r : rows) {
            if (!r.yjit().equals(p.get(YJIT).get(0))) {
                continue;
            }
            objects.computeIfAbsent(r.kind().label() + ", 3.4 Class#new", k -> new ArrayList<>())
                    .add(new XyLinesChart.Point(r.params(), r.objectsPerCall34()));
            objects.computeIfAbsent(r.kind().label() + ", 3.5 opt_new", k -> new ArrayList<>())
                    .add(new XyLinesChart.Point(r.params(), r.objectsPerCall35()));
        }
        var objectsData = new XyLinesChart.Data("Objects allocated per Foo.new call",
                "the instance, plus the Hash 3.4 builds to pass keywords to initialize", "arguments N",
                "objects per call", Runs.lines(objects), publishedObjects(), List.of(), false, false, true, true);

        List<String> lines = new ArrayList<>();
        lines.add(Runs.scenarioLine(ID, Source.FAST_ALLOCATIONS_RUBY_35));
        lines.add(Runs.layoutLine(layout));
        lines.add("allocation costs: " + profile.name() + "; call costs: " + ClassNewCosts.forJit("off").name() + ", "
                + ClassNewCosts.forJit("on").name());
        lines.add(String.format(Locale.ROOT, "kinds: %s; N = %s; YJIT %s; %,d calls", String.join(", ", p.get(KINDS)),
                PARAMS.format(p.get(PARAMS)), String.join(", ", p.get(YJIT)), p.get(CALLS)));
        lines.add("published: " + Source.FAST_ALLOCATIONS_RUBY_35.citation());
        lines.add("version: " + Version.modelledBy());
        ClassNewPrediction kw3 = rows.stream().filter(r -> r.kind() == ParamKind.KEYWORD && r.params() == 3
                && r.yjit().equals("on")).findFirst().orElse(rows.get(rows.size() - 1));
        String headline = String.format(Locale.ROOT, "%s N=%d, YJIT %s: %.2fx (published %s)", kw3.kind().label(),
                kw3.params(), kw3.yjit(), kw3.speedup(), kw3.publishedSpeedup().isPresent()
                        ? String.format(Locale.ROOT, "%.1fx", kw3.publishedSpeedup().getAsDouble()) : "none");
        Table table = table(rows, lines);
        String why = ClassNewGcNote.explain(layout, rows, p.get(YJIT).get(0));
        return new ScenarioRun(request, List.of(
                Runs.chart(SPEEDUP, t -> extrapolated(XyLinesChart.createRatio(speedData, t), beyond, firstPublished, t), theme),
                Runs.chart(OBJECTS, t -> Runs.explained(XyLinesChart.create(objectsData, t), why, t), theme)),
                table, lines, headline, System.nanoTime() - t0, List.of(), why.isEmpty() ? List.of() : List.of(why));
    }

    /** Marks, for each last published N, the lines the model carries past it as extrapolated. */
    static JFreeChart extrapolated(JFreeChart chart, Map<Integer, List<String>> beyond, Map<String, Integer> firstPublished,
            SlotlabTheme theme) {
        beyond.forEach((n, names) -> Regions.extrapolatedAbove(chart, n, bandLabel(n, names, firstPublished), theme));
        return chart;
    }

    /**
     * "the keyword lines (YJIT off and on) beyond N = 3 are extrapolated (Fast Allocations in Ruby 3.5
     * measured them at N = 3 only)": the lines named once per kind, with their YJIT modes, and what
     * the article measured of them.
     */
    static String bandLabel(int lastPublished, List<String> names, Map<String, Integer> firstPublished) {
        Map<String, List<String>> jits = new LinkedHashMap<>();
        int first = lastPublished;
        for (String name : names) {
            int comma = name.indexOf(", YJIT ");
            String kind = comma < 0 ? name : name.substring(0, comma);
            jits.computeIfAbsent(kind, k -> new ArrayList<>()).add(comma < 0 ? "" : name.substring(comma + ", YJIT ".length()));
            first = Math.min(first, firstPublished.getOrDefault(name, lastPublished));
        }
        List<String> parts = new ArrayList<>();
        jits.forEach((kind, modes) -> parts.add(modes.contains("") ? kind : kind + " (YJIT " + String.join(" and ", modes) + ")"));
        return "the " + String.join(" and ", parts) + " line" + (names.size() == 1 ? "" : "s") + " beyond N = " + lastPublished
                + (names.size() == 1 ? " is" : " are") + " extrapolated (" + Source.FAST_ALLOCATIONS_RUBY_35.title()
                + " measured " + (names.size() == 1 ? "it" : "them") + " " + (first == lastPublished ? "at N = " + first + " only"
                        : "from N = " + first + " to " + lastPublished) + ")";
    }

    private static Table table(List<ClassNewPrediction> rows, List<String> params) {
        Table.Builder b = readableTable("Foo.new: C Class#new (3.4) vs opt_new (3.5)", rows);
        params.forEach(b::footer);
        return b.build();
    }

    /** class_new.csv's allocs_per_call columns, one point per N its params range covers. */
    static List<XyLinesChart.Line> publishedObjects() {
        Map<String, List<XyLinesChart.Point>> pts = new LinkedHashMap<>();
        for (Map<String, String> r : ReferenceTable.load("class_new.csv").rows()) {
            String kind = r.get("param_kind");
            String range = r.get("params").trim();
            int dash = range.indexOf('-');
            int from = Integer.parseInt(dash < 0 ? range : range.substring(0, dash).trim());
            int to = dash < 0 ? from : Integer.parseInt(range.substring(dash + 1).trim());
            for (String v : List.of("3_4", "3_5")) {
                var allocs = ReferenceTable.number(r, "allocs_per_call_" + v);
                if (allocs.isEmpty()) {
                    continue;
                }
                String name = Source.FAST_ALLOCATIONS_RUBY_35.measuredBy("article: " + kind + ", " + v.replace('_', '.'), "")
                        .label();
                List<XyLinesChart.Point> list = pts.computeIfAbsent(name, k -> new ArrayList<>());
                for (int n = from; n <= to; n++) {
                    final int x = n;
                    if (list.stream().noneMatch(q -> q.x() == x)) {
                        list.add(new XyLinesChart.Point(n, allocs.get()));
                    }
                }
            }
        }
        return Runs.lines(pts);
    }

    /** The article's speedup ratio, as the legend under every table states it. */
    public static final String LEGEND = "speedup = 3.4 ns / 3.5 ns: above 1 = opt_new is faster (the article's ratio)";

    /** What {@code slotlab predict class-new} prints: every kind x N x YJIT point. */
    @Override
    public List<Table> report(Settings s, boolean md) {
        RubyLayout layout = ModelInputs.layout(s);
        CostProfile profile = ModelInputs.profile(s);
        List<ClassNewPrediction> rows = predict(layout, profile, s);
        List<ClassNewCosts> costs = s.get(YJIT).stream().map(ClassNewCosts::forJit).toList();
        return List.of(md ? markdown(rows, layout, profile, costs, s.get(CALLS), ClassNewGcNote.explain(layout, rows, s.get(YJIT).get(0)))
                : csv(rows));
    }

    static Table csv(List<ClassNewPrediction> rows) {
        Table.Builder b = Table.builder("")
                .column(Column.text("param_kind"))
                .column(Column.number("params", 0))
                .column(Column.text("yjit"))
                .column(Column.number("objects_per_call_3_4", 0))
                .column(Column.number("objects_per_call_3_5", 0))
                .column(Column.number("gc_count_3_4", 0))
                .column(Column.number("gc_count_3_5", 0))
                .column(Column.number("ns_per_call_3_4", 3))
                .column(Column.number("ns_per_call_3_5", 3))
                .column(Column.number("speedup", 3))
                .column(Column.text("published_speedup"));
        for (ClassNewPrediction p : rows) {
            b.row(p.kind().label(), p.params(), p.yjit(), p.objectsPerCall34(), p.objectsPerCall35(), p.gcCount34(),
                    p.gcCount35(), p.nsPerCall34(), p.nsPerCall35(), p.speedup(),
                    p.publishedSpeedup().isPresent() ? String.format(Locale.ROOT, "%.1f", p.publishedSpeedup().getAsDouble()) : "");
        }
        return b.build();
    }

    static Table markdown(List<ClassNewPrediction> rows, RubyLayout layout, CostProfile profile, List<ClassNewCosts> costs,
            long calls, String why) {
        Table.Builder b = readableTable("Foo.new: C Class#new (3.4) vs opt_new (3.5), " + layout.name(), rows);
        b.footer("published: " + Source.FAST_ALLOCATIONS_RUBY_35.citation() + " (positional rows cover N = 0-8, keyword only N = 3)");
        StringBuilder names = new StringBuilder();
        for (ClassNewCosts c : costs) {
            names.append(names.length() == 0 ? "" : ", ").append(c.name());
        }
        b.footer(String.format(Locale.ROOT, "parameters: layout %s, %,d calls, allocation costs %s, call costs %s", layout.name(),
                calls, profile.name(), names));
        if (!why.isEmpty()) {
            b.footer("GC counts: " + why);
        }
        b.footer("predicted by Slotlab " + Version.current());
        return b.build();
    }

    /**
     * The human-readable table of {@code rows} (kind, N, YJIT, objects and GCs per version, ns per
     * call, speedup, the article's speedup) with the {@link #LEGEND} footer: the Markdown of
     * {@code predict class-new} and the workbench's Class#new scenario table; callers add their
     * own parameter footers.
     */
    static Table.Builder readableTable(String title, List<ClassNewPrediction> rows) {
        Table.Builder b = Table.builder(title)
                .column(Column.text("kind"))
                .column(Column.number("N", 0))
                .column(Column.text("YJIT"))
                .column(Column.number("objects 3.4", 0))
                .column(Column.number("objects 3.5", 0))
                .column(Column.number("GCs 3.4", 0, true))
                .column(Column.number("GCs 3.5", 0, true))
                .column(Column.number("3.4 (ns)", 1))
                .column(Column.number("3.5 (ns)", 1))
                .column(Column.ratio("speedup", 2))
                .column(Column.text("published"));
        for (ClassNewPrediction p : rows) {
            b.row(p.kind().label(), p.params(), p.yjit(), p.objectsPerCall34(), p.objectsPerCall35(), p.gcCount34(), p.gcCount35(),
                    p.nsPerCall34(), p.nsPerCall35(), p.speedup(),
                    p.publishedSpeedup().isPresent() ? String.format(Locale.ROOT, "%.1fx", p.publishedSpeedup().getAsDouble()) : "");
        }
        b.footer(LEGEND);
        return b;
    }
}
