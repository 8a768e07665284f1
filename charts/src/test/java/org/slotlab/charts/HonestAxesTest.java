package org.slotlab.charts;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.Range;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Value axes that cannot exaggerate, notes that do not overprint, regions marked as extrapolated. */
class HonestAxesTest {

    private static LengthSeries series(String name, double... lenValuePairs) {
        List<LengthPoint> points = new ArrayList<>();
        for (int i = 0; i < lenValuePairs.length; i += 2) {
            points.add(new LengthPoint((int) lenValuePairs[i], lenValuePairs[i + 1]));
        }
        return new LengthSeries(name, points);
    }

    /** Draws the chart at {@code w} x {@code h} and returns the value axis' ticks there. */
    private static List<?> ticks(JFreeChart chart, int w, int h) {
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g2 = img.createGraphics();
        ChartRenderingInfo info = new ChartRenderingInfo();
        chart.draw(g2, new Rectangle2D.Double(0, 0, w, h), info);
        Rectangle2D area = info.getPlotInfo().getDataArea();
        ValueAxis axis = Axes.valueAxis(chart);
        RectangleEdge edge = chart.getPlot() instanceof CategoryPlot p ? p.getRangeAxisEdge() : ((XYPlot) chart.getPlot()).getRangeAxisEdge();
        List<?> t = axis.refreshTicks(g2, new AxisState(), area, edge);
        g2.dispose();
        return t;
    }

    private static JFreeChart speed(double... lenValuePairs) {
        return SpeedRatioChart.create(new SpeedRatioChart.Data("speed", "", List.of(series("cutoff:256", lenValuePairs)),
                OptionalInt.empty(), List.of()));
    }

    @ParameterizedTest(name = "{0} x {1} px")
    @CsvSource({
        "1200, 675",   // the export
        "470, 330",    // a chart cell at 1280 x 720
        "420, 160",    // a very short cell
    })
    void ratioAxis_smallGains_showTheScale_andOneInRange(int w, int h) {
        // given: ratios between 1.00 and 1.08, the case that filled the whole height with one tick
        JFreeChart chart = speed(1, 1.0, 23, 1.03, 50, 1.08, 100, 1.05);

        // when
        List<?> ticks = ticks(chart, w, h);

        // then
        Range r = Axes.valueAxis(chart).getRange();
        assertThat(ticks).hasSizeGreaterThanOrEqualTo(HonestAxis.MIN_TICKS);
        assertThat(r.contains(1.0)).isTrue();
        assertThat(r.getLowerBound()).isLessThanOrEqualTo(1 - HonestAxis.RATIO_MIN_REACH);
        assertThat(r.getUpperBound()).isGreaterThanOrEqualTo(1 + HonestAxis.RATIO_MIN_REACH);
        // an 8 % gain takes at most a fifth of the axis
        assertThat(0.08 / r.getLength()).isLessThan(0.21);
    }

    @Test
    void ratioAxis_allSlower_stillHoldsOne() {
        JFreeChart chart = speed(500, 0.55, 999, 0.6, 1000, 0.7);

        ticks(chart, 600, 400);

        assertThat(Axes.valueAxis(chart).getRange().contains(1.0)).isTrue();
        assertThat(Axes.isRatio(chart)).isTrue();
    }

    @Test
    void countAxis_allZero_hasThreeWholeTicks() {
        GcCountChart.Data data = new GcCountChart.Data("gc", "", 2_000_000, series("master", 1, 0, 23, 0),
                List.of(series("always-embed", 1, 0, 23, 0)), List.of());
        JFreeChart chart = GcCountChart.create(data);

        assertThat(ticks(chart, 600, 400)).hasSizeGreaterThanOrEqualTo(HonestAxis.MIN_TICKS);
    }

    @Test
    void xyRatio_speedupsAboveOne_keepOneInRange_andMarkIt() {
        XyLinesChart.Data data = new XyLinesChart.Data("speedup", "", "N", "speedup",
                List.of(new XyLinesChart.Line("keyword", List.of(new XyLinesChart.Point(1, 2.4), new XyLinesChart.Point(3, 6.5)))),
                List.of(), List.of(), false, false, false, true);
        JFreeChart plain = XyLinesChart.create(data, SlotlabTheme.standard());
        JFreeChart chart = XyLinesChart.createRatio(data, SlotlabTheme.standard());

        assertThat(ticks(chart, 600, 400)).hasSizeGreaterThanOrEqualTo(HonestAxis.MIN_TICKS);
        assertThat(Axes.valueAxis(chart).getRange().contains(1.0)).isTrue();
        // a decimal axis that is not a ratio keeps the data's own range (finite, 1.0 not forced in)
        Range own = Axes.valueAxis(plain).getRange();
        assertThat(own.getLowerBound()).isBetween(1.5, 2.4);
        assertThat(own.getUpperBound()).isBetween(6.5, 8.0);
        assertThat(Axes.oneMarkers(chart)).isEqualTo(1);
    }

