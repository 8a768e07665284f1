package org.slotlab.app.talk;

import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.jfree.chart.JFreeChart;
import org.slotlab.app.heapmap.HeapMaps;
import org.slotlab.app.scenario.ScenarioRun;
import org.slotlab.charts.SlotlabTheme;

/**
 * Draws one slide with Java2D (so it renders headless): white background, the title, the step's
 * charts drawn again with the slide's projector theme ({@link SlideLayout#chartTheme()}), the
 * caption and "n / N". The talk on screen shows the same parts from the same {@link SlideLayout}.
 */
public final class SlideRenderer {

    /** Slide background and text: black on white, the highest contrast a projector shows. */
    public static final Color BACKGROUND = Color.WHITE;
    public static final Color TEXT = new Color(0x111111);
    /** The step counter: quieter than the caption. */
    public static final Color COUNTER = new Color(0x4A5059);

    private SlideRenderer() {}

    /** The charts of {@code step} from {@code run}, drawn with {@code theme}, in the step's order. */
    public static List<JFreeChart> charts(TalkStep step, ScenarioRun run, SlotlabTheme theme) {
        return step.view().stream().map(id -> run.chart(id)
                .orElseThrow(() -> new IllegalStateException("the run has no chart " + id)).factory().apply(theme)).toList();
    }

    /** Slide {@code index} (0-based) of {@code count} as an RGB image of {@code EXPORT_WIDTH*scale x EXPORT_HEIGHT*scale} px. */
    public static BufferedImage render(TalkStep step, ScenarioRun run, int index, int count, double scale) {
        if (!(scale > 0 && scale <= SlotlabTheme.MAX_SCALE)) {
            throw new IllegalArgumentException("slide scale must be in (0, " + SlotlabTheme.MAX_SCALE + "], got " + scale);
        }
        SlideLayout layout = new SlideLayout(SlideLayout.EXPORT_WIDTH, SlideLayout.EXPORT_HEIGHT, step.view().size());
        int w = (int) Math.round(layout.width() * scale);
        int h = (int) Math.round(layout.height() * scale);
        BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g2 = image.createGraphics();
        try {
            g2.scale(scale, scale);
            draw(g2, step, run, index, count, scale);
        } finally {
            g2.dispose();
        }
        return image;
    }

    /**
     * Draws slide {@code index} of {@code count} on {@code g2} in the slide's own units
     * ({@link SlideLayout#EXPORT_WIDTH} x {@link SlideLayout#EXPORT_HEIGHT}): the same drawing
     * for a PNG and for a vector PDF page. {@code rasterScale} is the pixel density of the one
     * raster part, the heap map (1 for a 1920 px slide).
     */
    public static void draw(Graphics2D g2, TalkStep step, ScenarioRun run, int index, int count, double rasterScale) {
        SlideLayout layout = new SlideLayout(SlideLayout.EXPORT_WIDTH, SlideLayout.EXPORT_HEIGHT, step.view().size());
        g2.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g2.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g2.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        g2.setColor(BACKGROUND);
        g2.fill(new Rectangle2D.Double(0, 0, layout.width(), layout.height()));
        text(g2, step.title(), layout.title(), Font.BOLD, layout.titleSize(), TEXT, false);
        List<SlideLayout.Box> boxes = layout.chartBoxes();
        if (step.heapMap()) {
            SlideLayout.Box b = boxes.get(0);
            BufferedImage map = HeapMaps.render(step.state().settings(), HeapMaps.LEN, HeapMaps.OPS, -1,
                    (int) b.w(), (int) b.h(), rasterScale);
            g2.drawImage(map, (int) b.x(), (int) b.y(), (int) b.w(), (int) b.h(), null);
        }
        List<JFreeChart> charts = step.heapMap() ? List.of() : charts(step, run, layout.chartTheme());
        for (int i = 0; i < charts.size(); i++) {
            SlideLayout.Box b = boxes.get(i);
            charts.get(i).draw(g2, new Rectangle2D.Double(b.x(), b.y(), b.w(), b.h()));
        }
        text(g2, step.caption(), layout.caption(), Font.PLAIN, layout.captionSize(), TEXT, false);
        text(g2, counter(index, count), layout.caption(), Font.PLAIN, layout.counterSize(), COUNTER, true);
    }

    /** "3 / 8". */
    public static String counter(int index, int count) {
        return (index + 1) + " / " + count;
    }

    /** Writes a slide as PNG. */
    public static void png(BufferedImage image, Path file) throws IOException {
        try (var out = Files.newOutputStream(file)) {
            if (!ImageIO.write(image, "png", out)) {
                throw new IOException("no PNG writer");
            }
        }
    }

    /** One line of text in a box, left-aligned (or right-aligned), shortened with an ellipsis to fit. */
    private static void text(Graphics2D g2, String s, SlideLayout.Box box, int style, double size, Color color, boolean right) {
        if (s.isEmpty()) {
            return;
        }
        Font font = new Font(SlotlabTheme.FONT_FAMILY, style, 1).deriveFont(style, (float) size);
        g2.setFont(font);
        g2.setColor(color);
        FontMetrics fm = g2.getFontMetrics();
        String shown = s;
        double max = right ? box.w() : box.w() - layout(size);
        // a line a little too long is set smaller (down to MIN_FIT of its size) before it is shortened
        for (double f = 0.95; fm.stringWidth(shown) > max && f >= MIN_FIT - 1e-9; f -= 0.05) {
            g2.setFont(font.deriveFont((float) (size * f)));
            fm = g2.getFontMetrics();
        }
        while (fm.stringWidth(shown) > max && shown.length() > 1) {
            shown = shown.substring(0, shown.length() - 2) + "…";
        }
        float x = (float) (right ? box.x() + box.w() - fm.stringWidth(shown) : box.x());
        float y = (float) (box.y() + (box.h() + fm.getAscent() - fm.getDescent()) / 2);
        g2.drawString(shown, x, y);
    }

    /** Smallest share of its size a title or caption is set at to fit its line, before it is shortened with an ellipsis. */
    static final double MIN_FIT = 0.8;

    /** Room kept free right of the caption for the counter. */
    private static double layout(double size) {
        return size * 4;
    }
}
