package org.slotlab.app.workbench;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import javafx.animation.PauseTransition;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.image.ImageView;
import javafx.scene.image.PixelBuffer;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.RowConstraints;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartViewer;
import javafx.util.Duration;
import org.jfree.chart.plot.CategoryPlot;
import org.slotlab.app.scenario.ChartSpec;
import org.slotlab.app.scenario.Scenario;
import org.slotlab.app.scenario.ScenarioRun;
import org.slotlab.charts.ChartExporter;

/**
 * The centre: one JFreeChart-FX {@link ChartViewer} per {@link ChartSpec} of the scenario in a
 * grid, with the compare table in the last cell; a chart can be focused (shown alone) and its
 * value axis zoomed. On each published {@link ScenarioRun} the viewers get the new charts; the
 * charts themselves were built off the FX thread (jfreechart-fx demos: dataset, chart, viewer).
 * So that the charts follow a moving slider (issue 3, "Live means live"), the compute thread also
 * draws each displayed chart with Java2D into an image of its viewer's size
 * ({@link ChartExporter#render}); the FX thread then only swaps an {@link ImageView} over the
 * viewer, and hands the chart itself to the interactive viewer (tooltips, zoom) once no new run
 * has arrived for {@value #SETTLE_MS} ms. JavaFX's {@link PixelBuffer} wraps the Java2D pixels
 * without a copy (openjdk/jfx, JDK-8167148).
 */
public final class ChartsView extends StackPane {

    /** Zoom step of the value axis, as a fraction of its range. */
    static final double ZOOM_STEP = 0.8;
    /** Width share of the chart when a scenario has one chart beside the table, percent. */
    static final double SINGLE_CHART_SHARE = 62;
    /** Quiet time after the last run before the interactive viewers get its charts, ms. */
    static final long SETTLE_MS = 150;
    /** Pre-drawn runs kept for the FX thread to find (the compute thread may run ahead of it). */
    static final int FRAMES_KEPT = 4;
    /** Opaque alpha for pixels Java2D drew into an RGB image (ARGB, alpha in the top byte). */
    private static final int OPAQUE = 0xFF000000;

    /** Where a displayed chart is drawn: its id and its viewer's size, FX px, at an output scale. */
    private record Target(String id, int width, int height, double scale) {}

    /** A chart drawn for a viewer of {@code width x height} FX px at value-axis zoom {@code zoom}. */
    private record Drawn(WritableImage image, int width, int height, double zoom) {}

    /** The images drawn for one run on the compute thread. */
    private record Frame(ScenarioRun run, Map<String, Drawn> images) {}

