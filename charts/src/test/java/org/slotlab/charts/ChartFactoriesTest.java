package org.slotlab.charts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import org.slotlab.model.reference.Source;
import java.util.List;
import java.util.OptionalInt;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.title.TextTitle;
import org.junit.jupiter.api.Test;
import org.slotlab.charts.SlotSizeChart.SlotPoint;
import org.slotlab.charts.SlotSizeChart.SlotSeries;

/** Every factory builds with empty and with multi-series data, themed, and draws headless. */
class ChartFactoriesTest {

    private static final Source HIMURA = Source.FEATURE_22186.measuredBy("himura467", "arm64 macOS");

    private static LengthSeries series(String name, double... lenValuePairs) {
        List<LengthPoint> points = new java.util.ArrayList<>();
        for (int i = 0; i < lenValuePairs.length; i += 2) {
            points.add(new LengthPoint((int) lenValuePairs[i], lenValuePairs[i + 1]));
        }
        return new LengthSeries(name, points);
    }

    private static void assertThemedAndDrawable(JFreeChart chart) {
        CategoryPlot plot = chart.getCategoryPlot();
        assertThat(plot.getBackgroundPaint()).isEqualTo(SlotlabTheme.BACKGROUND);
        assertThat(plot.getRangeGridlinePaint()).isEqualTo(SlotlabTheme.GRIDLINE);
        assertThat(chart.getBackgroundPaint()).isEqualTo(SlotlabTheme.BACKGROUND);
        BufferedImage image = ChartExporter.render(chart, 600, 400, 1);
        assertThat(image.getWidth()).isEqualTo(600);
    }

    private static List<String> legend(JFreeChart chart) {
        return ChartSupport.legendLabels(chart.getCategoryPlot());
    }

    @Test
    void speedRatio_empty_buildsWithoutData() {
        JFreeChart chart = SpeedRatioChart.create(new SpeedRatioChart.Data("", "", List.of(), OptionalInt.empty(), List.of()));

        assertThemedAndDrawable(chart);
        assertThat(chart.getTitle()).isNull();
        assertThat(chart.getCategoryPlot().getNoDataMessage()).isEqualTo("no data yet");
        assertThat(legend(chart)).isEmpty();
    }

    @Test
    void speedRatio_singleCandidate_coloursBarsBySign_andMarksCutoff() {
        // Feature #22186, himura467: 1.34x faster at 50 B, 1.31x slower at 250 B (0.763)
        JFreeChart chart = SpeedRatioChart.create(new SpeedRatioChart.Data("speed", "frozen source",
                List.of(series("no cutoff", 50, 1.34, 250, 0.763)), OptionalInt.of(231),
                List.of(LengthSeries.published(HIMURA, List.of(new LengthPoint(50, 1.34))))));

        CategoryPlot plot = chart.getCategoryPlot();
        assertThemedAndDrawable(chart);
        assertThat(plot.getRenderer(0).getItemPaint(0, 0)).isEqualTo(SlotlabTheme.FASTER);
        assertThat(plot.getRenderer(0).getItemPaint(0, 1)).isEqualTo(SlotlabTheme.SLOWER);
        assertThat(plot.getRangeMarkers(org.jfree.chart.ui.Layer.FOREGROUND)).hasSize(1);
        assertThat(plot.getAnnotations()).hasSize(1);
        assertThat(((CutoffMarker) plot.getAnnotations().get(0)).label()).isEqualTo("largest embedded length: 231 B");
        assertThat(legend(chart)).containsExactly("no cutoff faster", "no cutoff slower",
                "himura467, arm64 macOS (Feature #22186)", "1.0 = same speed");
        assertThat(plot.getRangeAxis().getLabel()).isEqualTo("baseline / candidate (\u00d7)");
    }

    @Test
    void speedRatio_severalCandidates_useSeriesColours_andShareLengths() {
        JFreeChart chart = SpeedRatioChart.create(new SpeedRatioChart.Data("speed", "",
                List.of(series("pinned: master vs 128", 50, 1.3), series("current", 100, 1.2, 250, 0.8),
                        series("pinned: always embed", 999, 0.546)),
                OptionalInt.empty(), List.of()));

        CategoryPlot plot = chart.getCategoryPlot();
        assertThemedAndDrawable(chart);
        for (int i = 0; i < 3; i++) {
            assertThat(plot.getRenderer(0).getItemPaint(i, 0)).isEqualTo(SlotlabTheme.SERIES.get(i));
        }
        assertThat(plot.getDataset(0).getColumnKeys()).containsExactly(50, 100, 250, 999);
        assertThat(legend(chart)).containsExactly("pinned: master vs 128", "current", "pinned: always embed",
                "1.0 = same speed");
    }

