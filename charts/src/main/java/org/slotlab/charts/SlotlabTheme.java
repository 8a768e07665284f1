package org.slotlab.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.util.List;
import java.util.Objects;

import org.jfree.chart.ChartTheme;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.Axis;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DefaultDrawingSupplier;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.CategoryItemRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.title.Title;
import org.jfree.chart.ui.HorizontalAlignment;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;

/**
 * Slotlab's one chart theme, used by every chart and every export ("one chart theme of
 * our own"): white background instead of JFreeChart's grey plot, light horizontal gridlines only,
 * the Okabe-Ito colour-blind-safe palette (Okabe &amp; Ito, "Color Universal Design", 2008),
 * the logical font {@code SansSerif} so text renders the same headless, and one {@code scale}
 * factor that enlarges every font, stroke, shape and gap together (1 for a screen or an issue
 * comment, {@link #PROJECTOR_SCALE} for a projector). Export at 2x is done by
 * {@link ChartExporter} scaling the whole drawing, not by this factor.
 */
public final class SlotlabTheme implements ChartTheme {

    static {
        // Rotated text (the value axis label) as a plain rotated drawString. JFreeChart's default
        // "workaround" lays it out with a TextLayout, which FXGraphics2D and JFreeSVG can only
        // draw as filled glyph outlines: a path of hundreds of segments on every redraw of a live
        // chart, and a label that is not text in an exported SVG. The workaround was for rotated
        // drawString bugs of JDKs long gone; Java 17's Java2D, FXGraphics2D and JFreeSVG rotate
        // text correctly.
        org.jfree.chart.text.TextUtils.setUseDrawRotatedStringWorkaround(false);
    }


    /** Okabe-Ito black (0, 0, 0). */
    public static final Color BLACK = new Color(0x000000);
    /** Okabe-Ito orange (230, 159, 0). */
    public static final Color ORANGE = new Color(0xE69F00);
    /** Okabe-Ito sky blue (86, 180, 233). */
    public static final Color SKY_BLUE = new Color(0x56B4E9);
    /** Okabe-Ito bluish green (0, 158, 115). */
    public static final Color BLUISH_GREEN = new Color(0x009E73);
    /** Okabe-Ito yellow (240, 228, 66). */
    public static final Color YELLOW = new Color(0xF0E442);
    /** Okabe-Ito blue (0, 114, 178). */
    public static final Color BLUE = new Color(0x0072B2);
    /** Okabe-Ito vermillion (213, 94, 0). */
    public static final Color VERMILLION = new Color(0xD55E00);
    /** Okabe-Ito reddish purple (204, 121, 167). */
    public static final Color REDDISH_PURPLE = new Color(0xCC79A7);

    /** Candidate series colours in order (pinned 1..3, then current); yellow is left out: too light on white. */
    public static final List<Color> SERIES = List.of(BLUE, ORANGE, BLUISH_GREEN, REDDISH_PURPLE, SKY_BLUE, VERMILLION);
    /** The baseline (e.g. master) in every chart: a neutral grey, so candidates stand out. */
    public static final Color BASELINE = new Color(0x9A9A9A);
    /** A single candidate's bar where it is faster than the baseline (ratio above 1). */
    public static final Color FASTER = BLUISH_GREEN;
    /** A single candidate's bar where it is slower than the baseline (ratio below 1). */
    public static final Color SLOWER = VERMILLION;
    /** Published (measured) overlay points, one colour per source. */
    public static final List<Color> PUBLISHED = List.of(BLACK, new Color(0x5A3E8C), new Color(0x7A4A00));

    /** Chart and plot background. */
    public static final Color BACKGROUND = Color.WHITE;
    /** Gridlines: light enough to read values against without competing with the data. */
    public static final Color GRIDLINE = new Color(0xE2E5E9);
    /** Titles, labels and annotations. */
    public static final Color TEXT = new Color(0x1F2328);
    /** Subtitles and tick labels: one step lighter than {@link #TEXT}. */
    public static final Color TEXT_MUTED = new Color(0x4A5059);
    /** Axis lines and tick marks. */
    public static final Color AXIS_LINE = new Color(0x8C959F);