    private final WorkbenchViewModel vm;
    private final CompareView compare;
    private final GridPane grid = new GridPane();
    private final List<ChartViewer> viewers = new ArrayList<>();
    private final List<ImageView> images = new ArrayList<>();
    private final List<VBox> cells = new ArrayList<>();
    private List<ChartSpec> specs = List.of();
    /** Per chart: the viewer still holds an older chart than the image over it (or, hidden, than the run). */
    private boolean[] stale = new boolean[0];
    private int focused = -1;
    private volatile double zoom = 1.0;
    private final Label error = new Label();
    private long chartsShown;
    private long lastShowNanos;
    private volatile long lastPrerenderNanos;
    private volatile boolean settled = true;
    private ScenarioRun shownRun;
    /** Read by the compute thread: which charts to draw and at what size. */
    private volatile List<Target> targets = List.of();
    private final ConcurrentLinkedDeque<Frame> frames = new ConcurrentLinkedDeque<>();
    /** The second thread that pre-draws charts beside the compute thread. */
    private static final ExecutorService PREDRAW = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "slotlab-predraw");
        t.setDaemon(true);
        return t;
    });
    private final PauseTransition settleTimer = new PauseTransition(Duration.millis(SETTLE_MS));

    public ChartsView(WorkbenchViewModel vm, CompareView compare) {
        this.vm = vm;
        this.compare = compare;
        setId("charts");
        grid.setHgap(8);
        grid.setVgap(8);
        grid.setPadding(new Insets(8));
        error.setId("chartError");
        error.getStyleClass().add("error-banner");
        error.setWrapText(true);
        error.setVisible(false);
        StackPane.setAlignment(error, javafx.geometry.Pos.TOP_CENTER);
        getChildren().addAll(grid, error);
        vm.scenarioProperty().addListener((o, a, b) -> rebuild(b));
        vm.runProperty().addListener((o, a, b) -> show(b));
        vm.errorProperty().addListener((o, a, b) -> {
            error.setText(b.isEmpty() ? "" : "Not recomputed: " + b);
            error.setVisible(!b.isEmpty());
        });
        settleTimer.setOnFinished(e -> settle());
        rebuild(vm.scenarioProperty().get());
        show(vm.run());
        vm.setPrerender(this::prerender);
    }

    private void rebuild(Scenario scenario) {
        if (scenario.charts().equals(specs)) {
            return;
        }
        specs = scenario.charts();
        viewers.clear();
        images.clear();
        cells.clear();
        settleTimer.stop();
        stale = new boolean[specs.size()];
        settled = true;
        for (ChartSpec spec : specs) {
            ChartViewer v = new ChartViewer(null);
            v.setId("chart-" + spec.id());
            v.setMinSize(200, 150);
            ImageView image = new ImageView();
            image.setManaged(false);
            image.setMouseTransparent(true);
            image.setVisible(false);
            StackPane stack = new StackPane(v, image);
            VBox cell = new VBox(stack);
            VBox.setVgrow(stack, Priority.ALWAYS);
            cell.getStyleClass().add("chart-cell");
            v.widthProperty().addListener((o, a, b) -> updateTargets());
            v.heightProperty().addListener((o, a, b) -> updateTargets());
            viewers.add(v);
            images.add(image);
            cells.add(cell);
        }
        focused = -1;
        layoutGrid();
    }

    /** Publishes the displayed viewers' sizes for the compute thread (FX thread). */
    private void updateTargets() {
        List<Target> t = new ArrayList<>();
        for (int i = 0; i < viewers.size(); i++) {
            ChartViewer v = viewers.get(i);
            if (cells.get(i).getParent() == null || v.getWidth() < 1 || v.getHeight() < 1) {
                continue;
            }
            double scale = v.getScene() != null && v.getScene().getWindow() != null
                    ? v.getScene().getWindow().getOutputScaleX() : 1.0;
            t.add(new Target(specs.get(i).id(), (int) Math.round(v.getWidth()), (int) Math.round(v.getHeight()),
                    scale > 0 ? scale : 1.0));
        }
        targets = List.copyOf(t);
    }

    /**
     * Compute thread: draws the run's displayed charts into images at the viewers' last known
     * sizes, with the current zoom applied to the (not yet shown) charts. Stops when cancelled.
     */
    private void prerender(ScenarioRun run, BooleanSupplier cancelled) {
        long t0 = System.nanoTime();
        double z = zoom;
        List<Target> ts = targets;
        // The first chart is drawn on the helper thread while this thread draws the others (2 cores).
        Future<Drawn> first = ts.isEmpty() ? null : PREDRAW.submit(() -> draw(run, ts.get(0), z, cancelled));
        Map<String, Drawn> drawn = new HashMap<>();
        for (Target t : ts.subList(Math.min(1, ts.size()), ts.size())) {
            Drawn d = draw(run, t, z, cancelled);
            if (d != null) {
                drawn.put(t.id(), d);
            }
        }
        if (first != null) {
            try {
                Drawn d = first.get();
                if (d != null) {
                    drawn.put(ts.get(0).id(), d);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (ExecutionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            }
        }
        if (cancelled.getAsBoolean()) {
            return;
        }
        frames.addFirst(new Frame(run, Map.copyOf(drawn)));
        while (frames.size() > FRAMES_KEPT) {
            frames.pollLast();
        }
        lastPrerenderNanos = System.nanoTime() - t0;
    }

    /** Draws one chart of {@code run} for {@code t}; null when cancelled or the run lacks it. */
    private static Drawn draw(ScenarioRun run, Target t, double zoom, BooleanSupplier cancelled) {
        var rc = run.chart(t.id());
        if (rc.isEmpty() || cancelled.getAsBoolean()) {
            return null;
        }
        JFreeChart chart = rc.get().chart();
        applyZoom(chart, zoom);
        return new Drawn(toFx(ChartExporter.render(chart, t.width(), t.height(), t.scale())), t.width(), t.height(), zoom);
    }

    /** Wraps Java2D's RGB pixels as an opaque JavaFX image without copying them. */
    private static WritableImage toFx(BufferedImage rgb) {
        int[] px = ((DataBufferInt) rgb.getRaster().getDataBuffer()).getData();
        for (int i = 0; i < px.length; i++) {
            px[i] |= OPAQUE;
        }
        var buffer = new PixelBuffer<>(rgb.getWidth(), rgb.getHeight(), IntBuffer.wrap(px),
                PixelFormat.getIntArgbPreInstance());
        return new WritableImage(buffer);
    }

    private Frame frameOf(ScenarioRun run) {
        for (Frame f : frames) {
            if (f.run() == run) {
                return f;
            }
        }
        return null;
    }

    private void layoutGrid() {
        grid.getChildren().clear();
        grid.getColumnConstraints().clear();
        grid.getRowConstraints().clear();
        List<javafx.scene.Node> nodes = new ArrayList<>();
        if (focused >= 0) {
            nodes.add(cells.get(focused));
        } else {
            nodes.addAll(cells);
            nodes.add(compare);
        }
        int cols = nodes.size() == 1 ? 1 : 2;
        int rows = (nodes.size() + cols - 1) / cols;
        for (int c = 0; c < cols; c++) {
            ColumnConstraints cc = new ColumnConstraints();
            // One chart and the table: the chart gets the larger share.
            cc.setPercentWidth(nodes.size() == 2 ? (c == 0 ? SINGLE_CHART_SHARE : 100 - SINGLE_CHART_SHARE) : 100.0 / cols);
            cc.setHgrow(Priority.ALWAYS);
            grid.getColumnConstraints().add(cc);
        }
        for (int r = 0; r < rows; r++) {
            RowConstraints rc = new RowConstraints();
            rc.setPercentHeight(100.0 / rows);
            rc.setVgrow(Priority.ALWAYS);
            grid.getRowConstraints().add(rc);
        }
        for (int i = 0; i < nodes.size(); i++) {
            // Two charts + table: the table spans nothing; one chart + table: side by side.
            grid.add(nodes.get(i), i % cols, i / cols);
        }
        updateTargets();
    }

    private void show(ScenarioRun run) {
        if (run == null) {
            return;
        }
        long t0 = System.nanoTime();
        Frame frame = frameOf(run);
        shownRun = run;
        boolean pending = false;
        for (int i = 0; i < specs.size(); i++) {
            var rc = run.chart(specs.get(i).id());
            if (rc.isEmpty()) {
                continue;
            }
            ChartViewer v = viewers.get(i);
            ImageView image = images.get(i);
            boolean displayed = cells.get(i).getParent() != null && v.getWidth() >= 1;
            Drawn d = frame == null ? null : frame.images().get(specs.get(i).id());
            if (displayed && d != null && d.zoom() == zoom && Math.abs(d.width() - v.getWidth()) < 1
                    && Math.abs(d.height() - v.getHeight()) < 1) {
                image.setImage(d.image());
                // Drawn at the output scale: shown at the viewer's size (no scaling at scale 1).
                image.setFitWidth(d.image().getWidth() == d.width() ? 0 : d.width());
                image.setFitHeight(d.image().getHeight() == d.height() ? 0 : d.height());
                image.setVisible(true);
                v.setVisible(false);
                stale[i] = true;
                pending = true;
            } else if (!displayed && v.getChart() != null) {
                // Not on screen (another chart is focused): hand it over when things settle.
                stale[i] = true;
                pending = true;
            } else {
                handOver(i, rc.get().chart());
            }
        }
        settled = !pending;
        if (pending) {
            settleTimer.playFromStart();
        } else {
            settleTimer.stop();
        }
        chartsShown++;
        lastShowNanos = System.nanoTime() - t0;
    }

    /** Gives chart {@code i} to its interactive viewer and takes the image away (FX thread). */
    private void handOver(int i, JFreeChart chart) {
        applyZoom(chart);
        ChartViewer v = viewers.get(i);
        setChart(v, chart);
        v.setVisible(true);
        images.get(i).setVisible(false);
        images.get(i).setImage(null);
        stale[i] = false;
    }

    /** Hands the last shown run's charts to the viewers that still show an image or an older chart. */
    private void settle() {
        settleTimer.stop();
        if (settled || shownRun == null) {
            return;
        }
        for (int i = 0; i < specs.size(); i++) {
            if (stale[i]) {
                final int k = i;
                shownRun.chart(specs.get(i).id()).ifPresent(rc -> handOver(k, rc.chart()));
                stale[k] = false;
            }
        }
        settled = true;
    }

    /**
     * Hands a new chart to a viewer. A chart with measured overlays is drawn a second time: the
     * viewer's FXGraphics2D keeps the paint of the previous chart's last draw, and after its
     * clip save/restore the first background fill of the new chart can come out black
     * (jfree/fxgraphics2d issue 6 describes the state restore); the second draw starts clean.
     */
    static void setChart(ChartViewer viewer, JFreeChart chart) {
        boolean overlays = chart.getPlot() instanceof CategoryPlot p && p.getDatasetCount() > 0
                && hasMeasured(p);
        viewer.setChart(chart);
        if (overlays) {
            viewer.getCanvas().draw();
        }
    }

    private static boolean hasMeasured(CategoryPlot p) {
        for (int i = 0; i < p.getDatasetCount(); i++) {
            var d = p.getDataset(i);
            if (d != null && d.getRowCount() > 0 && String.valueOf(d.getRowKey(0)).startsWith("measured: ")) {
                return true;
            }
        }
        return false;
    }

    /** FX-thread time the last {@link #show} took (handing the charts to the viewers, which draw them), ns. */
    public long lastShowNanos() {
        return lastShowNanos;
    }

    /** Compute-thread time the last pre-draw of the displayed charts into images took, ns. */
    public long lastPrerenderNanos() {
        return lastPrerenderNanos;
    }

    /**
     * Whether every viewer holds the last shown run's chart (no image stands in for it); tests
     * wait on it before reading the viewers' datasets.
     */
    public boolean settled() {
        return settled;
    }

    /** Shows chart {@code index} alone (0-based); out of range shows all. */
    public void focus(int index) {
        settle();
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
        settle();
        zoom *= ZOOM_STEP;
        reapplyZoom();
    }

    public void zoomOut() {
        settle();
        zoom /= ZOOM_STEP;
        reapplyZoom();
    }

    public void resetZoom() {
        settle();
        zoom = 1.0;
        for (ChartViewer v : viewers) {
            if (v.getChart() != null && v.getChart().getPlot() instanceof CategoryPlot p) {
                for (int i = 0; i < p.getRangeAxisCount(); i++) {
                    if (p.getRangeAxis(i) != null) {
                        p.getRangeAxis(i).setAutoRange(true);
                    }
                }
            }
        }
    }

    private void reapplyZoom() {
        for (ChartViewer v : viewers) {
            if (v.getChart() != null) {
                applyZoom(v.getChart());
            }
        }
    }

    private void applyZoom(JFreeChart chart) {
        applyZoom(chart, zoom);
    }

    private static void applyZoom(JFreeChart chart, double zoom) {
        if (zoom == 1.0 || !(chart.getPlot() instanceof CategoryPlot p) || p.getRangeAxis() == null) {
            return;
        }
        var axis = p.getRangeAxis();
        axis.setAutoRange(true);
        var r = axis.getRange();
        axis.setRange(r.getLowerBound(), r.getLowerBound() + r.getLength() * zoom);
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
