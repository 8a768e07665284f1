package org.slotlab.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicBoolean;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** A label in a {@link SteadyBox} changes text without laying out its ancestors (slider latency). */
@ExtendWith(ApplicationExtension.class)
class SteadyBoxFxTest {

    private Label steady;
    private SteadyBox box;
    private Label plain;
    private HBox steadyRow;
    private HBox plainRow;

    @Start
    void start(Stage stage) {
        steady = new Label("231 B");
        box = new SteadyBox(steady, false);
        steady.textProperty().addListener((o, a, b) -> box.contentChanged());
        plain = new Label("231 B");
        steadyRow = new HBox(box);
        plainRow = new HBox(plain);
        stage.setScene(new Scene(new VBox(steadyRow, plainRow), 400, 200));
        stage.show();
    }

    @Test
    void sameWidthText_laysOutNoAncestor_whereAPlainLabelDoes(FxRobot robot) {
        // given
        WaitForAsyncUtils.waitForFxEvents();
        AtomicBoolean steadyRowDirty = new AtomicBoolean();
        AtomicBoolean plainRowDirty = new AtomicBoolean();
        // when: both labels get a text of the same width, before the next pulse looks
        robot.interact(() -> {
            steady.setText("232 B");
            plain.setText("232 B");
            steadyRowDirty.set(steadyRow.isNeedsLayout());
            plainRowDirty.set(plainRow.isNeedsLayout());
        });
        // then
        assertThat(plainRowDirty).isTrue();
        assertThat(steadyRowDirty).isFalse();
        assertThat(steady.getText()).isEqualTo("232 B");
    }

    @Test
    void longerText_growsTheBox_andTheLabelFillsIt(FxRobot robot) {
        // given
        WaitForAsyncUtils.waitForFxEvents();
        double before = box.getWidth();
        // when
        robot.interact(() -> steady.setText("largest embedded length: 1023 B"));
        WaitForAsyncUtils.waitForFxEvents();
        // then
        assertThat(box.getWidth()).isGreaterThan(before);
        assertThat(steady.getWidth()).isEqualTo(box.getWidth());
        assertThat(steady.getWidth()).isGreaterThanOrEqualTo(steady.prefWidth(-1) - 0.5);
    }
}
