package org.slotlab.app.workbench;

import java.nio.file.Path;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import org.slotlab.app.calibrate.ProbeJob;
import org.slotlab.app.measured.MeasureModel;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.scenario.SubstringCutoffScenario;

/**
 * Tools > Measure on this Ruby: runs master's substring loop on a real {@code ruby} for the
 * workbench's current lengths and source ({@link MeasureModel}), with progress and Cancel (which
 * kills the Ruby); the measured ns per op and GC counts become an overlay, and the predicted vs
 * measured window opens with the error per length. Failures are one line in the dialog.
 */
public final class MeasureDialog extends Dialog<Void> {

    final MeasureModel model = new MeasureModel();
    final TextField ruby = new TextField("ruby");
    final TextField count = new TextField();
    final TextField out = new TextField();
    final Label what = new Label();
    final Button start = new Button("Start");
    final Button cancel = new Button("Cancel run");
    final ProgressBar bar = new ProgressBar(0);
    final Label step = new Label("Not started.");
    final Label problem = new Label();
    private ProbeJob<MeasureModel.Measured> job;

    public MeasureDialog(WorkbenchViewModel vm, Runnable showResults) {
        setTitle("Measure on this Ruby");
        setHeaderText("Run master's str_subseq (suffix byteslice loop) on a real ruby and overlay it on the model");
        setResizable(true);
        Settings p = vm.settingsOf(SubstringCutoffScenario.ID);
        // the workbench's N, so the measured GC counts sit on the model's GC chart at the same scale
        count.setText(Long.toString(p.get(SubstringCutoffScenario.COUNT)));
        what.setText("lengths " + SubstringCutoffScenario.LENS.format(p.get(SubstringCutoffScenario.LENS)) + " B; "
                + p.get(SubstringCutoffScenario.SOURCE)
                + String.format(java.util.Locale.ROOT, " source of %,d B; ", p.get(SubstringCutoffScenario.SOURCE_LEN))
                + org.slotlab.model.calibrate.SubseqMeasurement.DEFAULT_REPEATS + " repeats, the fastest counts");
        what.setWrapText(true);
        what.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        what.setMaxWidth(620);
        out.setText(Path.of(System.getProperty("user.home"), "measured-subseq.csv").toString());
        problem.getStyleClass().add("error-message");
        problem.setWrapText(true);
        problem.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        problem.setMaxWidth(620);
        problem.setId("measureProblem");
        bar.setMaxWidth(Double.MAX_VALUE);
        step.setWrapText(true);
        step.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        cancel.setDisable(true);
        Button browseOut = new Button("Browse…");
        HBox.setHgrow(out, Priority.ALWAYS);
        HBox.setHgrow(ruby, Priority.ALWAYS);
        GridPane g = new GridPane();
        g.setHgap(8);
        g.getColumnConstraints().addAll(labelColumn(), new javafx.scene.layout.ColumnConstraints());
        g.setVgap(6);
        g.setPadding(new Insets(8));
        g.add(new Label("ruby"), 0, 0);
        g.add(ruby, 1, 0);
        g.add(new Label("workload"), 0, 1);
        g.add(what, 1, 1);
        g.add(new Label("slices per repeat"), 0, 2);
        g.add(count, 1, 2);
        g.add(new Label("save CSV to"), 0, 3);
        g.add(new HBox(6, out, browseOut), 1, 3);
        g.add(new HBox(6, start, cancel), 1, 4);
        g.add(bar, 1, 5);
        g.add(step, 1, 6);
        g.add(problem, 1, 7);
        GridPane.setHgrow(bar, Priority.ALWAYS);
        g.setPrefWidth(700);
        getDialogPane().setContent(g);
        getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        browseOut.setOnAction(e -> FileChoosers.save(getDialogPane().getScene().getWindow(), null, "measured-subseq.csv")
                .ifPresent(f -> out.setText(f.getPath())));
        cancel.setOnAction(e -> {
            if (job != null) {
                job.cancel();
            }
        });
        setOnCloseRequest(e -> {
            if (job != null && job.state() == ProbeJob.State.RUNNING) {
                job.cancel();
            }
        });
        start.setOnAction(e -> {
            model.setRuby(ruby.getText());
            try {
                model.setCount(Long.parseLong(count.getText().strip().replace(",", "").replace("_", "")));
            } catch (NumberFormatException ex) {
                problem.setText("slices per repeat: '" + count.getText() + "' is not a whole number");
                return;
            }
            model.setOut(out.getText().isBlank() ? null : Path.of(out.getText().strip()));
            var why = model.problem(vm.settingsOf(SubstringCutoffScenario.ID));
            if (why.isPresent()) {
                problem.setText(why.get());
                return;
            }
            problem.setText("");
            start.setDisable(true);
            cancel.setDisable(false);
            job = model.start(vm.settingsOf(SubstringCutoffScenario.ID), Platform::runLater, System::nanoTime);
            bar.progressProperty().bind(job.progressProperty());
            step.textProperty().bind(job.stepProperty());
            job.stateProperty().addListener((o, a, s) -> {
                if (s == ProbeJob.State.RUNNING) {
                    return;
                }
                step.textProperty().unbind();
                start.setDisable(false);
                cancel.setDisable(true);
                if (s == ProbeJob.State.SUCCEEDED) {
                    vm.addOverlay(job.resultProperty().get().overlay());
                    step.setText("Measured " + job.resultProperty().get().measurement().rubyDescription() + "; wrote "
                            + job.resultProperty().get().csv().getFileName());
                    showResults.run();
                } else {
                    step.setText(s == ProbeJob.State.CANCELLED ? "Cancelled." : "Failed.");
                    problem.setText(job.failureProperty().get());
                }
            });
        });
    }

    /** The label column: as wide as its longest label, never cut. */
    static javafx.scene.layout.ColumnConstraints labelColumn() {
        javafx.scene.layout.ColumnConstraints c = new javafx.scene.layout.ColumnConstraints();
        c.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        return c;
    }
}
