package org.slotlab.app.talk;

import java.util.ArrayList;
import java.util.List;
import org.slotlab.charts.SlotlabTheme;

/**
 * Where a slide puts its parts, for a slide of any size: the title across the top, one chart or
 * two side by side below it, the caption and the step counter along the bottom. Sizes are
 * fractions of the slide's height, so a 1280 x 720 projector and a 1920 x 1080 PNG show the same
 * slide; the on-screen talk and the PNG export both lay out from here.
 *
 * @param width  slide width, px
 * @param height slide height, px
 * @param charts how many charts side by side (1 or 2)
 */
public record SlideLayout(double width, double height, int charts) {

    /** Slide size of the PNG export, px (full HD, the usual projector input). */
    public static final int EXPORT_WIDTH = 1920;
    public static final int EXPORT_HEIGHT = 1080;
    /** Margin around and between the parts, as a fraction of the height. */
    static final double MARGIN = 0.035;
    /** Title text size, fraction of the height: about 40 px on a 1080 px slide. */
    static final double TITLE_SIZE = 0.037 * 1.5;
    /** Caption text size, fraction of the height. */
    static final double CAPTION_SIZE = 0.034;
    /** Step counter text size, fraction of the height. */
    static final double COUNTER_SIZE = 0.024;
    /**
     * Chart theme scale of one chart filling a 1080 px tall slide: the projector theme. Two
     * charts side by side get {@link #TWO_CHART_FACTOR} of it, so their legends still fit.
     */
    static final double CHART_SCALE_AT_1080 = SlotlabTheme.PROJECTOR_SCALE;
    static final double TWO_CHART_FACTOR = 0.8;

    public SlideLayout {
        if (charts < 1 || charts > TalkStep.MAX_CHARTS) {
            throw new IllegalArgumentException("a slide shows 1 or " + TalkStep.MAX_CHARTS + " charts, got " + charts);
        }
    }

    /** A rectangle in slide pixels. */
    public record Box(double x, double y, double w, double h) {
    }

    public double margin() {
        return MARGIN * height;
    }

    public double titleSize() {
        return TITLE_SIZE * height;
    }

    public double captionSize() {
        return CAPTION_SIZE * height;
    }

    public double counterSize() {
        return COUNTER_SIZE * height;
    }

    public Box title() {
        return new Box(margin(), margin() * 0.7, width - 2 * margin(), titleSize() * 1.35);
    }

    public Box caption() {
        double h = captionSize() * 1.6;
        return new Box(margin(), height - margin() * 0.6 - h, width - 2 * margin(), h);
    }

    /** The charts' boxes, left to right. */
    public List<Box> chartBoxes() {
        Box t = title();
        Box c = caption();
        double top = t.y() + t.h() + margin() * 0.5;
        double bottom = c.y() - margin() * 0.4;
        double gap = margin();
        double w = (width - 2 * margin() - gap * (charts - 1)) / charts;
        List<Box> out = new ArrayList<>();
        for (int i = 0; i < charts; i++) {
            out.add(new Box(margin() + i * (w + gap), top, w, bottom - top));
        }
        return out;
    }

    /** The chart theme for this slide: the projector theme, scaled with the slide's height. */
    public SlotlabTheme chartTheme() {
        double s = CHART_SCALE_AT_1080 * height / EXPORT_HEIGHT * (charts == 1 ? 1 : TWO_CHART_FACTOR);
        return SlotlabTheme.of(Math.min(SlotlabTheme.MAX_SCALE, Math.max(0.3, s)));
    }
}
