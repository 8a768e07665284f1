package org.slotlab.charts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.ui.Layer;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;

class XyAndCategoryChartsTest {

    private static XyLinesChart.Data xy(List<XyLinesChart.Line> lines, boolean logX) {
        return new XyLinesChart.Data("t", "s", "i (bytes)", "RSS (KiB)", lines,
                List.of(new XyLinesChart.Line("published", List.of(new XyLinesChart.Point(128, 289_080)))),
                List.of(new XyLinesChart.Marker(128, "i = 128")), logX, false, false, true);
    }

    @Test
    void xyLines_modelInDatasetZero_publishedInOne_markerOnTheDomain() {
        var line = new XyLinesChart.Line("power-of-two", List.of(new XyLinesChart.Point(127, 172_032),
                new XyLinesChart.Point(128, 297_032)));
        JFreeChart c = XyLinesChart.create(xy(List.of(line), false));
        XYDataset model = c.getXYPlot().getDataset(0);
        assertThat(model.getSeriesKey(0)).isEqualTo("power-of-two");
        assertThat(model.getYValue(0, 1)).isEqualTo(297_032);
        assertThat(c.getXYPlot().getDataset(1).getYValue(0, 0)).isEqualTo(289_080);
        assertThat(c.getXYPlot().getDomainMarkers(Layer.FOREGROUND)).singleElement()
                .satisfies(m -> assertThat(((ValueMarker) m).getValue()).isEqualTo(128));
        assertThat(c.getXYPlot().getLegendItems().getItemCount()).isEqualTo(2);
    }

    @Test
    void xyLines_logX_rejectsZero_namingTheSeries() {
        var line = new XyLinesChart.Line("resize, glibc", List.of(new XyLinesChart.Point(0, 1)));
        assertThatThrownBy(() -> xy(List.of(line), true)).hasMessageContaining("resize, glibc")
                .hasMessageContaining("x > 0");
    }

    @Test
    void xyLines_logX_usesALogAxis() {
        var line = new XyLinesChart.Line("resize", List.of(new XyLinesChart.Point(0.001, -1), new XyLinesChart.Point(10, 5)));
        JFreeChart c = XyLinesChart.create(xy(List.of(line), true));
        assertThat(c.getXYPlot().getDomainAxis()).isInstanceOf(LogAxis.class);
    }

    @Test
    void xyLines_repeatedX_isAnErrorNamingTheSeries() {
        var line = new XyLinesChart.Line("glibc", List.of(new XyLinesChart.Point(1, 1), new XyLinesChart.Point(1, 2)));
        assertThatThrownBy(() -> XyLinesChart.createDataset(List.of(line))).hasMessageContaining("glibc")
                .hasMessageContaining("twice");
    }

    @Test
    void categoryBars_stacked_publishedOnTheSameCategories() {
        var data = new CategoryBarsChart.Data("t", "s", "site", "values", List.of(
                new CategoryBarsChart.Bar("embedded", "github.com", 6), new CategoryBarsChart.Bar("copied", "github.com", 7),
                new CategoryBarsChart.Bar("embedded", "ruby-lang.org", 12)),
                List.of(new CategoryBarsChart.Bar("thread", "github.com", 13)), true, "0");
        JFreeChart c = CategoryBarsChart.create(data);
        CategoryDataset bars = c.getCategoryPlot().getDataset(0);
        assertThat(bars.getValue("copied", "github.com").intValue()).isEqualTo(7);
        CategoryDataset pub = c.getCategoryPlot().getDataset(1);
        assertThat(pub.getColumnKeys()).containsExactly("github.com", "ruby-lang.org");
        assertThat(pub.getValue("thread", "github.com").intValue()).isEqualTo(13);
        assertThat(pub.getValue("thread", "ruby-lang.org")).isNull();
        BufferedImage img = c.createBufferedImage(600, 400);
        assertThat(img.getWidth()).isEqualTo(600);
    }

    @Property(tries = 50)
    void categoryBars_everyBarLandsInTheDataset(@ForAll @IntRange(min = 1, max = 6) int series,
            @ForAll @IntRange(min = 1, max = 6) int categories) {
        List<CategoryBarsChart.Bar> bars = new java.util.ArrayList<>();
        for (int s = 0; s < series; s++) {
            for (int k = 0; k < categories; k++) {
                bars.add(new CategoryBarsChart.Bar("s" + s, "c" + k, s * 10 + k));
            }
        }
        CategoryDataset d = CategoryBarsChart.createDataset(bars);
        assertThat(d.getRowCount()).isEqualTo(series);
        assertThat(d.getColumnCount()).isEqualTo(categories);
        for (CategoryBarsChart.Bar b : bars) {
            assertThat(d.getValue(b.series(), b.category()).doubleValue()).isEqualTo(b.value());
        }
    }
}
