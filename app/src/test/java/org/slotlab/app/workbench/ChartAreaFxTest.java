package org.slotlab.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.MenuBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.jfree.chart.fx.ChartViewer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.slotlab.app.scenario.ClassNewScenario;
import org.slotlab.app.scenario.Scenario;
import org.slotlab.app.scenario.ScenarioRegistry;
import org.slotlab.app.scenario.SlotSizeScenario;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The chart area on a projector-sized window: side panels that hide and come back (View menu, keys,
 * the rail's button) and stay as set while the user works, charts never squeezed below a readable
 * height, and no quarter of the area left empty whatever the number of charts.
 */
@ExtendWith(ApplicationExtension.class)
class ChartAreaFxTest {

    private FxWorkbench wb;

    @Start
    void start(Stage stage) {
        wb = FxWorkbench.show(stage);
    }

    @AfterEach
    void close() {
        wb.vm.close();
    }

    // ------------------------------------------------------------------ the arrangement itself

    /** Charts of a scenario (1 to 4) plus the table, in chart areas of the window sizes users have. */
    @ParameterizedTest(name = "{0} charts and the table in {1} x {2}")
    @CsvSource({"1, 1236, 650", "2, 1236, 650", "3, 1236, 650", "4, 1236, 650",
            "1, 1556, 930", "2, 1556, 930", "3, 1556, 930", "4, 1556, 930",
            "2, 1876, 1010", "3, 1876, 1010", "3, 1276, 1010"})
    void cells_fillTheArea_withoutOverlap_andEveryChartReadable(int charts, double w, double h) {
        List<ChartGrid.Cell> cells = ChartGrid.arrange(charts + 1, true, w, h);

        assertThat(cells).hasSize(charts + 1);
        double used = 0;
        for (int i = 0; i < cells.size(); i++) {
            ChartGrid.Cell c = cells.get(i);
            used += c.area();
            for (int j = i + 1; j < cells.size(); j++) {
                assertThat(overlap(c, cells.get(j))).as("cells %d and %d overlap", i, j).isZero();
            }
            if (i < charts) {
                assertThat(c.width()).as("chart %d width", i).isGreaterThanOrEqualTo(ChartGrid.MIN_CHART_WIDTH);
                assertThat(c.height()).as("chart %d height", i).isGreaterThanOrEqualTo(ChartGrid.MIN_CHART_HEIGHT);
            }
        }
        double bottom = cells.stream().mapToDouble(c -> c.y() + c.height()).max().orElseThrow() + ChartGrid.PAD;
        // what the cells leave free is the padding and the gaps between them, nothing the size of a cell
        assertThat(used / (w * Math.max(h, bottom))).as("share of the area the cells use").isGreaterThan(0.9);
    }

    @Test
    void twoChartsAndTheTable_theTableSpansTheLastRow() {
        List<ChartGrid.Cell> cells = ChartGrid.arrange(3, true, 1236, 650);

        assertThat(cells.get(0).y()).isEqualTo(cells.get(1).y());
        assertThat(cells.get(2).width()).isEqualTo(1236 - 2 * ChartGrid.PAD);
        assertThat(cells.get(2).height()).as("the table's row is lower than the charts'").isLessThan(cells.get(0).height());
    }

    @Test
    void narrowArea_oneColumn_chartsKeepTheirHeight_andTheAreaScrolls() {
        // 1280 x 720 with both panels shown leaves about 640 px for the charts
        List<ChartGrid.Cell> cells = ChartGrid.arrange(4, true, 640, 650);

        assertThat(cells).allSatisfy(c -> assertThat(c.x()).isEqualTo(ChartGrid.PAD));
        assertThat(cells.subList(0, 3)).allSatisfy(c -> assertThat(c.height()).isGreaterThanOrEqualTo(ChartGrid.MIN_STACKED_CHART_HEIGHT));
        assertThat(ChartGrid.neededHeight(4, true, 640)).isGreaterThan(650);
    }

    private static double overlap(ChartGrid.Cell a, ChartGrid.Cell b) {
        double w = Math.min(a.x() + a.width(), b.x() + b.width()) - Math.max(a.x(), b.x());
        double h = Math.min(a.y() + a.height(), b.y() + b.height()) - Math.max(a.y(), b.y());
        return w > 0 && h > 0 ? w * h : 0;
    }

    // ------------------------------------------------------------------ the window

    @Test
    void everyScenario_panelsHidden_cellsFillTheVisibleArea_andChartsAreReadable(FxRobot robot) throws Exception {
        wb.awaitCharts();
        robot.interact(() -> {
            wb.view.navigatorPanel.shownProperty().set(false);
            wb.view.parametersPanel.shownProperty().set(false);
        });
        for (Scenario s : ScenarioRegistry.all()) {
            robot.interact(() -> wb.vm.selectScenario(s.id()));
            wb.awaitCharts();
            ScrollPane scroll = robot.lookup("#chartsScroll").queryAs(ScrollPane.class);
            Bounds viewport = scroll.getViewportBounds();
            ChartGrid grid = wb.view.chartsView().grid();
            double used = 0;
            for (Node cell : grid.getChildrenUnmodifiable()) {
                used += cell.getLayoutBounds().getWidth() * cell.getLayoutBounds().getHeight();
            }
            double area = Math.max(viewport.getHeight(), grid.getHeight()) * viewport.getWidth();
            assertThat(used / area).as("%s: share of the chart area the cells use", s.id()).isGreaterThan(0.9);
            for (ChartViewer v : wb.view.chartsView().viewers()) {
                assertThat(v.getHeight()).as("%s: %s height", s.id(), v.getId()).isGreaterThanOrEqualTo(ChartGrid.MIN_CHART_HEIGHT - 20);
            }
        }
    }

    @Test
    void chartArea_isNotACachedBitmap_soAChartRedrawRepaintsOnlyItsCell(FxRobot robot) throws Exception {
        wb.awaitCharts();

        Node viewport = wb.view.chartsView().viewport();

        assertThat(viewport).isNotNull();
        assertThat(viewport.isCache()).isFalse();
    }

    @Test
    void classNew_twoCharts_theTableTakesTheWholeLastRow(FxRobot robot) throws Exception {
        robot.interact(() -> {
            wb.view.navigatorPanel.shownProperty().set(false);
            wb.view.parametersPanel.shownProperty().set(false);
            wb.vm.selectScenario(ClassNewScenario.ID);
        });
        wb.awaitCharts();

        Bounds table = wb.view.compare.getBoundsInParent();
        Bounds first = wb.view.chartsView().viewers().get(0).getParent().getBoundsInParent();
        Bounds second = wb.view.chartsView().viewers().get(1).getParent().getBoundsInParent();
        assertThat(first.getMinY()).isEqualTo(second.getMinY());
        assertThat(table.getMinY()).isGreaterThan(first.getMaxY());
        assertThat(table.getWidth()).isEqualTo(second.getMaxX() - first.getMinX());
    }

    @Test
    void railButtonAndMenu_hideAndShowThePanels_andTheStateOutlivesAScenarioSwitch(FxRobot robot) throws Exception {
        wb.awaitCharts();
        double before = wb.view.chartsView().getWidth();
        CheckMenuItem showParameters = viewItem(robot, "Show parameters");

        robot.clickOn(wb.view.parametersPanel.toggleButton());
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(wb.view.parameters.isVisible()).isFalse();
        assertThat(showParameters.isSelected()).isFalse();
        assertThat(wb.view.chartsView().getWidth()).isGreaterThan(before + 250);
        assertThat(wb.view.parametersPanel.toggleButton().getTooltip().getText()).isEqualTo("Show parameters (F10)");
        // the state is the window's: another scenario, and back, keeps the panel hidden
        robot.interact(() -> wb.vm.selectScenario(SlotSizeScenario.ID));
        wb.awaitCharts();
        robot.interact(() -> wb.vm.selectScenario(ScenarioRegistry.all().get(0).id()));
        wb.awaitCharts();
        assertThat(wb.view.parameters.isVisible()).isFalse();
        // F9 hides the scenario list too; the menu switch brings the parameters back
        robot.clickOn("#status");
        robot.press(KeyCode.F9).release(KeyCode.F9);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(wb.view.navigator.isVisible()).isFalse();
        assertThat(viewItem(robot, "Show scenario list").isSelected()).isFalse();
        robot.interact(() -> showParameters.setSelected(true));
        assertThat(wb.view.parameters.isVisible()).isTrue();
        assertThat(wb.view.parametersPanel.toggleButton().getTooltip().getText()).isEqualTo("Hide parameters (F10)");
    }

    private static CheckMenuItem viewItem(FxRobot robot, String text) {
        MenuBar bar = robot.lookup("#menuBar").queryAs(MenuBar.class);
        return bar.getMenus().stream().filter(m -> m.getText().equals("_View")).flatMap(m -> m.getItems().stream())
                .filter(i -> i instanceof CheckMenuItem && i.getText().equals(text)).map(i -> (CheckMenuItem) i)
                .findFirst().orElseThrow();
    }
}
