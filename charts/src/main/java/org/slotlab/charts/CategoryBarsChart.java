package org.slotlab.charts;

import java.util.List;
import java.util.Objects;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.labels.StandardCategoryToolTipGenerator;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.chart.renderer.category.StackedBarRenderer;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * Bars over named categories, grouped or stacked: policies, allocators, sites or parsers on the x
 * axis, the modelled series as bars and the published values as markers on the same categories.
 * The JSON unescape scenario draws retained capacity per unescape policy against json_unescape.csv
 * (ruby/json PR #1135), the require-index scenario its index per allocator (Feature #14460), the
 * parsers scenario the header values of each site stacked as embedded / copied / shared
 * (http_headers.csv, Feature #22186). The
 * {@code createDataset()} then {@code create(data)} shape of the JFreeChart demos.
 */
public final class CategoryBarsChart {

    private CategoryBarsChart() {
    }

    /** One bar (or one stacked segment, or one published marker). */
    public record Bar(String series, String category, double value) {
        public Bar {
            ChartSupport.requireText(series, "bar series");
            ChartSupport.requireText(category, "bar category");
        }
    }

    /**
     * What the chart shows.
     *
     * @param title         chart title; may be empty
     * @param subtitle      one line under the title; may be empty
     * @param categoryLabel x axis label
     * @param valueLabel    y axis label with its unit
     * @param bars          modelled bars; series and categories appear in first-seen order
     * @param published     published values as markers on the same categories
     * @param stacked       stack the series of a category instead of grouping them
     * @param labelPattern  DecimalFormat of the value labels on the bars, or empty for none
     */
    public record Data(String title, String subtitle, String categoryLabel, String valueLabel, List<Bar> bars,
                       List<Bar> published, boolean stacked, String labelPattern) {
        public Data {
            ChartSupport.requireText(title, "chart title");
            ChartSupport.requireText(subtitle, "chart subtitle");
            ChartSupport.requireText(categoryLabel, "category label");
            ChartSupport.requireText(valueLabel, "value label");
            ChartSupport.requireText(labelPattern, "label pattern");
            bars = List.copyOf(Objects.requireNonNull(bars, "bars"));
            published = List.copyOf(Objects.requireNonNull(published, "published"));
        }
    }

    /** Rows = series, columns = categories, in first-seen order. */
    public static DefaultCategoryDataset createDataset(List<Bar> bars) {
        DefaultCategoryDataset dataset = new DefaultCategoryDataset();
        for (Bar b : bars) {
            dataset.addValue(b.value(), b.series(), b.category());
        }
        return dataset;
    }

    public static JFreeChart create(Data data) {
        return create(data, SlotlabTheme.standard());
    }

    /**
     * The same chart for values that are ratios (base / other): bars grow from 1.0, which is always
     * in range and marked ({@link Axes#ratio}).
     */
    public static JFreeChart createRatio(Data data, SlotlabTheme theme) {
        return Axes.ratio(create(data, theme), theme);
    }

    public static JFreeChart create(Data data, SlotlabTheme theme) {
        DefaultCategoryDataset dataset = createDataset(data.bars());
        BarRenderer bars = data.stacked() ? new StackedBarRenderer() : new LabelledBarRenderer();
        bars.setItemMargin(0.04);
        bars.setMaximumBarWidth(data.stacked() ? 0.22 : 0.1);
        bars.setDefaultLegendShape(theme.legendSwatch());
        for (int i = 0; i < dataset.getRowCount(); i++) {
            bars.setSeriesPaint(i, theme.seriesColor(i));
        }
        String tip = "{0}, {1}: {2} " + data.valueLabel();
        bars.setDefaultToolTipGenerator(new StandardCategoryToolTipGenerator(tip, ChartSupport.decimals("#,##0.##")));
        if (!data.labelPattern().isEmpty()) {
            bars.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator("{2}",
                    ChartSupport.decimals(data.labelPattern())));
            bars.setDefaultItemLabelsVisible(true);
            bars.setDefaultItemLabelFont(theme.annotationFont());
            if (!data.stacked()) {
                bars.setDefaultPositiveItemLabelPosition(ChartSupport.above());
                bars.setDefaultNegativeItemLabelPosition(ChartSupport.below());
            }
        }
        CategoryAxis x = ChartSupport.lengthAxis(data.categoryLabel());
        NumberAxis y = ChartSupport.valueAxis(data.valueLabel(), true);
        CategoryPlot plot = new CategoryPlot(dataset, x, y, bars);
        if (!data.published().isEmpty()) {
            DefaultCategoryDataset pub = new DefaultCategoryDataset();
            for (Object col : dataset.getColumnKeys()) {
                for (Bar b : data.published()) {
                    pub.addValue(null, b.series(), (Comparable<?>) col);
                }
            }
            for (Bar b : data.published()) {
                pub.setValue(b.value(), b.series(), b.category());
            }
            LineAndShapeRenderer marks = ChartSupport.overlayRenderer(theme, pub.getRowCount(), 0);
            marks.setDefaultToolTipGenerator(new StandardCategoryToolTipGenerator("published " + tip,
                    ChartSupport.decimals("#,##0.##")));
            plot.setDataset(1, pub);
            plot.setRenderer(1, marks);
        }
        plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
        return ChartSupport.chart(data.title(), data.subtitle(), plot, theme, ChartSupport.legendOf(plot));
    }
}
