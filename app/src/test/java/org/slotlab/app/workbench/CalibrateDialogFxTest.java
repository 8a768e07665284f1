package org.slotlab.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.app.calibrate.FakeRubies;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.scenario.Knobs;
import org.slotlab.app.scenario.LayoutChoice;
import org.slotlab.app.scenario.ScenarioRegistry;
import org.slotlab.app.scenario.SubstringCutoffScenario;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Tools > Calibrate under Monocle with fake rubies: the summary and "use" on success, Cancel on a hang. */
@ExtendWith(ApplicationExtension.class)
class CalibrateDialogFxTest {

    /** Upper bound for the fake run to end: a guard against a hang, not a timing assertion. */
    static final long END_WITHIN_S = 120;

    private FxWorkbench wb;
    private WorkbenchViewModel vm;
    private WorkbenchView view;

    @TempDir
    Path dir;

    @BeforeEach
    void posix() {
        assumeFalse(System.getProperty("os.name", "").startsWith("Windows"), "fake rubies are /bin/sh scripts");
    }

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

    @Test
    void calibrate_replayed31_showsSummary_andUseSwitchesProfileAndLayout(FxRobot robot) throws Exception {
        Path ruby = FakeRubies.replaying(dir);
        Path out = dir.resolve("my.profile.json");
        CalibrateDialog[] d = new CalibrateDialog[1];
        robot.interact(() -> {
            d[0] = new CalibrateDialog(vm, view.parameters::loadProfile);
            d[0].show();
            d[0].ruby.setText(ruby.toString());
            d[0].out.setText(out.toString());
        });

        robot.interact(d[0]::start);
        WaitForAsyncUtils.waitFor(END_WITHIN_S, TimeUnit.SECONDS, () -> !d[0].use.isDisabled()
                || !d[0].problem.getText().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(d[0].problem.getText()).isEmpty();
        assertThat(d[0].summary.getText()).contains("calibrated-ruby-3.1.2").contains("R²");
        assertThat(d[0].use.isDisabled()).isFalse();
        assertThat(Files.exists(out)).isTrue();
        robot.interact(d[0].use::fire);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(vm.settings().get(Knobs.COST_PROFILE)).isEqualTo(out.toString());
        assertThat(vm.settings().get(Knobs.LAYOUT).fromProfile()).isTrue();
        assertThat(vm.layoutProperty().get().name()).isEqualTo("calibrated-ruby-3.1.2");
        robot.interact(d[0]::close);
    }

    @Test
    void cancel_whileRubyHangs_showsCancelled_andNoProfile(FxRobot robot) throws Exception {
        Path ruby = FakeRubies.hangingInTiming(dir, dir.resolve("pid"));
        Path out = dir.resolve("p.json");
        CalibrateDialog[] d = new CalibrateDialog[1];
        robot.interact(() -> {
            d[0] = new CalibrateDialog(vm, view.parameters::loadProfile);
            d[0].show();
            d[0].ruby.setText(ruby.toString());
            d[0].out.setText(out.toString());
            d[0].start();
        });
        WaitForAsyncUtils.waitFor(END_WITHIN_S, TimeUnit.SECONDS, () -> d[0].step.getText().startsWith("timing.rb"));
        assertThat(d[0].cancel.isDisabled()).isFalse();

        robot.interact(d[0].cancel::fire);
        WaitForAsyncUtils.waitFor(END_WITHIN_S, TimeUnit.SECONDS, () -> d[0].step.getText().equals("Cancelled."));
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(d[0].problem.getText()).contains("Cancelled");
        assertThat(d[0].start.isDisabled()).isFalse();
        assertThat(out).doesNotExist();
        robot.interact(d[0]::close);
    }
}
