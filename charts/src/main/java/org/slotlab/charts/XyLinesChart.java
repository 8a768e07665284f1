package org.slotlab.charts;

import java.awt.BasicStroke;
import java.util.List;
import java.util.Objects;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.labels.StandardXYToolTipGenerator;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYItemRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * A numeric x against a numeric y: the modelled lines of the buffer and Class#new scenarios
 * (RSS against i in Feature #12025 (https://bugs.ruby-lang.org/issues/12025), waste per malloc size
 * class, the JSON lifetime tradeoff of ruby/json PR #1135 (https://github.com/ruby/json/pull/1135), speedup against the
 * number of arguments in Fast Allocations in Ruby 3.5 (https://railsatscale.com/2025-05-21-fast-allocations-in-ruby-3-5)), the published points as
 * unconnected markers in the published colours, and labelled vertical markers at the x values
 * the thread talks about (i = 127/128, a break-even lifetime). Same {@code createDataset()} then
 * {@code create(data)} shape as the other factories (JFreeChart demos, {@code jfree/jfreechart}).
 */
public final class XyLinesChart {

    private XyLinesChart() {
    }

    /** One (x, y) point. */
    public record Point(double x, double y) {
    }

    /**
     * One named series; each x at most once.
     *
     * @param name   legend label
     * @param points points in any order
     */
    public record Line(String name, List<Point> points) {
        public Line {
            ChartSupport.requireText(name, "series name");
            points = List.copyOf(Objects.requireNonNull(points, "points of " + name));
        }
    }

    /** A vertical line at {@code x} with a short label. */
    public record Marker(double x, String label) {
        public Marker {
            ChartSupport.requireText(label, "marker label");
        }
    }

    /**
     * What the chart shows.
     *
     * @param title       chart title; may be empty
     * @param subtitle    one line under the title; may be empty
     * @param xLabel      x axis label with its unit
     * @param yLabel      y axis label with its unit
     * @param lines       modelled series, drawn as lines in the series colours
     * @param published   published points, drawn as unconnected markers
     * @param markers     vertical reference lines
     * @param logX        logarithmic x axis (all x must then be &gt; 0)
     * @param steps       draw the lines as steps (a value holds until the next x), for size classes
     * @param includeZero whether the y axis starts at zero
     * @param integerX    ticks on whole numbers only (byte counts, numbers of arguments)
     */
    public record Data(String title, String subtitle, String xLabel, String yLabel, List<Line> lines,
                       List<Line> published, List<Marker> markers, boolean logX, boolean steps, boolean includeZero,
                       boolean integerX) {
        public Data {
            ChartSupport.requireText(title, "chart title");
            ChartSupport.requireText(subtitle, "chart subtitle");
            ChartSupport.requireText(xLabel, "x label");
            ChartSupport.requireText(yLabel, "y label");
            lines = List.copyOf(Objects.requireNonNull(lines, "lines"));
            published = List.copyOf(Objects.requireNonNull(published, "published"));
            markers = List.copyOf(Objects.requireNonNull(markers, "markers"));
            if (logX) {
                for (List<Line> group : List.of(lines, published)) {
                    for (Line l : group) {
                        for (Point p : l.points()) {
                            if (!(p.x() > 0)) {
                                throw new IllegalArgumentException("a logarithmic x axis needs x > 0, series '"
                                        + l.name() + "' has x = " + p.x());
                            }
                        }
                    }
                }
            }
        }
    }

    /** One XY series per line, in order; a repeated x in one line is an error naming the series. */
    public static XYSeriesCollection createDataset(List<Line> lines) {
        XYSeriesCollection dataset = new XYSeriesCollection();
        for (Line l : lines) {
            XYSeries s = new XYSeries(l.name(), true, false);
            for (Point p : l.points()) {
                try {
                    s.add(p.x(), p.y());
                } catch (org.jfree.data.general.SeriesException e) {
                    throw new IllegalArgumentException("series '" + l.name() + "' has x = " + p.x() + " twice", e);
                }
            }
            dataset.addSeries(s);
        }
        return dataset;
    }

    public static JFreeChart create(Data data) {
        return create(data, SlotlabTheme.standard());
    }

    /**
     * The same chart for a y that is a ratio (a speedup, 3.4 ns / 3.5 ns): 1.0 always in range and
     * marked, at least {@link HonestAxis#RATIO_MIN_REACH} either side of it ({@link Axes#ratio}).
     */
    public static JFreeChart createRatio(Data data, SlotlabTheme theme) {
        return Axes.ratio(create(data, theme), theme);
    }

    public static JFreeChart create(Data data, SlotlabTheme theme) {
        ValueAxis x;
        if (data.logX()) {
            LogAxis log = new LogAxis(data.xLabel());
            log.setBase(10);
            // one tick per decade (the unit is in log10 space)
            log.setTickUnit(new org.jfree.chart.axis.NumberTickUnit(1));
            log.setNumberFormatOverride(ChartSupport.decimals("#,##0.###"));
            x = log;
        } else {
            NumberAxis n = new HonestAxis(data.xLabel());
            n.setAutoRangeIncludesZero(false);
            if (data.integerX()) {
                n.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
            } else {
                n.setNumberFormatOverride(ChartSupport.decimals("#,##0.###"));
            }
            x = n;
        }
        NumberAxis y = ChartSupport.valueAxis(data.yLabel(), data.includeZero());
        y.setNumberFormatOverride(ChartSupport.decimals("#,##0.##"));
        String tip = "{0}: " + data.xLabel() + " {1}, " + data.yLabel() + " {2}";
        XYItemRenderer lines;
        if (data.steps()) {
            XYStepRenderer step = new XYStepRenderer();
            lines = step;
        } else {
            XYLineAndShapeRenderer l = new XYLineAndShapeRenderer(true, false);
            lines = l;
        }
        for (int i = 0; i < data.lines().size(); i++) {
            lines.setSeriesPaint(i, theme.seriesColor(i));
            lines.setSeriesStroke(i, theme.lineStroke());
        }
        lines.setDefaultToolTipGenerator(new StandardXYToolTipGenerator(tip, ChartSupport.decimals("#,##0.###"),
                ChartSupport.decimals("#,##0.##")));
        XYPlot plot = new XYPlot(createDataset(data.lines()), x, y, lines);
        if (!data.published().isEmpty()) {
            XYLineAndShapeRenderer marks = new XYLineAndShapeRenderer(false, true);
            marks.setUseOutlinePaint(true);
            marks.setDrawOutlines(true);
            marks.setUseFillPaint(false);
            for (int i = 0; i < data.published().size(); i++) {
                marks.setSeriesShape(i, theme.markerShape(i));
                marks.setSeriesPaint(i, theme.publishedColor(i));
                marks.setSeriesOutlinePaint(i, java.awt.Color.WHITE);
                marks.setSeriesOutlineStroke(i, theme.outlineStroke());
            }
            marks.setDefaultToolTipGenerator(new StandardXYToolTipGenerator("published " + tip,
                    ChartSupport.decimals("#,##0.###"), ChartSupport.decimals("#,##0.##")));
            plot.setDataset(1, createDataset(data.published()));
            plot.setRenderer(1, marks);
        }
        plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
        for (Marker m : data.markers()) {
            ValueMarker vm = new ValueMarker(m.x(), SlotlabTheme.AXIS_LINE, new BasicStroke(theme.px(1.5),
                    BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {theme.px(6), theme.px(4)}, 0f));
            vm.setLabel(m.label());
            vm.setLabelFont(theme.annotationFont());
            vm.setLabelPaint(SlotlabTheme.TEXT_MUTED);
            vm.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
            vm.setLabelTextAnchor(TextAnchor.TOP_LEFT);
            plot.addDomainMarker(vm);
        }
        LegendItemCollection legend = new LegendItemCollection();
        for (int i = 0; i < plot.getRendererCount(); i++) {
            if (plot.getRenderer(i) != null) {
                legend.addAll(plot.getRenderer(i).getLegendItems());
            }
        }
        plot.setFixedLegendItems(legend);
        plot.setNoDataMessage(ChartSupport.NO_DATA);
        JFreeChart chart = new JFreeChart(data.title().isBlank() ? null : data.title(), theme.titleFont(), plot, true);
        if (!data.subtitle().isBlank()) {
            chart.addSubtitle(0, new TextTitle(data.subtitle()));
        }
        theme.apply(chart);
        return chart;
    }
}
