package org.slotlab.app;

/**
 * Prism settings the workbench starts with; they must be set before the JavaFX toolkit starts,
 * so every entry point ({@link Launcher}, {@link SlotlabApp#main}, {@link WorkbenchMain}, the
 * latency harness) calls {@link #apply()} first. A setting given on the command line wins.
 *
 * <p>{@code prism.disableRegionCaching=true}: Prism draws a Region whose background has more
 * than one fill (most Modena controls: table, split pane, scroll pane, list) from a cached image
 * stretched as a 9-slice. On the software pipeline (the one Xvfb, remote desktops and most CI
 * machines get) stretching that image over a large region is the costliest step of a repaint:
 * JFR samples of the slider latency harness put 59% of the render thread's time in
 * {@code PiscesRenderer.drawImageImpl} under {@code drawTexture9Slice}. Filling the rectangles
 * directly is cheaper there, and on a GPU pipeline it is a few quads either way.
 *
 * <p>{@code prism.dirtyregioncount=15} (Prism's maximum; default 6): a slider step dirties the
 * three charts, the compare table, a few labels of the parameters panel and the status bar. With
 * six regions Prism merges the overflow into their bounding box, which spanned the whole window
 * and was repainted from the root (pulse log: one 1514 x 883 px region, 8 ms); with fifteen each
 * stays small and is painted from its own opaque cell.
 */
public final class RenderSettings {

    /** Prism property that turns off the region background image cache. */
    public static final String DISABLE_REGION_CACHING = "prism.disableRegionCaching";
    /** Prism property: how many separate dirty rectangles one repaint keeps before merging. */
    public static final String DIRTY_REGION_COUNT = "prism.dirtyregioncount";

    private RenderSettings() {}

    /** Sets the workbench's Prism defaults unless the user set them (call before the toolkit starts). */
    public static void apply() {
        setIfAbsent(DISABLE_REGION_CACHING, "true");
        setIfAbsent(DIRTY_REGION_COUNT, "15");
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }
}
