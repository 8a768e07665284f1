package org.slotlab.app.export;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.jfree.chart.JFreeChart;
import org.slotlab.app.scenario.ScenarioRegistry;
import org.slotlab.app.scenario.ScenarioRun;
import org.slotlab.charts.ChartExporter;
import org.slotlab.charts.table.CsvWriter;
import org.slotlab.charts.table.MarkdownWriter;

/**
 * The workbench's exports, all through the charts module: PNG at 1x or 2x of the
 * {@link ChartExporter#DEFAULT_WIDTH} px layout (the width that reads well in a GitHub or Redmine
 * comment), SVG, the compare table as CSV or benchmark-driver-style Markdown, and the "Copy for
 * issue" text (Markdown table, legend and parameters in one block). Shared by the GUI and
 * {@code slotlab render}.
 */
public final class Exports {

    private Exports() {}

    /** Writes the chart as PNG through {@link OutputFile#write}: all of it, or nothing. */
    public static void png(JFreeChart chart, Path file, double scale) throws OutputFile.NotWritten {
        OutputFile.write(file, out -> ChartExporter.png(chart, out, ChartExporter.DEFAULT_WIDTH, ChartExporter.DEFAULT_HEIGHT, scale));
    }

    /** Writes the chart as SVG through {@link OutputFile#write}. */
    public static void svg(JFreeChart chart, Path file) throws OutputFile.NotWritten {
        String doc = ChartExporter.svgDocument(chart, ChartExporter.DEFAULT_WIDTH, ChartExporter.DEFAULT_HEIGHT);
        OutputFile.write(file, out -> out.write(doc.getBytes(StandardCharsets.UTF_8)));
    }

    public static String csv(ScenarioRun run) {
        return CsvWriter.write(run.table(), true);
    }

    /**
     * The compare table as Markdown, the scenario's further tables (GC counts and why the GCs ran,
     * retained memory), and under them what the charts leave off or qualify, and why.
     */
    public static String markdown(ScenarioRun run) {
        StringBuilder out = new StringBuilder(MarkdownWriter.write(run.table()));
        for (var t : run.moreTables()) {
            out.append('\n').append(MarkdownWriter.write(t));
        }
        return out.append(notes(run)).toString();
    }

    /** "Notes:" and one bullet per note of the run (pins and overlays not compared, caveats); empty without notes. */
    static String notes(ScenarioRun run) {
        if (run.notes().isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("\nNotes:\n");
        run.notes().forEach(n -> out.append("- ").append(n.replace('\n', ' ')).append('\n'));
        return out.toString();
    }

    /** Says above every pasted table that the numbers are the model's. */
    public static final String MODELLED = "Modelled by Slotlab, not measured: every number below is simulated from the layout and cost profile listed.";

    /**
     * What "Copy for issue" puts on the clipboard: a heading, that the numbers are modelled, the
     * compare table with its legend (which names the baseline, {@code base/other}) and every
     * parameter, the scenario's further tables (GC counts, retained memory), what was left off the
     * charts and why, and the public reference.
     */
    public static String forIssue(ScenarioRun run) {
        var scenario = ScenarioRegistry.byId(run.request().settings().scenario());
        StringBuilder out = new StringBuilder("#### Slotlab: " + scenario.title() + " (" + run.headline() + ")\n\n")
                .append(MODELLED).append("\n\n").append(MarkdownWriter.write(run.table()));
        for (var t : run.moreTables()) {
            out.append('\n').append(MarkdownWriter.write(t));
        }
        out.append(notes(run));
        return out.append("\nSource: ").append(scenario.source().citation()).append('\n').toString();
    }

    /** Writes UTF-8 text through {@link OutputFile#write}. */
    public static void write(Path file, String text) throws OutputFile.NotWritten {
        OutputFile.write(file, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** {@code base} with {@code suffix} in place of its extension: {@code out.png} + {@code -gc-count.png}. */
    public static Path sibling(Path base, String id, String extension) {
        String name = base.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        return base.resolveSibling(stem + "-" + id + extension);
    }
}
