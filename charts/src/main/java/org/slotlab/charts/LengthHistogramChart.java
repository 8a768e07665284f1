package org.slotlab.charts;

import java.awt.BasicStroke;
import java.util.List;
import java.util.Objects;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.labels.StandardXYToolTipGenerator;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.StackedXYBarRenderer;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.DefaultTableXYDataset;
import org.jfree.data.xy.XYSeries;

/**
 * A histogram of substring lengths: bins of equal width on a byte axis, each bin's count stacked
 * by series (e.g. shared on master from a frozen source, embedded by the candidate), and a dashed
 * marker just after the largest length the candidate embeds ({@code rb_str_embed_size(len + 1) <=
 * cutoff}, 231 B for 256, Feature #22186 https://bugs.ruby-lang.org/issues/22186). Moving the
 * cutoff moves the marker and the counts from the shared series into the embedded one.
 */
public final class LengthHistogramChart {

    private LengthHistogramChart() {
    }

    /** One series: the count per bin, bin {@code i} covering lengths {@code [i * width, (i + 1) * width)}. */
    public record Series(String name, double[] counts) {
        public Series {
            ChartSupport.requireText(name, "series name");
            counts = Objects.requireNonNull(counts, "counts").clone();
        }

        @Override
        public double[] counts() {
            return counts.clone();
        }
    }

    /**
     * What the chart shows.
     *
     * @param title       chart title
     * @param subtitle    one line under the title
     * @param binWidth    bytes per bin
     * @param series      stacked series, all with the same number of bins
     * @param markerLen   the largest embedded length (the marker sits half a byte after it), or -1 for none
     * @param markerLabel the marker's label (may be empty without a marker)
     * @param yLabel      value axis label
     */
    public record Data(String title, String subtitle, int binWidth, List<Series> series, long markerLen, String markerLabel,
                       String yLabel) {
        public Data {
            ChartSupport.requireText(title, "chart title");
            ChartSupport.requireText(subtitle, "chart subtitle");
            markerLabel = markerLabel == null ? "" : markerLabel;
            if (markerLen >= 0) {
                ChartSupport.requireText(markerLabel, "marker label");
            }
            ChartSupport.requireText(yLabel, "value label");
            if (binWidth < 1) {
                throw new IllegalArgumentException("bin width must be >= 1 byte, got " + binWidth);
            }
            series = List.copyOf(Objects.requireNonNull(series, "series"));
            int bins = series.isEmpty() ? 0 : series.get(0).counts().length;
            for (Series s : series) {
                if (s.counts().length != bins) {
                    throw new IllegalArgumentException("series '" + s.name() + "' has " + s.counts().length + " bins, expected " + bins);
                }
            }
        }
    }

    /** One XY series per stacked series, x = the bin's lower edge. */
    public static DefaultTableXYDataset createDataset(Data data) {
        DefaultTableXYDataset dataset = new DefaultTableXYDataset();
        for (Series s : data.series()) {
            XYSeries xy = new XYSeries(s.name(), true, false);
            double[] c = s.counts();
            for (int i = 0; i < c.length; i++) {
                xy.add((double) i * data.binWidth(), c[i]);
            }
            dataset.addSeries(xy);
        }
        return dataset;
    }

    public static JFreeChart create(Data data, SlotlabTheme theme) {
        DefaultTableXYDataset dataset = createDataset(data);
        dataset.setIntervalWidth(data.binWidth());
        dataset.setIntervalPositionFactor(0);
        StackedXYBarRenderer bars = new StackedXYBarRenderer(0.05);
        bars.setBarPainter(new StandardXYBarPainter());
        bars.setShadowVisible(false);
        bars.setDrawBarOutline(false);
        for (int i = 0; i < data.series().size(); i++) {
            bars.setSeriesPaint(i, theme.seriesColor(i));
        }
        bars.setDefaultLegendShape(theme.legendSwatch());
        bars.setDefaultToolTipGenerator(new StandardXYToolTipGenerator("{0}, from {1} B: {2}",
                ChartSupport.decimals("#,##0"), ChartSupport.decimals("#,##0.#")));
        NumberAxis x = new NumberAxis("substring length (B)");
        x.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        x.setAutoRangeIncludesZero(true);
        int bins = data.series().isEmpty() ? 1 : data.series().get(0).counts().length;
        x.setRange(0, (double) bins * data.binWidth());
        NumberAxis y = ChartSupport.valueAxis(data.yLabel(), true);
        y.setNumberFormatOverride(ChartSupport.decimals("#,##0.##"));
        XYPlot plot = new XYPlot(dataset, x, y, bars);
        if (data.markerLen() >= 0) {
            ValueMarker m = new ValueMarker(data.markerLen() + 0.5, SlotlabTheme.TEXT, new BasicStroke(theme.px(1.5),
                    BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {theme.px(6), theme.px(4)}, 0f));
            m.setLabel(data.markerLabel());
            m.setLabelFont(theme.annotationBoldFont());
            m.setLabelPaint(SlotlabTheme.TEXT);
            // the label reads away from the nearer edge, so it is never cut off
            boolean rightHalf = data.markerLen() + 0.5 > bins * data.binWidth() / 2.0;
            m.setLabelAnchor(rightHalf ? RectangleAnchor.TOP_LEFT : RectangleAnchor.TOP_RIGHT);
            m.setLabelTextAnchor(rightHalf ? TextAnchor.TOP_RIGHT : TextAnchor.TOP_LEFT);
            plot.addDomainMarker(m);
        }
        LegendItemCollection legend = new LegendItemCollection();
        legend.addAll(bars.getLegendItems());
        plot.setFixedLegendItems(legend);
        plot.setNoDataMessage(ChartSupport.NO_DATA);
        JFreeChart chart = new JFreeChart(data.title(), theme.titleFont(), plot, true);
        if (!data.subtitle().isBlank()) {
            chart.addSubtitle(0, new TextTitle(data.subtitle()));
        }
        theme.apply(chart);
        return chart;
    }
}
