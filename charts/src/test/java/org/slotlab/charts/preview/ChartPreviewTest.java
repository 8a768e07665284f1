package org.slotlab.charts.preview;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

        List<Path> files = ChartPreview.writeAll(out);

        assertThat(files).hasSize(6 * 4);
        for (Path file : files) {
            String name = file.getFileName().toString();
            if (name.endsWith(".svg")) {
                assertThat(Files.readString(file)).contains("<svg");
                continue;
            }
            BufferedImage image = ImageIO.read(file.toFile());
            assertThat(image.getWidth()).as(name).isEqualTo(name.contains("@2x") ? 2400 : 1200);
        }
    }
}
