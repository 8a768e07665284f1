package org.slotlab.charts;

import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;

import org.jfree.chart.annotations.AbstractAnnotation;
import org.jfree.chart.annotations.CategoryAnnotation;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.data.category.CategoryDataset;

/**
 * Short notes centred over categories, kept inside the plot, each raised above every bar (and
 * that bar's value label) it would otherwise cross, and laid out together so that no two notes
 * overprint: a note that would cover one already placed moves to the next free line, from the
 * top of the plot down. Used for the worst-case multipliers of the retained memory chart ("worst
 * case 6.4× master", Feature #22186 (https://bugs.ruby-lang.org/issues/22186)), one per candidate
 * and pin. JFreeChart's {@code CategoryTextAnnotation} anchors at the category middle with no pixel
 * offset and knows nothing of its neighbours, which put notes on top of value labels and of each other.
 */
final class BarNote extends AbstractAnnotation implements CategoryAnnotation {

    private static final long serialVersionUID = 1L;

    /** One note: its text, the category it belongs to and the top of the tallest bar there (axis units). */
    record Entry(String text, Comparable<?> category, double value) {
    }

    private final List<Entry> entries;
    private final transient Font font;
    private final transient Font labelFont;
    private final transient Paint paint;
    private final float gap;

    BarNote(List<Entry> entries, SlotlabTheme theme) {
        this.entries = List.copyOf(entries);
        this.font = theme.annotationBoldFont();
        this.labelFont = theme.annotationFont();
        this.paint = SlotlabTheme.TEXT;
        this.gap = theme.px(6);
    }

    /** The notes' texts, in drawing order. */
    List<String> texts() {
        return entries.stream().map(Entry::text).toList();
    }

    /** One note as drawn: its text, where its baseline starts and the box it covers (px). */
    record Placed(String text, float x, float baseline, Rectangle2D box) {
    }

    @Override
    public void draw(Graphics2D g2, CategoryPlot plot, Rectangle2D dataArea, CategoryAxis domainAxis,
                     ValueAxis rangeAxis) {
        for (Placed p : layout(g2, plot, dataArea, domainAxis, rangeAxis)) {
            g2.setPaint(new Color(255, 255, 255, 200));
            g2.fill(p.box());
            g2.setPaint(paint);
            g2.setFont(font);
            g2.drawString(p.text(), p.x(), p.baseline());
        }
    }

    /** Where each note goes: above the bars it crosses, or on the first free line from the top when that is taken. */
    List<Placed> layout(Graphics2D g2, CategoryPlot plot, Rectangle2D dataArea, CategoryAxis domainAxis, ValueAxis rangeAxis) {
        @SuppressWarnings("unchecked")
        List<Comparable<?>> categories = plot.getCategoriesForAxis(domainAxis);
        FontMetrics labelMetrics = g2.getFontMetrics(labelFont);
        FontMetrics fm = g2.getFontMetrics(font);
        double line = fm.getHeight() + gap / 2;
        List<Placed> placed = new ArrayList<>();
        for (Entry e : entries) {
            int index = categories.indexOf(e.category());
            if (index < 0) {
                continue;
            }
            int count = categories.size();
            double x = domainAxis.getCategoryMiddle(index, count, dataArea, plot.getDomainAxisEdge());
            int width = fm.stringWidth(e.text());
            double left = Math.max(dataArea.getMinX(), Math.min(x - width / 2.0, dataArea.getMaxX() - width));
            double barTop = rangeAxis.valueToJava2D(tallestUnder(plot, categories, domainAxis, dataArea, left, width, e.value()),
                    dataArea, plot.getRangeAxisEdge());
            // leave room for the bars' own value labels, then a gap
            double baseline = Math.max(barTop - labelMetrics.getHeight() - 2 * gap, dataArea.getMinY() + fm.getAscent());
            Rectangle2D box = box(left, baseline, width, fm);
            if (overlapsAny(box, placed)) {
                for (double b = dataArea.getMinY() + fm.getAscent(); b < dataArea.getMaxY(); b += line) {
                    Rectangle2D tryBox = box(left, b, width, fm);
                    if (!overlapsAny(tryBox, placed)) {
                        baseline = b;
                        box = tryBox;
                        break;
                    }
                }
            }
            placed.add(new Placed(e.text(), (float) left, (float) baseline, box));
        }
        return placed;
    }

    /** The top, in axis units, of the tallest bar a note spanning {@code left..left+width} px would cross. */
    private static double tallestUnder(CategoryPlot plot, List<Comparable<?>> categories, CategoryAxis domainAxis,
            Rectangle2D dataArea, double left, double width, double start) {
        double top = start;
        CategoryDataset bars = plot.getDataset(0);
        int count = categories.size();
        for (int c = 0; c < count && bars != null; c++) {
            double s = domainAxis.getCategoryStart(c, count, dataArea, plot.getDomainAxisEdge());
            double end = domainAxis.getCategoryEnd(c, count, dataArea, plot.getDomainAxisEdge());
            int column = bars.getColumnIndex(categories.get(c));
            if (end < left || s > left + width || column < 0) {
                continue;
            }
            for (int row = 0; row < bars.getRowCount(); row++) {
                Number v = bars.getValue(row, column);
                top = v == null ? top : Math.max(top, v.doubleValue());
            }
        }
        return top;
    }

    private Rectangle2D box(double left, double baseline, int width, FontMetrics fm) {
        return new Rectangle2D.Double(left - gap / 3, baseline - fm.getAscent() - gap / 4, width + 2 * gap / 3,
                fm.getAscent() + fm.getDescent() + gap / 2);
    }

    private static boolean overlapsAny(Rectangle2D box, List<Placed> placed) {
        for (Placed p : placed) {
            if (p.box().intersects(box)) {
                return true;
            }
        }
        return false;
    }
}
