package org.slotlab.charts;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedSet;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * The retained-memory chart: memory retained by R kept substrings, per substring length, baseline vs
 * candidates as grouped bars, annotated with the worst-case multiplier. In 
 * Feature #22186 (https://bugs.ruby-lang.org/issues/22186) master keeps 7.6 MB for 200,000 slices (a 40 B shared header
 * each) while embedding without a cutoff keeps up to 195 MB (a 1024 B slot at len 999): "worst-case
 * retained memory drops from 25.6x to 6.4x" with the 256 B cutoff
 * ({@code sample-data/reference/subseq_retained.csv}).
 */
public final class RetainedChart {

    /** X axis label. */
    public static final String X_LABEL = "substring length (bytes)";
    /** Y axis label. */
    public static final String Y_LABEL = "retained memory (MiB)";
    /** Headroom above the tallest bar for the worst-case note, as a fraction of the axis range. */
    public static final double NOTE_HEADROOM = 0.22;
    /** Headroom for each further note (several candidates or pins), as a fraction of the axis range. */
    public static final double NOTE_LINE_HEADROOM = 0.08;

    private RetainedChart() {
    }

    /**
     * What the chart shows.
     *
     * @param title      chart title; may be empty
     * @param subtitle   one short line under the title; may be empty (then it names R)
     * @param keptSlices R, how many substrings are kept alive; &gt; 0
     * @param baseline   the baseline (e.g. {@code master}); each value is retained memory in MiB (2^20 bytes)
     * @param candidates candidates in MiB, up to 3 pinned + current
     * @param why        where each bar's bytes are, in words (series name, then length in bytes, e.g. "in slots
     *                   7.63 MiB, in malloc'd buffers 0.00 MiB"): the bar's tooltip says it; may be empty
     */
    public record Data(String title, String subtitle, long keptSlices, LengthSeries baseline,
                       List<LengthSeries> candidates, java.util.Map<String, java.util.Map<Integer, String>> why) {

        public Data(String title, String subtitle, long keptSlices, LengthSeries baseline, List<LengthSeries> candidates) {
            this(title, subtitle, keptSlices, baseline, candidates, java.util.Map.of());
        }

        public Data {
            why = java.util.Map.copyOf(Objects.requireNonNull(why, "why"));
            ChartSupport.requireText(title, "retained chart title");
            ChartSupport.requireText(subtitle, "retained chart subtitle");
            if (keptSlices <= 0) {
                throw new IllegalArgumentException("retained chart keptSlices (R) must be > 0 but was " + keptSlices);
            }
            Objects.requireNonNull(baseline, "baseline");
            candidates = List.copyOf(Objects.requireNonNull(candidates, "candidates"));
            ChartSupport.requireNonNegative(baseline, candidates, "retained MiB");
        }
    }

    /**
     * The largest candidate / baseline ratio at any length both have (baseline above zero).
     *
     * @param candidate  name of the candidate series
     * @param lenBytes   the substring length where it happens
     * @param multiplier candidate MiB / baseline MiB (dimensionless)
     * @param valueMiB   the candidate's retained MiB there
     */
    public record WorstCase(String candidate, int lenBytes, double multiplier, double valueMiB) {
    }

    /** Each candidate's worst case, in candidate order; candidates with no comparable length are left out. */
    public static List<WorstCase> worstCases(Data data) {
        Map<Integer, Double> base = new HashMap<>();
        data.baseline().points().forEach(p -> base.put(p.lenBytes(), p.value()));
        List<WorstCase> worst = new ArrayList<>();
        for (LengthSeries candidate : data.candidates()) {
            WorstCase max = null;
            for (LengthPoint p : candidate.points()) {
                Double b = base.get(p.lenBytes());
                if (b == null || b <= 0) {
                    continue;
                }
                double multiplier = p.value() / b;
                if (max == null || multiplier > max.multiplier()) {
                    max = new WorstCase(candidate.name(), p.lenBytes(), multiplier, p.value());
                }
            }
            if (max != null) {
                worst.add(max);
            }
        }
        return worst;
    }

    /** The worst case over all candidates, if any candidate shares a length with the baseline. */
    public static Optional<WorstCase> worstCase(Data data) {
        return worstCases(data).stream().max(java.util.Comparator.comparingDouble(WorstCase::multiplier));
    }

    /** The note text (prefixed with the candidate's name when there are several), e.g. {@code worst case 6.4× master} (one decimal). */
    public static String worstCaseText(WorstCase worst, String baselineName) {
        return "worst case " + ChartSupport.decimals("0.0").format(worst.multiplier()) + "\u00d7 " + baselineName;
    }

    /** Bars: baseline then candidates, one column per length. */
    public static DefaultCategoryDataset createDataset(Data data) {
        List<LengthSeries> bars = new ArrayList<>();
        bars.add(data.baseline());
        bars.addAll(data.candidates());
        SortedSet<Integer> lengths = ChartSupport.lengths(List.of(bars));
        return ChartSupport.byLength(bars, lengths);
    }

    public static JFreeChart create(Data data) {
        return create(data, SlotlabTheme.standard());
    }

    public static JFreeChart create(Data data, SlotlabTheme theme) {
        DefaultCategoryDataset dataset = createDataset(data);
        NumberAxis y = ChartSupport.valueAxis(Y_LABEL, true);
        y.setUpperMargin(NOTE_HEADROOM);
        var bars = ChartSupport.groupedBars(data.candidates().size(), theme, "#,##0.0");
        bars.setDefaultToolTipGenerator(new BarReasons(ChartSupport.tooltip(" B", " MiB retained", "#,##0.00"), data.why()));
        CategoryPlot plot = new CategoryPlot(dataset, ChartSupport.lengthAxis(X_LABEL), y, bars);
        plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
        boolean named = data.candidates().size() > 1;
        List<BarNote.Entry> notes = new ArrayList<>();
        for (WorstCase worst : worstCases(data)) {
            String text = worstCaseText(worst, data.baseline().name());
            Integer len = worst.lenBytes();
            double tallest = 0;
            for (int row = 0; row < dataset.getRowCount(); row++) {
                Number v = dataset.getValue(row, dataset.getColumnIndex(len));
                tallest = v == null ? tallest : Math.max(tallest, v.doubleValue());
            }
            notes.add(new BarNote.Entry(named ? worst.candidate() + ": " + text : text, len, tallest));
        }
        if (!notes.isEmpty()) {
            plot.addAnnotation(new BarNote(notes, theme));
            // one more line of headroom for each note beyond the first
            y.setUpperMargin(NOTE_HEADROOM + NOTE_LINE_HEADROOM * (notes.size() - 1));
        }
        String subtitle = data.subtitle().isBlank()
                ? "R = " + ChartSupport.count(data.keptSlices()) + " kept substrings" : data.subtitle();
        return ChartSupport.chart(data.title(), subtitle, plot, theme, ChartSupport.legendOf(plot));
    }
}
