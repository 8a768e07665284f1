package org.slotlab.app.talk;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The talk editor: the steps in order, with "add the current state as a step", move up and
 * down, delete, and the selected step's title, caption and charts (one, or two side by side).
 * Everything goes through {@link TalkModel}.
 */
public final class TalkEditor extends Stage {

    /** The entry of the second chart box that shows one chart only. */
    static final String NO_SECOND_CHART = "(none)";

    final ListView<TalkStep> list = new ListView<>();
    final TextField stepTitle = new TextField();
    final TextField caption = new TextField();
    final ComboBox<String> chart1 = new ComboBox<>();
    final ComboBox<String> chart2 = new ComboBox<>();
    final Button add = new Button("Add the current state as a step");
    final Button up = new Button("Move up");
    final Button down = new Button("Move down");
    final Button delete = new Button("Delete");
    private final TalkModel model;
    private boolean updating;

    /**
     * @param current the workbench's current step-to-be (state, chart shown, a title); null leaves "Add" off
     * @param start   starts the talk at a step
     */
    public TalkEditor(TalkModel model, Supplier<TalkStep> current, java.util.function.IntConsumer start, Window owner) {
        this.model = model;
        setTitle("Talk editor");
        if (owner != null) {
            initOwner(owner);
        }
        list.setId("talkSteps");
        list.setItems(model.steps());
        list.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(TalkStep s, boolean empty) {
                super.updateItem(s, empty);
                setText(empty || s == null ? null : (getIndex() + 1) + ". " + s.title() + "   [" + s.scenario() + ": "
                        + String.join(" + ", s.view()) + "]");
            }
        });
        stepTitle.setId("talkStepTitle");
        caption.setId("talkStepCaption");
        caption.setPromptText("one line under the charts");
        chart1.setId("talkChart1");
        chart2.setId("talkChart2");
        add.setId("talkAdd");
        add.setDisable(current == null);
        add.setOnAction(e -> {
            TalkStep s = current.get();
            int i = model.add(s.state(), s.view(), s.title(), s.caption());
            list.getSelectionModel().select(i);
        });
        up.setOnAction(e -> select(model.move(selected(), -1)));
        down.setOnAction(e -> select(model.move(selected(), 1)));
        delete.setOnAction(e -> {
            int i = selected();
            model.delete(i);
            select(Math.min(i, model.steps().size() - 1));
        });
        Button present = new Button("Present from this step (F5)");
        present.setOnAction(e -> start.accept(Math.max(0, selected())));
        stepTitle.setOnAction(e -> commitTitle());
        stepTitle.focusedProperty().addListener((o, a, b) -> {
            if (!b) {
                commitTitle();
            }
        });
        caption.setOnAction(e -> commitCaption());
        caption.focusedProperty().addListener((o, a, b) -> {
            if (!b) {
                commitCaption();
            }
        });
        chart1.setOnAction(e -> commitView());
        chart2.setOnAction(e -> commitView());
        list.getSelectionModel().selectedIndexProperty().addListener((o, a, b) -> showSelected());
        TextField talkTitle = new TextField();
        talkTitle.setId("talkTitleField");
        talkTitle.textProperty().bindBidirectional(model.titleProperty());

        GridPane form = new GridPane();
        form.setHgap(8);
        form.setVgap(6);
        form.addRow(0, new Label("Talk title"), talkTitle);
        form.addRow(1, new Label("Step title"), stepTitle);
        form.addRow(2, new Label("Caption"), caption);
        form.addRow(3, new Label("Charts"), new HBox(8, chart1, chart2));
        GridPane.setHgrow(talkTitle, Priority.ALWAYS);
        GridPane.setHgrow(stepTitle, Priority.ALWAYS);
        GridPane.setHgrow(caption, Priority.ALWAYS);
        HBox buttons = new HBox(8, add, up, down, delete, present);
        VBox bottom = new VBox(10, form, buttons);
        bottom.setPadding(new Insets(10, 0, 0, 0));
        BorderPane root = new BorderPane(list);
        root.setBottom(bottom);
        root.setPadding(new Insets(10));
        setScene(new Scene(root, 820, 520));
        showSelected();
    }

    private int selected() {
        return list.getSelectionModel().getSelectedIndex();
    }

    private void select(int i) {
        if (i >= 0) {
            list.getSelectionModel().select(i);
        }
        showSelected();
    }

    private void showSelected() {
        int i = selected();
        boolean none = i < 0 || i >= model.steps().size();
        for (var n : List.of(stepTitle, caption, chart1, chart2, up, down, delete)) {
            n.setDisable(none);
        }
        if (none) {
            return;
        }
        updating = true;
        try {
            TalkStep s = model.steps().get(i);
            stepTitle.setText(s.title());
            caption.setText(s.caption());
            List<String> ids = TalkStep.ids(s.state());
            chart1.getItems().setAll(ids);
            List<String> second = new ArrayList<>();
            second.add(NO_SECOND_CHART);
            second.addAll(ids);
            chart2.getItems().setAll(second);
            chart1.setValue(s.view().get(0));
            chart2.setValue(s.view().size() > 1 ? s.view().get(1) : NO_SECOND_CHART);
        } finally {
            updating = false;
        }
    }

    private void commitTitle() {
        int i = selected();
        if (!updating && i >= 0 && !model.steps().get(i).title().equals(stepTitle.getText())) {
            model.setStepTitle(i, stepTitle.getText());
            list.getSelectionModel().select(i);
        }
    }

    private void commitCaption() {
        int i = selected();
        if (!updating && i >= 0 && !model.steps().get(i).caption().equals(caption.getText())) {
            model.setCaption(i, caption.getText().replace('\n', ' '));
            list.getSelectionModel().select(i);
        }
    }

    private void commitView() {
        int i = selected();
        if (updating || i < 0 || chart1.getValue() == null) {
            return;
        }
        List<String> v = new ArrayList<>(List.of(chart1.getValue()));
        if (chart2.getValue() != null && !chart2.getValue().equals(NO_SECOND_CHART) && !chart2.getValue().equals(chart1.getValue())
                && !chart1.getValue().equals(org.slotlab.app.heapmap.HeapMaps.CHART_ID)
                && !chart2.getValue().equals(org.slotlab.app.heapmap.HeapMaps.CHART_ID)) {
            v.add(chart2.getValue());
        }
        if (!v.equals(model.steps().get(i).view())) {
            model.setView(i, v);
            list.getSelectionModel().select(i);
        }
    }
}
