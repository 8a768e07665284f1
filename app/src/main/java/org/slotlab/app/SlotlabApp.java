package org.slotlab.app;

import java.nio.file.Path;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
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

    /** Initial window size, px: fits a 1600 x 1000 screen with the three charts and the table readable. */
    static final double WIDTH = 1560;
    static final double HEIGHT = 960;

    private WorkbenchViewModel vm;

    /**
     * Main when this class is launched directly ({@code mvn javafx:run}): JavaFX's launcher calls
     * an Application's own main before it starts the toolkit, so the Prism settings apply.
     */
    public static void main(String[] args) {
        RenderSettings.apply();
        launch(args);
    }

    @Override
    public void start(Stage stage) {
        vm = new WorkbenchViewModel(Platform::runLater, true);
        WorkbenchView view = new WorkbenchView(vm, stage);
        stage.setScene(newScene(view));
        Talks talks = Talks.install(view, vm, stage);
        stage.show();
        for (String arg : getParameters().getUnnamed()) {
            if (arg.endsWith(TalkFile.SUFFIX)) {
                talks.open(Path.of(arg));
            } else {
                view.open(Path.of(arg));
            }
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
