package org.slotlab.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.stage.Stage;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartViewer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slotlab.app.SlotlabApp;
import org.slotlab.app.scenario.StrBufMinScenario;
import org.slotlab.app.scenario.XyData;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The STR_BUF_MIN_SIZE scenario's generated controls in the window: picking a Ruby or unticking an allocator redraws the RSS chart. */
@ExtendWith(ApplicationExtension.class)
class StrBufControlsFxTest {

    private WorkbenchViewModel vm;

    @Start
    void start(Stage stage) {
        vm = new WorkbenchViewModel(Platform::runLater, true);
        WorkbenchView view = new WorkbenchView(vm, stage);
        Scene scene = new Scene(view, FxWorkbench.W, FxWorkbench.H);
        scene.getStylesheets().add(SlotlabApp.stylesheet());
        stage.setScene(scene);
        stage.show();
    }

    @AfterEach
    void close() {
        vm.close();
    }

    private void awaitCharts() throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        long target = WaitForAsyncUtils.asyncFx(vm::requestedGeneration).get();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> vm.publishedGenerationProperty().get() >= target);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private JFreeChart rss(FxRobot robot) {
        return robot.lookup("#chart-" + StrBufMinScenario.RSS.id()).queryAs(ChartViewer.class).getChart();
    }

    @Test
    void eraControl_andAllocatorBox_changeTheRssChart(FxRobot robot) throws Exception {
        // given: the scenario on the thread's setting
        robot.interact(() -> vm.selectScenario(StrBufMinScenario.ID));
        awaitCharts();
        @SuppressWarnings("unchecked")
        ComboBox<String> era = robot.lookup("#layout").queryAs(ComboBox.class);
        assertThat(era.isVisible()).isTrue();
        assertThat(era.getValue()).isEqualTo("ruby-2.4-after");
        double at128 = XyData.y(rss(robot), 0, "power-of-two", 128);
        assertThat(at128).isGreaterThan(1.5 * XyData.y(rss(robot), 0, "power-of-two", 127));

        // when: the era combo is set to 3.4 from the window
        robot.clickOn(era);
        robot.clickOn(robot.lookup(".list-cell").match((javafx.scene.control.ListCell<?> c) -> "ruby-3.4".equals(c.getText()))
                .queryAs(javafx.scene.control.ListCell.class));
        awaitCharts();

        // then: 127 and 128 share a 160 B slot; the step is now at 136
        assertThat(vm.settings().get(StrBufMinScenario.RUBY)).isEqualTo("ruby-3.4");
        assertThat(XyData.y(rss(robot), 0, "power-of-two", 128)).isEqualTo(XyData.y(rss(robot), 0, "power-of-two", 127));
        assertThat(XyData.y(rss(robot), 0, "power-of-two", 136)).isGreaterThan(XyData.y(rss(robot), 0, "power-of-two", 135));

        // when: glibc is unticked
        CheckBox glibc = robot.lookup("#allocator-glibc").queryAs(CheckBox.class);
        robot.clickOn(glibc);
        awaitCharts();
        // then: its line is gone
        assertThat(XyData.names(rss(robot), 0)).doesNotContain("glibc").contains("power-of-two");
    }

    @Test
    void everyGeneratedControl_ofEveryScenario_hasATooltip(FxRobot robot) throws Exception {
        ParametersView view = robot.lookup("#parameters").queryAs(ParametersView.class);
        for (var scenario : org.slotlab.app.scenario.ScenarioRegistry.all()) {
            // when: the scenario is shown
            robot.interact(() -> vm.selectScenario(scenario.id()));
            awaitCharts();
            // then: every control of its panel explains itself
            assertThat(view.controls()).as(scenario.id()).isNotEmpty()
                    .allSatisfy(c -> assertThat(ParametersView.tooltipText(c)).as(scenario.id() + " " + c.getId()).isPresent());
        }
    }
}
