package org.slotlab.charts;

import java.awt.Color;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.SortedSet;
import java.util.TreeSet;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.labels.ItemLabelAnchor;
import org.jfree.chart.labels.ItemLabelPosition;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.labels.StandardCategoryToolTipGenerator;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * Shared plumbing of the Slotlab chart factories: category datasets keyed by substring length,
 * the overlay renderer for published points, axes and titles. Follows the
 * {@code createDataset()} then {@code createChart(dataset)} shape of JFreeChart's own demos
 * ({@code jfree/jfreechart-demos} on GitHub).
 */
final class ChartSupport {

    /** Shown in the plot while there is nothing to draw (e.g. before the first recompute). */
    static final String NO_DATA = "no data yet";

    private ChartSupport() {
    }

    /** Every length that occurs in any of the series, ascending: the shared x categories. */
    static SortedSet<Integer> lengths(Collection<List<LengthSeries>> groups) {
        SortedSet<Integer> lengths = new TreeSet<>();
        for (List<LengthSeries> group : groups) {
            for (LengthSeries s : group) {
                s.points().forEach(p -> lengths.add(p.lenBytes()));
            }
        }
        return lengths;
    }

    /** One row per series, one column per length (all lengths, null where a series has no point). */
    static DefaultCategoryDataset byLength(List<LengthSeries> series, SortedSet<Integer> lengths) {
        DefaultCategoryDataset dataset = new DefaultCategoryDataset();
        for (LengthSeries s : series) {
            for (Integer len : lengths) {
                dataset.addValue(null, s.name(), len);
            }
            for (LengthPoint p : s.points()) {
                dataset.setValue(p.value(), s.name(), Integer.valueOf(p.lenBytes()));
            }
        }
        return dataset;
    }

    /** A tooltip "{series} at {x}{xUnit}: {value}{valueUnit}" with a ROOT-locale number pattern. */
    static StandardCategoryToolTipGenerator tooltip(String xUnit, String valueUnit, String pattern) {
        return new StandardCategoryToolTipGenerator("{0} at {1}" + xUnit + ": {2}" + valueUnit, decimals(pattern));
    }

    /** Markers only, one distinct shape and colour per published source, outlined in white. */
    static LineAndShapeRenderer overlayRenderer(SlotlabTheme theme, int seriesCount, int shapeOffset) {
        LineAndShapeRenderer renderer = new LineAndShapeRenderer(false, true);
        renderer.setDefaultToolTipGenerator(new StandardCategoryToolTipGenerator("{0} at {1}: {2} (published)",
                decimals("#,##0.###")));
        renderer.setUseOutlinePaint(true);
        renderer.setDrawOutlines(true);
        renderer.setUseFillPaint(false);
        for (int i = 0; i < seriesCount; i++) {
            renderer.setSeriesShape(i, theme.markerShape(i + shapeOffset));
            renderer.setSeriesPaint(i, theme.publishedColor(i));
            renderer.setSeriesOutlinePaint(i, Color.WHITE);
            renderer.setSeriesOutlineStroke(i, theme.outlineStroke());
        }
        return renderer;
    }

