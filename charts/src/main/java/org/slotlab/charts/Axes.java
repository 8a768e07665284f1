package org.slotlab.charts;

import java.util.Locale;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.Marker;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.data.Range;

/**
 * What every Slotlab chart's value axis promises ({@link HonestAxis}): at least three ticks, 1.0
 * in range on a ratio chart, and a visible note on the chart while the range is zoomed by hand.
 */
public final class Axes {

    /** Key of the zoom note among the chart's notes ({@link ChartNotes}). */
    static final String ZOOM_NOTE = "zoom";

    private Axes() {
    }

    /** The chart's first value axis. */
    static ValueAxis valueAxis(JFreeChart chart) {
        if (chart.getPlot() instanceof CategoryPlot p) {
            return p.getRangeAxis();
        }
        if (chart.getPlot() instanceof XYPlot p) {
            return p.getRangeAxis();
        }
        return null;
    }

    /**
     * Makes the chart a ratio chart: its value axis always holds 1.0 and reaches at least
     * {@link HonestAxis#RATIO_MIN_REACH} either side, bars grow from 1.0, and a line marks 1.0.
     * Returns the chart.
     */
    public static JFreeChart ratio(JFreeChart chart, SlotlabTheme theme) {
        ValueAxis axis = valueAxis(chart);
        if (axis instanceof HonestAxis h) {
            h.setRatio(true);
        }
        if (chart.getPlot() instanceof CategoryPlot p) {
            for (int i = 0; i < p.getRendererCount(); i++) {
                if (p.getRenderer(i) instanceof BarRenderer b) {
                    b.setBase(HonestAxis.SAME);
                    b.setIncludeBaseInRange(true);
                }
            }
            if (!hasOneMarker(p.getRangeMarkers(Layer.FOREGROUND)) && !hasOneMarker(p.getRangeMarkers(Layer.BACKGROUND))) {
                p.addRangeMarker(new ValueMarker(HonestAxis.SAME, SlotlabTheme.TEXT, theme.referenceStroke()), Layer.FOREGROUND);
            }
        } else if (chart.getPlot() instanceof XYPlot p) {
            if (!hasOneMarker(p.getRangeMarkers(Layer.FOREGROUND)) && !hasOneMarker(p.getRangeMarkers(Layer.BACKGROUND))) {
                p.addRangeMarker(new ValueMarker(HonestAxis.SAME, SlotlabTheme.TEXT, theme.referenceStroke()), Layer.FOREGROUND);
            }
        }
        return chart;
    }

    private static boolean hasOneMarker(java.util.Collection<?> markers) {
        if (markers == null) {
            return false;
        }
        for (Object m : markers) {
            if (m instanceof ValueMarker v && v.getValue() == HonestAxis.SAME) {
                return true;
            }
        }
        return false;
    }

    /** Whether the chart's value axis is a ratio axis (1.0 always in range). */
    public static boolean isRatio(JFreeChart chart) {
        return valueAxis(chart) instanceof HonestAxis h && h.isRatio();
    }

    /**
     * Shows {@code zoomed} as the chart's value range (grown to hold 1.0 on a ratio chart) and says
     * so on the chart: "value axis zoomed to 0.95 to 1.30 (full range 0.55 to 1.52)". A null
     * range goes back to the automatic range and removes the note.
     */
    public static void zoom(JFreeChart chart, Range zoomed, SlotlabTheme theme) {
        ValueAxis axis = valueAxis(chart);
        if (axis == null) {
            return;
        }
        if (zoomed == null) {
            axis.setAutoRange(true);
            ChartNotes.remove(chart, ZOOM_NOTE);
            return;
        }
        axis.setAutoRange(true);
        Range full = axis.getRange();
        axis.setRange(zoomed);
        Range shown = axis.getRange();
        ChartNotes.put(chart, ZOOM_NOTE, String.format(Locale.ROOT, "Value axis zoomed to %s to %s (full range %s to %s); "
                + "View > Reset zoom shows all.", num(shown.getLowerBound()), num(shown.getUpperBound()),
                num(full.getLowerBound()), num(full.getUpperBound())), theme);
    }

    /** Whether the chart carries the zoom note. */
    public static boolean zoomNoted(JFreeChart chart) {
        return ChartNotes.get(chart, ZOOM_NOTE).isPresent();
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%,.0f" : "%.2f", v);
    }

    /** The range markers of the chart at 1.0 (for tests). */
    static long oneMarkers(JFreeChart chart) {
        java.util.Collection<?> markers = chart.getPlot() instanceof CategoryPlot p ? p.getRangeMarkers(Layer.FOREGROUND)
                : chart.getPlot() instanceof XYPlot x ? x.getRangeMarkers(Layer.FOREGROUND) : null;
        return markers == null ? 0 : markers.stream().filter(m -> m instanceof Marker mk && mk instanceof ValueMarker v
                && v.getValue() == HonestAxis.SAME).count();
    }
}
