package org.slotlab.app.workbench;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import org.jfree.chart.JFreeChart;
import org.slotlab.app.export.Exports;
import org.slotlab.app.io.ScenarioFile;
import org.slotlab.app.measured.Overlay;
import org.slotlab.app.measured.OverlaySeries;
import org.slotlab.app.scenario.ChartSpec;
import org.slotlab.app.scenario.Scenario;
import org.slotlab.app.scenario.SlotSizeScenario;
import org.slotlab.app.scenario.ScenarioRegistry;
import org.slotlab.app.scenario.ScenarioRun;
import org.slotlab.app.scenario.YourProgramScenario;

/**
 * The workbench window: menu bar (every command with a shortcut), scenario navigator left,
 * charts and compare table centre, parameters right, status bar bottom. Menus forward to
 * {@link WorkbenchViewModel} commands and to the {@link Exports} of the last published run;
 * file problems appear in a dialog and leave the current state as it was.
 */
public final class WorkbenchView extends BorderPane {

    private final WorkbenchViewModel vm;
    private final Stage stage;
    final ParametersView parameters;
    final ChartsView charts;
    final CompareView compare;
    final NavigatorView navigator;
    final SidePanel navigatorPanel;
    final SidePanel parametersPanel;
    final Label status = new Label();
    final Label notice = new Label();
    private Path lastDir;

