package org.slotlab.app.scenario;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import java.util.function.ToDoubleFunction;
import org.slotlab.app.cli.SlotlabCommand;
import org.slotlab.charts.GcCountChart;
import org.slotlab.charts.LengthPoint;
import org.slotlab.charts.LengthSeries;
import org.slotlab.charts.Provenance;
import org.slotlab.charts.RetainedChart;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.charts.SpeedRatioChart;
import org.slotlab.charts.table.Column;
import org.slotlab.charts.table.ComparisonTable;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.reference.ReferenceTable;
import org.slotlab.model.string.SlicePosition;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.workload.Comparison;
import org.slotlab.model.workload.Experiments;
import org.slotlab.model.workload.Outcome;

/**
 * The #22186 substring scenario (seed {@code 000_30e668f7bc580535.txt}): str_subseq
 * (CRuby string.c:3017-3053) shares a suffix slice with a frozen root on master; the patch
 * embeds it when rb_str_embed_size(len + termlen) <= STR_SUBSEQ_EMBED_MAX_SIZE. Three charts: the
 * speed ratio per length with himura467's and byroot's published points, the GC count per N
 * slices, and the memory R kept slices retain with the worst-case multiplier.
 */
public final class SubstringCutoffScenario implements Scenario {

    public static final String ID = "substring-cutoff";
    public static final ChartSpec SPEED = new ChartSpec("speed-ratio", "Speed ratio per length",
            "baseline ns / candidate ns per slice length; above 1 the candidate is faster");
    public static final ChartSpec GC = new ChartSpec("gc-count", "GC count per N slices",
            "GC runs while N slices are taken, baseline vs candidates");
    public static final ChartSpec RETAINED = new ChartSpec("retained", "Retained memory for R kept slices",
            "MiB the R kept slices hold alive (slots + roots + malloc), with the worst-case multiplier");
    /** Seed 000's thread, where the published points come from. */
    static final String SEED = "000";
    private static final double MIB = 1024.0 * 1024.0;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Substring cutoff (#22186)";
    }

    @Override
    public String summary() {
        return "str_subseq: share a suffix with a frozen root, or embed it when rb_str_embed_size(len + 1) <= cutoff. "
                + "Seed 000: himura467's sweep and byroot's benchmark-ips table.";
    }

    @Override
    public Set<ParameterGroup> uses() {
        return EnumSet.of(ParameterGroup.CUTOFF, ParameterGroup.SOURCE, ParameterGroup.LAYOUT, ParameterGroup.WORKLOAD);
    }

    @Override
    public List<ChartSpec> charts() {
        return List.of(SPEED, GC, RETAINED);
    }

    /** One computed series: who it is and its comparisons (baseline vs that series' candidate). */
    record Sweep(String name, Parameters parameters, String candidateName, String baselineName, List<Comparison> rows) {
    }

    @Override
    public ScenarioRun compute(ScenarioRequest request, SlotlabTheme theme, BooleanSupplier cancelled) {
        long t0 = System.nanoTime();
        Parameters p = request.parameters();
        RubyLayout layout = ModelInputs.layout(p);
        Sweep current = sweep("current", p, cancelled);
        List<Sweep> pins = new ArrayList<>();
        for (Pin pin : request.pins()) {
            pins.add(sweep(pin.name(), pin.parameters(), cancelled));
        }
        long largest = ModelInputs.largestEmbeddedLen(layout, p.cutoff());
        String headline = p.alwaysEmbed() ? "always-embed: up to " + layout.maxEmbeddedLen() + " B embeds"
                : "largest embedded length: " + (largest < 0 ? "none" : largest + " B");
        String subtitle = subtitle(p, layout);

        List<LengthSeries> ratios = new ArrayList<>();
        ratios.add(series(label(current), current.rows(), Comparison::speedRatio));
        for (Sweep s : pins) {
            ratios.add(series(label(s), s.rows(), Comparison::speedRatio));
        }
        OptionalInt marker = p.alwaysEmbed() || largest < 0 ? OptionalInt.empty() : OptionalInt.of((int) largest);
        var speedData = new SpeedRatioChart.Data(
                current.baselineName() + " vs " + current.candidateName() + ": speed ratio per length", subtitle, ratios,
                marker, published(p));

        List<LengthSeries> gcs = new ArrayList<>();
        gcs.add(series(label(current), current.rows(), c -> c.candidate().gcCount()));
        for (Sweep s : pins) {
            gcs.add(series(label(s), s.rows(), c -> c.candidate().gcCount()));
        }
        var gcData = new GcCountChart.Data("GC runs while taking N = " + fmt(p.count()) + " slices",
                layout.name() + ", " + p.source().label() + " " + p.position().label() + ", " + timing(p) + " (modelled)", p.count(), series(current.baselineName(), current.rows(), c -> c.baseline().gcCount()), gcs,
                List.of());

        List<LengthSeries> kept = new ArrayList<>();
        kept.add(series(label(current), current.rows(), c -> c.candidate().retainedBytes() / MIB));
        for (Sweep s : pins) {
            kept.add(series(label(s), s.rows(), c -> c.candidate().retainedBytes() / MIB));
        }
        var retainedData = new RetainedChart.Data("Memory retained by R = " + fmt(p.retain())
                + " kept slices", subtitle, p.retain(),
                series(current.baselineName(), current.rows(), c -> c.baseline().retainedBytes() / MIB), kept);

        List<String> params = parameterLines(request, layout);
        return new ScenarioRun(request, List.of(
                chart(SPEED, t -> SpeedRatioChart.create(speedData, t), theme),
                chart(GC, t -> GcCountChart.create(gcData, t), theme),
                chart(RETAINED, t -> RetainedChart.create(retainedData, t), theme)),
                table(request, current, pins, params), params, headline, System.nanoTime() - t0);
    }