    /** Font family: a Java logical font, present on every JDK including headless Linux. */
    public static final String FONT_FAMILY = Font.SANS_SERIF;
    /** Title size in points at scale 1; sized to read at 1200 px wide in an issue comment. */
    public static final float TITLE_POINTS = 22f;
    /** Subtitle size in points at scale 1. */
    public static final float SUBTITLE_POINTS = 15f;
    /** Axis label size in points at scale 1. */
    public static final float AXIS_LABEL_POINTS = 15f;
    /** Tick label and legend size in points at scale 1. */
    public static final float TICK_POINTS = 13f;
    /** Item label and annotation size in points at scale 1. */
    public static final float ANNOTATION_POINTS = 13f;
    /** Data line width in pixels at scale 1. */
    public static final float LINE_WIDTH = 2.5f;
    /** Gridline width in pixels at scale 1. */
    public static final float GRID_WIDTH = 1f;
    /** Reference line (the 1.0 baseline, the cutoff) width in pixels at scale 1. */
    public static final float REFERENCE_WIDTH = 1.75f;
    /** Overlay marker size (diameter) in pixels at scale 1. */
    public static final float SHAPE_SIZE = 11f;
    /** Legend swatch side for bar series in pixels at scale 1; about the legend text's cap height. */
    public static final float LEGEND_SWATCH = 11f;
    /** Outer padding of the chart in pixels at scale 1. */
    public static final float PADDING = 12f;
    /** The scale for a projector: text about 1.5 times larger in the same layout. */
    public static final double PROJECTOR_SCALE = 1.5;
    /** Largest accepted scale; beyond it fonts no longer fit a 1200 px chart. */
    public static final double MAX_SCALE = 4.0;

    private final double scale;

    private SlotlabTheme(double scale) {
        if (!(scale > 0 && scale <= MAX_SCALE)) {
            throw new IllegalArgumentException("theme scale must be in (0, " + MAX_SCALE + "] but was " + scale);
        }
        this.scale = scale;
    }

    /** Screen and issue-comment size (scale 1). */
    public static SlotlabTheme standard() {
        return new SlotlabTheme(1.0);
    }

    /** Larger fonts and strokes for a projector ({@link #PROJECTOR_SCALE}). */
    public static SlotlabTheme projector() {
        return new SlotlabTheme(PROJECTOR_SCALE);
    }

    /** Any scale in (0, {@link #MAX_SCALE}]. */
    public static SlotlabTheme of(double scale) {
        return new SlotlabTheme(scale);
    }

    public double scale() {
        return scale;
    }

    /** A length in pixels at scale 1, scaled. */
    public float px(double pixelsAtScale1) {
        return (float) (pixelsAtScale1 * scale);
    }

    public Font titleFont() {
        return font(Font.BOLD, TITLE_POINTS);
    }

    public Font subtitleFont() {
        return font(Font.PLAIN, SUBTITLE_POINTS);
    }

    public Font axisLabelFont() {
        return font(Font.PLAIN, AXIS_LABEL_POINTS);
    }

    public Font tickFont() {
        return font(Font.PLAIN, TICK_POINTS);
    }

    public Font annotationFont() {
        return font(Font.PLAIN, ANNOTATION_POINTS);
    }

    public Font annotationBoldFont() {
        return font(Font.BOLD, ANNOTATION_POINTS);
    }

    private Font font(int style, float points) {
        return new Font(FONT_FAMILY, style, 1).deriveFont(style, points * (float) scale);
    }

