package org.slotlab.app.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.jfree.chart.JFreeChart;
import org.slotlab.app.export.Exports;
import org.slotlab.app.export.OutputFile;
import org.slotlab.app.heapmap.HeapMaps;
import org.slotlab.app.io.ScenarioFile;
import org.slotlab.app.scenario.ChartSpec;
import org.slotlab.app.scenario.Scenario;
import org.slotlab.app.scenario.ScenarioRegistry;
import org.slotlab.app.scenario.ScenarioRequest;
import org.slotlab.app.scenario.ScenarioRun;
import org.slotlab.charts.SlotlabTheme;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code slotlab render SCENARIO.slotlab.json --png out.png --svg out.svg --markdown out.md --csv out.csv}:
 * the workbench's exports without a display (java.awt.headless), from a scenario file the GUI
 * saved; the same computation and the same charts module, so the files match the GUI's exports.
 * A bad or newer scenario file is one line on stderr and exit code 2.
 */
@Command(name = "render", mixinStandardHelpOptions = true,
        description = "Render a saved scenario (.slotlab.json) to PNG, SVG, Markdown and CSV without a display.")
public final class RenderCommand implements Callable<Integer> {

    /** Chart id meaning "every chart of the scenario", each written as FILE-<id>.ext. */
    public static final String ALL_CHARTS = "all";

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "a scenario file saved by the workbench (*.slotlab.json)")
    Path scenario;

    @Option(names = "--png", paramLabel = "FILE", description = "write the chart as PNG (1200 px wide at scale 1)")
    Path png;

    @Option(names = "--scale", paramLabel = "N", defaultValue = "1",
            description = "PNG pixel scale: 1 (1200 px) or 2 (2400 px, same layout); default ${DEFAULT-VALUE}")
    double scale;

    @Option(names = "--svg", paramLabel = "FILE", description = "write the chart as SVG")
    Path svg;

    @Option(names = "--markdown", paramLabel = "FILE", description = "write the compare table, legend and parameters as Markdown")
    Path markdown;

    @Option(names = "--csv", paramLabel = "FILE", description = "write the compare table as CSV")
    Path csv;

    @Option(names = "--chart", paramLabel = "ID", description = "which chart to draw: a chart id (e.g. speed-ratio, gc-count, "
            + "retained, slot-size, heap-map) or 'all' for FILE-<id>.ext each; default: the scenario's first chart")
    String chart;

    @Option(names = "--at-op", paramLabel = "N", description = "with --chart heap-map: the heap after N slices "
            + "(default: at the end of the heap map's loop)")
    Long atOp;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        System.setProperty("java.awt.headless", "true");
        PrintWriter out = spec.commandLine().getOut();
        if (png == null && svg == null && markdown == null && csv == null) {
            throw new SlotlabCommand.UserInputException("render: nothing to write; give --png, --svg, --markdown or --csv");
        }
        if (!(scale > 0 && scale <= SlotlabTheme.MAX_SCALE)) {
            throw new SlotlabCommand.UserInputException("render: --scale must be in (0, " + SlotlabTheme.MAX_SCALE
                    + "], got " + scale);
        }
        ScenarioRequest request;
        try {
            request = ScenarioFile.load(scenario);
        } catch (ScenarioFile.ScenarioFormatException e) {
            throw new SlotlabCommand.UserInputException(e.getMessage());
        }
        Scenario s = ScenarioRegistry.byId(request.settings().scenario());
        if (HeapMaps.CHART_ID.equals(chart)) {
            return heapMap(request, out);
        }
        List<ChartSpec> charts = selected(s);
        try {
            for (Path target : targets(charts)) {
                OutputFile.check(target);
            }
            return render(s, request, charts, out);
        } catch (OutputFile.NotWritten e) {
            throw new SlotlabCommand.UserInputException("render: " + e.getMessage());
        }
    }

    /** Every file this render writes: a chart file per chart and format, then the tables. */
    private List<Path> targets(List<ChartSpec> charts) {
        List<Path> all = new ArrayList<>();
        for (ChartSpec c : charts) {
            if (png != null) {
                all.add(charts.size() == 1 ? png : Exports.sibling(png, c.id(), ".png"));
            }
            if (svg != null) {
                all.add(charts.size() == 1 ? svg : Exports.sibling(svg, c.id(), ".svg"));
            }
        }
        if (markdown != null) {
            all.add(markdown);
        }
        if (csv != null) {
            all.add(csv);
        }
        return all;
    }

    private int render(Scenario s, ScenarioRequest request, List<ChartSpec> charts, PrintWriter out) throws OutputFile.NotWritten {
        ScenarioRun run = s.compute(request, SlotlabTheme.standard(), () -> false);
        List<Path> written = new ArrayList<>();
        for (ChartSpec c : charts) {
            JFreeChart jf = run.chart(c.id()).orElseThrow().forExport();
            if (png != null) {
                Path target = charts.size() == 1 ? png : Exports.sibling(png, c.id(), ".png");
                Exports.png(jf, target, scale);
                written.add(target);
            }
            if (svg != null) {
                Path target = charts.size() == 1 ? svg : Exports.sibling(svg, c.id(), ".svg");
                Exports.svg(jf, target);
                written.add(target);
            }
        }
        if (markdown != null) {
            Exports.write(markdown, Exports.markdown(run));
            written.add(markdown);
        }
        if (csv != null) {
            Exports.write(csv, Exports.csv(run));
            written.add(csv);
        }
        for (Path p : written) {
            out.println("wrote " + p);
        }
        out.flush();
        return 0;
    }

    /** {@code --chart heap-map}: the heap map of the scenario's settings as PNG. */
    private int heapMap(ScenarioRequest request, PrintWriter out) throws IOException {
        if (png == null || svg != null) {
            throw new SlotlabCommand.UserInputException("render: --chart heap-map writes --png only");
        }
        if (atOp != null && atOp < 0) {
            throw new SlotlabCommand.UserInputException("render: --at-op must be >= 0, got " + atOp);
        }
        if (!HeapMaps.supports(request.settings().scenario())) {
            throw new SlotlabCommand.UserInputException("render: the heap map draws the substring scenario "
                    + "(substring-cutoff), not " + request.settings().scenario());
        }
        HeapMaps.png(HeapMaps.render(request.settings(), HeapMaps.LEN, HeapMaps.OPS, atOp == null ? -1 : atOp,
                HeapMaps.WIDTH, HeapMaps.HEIGHT, scale), png);
        out.println("wrote " + png);
        out.flush();
        return 0;
    }

    private List<ChartSpec> selected(Scenario s) {
        if (chart == null) {
            return List.of(s.charts().get(0));
        }
        if (chart.equals(ALL_CHARTS)) {
            return s.charts();
        }
        return s.charts().stream().filter(c -> c.id().equals(chart)).findFirst().map(List::of).orElseThrow(() ->
                new SlotlabCommand.UserInputException("render: scenario " + s.id() + " has no chart '" + chart
                        + "' (charts: " + String.join(", ", s.charts().stream().map(ChartSpec::id).toList()) + ", all)"));
    }
}
