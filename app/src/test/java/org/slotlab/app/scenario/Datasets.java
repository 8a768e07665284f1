package org.slotlab.app.scenario;

import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.data.category.CategoryDataset;

/** Test helper: every value of every dataset of a category chart, as comparable text rows. */
public final class Datasets {
    private Datasets() {}

    public static List<String> of(JFreeChart chart) {
        CategoryPlot plot = chart.getCategoryPlot();
        List<String> out = new ArrayList<>();
        for (int d = 0; d < plot.getDatasetCount(); d++) {
            CategoryDataset ds = plot.getDataset(d);
            if (ds == null) {
                continue;
            }
            for (int r = 0; r < ds.getRowCount(); r++) {
                for (int c = 0; c < ds.getColumnCount(); c++) {
                    out.add(d + "|" + ds.getRowKey(r) + "|" + ds.getColumnKey(c) + "|" + ds.getValue(r, c));
                }
            }
        }
        return out;
    }

    /** The value of series {@code row} at length {@code len} in dataset 0. */
    public static double value(JFreeChart chart, String row, int len) {
        Number n = chart.getCategoryPlot().getDataset(0).getValue(row, Integer.valueOf(len));
        return n == null ? Double.NaN : n.doubleValue();
    }

    /** All of a run's charts. */
    public static List<String> of(ScenarioRun run) {
        List<String> out = new ArrayList<>();
        for (ScenarioRun.RenderedChart c : run.charts()) {
            out.add("# " + c.spec().id());
            out.addAll(of(c.chart()));
        }
        return out;
    }
}
