package org.slotlab.app.workbench;

import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartViewer;
import org.slotlab.app.SlotlabApp;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The workbench window as the TestFX tests of this package open it under Monocle (headless): a
 * {@link WorkbenchViewModel} recomputing on the FX thread, its {@link WorkbenchView} in a
 * {@link #W} x {@link #H} scene with Slotlab's stylesheet, shown on the test's stage. TestFX's
 * ApplicationExtension looks for {@code @Start} only on the test class itself, so each test keeps a
 * one-line {@code @Start} that calls {@link #show(Stage)}.
 */
final class FxWorkbench {

    /** Window size, px: inside Monocle's default 1280 x 800 headless screen. */
    static final double W = 1260;
    static final double H = 780;
    /** Upper bound for a recompute to reach the charts: a guard against a hang, not a timing assertion. */
    static final long CHARTS_WITHIN_S = 30;

    final WorkbenchViewModel vm;
    final WorkbenchView view;

    private FxWorkbench(WorkbenchViewModel vm, WorkbenchView view) {
        this.vm = vm;
        this.view = view;
    }

    /** Builds the view-model and window and shows them on {@code stage} (call from {@code @Start}). */
    static FxWorkbench show(Stage stage) {
        WorkbenchViewModel vm = new WorkbenchViewModel(Platform::runLater, true);
        WorkbenchView view = new WorkbenchView(vm, stage);
        Scene scene = new Scene(view, W, H);
        scene.getStylesheets().add(SlotlabApp.stylesheet());
        stage.setScene(scene);
        stage.show();
        return new FxWorkbench(vm, view);
    }

    /** Waits until the charts show the newest request. */
    void awaitCharts() throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        long target = WaitForAsyncUtils.asyncFx(vm::requestedGeneration).get();
        WaitForAsyncUtils.waitFor(CHARTS_WITHIN_S, TimeUnit.SECONDS, () -> vm.publishedGenerationProperty().get() >= target);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The chart shown under {@code #chart-ID}. */
    JFreeChart shown(FxRobot robot, String id) {
        return robot.lookup("#chart-" + id).queryAs(ChartViewer.class).getChart();
    }
}
