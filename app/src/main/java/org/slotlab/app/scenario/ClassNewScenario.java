package org.slotlab.app.scenario;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.slotlab.app.cli.PredictClassNew;
import org.slotlab.app.cli.SlotlabCommand;
import org.slotlab.charts.Provenance;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.charts.XyLinesChart;
import org.slotlab.charts.table.Table;
import org.slotlab.model.classnew.ClassNewCosts;
import org.slotlab.model.classnew.ClassNewModel;
import org.slotlab.model.classnew.ClassNewPrediction;
import org.slotlab.model.classnew.ClassNewSeries;
import org.slotlab.model.classnew.ParamKind;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.reference.ReferenceTable;

/**
 * Scenario S7, Class#new in Ruby 3.5 (seed {@code 002_4f07ce29255794f5.txt}): 3.4's C-implemented
 * rb_class_new_instance_pass_kw needs a cfunc frame and, for keyword arguments, a Hash to pass them
 * on to initialize; 3.5's opt_new instruction allocates the instance and calls initialize
 * directly ({@link ClassNewModel}). Two charts: the speedup (3.4 ns / 3.5 ns) against the number of
 * arguments N, one line per kind x YJIT, with class_new.csv's published speedups; and the objects
 * each Foo.new call allocates on both, with the table's allocs_per_call. Reads the workbench's
 * layout (slot sizes decide how often the allocations trigger GC) and cost profile; kinds, N = 0-8,
 * YJIT off/on and the article's 25,000,000 calls are fixed.
 */
public final class ClassNewScenario implements Scenario {

