package org.slotlab.app.talk;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javafx.application.Platform;
import javafx.scene.control.Alert;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCombination;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Screen;
import javafx.stage.Stage;
import org.slotlab.app.heapmap.HeapMapView;
import org.slotlab.app.heapmap.HeapMaps;
import org.slotlab.app.scenario.ChartSpec;
import org.slotlab.app.scenario.ScenarioRegistry;
import org.slotlab.app.scenario.ScenarioRun;
import org.slotlab.app.workbench.WorkbenchView;
import org.slotlab.app.workbench.WorkbenchViewModel;

/**
 * Talks in the workbench: the Talk menu (present with F5, the editor, add the current state as
 * a step, open, save, the example talk, export the slides as PNG). Installed into a workbench
 * window by its entry point; the workbench itself does not know about talks.
 */
public final class Talks {

    private final WorkbenchViewModel vm;
    private final WorkbenchView view;
    private final Stage stage;
    private final TalkModel model = new TalkModel();
    private TalkEditor editor;
    private TalkMode mode;
    /** Full screen when presenting (off in tests, which keep the window at a known size). */
    boolean fullScreen = true;

    private Talks(WorkbenchView view, WorkbenchViewModel vm, Stage stage) {
        this.vm = vm;
        this.view = view;
        this.stage = stage;
    }

    /** Adds the Talk menu to the workbench's menu bar (before Help). */
    public static Talks install(WorkbenchView view, WorkbenchViewModel vm, Stage stage) {
        Talks t = new Talks(view, vm, stage);
        if (view.getTop() instanceof MenuBar bar) {
            int help = bar.getMenus().size() - 1;
            bar.getMenus().add(Math.max(0, help), t.menu());
            bar.getMenus().stream().filter(m -> m.getText().equals("_View")).findFirst().ifPresent(m -> m.getItems().addAll(
                    new SeparatorMenuItem(), item("_Heap map (live)…", "Shortcut+H", t::showHeapMap)));
        }
        return t;
    }

    public TalkModel model() {
        return model;
    }

    /** The talk shown last (null before F5). */
    public TalkMode mode() {
        return mode;
    }

    private Menu menu() {
        Menu m = new Menu("_Talk");
        m.setId("talkMenu");
        m.getItems().addAll(
                item("_Present", "F5", () -> present(0)),
                item("Talk _editor…", "Shortcut+Shift+T", this::showEditor),
                item("_Add the current state as a step", "Shortcut+T", this::addCurrent),
                new SeparatorMenuItem(),
                item("_Open talk…", "Shortcut+Alt+O", this::openDialog),
                item("_Save talk as…", "Shortcut+Alt+S", this::saveDialog),
                item("Open the example talk (Feature #22186)", null, this::openExample),
                new SeparatorMenuItem(),
                item("Export slides as PNG (1920 x 1080)…", null, this::exportDialog),
                item("Export slides as PDF…", null, this::exportPdfDialog));
        return m;
    }

    private static MenuItem item(String text, String accelerator, Runnable action) {
        MenuItem m = new MenuItem(text);
        if (accelerator != null) {
            m.setAccelerator(KeyCombination.keyCombination(accelerator));
        }
        m.setOnAction(e -> action.run());
        return m;
    }

    /** The workbench's current state as a step: its settings and pins, the chart in focus (or the first). */
    public TalkStep currentStep() {
        var request = vm.request();
        var scenario = ScenarioRegistry.byId(request.settings().scenario());
        List<ChartSpec> charts = scenario.charts();
        int f = view.chartsView().focusedIndex();
        ChartSpec chart = f >= 0 && f < charts.size() ? charts.get(f) : charts.get(0);
        ScenarioRun run = vm.run();
        String caption = run != null && run.request().equals(request) ? run.headline() : "";
        return new TalkStep(chart.title(), caption == null ? "" : caption, request, List.of(chart.id()));
    }

    /** Adds the current state as the talk's last step. */
    public void addCurrent() {
        TalkStep s = currentStep();
        model.add(s.state(), s.view(), s.title(), s.caption());
        notice("Added step " + model.steps().size() + ": " + s.title());
    }

    /** Presents the talk from step {@code first}; with no steps, the current state on its own. */
    public TalkMode present(int first) {
        Talk talk = model.steps().isEmpty() ? new Talk("", List.of(currentStep())) : model.talk();
        var bounds = stage != null ? Screen.getScreensForRectangle(stage.getX(), stage.getY(), 1, 1).stream().findFirst()
                .orElse(Screen.getPrimary()).getBounds() : Screen.getPrimary().getBounds();
        mode = TalkMode.show(talk, first, stage, fullScreen, bounds.getWidth(), bounds.getHeight());
        return mode;
    }

    public void showEditor() {
        if (editor == null) {
            editor = new TalkEditor(model, this::currentStep, this::present, stage);
        }
        editor.show();
        editor.toFront();
    }

    /** The editor, once shown. */
    public TalkEditor editor() {
        return editor;
    }

    /** Opens a talk file; a bad or newer file shows a dialog and keeps the talk as it was. */
    public boolean open(Path p) {
        try {
            model.open(p);
            notice("Opened talk " + p.getFileName() + " (" + model.steps().size() + " steps)");
            return true;
        } catch (TalkFile.TalkFormatException e) {
            error("Cannot open talk", e.getMessage() + "\n\nThe talk you had is unchanged.");
            return false;
        }
    }

