package org.slotlab.charts;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;

import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.TickUnit;
import org.jfree.chart.axis.TickUnitSource;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.Range;

/**
 * A value axis that cannot exaggerate: it always draws at least {@link #MIN_TICKS} tick labels,
 * so the reader sees the scale (JFreeChart's own choice, the coarsest unit whose labels fit, left
 * one label on a short chart), and in ratio mode ({@link #setRatio}) it always contains 1.0 and
 * reaches at least {@link #RATIO_MIN_REACH} either side of it, so a few percent look like a few
 * percent: with ratios between 1.00 and 1.08 the axis runs from 0.8 to 1.2, not from 1.0 to 1.08.
 * A range set by hand (a zoom) keeps 1.0 inside too; {@link Axes#zoom} says on the chart that
 * the range was zoomed.
 */
public class HonestAxis extends NumberAxis {

    private static final long serialVersionUID = 1L;

    /** Fewest tick labels a value axis shows. */
    public static final int MIN_TICKS = 3;
    /**
     * How far a ratio axis reaches beyond 1.0 at least, either side (dimensionless): 0.2, so the
     * axis spans 0.8 to 1.2 or more. Run-to-run noise of the thread's micro-benchmarks is a few
     * percent; on this span such a difference fills a tenth of the height, not all of it.
     */
    public static final double RATIO_MIN_REACH = 0.2;
    /** The ratio at which both sides are equal. */
    public static final double SAME = 1.0;

    private boolean ratio;

    public HonestAxis(String label) {
        super(label);
    }

    /** Ratio mode: 1.0 always in range, at least {@link #RATIO_MIN_REACH} either side of it. */
    public void setRatio(boolean ratio) {
        this.ratio = ratio;
        if (ratio) {
            setAutoRangeIncludesZero(false);
        }
        if (isAutoRange()) {
            autoAdjustRange();
        }
        fireChangeEvent();
    }

    public boolean isRatio() {
        return ratio;
    }

    @Override
    protected void autoAdjustRange() {
        super.autoAdjustRange();
        Range r = getRange();
        Range wanted = ratio ? ratioRange(r) : r;
        // whole-number axes of tiny counts (every GC count 0): room for three whole ticks
        TickUnitSource units = getStandardTickUnits();
        // (asked for a unit a hundredth of the range: a decimal source answers with one that fits
        // many ticks, a whole-number source with 1; the smallest double would overflow a decimal source)
        TickUnit smallest = units == null ? null : units.getCeilingTickUnit(Math.max(wanted.getLength(), 1e-9) / 100);
        if (smallest != null && smallest.getSize() > 0 && ticksIn(wanted, smallest.getSize()) < MIN_TICKS) {
            double lower = Math.floor(wanted.getLowerBound() / smallest.getSize()) * smallest.getSize();
            wanted = new Range(lower, Math.max(wanted.getUpperBound(), lower + (MIN_TICKS - 1) * smallest.getSize()));
        }
        if (!wanted.equals(r)) {
            super.setRange(wanted, false, false);
        }
    }

    @Override
    public void setRange(Range range, boolean turnOffAutoRange, boolean notify) {
        super.setRange(ratio ? withOne(range) : range, turnOffAutoRange, notify);
    }

    /** {@code r} grown to contain 1.0 and the minimum reach around it. */
    static Range ratioRange(Range r) {
        return new Range(Math.min(r.getLowerBound(), SAME - RATIO_MIN_REACH), Math.max(r.getUpperBound(), SAME + RATIO_MIN_REACH));
    }

    /** {@code r} grown just enough to contain 1.0 (a zoomed range keeps its span otherwise). */
    static Range withOne(Range r) {
        if (r.contains(SAME)) {
            return r;
        }
        double pad = r.getLength() * 0.05;
        return r.getLowerBound() > SAME ? new Range(SAME - pad, r.getUpperBound()) : new Range(r.getLowerBound(), SAME + pad);
    }

    /**
     * JFreeChart's choice, then a finer unit of the same source when it leaves fewer than
     * {@link #MIN_TICKS} labels (the largest unit that gives enough).
     */
    @Override
    protected void selectAutoTickUnit(Graphics2D g2, Rectangle2D dataArea, RectangleEdge edge) {
        super.selectAutoTickUnit(g2, dataArea, edge);
        if (!isAutoTickUnitSelection() || tickCount(getTickUnit().getSize()) >= MIN_TICKS) {
            return;
        }
        NumberTickUnit finer = finerUnit(getStandardTickUnits(), getRange());
        if (finer != null) {
            setTickUnit(finer, false, false);
        }
    }

    /** How many ticks a unit of {@code size} puts in the current range. */
    int tickCount(double size) {
        return ticksIn(getRange(), size);
    }

    static int ticksIn(Range r, double size) {
        if (!(size > 0)) {
            return 0;
        }
        double first = Math.ceil(r.getLowerBound() / size - 1e-9);
        double last = Math.floor(r.getUpperBound() / size + 1e-9);
        return (int) Math.max(0, last - first + 1);
    }

    /** The largest unit of {@code source} that puts at least {@link #MIN_TICKS} ticks in {@code r}, or null. */
    static NumberTickUnit finerUnit(TickUnitSource source, Range r) {
        if (source == null || r.getLength() <= 0) {
            return null;
        }
        TickUnit unit = source.getCeilingTickUnit(r.getLength() / 100.0);
        NumberTickUnit best = null;
        for (int guard = 0; guard < 200 && unit != null; guard++) {
            if (ticksIn(r, unit.getSize()) < MIN_TICKS) {
                break;
            }
            if (unit instanceof NumberTickUnit n) {
                best = n;
            }
            TickUnit next = source.getLargerTickUnit(unit);
            if (next == null || next.getSize() <= unit.getSize()) {
                break;
            }
            unit = next;
        }
        return best;
    }
}
