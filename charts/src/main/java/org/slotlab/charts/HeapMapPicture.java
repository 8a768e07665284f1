package org.slotlab.charts;

import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.slotlab.model.heapmap.HeapMapReplay;
import org.slotlab.model.heapmap.SlotState;

/**
 * The heap map: each heap a row, each page a column (heapviz's picture: one column per page; a
 * slot is page height / slots per page tall, so slot height is proportional to slot size), each
 * slot coloured by what it holds ({@link SlotState}, Okabe-Ito colours; an old object is the
 * darker shade of its colour). Baseline and candidate side by side, with their counters (op, GC
 * count, live slots, pages per heap) and a legend. During the sweep of a GC the pages right of
 * the sweep front still show what they held before it. Pixels are written straight into the
 * image's raster, so a frame of a 1920 x 1080 map takes a few milliseconds; text is Java2D, so
 * the picture renders headless.
 */
public final class HeapMapPicture {

    /** Colour of each state (young object; an old one is {@link #OLD_SHADE} of it). */
    public static final Map<SlotState, Color> COLOURS = new EnumMap<>(Map.of(
            SlotState.FREE, new Color(0xE8EAED),
            SlotState.EMBEDDED, SlotlabTheme.BLUE,
            SlotState.SHARED, SlotlabTheme.SKY_BLUE,
            SlotState.FROZEN_ROOT, SlotlabTheme.VERMILLION,
            SlotState.MALLOC_OWNER, SlotlabTheme.ORANGE,
            SlotState.OTHER, SlotlabTheme.REDDISH_PURPLE));
    /** An old object's colour: its state's colour times this. */
    public static final double OLD_SHADE = 0.55;
    /** The sweep front line. */
    public static final Color FRONT = Color.BLACK;

    private static final int[] YOUNG = new int[SlotState.values().length];
    private static final int[] OLDC = new int[SlotState.values().length];

    static {
        for (SlotState s : SlotState.values()) {
            Color c = COLOURS.get(s);
            YOUNG[s.ordinal()] = c.getRGB();
            OLDC[s.ordinal()] = s == SlotState.FREE ? c.getRGB()
                    : new Color((int) (c.getRed() * OLD_SHADE), (int) (c.getGreen() * OLD_SHADE), (int) (c.getBlue() * OLD_SHADE)).getRGB();
        }
    }

    private HeapMapPicture() {}

    /** One map: a name ("master", "always-embed") and its replay. */
    public record Side(String name, HeapMapReplay replay) {
    }

    /** The colour (RGB) a slot is drawn in. */
    public static int rgb(SlotState s, boolean old) {
        return old ? OLDC[s.ordinal()] : YOUNG[s.ordinal()];
    }

    /** A new picture of {@code width x height} px at {@code scale}. */
    public static BufferedImage render(List<Side> sides, String title, int width, int height, double scale, double sweepFront) {
        double[] fronts = new double[sides.size()];
        java.util.Arrays.fill(fronts, sweepFront);
        return render(sides, title, width, height, scale, fronts);
    }

    /** A new picture with a sweep front per side ({@code fronts[k]} outside [0, 1): none on side k). */
    public static BufferedImage render(List<Side> sides, String title, int width, int height, double scale, double[] fronts) {
        return render(sides, title, width, height, scale, fronts, null);
    }

    /**
     * The picture drawn into {@code reuse} when it has the size (an animation's frames: no new
     * 8 MB image per frame at 1920 x 1080), else into a new image; returns the image drawn.
     */
    public static BufferedImage render(List<Side> sides, String title, int width, int height, double scale, double[] fronts,
            BufferedImage reuse) {
        int w = (int) Math.round(width * scale);
        int h = (int) Math.round(height * scale);
        BufferedImage img = reuse != null && reuse.getWidth() == w && reuse.getHeight() == h
                && reuse.getType() == BufferedImage.TYPE_INT_ARGB ? reuse : new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        draw(img, sides, title, scale, fronts);
        return img;
    }

