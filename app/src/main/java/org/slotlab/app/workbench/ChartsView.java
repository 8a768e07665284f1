package org.slotlab.app.workbench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.event.ChartProgressEvent;
import org.jfree.chart.fx.ChartCanvas;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.data.Range;
import org.slotlab.charts.Axes;
import org.slotlab.charts.SlotlabTheme;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.fx.FXHints;
import org.slotlab.app.scenario.ChartSpec;
import org.slotlab.app.scenario.Scenario;
import org.slotlab.app.scenario.ScenarioRun;

/**
 * The centre: one JFreeChart-FX {@link ChartViewer} per {@link ChartSpec} of the scenario in a
 * {@link ChartGrid}, with the compare table in the last cell, in a scroll pane that scrolls only
 * when the window is too low for every chart at a readable height; a chart can be focused (shown
 * alone) and its value axis zoomed. On each published {@link ScenarioRun} the viewers get the new charts; the
 * charts themselves were built off the FX thread (jfreechart-fx demos: dataset, chart, viewer).
 */
public final class ChartsView extends StackPane {

    /** Zoom step of the value axis, as a fraction of its range. */
    static final double ZOOM_STEP = 0.8;

    private final WorkbenchViewModel vm;
    private final CompareView compare;
    private final ChartGrid grid = new ChartGrid();
    private final ScrollPane scroll = new ScrollPane(grid);
    private final List<ChartViewer> viewers = new ArrayList<>();
    private final List<VBox> cells = new ArrayList<>();
    private List<ChartSpec> specs = List.of();
    private int focused = -1;
    private double zoom = 1.0;
    private final Label error = new Label();
    private long chartsShown;
    private long lastShowNanos;

