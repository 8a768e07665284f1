package org.slotlab.app.workbench;

import java.nio.file.Path;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import org.slotlab.app.calibrate.CalibrationModel;
import org.slotlab.app.calibrate.ProbeJob;
import org.slotlab.model.calibrate.TimingMode;

/**
 * Tools > Calibrate against a Ruby: the {@code ruby} to probe (default {@code ruby} on PATH),
 * quick (a few minutes) or thorough (about a quarter of an hour) timing and the profile file; Start runs
 * {@link CalibrationModel} in the background with a progress bar (probe, step i/n, time left) and
 * Cancel, which kills the Ruby. On success the fit summary is shown (coefficients with their 95%
 * intervals, R², the layout read) and "Use this profile" loads it, which also switches the layout
 * to the one it carries. Failures (missing, old, broken or hanging Ruby) are the runner's
 * one-line message in the dialog.
 */
public final class CalibrateDialog extends Dialog<Void> {

    final CalibrationModel model = new CalibrationModel();
    final TextField ruby = new TextField(CalibrationModel.DEFAULT_RUBY);
    final RadioButton quick = new RadioButton("quick (a few minutes)");
    final RadioButton thorough = new RadioButton("thorough (about a quarter of an hour)");
    final TextField out = new TextField();
    final Button start = new Button("Start");
    final Button cancel = new Button("Cancel run");
    final Button use = new Button("Use this profile");
    final ProgressBar bar = new ProgressBar(0);
    final Label step = new Label("Not started.");
    final Label problem = new Label();
    final TextArea summary = new TextArea();
    private ProbeJob<CalibrationModel.Calibrated> job;

    public CalibrateDialog(WorkbenchViewModel vm, Consumer<Path> useProfile) {
        setTitle("Calibrate against a Ruby");
        setHeaderText("Read the heap layout of your ruby and fit the cost profile to timings on it");
        setResizable(true);
        ToggleGroup g = new ToggleGroup();
        quick.setToggleGroup(g);
        thorough.setToggleGroup(g);
        quick.setSelected(true);
        ruby.setId("calibrateRuby");
        out.setId("calibrateOut");
        out.setText(Path.of(System.getProperty("user.home"), "my.profile.json").toString());
        Button browseRuby = new Button("Browse…");
        Button browseOut = new Button("Browse…");
        HBox.setHgrow(ruby, Priority.ALWAYS);
        HBox.setHgrow(out, Priority.ALWAYS);
        bar.setMaxWidth(Double.MAX_VALUE);
        step.setWrapText(true);
        step.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        bar.setId("calibrateProgress");
        step.setId("calibrateStep");
        problem.setId("calibrateProblem");
        problem.getStyleClass().add("error-message");
        problem.setWrapText(true);
        problem.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        problem.setMaxWidth(680);
        summary.setEditable(false);
        summary.setPrefRowCount(14);
        summary.setId("calibrateSummary");
        summary.setStyle("-fx-font-family: monospace;");
        cancel.setDisable(true);
        use.setDisable(true);

        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.getColumnConstraints().addAll(labelColumn(), new javafx.scene.layout.ColumnConstraints());
        grid.setVgap(6);
        grid.setPadding(new Insets(8));
        grid.add(new Label("ruby"), 0, 0);
        grid.add(new HBox(6, ruby, browseRuby), 1, 0);
        grid.add(new Label("timing"), 0, 1);
        grid.add(new HBox(12, quick, thorough), 1, 1);
        grid.add(new Label("save profile to"), 0, 2);
        grid.add(new HBox(6, out, browseOut), 1, 2);
        grid.add(new HBox(6, start, cancel, use), 1, 3);
        grid.add(bar, 1, 4);
        grid.add(step, 1, 5);
        grid.add(problem, 1, 6);
        grid.add(summary, 0, 7, 2, 1);
        GridPane.setHgrow(bar, Priority.ALWAYS);
        grid.setPrefWidth(880);
        getDialogPane().setContent(grid);
        getDialogPane().getButtonTypes().add(ButtonType.CLOSE);

        browseRuby.setOnAction(e -> FileChoosers.open(getDialogPane().getScene().getWindow(), "The ruby executable", null)
                .ifPresent(f -> ruby.setText(f.getPath())));
        browseOut.setOnAction(e -> FileChoosers.save(getDialogPane().getScene().getWindow(), "Save the profile",
                "my.profile.json", FileChoosers.json("Cost profile")).ifPresent(f -> out.setText(f.getPath())));
        start.setOnAction(e -> start());
        onCancel(cancel, step, () -> job);
        use.setOnAction(e -> {
            if (job != null && job.resultProperty().get() != null) {
                useProfile.accept(job.resultProperty().get().profile());
                step.setText("Profile selected; layout " + vm.layoutProperty().get().name());
            }
        });
        setOnCloseRequest(e -> {
            if (job != null && job.state() == ProbeJob.State.RUNNING) {
                job.cancel();
            }
        });
    }

    /** Starts a calibration with what the fields say. */
    void start() {
        model.setRuby(ruby.getText());
        model.setMode(thorough.isSelected() ? TimingMode.THOROUGH : TimingMode.QUICK);
        model.setOut(out.getText().isBlank() ? null : Path.of(out.getText().strip()));
        var p = model.problem();
        if (p.isPresent()) {
            problem.setText(p.get());
            return;
        }
        problem.setText("");
        summary.clear();
        use.setDisable(true);
        start.setDisable(true);
        cancel.setDisable(false);
        job = model.start(Platform::runLater, System::nanoTime);
        bar.progressProperty().bind(job.progressProperty());
        step.textProperty().bind(job.stepProperty());
        job.stateProperty().addListener((o, a, s) -> {
            if (s == ProbeJob.State.RUNNING) {
                return;
            }
            step.textProperty().unbind();
            start.setDisable(false);
            cancel.setDisable(true);
            switch (s) {
                case SUCCEEDED -> {
                    summary.setText(job.resultProperty().get().summary());
                    step.setText("Saved " + job.resultProperty().get().profile());
                    use.setDisable(false);
                }
                case CANCELLED -> {
                    step.setText("Cancelled.");
                    problem.setText(job.failureProperty().get());
                }
                default -> {
                    step.setText("Failed.");
                    problem.setText(job.failureProperty().get());
                }
            }
        });
    }

    /** Cancel of a dialog that runs a Ruby: says it is stopping and stops the job (which kills the Ruby's process tree). */
    static void onCancel(Button cancel, Label step, java.util.function.Supplier<ProbeJob<?>> job) {
        cancel.setOnAction(e -> {
            ProbeJob<?> j = job.get();
            if (j != null) {
                step.textProperty().unbind();
                step.setText("Stopping ruby…");
                j.cancel();
            }
        });
    }

    /** The label column: as wide as its longest label, never cut. */
    static javafx.scene.layout.ColumnConstraints labelColumn() {
        javafx.scene.layout.ColumnConstraints c = new javafx.scene.layout.ColumnConstraints();
        c.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        return c;
    }
}
