package org.slotlab.app.workbench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import javafx.application.Platform;
import javafx.beans.property.SimpleStringProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.slotlab.app.scenario.ProgramTraces;
import org.slotlab.charts.table.Column;
import org.slotlab.charts.table.CsvWriter;
import org.slotlab.charts.table.MarkdownWriter;
import org.slotlab.charts.table.Table;
import org.slotlab.model.heapdump.HeapDump;
import org.slotlab.model.heapdump.HeapDumpReader;
import org.slotlab.model.heapdump.HeapWhatIf;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.ruby.RubyPreset;
import org.slotlab.model.string.SubseqPolicies;

/**
 * File > Open heap dump: an {@code ObjectSpace.dump_all} file (from {@code slotlab dump} or any
 * other tool, plain or gzip) read in the background with Jackson's streaming parser, then what a
 * candidate policy would do to its shared strings ({@link HeapWhatIf}): which would be embedded
 * and in which slot, which roots freed, objects and bytes per length, allocation site or heap.
 * The candidate, layout and grouping change the table at once (the dump is read only once);
 * Copy as Markdown and Export CSV take the table with its notes.
 */
public final class HeapDumpWindow {

    /** The dump's own Ruby's layout. */
    static final String AS_DUMPED = "as dumped";

    final Stage stage = new Stage();
    final ComboBox<String> candidate = new ComboBox<>();
    final ComboBox<String> layout = new ComboBox<>();
    final ComboBox<String> by = new ComboBox<>();
    final TableView<List<String>> table = new TableView<>();
    final Label summary = new Label("Reading…");
    final Label notes = new Label();
    final Label problem = new Label();
    final ProgressIndicator reading = new ProgressIndicator();
    final Button copy = new Button("Copy as Markdown");
    final Button csv = new Button("Export CSV…");
    private final Path file;
    private HeapDump dump;
    private double readSeconds;
    private Table shown;
    private final AtomicLong generation = new AtomicLong();

    public HeapDumpWindow(Window owner, Path file) {
        this.file = file;
        stage.initOwner(owner);
        stage.setTitle("Heap dump: " + file.getFileName());
        candidate.setId("heapCandidate");
        layout.setId("heapLayout");
        by.setId("heapBy");
        table.setId("heapTable");
        summary.setId("heapSummary");
        problem.setId("heapProblem");
        candidate.setEditable(true);
        candidate.getItems().setAll("cutoff:128", "cutoff:256", "frozen-rule:128", "frozen-rule:256", "always-embed");
        candidate.setValue("cutoff:128");
        layout.getItems().add(AS_DUMPED);
        layout.getItems().addAll(RubyPreset.names());
        layout.setValue(AS_DUMPED);
        by.getItems().setAll("length", "site", "heap");
        by.setValue("length");
        summary.setWrapText(true);
        notes.setWrapText(true);
        notes.getStyleClass().add("muted");
        problem.setWrapText(true);
        problem.getStyleClass().add("error-message");
        table.setPlaceholder(new Label("Reading " + file.getFileName() + "…"));
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        reading.setPrefSize(24, 24);
        copy.setDisable(true);
        csv.setDisable(true);
        HBox controls = new HBox(8, new Label("candidate"), candidate, new Label("layout"), layout, new Label("rows by"), by,
                reading, copy, csv);
        controls.setAlignment(Pos.CENTER_LEFT);
        VBox.setVgrow(table, Priority.ALWAYS);
        VBox root = new VBox(8, summary, controls, problem, table, notes);
        root.setPadding(new Insets(10));
        Scene scene = new Scene(root, 1100, 640);
        if (owner != null && owner.getScene() != null) {
            scene.getStylesheets().setAll(owner.getScene().getStylesheets());
        }
        stage.setScene(scene);
        candidate.valueProperty().addListener((o, a, b) -> recompute());
        layout.valueProperty().addListener((o, a, b) -> recompute());
        by.valueProperty().addListener((o, a, b) -> recompute());
        copy.setOnAction(e -> {
            ClipboardContent c = new ClipboardContent();
            c.putString(MarkdownWriter.write(shown));
            Clipboard.getSystemClipboard().setContent(c);
        });
        csv.setOnAction(e -> exportCsv());
    }

    /** Shows the window and starts reading the dump on a thread of its own. */
    public HeapDumpWindow show() {
        stage.show();
        Thread reader = new Thread(() -> {
            long t0 = System.nanoTime();
            try {
                HeapDump d = HeapDumpReader.read(file);
                double s = (System.nanoTime() - t0) / 1e9;
                Platform.runLater(() -> loaded(d, s));
            } catch (HeapDumpReader.HeapDumpException e) {
                Platform.runLater(() -> failed(e.getMessage()));
            } catch (RuntimeException | OutOfMemoryError e) {
                Platform.runLater(() -> failed(file + ": cannot be read (" + e.getMessage() + ")"));
            }
        }, "slotlab-heap-dump");
        reader.setDaemon(true);
        reader.start();
        return this;
    }

    private void failed(String message) {
        reading.setVisible(false);
        summary.setText("Not read.");
        problem.setText(org.slotlab.app.calibrate.ScriptRun.oneLine(message));
        table.setPlaceholder(new Label("The dump could not be read."));
    }

