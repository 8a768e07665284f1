package org.slotlab.charts;

import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.SortedSet;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.TickUnits;
import org.jfree.chart.labels.CategoryItemLabelGenerator;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.text.TextUtils;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * The speed-ratio chart: speed ratio per substring length, the picture of himura467's tables in 
 * Feature #22186 (https://bugs.ruby-lang.org/issues/22186) ("len / slot used / speed vs master": 1.34x faster at 50 B,
 * 1.83x slower at 999 B). Bars grow up or down from a 1.0 baseline line; with one candidate each
 * bar is coloured faster or slower, with several (up to 3 pinned + current) each series has its
 * own colour. A dashed line marks the largest embedded length under the cutoff (CRuby
 * {@code str_subseq} with {@code STR_SUBSEQ_EMBED_MAX_SIZE}); published points are overlaid as
 * distinct markers named by source and machine.
 */
public final class SpeedRatioChart {

    /** The ratio at which candidate and baseline are equally fast. */
    public static final double SAME_SPEED = 1.0;
    /**
     * Y axis label: the ratio is a time ratio, so above 1 the candidate is faster. Short enough to
     * stay within a plot of about 150 px (a chart of a 2 x 2 grid on a 1280 x 720 window); the
     * title says it is the speed ratio.
     */
    public static final String Y_LABEL = "baseline / candidate (\u00d7)";
    /** Legend entry of the 1.0 line. */
    public static final String SAME_SPEED_LEGEND = "1.0 = same speed";
    /** X axis label. */
    public static final String X_LABEL = "substring length (bytes)";

    private SpeedRatioChart() {
    }

    /**
     * What the chart shows.
     *
     * @param title                   chart title; may be empty
     * @param subtitle                one short line under the title (e.g. {@code frozen source · master vs cutoff 256}); may be empty
     * @param candidates              one series per candidate; each point's value is the speed ratio
     *                                baseline ns / candidate ns (dimensionless, &gt; 1 = candidate faster)
     * @param largestEmbeddedLenBytes the largest substring length (bytes) the candidate still embeds,
     *                                drawn as the cutoff marker; empty for no marker
     * @param published               published ratios (same unit), one series per source, named by
     *                                {@link org.slotlab.model.reference.Source#label()}
     */
    public record Data(String title, String subtitle, List<LengthSeries> candidates,
                       OptionalInt largestEmbeddedLenBytes, List<LengthSeries> published) {
        public Data {
            ChartSupport.requireText(title, "speed ratio chart title");
            ChartSupport.requireText(subtitle, "speed ratio chart subtitle");
            candidates = List.copyOf(Objects.requireNonNull(candidates, "candidates"));
            Objects.requireNonNull(largestEmbeddedLenBytes, "largestEmbeddedLenBytes (use OptionalInt.empty())");
            published = List.copyOf(Objects.requireNonNull(published, "published"));
            for (LengthSeries s : candidates) {
                for (LengthPoint p : s.points()) {
                    if (p.value() <= 0) {
                        throw new IllegalArgumentException("speed ratio of '" + s.name() + "' at len "
                                + p.lenBytes() + " B must be > 0 but was " + p.value());
                    }
                }
            }
        }
    }

    /** Model ratios (dataset 0, bars) and published ratios (dataset 1, markers) over the same lengths. */
    public record Datasets(DefaultCategoryDataset candidates, DefaultCategoryDataset published) {
    }

    public static Datasets createDataset(Data data) {
        SortedSet<Integer> lengths = ChartSupport.lengths(List.of(data.candidates(), data.published()));
        return new Datasets(ChartSupport.byLength(data.candidates(), lengths),
                ChartSupport.byLength(data.published(), lengths));
    }

    /** The chart with {@link SlotlabTheme#standard()}. */
    public static JFreeChart create(Data data) {
        return create(data, SlotlabTheme.standard());
    }

    public static JFreeChart create(Data data, SlotlabTheme theme) {
        Datasets datasets = createDataset(data);
        boolean single = data.candidates().size() == 1;

        RatioBarRenderer bars = new RatioBarRenderer(single);
        bars.setDefaultLegendShape(theme.legendSwatch());
        bars.setBase(SAME_SPEED);
        bars.setIncludeBaseInRange(true);
        bars.setItemMargin(0.04);
        bars.setMaximumBarWidth(0.09);
        for (int i = 0; i < data.candidates().size(); i++) {
            bars.setSeriesPaint(i, theme.seriesColor(i));
        }
        bars.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator("{2}\u00d7",
                ChartSupport.decimals("0.00")));
        bars.setDefaultItemLabelsVisible(true);
        bars.setDefaultToolTipGenerator(ChartSupport.tooltip(" B", "\u00d7 (baseline ns / candidate ns)", "0.00"));
        bars.setDefaultPositiveItemLabelPosition(ChartSupport.above());
        bars.setDefaultNegativeItemLabelPosition(ChartSupport.below());

