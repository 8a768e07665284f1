package org.slotlab.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javafx.beans.value.ChangeListener;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.image.ImageView;
import javafx.stage.Stage;
import org.jfree.chart.fx.ChartViewer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slotlab.app.scenario.ChartSpec;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The live chart path of issue 3 ("Live means live") under Monocle: a slider step shows images
 * pre-drawn off the FX thread, and once no newer run arrives the interactive viewers hold the
 * published run's own charts; the compare table keeps its columns when only a header changes.
 */
@ExtendWith(ApplicationExtension.class)
class ChartsViewFxTest {

    private FxWorkbench wb;
    private WorkbenchViewModel vm;
    private ChartsView charts;

    @Start
    void start(Stage stage) {
        wb = FxWorkbench.show(stage);
        vm = wb.vm;
        charts = wb.view.chartsView();
    }

    @AfterEach
    void close() {
        vm.close();
    }

    @Test
    void cutoffStep_showsPreDrawnImages_thenSettlesIntoTheViewers(FxRobot robot) throws Exception {
        // given
        wb.awaitCharts();
        AtomicReference<List<Boolean>> atPublish = new AtomicReference<>();
        // when: one cutoff step; record what the cells show the moment its run is published
        robot.interact(() -> {
            long target = vm.setCutoff(128).isEmpty() ? vm.requestedGeneration() : -1;
            vm.publishedGenerationProperty().addListener(new ChangeListener<Number>() {
                @Override
                public void changed(javafx.beans.value.ObservableValue<? extends Number> o, Number a, Number b) {
                    if (b.longValue() >= target) {
                        atPublish.set(imagesShown());
                        vm.publishedGenerationProperty().removeListener(this);
                    }
                }
            });
        });
        wb.awaitCharts();
        // then: every chart cell showed its image, and now every viewer holds the run's own chart
        assertThat(atPublish.get()).hasSize(charts.specs().size()).containsOnly(true);
        assertThat(imagesShown()).containsOnly(false);
        List<ChartViewer> viewers = charts.viewers();
        for (int i = 0; i < viewers.size(); i++) {
            ChartSpec spec = charts.specs().get(i);
            assertThat(viewers.get(i).isVisible()).as(spec.id()).isTrue();
            assertThat(viewers.get(i).getChart()).as(spec.id()).isSameAs(vm.run().chart(spec.id()).orElseThrow().chart());
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void compareTable_keepsItsColumns_whenOnlyTheCutoffHeaderChanges(FxRobot robot) throws Exception {
        // given
        wb.awaitCharts();
        TableView<Object> table = robot.lookup("#compareTable").queryAs(TableView.class);
        List<TableColumn<Object, ?>> before = new ArrayList<>(table.getColumns());
        // when
        robot.interact(() -> vm.setCutoff(128));
        wb.awaitCharts();
        // then: the same column objects, relabelled for the new cutoff
        assertThat(table.getColumns()).containsExactlyElementsOf(before);
        List<String> headers = table.getColumns().stream().map(c -> ((Label) c.getGraphic()).getText()).toList();
        assertThat(headers).anyMatch(h -> h.contains("128")).noneMatch(h -> h.contains("256"));
    }

    /** Per chart cell, whether its pre-drawn image is what the cell shows. */
    private List<Boolean> imagesShown() {
        List<Boolean> shown = new ArrayList<>();
        for (ChartViewer v : charts.viewers()) {
            boolean image = false;
            for (Node n : v.getParent().getChildrenUnmodifiable()) {
                if (n instanceof ImageView iv && iv.isVisible() && iv.getImage() != null && !v.isVisible()) {
                    image = true;
                }
            }
            shown.add(image);
        }
        return shown;
    }
}
