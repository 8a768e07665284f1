package org.slotlab.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javafx.scene.control.Labeled;
import javafx.scene.control.ListView;
import javafx.stage.Stage;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slotlab.app.scenario.ChartSpec;
import org.slotlab.app.scenario.ClassNewScenario;
import org.slotlab.app.scenario.JsonUnescapeScenario;
import org.slotlab.app.scenario.ParsersScenario;
import org.slotlab.app.scenario.RequireIndexScenario;
import org.slotlab.app.scenario.Scenario;
import org.slotlab.app.scenario.ScenarioRegistry;
import org.slotlab.app.scenario.StrBufMinScenario;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The buffer, parsers, split, Class#new and "Your program" scenarios in the window: picked in the navigator, their charts appear. */
@ExtendWith(ApplicationExtension.class)
class NewScenariosFxTest {

    /** The ids of the scenarios after the substring and slot-size ones. */
    static final List<String> IDS = List.of(StrBufMinScenario.ID, JsonUnescapeScenario.ID,
            RequireIndexScenario.ID, ParsersScenario.ID, org.slotlab.app.scenario.SplitScenario.ID, ClassNewScenario.ID,
            org.slotlab.app.scenario.YourProgramScenario.ID);

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

    private static int items(JFreeChart chart) {
        int n = 0;
        if (chart.getPlot() instanceof XYPlot xy) {
            for (int d = 0; d < xy.getDatasetCount(); d++) {
                for (int s = 0; xy.getDataset(d) != null && s < xy.getDataset(d).getSeriesCount(); s++) {
                    n += xy.getDataset(d).getItemCount(s);
                }
            }
        } else if (chart.getPlot() instanceof CategoryPlot cp) {
            for (int d = 0; d < cp.getDatasetCount(); d++) {
                if (cp.getDataset(d) != null) {
                    n += cp.getDataset(d).getRowCount() * cp.getDataset(d).getColumnCount();
                }
            }
        }
        return n;
    }

    @Test
    void selectEachNewScenario_inTheNavigator_showsItsCharts(FxRobot robot) throws Exception {
        // given
        wb.awaitCharts();
        @SuppressWarnings("unchecked")
        ListView<Scenario> list = robot.lookup("#scenarioList").queryAs(ListView.class);
        for (String id : IDS) {
            Scenario s = ScenarioRegistry.byId(id);
            // when: scroll the navigator to it and click its title
            robot.interact(() -> list.scrollTo(s));
            Labeled title = robot.lookup(".nav-title").match((Labeled l) -> l.getText().equals(s.title()))
                    .queryAs(Labeled.class);
            robot.clickOn(title);
            wb.awaitCharts();
            // then: one viewer per chart spec, each showing a chart with data
            assertThat(vm.scenarioProperty().get().id()).isEqualTo(id);
            for (ChartSpec spec : s.charts()) {
                ChartViewer viewer = robot.lookup("#chart-" + spec.id()).queryAs(ChartViewer.class);
                assertThat(viewer.getChart()).as(spec.id()).isNotNull();
                assertThat(items(viewer.getChart())).as(spec.id() + " data items").isGreaterThan(0);
                assertThat(viewer.getChart().getTitle().getText()).isNotBlank();
            }
            assertThat(robot.lookup("#chart-speed-ratio").tryQuery()).isEmpty();
        }
    }
}