        HonestAxis y = ChartSupport.valueAxis(Y_LABEL, false);
        y.setRatio(true);
        y.setLowerMargin(0.12);
        y.setNumberFormatOverride(ChartSupport.decimals("0.0#"));
        y.setStandardTickUnits(ratioTickUnits());
        CategoryPlot plot = new CategoryPlot(datasets.candidates(), ChartSupport.lengthAxis(X_LABEL), y, bars);
        LineAndShapeRenderer overlay = ChartSupport.overlayRenderer(theme, data.published().size(), 0);
        overlay.setDefaultToolTipGenerator(ChartSupport.tooltip(" B", "\u00d7 (published)", "0.00"));
        plot.setDataset(1, datasets.published());
        plot.setRenderer(1, overlay);
        plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);

        ValueMarker same = new ValueMarker(SAME_SPEED, SlotlabTheme.TEXT, theme.referenceStroke());
        plot.addRangeMarker(same, Layer.FOREGROUND);
        data.largestEmbeddedLenBytes().ifPresent(len -> plot.addAnnotation(new CutoffMarker(len, theme)));

        LegendItemCollection legend = new LegendItemCollection();
        if (single) {
            String name = data.candidates().get(0).name();
            legend.add(new LegendItem(name + " faster", null, null, null, theme.legendSwatch(), SlotlabTheme.FASTER));
            legend.add(new LegendItem(name + " slower", null, null, null, theme.legendSwatch(), SlotlabTheme.SLOWER));
        } else {
            addAll(legend, bars.getLegendItems());
        }
        addAll(legend, overlay.getLegendItems());
        if (legend.getItemCount() > 0) {
            legend.add(new LegendItem(SAME_SPEED_LEGEND, null, null, null,
                    new Line2D.Double(-theme.px(8), 0, theme.px(8), 0), theme.referenceStroke(), SlotlabTheme.TEXT));
        }
        return ChartSupport.chart(data.title(), data.subtitle(), plot, theme, legend);
    }

    /** Steps of 0.1 and coarser: finer ratio ticks are noise on a speed chart. */
    private static TickUnits ratioTickUnits() {
        TickUnits units = new TickUnits();
        for (double step : new double[] {0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 20, 50, 100}) {
            units.add(new NumberTickUnit(step, ChartSupport.decimals(step < 0.1 ? "0.00" : step < 0.25 ? "0.0" : "0.0#")));
        }
        return units;
    }

    private static void addAll(LegendItemCollection to, LegendItemCollection from) {
        for (Iterator<?> it = from.iterator(); it.hasNext(); ) {
            LegendItem item = (LegendItem) it.next();
            item.setLabelFont(null);
            to.add(item);
        }
    }

    /**
     * Bars measured from the 1.0 baseline, each value label on the far side of the baseline.
     * With a single candidate each bar is painted by its sign (faster / slower).
     */
    static final class RatioBarRenderer extends LabelledBarRenderer {
        private static final long serialVersionUID = 1L;
        /** Fills darker than this relative luminance get white labels (WCAG 2 midpoint, about 0.18). */
        static final double DARK_FILL_LUMINANCE = 0.18;
        private final boolean colourBySign;

        RatioBarRenderer(boolean colourBySign) {
            this.colourBySign = colourBySign;
        }

        @Override
        public Paint getItemPaint(int row, int column) {
            if (colourBySign) {
                Number value = getPlot() == null ? null : getPlot().getDataset(0).getValue(row, column);
                if (value != null) {
                    return value.doubleValue() >= SAME_SPEED ? SlotlabTheme.FASTER : SlotlabTheme.SLOWER;
                }
            }
            return super.getItemPaint(row, column);
        }

        /**
         * The label sits inside the bar next to the 1.0 line when it fits (published markers,
         * which land near the bar's tip, then do not cover it), else just beyond the tip.
         */
        @Override
        protected void drawItemLabel(Graphics2D g2, CategoryDataset data, int row, int column, CategoryPlot plot,
                                     CategoryItemLabelGenerator generator, Rectangle2D bar, boolean negative) {
            Number value = data.getValue(row, column);
            if (!labelsFit() || generator == null || value == null) {
                return;
            }
            String label = generator.generateLabel(data, row, column);
            Font font = getItemLabelFont(row, column);
            g2.setFont(font);
            FontMetrics fm = g2.getFontMetrics(font);
            double pad = fm.getHeight() * 0.3;
            boolean up = value.doubleValue() >= getBase();
            boolean inside = bar.getHeight() >= fm.getHeight() + 2 * pad && bar.getWidth() >= fm.stringWidth(label) + pad;
            float x = (float) bar.getCenterX();
            float y;
            TextAnchor anchor;
            if (inside) {
                y = (float) (up ? bar.getMaxY() - pad : bar.getMinY() + pad);
                anchor = up ? TextAnchor.BOTTOM_CENTER : TextAnchor.TOP_CENTER;
                g2.setPaint(contrastingText(getItemPaint(row, column)));
            } else {
                y = (float) (up ? bar.getMinY() - pad : bar.getMaxY() + pad);
                anchor = up ? TextAnchor.BOTTOM_CENTER : TextAnchor.TOP_CENTER;
                g2.setPaint(getItemLabelPaint(row, column));
            }
            TextUtils.drawAlignedString(label, g2, x, y, anchor);
        }

        /** White on dark fills, the text colour on light ones (relative luminance, WCAG 2). */
        static Paint contrastingText(Paint fill) {
            if (fill instanceof Color c) {
                double luminance = 0.2126 * linear(c.getRed()) + 0.7152 * linear(c.getGreen()) + 0.0722 * linear(c.getBlue());
                return luminance > DARK_FILL_LUMINANCE ? SlotlabTheme.TEXT : Color.WHITE;
            }
            return SlotlabTheme.TEXT;
        }

        private static double linear(int channel) {
            double c = channel / 255.0;
            return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
        }
    }
}
