package org.slotlab.charts;

import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.Stroke;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.util.List;

import org.jfree.chart.annotations.AbstractAnnotation;
import org.jfree.chart.annotations.CategoryAnnotation;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.ui.RectangleEdge;

/**
 * A vertical dashed line between the last substring length that is still embedded and the first
 * that is shared, labelled e.g. {@code largest embedded length: 231 B}. For the 256 B cutoff of
 * Feature #22186 (https://bugs.ruby-lang.org/issues/22186) the largest embedded length is 231 B (232 is "shared as
 * before"): CRuby {@code rb_str_embed_size(len, termlen) <= STR_SUBSEQ_EMBED_MAX_SIZE}. It sits
 * between categories, so the cutoff need not be one of the plotted lengths.
 */
final class CutoffMarker extends AbstractAnnotation implements CategoryAnnotation {

    private static final long serialVersionUID = 1L;

    private final int largestEmbeddedLenBytes;
    private final String label;
    private final transient Font font;
    private final transient Paint paint;
    private final transient Stroke stroke;
    private final float gap;

    CutoffMarker(int largestEmbeddedLenBytes, SlotlabTheme theme) {
        this.largestEmbeddedLenBytes = largestEmbeddedLenBytes;
        this.label = "largest embedded length: " + largestEmbeddedLenBytes + " B";
        this.font = theme.annotationBoldFont();
        this.paint = SlotlabTheme.TEXT;
        this.stroke = theme.dashedStroke();
        this.gap = theme.px(6);
    }

    String label() {
        return label;
    }

    int largestEmbeddedLenBytes() {
        return largestEmbeddedLenBytes;
    }

    @Override
    public void draw(Graphics2D g2, CategoryPlot plot, Rectangle2D dataArea, CategoryAxis domainAxis,
                     ValueAxis rangeAxis) {
        @SuppressWarnings("unchecked")
        List<Comparable<?>> categories = plot.getCategoriesForAxis(domainAxis);
        int count = categories.size();
        if (count == 0) {
            return;
        }
        RectangleEdge edge = plot.getDomainAxisEdge();
        int last = -1;
        for (int i = 0; i < count; i++) {
            if (categories.get(i) instanceof Number n && n.intValue() <= largestEmbeddedLenBytes) {
                last = i;
            }
        }
        double left = last >= 0 ? domainAxis.getCategoryEnd(last, count, dataArea, edge) : dataArea.getMinX();
        double right = last + 1 < count
                ? domainAxis.getCategoryStart(last + 1, count, dataArea, edge) : dataArea.getMaxX();
        double x = (left + right) / 2;

        g2.setPaint(paint);
        g2.setStroke(stroke);
        g2.draw(new Line2D.Double(x, dataArea.getMinY(), x, dataArea.getMaxY()));

        g2.setFont(font);
        FontMetrics fm = g2.getFontMetrics(font);
        int width = fm.stringWidth(label);
        boolean rightSide = x + gap + width <= dataArea.getMaxX();
        float tx = rightSide ? (float) (x + gap) : (float) (x - gap - width);
        float ty = (float) (dataArea.getMinY() + gap + fm.getAscent());
        g2.setPaint(new Color(255, 255, 255, 220));
        g2.fill(new Rectangle2D.Double(tx - gap / 3, ty - fm.getAscent() - gap / 3,
                width + 2 * gap / 3, fm.getAscent() + fm.getDescent() + 2 * gap / 3));
        g2.setPaint(paint);
        g2.drawString(label, tx, ty);
    }
}