    public WorkbenchView(WorkbenchViewModel vm, Stage stage) {
        this.vm = vm;
        this.stage = stage;
        setId("workbench");
        parameters = new ParametersView(vm);
        compare = new CompareView(vm);
        charts = new ChartsView(vm, compare);
        navigator = new NavigatorView(vm);
        navigator.setPadding(new Insets(8));
        navigatorPanel = new SidePanel(navigator, SidePanel.Edge.LEFT, "Scenarios", "F9");
        parametersPanel = new SidePanel(parameters, SidePanel.Edge.RIGHT, "Parameters", "F10");
        setTop(menus());
        setLeft(navigatorPanel);
        setCenter(charts);
        setRight(parametersPanel);
        setBottom(statusBar());
        // Drop a .slotlab.json on the window to open it.
        setOnDragOver(e -> {
            if (e.getDragboard().hasFiles() && e.getDragboard().getFiles().stream()
                    .anyMatch(f -> f.getName().endsWith(ScenarioFile.SUFFIX))) {
                e.acceptTransferModes(javafx.scene.input.TransferMode.COPY);
            }
            e.consume();
        });
        setOnDragDropped(e -> {
            e.getDragboard().getFiles().stream().filter(f -> f.getName().endsWith(ScenarioFile.SUFFIX)).findFirst()
                    .filter(f -> mayDiscard("opening another scenario")).ifPresent(f -> open(f.toPath()));
            e.setDropCompleted(true);
            e.consume();
        });
        if (stage != null) {
            stage.titleProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> (vm.modified() ? "* " : "")
                    + "Slotlab: " + vm.scenarioProperty().get().title()
                    + (vm.fileProperty().get() == null ? "" : " [" + vm.fileProperty().get().getFileName() + "]")
                    + (vm.modified() ? " (unsaved changes)" : ""),
                    vm.scenarioProperty(), vm.fileProperty(), vm.modifiedProperty()));
            stage.setOnCloseRequest(e -> {
                if (!mayDiscard("quitting")) {
                    e.consume();
                }
            });
        }
    }

    private HBox statusBar() {
        status.setId("status");
        status.textProperty().bind(vm.statusProperty());
        notice.setId("notice");
        notice.getStyleClass().add("notice");
        Label largest = new Label();
        largest.textProperty().bind(vm.largestEmbeddedProperty());
        largest.getStyleClass().add("status-strong");
        // Both change on every slider step: in SteadyBoxes they do not lay out the window each time.
        SteadyBox largestBox = new SteadyBox(largest, false);
        largest.textProperty().addListener((o, a, b) -> largestBox.contentChanged());
        largestBox.visibleProperty().bind(vm.largestEmbeddedProperty().isNotEmpty());
        largestBox.managedProperty().bind(largestBox.visibleProperty());
        SteadyBox statusBox = new SteadyBox(status, true);
        status.textProperty().addListener((o, a, b) -> statusBox.contentChanged());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(14, largestBox, statusBox, spacer, cancelButton(), notice);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(4, 10, 4, 10));
        bar.getStyleClass().add("status-bar");
        return bar;
    }

    /**
     * "Computing… Cancel", shown only once a recompute has taken longer than {@link #SLOW_RECOMPUTE}
     * (a slider drag's recomputes, a few ms each, never show it); Escape does the same.
     */
    private javafx.scene.Node cancelButton() {
        javafx.scene.control.Button cancel = new javafx.scene.control.Button("Computing… Cancel");
        cancel.setId("cancelRecompute");
        cancel.setFocusTraversable(false);
        cancel.setOnAction(e -> vm.cancelRecompute());
        cancel.setVisible(false);
        cancel.managedProperty().bind(cancel.visibleProperty());
        javafx.animation.PauseTransition wait = new javafx.animation.PauseTransition(SLOW_RECOMPUTE);
        wait.setOnFinished(e -> cancel.setVisible(vm.computingProperty().get()));
        if (vm.computingProperty().get()) {
            wait.playFromStart();
        }
        vm.computingProperty().addListener((o, was, now) -> {
            if (now) {
                wait.playFromStart();
            } else {
                wait.stop();
                cancel.setVisible(false);
            }
        });
        addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == javafx.scene.input.KeyCode.ESCAPE && cancel.isVisible()) {
                vm.cancelRecompute();
                e.consume();
            }
        });
        return cancel;
    }

    /** How long a recompute runs before the status bar offers to cancel it. */
    static final javafx.util.Duration SLOW_RECOMPUTE = javafx.util.Duration.millis(400);

    private MenuBar menus() {
        Menu file = new Menu("_File");
        file.getItems().addAll(
                item("_Open scenario…", "Shortcut+O", this::openDialog),
                item("_Save scenario", "Shortcut+S", this::save),
                item("Save scenario _as…", "Shortcut+Shift+S", this::saveAs),
                new SeparatorMenuItem(),
                item("_Import measured results…", "Shortcut+I", this::importMeasured),
                item("Open _heap dump…", "Shortcut+Shift+H", this::openHeapDump),
                new SeparatorMenuItem(),
                item("Export PNG (1x, 1200 px)…", "Shortcut+E", () -> exportImage("png", 1)),
                item("Export PNG (2x, 2400 px)…", "Shortcut+Shift+E", () -> exportImage("png", 2)),
                item("Export SVG…", "Shortcut+Alt+E", () -> exportImage("svg", 1)),
                item("Export table as CSV…", "Shortcut+Alt+C", () -> exportText("csv")),
                item("Export table as Markdown…", "Shortcut+Alt+M", () -> exportText("md")),
                item("_Copy for issue", "Shortcut+Shift+C", this::copyForIssue),
                new SeparatorMenuItem(),
                item("_Quit", "Shortcut+Q", () -> {
                    if (stage != null && mayDiscard("quitting")) {
                        stage.close();
                    }
                }));
        Menu edit = new Menu("_Edit");
        MenuItem undo = item("_Undo", "Shortcut+Z", () -> { parameters.discardEdits(); vm.undo(); });
        undo.disableProperty().bind(vm.canUndoProperty().not());
        MenuItem redo = item("_Redo", "Shortcut+Shift+Z", () -> { parameters.discardEdits(); vm.redo(); });
        redo.disableProperty().bind(vm.canRedoProperty().not());
        edit.getItems().addAll(undo, redo, new SeparatorMenuItem(),
                item("Reset to the thread's settings", "Shortcut+R", () -> { parameters.discardEdits(); vm.resetToThreadDefaults(); }),
                item("Edit custom layout…", "Shortcut+L", parameters::editCustomLayout),
                item("Load cost profile…", "Shortcut+Shift+L", () -> parameters.loadProfile.fire()));
        Menu view = new Menu("_View");
        view.getItems().addAll(
                item("Show all charts", "Shortcut+0", charts::showAll),
                item("Focus chart 1", "Shortcut+1", () -> charts.focus(0)),
                item("Focus chart 2", "Shortcut+2", () -> charts.focus(1)),
                item("Focus chart 3", "Shortcut+3", () -> charts.focus(2)),
                new SeparatorMenuItem(),
                item("Zoom in (value axis)", "Shortcut+EQUALS", charts::zoomIn),
                item("Zoom out (value axis)", "Shortcut+MINUS", charts::zoomOut),
                item("Reset zoom", "Shortcut+Shift+0", charts::resetZoom),
                new SeparatorMenuItem(),
                panelToggle("Show scenario list", "F9", navigatorPanel),
                panelToggle("Show parameters", "F10", parametersPanel),
                new SeparatorMenuItem(),
                item("Larger chart text", "Shortcut+Shift+EQUALS", () -> vm.scaleChartText(1.15)),
                item("Smaller chart text", "Shortcut+Shift+MINUS", () -> vm.scaleChartText(1 / 1.15)),
                item("Default chart text", "Shortcut+Alt+0", vm::resetChartText));
        Menu compareMenu = new Menu("_Compare");
        compareMenu.getItems().addAll(
                item("_Pin current settings…", "Shortcut+P", compare::askAndPin),
                item("Unpin all", "Shortcut+Shift+P", vm::clearPins));
        Menu scenarios = new Menu("_Scenario");
        ToggleGroup g = new ToggleGroup();
        int n = 1;
        for (Scenario s : ScenarioRegistry.all()) {
            RadioMenuItem r = new RadioMenuItem(s.title());
            // titles are CRuby's words (STR_BUF_MIN_SIZE, opt_new): an underscore is a letter, not a mnemonic
            r.setMnemonicParsing(false);
            r.setId("scenario-" + s.id());
            r.setToggleGroup(g);
            r.setAccelerator(KeyCombination.keyCombination("Alt+" + n++));
            r.setOnAction(e -> vm.selectScenario(s.id()));
            r.setSelected(vm.scenarioProperty().get() == s);
            vm.scenarioProperty().addListener((o, a, b) -> r.setSelected(b == s));
            scenarios.getItems().add(r);
        }
        Menu tools = new Menu("_Tools");
        tools.getItems().addAll(
                item("_Calibrate against a Ruby…", "Shortcut+Shift+K", this::calibrate),
                item("_Measure on this Ruby…", "Shortcut+Shift+M", this::measure),
                item("_Predicted vs measured", "Shortcut+Shift+V", this::predictedVsMeasured),
                new SeparatorMenuItem(),
                item("_Trace a Ruby program…", "Shortcut+Shift+R", this::traceProgram));
        Menu help = new Menu("_Help");
        help.getItems().addAll(item("How to read the charts", "F1", this::howToRead),
                item("Keyboard shortcuts", "Shortcut+SLASH", this::shortcutList));
        MenuBar bar = new MenuBar(file, edit, view, compareMenu, scenarios, tools, help);
        bar.setId("menuBar");
        return bar;
    }

    /** A View menu switch that hides or shows a side panel (as its rail's button does), giving its width to the charts. */
    private static javafx.scene.control.CheckMenuItem panelToggle(String text, String accelerator, SidePanel panel) {
        javafx.scene.control.CheckMenuItem m = new javafx.scene.control.CheckMenuItem(text);
        m.setMnemonicParsing(false);
        m.setAccelerator(KeyCombination.keyCombination(accelerator));
        m.selectedProperty().bindBidirectional(panel.shownProperty());
        return m;
    }

    private static MenuItem item(String text, String accelerator, Runnable action) {
        MenuItem m = new MenuItem(text);
        m.setAccelerator(KeyCombination.keyCombination(accelerator));
        m.setOnAction(e -> action.run());
        return m;
    }

    public ChartsView chartsView() {
        return charts;
    }

    // ------------------------------------------------------------------ files

    /** What the user chose when asked about unsaved changes. */
    enum UnsavedChoice { SAVE, DISCARD, CANCEL }

    /** Asks about unsaved changes before {@code action}; tests replace it to answer without a dialog. */
    java.util.function.Function<String, UnsavedChoice> askUnsaved = this::askUnsavedDialog;

    /**
     * Whether the current work may be replaced or closed ({@code action}: "quitting", "opening another
     * scenario"): at once when nothing changed since the last save, else after the user saves or
     * discards; false when they cancel or the save did not happen.
     */
    boolean mayDiscard(String action) {
        if (!vm.modified()) {
            return true;
        }
        return switch (askUnsaved.apply(action)) {
            case SAVE -> {
                save();
                yield !vm.modified();
            }
            case DISCARD -> true;
            case CANCEL -> false;
        };
    }

    private UnsavedChoice askUnsavedDialog(String action) {
        ButtonType saveButton = new ButtonType("Save", ButtonBar.ButtonData.YES);
        ButtonType discard = new ButtonType("Discard changes", ButtonBar.ButtonData.NO);
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, "The settings, pins or overlays changed since they were last saved. "
                + "Save them before " + action + "?", saveButton, discard, ButtonType.CANCEL);
        a.setHeaderText("Unsaved changes");
        a.initOwner(stage);
        ButtonType b = a.showAndWait().orElse(ButtonType.CANCEL);
        return b == saveButton ? UnsavedChoice.SAVE : b == discard ? UnsavedChoice.DISCARD : UnsavedChoice.CANCEL;
    }

    private void openDialog() {
        if (!mayDiscard("opening another scenario")) {
            return;
        }
        FileChooser fc = chooser("Open scenario", "Slotlab scenario (*" + ScenarioFile.SUFFIX + ")", "*" + ScenarioFile.SUFFIX);
        File f = FileChoosers.remember(java.util.Optional.ofNullable(fc.showOpenDialog(stage))).orElse(null);
        if (f != null) {
            open(f.toPath());
        }
    }

    /** Opens a scenario file; a bad file shows a dialog and keeps the current state. */
    public void open(Path path) {
        try {
            List<String> problems = vm.open(path);
            notice("Opened " + path.getFileName());
            if (!problems.isEmpty()) {
                error("Some overlays were not loaded", String.join("\n", problems));
            }
        } catch (ScenarioFile.ScenarioFormatException e) {
            error("Cannot open scenario", e.getMessage() + "\n\nYour current settings are unchanged.");
        }
    }

    private void save() {
        if (vm.fileProperty().get() == null) {
            saveAs();
        } else {
            saveTo(vm.fileProperty().get());
        }
    }

    private void saveAs() {
        FileChooser fc = chooser("Save scenario", "Slotlab scenario (*" + ScenarioFile.SUFFIX + ")", "*" + ScenarioFile.SUFFIX);
        fc.setInitialFileName("scenario" + ScenarioFile.SUFFIX);
        File f = FileChoosers.remember(java.util.Optional.ofNullable(fc.showSaveDialog(stage))).orElse(null);
        if (f != null) {
            Path p = f.toPath();
            if (!p.getFileName().toString().endsWith(ScenarioFile.SUFFIX)) {
                p = p.resolveSibling(p.getFileName().toString().replaceFirst("(\\.json)?$", "") + ScenarioFile.SUFFIX);
            }
            saveTo(p);
        }
    }

    private void saveTo(Path p) {
        try {
            vm.save(p);
            notice("Saved " + p.getFileName());
        } catch (IOException e) {
            error("Cannot save scenario", p + ": " + e.getMessage());
        }
    }

    // ------------------------------------------------------------------ measured results

    /** The import dialog last opened (tests drive it through its model). */
    ImportDialog importDialog;

    /** File > Import measured results: the dialog, then the overlay on the charts. */
    public void importMeasured() {
        ImportDialog d = new ImportDialog(startDir());
        importDialog = d;
        d.initOwner(stage);
        d.setOnHidden(e -> {
            Overlay o = d.getResult();
            if (o != null) {
                addOverlay(o);
            }
        });
        d.show();
    }

    /** Adds an imported overlay; ns-per-op results open the predicted vs measured window. */
    void addOverlay(Overlay o) {
        vm.addOverlay(o);
        List<Long> missing = vm.lengthsNotSwept(o);
        notice("Imported " + o.label() + (missing.isEmpty() ? ""
                : "; lengths " + missing + " are not in the sweep: add them under Workload to see them"));
        if (!o.series().isEmpty() && o.series().stream().allMatch(s -> s.chart().equals(OverlaySeries.NS_PER_OP))) {
            predictedVsMeasured();
        }
    }

    private Path startDir() {
        return lastDir != null ? lastDir : vm.fileProperty().get() != null ? vm.fileProperty().get().toAbsolutePath().getParent() : null;
    }

    private void calibrate() {
        CalibrateDialog d = new CalibrateDialog(vm, parameters::loadProfile);
        d.initOwner(stage);
        d.show();
    }

    /** Tools > Trace a Ruby program: a written trace opens in the "Your program" scenario. */
    private void traceProgram() {
        TraceDialog d = new TraceDialog(this::showTrace, this::openHeapDump);
        d.initOwner(stage);
        d.show();
    }

    /** The "Your program" scenario on {@code trace}. */
    public void showTrace(Path trace) {
        vm.selectScenario(YourProgramScenario.ID);
        vm.setText(null, YourProgramScenario.TRACE.name(), trace.toString()).ifPresent(msg -> {
            Alert a = new Alert(Alert.AlertType.WARNING, msg);
            a.setHeaderText("The trace was not opened");
            a.initOwner(stage);
            a.show();
        });
    }

    /** File > Open heap dump: an ObjectSpace.dump_all file, read in a window of its own. */
    private void openHeapDump() {
        FileChoosers.open(stage, "Open a heap dump (ObjectSpace.dump_all)", null,
                new javafx.stage.FileChooser.ExtensionFilter("Heap dumps (*.json, *.json.gz)", "*.json", "*.json.gz", "*.gz"),
                new javafx.stage.FileChooser.ExtensionFilter("All files", "*"))
                .ifPresent(f -> openHeapDump(f.toPath()));
    }

    /** Opens {@code dump} in a heap dump window. */
    public HeapDumpWindow openHeapDump(Path dump) {
        return new HeapDumpWindow(stage, dump).show();
    }

    private void measure() {
        MeasureDialog d = new MeasureDialog(vm, this::predictedVsMeasured);
        d.initOwner(stage);
        d.show();
    }

    private PredictedVsMeasuredWindow pvm;

    /** Tools > Predicted vs measured: the model's ns per op per length beside every measured ns overlay. */
    public void predictedVsMeasured() {
        if (pvm == null) {
            pvm = new PredictedVsMeasuredWindow(vm, stage);
        }
        pvm.showAndRefresh();
    }

    // ------------------------------------------------------------------ exports

    /**
     * Writes the shown charts: the focused one to {@code file} exactly, or every chart as
     * {@code file-<chart id>.ext} when all are shown (a scenario with one chart writes {@code file}).
     */
    public List<Path> exportCharts(Path file, String format, double scale) throws IOException {
        ScenarioRun run = vm.run();
        if (run == null) {
            return List.of();
        }
        List<ChartSpec> specs = charts.specs();
        int f = charts.focusedIndex();
        List<ChartSpec> which = f >= 0 ? List.of(specs.get(f)) : specs;
        List<Path> written = new java.util.ArrayList<>();
        for (ChartSpec spec : which) {
            Path target = which.size() == 1 ? file : Exports.sibling(file, spec.id(), "." + format);
            JFreeChart chart = run.chart(spec.id()).orElseThrow().forExport();
            if (format.equals("svg")) {
                Exports.svg(chart, target);
            } else {
                Exports.png(chart, target, scale);
            }
            written.add(target);
        }
        return written;
    }

    private void exportImage(String format, double scale) {
        FileChooser fc = chooser("Export " + format.toUpperCase(java.util.Locale.ROOT),
                format.toUpperCase(java.util.Locale.ROOT) + " (*." + format + ")", "*." + format);
        fc.setInitialFileName(vm.settings().scenario() + (scale > 1 ? "@2x" : "") + "." + format);
        File f = FileChoosers.remember(java.util.Optional.ofNullable(fc.showSaveDialog(stage))).orElse(null);
        if (f == null) {
            return;
        }
        try {
            List<Path> written = exportCharts(f.toPath(), format, scale);
            notice("Wrote " + String.join(", ", written.stream().map(p -> p.getFileName().toString()).toList()));
        } catch (IOException e) {
            error("Export failed", e.getMessage());
        }
    }

    private void exportText(String ext) {
        ScenarioRun run = vm.run();
        if (run == null) {
            return;
        }
        FileChooser fc = chooser("Export table", (ext.equals("csv") ? "CSV" : "Markdown") + " (*." + ext + ")", "*." + ext);
        fc.setInitialFileName(vm.settings().scenario() + "." + ext);
        File f = FileChoosers.remember(java.util.Optional.ofNullable(fc.showSaveDialog(stage))).orElse(null);
        if (f == null) {
            return;
        }
        try {
            Exports.write(f.toPath(), ext.equals("csv") ? Exports.csv(run) : Exports.markdown(run));
            notice("Wrote " + f.getName());
        } catch (IOException e) {
            error("Export failed", e.getMessage());
        }
    }

    /** Puts the Markdown table and parameters on the clipboard. */
    public void copyForIssue() {
        vm.issueText().ifPresent(text -> {
            ClipboardContent c = new ClipboardContent();
            c.putString(text);
            Clipboard.getSystemClipboard().setContent(c);
            notice("Copied table and parameters (" + text.lines().count() + " lines) for an issue comment");
        });
    }

    private FileChooser chooser(String title, String description, String pattern) {
        Path dir = lastDir != null ? lastDir : vm.fileProperty().get() != null ? vm.fileProperty().get().getParent() : null;
        return FileChoosers.chooser(title, dir, new FileChooser.ExtensionFilter(description, pattern));
    }

    private void notice(String text) {
        notice.setText(text);
    }

    private void error(String header, String text) {
        Alert a = new Alert(Alert.AlertType.ERROR, text);
        a.setHeaderText(header);
        a.initOwner(stage);
        a.show();
    }

    private void howToRead() {
        Scenario s = vm.scenarioProperty().get();
        info("How to read the charts: " + s.title(), helpFor(s));
    }

    private void shortcutList() {
        info("Keyboard shortcuts", shortcuts(getTop() instanceof MenuBar bar ? bar : null));
    }

    private void info(String header, String text) {
        javafx.scene.control.TextArea body = new javafx.scene.control.TextArea(text);
        body.setEditable(false);
        body.setWrapText(true);
        body.setPrefRowCount(18);
        Alert a = new Alert(Alert.AlertType.INFORMATION);
        a.setHeaderText(header);
        a.getDialogPane().setContent(body);
        a.initOwner(stage);
        a.getDialogPane().setPrefWidth(680);
        a.setResizable(true);
        a.show();
    }

    /** F1's text for scenario {@code s}: what it models, each of its charts, then what is modelled and what measured. */
    static String helpFor(Scenario s) {
        StringBuilder b = new StringBuilder(s.summary()).append("\n\n");
        for (var c : s.charts()) {
            b.append(c.title()).append(": ").append(c.description()).append(".\n\n");
        }
        if (s.id().equals(org.slotlab.app.scenario.SubstringCutoffScenario.ID) || s.id().equals(SlotSizeScenario.ID)) {
            b.append(HOW_TO_READ).append("\n\n");
        }
        return b.append(MODELLED_HELP).append("\n\nSource: ").append(s.source().citation()).toString();
    }

    /** Every menu command that has a shortcut, one a line: "Ctrl+S    File > Save scenario". */
    static String shortcuts(MenuBar bar) {
        StringBuilder b = new StringBuilder();
        if (bar == null) {
            return "";
        }
        for (Menu m : bar.getMenus()) {
            for (MenuItem i : m.getItems()) {
                if (i.getAccelerator() != null) {
                    b.append(String.format(java.util.Locale.ROOT, "%-22s %s > %s%n", i.getAccelerator().getDisplayText(),
                            m.getText().replace("_", ""), i.isMnemonicParsing() ? i.getText().replace("_", "") : i.getText()));
                }
            }
        }
        return b.toString();
    }

    /** The closing paragraph of every scenario's help: what is modelled and what measured. */
    static final String MODELLED_HELP = "Everything is modelled (heap simulation plus a cost profile), not measured, except "
            + "the overlays you add. A pin, overlay or published point of another layout, cost profile or Ruby is left off "
            + "the charts with a note saying why. Hover a bar or marker for its value.";

    /** The text of Help > How to read the charts (also in the README). */
    static final String HOW_TO_READ = """
            Speed ratio per length: baseline ns / candidate ns per slice length, bars from the 1.0 line; \
            above 1 (green) the candidate is faster, below (vermillion) slower. The dashed line is the \
            largest length the cutoff still embeds (231 B for 256). Markers are the numbers published in \
            the #22186 thread, labelled with who measured them and on what machine.

            GC count per N slices: how many GCs run while N slices are taken; bigger slots mean fewer \
            slots per page and more GCs. Hover a bar for why they ran: which heap ran out of slots, or \
            malloc_increase passing malloc_limit.

            Retained memory for R kept slices: what the kept slices hold alive; the note gives the worst \
            case against the baseline (6.4x for cutoff 256 vs master in the thread).

            Slot sizes: ns per allocation (bars) and GC runs per N allocations (line) per slot size, with \
            byroot's table overlaid.

            File > Import measured results draws a benchmark tool's numbers as markers named \
            "measured: FILE (TOOL)" (hover one for the model's value and the error), and Tools > Measure on \
            this Ruby runs master's loop on your ruby; Tools > Predicted vs measured lists the error per \
            length. Tools > Calibrate fits the cost profile and reads the layout of your ruby.""";
}
