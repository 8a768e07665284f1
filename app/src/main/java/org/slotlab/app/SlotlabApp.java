package org.slotlab.app;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.slotlab.app.workbench.WindowPlacement;
import org.slotlab.app.talk.TalkFile;
import org.slotlab.app.talk.Talks;
import org.slotlab.app.workbench.WorkbenchView;
import org.slotlab.app.workbench.WorkbenchViewModel;

/**
 * The JavaFX workbench: opens on the #22186 substring scenario with the thread's own
 * settings (Feature #22186, https://bugs.ruby-lang.org/issues/22186); a {@code .slotlab.json} argument opens that
 * scenario instead, a {@code .slotlab-talk.json} argument opens that talk (F5 presents it). Results are computed on a background thread and published with
 * {@link Platform#runLater}.
 */
public class SlotlabApp extends Application {

    /** Initial scene size, px ({@link WindowPlacement} then sizes the window itself). */
    static final double WIDTH = WindowPlacement.DEFAULT_WIDTH;
    static final double HEIGHT = WindowPlacement.DEFAULT_HEIGHT;

    private WorkbenchViewModel vm;

    /** Opens once the toolkit runs: results published before that wait for it (see {@link #prepare}). */
    private static final CountDownLatch TOOLKIT_STARTED = new CountDownLatch(1);
    /** The view-model made by {@link #prepare}, or null when it was not called. */
    private static volatile CompletableFuture<WorkbenchViewModel> prepared;

    /**
     * Main when this class is launched directly ({@code mvn javafx:run}): JavaFX's launcher calls
     * an Application's own main before it starts the toolkit, so the Prism settings apply.
     */
    public static void main(String[] args) {
        RenderSettings.apply();
        prepare();
        launch(args);
    }

    /**
     * Makes the view-model, and so starts the default scenario's first run, on a background
     * thread while the JavaFX toolkit starts on another (call it before {@code launch}). The
     * view-model needs no toolkit (JavaFX properties only); its results wait for the toolkit
     * before they go to the FX thread. On a 2-core machine this takes the view-model and the
     * first run off the start's critical path, and the first run is usually ready for the
     * window's first layout.
     */
    public static void prepare() {
        if (prepared == null) {
            CompletableFuture<WorkbenchViewModel> f = new CompletableFuture<>();
            Thread t = new Thread(() -> {
                try {
                    f.complete(new WorkbenchViewModel(SlotlabApp::publishOnceStarted, true));
                } catch (RuntimeException | Error e) {
                    f.completeExceptionally(e);
                }
            }, "slotlab-prepare");
            t.setDaemon(true);
            t.start();
            prepared = f;
        }
    }

    /** The publisher of the prepared view-model: the FX thread, once the toolkit has started. */
    private static void publishOnceStarted(Runnable r) {
        boolean interrupted = false;
        while (true) {
            try {
                TOOLKIT_STARTED.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        Platform.runLater(r);
    }

    @Override
    public void init() {
        TOOLKIT_STARTED.countDown();
    }

    /** The prepared view-model, or a new one (also when preparing it failed: then this one says why). */
    private static WorkbenchViewModel viewModel() {
        CompletableFuture<WorkbenchViewModel> f = prepared;
        prepared = null;
        if (f != null) {
            try {
                return f.join();
            } catch (java.util.concurrent.CompletionException | java.util.concurrent.CancellationException e) {
                // made again on the FX thread below, where its failure is reported as usual
            }
        }
        return new WorkbenchViewModel(Platform::runLater, true);
    }

    @Override
    public void start(Stage stage) {
        StartupReport.mark("toolkit");
        vm = viewModel();
        // a first run computed while the toolkit started goes into the view as it is built
        vm.deliverPending();
        StartupReport.mark("vm");
        WorkbenchView view = new WorkbenchView(vm, stage);
        StartupReport.mark("view");
        Scene scene = newScene(view);
        StartupReport.mark("scene");
        stage.setScene(scene);
        WindowPlacement.forUser().apply(stage);
        Talks talks = Talks.install(view, vm, stage);
        vm.deliverPending();
        stage.show();
        StartupReport.mark("window");
        if (StartupReport.enabled()) {
            reportFirstChart(scene);
        }
        for (String arg : getParameters().getUnnamed()) {
            if (StartupReport.isOption(arg)) {
                continue;
            }
            if (arg.endsWith(TalkFile.SUFFIX)) {
                talks.open(Path.of(arg));
            } else {
                view.open(Path.of(arg));
            }
        }
    }

    /**
     * Prints the start-up report once the frame of the first pulse laid out after the first run
     * reached the charts (the pulse whose render paints them) has been rendered, and quits for
     * {@code --startup-report=exit}.
     */
    private void reportFirstChart(Scene scene) {
        Runnable atNextPulse = () -> {
            StartupReport.mark("first run");
            Runnable[] once = new Runnable[1];
            once[0] = () -> {
                scene.removePostLayoutPulseListener(once[0]);
                StartupReport.firstChartLaidOut();
                if (!RenderedFrames.onNext(scene, () -> reportPainted("painted"))) {
                    reportPainted("painted (not measured)");
                } else {
                    // a renderer that never reports the frame still gets a report (and the exit) after 10 s
                    javafx.animation.PauseTransition late = new javafx.animation.PauseTransition(javafx.util.Duration.seconds(10));
                    late.setOnFinished(e -> reportPainted("painted (not reported in 10 s)"));
                    late.play();
                }
            };
            scene.addPostLayoutPulseListener(once[0]);
            Platform.requestNextPulse();
        };
        if (vm.run() != null) {
            atNextPulse.run();
        } else {
            vm.runProperty().addListener(new javafx.beans.value.ChangeListener<>() {
                @Override
                public void changed(javafx.beans.value.ObservableValue<? extends org.slotlab.app.scenario.ScenarioRun> o,
                        org.slotlab.app.scenario.ScenarioRun a, org.slotlab.app.scenario.ScenarioRun b) {
                    if (b != null) {
                        vm.runProperty().removeListener(this);
                        atNextPulse.run();
                    }
                }
            });
        }
    }

    /** Ends the start-up report with its last phase (once, from any thread), and quits for {@code --startup-report=exit}. */
    private static void reportPainted(String how) {
        if (StartupReport.painted(System.err, how) && StartupReport.exitAfterReport()) {
            Platform.runLater(Platform::exit);
        }
    }

    /** The workbench's scene: its initial size and stylesheet (the latency harness measures this very scene). */
    public static Scene newScene(WorkbenchView view) {
        Scene scene = new Scene(view, WIDTH, HEIGHT);
        scene.getStylesheets().add(stylesheet());
        return scene;
    }

    /** The workbench's stylesheet (colours and fonts shared with the chart theme). */
    public static String stylesheet() {
        return SlotlabApp.class.getResource("/org/slotlab/app/workbench.css").toExternalForm();
    }

    @Override
    public void stop() {
        if (vm != null) {
            vm.close();
        }
    }
}
