package org.slotlab.charts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.GraphicsEnvironment;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;

import javax.imageio.ImageIO;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;

import org.jfree.chart.JFreeChart;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.xml.sax.InputSource;

class ChartExporterTest {

    @TempDir
    Path temp;

    private static JFreeChart sample() {
        return SpeedRatioChart.create(new SpeedRatioChart.Data("speed", "frozen source",
                List.of(new LengthSeries("cutoff 256", List.of(new LengthPoint(50, 1.30), new LengthPoint(250, 0.76)))),
                OptionalInt.of(231), List.of()));
    }

    @Test
    void tests_runHeadless() {
        assertThat(GraphicsEnvironment.isHeadless()).isTrue();
    }

    @Test
    void png_1x_isDecodableAt1200x675() throws IOException {
        Path file = temp.resolve("chart.png");

        ChartExporter.png(sample(), file);

        BufferedImage image = ImageIO.read(file.toFile());
        assertThat(image).isNotNull();
        assertThat(image.getWidth()).isEqualTo(1200);
        assertThat(image.getHeight()).isEqualTo(675);
    }

    @Test
    void png_2x_isTwiceAsWideAndToStream() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        ChartExporter.png(sample(), out, 1200, 675, 2);

        BufferedImage image = ImageIO.read(new ByteArrayInputStream(out.toByteArray()));
        assertThat(image.getWidth()).isEqualTo(2400);
        assertThat(image.getHeight()).isEqualTo(1350);
    }

    @Test
    void png_2x_drawsTheSameLayoutTwiceAsLarge() {
        // same layout scaled, not re-flowed: the inked area of the 2x image is the 1x one doubled
        Rectangle one = ink(ChartExporter.render(sample(), 1200, 675, 1));
        Rectangle two = ink(ChartExporter.render(sample(), 1200, 675, 2));

        assertThat(two.x).isCloseTo(2 * one.x, org.assertj.core.data.Offset.offset(3));
        assertThat(two.y).isCloseTo(2 * one.y, org.assertj.core.data.Offset.offset(3));
        assertThat(two.width).isCloseTo(2 * one.width, org.assertj.core.data.Offset.offset(4));
        assertThat(two.height).isCloseTo(2 * one.height, org.assertj.core.data.Offset.offset(4));
    }

    /** Bounding box of the pixels that are not the white background. */
    private static Rectangle ink(BufferedImage image) {
        int minX = Integer.MAX_VALUE, minY = Integer.MAX_VALUE, maxX = -1, maxY = -1;
        int white = SlotlabTheme.BACKGROUND.getRGB();
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if (image.getRGB(x, y) != white) {
                    minX = Math.min(minX, x);
                    minY = Math.min(minY, y);
                    maxX = Math.max(maxX, x);
                    maxY = Math.max(maxY, y);
                }
            }
        }
        return new Rectangle(minX, minY, maxX - minX + 1, maxY - minY + 1);
    }

    @Test
    void svg_isWellFormedXmlWithSvgRootOfTheGivenSize() throws Exception {
        Path file = temp.resolve("chart.svg");

        ChartExporter.svg(sample(), file, 1200, 675);

        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Document doc = factory.newDocumentBuilder()
                .parse(new InputSource(new StringReader(Files.readString(file))));
        assertThat(doc.getDocumentElement().getLocalName()).isEqualTo("svg");
        assertThat(doc.getDocumentElement().getAttribute("width")).startsWith("1200");
        assertThat(doc.getDocumentElement().getAttribute("height")).startsWith("675");
        assertThat(doc.getElementsByTagNameNS("*", "text").getLength()).isPositive();
    }

    @Test
    void png_badScaleOrSize_isRejectedWithTheRule() {
        assertThatThrownBy(() -> ChartExporter.render(sample(), 1200, 675, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("scale must be in (0, 4.0]");
        assertThatThrownBy(() -> ChartExporter.render(sample(), 0, 675, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0 x 675");
    }
}