    static ScenarioRun.RenderedChart chart(ChartSpec spec, java.util.function.Function<SlotlabTheme,
            org.jfree.chart.JFreeChart> factory, SlotlabTheme theme) {
        return new ScenarioRun.RenderedChart(spec, factory.apply(theme), factory);
    }

    private static Sweep sweep(String name, Parameters p, BooleanSupplier cancelled) {
        RubyLayout layout = ModelInputs.layout(p);
        CostProfile profile = ModelInputs.profile(p);
        var baseline = p.baseline();
        var candidate = p.candidatePolicy();
        var loop = p.loop();
        List<Comparison> rows = new ArrayList<>(p.lens().size());
        for (long len : p.lens()) {
            if (cancelled.getAsBoolean()) {
                throw new CancellationException("superseded by a newer request");
            }
            rows.addAll(Experiments.subseqSweep(layout, profile, baseline, candidate, loop, List.of(len)));
        }
        return new Sweep(name, p, candidate.name(), baseline.name(), rows);
    }

    private static String label(Sweep s) {
        return s.name().equals("current") ? s.candidateName() : s.name() + " (" + s.candidateName() + ")";
    }

    private static LengthSeries series(String name, List<Comparison> rows, ToDoubleFunction<Comparison> value) {
        List<LengthPoint> pts = new ArrayList<>(rows.size());
        for (Comparison c : rows) {
            pts.add(new LengthPoint((int) c.value(), value.applyAsDouble(c)));
        }
        return new LengthSeries(name, pts);
    }

    static String subtitle(Parameters p, RubyLayout layout) {
        return layout.name() + ", " + p.source().label() + " " + p.position().label() + " source, N = " + fmt(p.count())
                + ", R = " + fmt(p.retain()) + (p.keepWhileTiming() ? ", R kept while timed" : "") + " (modelled)";
    }

    /**
     * How the N slices were timed (Parameters#keepWhileTiming): with nothing kept, as the thread's
     * speed benchmarks ran (seed 000), or keeping R while timed.
     */
    static String timing(Parameters p) {
        return p.keepWhileTiming() ? "R = " + fmt(p.retain()) + " kept while timed" : "nothing kept while timed";
    }

    /**
     * The thread's published speed-ups as overlays: himura467's sweep (subseq_len_sweep.csv, both
     * variants) and byroot's benchmark-ips table (subseq_byroot_ips.csv, factor = branch ips /
     * master ips). They were measured with a frozen suffix source, so they are shown only then.
     */
    static List<LengthSeries> published(Parameters p) {
        if (p.source() != SourceState.FROZEN || p.position() != SlicePosition.SUFFIX) {
            return List.of();
        }
        return Published.SERIES;
    }

    /** The published series, read once: the tables ship with the jar and never change. */
    private static final class Published {
        static final List<LengthSeries> SERIES = List.copyOf(read());
    }

