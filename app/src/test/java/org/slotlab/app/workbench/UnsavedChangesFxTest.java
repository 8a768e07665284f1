package org.slotlab.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Work is never lost silently: the title says when it is unsaved, and quitting or opening asks first. */
@ExtendWith(ApplicationExtension.class)
class UnsavedChangesFxTest {

    private FxWorkbench wb;
    private WorkbenchViewModel vm;
    private Stage stage;

    @Start
    void start(Stage s) {
        stage = s;
        wb = FxWorkbench.show(s);
        vm = wb.vm;
    }

    @AfterEach
    void close() {
        vm.close();
    }

    private void quit(FxRobot robot) {
        robot.clickOn("#status");
        robot.press(KeyCode.CONTROL, KeyCode.Q).release(KeyCode.Q, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void anEdit_marksTheTitle_andQuitAsks_cancelKeepsTheWindow_discardCloses(FxRobot robot) throws Exception {
        // given
        wb.awaitCharts();
        assertThat(stage.getTitle()).doesNotStartWith("*");
        quit(robot);
        // nothing changed: a plain quit would close; reopen the question with an edit first
        assertThat(stage.isShowing()).isFalse();
        robot.interact(stage::show);

        robot.interact(() -> vm.setCutoff(200));
        wb.awaitCharts();
        assertThat(vm.modified()).isTrue();
        assertThat(stage.getTitle()).startsWith("* ").endsWith("(unsaved changes)");
        List<String> asked = new ArrayList<>();

        // when: Ctrl+Q, cancelled
        wb.view.askUnsaved = action -> {
            asked.add(action);
            return WorkbenchView.UnsavedChoice.CANCEL;
        };
        quit(robot);
        // then
        assertThat(asked).containsExactly("quitting");
        assertThat(stage.isShowing()).isTrue();

        // when: Ctrl+Q, discarded
        wb.view.askUnsaved = action -> WorkbenchView.UnsavedChoice.DISCARD;
        quit(robot);
        assertThat(stage.isShowing()).isFalse();
    }

    @Test
    void undoBackToTheSavedState_orSaving_clearsTheMark(FxRobot robot, @TempDir Path dir) throws Exception {
        wb.awaitCharts();
        robot.interact(() -> vm.setCutoff(200));
        robot.interact(vm::undo);
        wb.awaitCharts();
        assertThat(vm.modified()).isFalse();

        robot.interact(() -> vm.pin("A"));
        assertThat(vm.modified()).isTrue();
        robot.interact(() -> {
            try {
                vm.save(dir.resolve("a.slotlab.json"));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertThat(vm.modified()).isFalse();
        assertThat(stage.getTitle()).doesNotStartWith("*").contains("[a.slotlab.json]");
    }

    @Test
    void quitWithUnsavedChanges_showsTheDialog_andItsCancelKeepsTheWindow(FxRobot robot) throws Exception {
        wb.awaitCharts();
        robot.interact(() -> vm.setCutoff(200));
        wb.awaitCharts();

        quit(robot);
        robot.lookup("Unsaved changes").tryQuery().orElseThrow();
        robot.clickOn("Cancel");
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(stage.isShowing()).isTrue();
        assertThat(vm.modified()).isTrue();
    }
}
