package org.slotlab.app.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.jfree.chart.JFreeChart;
import org.slotlab.charts.ChartNotes;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.charts.XyLinesChart;
import org.slotlab.charts.table.Table;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.reference.Source;

/** What every scenario's compute needs: drawing a chart, stopping when superseded, the export lines. */
final class Runs {

    private Runs() {}

    /** A chart drawn with the screen theme, and the factory that draws it again for an export. */
    static ScenarioRun.RenderedChart chart(ChartSpec spec, Function<SlotlabTheme, JFreeChart> factory, SlotlabTheme theme) {
        return new ScenarioRun.RenderedChart(spec, factory.apply(theme), factory);
    }

    /** Key of the note that says which series were left off a chart and why. */
    static final String CONTEXT_NOTE = "context";

    /** {@code chart} with {@code note} written under its plot ({@link ChartNotes}); a blank note adds nothing. */
    static JFreeChart noted(JFreeChart chart, String note, SlotlabTheme theme) {
        return note.isBlank() ? chart : ChartNotes.put(chart, CONTEXT_NOTE, "Not drawn: " + note, theme);
    }

    /** Key of a note that explains what the chart draws (not something left off). */
    static final String WHY_NOTE = "why";

    /** Most lines an explanation takes under a chart: it is a few sentences, not a caveat. */
    static final int WHY_LINES = 5;

    /** {@code chart} with {@code note} under it as an explanation of what it shows; unchanged when blank. */
    static JFreeChart explained(JFreeChart chart, String note, SlotlabTheme theme) {
        return note.isBlank() ? chart : ChartNotes.put(chart, WHY_NOTE, note, theme, WHY_LINES);
    }

    /** Stops a compute a newer request made obsolete. */
    static void check(BooleanSupplier cancelled) {
        if (cancelled.getAsBoolean()) {
            throw new CancellationException("superseded by a newer request");
        }
    }

    /** One line per series, in the map's order. */
    static List<XyLinesChart.Line> lines(Map<String, List<XyLinesChart.Point>> pts) {
        List<XyLinesChart.Line> out = new ArrayList<>();
        pts.forEach((k, v) -> out.add(new XyLinesChart.Line(k, v)));
        return out;
    }

    static String fmt(long v) {
        return String.format(Locale.ROOT, "%,d", v);
    }

    /** The status bar's first part for a scenario with a layout and a cost profile. */
    static String layoutStatus(org.slotlab.app.knob.Settings s) {
        RubyLayout l = ModelInputs.layout(s);
        return "layout " + l.name() + " " + java.util.Arrays.toString(l.slotSizes()) + " B  |  cost profile "
                + ModelInputs.profile(s).name();
    }

    /** The first export line: the scenario and the thread it follows, with its address. */
    static String scenarioLine(String id, Source source) {
        return "scenario: " + id + " (" + source.citation() + ")";
    }

    /** The layout line of an export: name and slot sizes. */
    static String layoutLine(RubyLayout layout) {
        return "layout: " + layout.name() + " (slot sizes " + java.util.Arrays.toString(layout.slotSizes()) + " B)";
    }

    /** "name: value" lines as the table's parameters ("run" for a line without a name). */
    static void parameters(org.slotlab.charts.table.ComparisonTable t, List<String> lines) {
        for (String line : lines) {
            int colon = line.indexOf(": ");
            t.parameter(colon > 0 ? line.substring(0, colon) : "run", colon > 0 ? line.substring(colon + 2) : line);
        }
    }

    /** The lines as footers of a table. */
    static Table withFooters(Table.Builder b, List<String> lines) {
        lines.forEach(b::footer);
        return b.build();
    }
}