    /**
     * Draws into {@code img} (TYPE_INT_ARGB, every pixel opaque), {@code scale} times the layout pixels; {@code fronts[k]}
     * in [0, 1) is how far the sweep of side k's last GC has come (pages left of it swept), else no front.
     */
    public static void draw(BufferedImage img, List<Side> sides, String title, double scale, double[] fronts) {
        int w = img.getWidth();
        int h = img.getHeight();
        int[] px = ((DataBufferInt) img.getRaster().getDataBuffer()).getData();
        java.util.Arrays.fill(px, Color.WHITE.getRGB());
        Graphics2D g2 = img.createGraphics();
        try {
            g2.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g2.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            double m = 14 * scale;
            Font titleFont = font(Font.BOLD, 22 * scale);
            Font nameFont = font(Font.BOLD, 17 * scale);
            Font small = font(Font.PLAIN, 13 * scale);
            double y = m;
            if (!title.isEmpty()) {
                g2.setFont(titleFont);
                g2.setColor(SlotlabTheme.TEXT);
                y += g2.getFontMetrics().getAscent();
                g2.drawString(title, (float) m, (float) y);
                y += g2.getFontMetrics().getDescent() + m * 0.5;
            }
            double legendH = 26 * scale;
            double bottom = h - m - legendH;
            List<Integer> heaps = heapsShown(sides);
            int n = sides.size();
            double gap = m * 2;
            double sideW = (w - 2 * m - gap * (n - 1)) / n;
            for (int k = 0; k < n; k++) {
                double x0 = m + k * (sideW + gap);
                drawSide(g2, px, w, sides.get(k), heaps, x0, y, sideW, bottom - y, scale, fronts[k], nameFont, small);
            }
            legend(g2, m, h - m - legendH, scale, small);
        } finally {
            g2.dispose();
        }
    }

    /** The heaps either side's workload allocates into, in layout order. */
    static List<Integer> heapsShown(List<Side> sides) {
        List<Integer> out = new ArrayList<>();
        int count = sides.get(0).replay().heapCount();
        for (int hp = 0; hp < count; hp++) {
            for (Side s : sides) {
                if (s.replay().usesHeap(hp)) {
                    out.add(hp);
                    break;
                }
            }
        }
        return out;
    }

    private static void drawSide(Graphics2D g2, int[] px, int imgW, Side side, List<Integer> heaps, double x0, double y0,
            double w, double h, double scale, double front, Font nameFont, Font small) {
        HeapMapReplay r = side.replay();
        g2.setColor(SlotlabTheme.TEXT);
        g2.setFont(nameFont);
        FontMetrics nf = g2.getFontMetrics();
        double y = y0 + nf.getAscent();
        g2.drawString(side.name(), (float) x0, (float) y);
        g2.setFont(small);
        FontMetrics sf = g2.getFontMetrics();
        long live = 0;
        for (int hp : heaps) {
            live += r.liveSlots(hp);
        }
        y += sf.getAscent() + 4 * scale;
        g2.setColor(SlotlabTheme.TEXT_MUTED);
        g2.drawString(String.format(Locale.ROOT, "op %,d of %,d   GC %,d (%,d minor, %,d major)   live slots %,d",
                r.op(), r.totalOps(), r.gcCount(), r.minorGcs(), r.majorGcs(), live), (float) x0, (float) y);
        y += sf.getDescent() + 8 * scale;
        double labelW = 92 * scale;
        double rowGap = 10 * scale;
        double rowH = heaps.isEmpty() ? 0 : Math.max(4, (y0 + h - y - rowGap * (heaps.size() - 1)) / heaps.size());
        for (int hp : heaps) {
            g2.setColor(SlotlabTheme.TEXT);
            g2.setFont(nameFont.deriveFont((float) (14 * scale)));
            g2.drawString(r.layout().slotSize(hp) + " B", (float) x0, (float) (y + g2.getFontMetrics().getAscent()));
            g2.setFont(small);
            g2.setColor(SlotlabTheme.TEXT_MUTED);
            g2.drawString(String.format(Locale.ROOT, "%,d pages", r.pages(hp)), (float) x0,
                    (float) (y + g2.getFontMetrics().getAscent() * 2 + 6 * scale));
            g2.drawString(String.format(Locale.ROOT, "%,d live", r.liveSlots(hp)), (float) x0,
                    (float) (y + g2.getFontMetrics().getAscent() * 3 + 10 * scale));
            paintHeap(px, imgW, r, hp, (int) Math.round(x0 + labelW), (int) Math.round(y),
                    (int) Math.round(w - labelW), (int) Math.round(rowH), front);
            y += rowH + rowGap;
        }
    }