    private void loaded(HeapDump d, double seconds) {
        dump = d;
        readSeconds = seconds;
        reading.setVisible(false);
        summary.setText(String.format(Locale.ROOT, "%s: %,d objects, %,d strings, %,d shared strings (%,d with their length), %,d roots; "
                + "ruby %s; %.1f MB read in %.2f s.", file.getFileName(), d.objects(), d.strings(), d.shared().size(),
                d.shared().size() - d.unknownLengths(), d.roots().size(), d.rubyVersion().isEmpty() ? "not named by the dump"
                        : d.rubyVersion(), d.bytesRead() / 1e6, seconds));
        recompute();
    }

    /** The layout the choice names: the dump's own Ruby's, or a preset. */
    RubyLayout layout() {
        String l = layout.getValue();
        if (l == null || AS_DUMPED.equals(l)) {
            return RubyPreset.byName(ProgramTraces.presetOfVersion(dump.rubyVersion())).layout();
        }
        return RubyPreset.byName(l).layout();
    }

    /** What-if for the current choices, off the FX thread; an older result arriving late is dropped. */
    void recompute() {
        if (dump == null) {
            return;
        }
        String cand = candidate.getValue() == null ? "" : candidate.getValue().strip();
        org.slotlab.model.string.SubseqPolicy policy;
        try {
            policy = SubseqPolicies.parse(cand);
        } catch (IllegalArgumentException e) {
            problem.setText("candidate: " + e.getMessage());
            return;
        }
        problem.setText("");
        RubyLayout l = layout();
        String rows = by.getValue();
        HeapDump d = dump;
        long gen = generation.incrementAndGet();
        reading.setVisible(true);
        Thread t = new Thread(() -> {
            HeapWhatIf.Result r = HeapWhatIf.compute(d, l, policy);
            Table built = table(r, rows, l);
            String n = HeapWhatIf.notes(d, l, readSeconds);
            Platform.runLater(() -> {
                if (gen == generation.get()) {
                    reading.setVisible(false);
                    show(built, n);
                }
            });
        }, "slotlab-heap-what-if");
        t.setDaemon(true);
        t.start();
    }

    /** The table of one what-if: per length, allocation site or heap, and the total. */
    static Table table(HeapWhatIf.Result r, String rows, RubyLayout layout) {
        if ("heap".equals(rows)) {
            Table.Builder b = Table.builder("What " + r.candidate() + " changes per heap (" + layout.name() + ")")
                    .column(Column.number("slot size (B)", 0))
                    .column(Column.number("objects change", 0, true))
                    .column(Column.number("bytes change", 0, true));
            for (HeapWhatIf.HeapChange h : r.byHeap()) {
                b.row((long) h.slotSize(), h.objectsDelta(), h.bytesDelta());
            }
            return b.build();
        }
        boolean site = "site".equals(rows);
        Table.Builder b = Table.builder("What " + r.candidate() + " does to the shared strings, by " + (site ? "allocation site" : "length")
                        + " (" + layout.name() + ")")
                .column(site ? Column.text("site") : Column.text("length (B)"))
                .column(Column.number("strings", 0, true))
                .column(Column.number("shared on master", 0, true))
                .column(Column.number("embedded by candidate", 0, true))
                .column(Column.number("roots freed", 0, true))
                .column(Column.number("bytes change", 0, true))
                .column(Column.number("objects change", 0, true))
                .column(Column.number("undecided", 0, true));
        List<HeapWhatIf.Group> groups = new ArrayList<>(site ? r.bySite() : r.byLength());
        groups.add(r.total());
        for (HeapWhatIf.Group g : groups) {
            b.row(g.key(), g.strings(), g.sharedOnMaster(), g.embeddedByCandidate(), g.rootsFreed(), g.bytesDelta(), g.objectsDelta(),
                    g.undecided());
        }
        return b.build();
    }

    private void show(Table t, String noteText) {
        List<String> lines = List.of(noteText.split("\\R"));
        Table.Builder withNotes = Table.builder(t.title());
        t.columns().forEach(withNotes::column);
        t.rows().forEach(withNotes::row);
        lines.forEach(withNotes::footer);
        shown = withNotes.build();
        notes.setText(noteText);
        table.getColumns().clear();
        for (int i = 0; i < t.columns().size(); i++) {
            int c = i;
            Column col = t.columns().get(i);
            TableColumn<List<String>, String> tc = new TableColumn<>(col.header());
            tc.setCellValueFactory(row -> new SimpleStringProperty(row.getValue().get(c)));
            tc.setPrefWidth(i == 0 ? ("site".equals(by.getValue()) ? 380 : 110) : 140);
            tc.setStyle(i == 0 ? "" : "-fx-alignment: CENTER-RIGHT;");
            table.getColumns().add(tc);
        }
        List<List<String>> rows = new ArrayList<>();
        for (List<Object> r : t.rows()) {
            List<String> cells = new ArrayList<>();
            for (int i = 0; i < r.size(); i++) {
                cells.add(t.columns().get(i).display(r.get(i)));
            }
            rows.add(cells);
        }
        table.getItems().setAll(rows);
        copy.setDisable(false);
        csv.setDisable(false);
    }

    private void exportCsv() {
        String name = file.getFileName().toString().replaceAll("\\.json(\\.gz)?$", "") + "-" + by.getValue() + ".csv";
        FileChoosers.save(stage, "Export the table as CSV", name, new FileChooser.ExtensionFilter("CSV (*.csv)", "*.csv"))
                .ifPresent(f -> {
                    try {
                        Files.writeString(f.toPath(), CsvWriter.write(shown, true));
                    } catch (java.io.IOException ex) {
                        problem.setText("Cannot write " + f + ": " + ex.getMessage());
                    }
                });
    }
}
