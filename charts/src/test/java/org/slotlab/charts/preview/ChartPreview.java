package org.slotlab.charts.preview;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.jfree.chart.JFreeChart;
import org.slotlab.charts.ChartExporter;
import org.slotlab.charts.SlotlabTheme;

/**
 * Writes every sample chart ({@link SampleCharts}, Feature #22186 numbers) as PNG at 1x and 2x, SVG,
 * and PNG at projector scale into a folder (default {@code /tmp/charts-preview}), to be opened
 * and looked at. Runs headless. {@code ChartPreviewTest} calls the same code during the build.
 */
public final class ChartPreview {

    private ChartPreview() {
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("java.awt.headless", "true");
        Path out = Files.createDirectories(Path.of(args.length > 0 ? args[0] : "/tmp/charts-preview"));
        for (Path file : writeAll(out)) {
            System.out.println(file);
        }
    }

    /** Renders everything into {@code out}; returns the files written. */
    static java.util.List<Path> writeAll(Path out) {
        java.util.List<Path> files = new java.util.ArrayList<>();
        for (Map.Entry<String, JFreeChart> e : SampleCharts.all(SlotlabTheme.standard()).entrySet()) {
            Path png1 = out.resolve(e.getKey() + "@1x.png");
            Path png2 = out.resolve(e.getKey() + "@2x.png");
            Path svg = out.resolve(e.getKey() + ".svg");
            ChartExporter.png(e.getValue(), png1);
            ChartExporter.png(e.getValue(), png2, ChartExporter.DEFAULT_WIDTH, ChartExporter.DEFAULT_HEIGHT, 2);
            ChartExporter.svg(e.getValue(), svg);
            files.addAll(java.util.List.of(png1, png2, svg));
        }
        for (Map.Entry<String, JFreeChart> e : SampleCharts.all(SlotlabTheme.projector()).entrySet()) {
            Path png = out.resolve(e.getKey() + "-projector.png");
            ChartExporter.png(e.getValue(), png);
            files.add(png);
        }
        return files;
    }
}
