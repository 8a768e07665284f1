package org.slotlab.app.workbench;

import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.VBox;
import org.slotlab.app.scenario.Scenario;
import org.slotlab.app.scenario.ScenarioRegistry;

/**
 * The scenario navigator (left): every registered {@link Scenario} with its title and summary;
 * selecting one forwards to {@link WorkbenchViewModel#selectScenario(String)}.
 */
public final class NavigatorView extends VBox {

    final ListView<Scenario> list = new ListView<>();
    private boolean updating;

    public NavigatorView(WorkbenchViewModel vm) {
        setId("navigator");
        getStyleClass().add("navigator");
        Label head = new Label("Scenarios");
        head.getStyleClass().add("section-title");
        list.setId("scenarioList");
        list.getItems().setAll(ScenarioRegistry.all());
        list.setCellFactory(v -> new ListCell<>() {
            private final Label title = new Label();
            private final Label summary = new Label();
            private final VBox box = new VBox(2, title, summary);

            {
                title.getStyleClass().add("nav-title");
                // Long titles ("STR_BUF_MIN_SIZE (Feature #12025)") wrap instead of being cut.
                title.setWrapText(true);
                title.maxWidthProperty().bind(list.widthProperty().subtract(30));
                summary.getStyleClass().add("muted");
                summary.setWrapText(true);
                summary.maxWidthProperty().bind(list.widthProperty().subtract(30));
            }

            @Override
            protected void updateItem(Scenario s, boolean empty) {
                super.updateItem(s, empty);
                if (empty || s == null) {
                    setGraphic(null);
                } else {
                    title.setText(s.title());
                    summary.setText(s.summary());
                    setGraphic(box);
                }
            }
        });
        list.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (!updating && b != null) {
                vm.selectScenario(b.id());
            }
        });
        vm.scenarioProperty().addListener((o, a, b) -> select(b));
        select(vm.scenarioProperty().get());
        setSpacing(6);
        setPrefWidth(230);
        setMinWidth(180);
        javafx.scene.layout.VBox.setVgrow(list, javafx.scene.layout.Priority.ALWAYS);
        getChildren().addAll(head, list);
    }

    private void select(Scenario s) {
        updating = true;
        try {
            list.getSelectionModel().select(s);
        } finally {
            updating = false;
        }
    }
}
