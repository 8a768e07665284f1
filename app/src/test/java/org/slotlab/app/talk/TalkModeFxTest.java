package org.slotlab.app.talk;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.data.category.CategoryDataset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.app.SlotlabApp;
import org.slotlab.app.scenario.ScenarioRegistry;
import org.slotlab.app.scenario.SubstringCutoffScenario;
import org.slotlab.app.workbench.WorkbenchView;
import org.slotlab.app.workbench.WorkbenchViewModel;
import org.slotlab.charts.SlotlabTheme;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Talk mode and the talk editor under Monocle, driven by the keys a presenter's clicker sends. */
@ExtendWith(ApplicationExtension.class)
class TalkModeFxTest {

    /** Upper bound for a step's run to reach the screen: a guard against a hang, not a timing assertion. */
    static final long WITHIN_S = 60;

    private WorkbenchViewModel vm;
    private WorkbenchView view;
    private Talks talks;
    private Stage stage;

    @Start
    void start(Stage s) {
        stage = s;
        vm = new WorkbenchViewModel(Platform::runLater, true);
        view = new WorkbenchView(vm, s);
        s.setScene(new Scene(view, 1260, 780));
        s.getScene().getStylesheets().add(SlotlabApp.stylesheet());
        talks = Talks.install(view, vm, s);
        talks.fullScreen = false;
        s.show();
    }

