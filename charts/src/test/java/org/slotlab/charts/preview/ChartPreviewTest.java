package org.slotlab.charts.preview;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import javax.imageio.ImageIO;

import org.jfree.chart.JFreeChart;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.charts.ChartExporter;
import org.slotlab.charts.SlotlabTheme;

/**
 * Renders every sample chart at 1x, 2x and projector scale. By default into a temporary folder;
 * with {@code -Dslotlab.preview.dir=/tmp/charts-preview} into that folder, to be looked at:
 * {@code mvn -o -pl charts -am test -Dtest=ChartPreviewTest -Dsurefire.failIfNoSpecifiedTests=false -Dslotlab.preview.dir=/tmp/charts-preview}.
 */
class ChartPreviewTest {

    @TempDir
    Path temp;

    @Test
    void sampleCharts_renderAt1x2xAndProjector() throws IOException {
        String dir = System.getProperty("slotlab.preview.dir");
        Path out = dir == null || dir.isBlank() ? temp : Files.createDirectories(Path.of(dir));

        for (Map.Entry<String, JFreeChart> e : SampleCharts.all(SlotlabTheme.standard()).entrySet()) {
            Path png1 = out.resolve(e.getKey() + "@1x.png");
            Path png2 = out.resolve(e.getKey() + "@2x.png");
            ChartExporter.png(e.getValue(), png1);
            ChartExporter.png(e.getValue(), png2, ChartExporter.DEFAULT_WIDTH, ChartExporter.DEFAULT_HEIGHT, 2);
            ChartExporter.svg(e.getValue(), out.resolve(e.getKey() + ".svg"));
            assertThat(ImageIO.read(png1.toFile()).getWidth()).isEqualTo(1200);
            assertThat(ImageIO.read(png2.toFile()).getWidth()).isEqualTo(2400);
        }
        for (Map.Entry<String, JFreeChart> e : SampleCharts.all(SlotlabTheme.projector()).entrySet()) {
            Path png = out.resolve(e.getKey() + "-projector.png");
            ChartExporter.png(e.getValue(), png);
            BufferedImage image = ImageIO.read(png.toFile());
            assertThat(image.getHeight()).isEqualTo(ChartExporter.DEFAULT_HEIGHT);
        }
    }
}
