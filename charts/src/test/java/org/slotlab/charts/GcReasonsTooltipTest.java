package org.slotlab.charts;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.data.category.CategoryDataset;
import org.junit.jupiter.api.Test;

/** A GC bar's tooltip says why its GCs ran, when the chart is told. */
class GcReasonsTooltipTest {

    private static LengthSeries series(String name, int len, double v) {
        return new LengthSeries(name, List.of(new LengthPoint(len, v)));
    }

    private static String tooltip(JFreeChart chart, int renderer, String series, int category) {
        CategoryPlot plot = chart.getCategoryPlot();
        CategoryDataset d = plot.getDataset(renderer);
        return plot.getRenderer(renderer).getDefaultToolTipGenerator()
                .generateToolTip(d, d.getRowIndex(series), d.getColumnIndex(category));
    }

    @Test
    void gcCountBar_tooltipAddsTheReasonOfItsSeriesAndLength() {
        JFreeChart chart = GcCountChart.create(new GcCountChart.Data("GC", "", 2_000_000, series("master", 500, 15),
                List.of(series("always-embed", 500, 194)), List.of(),
                Map.of("always-embed", Map.of(500, "all out of slots in the 640 B heap"))));

        assertThat(tooltip(chart, 0, "always-embed", 500))
                .isEqualTo("always-embed at 500 B: 194 GCs per 2M (all out of slots in the 640 B heap)");
        // no reason given for the baseline: the plain tooltip
        assertThat(tooltip(chart, 0, "master", 500)).isEqualTo("master at 500 B: 15 GCs per 2M");
    }

    @Test
    void slotSizeGcMarker_tooltipAddsTheReason() {
        var model = new SlotSizeChart.SlotSeries("model: ruby-3.4", List.of(new SlotSizeChart.SlotPoint(40, 26, 70)));
        JFreeChart chart = SlotSizeChart.create(new SlotSizeChart.Data("slots", "", 10_000_000, model, List.of(),
                Map.of("model: ruby-3.4", Map.of(40, "all out of slots in the 40 B heap"))));

        assertThat(tooltip(chart, 1, "model: ruby-3.4: GC count", 40)).endsWith("70 GCs per 10M allocations (all out of slots in the 40 B heap)");
    }

    @Test
    void slotSizeMarkers_sayPublishedForAPublishedSource_andNotForAPin() {
        var model = new SlotSizeChart.SlotSeries("model: ruby-3.4", List.of(new SlotSizeChart.SlotPoint(40, 26, 70)));
        var pin = new SlotSizeChart.SlotSeries("pin A: ruby-3.1", List.of(new SlotSizeChart.SlotPoint(40, 30, 90)));
        var published = new SlotSizeChart.SlotSeries("byroot", List.of(new SlotSizeChart.SlotPoint(40, 25, 67)));
        JFreeChart chart = SlotSizeChart.create(new SlotSizeChart.Data("slots", "", 10_000_000, model, List.of(pin, published)));
        CategoryPlot plot = chart.getCategoryPlot();
        for (int set : new int[] {2, 3}) {
            CategoryDataset d = plot.getDataset(set);
            for (int row = 0; row < d.getRowCount(); row++) {
                String tip = plot.getRenderer(set).getDefaultToolTipGenerator().generateToolTip(d, row, d.getColumnIndex(40));
                if (d.getRowKey(row).toString().startsWith("pin ")) {
                    assertThat(tip).doesNotContain("published");
                } else {
                    assertThat(tip).endsWith("(published)");
                }
            }
        }
    }
}
