package org.slotlab.app.workbench;

import java.nio.file.Path;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import org.slotlab.app.measured.ImportModel;
import org.slotlab.app.measured.Overlay;

/**
 * File > Import measured results: a results file (benchmark-driver markdown or record YAML,
 * benchmark-ips JSON or text, ruby-bench JSON, harness-gc output, a plain CSV), its format
 * ({@code auto} detects it) and the editable name mapping; the preview shows what was recognised
 * and where the points go, or the importer's {@code file:line:} message, and OK stays disabled
 * until the file imports cleanly. The view forwards to {@link ImportModel}.
 */
public final class ImportDialog extends Dialog<Overlay> {

    final ImportModel model = new ImportModel();
    final TextField file = new TextField();
    final Button browse = new Button("Browse…");
    final ComboBox<String> format = new ComboBox<>();
    final TextArea mapping = new TextArea();
    final TextArea preview = new TextArea();
    final Label problem = new Label();

    public ImportDialog(Path startDir) {
        setTitle("Import measured results");
        setHeaderText("Overlay a benchmark tool's results on the model's charts");
        setResizable(true);
        file.setId("importFile");
        file.setPromptText("benchmark-driver, benchmark-ips, ruby-bench, harness-gc or CSV output");
        HBox.setHgrow(file, Priority.ALWAYS);
        format.getItems().setAll(ImportModel.formats());
        format.setValue(model.format());
        format.setId("importFormat");
        mapping.setText(model.mapping());
        mapping.setPrefRowCount(5);
        mapping.setId("importMapping");
        mapping.setStyle("-fx-font-family: monospace;");
        preview.setEditable(false);
        preview.setPrefRowCount(9);
        preview.setWrapText(true);
        preview.setId("importPreview");
        preview.setStyle("-fx-font-family: monospace;");
        problem.setId("importProblem");
        problem.getStyleClass().add("error-message");
        problem.setWrapText(true);
        problem.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        problem.setMaxWidth(640);

        GridPane g = new GridPane();
        g.setHgap(8);
        g.getColumnConstraints().addAll(labelColumn(), new javafx.scene.layout.ColumnConstraints());
        g.setVgap(6);
        g.setPadding(new Insets(8));
        g.add(new Label("results file"), 0, 0);
        g.add(new HBox(6, file, browse), 1, 0);
        g.add(new Label("format"), 0, 1);
        g.add(format, 1, 1);
        g.add(new Label("name mapping\n(regex => len\nor slot_size)"), 0, 2);
        g.add(mapping, 1, 2);
        g.add(new Label("recognised"), 0, 3);
        g.add(preview, 1, 3);
        g.add(problem, 1, 4);
        GridPane.setHgrow(mapping, Priority.ALWAYS);
        g.setPrefWidth(720);
        getDialogPane().setContent(g);
        getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);

        browse.setOnAction(e -> FileChoosers.open(getDialogPane().getScene().getWindow(), "Measured results", startDir)
                .ifPresent(f -> {
                    file.setText(f.getPath());
                    model.setFile(f.toPath());
                    refresh();
                }));
        file.setOnAction(e -> {
            model.setFile(file.getText().isBlank() ? null : Path.of(file.getText().strip()));
            refresh();
        });
        file.focusedProperty().addListener((o, a, focused) -> {
            if (!focused && !file.getText().isBlank() && !Path.of(file.getText().strip()).equals(model.file())) {
                model.setFile(Path.of(file.getText().strip()));
                refresh();
            }
        });
        format.valueProperty().addListener((o, a, b) -> {
            model.setFormat(b);
            refresh();
        });
        mapping.textProperty().addListener((o, a, b) -> {
            model.setMapping(b);
            refresh();
        });
        setResultConverter(b -> b == ButtonType.OK ? model.overlay().orElse(null) : null);
        refresh();
    }

    /** Chooses a file without the file chooser (drag and drop, tests). */
    public void choose(Path f) {
        file.setText(f.toString());
        model.setFile(f);
        refresh();
    }

    private void refresh() {
        boolean ok = model.ok();
        preview.setText(ok ? model.message() : "");
        problem.setText(ok ? "" : model.message());
        getDialogPane().lookupButton(ButtonType.OK).setDisable(!ok);
    }

    /** The label column: as wide as its longest label, never cut. */
    static javafx.scene.layout.ColumnConstraints labelColumn() {
        javafx.scene.layout.ColumnConstraints c = new javafx.scene.layout.ColumnConstraints();
        c.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        return c;
    }
}
