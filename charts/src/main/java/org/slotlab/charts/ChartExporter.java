package org.slotlab.charts;

import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Objects;

import javax.imageio.ImageIO;

import org.jfree.chart.JFreeChart;
import org.jfree.svg.SVGGraphics2D;

/**
 * Writes a chart as PNG (1x or 2x) or SVG without a display ({@code java.awt.headless=true}).
 * The default 1200 px width reads well in a GitHub or Redmine comment ("Export for
 * issue threads"). At scale 2 the same 1200 x 675 layout is drawn through a scaled
 * {@link Graphics2D}, so the PNG is 2400 px wide with every font and line twice as large and
 * nothing re-flowed. SVG goes through JFreeSVG's {@link SVGGraphics2D} ({@code jfree/jfreesvg}).
 */
public final class ChartExporter {

    /** Default width in layout pixels: the width that reads well in an issue comment. */
    public static final int DEFAULT_WIDTH = 1200;
    /** Default height in layout pixels: 16:9 with {@link #DEFAULT_WIDTH}. */
    public static final int DEFAULT_HEIGHT = 675;
    /** Largest layout size accepted on either side, in pixels; bigger is a mistake, not a chart. */
    public static final int MAX_SIDE = 10_000;
    /** Largest accepted pixel scale (2 is the Retina / "2x" export). */
    public static final double MAX_SCALE = 4.0;

    private ChartExporter() {
    }

    /** PNG at 1200 x 675, scale 1. */
    public static void png(JFreeChart chart, Path file) {
        png(chart, file, DEFAULT_WIDTH, DEFAULT_HEIGHT, 1.0);
    }

    /** PNG at 1200 x 675 layout pixels drawn at {@code scale} (2 gives a 2400 x 1350 image). */
    public static void png(JFreeChart chart, Path file, double scale) {
        png(chart, file, DEFAULT_WIDTH, DEFAULT_HEIGHT, scale);
    }

    /** PNG of {@code widthPx x heightPx} layout pixels drawn at {@code scale} (image is scale times larger). */
    public static void png(JFreeChart chart, Path file, int widthPx, int heightPx, double scale) {
        Objects.requireNonNull(file, "file");
        try {
            org.slotlab.model.io.AtomicWrite.write(file, out -> png(chart, out, widthPx, heightPx, scale));
        } catch (IOException e) {
            throw new UncheckedIOException("could not write PNG " + file + ": " + e.getMessage(), e);
        }
    }

    /** PNG to a stream (not closed). */
    public static void png(JFreeChart chart, OutputStream out, int widthPx, int heightPx, double scale)
            throws IOException {
        Objects.requireNonNull(out, "out");
        BufferedImage image = render(chart, widthPx, heightPx, scale);
        if (!ImageIO.write(image, "png", out)) {
            throw new IOException("no PNG writer available in this JDK");
        }
    }

    /** The chart drawn into an RGB image of {@code round(width*scale) x round(height*scale)} pixels. */
    public static BufferedImage render(JFreeChart chart, int widthPx, int heightPx, double scale) {
        Objects.requireNonNull(chart, "chart");
        checkSize(widthPx, heightPx);
        if (!(scale > 0 && scale <= MAX_SCALE)) {
            throw new IllegalArgumentException("PNG scale must be in (0, " + MAX_SCALE + "] (1 or 2 for"
                    + " issue comments) but was " + scale);
        }
        int w = (int) Math.round(widthPx * scale);
        int h = (int) Math.round(heightPx * scale);
        BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g2 = image.createGraphics();
        try {
            g2.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g2.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g2.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
            g2.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
            g2.setPaint(SlotlabTheme.BACKGROUND);
            g2.fillRect(0, 0, w, h);
            g2.scale(scale, scale);
            chart.draw(g2, new Rectangle2D.Double(0, 0, widthPx, heightPx));
        } finally {
            g2.dispose();
        }
        return image;
    }

    /** SVG at 1200 x 675. */
    public static void svg(JFreeChart chart, Path file) {
        svg(chart, file, DEFAULT_WIDTH, DEFAULT_HEIGHT);
    }

    /** SVG document of {@code widthPx x heightPx}, UTF-8. */
    public static void svg(JFreeChart chart, Path file, int widthPx, int heightPx) {
        Objects.requireNonNull(file, "file");
        try {
            org.slotlab.model.io.AtomicWrite.writeString(file, svgDocument(chart, widthPx, heightPx));
        } catch (IOException e) {
            throw new UncheckedIOException("could not write SVG " + file + ": " + e.getMessage(), e);
        }
    }

    /** The SVG document as text (for the clipboard or a test). */
    public static String svgDocument(JFreeChart chart, int widthPx, int heightPx) {
        Objects.requireNonNull(chart, "chart");
        checkSize(widthPx, heightPx);
        SVGGraphics2D g2 = new SVGGraphics2D(widthPx, heightPx);
        g2.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        chart.draw(g2, new Rectangle2D.Double(0, 0, widthPx, heightPx));
        return g2.getSVGDocument();
    }

    private static void checkSize(int widthPx, int heightPx) {
        if (widthPx <= 0 || heightPx <= 0 || widthPx > MAX_SIDE || heightPx > MAX_SIDE) {
            throw new IllegalArgumentException("chart size must be 1.." + MAX_SIDE + " px on each side but was "
                    + widthPx + " x " + heightPx);
        }
    }
}
