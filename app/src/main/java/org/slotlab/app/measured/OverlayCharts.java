package org.slotlab.app.measured;

import java.awt.Color;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.category.DefaultCategoryDataset;
import java.util.Optional;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.scenario.Knobs;
import org.slotlab.app.scenario.ModelContext;
import org.slotlab.app.scenario.ModelInputs;
import org.slotlab.app.scenario.ScenarioRun;
import org.slotlab.charts.ChartNotes;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.charts.SlotlabTheme;

/**
 * Draws measured overlays onto a finished scenario chart, as markers in their own dataset after
 * the model's bars and the thread's published markers (JFreeChart's one-plot, many-datasets
 * pattern that the chart factories use for published numbers). A marker sits at an x the chart
 * already shows (slice length or slot size); the workbench names measured lengths the sweep does
 * not compute ({@code WorkbenchViewModel.lengthsNotSwept}). Each marker's tooltip gives the measured
 * value, the model's value at that x and the error, {@code model / measured - 1}.
 */
public final class OverlayCharts {

    /** Marker colours of measured overlays: Okabe-Ito colours the model's series use least. */
    static final List<Color> MEASURED = List.of(SlotlabTheme.REDDISH_PURPLE, SlotlabTheme.SKY_BLUE, SlotlabTheme.ORANGE,
            SlotlabTheme.BLUISH_GREEN);
    /** Shape index offset, past the published markers' shapes. */
    static final int SHAPE_OFFSET = 3;

    private OverlayCharts() {
    }

    /** The run with every chart redrawn (screen and export) with the overlays that belong on it. */
    public static ScenarioRun apply(ScenarioRun run, List<Overlay> overlays, SlotlabTheme screen) {
        if (overlays.isEmpty()) {
            return run;
        }
        Settings s = run.request().settings();
        Optional<RubyLayout> layout = s.has(Knobs.LAYOUT.name()) ? Optional.of(ModelInputs.layout(s)) : Optional.empty();
        List<ScenarioRun.RenderedChart> charts = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (ScenarioRun.RenderedChart rc : run.charts()) {
            String id = rc.spec().id();
            List<OverlaySeries> mine = new ArrayList<>();
            List<String> left = new ArrayList<>();
            List<String> unknown = new ArrayList<>();
            for (Overlay o : overlays) {
                List<OverlaySeries> on = o.seriesOn(id);
                if (on.isEmpty()) {
                    continue;
                }
                Optional<String> why = layout.flatMap(l -> otherRuby(o, l));
                if (why.isPresent()) {
                    left.add(why.get());
                } else {
                    mine.addAll(on);
                    layout.flatMap(l -> rubyUnknown(o, l)).ifPresent(unknown::add);
                }
            }
            left.stream().filter(n -> !notes.contains(n)).forEach(notes::add);
            unknown.stream().filter(n -> !notes.contains(n)).forEach(notes::add);
            if (mine.isEmpty() && left.isEmpty()) {
                charts.add(rc);
                continue;
            }
            String note = String.join("\n", left);
            String caveat = String.join("\n", unknown);
            Function<SlotlabTheme, JFreeChart> base = rc.factory();
            Function<SlotlabTheme, JFreeChart> factory = t -> cautioned(noted(draw(base.apply(t), mine, t), note, t), caveat, t);
            charts.add(new ScenarioRun.RenderedChart(rc.spec(), cautioned(noted(draw(rc.chart(), mine, screen), note, screen), caveat,
                    screen), factory));
        }
        return run.withCharts(charts, notes);
    }

    /** Key of the note naming the overlays left off a chart. */
    static final String OVERLAY_NOTE = "overlays";
    /** Key of the note naming the overlays drawn although their file does not say which Ruby measured them. */
    static final String UNKNOWN_RUBY_NOTE = "overlays-unknown-ruby";

    private static JFreeChart cautioned(JFreeChart chart, String note, SlotlabTheme theme) {
        return note.isBlank() ? chart : ChartNotes.put(chart, UNKNOWN_RUBY_NOTE, "Drawn unchecked: " + note, theme);
    }

    /**
     * The caveat of an overlay drawn on {@code layout}'s chart although its file does not say which
     * Ruby measured it (a CSV of numbers, a benchmark-ips report without its description): the
     * comparison may be of unlike things, and the chart says so rather than draw it as certain.
     */
    static Optional<String> rubyUnknown(Overlay o, RubyLayout layout) {
        if (o.ruby().isPresent()) {
            return Optional.empty();
        }
        String modelled = ModelContext.rubyVersion(layout).map(v -> " (Ruby " + v + ")").orElse("");
        return Optional.of(o.label() + " does not say which Ruby it was measured on; it is drawn against " + layout.name()
                + modelled + " as if it were that Ruby.");
    }

    private static JFreeChart noted(JFreeChart chart, String note, SlotlabTheme theme) {
        return note.isBlank() ? chart : ChartNotes.put(chart, OVERLAY_NOTE, "Not drawn: " + note, theme);
    }

