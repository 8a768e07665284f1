package org.slotlab.charts;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedSet;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * The GC-count chart: how many times GC runs while N substrings are made, per substring length,
 * baseline vs candidates as grouped bars. Larger slots mean fewer slots per page and more GC
 * runs, byroot's point in Feature #22186 (https://bugs.ruby-lang.org/issues/22186) ("larger pools have
 * proportionately less slots, hence end up triggering GC more often"; measured with
 * {@code GC.count} deltas, {@code sample-data/reference/slot_alloc_gc.csv}).
 */
public final class GcCountChart {

    /** X axis label. */
    public static final String X_LABEL = "substring length (bytes)";

    private GcCountChart() {
    }

    /**
     * What the chart shows.
     *
     * @param title      chart title; may be empty
     * @param subtitle   one short line under the title; may be empty
     * @param operations N, the number of operations (e.g. {@code subseq} calls) each count covers; &gt; 0
     * @param baseline   the baseline (e.g. {@code master}); each value is a GC count (runs per N operations)
     * @param candidates candidates in the same unit, up to 3 pinned + current
     * @param published  published GC counts (same unit), one series per source; may be empty
     * @param why        why each modelled bar's GCs ran, in words (series name, then length in bytes,
     *                   e.g. "15 out of slots in the 40 B heap"): the bar's tooltip says it; may be empty
     */
    public record Data(String title, String subtitle, long operations, LengthSeries baseline,
                       List<LengthSeries> candidates, List<LengthSeries> published, Map<String, Map<Integer, String>> why) {

        /** A chart whose bars say nothing about why their GCs ran. */
        public Data(String title, String subtitle, long operations, LengthSeries baseline,
                    List<LengthSeries> candidates, List<LengthSeries> published) {
            this(title, subtitle, operations, baseline, candidates, published, Map.of());
        }

        public Data {
            ChartSupport.requireText(title, "GC chart title");
            ChartSupport.requireText(subtitle, "GC chart subtitle");
            if (operations <= 0) {
                throw new IllegalArgumentException("GC chart operations (N) must be > 0 but was " + operations);
            }
            Objects.requireNonNull(baseline, "baseline");
            candidates = List.copyOf(Objects.requireNonNull(candidates, "candidates"));
            published = List.copyOf(Objects.requireNonNull(published, "published"));
            ChartSupport.requireNonNegative(baseline, candidates, "GC count");
            why = Map.copyOf(Objects.requireNonNull(why, "why"));
        }
    }

    /** Y axis label, naming N: {@code GC count per 10M operations}. */
    public static String yLabel(long operations) {
        return "GC count per " + ChartSupport.count(operations) + " operations";
    }

    /** Bars (dataset 0: baseline then candidates) and published markers (dataset 1). */
    public static List<DefaultCategoryDataset> createDataset(Data data) {
        List<LengthSeries> bars = new ArrayList<>();
        bars.add(data.baseline());
        bars.addAll(data.candidates());
        SortedSet<Integer> lengths = ChartSupport.lengths(List.of(bars, data.published()));
        return List.of(ChartSupport.byLength(bars, lengths), ChartSupport.byLength(data.published(), lengths));
    }

    public static JFreeChart create(Data data) {
        return create(data, SlotlabTheme.standard());
    }

    public static JFreeChart create(Data data, SlotlabTheme theme) {
        List<DefaultCategoryDataset> datasets = createDataset(data);
        NumberAxis y = ChartSupport.valueAxis(yLabel(data.operations()), true);
        y.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        var bars = ChartSupport.groupedBars(data.candidates().size(), theme, "#,##0");
        bars.setDefaultToolTipGenerator(new BarReasons(ChartSupport.tooltip(" B", " GCs per " + ChartSupport.count(data.operations()),
                "#,##0"), data.why()));
        CategoryPlot plot = new CategoryPlot(datasets.get(0), ChartSupport.lengthAxis(X_LABEL), y, bars);
        plot.setDataset(1, datasets.get(1));
        var marks = ChartSupport.overlayRenderer(theme, data.published().size(), 0);
        marks.setDefaultToolTipGenerator(ChartSupport.tooltip(" B", " GCs (published)", "#,##0"));
        plot.setRenderer(1, marks);
        plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
        return ChartSupport.chart(data.title(), data.subtitle(), plot, theme, ChartSupport.legendOf(plot));
    }
}
