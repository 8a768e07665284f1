package org.slotlab.charts;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.title.Title;
import org.jfree.chart.ui.HorizontalAlignment;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;

/**
 * Notes written on a chart under its plot, each under a key so it can be replaced: what was
 * dimmed or hidden and why ("Dimmed: measured on ruby 3.1.2; the bars model ruby-4.1-dev"),
 * that the value axis is zoomed, which region is extrapolated. They are part of the chart, so
 * PNG and SVG exports carry them too.
 */
public final class ChartNotes {

    /** Most lines one note takes; longer ones end in an ellipsis (the full text is in the exports' footers). */
    static final int MAX_LINES = 3;

    private ChartNotes() {
    }

    /** A note title: a {@link TextTitle} that knows its key. */
    static final class Note extends TextTitle {
        private static final long serialVersionUID = 1L;
        final String key;

        Note(String key, String text) {
            super(text);
            this.key = key;
        }
    }

    /** Adds or replaces the note under {@code key}, at most {@link #MAX_LINES} lines. Returns the chart. */
    public static JFreeChart put(JFreeChart chart, String key, String text, SlotlabTheme theme) {
        return put(chart, key, text, theme, MAX_LINES);
    }

    /** Adds or replaces the note under {@code key}, at most {@code maxLines} lines. Returns the chart. */
    public static JFreeChart put(JFreeChart chart, String key, String text, SlotlabTheme theme, int maxLines) {
        remove(chart, key);
        if (text == null || text.isBlank()) {
            return chart;
        }
        Note note = new Note(key, text);
        note.setFont(theme.annotationFont());
        note.setPaint(SlotlabTheme.TEXT_MUTED);
        note.setPosition(RectangleEdge.BOTTOM);
        note.setHorizontalAlignment(HorizontalAlignment.LEFT);
        note.setTextAlignment(HorizontalAlignment.LEFT);
        note.setMaximumLinesToDisplay(maxLines);
        note.setPadding(new RectangleInsets(theme.px(4), 0, 0, 0));
        chart.addSubtitle(note);
        return chart;
    }

    /** Removes the note under {@code key}, if any. */
    public static void remove(JFreeChart chart, String key) {
        for (int i = chart.getSubtitleCount() - 1; i >= 0; i--) {
            if (chart.getSubtitle(i) instanceof Note n && n.key.equals(key)) {
                chart.removeSubtitle(n);
            }
        }
    }

    /** The text of the note under {@code key}. */
    public static Optional<String> get(JFreeChart chart, String key) {
        for (int i = 0; i < chart.getSubtitleCount(); i++) {
            if (chart.getSubtitle(i) instanceof Note n && n.key.equals(key)) {
                return Optional.of(n.getText());
            }
        }
        return Optional.empty();
    }

    /** Every note's text, in the order they were added. */
    public static List<String> all(JFreeChart chart) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < chart.getSubtitleCount(); i++) {
            Title t = chart.getSubtitle(i);
            if (t instanceof Note n) {
                out.add(n.getText());
            }
        }
        return out;
    }
}