    /** Baseline first (grey), then each candidate in its series colour; value labels where they fit. */
    static BarRenderer groupedBars(int candidateCount, SlotlabTheme theme, String labelPattern) {
        BarRenderer bars = new LabelledBarRenderer();
        bars.setItemMargin(0.04);
        bars.setMaximumBarWidth(0.08);
        bars.setDefaultLegendShape(theme.legendSwatch());
        bars.setSeriesPaint(0, SlotlabTheme.BASELINE);
        for (int i = 0; i < candidateCount; i++) {
            bars.setSeriesPaint(i + 1, theme.seriesColor(i));
        }
        bars.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator("{2}", decimals(labelPattern)));
        bars.setDefaultItemLabelsVisible(true);
        bars.setDefaultPositiveItemLabelPosition(above());
        return bars;
    }

    /** Legend items of every renderer of the plot, bars first, overlays after. */
    static LegendItemCollection legendOf(CategoryPlot plot) {
        LegendItemCollection legend = new LegendItemCollection();
        for (int i = 0; i < plot.getRendererCount(); i++) {
            if (plot.getRenderer(i) != null) {
                legend.addAll(plot.getRenderer(i).getLegendItems());
            }
        }
        return legend;
    }

    /** Legend labels in drawing order (for tests and the app's status line). */
    static List<String> legendLabels(CategoryPlot plot) {
        List<String> labels = new java.util.ArrayList<>();
        LegendItemCollection items = plot.getLegendItems();
        for (int i = 0; i < items.getItemCount(); i++) {
            labels.add(items.get(i).getLabel());
        }
        return labels;
    }

    static CategoryAxis lengthAxis(String label) {
        CategoryAxis axis = new CategoryAxis(label);
        axis.setMaximumCategoryLabelLines(2);
        return axis;
    }

    static HonestAxis valueAxis(String label, boolean includesZero) {
        HonestAxis axis = new HonestAxis(label);
        axis.setAutoRangeIncludesZero(includesZero);
        axis.setUpperMargin(0.12);
        return axis;
    }

    /** Label above a bar whatever its sign. */
    static ItemLabelPosition above() {
        return new ItemLabelPosition(ItemLabelAnchor.OUTSIDE12, TextAnchor.BOTTOM_CENTER);
    }

    /** Label below a bar that hangs down from its base. */
    static ItemLabelPosition below() {
        return new ItemLabelPosition(ItemLabelAnchor.OUTSIDE6, TextAnchor.TOP_CENTER);
    }

    static JFreeChart chart(String title, String subtitle, CategoryPlot plot, SlotlabTheme theme,
                            LegendItemCollection legend) {
        if (legend != null) {
            plot.setFixedLegendItems(legend);
        }
        plot.setNoDataMessage(NO_DATA);
        JFreeChart chart = new JFreeChart(title == null || title.isBlank() ? null : title,
                theme.titleFont(), plot, true);
        if (subtitle != null && !subtitle.isBlank()) {
            chart.addSubtitle(0, new TextTitle(subtitle));
        }
        theme.apply(chart);
        return chart;
    }

    /** A count for an axis label: 10,000,000 becomes {@code 10M}, 200,000 becomes {@code 200k}. */
    static String count(long n) {
        if (n >= 1_000_000 && n % 100_000 == 0) {
            return trim(n / 1_000_000.0) + "M";
        }
        if (n >= 1_000 && n % 100 == 0) {
            return trim(n / 1_000.0) + "k";
        }
        return String.format(Locale.ROOT, "%,d", n);
    }

    private static String trim(double v) {
        return new DecimalFormat("0.#", DecimalFormatSymbols.getInstance(Locale.ROOT)).format(v);
    }

    /** A ROOT-locale decimal format, so exports do not change with the machine's language. */
    static DecimalFormat decimals(String pattern) {
        return new DecimalFormat(pattern, DecimalFormatSymbols.getInstance(Locale.ROOT));
    }

    /** Bars of counts and sizes cannot go below zero. */
    static void requireNonNegative(LengthSeries baseline, List<LengthSeries> candidates, String what) {
        List<LengthSeries> all = new java.util.ArrayList<>(candidates);
        all.add(0, baseline);
        for (LengthSeries s : all) {
            for (LengthPoint p : s.points()) {
                if (p.value() < 0) {
                    throw new IllegalArgumentException(what + " of '" + s.name() + "' at len " + p.lenBytes()
                            + " B must be >= 0 but was " + p.value());
                }
            }
        }
    }

    static String requireText(String value, String what) {
        if (value == null) {
            throw new IllegalArgumentException(what + " must not be null");
        }
        return value;
    }
}
