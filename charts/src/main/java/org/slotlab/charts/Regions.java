package org.slotlab.charts;

import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.List;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.AbstractAnnotation;
import org.jfree.chart.annotations.CategoryAnnotation;
import org.jfree.chart.annotations.XYAnnotation;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.RectangleEdge;

/**
 * Marks the part of a chart beyond the published data as extrapolated: a light band over every x
 * (or numeric category) above the last published one, tagged "extrapolated", with what it means
 * written under the chart, e.g. "Shaded: keyword: extrapolated beyond N = 3 (the article measured
 * N = 3 only)". The model still draws there; the band says that no published number checks it.
 */
public final class Regions {

    /** Fill of an extrapolated band: a light grey that bars and lines stay readable on. */
    static final Color BAND = new Color(0x8C, 0x95, 0x9F, 40);

    private Regions() {
    }

    /** The word written in a band; what it means is the band's label, written under the chart. */
    static final String TAG = "extrapolated";

    /**
     * A band over every x above {@code fromX}, tagged {@link #TAG} at its top, and its label written
     * under the chart as a note ("Shaded: " + label): a sentence inside the plot would cover the
     * lines it is about. Returns the chart.
     */
    public static JFreeChart extrapolatedAbove(JFreeChart chart, double fromX, String label, SlotlabTheme theme) {
        int index = count(chart);
        if (chart.getPlot() instanceof CategoryPlot p) {
            p.addAnnotation(new CategoryBand(fromX, label, index, theme));
        } else if (chart.getPlot() instanceof XYPlot p) {
            p.addAnnotation(new XyBand(fromX, label, index, theme));
        }
        ChartNotes.put(chart, NOTE_KEY + index, "Shaded: " + label, theme);
        return chart;
    }

    /** Key prefix of the notes that say what each band means. */
    static final String NOTE_KEY = "band-";

    /** The labels of the chart's extrapolated bands. */
    public static List<String> labels(JFreeChart chart) {
        List<?> annotations = chart.getPlot() instanceof CategoryPlot p ? p.getAnnotations()
                : chart.getPlot() instanceof XYPlot x ? x.getAnnotations() : List.of();
        return annotations.stream().filter(a -> a instanceof Band).map(a -> ((Band) a).label()).toList();
    }

    private static int count(JFreeChart chart) {
        return labels(chart).size();
    }

    interface Band {
        String label();
    }

    /**
     * Writes {@link #TAG} at the top left of the band, on a light box: the top of a plot is its
     * axis' upper margin, and a band's left edge is where the data it marks begins, so the short
     * word sits over the least data. The {@code index}-th band's tag goes under the earlier ones.
     */
    private static void drawTag(Graphics2D g2, double left, Rectangle2D area, int index, Font font, float gap) {
        g2.setFont(font);
        FontMetrics fm = g2.getFontMetrics(font);
        int width = fm.stringWidth(TAG);
        double x = Math.max(area.getMinX() + gap, Math.min(left + gap, area.getMaxX() - width - gap));
        double top = area.getMinY() + gap + index * fm.getHeight();
        g2.setPaint(new Color(255, 255, 255, 210));
        g2.fill(new Rectangle2D.Double(x - gap / 3, top, width + 2 * gap / 3, fm.getHeight()));
        g2.setPaint(SlotlabTheme.TEXT_MUTED);
        g2.drawString(TAG, (float) x, (float) (top + fm.getAscent()));
    }

    /** What both bands hold: where the band starts, its label and which label line it takes. */
    abstract static class LabelledBand extends AbstractAnnotation implements Band {
        private static final long serialVersionUID = 1L;
        final double from;
        private final String label;
        private final int index;
        private final transient Font font;
        private final float gap;

        LabelledBand(double from, String label, int index, SlotlabTheme theme) {
            this.from = from;
            this.label = label;
            this.index = index;
            this.font = theme.annotationFont();
            this.gap = theme.px(4);
        }

        @Override
        public String label() {
            return label;
        }

        /** Shades the plot from {@code left} to its right edge and writes the label there. */
        void shadeFrom(Graphics2D g2, double left, Rectangle2D dataArea) {
            g2.setPaint(BAND);
            g2.fill(new Rectangle2D.Double(left, dataArea.getMinY(), dataArea.getMaxX() - left, dataArea.getHeight()));
            drawTag(g2, left, dataArea, index, font, gap);
        }
    }

    /** Shades the numeric categories above {@code from}. */
    static final class CategoryBand extends LabelledBand implements CategoryAnnotation {
        private static final long serialVersionUID = 1L;

        CategoryBand(double from, String label, int index, SlotlabTheme theme) {
            super(from, label, index, theme);
        }

        @Override
        public void draw(Graphics2D g2, CategoryPlot plot, Rectangle2D dataArea, CategoryAxis domainAxis, ValueAxis rangeAxis) {
            @SuppressWarnings("unchecked")
            List<Comparable<?>> categories = plot.getCategoriesForAxis(domainAxis);
            int count = categories.size();
            RectangleEdge edge = plot.getDomainAxisEdge();
            int first = -1;
            for (int i = 0; i < count; i++) {
                if (categories.get(i) instanceof Number n && n.doubleValue() > from) {
                    first = i;
                    break;
                }
            }
            if (first < 0) {
                return;
            }
            double left = first == 0 ? dataArea.getMinX()
                    : (domainAxis.getCategoryEnd(first - 1, count, dataArea, edge) + domainAxis.getCategoryStart(first, count, dataArea, edge)) / 2;
            shadeFrom(g2, left, dataArea);
        }
    }

    /** Shades x above {@code from} up to the axis' end. */
    static final class XyBand extends LabelledBand implements XYAnnotation {
        private static final long serialVersionUID = 1L;

        XyBand(double from, String label, int index, SlotlabTheme theme) {
            super(from, label, index, theme);
        }

        @Override
        public void draw(Graphics2D g2, XYPlot plot, Rectangle2D dataArea, ValueAxis domainAxis, ValueAxis rangeAxis,
                int rendererIndex, PlotRenderingInfo info) {
            if (from >= domainAxis.getUpperBound()) {
                return;
            }
            double left = Math.max(dataArea.getMinX(), domainAxis.valueToJava2D(from, dataArea, plot.getDomainAxisEdge()));
            shadeFrom(g2, left, dataArea);
        }
    }
}
