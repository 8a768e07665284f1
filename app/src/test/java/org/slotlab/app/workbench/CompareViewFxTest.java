package org.slotlab.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The compare table under Monocle during a slider drag: a cutoff
 * step changes only the candidate's header ("cutoff:128"), so the table relabels its columns in
 * place; new TableColumns would make the TableView recreate every cell on each step, which held
 * the FX thread for tens of ms per step as dead cells' weak listeners piled up.
 */
@ExtendWith(ApplicationExtension.class)
class CompareViewFxTest {

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
}