    public Stroke lineStroke() {
        return new BasicStroke(px(LINE_WIDTH), BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
    }

    public Stroke gridStroke() {
        return new BasicStroke(px(GRID_WIDTH));
    }

    public Stroke referenceStroke() {
        return new BasicStroke(px(REFERENCE_WIDTH));
    }

    /** Dashed reference line, for thresholds such as the embed cutoff. */
    public Stroke dashedStroke() {
        return new BasicStroke(px(REFERENCE_WIDTH), BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                new float[] {px(6), px(4)}, 0f);
    }

    /** Thin outline drawn around overlay markers so they stand out on bars of any colour. */
    public Stroke outlineStroke() {
        return new BasicStroke(px(1.25));
    }

    /** The colour of candidate series {@code index} (cycling through {@link #SERIES}). */
    public Color seriesColor(int index) {
        return SERIES.get(Math.floorMod(index, SERIES.size()));
    }

    /** The colour of published source {@code index}. */
    public Color publishedColor(int index) {
        return PUBLISHED.get(Math.floorMod(index, PUBLISHED.size()));
    }

    /** Legend swatch of a bar series: a square as tall as the legend text. */
    public Shape legendSwatch() {
        double h = px(LEGEND_SWATCH) / 2;
        return new Rectangle2D.Double(-h, -h, 2 * h, 2 * h);
    }

    /** A distinct marker shape per overlay index: diamond, triangle up, square, triangle down, circle. */
    public Shape markerShape(int index) {
        double s = px(SHAPE_SIZE);
        double h = s / 2;
        switch (Math.floorMod(index, 5)) {
            case 0: {
                Path2D.Double p = new Path2D.Double();
                double d = h * 1.2;
                p.moveTo(0, -d); p.lineTo(d, 0); p.lineTo(0, d); p.lineTo(-d, 0); p.closePath();
                return p;
            }
            case 1: {
                Path2D.Double p = new Path2D.Double();
                p.moveTo(0, -h * 1.15); p.lineTo(h * 1.1, h * 0.85); p.lineTo(-h * 1.1, h * 0.85); p.closePath();
                return p;
            }
            case 2:
                return new Rectangle2D.Double(-h * 0.9, -h * 0.9, h * 1.8, h * 1.8);
            case 3: {
                Path2D.Double p = new Path2D.Double();
                p.moveTo(0, h * 1.15); p.lineTo(h * 1.1, -h * 0.85); p.lineTo(-h * 1.1, -h * 0.85); p.closePath();
                return p;
            }
            default:
                return new Ellipse2D.Double(-h, -h, s, s);
        }
    }

    /** Applies fonts, colours, strokes and spacing to the whole chart: titles, legend, plot, axes, renderers. */
    @Override
    public void apply(JFreeChart chart) {
        Objects.requireNonNull(chart, "chart");
        chart.setBackgroundPaint(BACKGROUND);
        chart.setPadding(new RectangleInsets(px(PADDING), px(PADDING), px(PADDING), px(PADDING) * 1.5));
        chart.setAntiAlias(true);
        chart.setTextAntiAlias(true);
        if (chart.getTitle() != null) {
            styleTitle(chart.getTitle(), titleFont(), TEXT, px(2));
        }
        // Unlike JFreeChart's StandardChartTheme this does not clear series paints, so the colours
        // a factory chose (baseline grey, faster/slower, published black) survive.
        for (int i = 0; i < chart.getSubtitleCount(); i++) {
            Title title = chart.getSubtitle(i);
            if (title instanceof TextTitle text) {
                styleTitle(text, subtitleFont(), TEXT_MUTED, px(6));
            } else if (title instanceof LegendTitle legend) {
                legend.setFrame(BlockBorder.NONE);
                legend.setBackgroundPaint(BACKGROUND);
                legend.setItemFont(tickFont());
                legend.setItemPaint(TEXT);
                legend.setPosition(RectangleEdge.BOTTOM);
                legend.setHorizontalAlignment(HorizontalAlignment.CENTER);
                legend.setMargin(new RectangleInsets(px(8), 0, 0, 0));
                legend.setItemLabelPadding(new RectangleInsets(px(2), px(4), px(2), px(14)));
                legend.setLegendItemGraphicPadding(new RectangleInsets(px(2), px(4), px(2), px(2)));
            }
        }
        Plot plot = chart.getPlot();
        plot.setBackgroundPaint(BACKGROUND);
        plot.setOutlineVisible(false);
        plot.setDrawingSupplier(drawingSupplier());
        plot.setInsets(new RectangleInsets(px(8), px(4), px(4), px(8)));
        plot.setNoDataMessageFont(subtitleFont());
        plot.setNoDataMessagePaint(TEXT_MUTED);
        if (plot instanceof CategoryPlot cp) {
            applyToCategoryPlot(cp);
        } else if (plot instanceof XYPlot xy) {
            xy.setDomainGridlinesVisible(false);
            xy.setRangeGridlineStroke(gridStroke());
            for (int i = 0; i < xy.getDomainAxisCount(); i++) {
                styleAxis(xy.getDomainAxis(i));
            }
            for (int i = 0; i < xy.getRangeAxisCount(); i++) {
                styleAxis(xy.getRangeAxis(i));
            }
        }
    }

    private void applyToCategoryPlot(CategoryPlot plot) {
        plot.setDomainGridlinesVisible(false);
        plot.setRangeGridlinesVisible(true);
        plot.setRangeGridlinePaint(GRIDLINE);
        plot.setRangeGridlineStroke(gridStroke());
        plot.setRangeZeroBaselineVisible(false);
        plot.setAxisOffset(RectangleInsets.ZERO_INSETS);
        for (int i = 0; i < plot.getDomainAxisCount(); i++) {
            CategoryAxis axis = plot.getDomainAxis(i);
            if (axis != null) {
                styleAxis(axis);
                axis.setCategoryMargin(0.25);
                axis.setLowerMargin(0.02);
                axis.setUpperMargin(0.02);
            }
        }
        for (int i = 0; i < plot.getRangeAxisCount(); i++) {
            styleAxis(plot.getRangeAxis(i));
        }
        for (int i = 0; i < plot.getRendererCount(); i++) {
            CategoryItemRenderer renderer = plot.getRenderer(i);
            if (renderer == null) {
                continue;
            }
            renderer.setDefaultItemLabelFont(annotationFont());
            renderer.setDefaultItemLabelPaint(TEXT);
            if (renderer instanceof BarRenderer bar) {
                bar.setBarPainter(new StandardBarPainter());
                bar.setShadowVisible(false);
                bar.setDrawBarOutline(false);
            }
        }
    }

    private void styleAxis(Axis axis) {
        if (axis == null) {
            return;
        }
        axis.setLabelFont(axisLabelFont());
        axis.setLabelPaint(TEXT);
        axis.setTickLabelFont(tickFont());
        axis.setTickLabelPaint(TEXT_MUTED);
        axis.setAxisLinePaint(AXIS_LINE);
        axis.setAxisLineStroke(new BasicStroke(px(1)));
        axis.setTickMarkPaint(AXIS_LINE);
        axis.setTickMarkStroke(new BasicStroke(px(1)));
        axis.setTickMarkOutsideLength(px(4));
        axis.setTickMarkInsideLength(0f);
        axis.setTickLabelInsets(new RectangleInsets(px(3), px(4), px(3), px(4)));
        axis.setLabelInsets(new RectangleInsets(px(6), px(6), px(6), px(6)));
    }

    private static void styleTitle(TextTitle title, Font font, Paint paint, double bottomGap) {
        title.setFont(font);
        title.setPaint(paint);
        title.setHorizontalAlignment(HorizontalAlignment.LEFT);
        title.setPadding(new RectangleInsets(0, 0, bottomGap, 0));
    }

    /** Okabe-Ito paints for any series a factory did not colour itself. */
    private DefaultDrawingSupplier drawingSupplier() {
        Paint[] series = SERIES.toArray(new Paint[0]);
        return new DefaultDrawingSupplier(series, series, new Paint[] {AXIS_LINE},
                new Stroke[] {lineStroke()}, new Stroke[] {outlineStroke()},
                new Shape[] {markerShape(0), markerShape(1), markerShape(2), markerShape(3), markerShape(4)});
    }

    @Override
    public String toString() {
        return "SlotlabTheme[scale=" + scale + "]";
    }
}
