package org.slotlab.app;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.animation.PauseTransition;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.stage.Window;
import javafx.util.Duration;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.slotlab.app.scenario.ChartSpec;
import org.slotlab.app.scenario.ScenarioRegistry;

/**
 * Starts the product the way the jar does without arguments ({@link Launcher#main} with none) in
 * this process, then waits until the window shows a chart with data under each of the default
 * scenario's chart ids, prints {@code shown: id=title (series), ...} and exits 0; exits 1 when
 * they do not appear within {@link #WITHIN_S} s (a hang guard). Run in a JVM of its own by
 * {@link LauncherJarIT}: JavaFX can be launched once per process.
 */
public final class LaunchProbe {

    /** Upper bound for the window and its first charts, s: a guard against a hang. */
    static final long WITHIN_S = 90;

    private LaunchProbe() {}

    public static void main(String[] args) throws Exception {
        List<ChartSpec> expected = ScenarioRegistry.all().get(0).charts();
        CountDownLatch shown = new CountDownLatch(1);
        List<String> report = new ArrayList<>();
        // the first window to show (on the FX thread) starts the checks
        Window.getWindows().addListener((ListChangeListener<Window>) change -> {
            if (report.isEmpty() && shown.getCount() > 0 && !Window.getWindows().isEmpty()) {
                report.add("window");
                check(expected, report, shown);
            }
        });
        Thread launcher = new Thread(() -> Launcher.main(new String[0]), "launcher");
        launcher.setDaemon(true);
        launcher.start();
        boolean ok = shown.await(WITHIN_S, TimeUnit.SECONDS);
        System.out.println(ok ? "shown: " + String.join(", ", report) : "not shown within " + WITHIN_S + " s");
        System.out.flush();
        Runtime.getRuntime().halt(ok ? 0 : 1);
    }

    /** On the FX thread: every expected chart has data, or look again 100 ms later. */
    private static void check(List<ChartSpec> expected, List<String> report, CountDownLatch shown) {
        List<String> found = new ArrayList<>();
        for (ChartSpec spec : expected) {
            for (Window w : Window.getWindows()) {
                Node n = w.getScene() == null ? null : w.getScene().lookup("#chart-" + spec.id());
                if (n instanceof ChartViewer v && v.getChart() != null && series(v.getChart()) > 0) {
                    found.add(spec.id() + "=" + (v.getChart().getTitle() == null ? "" : v.getChart().getTitle().getText()) + " (" + series(v.getChart()) + ")");
                    break;
                }
            }
        }
        if (found.size() == expected.size()) {
            report.clear();
            report.addAll(found);
            shown.countDown();
            return;
        }
        PauseTransition again = new PauseTransition(Duration.millis(100));
        again.setOnFinished(e -> check(expected, report, shown));
        again.play();
    }

    /** Series of the chart's first dataset (rows of a category chart). */
    private static int series(JFreeChart chart) {
        Plot p = chart.getPlot();
        if (p instanceof XYPlot xy && xy.getDataset() != null) {
            return xy.getDataset().getSeriesCount();
        }
        if (p instanceof CategoryPlot c && c.getDataset() != null) {
            return c.getDataset().getRowCount();
        }
        return 0;
    }
}
