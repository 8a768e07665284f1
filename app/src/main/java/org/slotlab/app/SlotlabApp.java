package org.slotlab.app;

import java.nio.file.Path;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.slotlab.app.workbench.WorkbenchView;
import org.slotlab.app.workbench.WorkbenchViewModel;

/**
 * The JavaFX workbench (issue 3): opens on the #22186 substring scenario with the thread's own
 * settings (seed {@code 000_30e668f7bc580535.txt}); a {@code .slotlab.json} argument opens that
 * scenario instead. Results are computed on a background thread and published with
 * {@link Platform#runLater}.
 */
public class SlotlabApp extends Application {

    /** Initial window size, px: fits a 1600 x 1000 screen with the three charts and the table readable. */
    static final double WIDTH = 1560;
    static final double HEIGHT = 960;

    private WorkbenchViewModel vm;

    @Override
    public void start(Stage stage) {
        vm = new WorkbenchViewModel(Platform::runLater, true);
        WorkbenchView view = new WorkbenchView(vm, stage);
        Scene scene = new Scene(view, WIDTH, HEIGHT);
        scene.getStylesheets().add(stylesheet());
        stage.setScene(scene);
        stage.show();
        for (String arg : getParameters().getUnnamed()) {
            view.open(Path.of(arg));
        }
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
