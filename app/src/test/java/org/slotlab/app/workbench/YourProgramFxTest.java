package org.slotlab.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.app.scenario.YourProgramScenario;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Tools > Trace a Ruby program, File > Open heap dump and the "Your program" scenario, in the window. */
@ExtendWith(ApplicationExtension.class)
class YourProgramFxTest {

    private FxWorkbench wb;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        wb = FxWorkbench.show(stage);
    }

    @AfterEach
    void close(FxRobot robot) {
        robot.interact(() -> {
            for (Window w : Window.getWindows().toArray(new Window[0])) {
                if (w != wb.view.getScene().getWindow() && w instanceof Stage s) {
                    s.close();
                }
            }
        });
        wb.vm.close();
    }

    private static MenuItem item(FxRobot robot, String menu, String text) {
        MenuBar bar = robot.lookup("#menuBar").queryAs(MenuBar.class);
        for (Menu m : bar.getMenus()) {
            if (m.getText().replace("_", "").equals(menu)) {
                for (MenuItem i : m.getItems()) {
                    if (i.getText() != null && i.getText().replace("_", "").equals(text)) {
                        return i;
                    }
                }
            }
        }
        throw new AssertionError("no menu item " + menu + " > " + text);
    }

    @Test
    void toolsTrace_opensTheDialog_whichNamesAMissingScript(FxRobot robot) throws Exception {
        // given
        wb.awaitCharts();
        // when: Tools > Trace a Ruby program…, Start with no script
        robot.interact(() -> item(robot, "Tools", "Trace a Ruby program…").fire());
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> robot.lookup("#traceStart").queryButton().fire());
        // then: nothing runs, the problem is said
        assertThat(robot.lookup("#traceProblem").queryLabeled().getText()).isEqualTo("Choose the Ruby script to trace.");
        assertThat(robot.lookup("#traceCancel").queryButton().isDisabled()).isTrue();
        // when: a script is named, the trace's file follows it
        Path script = Files.writeString(dir.resolve("parse.rb"), "puts 1\n");
        robot.interact(() -> robot.lookup("#traceScript").queryTextInputControl().setText(script.toString()));
        assertThat(robot.lookup("#traceOut").queryTextInputControl().getText()).isEqualTo(dir.resolve("parse.trace.json").toString());
    }

    @Test
    void showTrace_opensYourProgramOnTheFile(FxRobot robot) throws Exception {
        // given: a trace file of the user's
        wb.awaitCharts();
        Path mine = dir.resolve("mine.trace.json");
        try (var in = getClass().getResourceAsStream("/sample-data/trace/traces/net_http_headers-ruby-3.4.5.trace.json")) {
            Files.copy(in, mine);
        }
        // when: what "Show in Your program" does
        robot.interact(() -> wb.view.showTrace(mine));
        wb.awaitCharts();
        // then: the scenario, on that file, with its four charts
        assertThat(wb.vm.scenarioProperty().get().id()).isEqualTo(YourProgramScenario.ID);
        assertThat(wb.vm.settings().get(YourProgramScenario.TRACE)).isEqualTo(mine.toString());
        assertThat(wb.shown(robot, YourProgramScenario.LENGTHS.id()).getSubtitle(0).toString()).isNotNull();
        assertThat(wb.vm.run().headline()).startsWith("cutoff:128 embeds ");
        assertThat(robot.lookup("#traceShipped").tryQuery()).isPresent();
    }

    @Test
    void openHeapDump_readsTheDump_andTheCandidateChangesTheTable(FxRobot robot) throws Exception {
        // given
        wb.awaitCharts();
        Path dump = Path.of("..", "sample-data", "trace", "dumps", "net_http_headers-ruby-3.4.5.dump.json.gz");
        HeapDumpWindow[] w = new HeapDumpWindow[1];
        // when
        robot.interact(() -> w[0] = wb.view.openHeapDump(dump));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !w[0].table.getItems().isEmpty());
        // then: per length, ending with the total; the summary says what was read
        assertThat(w[0].summary.getText()).contains("net_http_headers-ruby-3.4.5.dump.json.gz").contains("shared strings");
        assertThat(w[0].table.getItems().get(w[0].table.getItems().size() - 1).get(0)).isEqualTo("(all)");
        assertThat(w[0].table.getColumns().get(0).getText()).isEqualTo("length (B)");
        // when: rows by heap
        robot.interact(() -> w[0].by.setValue("heap"));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> w[0].table.getColumns().size() == 3);
        assertThat(w[0].table.getColumns().get(0).getText()).isEqualTo("slot size (B)");
        // when: a candidate that is not a policy
        robot.interact(() -> w[0].candidate.setValue("cutoff:x"));
        assertThat(w[0].problem.getText()).startsWith("candidate: ");
    }

    @Test
    void openHeapDump_ofAFileThatIsNotADump_saysSoInTheWindow(FxRobot robot) throws Exception {
        wb.awaitCharts();
        Path bad = Files.writeString(dir.resolve("bad.json"), "not json at all\n");
        HeapDumpWindow[] w = new HeapDumpWindow[1];
        robot.interact(() -> w[0] = wb.view.openHeapDump(bad));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !w[0].problem.getText().isEmpty());
        assertThat(w[0].problem.getText()).contains("bad.json").doesNotContain("\n");
        assertThat(w[0].summary.getText()).isEqualTo("Not read.");
    }
}