    public static final String ID = "class-new";
    public static final ChartSpec SPEEDUP = new ChartSpec("class-new-speedup", "Speedup vs N",
            "3.4 ns / 3.5 ns per Foo.new call against the number of arguments; above 1 opt_new is faster");
    public static final ChartSpec OBJECTS = new ChartSpec("class-new-objects", "Objects per call",
            "objects one Foo.new allocates: the instance, plus the keyword Hash on 3.4");
    /** Seed 002, where class_new.csv comes from. */
    static final String SEED = "002";
    /** Numbers of arguments, the CLI's default 0-8 (the article's positional rows cover 0-8). */
    static final int MAX_PARAMS = 8;
    /** YJIT off (interpreter costs) and on (YJIT costs), ClassNewCosts.forJit. */
    static final List<String> JITS = List.of("off", "on");

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
                + "Seed 002: 1.8x-2.3x positional, 3x-6.5x with 3 keywords.";
    }

    @Override
    public Set<ParameterGroup> uses() {
        return EnumSet.of(ParameterGroup.LAYOUT);
    }

    @Override
    public List<ChartSpec> charts() {
        return List.of(SPEEDUP, OBJECTS);
    }

    static List<Integer> params() {
        List<Integer> ns = new ArrayList<>();
        for (int n = 0; n <= MAX_PARAMS; n++) {
            ns.add(n);
        }
        return ns;
    }

    /** Every kind x N x YJIT point on this layout and allocation profile. */
    static List<ClassNewPrediction> predict(RubyLayout layout, CostProfile profile) {
        List<ClassNewPrediction> rows = new ArrayList<>();
        for (String jit : JITS) {
            rows.addAll(ClassNewModel.sweep(layout, profile, ClassNewCosts.forJit(jit), List.of(ParamKind.values()),
                    params(), ClassNewModel.ARTICLE_CALLS));
        }
        return rows;
    }

    @Override
    public ScenarioRun compute(ScenarioRequest request, SlotlabTheme theme, BooleanSupplier cancelled) {
        long t0 = System.nanoTime();
        Parameters p = request.parameters();
        RubyLayout layout = ModelInputs.layout(p);
        CostProfile profile = ModelInputs.profile(p);
        List<ClassNewPrediction> rows = predict(layout, profile);
        StrBufMinScenario.check(cancelled);

        List<XyLinesChart.Line> speed = new ArrayList<>();
        List<XyLinesChart.Line> pubSpeed = new ArrayList<>();
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
            }
        }
        var speedData = new XyLinesChart.Data("Foo.new: 3.5 opt_new vs 3.4 Class#new",
                String.format(Locale.ROOT, "%s, %,d calls, modelled lines; markers: class_new.csv (seed %s)",
                        layout.name(), ClassNewModel.ARTICLE_CALLS, SEED),
                "arguments N", "speedup (3.4 ns / 3.5 ns)", speed, pubSpeed, List.of(), false, false, true, true);

        Map<String, List<XyLinesChart.Point>> objects = new LinkedHashMap<>();
        for (ClassNewPrediction r : rows) {
            if (!r.yjit().equals(JITS.get(0))) {
                continue;
            }
            objects.computeIfAbsent(r.kind().label() + ", 3.4 Class#new", k -> new ArrayList<>())
                    .add(new XyLinesChart.Point(r.params(), r.objectsPerCall34()));
            objects.computeIfAbsent(r.kind().label() + ", 3.5 opt_new", k -> new ArrayList<>())
                    .add(new XyLinesChart.Point(r.params(), r.objectsPerCall35()));
        }
        var objectsData = new XyLinesChart.Data("Objects allocated per Foo.new call",
                "the instance, plus the Hash 3.4 builds to pass keywords to initialize", "arguments N",
                "objects per call", StrBufMinScenario.lines(objects), publishedObjects(), List.of(), false, false, true, true);

        List<String> lines = new ArrayList<>();
        lines.add("scenario: " + ID + " (seed 002, Class#new in Ruby 3.5)");
        lines.add("layout: " + layout.name() + " (slot sizes " + java.util.Arrays.toString(layout.slotSizes()) + " B)");
        lines.add("allocation costs: " + profile.name() + "; call costs: " + ClassNewCosts.forJit("off").name() + ", "
                + ClassNewCosts.forJit("on").name());
        lines.add(String.format(Locale.ROOT, "kinds: positional, keyword; N = 0-%d; YJIT off, on; %,d calls", MAX_PARAMS,
                ClassNewModel.ARTICLE_CALLS));
        lines.add("published: class_new.csv (seed 002)");
        lines.add("version: Slotlab " + SlotlabCommand.version() + " (modelled, not measured)");
        ClassNewPrediction kw3 = rows.stream().filter(r -> r.kind() == ParamKind.KEYWORD && r.params() == 3
                && r.yjit().equals("on")).findFirst().orElseThrow();
        String headline = String.format(Locale.ROOT, "keyword N=3, YJIT on: %.2fx (published %s)", kw3.speedup(),
                kw3.publishedSpeedup().isPresent() ? String.format(Locale.ROOT, "%.1fx", kw3.publishedSpeedup().getAsDouble())
                        : "none");
        Table table = table(rows, lines);
        return new ScenarioRun(request, List.of(
                SubstringCutoffScenario.chart(SPEEDUP, t -> XyLinesChart.create(speedData, t), theme),
                SubstringCutoffScenario.chart(OBJECTS, t -> XyLinesChart.create(objectsData, t), theme)),
                table, lines, headline, System.nanoTime() - t0);
    }

    private static Table table(List<ClassNewPrediction> rows, List<String> params) {
        Table.Builder b = PredictClassNew.readableTable("Foo.new: C Class#new (3.4) vs opt_new (3.5)", rows);
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
                String name = new Provenance("article: " + kind + ", " + v.replace('_', '.'), "", SEED).label();
                List<XyLinesChart.Point> list = pts.computeIfAbsent(name, k -> new ArrayList<>());
                for (int n = from; n <= to; n++) {
                    final int x = n;
                    if (list.stream().noneMatch(q -> q.x() == x)) {
                        list.add(new XyLinesChart.Point(n, allocs.get()));
                    }
                }
            }
        }
        return StrBufMinScenario.lines(pts);
    }
}
