package org.slotlab.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.input.MouseButton;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.jfree.chart.JFreeChart;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.app.export.Exports;
import org.slotlab.app.scenario.Datasets;
import org.slotlab.app.scenario.ModelInputs;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.scenario.Knobs;
import org.slotlab.app.scenario.LayoutChoice;
import org.slotlab.app.scenario.ScenarioRegistry;
import org.slotlab.app.scenario.SubstringCutoffScenario;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.workload.Experiments;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The workbench window under Monocle (headless): what only the UI does. */
@ExtendWith(ApplicationExtension.class)
class WorkbenchFxTest {

    private FxWorkbench wb;
    private WorkbenchViewModel vm;
    private WorkbenchView view;

    @Start
    void start(Stage stage) {
        wb = FxWorkbench.show(stage);
        vm = wb.vm;
        view = wb.view;
    }

    @AfterEach
    void close() {
        vm.close();
    }

    @SuppressWarnings("unchecked")
    private static javafx.scene.control.ComboBox<String> combo(WorkbenchView view, String id) {
        return (javafx.scene.control.ComboBox<String>) view.parameters.control(id).orElseThrow();
    }

    @Test
    void dragCutoff_changesTheRatioDataset(FxRobot robot) throws Exception {
        // given
        wb.awaitCharts();
        List<String> before = Datasets.of(wb.shown(robot, "speed-ratio"));
        Node thumb = robot.lookup("#cutoffSlider .thumb").query();
        // when
        robot.drag(thumb, MouseButton.PRIMARY).moveBy(-30, 0).release(MouseButton.PRIMARY);
        wb.awaitCharts();
        // then
        int cutoff = vm.cutoff();
        assertThat(cutoff).isLessThan(256);
        List<String> after = Datasets.of(wb.shown(robot, "speed-ratio"));
        assertThat(after).isNotEqualTo(before);
        assertThat(robot.lookup("#largestEmbedded").queryLabeled().getText())
                .isEqualTo("largest embedded length: " + ModelInputs.largestEmbeddedLen(RubyLayout.ruby41dev(), cutoff) + " B");
        // the slider drag is one undo step
        robot.interact(vm::undo);
        wb.awaitCharts();
        assertThat(Datasets.of(wb.shown(robot, "speed-ratio"))).isEqualTo(before);
    }

    @Test
    void frozenRule_withUnfrozenSource_ratiosChangeAsTheModelSays(FxRobot robot) throws Exception {
        wb.awaitCharts();
        robot.interact(() -> combo(view, "source").setValue("unfrozen-unshared"));
        wb.awaitCharts();
        // when: the rule is switched on by clicking the ToggleSwitch
        robot.clickOn(robot.lookup("#frozenRule .thumb-area").queryAs(Node.class));
        wb.awaitCharts();
        // then: for a source that needs a root the rule embeds under 256, exactly as the model computes
        Settings p = vm.settings();
        assertThat(p.get(SubstringCutoffScenario.CANDIDATE)).isEqualTo("frozen-rule:256");
        var unfrozen = Experiments.subseqSweep(RubyLayout.ruby41dev(), ModelInputs.profile(p), SubseqPolicies.master(),
                SubseqPolicies.frozenRule(256), SubstringCutoffScenario.loop(p), p.get(SubstringCutoffScenario.LENS));
        JFreeChart chart = wb.shown(robot, "speed-ratio");
        for (var c : unfrozen) {
            assertThat(Datasets.value(chart, "frozen-rule:256", (int) c.value())).isEqualTo(c.speedRatio());
        }
        assertThat(Datasets.value(chart, "frozen-rule:256", 100)).isGreaterThan(1.0);
        // and for a frozen source the rule falls back to master's rule: no speed change at 100 B
        robot.interact(() -> combo(view, "source").setValue("frozen"));
        wb.awaitCharts();
        assertThat(Datasets.value(wb.shown(robot, "speed-ratio"), "frozen-rule:256", 100)).isEqualTo(1.0);
    }

