package org.slotlab.charts;

import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.geom.Rectangle2D;
import java.util.List;

import org.jfree.chart.annotations.AbstractAnnotation;
import org.jfree.chart.annotations.CategoryAnnotation;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.data.category.CategoryDataset;

/**
 * A short note centred over one category, kept inside the plot and raised above every bar (and
 * that bar's value label) it would otherwise cross: used for the worst-case multiplier of the retained
 * memory chart ("worst case 6.4× master", Feature #22186 (https://bugs.ruby-lang.org/issues/22186)).
 * JFreeChart's {@code CategoryTextAnnotation} anchors at the category middle with no pixel
 * offset, which put the note on top of the value label.
 */
final class BarNote extends AbstractAnnotation implements CategoryAnnotation {

    private static final long serialVersionUID = 1L;

    private final String text;
    private final Comparable<?> category;
    private final double value;
    private final transient Font font;
    private final transient Font labelFont;
    private final transient Paint paint;
    private final float gap;

    /** {@code value} is the top of the tallest bar in {@code category}, in axis units. */
    BarNote(String text, Comparable<?> category, double value, SlotlabTheme theme) {
        this.text = text;
        this.category = category;
        this.value = value;
        this.font = theme.annotationBoldFont();
        this.labelFont = theme.annotationFont();
        this.paint = SlotlabTheme.TEXT;
        this.gap = theme.px(6);
    }

    String text() {
        return text;
    }

    @Override
    public void draw(Graphics2D g2, CategoryPlot plot, Rectangle2D dataArea, CategoryAxis domainAxis,
                     ValueAxis rangeAxis) {
        @SuppressWarnings("unchecked")
        List<Comparable<?>> categories = plot.getCategoriesForAxis(domainAxis);
        int index = categories.indexOf(category);
        if (index < 0) {
            return;
        }
        int count = categories.size();
        double x = domainAxis.getCategoryMiddle(index, count, dataArea, plot.getDomainAxisEdge());
        FontMetrics labelMetrics = g2.getFontMetrics(labelFont);
        FontMetrics fm = g2.getFontMetrics(font);
        int width = fm.stringWidth(text);
        double left = Math.min(Math.max(x - width / 2.0, dataArea.getMinX()), dataArea.getMaxX() - width);
        double top = value;
        CategoryDataset bars = plot.getDataset(0);
        for (int c = 0; c < count && bars != null; c++) {
            double start = domainAxis.getCategoryStart(c, count, dataArea, plot.getDomainAxisEdge());
            double end = domainAxis.getCategoryEnd(c, count, dataArea, plot.getDomainAxisEdge());
            int column = bars.getColumnIndex(categories.get(c));
            if (end < left || start > left + width || column < 0) {
                continue;
            }
            for (int row = 0; row < bars.getRowCount(); row++) {
                Number v = bars.getValue(row, column);
                top = v == null ? top : Math.max(top, v.doubleValue());
            }
        }
        double barTop = rangeAxis.valueToJava2D(top, dataArea, plot.getRangeAxisEdge());
        // leave room for the bars' own value labels, then a gap
        double baseline = barTop - labelMetrics.getHeight() - 2 * gap;
        baseline = Math.max(baseline, dataArea.getMinY() + fm.getAscent());

        g2.setPaint(paint);
        g2.setFont(font);
        g2.drawString(text, (float) left, (float) baseline);
    }
}
