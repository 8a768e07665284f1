package org.slotlab.app.scenario;

import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYDataset;

/** Test helper: reads values out of the datasets of an XY chart by series name and x. */
public final class XyData {
    private XyData() {}

    /** y of series {@code name} at {@code x} in dataset {@code d}, NaN when absent. */
    public static double y(JFreeChart chart, int d, String name, double x) {
        XYDataset ds = chart.getXYPlot().getDataset(d);
        if (ds == null) {
            return Double.NaN;
        }
        for (int s = 0; s < ds.getSeriesCount(); s++) {
            if (ds.getSeriesKey(s).toString().equals(name)) {
                for (int i = 0; i < ds.getItemCount(s); i++) {
                    if (ds.getXValue(s, i) == x) {
                        return ds.getYValue(s, i);
                    }
                }
            }
        }
        return Double.NaN;
    }

    /** Series names of dataset {@code d}. */
    public static List<String> names(JFreeChart chart, int d) {
        XYPlot plot = chart.getXYPlot();
        List<String> out = new ArrayList<>();
        XYDataset ds = plot.getDataset(d);
        for (int s = 0; ds != null && s < ds.getSeriesCount(); s++) {
            out.add(ds.getSeriesKey(s).toString());
        }
        return out;
    }
}
