package org.slotlab.app.workbench;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Insets;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import org.slotlab.app.scenario.CustomLayout;
import org.slotlab.model.layout.RubyLayout;

/**
 * Edits a {@link CustomLayout}: slot sizes (heap_slot_size per heap, gc/default/default.c:2256),
 * page size, sizeof(struct RString), the embed offset and termlen. Every keystroke validates
 * through {@link CustomLayout#build()} (RubyLayout's builder) and shows its message, e.g. "slot
 * sizes must be strictly increasing, got 80 then 64"; OK stays disabled until the layout is valid.
 */
public final class LayoutEditorDialog extends Dialog<CustomLayout> {

    final TextField name = new TextField();
    final ComboBox<String> base = new ComboBox<>();
    final TextField slots = new TextField();
    final TextField pageSize = new TextField();
    final TextField rstringSize = new TextField();
    final TextField embedOffset = new TextField();
    final TextField termLen = new TextField();
    final Label problem = new Label();
    final Label summary = new Label();
    private CustomLayout current;

    public LayoutEditorDialog(CustomLayout start) {
        setTitle("Custom layout");
        setHeaderText("A CRuby build's heaps and RString geometry");
        base.getItems().setAll(RubyLayout.presetNames());
        name.setText(start.name());
        base.setValue(start.basePreset());
        slots.setText(String.join(", ", start.slotSizes().stream().map(String::valueOf).toList()));
        pageSize.setText(Integer.toString(start.pageSize()));
        rstringSize.setText(Integer.toString(start.rstringSize()));
        embedOffset.setText(Integer.toString(start.embedOffset()));
        termLen.setText(Integer.toString(start.termLen()));
        problem.setId("layoutProblem");
        problem.getStyleClass().add("error-message");
        problem.setWrapText(true);
        summary.setWrapText(true);
        summary.setMaxWidth(460);
        problem.setMaxWidth(460);

        GridPane g = new GridPane();
        g.setHgap(8);
        g.setVgap(6);
        String[] labels = {"name", "GC parameters from", "slot sizes (B)", "page size (B)", "sizeof(RString) (B)",
            "embed offset (B)", "termlen (B)"};
        javafx.scene.Node[] fields = {name, base, slots, pageSize, rstringSize, embedOffset, termLen};
        for (int i = 0; i < labels.length; i++) {
            g.add(new Label(labels[i]), 0, i);
            g.add(fields[i], 1, i);
        }
        VBox box = new VBox(10, g, problem, summary);
        box.setPadding(new Insets(10));
        getDialogPane().setContent(box);
        getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        for (TextField f : List.of(name, slots, pageSize, rstringSize, embedOffset, termLen)) {
            f.textProperty().addListener((o, a, b) -> validate());
        }
        base.valueProperty().addListener((o, a, b) -> validate());
        setResultConverter(bt -> bt == ButtonType.OK ? current : null);
        validate();
    }

    /** Validates the fields; returns the problem or null. */
    String validate() {
        String msg = null;
        try {
            List<Integer> sizes = new ArrayList<>();
            for (String part : slots.getText().trim().split("[,\\s]+")) {
                if (!part.isEmpty()) {
                    sizes.add(ParametersView.parseInt(part, "slot sizes"));
                }
            }
            CustomLayout c = new CustomLayout(name.getText().isBlank() ? "custom" : name.getText().trim(), base.getValue(),
                    sizes, ParametersView.parseInt(pageSize.getText(), "page size"),
                    ParametersView.parseInt(rstringSize.getText(), "sizeof(RString)"),
                    ParametersView.parseInt(embedOffset.getText(), "embed offset"),
                    ParametersView.parseInt(termLen.getText(), "termlen"));
            RubyLayout l = c.build();
            current = c;
            summary.setText(l.toString());
        } catch (IllegalArgumentException e) {
            current = null;
            msg = e.getMessage();
            summary.setText("");
        }
        problem.setText(msg == null ? "" : msg);
        getDialogPane().lookupButton(ButtonType.OK).setDisable(current == null);
        return msg;
    }
}
