package org.slotlab.app;

import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;

/** The JavaFX workbench. */
public class SlotlabApp extends Application {
    @Override
    public void start(Stage stage) {
        stage.setScene(new Scene(new Label("Slotlab"), 400, 300));
        stage.show();
    }
}
