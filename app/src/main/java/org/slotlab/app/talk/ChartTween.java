package org.slotlab.app.talk;

import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.Range;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Moves a chart's values from those of the chart shown before to its own: every bar (category
 * value) or line point whose series and category the old chart also had starts at the old value,
 * a new one starts at zero, and each value axis moves from the old range to the new one. At
 * {@code t = 1} the chart is exactly as its factory drew it.
 */
final class ChartTween {

    private final JFreeChart chart;
    private final List<Value> values = new ArrayList<>();
    private final List<AxisMove> axes = new ArrayList<>();

    private record Value(Runnable0 set, double from, double to) {
    }

    private interface Runnable0 {
        void set(double v);
    }

    private record AxisMove(ValueAxis axis, Range from, Range to) {
    }

    /** Captures the target values of {@code next} and the start values from {@code previous} (may be null). */
    ChartTween(JFreeChart previous, JFreeChart next) {
        this.chart = next;
        Plot np = next.getPlot();
        Plot op = previous == null ? null : previous.getPlot();
        if (np instanceof CategoryPlot n) {
            CategoryPlot o = op instanceof CategoryPlot c ? c : null;
            for (int d = 0; d < n.getDatasetCount(); d++) {
                if (n.getDataset(d) instanceof DefaultCategoryDataset ds) {
                    DefaultCategoryDataset old = o != null && d < o.getDatasetCount()
                            && o.getDataset(d) instanceof DefaultCategoryDataset x ? x : null;
                    category(ds, old);
                }
            }
            for (int a = 0; a < n.getRangeAxisCount(); a++) {
                axis(n.getRangeAxis(a), o == null || a >= o.getRangeAxisCount() ? null : o.getRangeAxis(a));
            }
        } else if (np instanceof XYPlot n) {
            XYPlot o = op instanceof XYPlot x ? x : null;
            for (int d = 0; d < n.getDatasetCount(); d++) {
                if (n.getDataset(d) instanceof XYSeriesCollection ds) {
                    XYSeriesCollection old = o != null && d < o.getDatasetCount()
                            && o.getDataset(d) instanceof XYSeriesCollection x ? x : null;
                    xy(ds, old);
                }
            }
            for (int a = 0; a < n.getRangeAxisCount(); a++) {
                axis(n.getRangeAxis(a), o == null || a >= o.getRangeAxisCount() ? null : o.getRangeAxis(a));
            }
        }
    }

    private void category(DefaultCategoryDataset ds, DefaultCategoryDataset old) {
        for (int r = 0; r < ds.getRowCount(); r++) {
            for (int c = 0; c < ds.getColumnCount(); c++) {
                Number to = ds.getValue(r, c);
                if (to == null) {
                    continue;
                }
                Comparable<?> rk = ds.getRowKey(r);
                Comparable<?> ck = ds.getColumnKey(c);
                double from = 0;
                if (old != null && old.getRowIndex(rk) >= 0 && old.getColumnIndex(ck) >= 0) {
                    Number v = old.getValue(rk, ck);
                    from = v == null ? 0 : v.doubleValue();
                }
                values.add(new Value(v -> ds.setValue(v, rk, ck), from, to.doubleValue()));
            }
        }
    }

    private void xy(XYSeriesCollection ds, XYSeriesCollection old) {
        for (int s = 0; s < ds.getSeriesCount(); s++) {
            XYSeries series = ds.getSeries(s);
            XYSeries prev = null;
            if (old != null) {
                int i = old.indexOf(series.getKey());
                prev = i >= 0 ? old.getSeries(i) : null;
            }
            for (int i = 0; i < series.getItemCount(); i++) {
                double to = series.getY(i) == null ? Double.NaN : series.getY(i).doubleValue();
                if (Double.isNaN(to)) {
                    continue;
                }
                double from = to;
                if (prev != null) {
                    int j = prev.indexOf(series.getX(i));
                    from = j >= 0 && prev.getY(j) != null ? prev.getY(j).doubleValue() : to;
                }
                final int k = i;
                values.add(new Value(v -> series.updateByIndex(k, v), from, to));
            }
        }
    }

    private void axis(ValueAxis axis, ValueAxis old) {
        if (axis == null) {
            return;
        }
        Range to = axis.getRange();
        Range from = old != null ? old.getRange() : to;
        axes.add(new AxisMove(axis, from, to));
    }

    /** Whether anything moves (a chart of another kind, or with no common values, just appears). */
    boolean moves() {
        return values.stream().anyMatch(v -> v.from() != v.to());
    }

    /** Draws the chart at {@code t} in [0, 1] of the way (eased), with one redraw. */
    void apply(double t) {
        double e = t >= 1 ? 1 : t <= 0 ? 0 : 1 - Math.pow(1 - t, 3);
        chart.setNotify(false);
        for (Value v : values) {
            v.set().set(v.from() + (v.to() - v.from()) * e);
        }
        for (AxisMove a : axes) {
            if (e >= 1) {
                a.axis().setRange(a.to(), true, false);
            } else {
                a.axis().setRange(new Range(a.from().getLowerBound() + (a.to().getLowerBound() - a.from().getLowerBound()) * e,
                        a.from().getUpperBound() + (a.to().getUpperBound() - a.from().getUpperBound()) * e), true, false);
            }
        }
        chart.setNotify(true);
    }
}
