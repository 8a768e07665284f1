package org.slotlab.app.workbench;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.stage.FileChooser;
import org.slotlab.app.calibrate.ProbeJob;
import org.slotlab.app.calibrate.TraceModel;

/**
 * Tools > Trace a Ruby program: the ruby, the script and its arguments, one call in N, where the
 * trace goes and whether to dump the heap at exit too; Start runs {@link TraceModel} in the
 * background (the script's output shown as it prints, Cancel kills the Ruby); on success "Show
 * in Your program" opens the trace in the "Your program" scenario and "Open heap dump" the dump.
 */
public final class TraceDialog extends Dialog<Void> {

    /** Lines of the script's output kept on screen. */
    static final int KEPT_LINES = 200;

    final TraceModel model = new TraceModel();
    final TextField ruby = new TextField("ruby");
    final TextField script = new TextField();
    final TextField arguments = new TextField();
    final Spinner<Integer> sample = new Spinner<>(1, 1_000_000, 1);
    final TextField out = new TextField();
    final CheckBox dump = new CheckBox("also dump the heap at exit (after a full GC), beside the trace");
    final Button start = new Button("Start");
    final Button cancel = new Button("Cancel run");
    final Button show = new Button("Show in Your program");
    final Button openDump = new Button("Open heap dump");
    final ProgressBar bar = new ProgressBar(0);
    final Label step = new Label("Not started.");
    final Label problem = new Label();
    final TextArea output = new TextArea();
    private final Deque<String> lines = new ArrayDeque<>();
    private ProbeJob<TraceModel.Traced> job;
    private boolean outEdited;

    /**
     * @param showTrace opens a written trace in the "Your program" scenario
     * @param openHeap  opens a written heap dump
     */
    public TraceDialog(Consumer<Path> showTrace, Consumer<Path> openHeap) {
        setTitle("Trace a Ruby program");
        setHeaderText("Run your script under Slotlab's substring tracer and see what a cutoff would change");
        setResizable(true);
        ruby.setId("traceRuby");
        script.setId("traceScript");
        arguments.setId("traceArguments");
        sample.setId("traceSample");
        sample.setEditable(true);
        out.setId("traceOut");
        dump.setId("traceDump");
        start.setId("traceStart");
        cancel.setId("traceCancel");
        show.setId("traceShow");
        openDump.setId("traceOpenDump");
        problem.setId("traceProblem");
        step.setId("traceStep");
        output.setId("traceOutput");
        problem.getStyleClass().add("error-message");
        problem.setWrapText(true);
        problem.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        problem.setMaxWidth(680);
        step.setWrapText(true);
        step.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        arguments.setPromptText("the script's arguments, separated by spaces; \"quote\" one with spaces");
        output.setEditable(false);
        output.setPrefRowCount(14);
        output.setStyle("-fx-font-family: monospace;");
        bar.setMaxWidth(Double.MAX_VALUE);
        cancel.setDisable(true);
        show.setDisable(true);
        openDump.setDisable(true);
        Button browseRuby = new Button("Browse…");
        Button browseScript = new Button("Browse…");
        Button browseOut = new Button("Browse…");
        for (TextField f : new TextField[] {ruby, script, arguments, out}) {
            HBox.setHgrow(f, Priority.ALWAYS);
        }
        out.textProperty().addListener((o, a, b) -> {
            if (out.isFocused()) {
                outEdited = true;
            }
        });
        script.textProperty().addListener((o, a, b) -> {
            if (!outEdited && !b.isBlank()) {
                try {
                    out.setText(TraceModel.defaultOut(Path.of(b.strip())).toString());
                } catch (java.nio.file.InvalidPathException ignored) {
                    // the problem line names it on Start
                }
            }
        });

        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(6);
        grid.setPadding(new Insets(8));
        grid.getColumnConstraints().addAll(CalibrateDialog.labelColumn(), new javafx.scene.layout.ColumnConstraints());
        int row = 0;
        grid.add(new Label("ruby"), 0, row);
        grid.add(new HBox(6, ruby, browseRuby), 1, row++);
        grid.add(new Label("script"), 0, row);
        grid.add(new HBox(6, script, browseScript), 1, row++);
        grid.add(new Label("arguments"), 0, row);
        grid.add(arguments, 1, row++);
        grid.add(new Label("trace one call in"), 0, row);
        grid.add(new HBox(6, sample, new Label("(1: every call; larger for a busy program)")), 1, row++);
        grid.add(new Label("write trace to"), 0, row);
        grid.add(new HBox(6, out, browseOut), 1, row++);
        grid.add(dump, 1, row++);
        grid.add(new HBox(6, start, cancel, show, openDump), 1, row++);
        grid.add(bar, 1, row++);
        grid.add(step, 1, row++);
        grid.add(problem, 1, row++);
        grid.add(new Label("The script's output:"), 0, row++, 2, 1);
        grid.add(output, 0, row, 2, 1);
        GridPane.setHgrow(bar, Priority.ALWAYS);
        GridPane.setVgrow(output, Priority.ALWAYS);
        grid.setPrefWidth(880);
        getDialogPane().setContent(grid);
        getDialogPane().getButtonTypes().add(ButtonType.CLOSE);

        browseRuby.setOnAction(e -> FileChoosers.open(getDialogPane().getScene().getWindow(), "The ruby executable", null)
                .ifPresent(f -> ruby.setText(f.getPath())));
        browseScript.setOnAction(e -> FileChoosers.open(getDialogPane().getScene().getWindow(), "The Ruby script to trace", null,
                new FileChooser.ExtensionFilter("Ruby scripts (*.rb)", "*.rb"), new FileChooser.ExtensionFilter("All files", "*"))
                .ifPresent(f -> script.setText(f.getPath())));
        browseOut.setOnAction(e -> FileChoosers.save(getDialogPane().getScene().getWindow(), "Write the trace to",
                "my.trace.json", FileChoosers.json("Slotlab trace")).ifPresent(f -> {
                    outEdited = true;
                    out.setText(f.getPath());
                }));
        start.setOnAction(e -> start());
        CalibrateDialog.onCancel(cancel, step, () -> job);
        show.setOnAction(e -> {
            if (job != null && job.resultProperty().get() != null) {
                showTrace.accept(job.resultProperty().get().trace());
                close();
            }
        });
        openDump.setOnAction(e -> {
            if (job != null && job.resultProperty().get() != null && job.resultProperty().get().dump() != null) {
                openHeap.accept(job.resultProperty().get().dump());
            }
        });
        // the script is what a user names first; the ruby on PATH is usually right
        setOnShown(e -> script.requestFocus());
        setOnCloseRequest(e -> {
            if (job != null && job.state() == ProbeJob.State.RUNNING) {
                job.cancel();
            }
        });
    }

