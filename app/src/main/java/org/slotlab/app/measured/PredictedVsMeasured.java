package org.slotlab.app.measured;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.category.DefaultCategoryDataset;
import org.slotlab.app.scenario.ModelInputs;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.scenario.SubstringCutoffScenario;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.model.calibrate.SubseqMeasurement;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SlicePosition;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.string.SubseqPolicy;
import org.slotlab.model.workload.Experiments;
import org.slotlab.model.workload.KeepMode;
import org.slotlab.model.workload.SliceLoop;

/**
 * Predicted vs measured: every measured ns-per-op series ({@link OverlaySeries#NS_PER_OP})
 * beside the model's ns per slice for the baseline policy (master: the only policy an unpatched
 * Ruby runs) on the current layout and cost profile, at exactly the measured lengths, with the
 * error per point, {@code model / measured - 1}. The model runs the suffix loop of Feature #22186 as
 * {@code slotlab measure} does ({@link SliceLoop}, nothing kept, the current source length and N);
 * the source state is the one the measurement names ({@link SubseqMeasurement#benchmark}), else the
 * current one.
 */
public final class PredictedVsMeasured {

    /** One measured length. */
    public record Row(String series, long len, double measuredNs, double modelNs) {
        /** model / measured - 1; NaN when nothing was measured. */
        public double error() {
            return measuredNs > 0 ? modelNs / measuredNs - 1 : Double.NaN;
        }
    }

    private PredictedVsMeasured() {
    }

    /** Rows for every ns-per-op series of {@code overlays}, modelled with {@code p}. */
    public static List<Row> rows(List<Overlay> overlays, Settings p) {
        SourceState current = SourceState.parse(p.get(SubstringCutoffScenario.SOURCE));
        long sourceLen = p.get(SubstringCutoffScenario.SOURCE_LEN);
        long count = p.get(SubstringCutoffScenario.COUNT);
        RubyLayout layout = ModelInputs.layout(p);
        CostProfile profile = ModelInputs.profile(p);
        SubseqPolicy policy = SubseqPolicies.parse(p.get(SubstringCutoffScenario.BASELINE));
        List<Row> out = new ArrayList<>();
        for (Overlay o : overlays) {
            SourceState source = sourceOf(o).orElse(current);
            for (OverlaySeries s : o.seriesOn(OverlaySeries.NS_PER_OP)) {
                for (Map.Entry<Long, Double> e : s.points().entrySet()) {
                    long len = e.getKey();
                    SliceLoop loop = new SliceLoop(len, Math.max(sourceLen, len), source, SlicePosition.SUFFIX, count, 0,
                            KeepMode.FIRST);
                    double model = Experiments.slice(layout, profile, policy, loop).nsPerOp();
                    out.add(new Row(s.name(), len, e.getValue(), model));
                }
            }
        }
        return out;
    }

    /** The source state a {@code slotlab measure} set names in its benchmarks, if it is one. */
    static java.util.Optional<SourceState> sourceOf(Overlay o) {
        if (!SubseqMeasurement.TOOL.equals(o.set().tool())) {
            return java.util.Optional.empty();
        }
        for (String b : o.set().benchmarks()) {
            if (b.startsWith("subseq_unfrozen_unshared_")) {
                return java.util.Optional.of(SourceState.UNFROZEN_UNSHARED);
            }
            if (b.startsWith("subseq_frozen_")) {
                return java.util.Optional.of(SourceState.FROZEN);
            }
        }
        return java.util.Optional.empty();
    }

    /** The chart: the model's line per series' lengths and the measured markers, errors in the tooltips. */
    public static JFreeChart chart(List<Overlay> overlays, Settings p, List<Row> rows, SlotlabTheme theme) {
        SortedSet<Long> lens = new TreeSet<>();
        rows.forEach(r -> lens.add(r.len()));
        DefaultCategoryDataset model = new DefaultCategoryDataset();
        String modelName = "model: " + SubseqPolicies.parse(p.get(SubstringCutoffScenario.BASELINE)).name() + " on "
                + ModelInputs.layout(p).name();
        for (Long len : lens) {
            model.addValue(null, modelName, len);
        }
        rows.forEach(r -> model.setValue(r.modelNs(), modelName, Long.valueOf(r.len())));
        LineAndShapeRenderer line = new LineAndShapeRenderer(true, true);
        line.setSeriesPaint(0, SlotlabTheme.BLUE);
        line.setSeriesStroke(0, theme.lineStroke());
        line.setSeriesShape(0, theme.markerShape(0));
        NumberAxis y = new NumberAxis("ns per slice");
        y.setAutoRangeIncludesZero(true);
        y.setUpperMargin(0.12);
        CategoryPlot plot = new CategoryPlot(model, new CategoryAxis("slice length, bytes"), y, line);
        LegendItemCollection legend = new LegendItemCollection();
        legend.addAll(line.getLegendItems());
        plot.setFixedLegendItems(legend);
        plot.setNoDataMessage("No measured ns per op yet: Tools > Measure on this Ruby, or import results");
        JFreeChart chart = new JFreeChart("Predicted vs measured: ns per slice", theme.titleFont(), plot, true);
        chart.addSubtitle(0, new TextTitle(ModelInputs.profile(p).name() + ", " + p.get(SubstringCutoffScenario.SOURCE)
                + " suffix source of " + String.format(java.util.Locale.ROOT, "%,d B, N = %,d",
                        p.get(SubstringCutoffScenario.SOURCE_LEN), p.get(SubstringCutoffScenario.COUNT))
                + ", nothing kept (model) vs measured"));
        theme.apply(chart);
        List<OverlaySeries> measured = overlays.stream().flatMap(o -> o.seriesOn(OverlaySeries.NS_PER_OP).stream()).toList();
        return OverlayCharts.draw(chart, measured, theme);
    }
}