    /**
     * Writes heap {@code hp}'s pages as columns into the raster. The colours are worked out once
     * per page and pixel row, in the raster's own order (a slot's state read once per row that
     * shows a new slot, not once per pixel), then each pixel row is written left to right, so
     * both are read and written in the order they are laid out in memory.
     */
    static void paintHeap(int[] px, int imgW, HeapMapReplay r, int hp, int x0, int y0, int w, int h, double front) {
        int pages = r.pages(hp);
        int spp = r.slotsPerPage(hp);
        if (pages == 0 || w <= 0 || h <= 0) {
            return;
        }
        double colW = (double) w / pages;
        boolean gaps = colW >= 3;
        int frontPage = front >= 0 && front < 1 ? (int) Math.floor(front * pages) : -1;
        int imgH = px.length / imgW;
        int[] slotOfRow = new int[h];
        for (int yy = 0; yy < h; yy++) {
            slotOfRow[yy] = (int) ((long) yy * spp / h);
        }
        // which page each pixel column shows (-1: the gap between two pages), and the front's column
        int[] pageOfX = new int[w];
        int frontX = frontPage >= 0 ? (int) Math.ceil(frontPage * colW) : -1;
        boolean[] used = new boolean[pages];
        for (int x = 0; x < w; x++) {
            int page = Math.min(pages - 1, (int) (x / colW));
            boolean gap = gaps && (int) ((x + 1) / colW) != page && (x + 1) < w;
            pageOfX[x] = gap ? -1 : page;
            if (!gap) {
                used[page] = true;
            }
        }
        // the colours of each page shown, one pixel row after the other (h x pages, row-major, as the raster):
        // a slot's state is read once per row that shows a new slot, a row that shows the same slots is copied
        int[] colour = new int[h * pages];
        int lastSlot = -1;
        for (int yy = 0; yy < h; yy++) {
            int slot = slotOfRow[yy];
            int at = yy * pages;
            if (slot == lastSlot) {
                System.arraycopy(colour, at - pages, colour, at, pages);
                continue;
            }
            lastSlot = slot;
            for (int page = 0; page < pages; page++) {
                if (!used[page]) {
                    continue;
                }
                int i = page * spp + slot;
                colour[at + page] = frontPage >= 0 && page > frontPage ? rgb(r.stateBeforeLastGc(hp, i), false)
                        : rgb(r.state(hp, i), r.old(hp, i));
            }
        }
        int frontRgb = FRONT.getRGB();
        int xFrom = Math.max(0, -x0);
        int xTo = Math.min(w, imgW - x0);
        for (int yy = 0; yy < h; yy++) {
            int Y = y0 + yy;
            if (Y < 0 || Y >= imgH) {
                continue;
            }
            int row = Y * imgW + x0;
            int at = yy * pages;
            for (int x = xFrom; x < xTo; x++) {
                int page = pageOfX[x];
                if (page < 0) {
                    continue;
                }
                px[row + x] = page == frontPage && x == frontX ? frontRgb : colour[at + page];
            }
        }
    }

    private static void legend(Graphics2D g2, double x, double y, double scale, Font font) {
        g2.setFont(font);
        FontMetrics fm = g2.getFontMetrics();
        double sw = 14 * scale;
        double cx = x;
        double cy = y + (26 * scale - sw) / 2;
        for (SlotState s : SlotState.values()) {
            g2.setColor(COLOURS.get(s));
            g2.fill(new java.awt.geom.Rectangle2D.Double(cx, cy, sw, sw));
            cx += sw + 5 * scale;
            g2.setColor(SlotlabTheme.TEXT);
            g2.drawString(s.label(), (float) cx, (float) (cy + sw - 2 * scale));
            cx += fm.stringWidth(s.label()) + 18 * scale;
        }
        g2.setColor(new Color(rgb(SlotState.EMBEDDED, true)));
        g2.fill(new java.awt.geom.Rectangle2D.Double(cx, cy, sw, sw));
        cx += sw + 5 * scale;
        g2.setColor(SlotlabTheme.TEXT);
        g2.drawString("darker: old (survived " + "GCs and promoted)", (float) cx, (float) (cy + sw - 2 * scale));
    }

    private static Font font(int style, double size) {
        return new Font(SlotlabTheme.FONT_FAMILY, style, 1).deriveFont(style, (float) size);
    }
}