    /** Starts a run with what the fields say; a problem with them is shown and nothing runs. */
    void start() {
        model.setRuby(ruby.getText());
        model.setScript(script.getText());
        model.setArguments(arguments.getText());
        Integer n = sample.getValue();
        model.setSample(n == null ? 1 : n);
        model.setOut(out.getText());
        model.setDump(dump.isSelected());
        var p = model.problem();
        if (p.isPresent()) {
            problem.setText(p.get());
            return;
        }
        problem.setText("");
        output.clear();
        lines.clear();
        start.setDisable(true);
        cancel.setDisable(false);
        show.setDisable(true);
        openDump.setDisable(true);
        bar.setProgress(ProgressBar.INDETERMINATE_PROGRESS);
        step.setText("Running " + script.getText().strip() + " under the tracer…");
        job = model.start(Platform::runLater, System::nanoTime, line -> Platform.runLater(() -> append(line)));
        job.stateProperty().addListener((o, a, s) -> {
            if (s == ProbeJob.State.RUNNING) {
                return;
            }
            start.setDisable(false);
            cancel.setDisable(true);
            bar.setProgress(s == ProbeJob.State.SUCCEEDED ? 1 : 0);
            switch (s) {
                case SUCCEEDED -> {
                    TraceModel.Traced t = job.resultProperty().get();
                    step.setText(t.summary());
                    show.setDisable(false);
                    openDump.setDisable(t.dump() == null);
                }
                case CANCELLED -> {
                    step.setText("Cancelled; nothing was written.");
                    problem.setText(job.failureProperty().get());
                }
                default -> {
                    step.setText("Failed; nothing was written.");
                    problem.setText(job.failureProperty().get());
                }
            }
        });
    }

    private void append(String line) {
        lines.addLast(line);
        while (lines.size() > KEPT_LINES) {
            lines.removeFirst();
        }
        output.setText(String.join("\n", lines));
        output.positionCaret(output.getLength());
    }
}