    private Stage heapMapStage;
    private HeapMapView heapMapView;

    /** The live heap map of the current settings, in a window of its own (View > Heap map). */
    public HeapMapView showHeapMap() {
        var settings = vm.settings();
        if (!HeapMaps.supports(settings.scenario())) {
            error("No heap map for this scenario", "The heap map draws the substring scenario (str_subseq, Feature #22186): "
                    + "choose it under Scenario.");
            return null;
        }
        if (heapMapStage == null) {
            heapMapStage = new Stage();
            heapMapStage.setTitle("Slotlab: heap map");
            if (stage != null) {
                heapMapStage.initOwner(stage);
            }
            heapMapView = new HeapMapView(settings, HeapMaps.LEN, HeapMaps.OPS);
            heapMapStage.setScene(new javafx.scene.Scene(heapMapView, 1400, 820));
            heapMapStage.setOnHidden(e -> {
                heapMapView.close();
                heapMapStage = null;
                heapMapView = null;
            });
        } else {
            heapMapView.load(settings, HeapMaps.LEN, HeapMaps.OPS);
        }
        heapMapStage.show();
        heapMapStage.toFront();
        return heapMapView;
    }

    private void openExample() {
        model.openExample();
        notice("Opened the example talk (" + model.steps().size() + " steps); F5 presents it");
    }

    private void openDialog() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Open talk");
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("Slotlab talk (*" + TalkFile.SUFFIX + ")", "*" + TalkFile.SUFFIX));
        File f = fc.showOpenDialog(stage);
        if (f != null) {
            open(f.toPath());
        }
    }

    private void saveDialog() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Save talk");
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("Slotlab talk (*" + TalkFile.SUFFIX + ")", "*" + TalkFile.SUFFIX));
        fc.setInitialFileName("talk" + TalkFile.SUFFIX);
        File f = fc.showSaveDialog(stage);
        if (f == null) {
            return;
        }
        Path p = f.toPath();
        if (!p.getFileName().toString().endsWith(TalkFile.SUFFIX)) {
            p = p.resolveSibling(p.getFileName().toString().replaceFirst("(\\.json)?$", "") + TalkFile.SUFFIX);
        }
        try {
            model.save(p);
            notice("Saved talk " + p.getFileName());
        } catch (IOException e) {
            error("Cannot save talk", p + ": " + e.getMessage());
        }
    }

    private void exportDialog() {
        if (model.steps().isEmpty()) {
            error("Nothing to export", "The talk has no steps: add the current state as a step (Shortcut+T) or open a talk.");
            return;
        }
        DirectoryChooser dc = new DirectoryChooser();
        dc.setTitle("Export slides into folder");
        File d = dc.showDialog(stage);
        if (d != null) {
            exportSlides(d.toPath(), 1);
        }
    }

    private void exportPdfDialog() {
        if (model.steps().isEmpty()) {
            error("Nothing to export", "The talk has no steps: add the current state as a step (Shortcut+T) or open a talk.");
            return;
        }
        javafx.stage.FileChooser fc = new javafx.stage.FileChooser();
        fc.setTitle("Export slides as PDF");
        fc.getExtensionFilters().add(new javafx.stage.FileChooser.ExtensionFilter("PDF (*.pdf)", "*.pdf"));
        fc.setInitialFileName("talk.pdf");
        File f = fc.showSaveDialog(stage);
        if (f != null) {
            Path p = f.toPath();
            if (!p.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".pdf")) {
                p = p.resolveSibling(p.getFileName() + ".pdf");
            }
            exportPdf(p);
        }
    }

    /** Writes the slides as one PDF in the background; the status bar says when it is done. */
    public Thread exportPdf(Path file) {
        Talk talk = model.talk();
        notice("Exporting " + talk.size() + " slides as PDF…");
        Thread t = new Thread(() -> {
            try {
                TalkExport.pdf(talk, file, () -> false);
                Platform.runLater(() -> notice("Wrote " + talk.size() + " pages to " + file));
            } catch (IOException | RuntimeException e) {
                Platform.runLater(() -> error("Export failed", file + ": " + e.getMessage()));
            }
        }, "slotlab-slides-pdf");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Writes the slides into {@code dir} in the background; the status bar says when they are done. */
    public Thread exportSlides(Path dir, double scale) {
        Talk talk = model.talk();
        notice("Exporting " + talk.size() + " slides…");
        Thread t = new Thread(() -> {
            try {
                List<Path> written = TalkExport.pngs(talk, dir, scale, () -> false);
                Platform.runLater(() -> notice("Wrote " + written.size() + " slides to " + dir));
            } catch (IOException | RuntimeException e) {
                Platform.runLater(() -> error("Export failed", dir + ": " + e.getMessage()));
            }
        }, "slotlab-slides");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private void notice(String text) {
        if (view.lookup("#notice") instanceof javafx.scene.control.Label l) {
            l.setText(text);
        }
    }

    private void error(String header, String text) {
        Alert a = new Alert(Alert.AlertType.ERROR, text);
        a.setHeaderText(header);
        if (stage != null) {
            a.initOwner(stage);
        }
        a.show();
    }
}