    @Test
    void zoom_keepsOneInRange_andSaysSoOnTheChart() {
        // given
        JFreeChart chart = speed(1, 1.0, 23, 1.43, 250, 0.83, 999, 0.57);
        ticks(chart, 600, 400);

        // when: zoomed to a range above 1.0
        Axes.zoom(chart, new Range(1.2, 1.5), SlotlabTheme.standard());

        // then
        assertThat(Axes.valueAxis(chart).getRange().contains(1.0)).isTrue();
        assertThat(Axes.zoomNoted(chart)).isTrue();
        assertThat(ChartNotes.get(chart, Axes.ZOOM_NOTE).orElseThrow()).startsWith("Value axis zoomed to ").contains("full range");

        // and reset removes the note
        Axes.zoom(chart, null, SlotlabTheme.standard());
        assertThat(Axes.zoomNoted(chart)).isFalse();
    }

    @Test
    void retainedNotes_ofFourSeries_doNotOverprint() {
        // given: four candidates whose worst cases fall on neighbouring lengths (the pins' case)
        RetainedChart.Data data = new RetainedChart.Data("retained", "", 200_000,
                series("master", 200, 7.6, 231, 7.6, 232, 7.6, 250, 7.6),
                List.of(series("cutoff:256", 200, 48.8, 231, 48.8, 232, 7.6, 250, 7.6),
                        series("A (always-embed)", 200, 48.8, 231, 48.8, 232, 97.7, 250, 97.7),
                        series("B (cutoff:240)", 200, 48.8, 231, 7.6, 232, 7.6, 250, 7.6),
                        series("C (cutoff:232)", 200, 48.8, 231, 48.8, 232, 7.6, 250, 7.6)));
        JFreeChart chart = RetainedChart.create(data);
        BufferedImage img = new BufferedImage(600, 400, BufferedImage.TYPE_INT_RGB);
        Graphics2D g2 = img.createGraphics();
        ChartRenderingInfo info = new ChartRenderingInfo();
        chart.draw(g2, new Rectangle2D.Double(0, 0, 600, 400), info);
        CategoryPlot plot = chart.getCategoryPlot();
        BarNote notes = (BarNote) plot.getAnnotations().get(0);

        // when
        List<BarNote.Placed> placed = notes.layout(g2, plot, info.getPlotInfo().getDataArea(), plot.getDomainAxis(),
                plot.getRangeAxis());

        // then: every note is drawn, and no two boxes meet
        assertThat(placed).hasSize(4);
        for (int i = 0; i < placed.size(); i++) {
            for (int j = i + 1; j < placed.size(); j++) {
                assertThat(placed.get(i).box().intersects(placed.get(j).box()))
                        .as(placed.get(i).text() + " / " + placed.get(j).text()).isFalse();
            }
        }
        g2.dispose();
    }

    @Test
    void extrapolated_bandIsLabelled_onCategoryAndXyCharts() {
        JFreeChart speed = Regions.extrapolatedAbove(speed(1, 1.0, 1000, 0.7, 2000, 0.6), 1000,
                "beyond 1,000 B: extrapolated", SlotlabTheme.standard());
        XyLinesChart.Data data = new XyLinesChart.Data("speedup", "", "N", "speedup",
                List.of(new XyLinesChart.Line("keyword", List.of(new XyLinesChart.Point(1, 2.4), new XyLinesChart.Point(8, 9)))),
                List.of(), List.of(), false, false, false, true);
        JFreeChart xy = Regions.extrapolatedAbove(XyLinesChart.createRatio(data, SlotlabTheme.standard()), 3,
                "keyword: extrapolated beyond N = 3", SlotlabTheme.standard());

        assertThat(Regions.labels(speed)).containsExactly("beyond 1,000 B: extrapolated");
        assertThat(Regions.labels(xy)).containsExactly("keyword: extrapolated beyond N = 3");
        // inside the plot only the short tag; the sentence is a note under the chart, over no data
        assertThat(ChartNotes.all(xy)).contains("Shaded: keyword: extrapolated beyond N = 3");
        assertThat(ChartNotes.all(speed)).contains("Shaded: beyond 1,000 B: extrapolated");
        assertThat(Regions.TAG).isEqualTo("extrapolated");
        assertThat(ChartExporter.render(speed, 600, 400, 1).getWidth()).isEqualTo(600);
        assertThat(ChartExporter.render(xy, 600, 400, 1).getWidth()).isEqualTo(600);
    }

    @Test
    void modelBarsAndPublishedMarkers_haveHoverValues() {
        JFreeChart chart = SpeedRatioChart.create(new SpeedRatioChart.Data("speed", "", List.of(series("cutoff:256", 50, 1.31)),
                OptionalInt.empty(), List.of(series("himura467, arm64 macOS (Feature #22186)", 50, 1.34))));
        CategoryPlot plot = chart.getCategoryPlot();

        String bar = plot.getRenderer(0).getDefaultToolTipGenerator().generateToolTip(plot.getDataset(0), 0, 0);
        String pub = plot.getRenderer(1).getDefaultToolTipGenerator().generateToolTip(plot.getDataset(1), 0, 0);

        assertThat(bar).isEqualTo("cutoff:256 at 50 B: 1.31\u00d7 (baseline ns / candidate ns)");
        assertThat(pub).isEqualTo("himura467, arm64 macOS (Feature #22186) at 50 B: 1.34\u00d7 (published)");
    }
}
