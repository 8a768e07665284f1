package org.slotlab.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.jfree.chart.JFreeChart;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slotlab.app.scenario.JsonUnescapeScenario;
import org.slotlab.app.scenario.Knobs;
import org.slotlab.app.scenario.LayoutChoice;
import org.slotlab.app.scenario.StrBufMinScenario;
import org.slotlab.app.scenario.XyData;

/**
 * The workbench's cost-profile choice on the json-unescape and str-buf scenarios (the shared cost
 * profile knob): loading a calibrated profile models its Ruby and times with it, and the default
 * profile brings the scenario's own Ruby back.
 */
class BufferScenariosProfileTest {

    /** Calibrated on CRuby 3.4.5 with the JSON parse probe (json 2.9.1). */
    static final Path PROFILE_345 = Path.of("..", "sample-data", "measured", "json", "profile-ruby-3.4.5.json");

    private final WorkbenchViewModel vm = new WorkbenchViewModel(Runnable::run, false);

    @AfterEach
    void close() {
        vm.close();
    }

    private JFreeChart chart(String id) {
        return vm.run().chart(id).orElseThrow().chart();
    }

    @Test
    void jsonUnescape_loadingAProfile_modelsItsRuby_andSaysWhatTheTimesAssume() {
        vm.selectScenario(JsonUnescapeScenario.ID);

        assertThat(vm.loadProfile(PROFILE_345)).isEmpty();

        assertThat(vm.settings().get(JsonUnescapeScenario.RUBY)).isEqualTo(LayoutChoice.FROM_PROFILE);
        JFreeChart tradeoff = chart(JsonUnescapeScenario.TRADEOFF_CHART.id());
        StringBuilder subtitles = new StringBuilder();
        for (int i = 0; i < tradeoff.getSubtitleCount(); i++) {
            if (tradeoff.getSubtitle(i) instanceof org.jfree.chart.title.TextTitle t) {
                subtitles.append(t.getText()).append('\n');
            }
        }
        assertThat(subtitles.toString()).contains("calibrated-ruby-3.4.5", "json 2.9.1");
        assertThat(vm.run().parameterLines()).anySatisfy(l -> assertThat(l).startsWith("parse speed: json 2.9.1"));
        assertThat(vm.statusProperty().get()).contains("profile-ruby-3.4.5.json");

        assertThat(vm.useDefaultProfile()).isEmpty();
        assertThat(vm.settings().get(JsonUnescapeScenario.RUBY)).isEqualTo("ruby-3.4");
        assertThat(vm.settings().get(Knobs.COST_PROFILE)).isEmpty();
        assertThat(vm.run().parameterLines()).anySatisfy(l -> assertThat(l).startsWith("times: the published default"));
    }

    @Test
    void strBuf_loadingAProfile_drawsTheModelsTimePerString() {
        vm.selectScenario(StrBufMinScenario.ID);
        assertThat(XyData.names(chart(StrBufMinScenario.TIME.id()), 0)).isEmpty();

        assertThat(vm.loadProfile(PROFILE_345)).isEmpty();

        assertThat(vm.settings().get(StrBufMinScenario.RUBY)).isEqualTo(LayoutChoice.FROM_PROFILE);
        assertThat(XyData.names(chart(StrBufMinScenario.TIME.id()), 0)).containsExactly("model: calibrated-ruby-3.4.5");
        assertThat(vm.run().moreTables()).anySatisfy(t -> assertThat(t.title()).contains("calibrated-ruby-3.4.5"));
    }
}
