package org.slotlab.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.app.measured.Fixtures;
import org.slotlab.app.scenario.Datasets;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** File > Import measured results under Monocle: the dialog's path to a new overlay series on the chart. */
@ExtendWith(ApplicationExtension.class)
class WorkbenchImportFxTest {

    private FxWorkbench wb;
    private WorkbenchViewModel vm;
    private WorkbenchView view;

    @TempDir
    Path dir;

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
    void importDialog_ok_addsAnOverlaySeriesToTheSpeedChart_andListsIt(FxRobot robot) throws Exception {
        // given
        wb.awaitCharts();
        Path f = Fixtures.copy("bd_markdown_compare.md", dir);
        assertThat(Datasets.of(wb.shown(robot, "speed-ratio"))).noneMatch(r -> r.contains("measured: "));
        robot.interact(view::importMeasured);
        ImportDialog d = view.importDialog;
        // when: a file is chosen, its preview is clean, OK is pressed
        robot.interact(() -> d.choose(f));
        assertThat(d.problem.getText()).isEmpty();
        assertThat(d.preview.getText()).contains("benchmark-driver");
        Button ok = (Button) d.getDialogPane().lookupButton(ButtonType.OK);
        assertThat(ok.isDisabled()).isFalse();
        robot.interact(ok::fire);
        wb.awaitCharts();
        // then
        assertThat(Datasets.of(wb.shown(robot, "speed-ratio")))
                .anyMatch(r -> r.contains("measured: bd_markdown_compare.md (benchmark-driver): built-ruby / compare-ruby|23|1.17"));
        assertThat(view.parameters.overlays.getItems()).hasSize(1);
        // and Remove takes it off again
        robot.interact(() -> view.parameters.overlays.getSelectionModel().select(0));
        robot.interact(view.parameters.removeOverlay::fire);
        wb.awaitCharts();
        assertThat(Datasets.of(wb.shown(robot, "speed-ratio"))).noneMatch(r -> r.contains("measured: "));
    }

    @Test
    void importDialog_brokenMapping_disablesOk_andShowsTheLine(FxRobot robot) throws Exception {
        wb.awaitCharts();
        Path f = Fixtures.copy("bd_markdown_compare.md", dir);
        robot.interact(view::importMeasured);
        ImportDialog d = view.importDialog;
        robot.interact(() -> d.choose(f));

        robot.interact(() -> d.mapping.setText("size(\\d+ => len"));

        assertThat(d.problem.getText()).startsWith("name mapping:1:");
        assertThat(d.getDialogPane().lookupButton(ButtonType.OK).isDisabled()).isTrue();
        robot.interact(d::close);
        assertThat(vm.overlays()).isEmpty();
    }
}