    public ChartsView(WorkbenchViewModel vm, CompareView compare) {
        this.vm = vm;
        this.compare = compare;
        setId("charts");
        scroll.setId("chartsScroll");
        scroll.setFitToWidth(true);
        scroll.setFitToHeight(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.getStyleClass().add("charts-scroll");
        // ScrollPaneSkin caches its viewport as a bitmap: every chart redraw would then paint the whole
        // chart area again into the cache. Uncached, each chart cell stays the render root of its repaint.
        scroll.skinProperty().addListener((o, a, b) -> uncacheViewport());
        error.setId("chartError");
        error.getStyleClass().add("error-banner");
        error.setWrapText(true);
        error.setVisible(false);
        StackPane.setAlignment(error, javafx.geometry.Pos.TOP_CENTER);
        getChildren().addAll(scroll, error);
        vm.scenarioProperty().addListener((o, a, b) -> rebuild(b));
        vm.runProperty().addListener((o, a, b) -> show(b));
        vm.errorProperty().addListener((o, a, b) -> {
            error.setText(b.isEmpty() ? "" : "Not recomputed: " + b);
            error.setVisible(!b.isEmpty());
        });
        rebuild(vm.scenarioProperty().get());
        show(vm.run());
    }

    private void rebuild(Scenario scenario) {
        if (scenario.charts().equals(specs)) {
            return;
        }
        specs = scenario.charts();
        viewers.clear();
        cells.clear();
        for (ChartSpec spec : specs) {
            ChartViewer v = new ChartViewer(null);
            v.setId("chart-" + spec.id());
            v.setMinSize(200, 150);
            // the mouse wheel scrolls the charts; the value axis zooms from the View menu, which notes it on the chart
            var wheel = v.getCanvas().getMouseHandler("scroll");
            if (wheel != null) {
                v.getCanvas().removeMouseHandler(wheel);
            }
            VBox cell = new VBox(v);
            VBox.setVgrow(v, Priority.ALWAYS);
            cell.getStyleClass().add("chart-cell");
            viewers.add(v);
            cells.add(cell);
        }
        focused = -1;
        layoutGrid();
    }

    private void layoutGrid() {
        List<javafx.scene.Node> nodes = new ArrayList<>();
        if (focused >= 0) {
            nodes.add(cells.get(focused));
        } else {
            nodes.addAll(cells);
            nodes.add(compare);
        }
        grid.show(nodes, focused < 0);
        scroll.setVvalue(0);
    }

    private void uncacheViewport() {
        javafx.scene.Node viewport = scroll.lookup(".viewport");
        if (viewport != null) {
            viewport.setCache(false);
        }
    }

    /** The scroll pane's viewport, once its skin is made (tests check it is not a cached bitmap). */
    javafx.scene.Node viewport() {
        return scroll.lookup(".viewport");
    }

    /** The grid the cells are laid out in (tests read where they went). */
    ChartGrid grid() {
        return grid;
    }

    private void show(ScenarioRun run) {
        if (run == null) {
            return;
        }
        long t0 = System.nanoTime();
        for (int i = 0; i < specs.size(); i++) {
            final int k = i;
            run.chart(specs.get(i).id()).ifPresent(rc -> {
                applyZoom(rc.chart());
                setChart(viewers.get(k), rc.chart());
            });
        }
        chartsShown++;
        lastShowNanos = System.nanoTime() - t0;
    }

    /**
     * Hands a new chart to a viewer, which draws it once. Before that the viewer's FXGraphics2D is
     * brought back in step with its canvas: ChartCanvas.draw wraps each draw in the
     * GraphicsContext's save/restore, so afterwards the context is back at its old fill, stroke
     * and font while FXGraphics2D still holds the last chart's values, and skips a set of an equal
     * value (fxgraphics2d 2.1.5 setPaint/setFont). A new chart whose first fill equals the old
     * chart's last paint then came out in the context's stale colour (a black plot background,
     * seen with the measured overlays). Setting two different values in a row always reaches the
     * context. A chart is drawn again whenever its cell changes size, and each of those draws ends
     * with the canvas's restore too (a chart whose markers end in a white outline then drew its
     * next background black), so the same reset runs as every draw finishes. If the field cannot
     * be read (another jfreechart-fx), the chart is drawn twice, the older workaround: the second
     * draw starts from a consistent state.
     */
    public static void setChart(ChartViewer viewer, JFreeChart chart) {
        Graphics2D g2 = canvasGraphics(viewer.getCanvas());
        if (g2 != null) {
            resetGraphics(g2);
            // Every later draw of this chart (a resize, a new cell size) ends the same way: the canvas's
            // restore puts the context back, so the FXGraphics2D is brought back too as the draw finishes.
            chart.addProgressListener(e -> {
                if (e.getType() == ChartProgressEvent.DRAWING_FINISHED) {
                    resetGraphics(g2);
                }
            });
        }
        chart.getRenderingHints().put(FXHints.KEY_USE_FX_FONT_METRICS, Boolean.FALSE);
        viewer.setChart(chart);
        if (g2 == null) {
            viewer.getCanvas().draw();
        }
    }

    /** Sets two different values in a row of paint and font, so both reach the context (see {@link #setChart}). */
    private static void resetGraphics(Graphics2D g2) {
        g2.setPaint(Color.WHITE);
        g2.setPaint(Color.BLACK);
        g2.setStroke(new BasicStroke(1f));
        g2.setFont(RESET_FONT_A);
        g2.setFont(RESET_FONT_B);
    }

    private static final Font RESET_FONT_A = new Font(Font.DIALOG, Font.PLAIN, 11);
    private static final Font RESET_FONT_B = new Font(Font.DIALOG, Font.PLAIN, 12);
    private static final Field CANVAS_G2 = canvasGraphicsField();

    private static Field canvasGraphicsField() {
        try {
            Field f = ChartCanvas.class.getDeclaredField("g2");
            f.setAccessible(true);
            return Graphics2D.class.isAssignableFrom(f.getType()) ? f : null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** The canvas's FXGraphics2D (jfreechart-fx 2.0.2 keeps it in a private field), or null. */
    private static Graphics2D canvasGraphics(ChartCanvas canvas) {
        if (CANVAS_G2 == null || canvas == null) {
            return null;
        }
        try {
            return (Graphics2D) CANVAS_G2.get(canvas);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** FX-thread time the last {@link #show} took (handing the charts to the viewers, which draw them), ns. */
    public long lastShowNanos() {
        return lastShowNanos;
    }

    /** Shows chart {@code index} alone (0-based); out of range shows all. */
    public void focus(int index) {
        focused = index >= 0 && index < cells.size() ? index : -1;
        layoutGrid();
    }

    public void showAll() {
        focus(-1);
    }

    /** The focused chart's index, or -1 when all are shown. */
    public int focusedIndex() {
        return focused;
    }

    public void zoomIn() {
        zoom *= ZOOM_STEP;
        reapplyZoom();
    }

    public void zoomOut() {
        zoom /= ZOOM_STEP;
        reapplyZoom();
    }

    public void resetZoom() {
        zoom = 1.0;
        for (ChartViewer v : viewers) {
            if (v.getChart() != null && v.getChart().getPlot() instanceof CategoryPlot p) {
                for (int i = 0; i < p.getRangeAxisCount(); i++) {
                    if (p.getRangeAxis(i) != null) {
                        p.getRangeAxis(i).setAutoRange(true);
                    }
                }
                Axes.zoom(v.getChart(), null, NOTE_THEME);
            }
        }
    }

    /** The theme of the zoom note: the screen charts' default scale. */
    private static final SlotlabTheme NOTE_THEME = SlotlabTheme.of(WorkbenchViewModel.SCREEN_CHART_SCALE);

    private void reapplyZoom() {
        for (ChartViewer v : viewers) {
            if (v.getChart() != null) {
                applyZoom(v.getChart());
            }
        }
    }

    private void applyZoom(JFreeChart chart) {
        if (zoom == 1.0 || !(chart.getPlot() instanceof CategoryPlot p) || p.getRangeAxis() == null) {
            return;
        }
        var axis = p.getRangeAxis();
        axis.setAutoRange(true);
        var r = axis.getRange();
        // the chart says it is zoomed, and a ratio axis keeps 1.0 in view
        Axes.zoom(chart, new Range(r.getLowerBound(), r.getLowerBound() + r.getLength() * zoom), NOTE_THEME);
    }

    /** The viewers, in chart order (for exports and tests). */
    public List<ChartViewer> viewers() {
        return List.copyOf(viewers);
    }

    public List<ChartSpec> specs() {
        return specs;
    }

    /** Runs shown so far (tests wait on it). */
    public long chartsShown() {
        return chartsShown;
    }
}
