package org.slotlab.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.scene.control.ButtonType;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slotlab.app.scenario.CustomLayout;
import org.slotlab.model.layout.RubyLayout;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The custom layout editor validates every keystroke through RubyLayout's builder. */
@ExtendWith(ApplicationExtension.class)
class LayoutEditorDialogFxTest {

    private LayoutEditorDialog dialog;

    @Start
    void start(Stage stage) {
        dialog = new LayoutEditorDialog(CustomLayout.from(RubyLayout.ruby34()));
        dialog.show();
    }

    @Test
    void invalidSlotSizes_showTheBuildersMessage_andDisableOk(FxRobot robot) throws Exception {
        // given a valid start
        assertThat(dialog.problem.getText()).isEmpty();
        // when the slot sizes stop increasing
        robot.interact(() -> dialog.slots.setText("40, 80, 64"));
        WaitForAsyncUtils.waitForFxEvents();
        // then
        assertThat(dialog.problem.getText()).isEqualTo("slot sizes must be strictly increasing, got 80 then 64");
        assertThat(dialog.getDialogPane().lookupButton(ButtonType.OK).isDisabled()).isTrue();
        // and a fix re-enables OK with the layout's description
        robot.interact(() -> dialog.slots.setText("40, 80, 160, 320"));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(dialog.problem.getText()).isEmpty();
        assertThat(dialog.summary.getText()).contains("max embedded len 295 B");
        assertThat(dialog.getDialogPane().lookupButton(ButtonType.OK).isDisabled()).isFalse();
        robot.interact(() -> dialog.close());
    }

    @Test
    void notANumber_namesTheField(FxRobot robot) {
        robot.interact(() -> dialog.pageSize.setText("64k"));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(dialog.problem.getText()).isEqualTo("page size: '64k' is not a whole number");
        robot.interact(() -> dialog.close());
    }
}