    /**
     * Why an overlay measured on another Ruby than {@code layout} models is left off: its numbers (a
     * GC count of 470 on 3.1's one 40 B heap against about 15 on 4.1's nine) are not the same thing.
     */
    static Optional<String> otherRuby(Overlay o, RubyLayout layout) {
        Optional<String> measured = o.ruby();
        Optional<String> modelled = ModelContext.rubyVersion(layout);
        if (measured.isEmpty() || modelled.isEmpty() || measured.equals(modelled)) {
            return Optional.empty();
        }
        return Optional.of(o.label() + " was measured on Ruby " + measured.get() + "; this chart models " + layout.name()
                + " (Ruby " + modelled.get() + "). Choose a Ruby " + measured.get() + " layout, or calibrate on that Ruby, to compare.");
    }

    /** Adds one marker dataset per range axis used by {@code series}; returns the chart. */
    public static JFreeChart draw(JFreeChart chart, List<OverlaySeries> series, SlotlabTheme theme) {
        if (!(chart.getPlot() instanceof CategoryPlot plot) || series.isEmpty()) {
            return chart;
        }
        SlotlabTheme t = theme == null ? SlotlabTheme.standard() : theme;
        List<?> categories = plot.getCategories() == null ? List.of() : plot.getCategories();
        LegendItemCollection legend = new LegendItemCollection();
        if (plot.getFixedLegendItems() != null) {
            addAll(legend, plot.getFixedLegendItems());
        }
        int colour = 0;
        for (int axis = 0; axis < Math.max(1, plot.getRangeAxisCount()); axis++) {
            final int a = axis;
            List<OverlaySeries> onAxis = series.stream().filter(s -> s.axis() == a).toList();
            if (onAxis.isEmpty() || plot.getRangeAxis(a) == null) {
                continue;
            }
            DefaultCategoryDataset ds = new DefaultCategoryDataset();
            for (OverlaySeries s : onAxis) {
                for (Object c : categories) {
                    Comparable<?> key = (Comparable<?>) c;
                    ds.addValue(s.points().get(((Number) c).longValue()), s.name(), key);
                }
            }
            int index = nextFreeDataset(plot);
            CategoryDataset model = modelDataset(plot, a);
            LineAndShapeRenderer r = new LineAndShapeRenderer(false, true);
            r.setUseOutlinePaint(true);
            r.setDrawOutlines(true);
            for (int i = 0; i < onAxis.size(); i++) {
                r.setSeriesShape(i, t.markerShape(SHAPE_OFFSET + colour));
                r.setSeriesPaint(i, MEASURED.get(colour % MEASURED.size()));
                r.setSeriesOutlinePaint(i, SlotlabTheme.TEXT);
                r.setSeriesOutlineStroke(i, t.outlineStroke());
                colour++;
            }
            r.setDefaultToolTipGenerator((d, row, col) -> tooltip(d, row, col, model));
            plot.setDataset(index, ds);
            plot.setRenderer(index, r);
            plot.mapDatasetToRangeAxis(index, a);
            addAll(legend, r.getLegendItems());
        }
        if (plot.getFixedLegendItems() != null) {
            plot.setFixedLegendItems(legend);
        }
        return chart;
    }

    /** "measured: f (tool): 12.3 at 100 B; model cutoff:256 11.0 (-10.6%)". */
    static String tooltip(CategoryDataset d, int row, int col, CategoryDataset model) {
        Number v = d.getValue(row, col);
        Comparable<?> x = d.getColumnKey(col);
        StringBuilder sb = new StringBuilder(String.valueOf(d.getRowKey(row))).append(": ")
                .append(num(v == null ? Double.NaN : v.doubleValue())).append(" at ").append(x).append(" B");
        if (model != null && v != null && v.doubleValue() != 0) {
            int mc = model.getColumnIndex(x);
            for (int r = 0; mc >= 0 && r < model.getRowCount(); r++) {
                Number m = model.getValue(r, mc);
                if (m != null) {
                    double err = m.doubleValue() / v.doubleValue() - 1;
                    sb.append("\nmodel ").append(model.getRowKey(r)).append(": ").append(num(m.doubleValue()))
                            .append(String.format(Locale.ROOT, " (error %+.1f%%)", err * 100));
                }
            }
        }
        return sb.toString();
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.1f" : "%.3g", v);
    }

    /** The lowest-index dataset on axis {@code a}: the model's own values. */
    private static CategoryDataset modelDataset(CategoryPlot plot, int a) {
        for (int i = 0; i < plot.getDatasetCount(); i++) {
            if (plot.getDataset(i) != null && axisOf(plot, i) == a) {
                return plot.getDataset(i);
            }
        }
        return null;
    }

    private static int axisOf(CategoryPlot plot, int dataset) {
        var axis = plot.getRangeAxisForDataset(dataset);
        return axis == null ? 0 : plot.getRangeAxisIndex(axis);
    }

    private static int nextFreeDataset(CategoryPlot plot) {
        int i = 0;
        while (plot.getDataset(i) != null) {
            i++;
        }
        return i;
    }

    private static void addAll(LegendItemCollection to, LegendItemCollection from) {
        for (Iterator<?> it = from.iterator(); it.hasNext(); ) {
            to.add((LegendItem) it.next());
        }
    }
}