    @Test
    void speedRatio_nonPositiveRatio_namesSeriesAndLength() {
        assertThatThrownBy(() -> new SpeedRatioChart.Data("", "", List.of(series("current", 50, 0)),
                OptionalInt.empty(), List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'current' at len 50 B must be > 0");
    }

    @Test
    void gcCount_emptyAndMulti() {
        JFreeChart empty = GcCountChart.create(new GcCountChart.Data("", "", 10_000_000,
                new LengthSeries("master", List.of()), List.of(), List.of()));
        assertThemedAndDrawable(empty);

        JFreeChart chart = GcCountChart.create(new GcCountChart.Data("GC", "", 10_000_000,
                series("master", 50, 79, 999, 79), List.of(series("no cutoff", 50, 149, 999, 1604),
                        series("cutoff 256", 50, 149, 999, 79)),
                List.of(LengthSeries.published(HIMURA, List.of(new LengthPoint(999, 1500))))));
        CategoryPlot plot = chart.getCategoryPlot();
        assertThemedAndDrawable(chart);
        assertThat(plot.getRenderer(0).getItemPaint(0, 0)).isEqualTo(SlotlabTheme.BASELINE);
        assertThat(plot.getRenderer(0).getItemPaint(1, 0)).isEqualTo(SlotlabTheme.SERIES.get(0));
        assertThat(plot.getRangeAxis().getLabel()).isEqualTo("GC count per 10M operations");
        assertThat(legend(chart)).containsExactly("master", "no cutoff", "cutoff 256",
                "himura467, arm64 macOS (Feature #22186)");
    }

    @Test
    void retained_worstCase_isTheThreadsMultiplier() {
        // Feature #22186: 200,000 slices; master 40 B each, no cutoff 1024 B at len 999 -> 25.6x
        double mib = 1024.0 * 1024.0;
        RetainedChart.Data data = new RetainedChart.Data("retained", "", 200_000,
                series("master", 231, 200_000 * 40 / mib, 999, 200_000 * 40 / mib),
                List.of(series("no cutoff", 231, 200_000 * 256 / mib, 999, 200_000 * 1024 / mib),
                        series("cutoff 256", 231, 200_000 * 256 / mib, 999, 200_000 * 40 / mib)));

        List<RetainedChart.WorstCase> worst = RetainedChart.worstCases(data);
        JFreeChart chart = RetainedChart.create(data);

        assertThat(worst).extracting(RetainedChart.WorstCase::lenBytes).containsExactly(999, 231);
        assertThat(RetainedChart.worstCaseText(worst.get(0), "master")).isEqualTo("worst case 25.6\u00d7 master");
        assertThat(RetainedChart.worstCaseText(worst.get(1), "master")).isEqualTo("worst case 6.4\u00d7 master");
        List<String> notes = new java.util.ArrayList<>();
        chart.getCategoryPlot().getAnnotations().forEach(a -> notes.addAll(((BarNote) a).texts()));
        assertThat(notes).containsExactly("no cutoff: worst case 25.6\u00d7 master", "cutoff 256: worst case 6.4\u00d7 master");
        assertThat(((TextTitle) chart.getSubtitle(0)).getText()).isEqualTo("R = 200k kept substrings");
        assertThemedAndDrawable(chart);
    }

    @Test
    void retained_empty_hasNoWorstCase() {
        RetainedChart.Data data = new RetainedChart.Data("", "", 1, new LengthSeries("master", List.of()), List.of());

        assertThat(RetainedChart.worstCase(data)).isEmpty();
        assertThemedAndDrawable(RetainedChart.create(data));
    }

    @Test
    void slotSize_twoAxes_overlayOnBoth() {
        // Feature #22186, byroot: 32 B 25.45 ns 67 GCs; 1024 B 67.06 ns 1604 GCs per 10M allocations
        SlotSeries published = SlotSeries.published(Source.FEATURE_22186.measuredBy("byroot", "arm64-darwin25"),
                List.of(new SlotPoint(32, 25.45, 67), new SlotPoint(1024, 67.06, 1604)));
        JFreeChart chart = SlotSizeChart.create(new SlotSizeChart.Data("slots", "", 10_000_000,
                new SlotSeries("model", List.of(new SlotPoint(32, 26, 70), new SlotPoint(40, 27, 80))),
                List.of(published)));

        CategoryPlot plot = chart.getCategoryPlot();
        assertThemedAndDrawable(chart);
        assertThat(plot.getRangeAxis(1).getLabel()).isEqualTo("GC count per 10M allocations");
        assertThat(plot.getRangeAxisIndex(plot.getRangeAxisForDataset(3))).isEqualTo(1);
        assertThat(plot.getDataset(0).getColumnKeys()).containsExactly(32, 40, 1024);
        assertThat(legend(chart)).containsExactly("model: ns/alloc", "model: GC count",
                "byroot, arm64-darwin25 (Feature #22186): ns/alloc", "byroot, arm64-darwin25 (Feature #22186): GC count");
    }

    @Test
    void slotSize_empty_builds() {
        assertThemedAndDrawable(SlotSizeChart.create(new SlotSizeChart.Data("", "", 10_000_000,
                new SlotSeries("model", List.of()), List.of())));
    }

    @Test
    void ratioLabels_contrastWithTheirBar() {
        assertThat(SpeedRatioChart.RatioBarRenderer.contrastingText(SlotlabTheme.BLUE)).isEqualTo(java.awt.Color.WHITE);
        assertThat(SpeedRatioChart.RatioBarRenderer.contrastingText(SlotlabTheme.ORANGE)).isEqualTo(SlotlabTheme.TEXT);
    }

    @Test
    void projectorTheme_enlargesChartText() {
        SpeedRatioChart.Data data = new SpeedRatioChart.Data("t", "", List.of(series("c", 50, 1.3)),
                OptionalInt.empty(), List.of());

        float standard = SpeedRatioChart.create(data).getTitle().getFont().getSize2D();
        float projector = SpeedRatioChart.create(data, SlotlabTheme.projector()).getTitle().getFont().getSize2D();

        assertThat(projector).isEqualTo((float) (standard * SlotlabTheme.PROJECTOR_SCALE));
    }

    @Test
    void lengthSeries_duplicateLength_isRejected() {
        assertThatThrownBy(() -> series("current", 50, 1.0, 50, 2.0))
                .hasMessage("series 'current' has two points at len 50 B");
    }

    @Test
    void count_abbreviatesRoundNumbers() {
        assertThat(ChartSupport.count(10_000_000)).isEqualTo("10M");
        assertThat(ChartSupport.count(200_000)).isEqualTo("200k");
        assertThat(ChartSupport.count(1_234)).isEqualTo("1,234");
        assertThat(ChartSupport.count(2_500_000)).isEqualTo("2.5M");
    }
}