    private static List<LengthSeries> read() {
        ReferenceTable sweep = ReferenceTable.load("subseq_len_sweep.csv");
        List<LengthSeries> out = new ArrayList<>();
        for (String variant : List.of("cutoff-256", "no-cutoff")) {
            List<LengthPoint> pts = new ArrayList<>();
            String machine = "";
            for (Map<String, String> r : sweep.where("variant", variant)) {
                if (!"frozen".equals(r.get("source_state"))) {
                    continue;
                }
                var len = ReferenceTable.number(r, "len_bytes");
                var speedup = ReferenceTable.number(r, "speedup");
                if (len.isPresent() && speedup.isPresent()) {
                    pts.add(new LengthPoint(len.get().intValue(), speedup.get()));
                    machine = r.get("machine");
                }
            }
            out.add(LengthSeries.published(new Provenance("himura467 " + variant, machine, SEED), pts));
        }
        ReferenceTable ips = ReferenceTable.load("subseq_byroot_ips.csv");
        List<LengthPoint> pts = new ArrayList<>();
        String machine = "";
        for (Map<String, String> r : ips.rows()) {
            var len = ReferenceTable.number(r, "len_bytes");
            var master = ReferenceTable.number(r, "master_ips_millions");
            var branch = ReferenceTable.number(r, "branch_ips_millions");
            if (len.isPresent() && master.isPresent() && branch.isPresent()) {
                pts.add(new LengthPoint(len.get().intValue(), branch.get() / master.get()));
                machine = r.get("machine");
            }
        }
        out.add(LengthSeries.published(new Provenance("byroot no-cutoff", machine, SEED), pts));
        return out;
    }

    static List<String> parameterLines(ScenarioRequest request, RubyLayout layout) {
        Parameters p = request.parameters();
        List<String> lines = new ArrayList<>();
        lines.add("scenario: " + ID + " (seed 000, ruby/ruby #22186)");
        lines.add("layout: " + layout.name() + " (slot sizes " + java.util.Arrays.toString(layout.slotSizes()) + " B)");
        lines.add("cost profile: " + ModelInputs.profile(p).name());
        lines.add("baseline: " + p.baseline().name() + ", candidate: " + p.candidatePolicy().name());
        lines.add("source: " + p.source().label() + ", " + p.position().label() + " slices, source length "
                + fmt(p.loop().sourceLen()) + " B");
        lines.add("workload: N = " + fmt(p.count()) + " slices per length, R = " + fmt(p.retain()) + " kept (" + p.keep().label() + "), "
                + (p.keepWhileTiming() ? "R kept while timed" : "timed with nothing kept, R measured apart"));
        lines.add("lengths: " + String.join(",", p.lens().stream().map(String::valueOf).toList()));
        for (Pin pin : request.pins()) {
            Parameters q = pin.parameters();
            lines.add("pin " + pin.name() + ": " + q.layout() + ", " + q.candidatePolicy().name() + " vs "
                    + q.baseline().name() + ", " + q.source().label() + ", N = " + fmt(q.count()) + ", R = " + fmt(q.retain()));
        }
        lines.add("version: Slotlab " + SlotlabCommand.version() + " (modelled, not measured)");
        return lines;
    }

    /** ns per slice against the chosen baseline: the policy baseline or one pin's candidate. */
    private static org.slotlab.charts.table.Table table(ScenarioRequest request, Sweep current, List<Sweep> pins,
            List<String> params) {
        record Col(String name, Map<Long, Double> ns) {}
        List<Col> cols = new ArrayList<>();
        cols.add(new Col(current.baselineName(), nsBy(current.rows(), true)));
        cols.add(new Col(label(current), nsBy(current.rows(), false)));
        for (Sweep s : pins) {
            cols.add(new Col(label(s), nsBy(s.rows(), false)));
        }
        int base = 0;
        for (int i = 0; i < pins.size(); i++) {
            if (pins.get(i).name().equals(request.compareBaseline())) {
                base = i + 2;
            }
        }
        ComparisonTable t = ComparisonTable.builder().title("ns per slice, ratio = " + cols.get(base).name() + " / other")
                .key(Column.number("len_bytes", 0)).values("ns", 2, false).baseline(cols.get(base).name());
        for (int i = 0; i < cols.size(); i++) {
            if (i != base) {
                t.candidate(cols.get(i).name());
            }
        }
        for (Comparison c : current.rows()) {
            double b = cols.get(base).ns().getOrDefault(c.value(), Double.NaN);
            double[] others = new double[cols.size() - 1];
            int k = 0;
            for (int i = 0; i < cols.size(); i++) {
                if (i != base) {
                    others[k++] = cols.get(i).ns().getOrDefault(c.value(), Double.NaN);
                }
            }
            t.row(c.value(), b, others);
        }
        for (String line : params) {
            int colon = line.indexOf(": ");
            if (colon > 0) {
                t.parameter(line.substring(0, colon), line.substring(colon + 2));
            } else {
                t.parameter("run", line);
            }
        }
        return t.build();
    }

    private static Map<Long, Double> nsBy(List<Comparison> rows, boolean baseline) {
        Map<Long, Double> m = new java.util.LinkedHashMap<>();
        for (Comparison c : rows) {
            Outcome o = baseline ? c.baseline() : c.candidate();
            m.put(c.value(), o.nsPerOp());
        }
        return m;
    }

    static String fmt(long v) {
        return String.format(Locale.ROOT, "%,d", v);
    }
}
