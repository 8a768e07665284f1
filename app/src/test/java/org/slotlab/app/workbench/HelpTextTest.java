package org.slotlab.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.slotlab.app.scenario.ChartSpec;
import org.slotlab.app.scenario.Scenario;
import org.slotlab.app.scenario.ScenarioRegistry;

/** F1 has something to say for every scenario, in a user's words. */
class HelpTextTest {

    @Test
    void everyScenario_hasHelp_namingEachOfItsCharts_andItsPublicSource() {
        for (Scenario s : ScenarioRegistry.all()) {
            String help = WorkbenchView.helpFor(s);
            for (ChartSpec c : s.charts()) {
                assertThat(help).as(s.id()).contains(c.title() + ": " + c.description());
            }
            assertThat(help).as(s.id()).contains(s.source().url()).contains("not measured")
                    // no class names or command-line flags in a window
                    .doesNotContainPattern("[A-Z][a-z]+[A-Z][A-Za-z]+\\.[a-z]").doesNotContain(" --");
        }
    }
}
