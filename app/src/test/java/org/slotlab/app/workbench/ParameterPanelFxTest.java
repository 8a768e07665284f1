package org.slotlab.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The cutoff editor as a user drives it with the keyboard: reset, undo, snapping arrows, bad values. */
@ExtendWith(ApplicationExtension.class)
class ParameterPanelFxTest {

    private FxWorkbench wb;
    private WorkbenchViewModel vm;

    @Start
    void start(Stage stage) {
        wb = FxWorkbench.show(stage);
        vm = wb.vm;
    }

    @AfterEach
    void close() {
        vm.close();
    }

    private TextField field(FxRobot robot) {
        return robot.lookup("#cutoffField").queryAs(TextField.class);
    }

    /** Types {@code text} into the cutoff field over what it shows, then Enter; waits for the charts. */
    private void enterCutoff(FxRobot robot, String text) throws Exception {
        robot.clickOn(field(robot));
        keys(robot, KeyCode.CONTROL, KeyCode.A);
        robot.write(text).type(KeyCode.ENTER);
        wb.awaitCharts();
    }

    private void keys(FxRobot robot, KeyCode... codes) {
        robot.press(codes).release(codes);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void aParametersTooltip_isMadeWhenThePointerFirstEntersItsControl_andThenShows(FxRobot robot) throws Exception {
        // given: the frozen-source switch, its explanation waiting
        wb.awaitCharts();
        javafx.scene.control.Control rule = wb.view.parameters.control("frozenRule").orElseThrow();
        assertThat(rule.getTooltip()).isNull();
        assertThat(ParametersView.tooltipText(rule)).hasValueSatisfying(t -> assertThat(t).startsWith("byroot's frozen-source rule"));
        // when: the pointer rests on it
        robot.moveTo(rule);
        robot.moveBy(2, 1);
        WaitForAsyncUtils.waitForFxEvents();
        // then: the tooltip exists with that text and shows after its delay
        assertThat(rule.getTooltip()).isNotNull();
        assertThat(rule.getTooltip().getText()).startsWith("byroot's frozen-source rule");
        WaitForAsyncUtils.waitFor(5, java.util.concurrent.TimeUnit.SECONDS, () -> rule.getTooltip().isShowing());
        robot.moveTo(field(robot));
    }

    @Test
    void resetWithFocusInTheField_showsTheThreadsCutoff_andTabDoesNotApplyTheOldOne(FxRobot robot) throws Exception {
        // given: cutoff 128 applied from the field, focus still in it
        wb.awaitCharts();
        enterCutoff(robot, "128");
        assertThat(vm.cutoff()).isEqualTo(128);
        // when: Ctrl+R
        keys(robot, KeyCode.CONTROL, KeyCode.R);
        wb.awaitCharts();
        // then
        assertThat(vm.cutoff()).isEqualTo(256);
        assertThat(field(robot).getText()).isEqualTo("256");
        keys(robot, KeyCode.TAB);
        wb.awaitCharts();
        assertThat(vm.cutoff()).isEqualTo(256);
    }

    @Test
    void ctrlZ_inAnUntouchedField_undoesTheModel(FxRobot robot) throws Exception {
        wb.awaitCharts();
        enterCutoff(robot, "200");
        assertThat(vm.cutoff()).isEqualTo(200);

        keys(robot, KeyCode.CONTROL, KeyCode.Z);
        wb.awaitCharts();

        assertThat(vm.cutoff()).isEqualTo(256);
        assertThat(field(robot).getText()).isEqualTo("256");
    }

    @Test
    void arrowKeys_withSnapOn_stepToTheNextSlotSize(FxRobot robot) throws Exception {
        wb.awaitCharts();
        robot.interact(() -> vm.snapToSlotsProperty().set(true));
        Node slider = robot.lookup("#cutoffSlider").query();
        robot.interact(slider::requestFocus);

        keys(robot, KeyCode.RIGHT);
        wb.awaitCharts();
        // ruby-4.1-dev's slot sizes: 32, 40, 64, 128, 160, 256, 512, 640, 1024
        assertThat(vm.cutoff()).isEqualTo(512);
        keys(robot, KeyCode.LEFT);
        keys(robot, KeyCode.LEFT);
        wb.awaitCharts();
        assertThat(vm.cutoff()).isEqualTo(160);
    }

    @Test
    void cutoffBeyondTheLargestSlot_isRefused_andTheMessageMovesNothing(FxRobot robot) throws Exception {
        wb.awaitCharts();
        Node snap = robot.lookup("#snap").query();
        double before = snap.localToScene(snap.getBoundsInLocal()).getMinY();

        enterCutoff(robot, "99999");

        assertThat(vm.cutoff()).isEqualTo(256);
        Label message = robot.lookup("#parameterMessage").queryAs(Label.class);
        assertThat(message.isVisible()).isTrue();
        assertThat(message.getText()).startsWith("cutoff must be from 0 to 1,024 B, the largest slot size of ruby-4.1-dev; got 99,999 B");
        assertThat(snap.localToScene(snap.getBoundsInLocal()).getMinY()).isEqualTo(before);
    }
}