    @Test
    void export_writesValidPngSvgAndMarkdown(FxRobot robot, @TempDir Path dir) throws Exception {
        wb.awaitCharts();
        List<Path> png = WaitForAsyncUtils.asyncFx(() -> view.exportCharts(dir.resolve("x.png"), "png", 2)).get();
        List<Path> svg = WaitForAsyncUtils.asyncFx(() -> view.exportCharts(dir.resolve("x.svg"), "svg", 1)).get();
        assertThat(png).hasSize(3);
        for (Path p : png) {
            var img = ImageIO.read(p.toFile());
            assertThat(img.getWidth()).isEqualTo(2400);
            assertThat(img.getHeight()).isEqualTo(1350);
        }
        assertThat(Files.readString(svg.get(0))).startsWith("<?xml").contains("<svg").endsWith("</svg>\n");
        Path md = dir.resolve("x.md");
        Exports.write(md, Exports.markdown(vm.run()));
        List<String> lines = Files.readAllLines(md);
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("| len_bytes |"))
                .anySatisfy(l -> assertThat(l).matches("\\|-+:\\|.*"));
        // focused chart: exactly the chosen file
        robot.interact(() -> view.chartsView().focus(1));
        List<Path> one = WaitForAsyncUtils.asyncFx(() -> view.exportCharts(dir.resolve("gc.png"), "png", 1)).get();
        assertThat(one).containsExactly(dir.resolve("gc.png"));
        assertThat(ImageIO.read(dir.resolve("gc.png").toFile()).getWidth()).isEqualTo(1200);
    }

    @Test
    void saveThenOpen_roundTripsToIdenticalDatasets(FxRobot robot, @TempDir Path dir) throws Exception {
        // given: non-default settings and a pin
        wb.awaitCharts();
        robot.clickOn("#cutoffField").eraseText(3).write("160").type(javafx.scene.input.KeyCode.ENTER);
        wb.awaitCharts();
        assertThat(vm.cutoff()).isEqualTo(160);
        robot.interact(() -> vm.pin("A"));
        wb.awaitCharts();
        List<String> speed = Datasets.of(wb.shown(robot, "speed-ratio"));
        List<String> gc = Datasets.of(wb.shown(robot, "gc-count"));
        Path f = dir.resolve("s.slotlab.json");
        robot.interact(() -> {
            try {
                vm.save(f);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        // when: everything changes, then the file is opened
        robot.interact(() -> {
            vm.clearPins();
            vm.setCutoff(640);
        });
        wb.awaitCharts();
        assertThat(Datasets.of(wb.shown(robot, "speed-ratio"))).isNotEqualTo(speed);
        robot.interact(() -> view.open(f));
        wb.awaitCharts();
        // then
        assertThat(Datasets.of(wb.shown(robot, "speed-ratio"))).isEqualTo(speed);
        assertThat(Datasets.of(wb.shown(robot, "gc-count"))).isEqualTo(gc);
    }

    @Test
    void openBadFile_showsADialog_andKeepsTheCharts(FxRobot robot, @TempDir Path dir) throws Exception {
        wb.awaitCharts();
        List<String> speed = Datasets.of(wb.shown(robot, "speed-ratio"));
        Path f = dir.resolve("bad.slotlab.json");
        Files.writeString(f, "{\"slotlabScenarioVersion\": 3}");
        robot.interact(() -> view.open(f));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup(".dialog-pane .content").queryLabeled().getText())
                .contains("newer than this Slotlab reads").contains("unchanged");
        robot.type(javafx.scene.input.KeyCode.ENTER);
        assertThat(Datasets.of(wb.shown(robot, "speed-ratio"))).isEqualTo(speed);
        assertThat(vm.settings()).isEqualTo(new SubstringCutoffScenario().defaults());
    }

    @Test
    void shortcuts_undoRedoAndPin(FxRobot robot) throws Exception {
        // given: one parameter change, focus away from text fields (they keep Ctrl+Z for their text)
        wb.awaitCharts();
        robot.interact(() -> vm.setCutoff(320));
        wb.awaitCharts();
        // the selected scenario's own cell: with more scenarios the list's centre is another one
        robot.clickOn(robot.lookup("#scenarioList .list-cell:selected").queryAs(Node.class));
        // when / then
        robot.press(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.Z)
                .release(javafx.scene.input.KeyCode.Z, javafx.scene.input.KeyCode.CONTROL);
        wb.awaitCharts();
        assertThat(vm.cutoff()).isEqualTo(256);
        robot.press(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.SHIFT, javafx.scene.input.KeyCode.Z)
                .release(javafx.scene.input.KeyCode.Z, javafx.scene.input.KeyCode.SHIFT, javafx.scene.input.KeyCode.CONTROL);
        wb.awaitCharts();
        assertThat(vm.cutoff()).isEqualTo(320);
        assertThat(Datasets.value(wb.shown(robot, "speed-ratio"), "cutoff:320", 231)).isGreaterThan(1.0);
        // Ctrl+1 focuses the first chart, Ctrl+0 shows all again
        robot.press(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.DIGIT1)
                .release(javafx.scene.input.KeyCode.DIGIT1, javafx.scene.input.KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.chartsView().focusedIndex()).isZero();
        robot.press(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.DIGIT0)
                .release(javafx.scene.input.KeyCode.DIGIT0, javafx.scene.input.KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.chartsView().focusedIndex()).isEqualTo(-1);
    }

    @Test
    void zoomIn_saysSoOnTheChart_keepsOneInRange_andResetRemovesTheNote(FxRobot robot) throws Exception {
        // given
        wb.awaitCharts();
        // when
        robot.interact(() -> view.chartsView().zoomIn());
        // then
        org.jfree.chart.JFreeChart speed = wb.shown(robot, "speed-ratio");
        assertThat(org.slotlab.charts.Axes.zoomNoted(speed)).isTrue();
        assertThat(org.slotlab.charts.ChartNotes.all(speed)).anySatisfy(n -> assertThat(n).startsWith("Value axis zoomed to"));
        assertThat(speed.getCategoryPlot().getRangeAxis().getRange().contains(1.0)).isTrue();
        robot.interact(() -> view.chartsView().resetZoom());
        assertThat(org.slotlab.charts.Axes.zoomNoted(wb.shown(robot, "speed-ratio"))).isFalse();
    }

    @Test
    void pinOfAnotherProfile_chipIsDimmed_withTheReason(FxRobot robot) throws Exception {
        // given
        wb.awaitCharts();
        robot.interact(() -> vm.pin("A"));
        wb.awaitCharts();
        // when: calibrated on Ruby 3.1.2
        robot.interact(() -> vm.loadProfile(ComparableContextTest.PROFILE_312));
        wb.awaitCharts();
        // then
        javafx.scene.Node chip = robot.lookup(".chip").query();
        assertThat(chip.getStyleClass()).contains("not-compared");
        javafx.scene.control.Label label = (javafx.scene.control.Label) ((javafx.scene.layout.HBox) chip).getChildren().get(0);
        assertThat(label.getTooltip().getText()).startsWith("Not compared: pin A was made with layout ruby-4.1-dev");
    }

    @Test
    void anUntrustedProfile_saysSoWhereItIsChosen_andTheDefaultDoesNot(FxRobot robot) throws Exception {
        wb.awaitCharts();
        javafx.scene.control.Label trust = robot.lookup("#profileTrust").queryAs(javafx.scene.control.Label.class);
        assertThat(trust.isVisible()).isFalse();

        robot.interact(() -> vm.loadProfile(java.nio.file.Path.of("..", "sample-data", "measured", "json", "profile-ruby-3.4.5.json")));
        wb.awaitCharts();

        assertThat(trust.isVisible()).isTrue();
        assertThat(trust.getText()).startsWith("Untrusted: the timings are too noisy to check the fit");
        robot.interact(() -> vm.useDefaultProfile());
        wb.awaitCharts();
        assertThat(trust.isVisible()).isFalse();
    }

    @Test
    void scenarioMenu_showsUnderscoresAsWritten(FxRobot robot) {
        javafx.scene.control.MenuBar bar = robot.lookup("#menuBar").queryAs(javafx.scene.control.MenuBar.class);
        javafx.scene.control.Menu scenarios = bar.getMenus().stream().filter(m -> m.getText().equals("_Scenario")).findFirst()
                .orElseThrow();
        assertThat(scenarios.getItems()).allSatisfy(i -> assertThat(i.isMnemonicParsing()).as(i.getText()).isFalse());
        assertThat(scenarios.getItems()).anySatisfy(i -> assertThat(i.getText()).contains("STR_BUF_MIN_SIZE"));
    }

    @Test
    void f9AndF10_hideTheSidePanels_andTheChartsTakeTheirWidth(FxRobot robot) throws Exception {
        wb.awaitCharts();
        double before = view.chartsView().getWidth();
        robot.clickOn("#status");

        robot.press(javafx.scene.input.KeyCode.F10).release(javafx.scene.input.KeyCode.F10);
        robot.press(javafx.scene.input.KeyCode.F9).release(javafx.scene.input.KeyCode.F9);
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(view.parameters.isVisible()).isFalse();
        assertThat(view.chartsView().getWidth()).isGreaterThan(before + 400);
        robot.press(javafx.scene.input.KeyCode.F10).release(javafx.scene.input.KeyCode.F10);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.parameters.isVisible()).isTrue();
    }

    @Test
    void shortcutList_namesEveryMenuShortcut(FxRobot robot) {
        javafx.scene.control.MenuBar bar = robot.lookup("#menuBar").queryAs(javafx.scene.control.MenuBar.class);

        String list = WorkbenchView.shortcuts(bar);

        assertThat(list).contains("File > Save scenario").contains("Edit > Reset to the thread's settings")
                .contains("View > Show parameters").contains("Help > How to read the charts");
        assertThat(list.lines().count()).isGreaterThan(25);
    }
}