    @AfterEach
    void close() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> {
            for (Window w : new ArrayList<>(Window.getWindows())) {
                if (w != stage) {
                    w.hide();
                }
            }
        }).get();
        vm.close();
    }

    private static void awaitStep(TalkView v, int index) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitFor(WITHIN_S, TimeUnit.SECONDS, () -> v.index() == index && v.firstFrameNanos() >= 0);
        WaitForAsyncUtils.asyncFx(v::finishAnimation).get();
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static void press(FxRobot robot, TalkMode m, KeyCode... keys) {
        robot.interact(() -> m.stage().requestFocus());
        robot.type(keys);
    }

    /** The first dataset of a category chart, as value lists per row. */
    private static List<List<Number>> values(JFreeChart c) {
        CategoryDataset d = ((CategoryPlot) c.getPlot()).getDataset(0);
        List<List<Number>> out = new ArrayList<>();
        for (int r = 0; r < d.getRowCount(); r++) {
            List<Number> row = new ArrayList<>();
            for (int k = 0; k < d.getColumnCount(); k++) {
                row.add(d.getValue(r, k));
            }
            out.add(row);
        }
        return out;
    }

    @Test
    void eachStep_showsItsOwnStatesCharts_titleCaptionAndCounter(FxRobot robot) throws Exception {
        // given
        Talk talk = TalkFixtures.small();
        TalkMode m = WaitForAsyncUtils.asyncFx(() -> TalkMode.show(talk, 0, stage, false, 1280, 720)).get();
        TalkView v = m.view();
        for (int i = 0; i < talk.size(); i++) {
            // when
            final int k = i;
            robot.interact(() -> v.goTo(k));
            awaitStep(v, i);
            // then: the charts are those of the step's own state, drawn again at slide size
            TalkStep s = talk.step(i);
            var run = ScenarioRegistry.byId(s.scenario()).compute(s.state(), SlotlabTheme.standard(), () -> false);
            assertThat(v.charts()).hasSize(s.view().size());
            for (int c = 0; c < s.view().size(); c++) {
                assertThat(values(v.charts().get(c))).isEqualTo(values(run.chart(s.view().get(c)).orElseThrow().chart()));
                assertThat(v.charts().get(c).getTitle().getText())
                        .isEqualTo(run.chart(s.view().get(c)).orElseThrow().chart().getTitle().getText());
            }
            assertThat(v.title.getText()).isEqualTo(s.title());
            assertThat(v.caption.getText()).isEqualTo(s.caption());
            assertThat(v.counter.getText()).isEqualTo((i + 1) + " / 3");
        }
    }

    @Test
    void keys_next_previous_black_jump_andEscLeaves(FxRobot robot) throws Exception {
        // given
        TalkMode m = WaitForAsyncUtils.asyncFx(() -> TalkMode.show(TalkFixtures.small(), 0, stage, false, 1280, 720)).get();
        TalkView v = m.view();
        awaitStep(v, 0);
        // when / then: Right, PageDown and Space go on; Left and PageUp go back; past the ends nothing moves
        press(robot, m, KeyCode.RIGHT);
        awaitStep(v, 1);
        press(robot, m, KeyCode.PAGE_DOWN);
        awaitStep(v, 2);
        press(robot, m, KeyCode.SPACE);
        assertThat(v.index()).isEqualTo(2);
        press(robot, m, KeyCode.LEFT);
        awaitStep(v, 1);
        press(robot, m, KeyCode.PAGE_UP);
        awaitStep(v, 0);
        press(robot, m, KeyCode.PAGE_UP);
        assertThat(v.index()).isZero();
        press(robot, m, KeyCode.SPACE);
        awaitStep(v, 1);
        // B blacks the screen out and brings it back
        press(robot, m, KeyCode.B);
        assertThat(v.blackScreenProperty().get()).isTrue();
        assertThat(robot.lookup("#talkBlack").query().isVisible()).isTrue();
        press(robot, m, KeyCode.B);
        assertThat(v.blackScreenProperty().get()).isFalse();
        assertThat(robot.lookup("#talkBlack").query().isVisible()).isFalse();
        // a number then Enter jumps; a number out of range stays
        press(robot, m, KeyCode.DIGIT3, KeyCode.ENTER);
        awaitStep(v, 2);
        press(robot, m, KeyCode.DIGIT1, KeyCode.ENTER);
        awaitStep(v, 0);
        press(robot, m, KeyCode.DIGIT9, KeyCode.ENTER);
        assertThat(v.index()).isZero();
        // Esc leaves: the talk's window closes, the workbench is still there
        press(robot, m, KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(m.stage().isShowing()).isFalse();
        assertThat(stage.isShowing()).isTrue();
    }

    @Test
    void f5_withNoTalk_presentsTheWorkbenchsCurrentStateAlone(FxRobot robot) throws Exception {
        // given
        robot.interact(() -> stage.requestFocus());
        // when
        robot.type(KeyCode.F5);
        WaitForAsyncUtils.waitFor(WITHIN_S, TimeUnit.SECONDS, () -> talks.mode() != null);
        TalkView v = talks.mode().view();
        awaitStep(v, 0);
        // then
        assertThat(v.counter.getText()).isEqualTo("1 / 1");
        assertThat(v.charts()).hasSize(1);
        assertThat(v.charts().get(0).getTitle().getText()).isEqualTo(vm.run().charts().get(0).chart().getTitle().getText());
    }

    @Test
    void editor_addsTheCurrentState_reorders_editsTheCaption_deletes(FxRobot robot) throws Exception {
        // given
        robot.interact(talks::showEditor);
        TalkEditor e = talks.editor();
        // when: add the current state, change the cutoff, add again
        robot.interact(() -> e.add.fire());
        robot.interact(() -> vm.setCutoff(128));
        robot.interact(() -> e.add.fire());
        // then
        TalkModel model = talks.model();
        assertThat(model.steps()).hasSize(2);
        assertThat(model.steps().get(0).state().settings().get(SubstringCutoffScenario.CANDIDATE)).isEqualTo("cutoff:256");
        assertThat(model.steps().get(1).state()).isEqualTo(vm.request());
        // when: move the second up, then caption it
        robot.interact(() -> e.list.getSelectionModel().select(1));
        robot.interact(() -> e.up.fire());
        assertThat(model.steps().get(0).state().settings().get(SubstringCutoffScenario.CANDIDATE)).isEqualTo("cutoff:128");
        robot.clickOn(e.caption).eraseText(e.caption.getText().length()).write("Cutoff 128 embeds less").type(KeyCode.ENTER);
        assertThat(model.steps().get(0).caption()).isEqualTo("Cutoff 128 embeds less");
        // when: two charts side by side, then delete the step
        robot.interact(() -> e.chart2.setValue("gc-count"));
        assertThat(model.steps().get(0).view()).containsExactly("speed-ratio", "gc-count");
        robot.interact(() -> e.delete.fire());
        assertThat(model.steps()).hasSize(1);
        assertThat(model.steps().get(0).state().settings().get(SubstringCutoffScenario.CANDIDATE)).isEqualTo("cutoff:256");
    }

    @Test
    void openingANewerTalk_keepsTheTalkYouHad(FxRobot robot, @TempDir Path dir) throws Exception {
        // given
        robot.interact(() -> talks.model().openExample());
        Talk before = talks.model().talk();
        Path newer = dir.resolve("newer" + TalkFile.SUFFIX);
        Files.writeString(newer, "{\n  \"slotlabTalkVersion\" : 2,\n  \"steps\" : [ ]\n}\n");
        // when
        boolean opened = WaitForAsyncUtils.asyncFx(() -> talks.open(newer)).get();
        // then
        assertThat(opened).isFalse();
        assertThat(talks.model().talk()).isEqualTo(before);
        assertThat(before.size()).isGreaterThan(5);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup(".dialog-pane .content").queryAs(Label.class).getText())
                .startsWith(newer + ":2: talk format version 2 is newer than this Slotlab reads (1)");
    }

    @Test
    void exportFromTheWorkbench_writesOneSlidePerStep(FxRobot robot, @TempDir Path dir) throws Exception {
        robot.interact(() -> talks.model().replace(TalkFixtures.small(), null));
        Thread t = WaitForAsyncUtils.asyncFx(() -> talks.exportSlides(dir, 1)).get();
        t.join(TimeUnit.SECONDS.toMillis(WITHIN_S));
        assertThat(Files.list(dir).map(p -> p.getFileName().toString()).sorted().toList())
                .containsExactly("slide-01.png", "slide-02.png", "slide-03.png");
    }
}
