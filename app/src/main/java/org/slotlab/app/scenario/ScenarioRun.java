package org.slotlab.app.scenario;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.jfree.chart.JFreeChart;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.charts.table.Table;

/**
 * The outcome of one recompute: the finished charts (JFreeChart objects are plain Java2D models,
 * so they are built off the FX thread and only handed to the viewers on it), the compare table
 * and the parameter lines that go under every export.
 *
 * @param request        what was asked
 * @param charts         one chart per {@link ChartSpec} of the scenario, same order
 * @param table          the compare table (ratios against the chosen baseline)
 * @param parameterLines "name: value" lines describing the run, for exports
 * @param headline       one line for the status bar, e.g. "largest embedded length: 231 B"
 * @param computeNanos   wall time of the computation, ns
 * @param moreTables     further tables "Copy for issue" pastes under the compare table (GC counts, retained memory)
 * @param notes          what was left off the charts and why (a pin or overlay of another context), for exports
 */
public record ScenarioRun(ScenarioRequest request, List<RenderedChart> charts, Table table, List<String> parameterLines,
        String headline, long computeNanos, List<Table> moreTables, List<String> notes) {

    public ScenarioRun {
        charts = List.copyOf(charts);
        parameterLines = List.copyOf(parameterLines);
        moreTables = List.copyOf(moreTables);
        notes = List.copyOf(notes);
    }

    /** A run whose exports carry the compare table only. */
    public ScenarioRun(ScenarioRequest request, List<RenderedChart> charts, Table table, List<String> parameterLines,
            String headline, long computeNanos) {
        this(request, charts, table, parameterLines, headline, computeNanos, List.of(), List.of());
    }

    /** The same run with other charts (measured overlays drawn on them) and {@code more} notes. */
    public ScenarioRun withCharts(List<RenderedChart> newCharts, List<String> more) {
        List<String> all = new java.util.ArrayList<>(notes);
        all.addAll(more);
        return new ScenarioRun(request, newCharts, table, parameterLines, headline, computeNanos, moreTables, all);
    }

    public Optional<RenderedChart> chart(String id) {
        return charts.stream().filter(c -> c.spec().id().equals(id)).findFirst();
    }

    /**
     * A chart and the spec it answers: {@code chart} drawn with the screen theme, {@code factory}
     * to draw the same data again with another theme (exports use {@code SlotlabTheme.standard()}).
     */
    public record RenderedChart(ChartSpec spec, JFreeChart chart, Function<SlotlabTheme, JFreeChart> factory) {
        /** The chart as exports draw it: the standard theme sized for a 1200 px image. */
        public JFreeChart forExport() {
            return factory.apply(SlotlabTheme.standard());
        }
    }
}
