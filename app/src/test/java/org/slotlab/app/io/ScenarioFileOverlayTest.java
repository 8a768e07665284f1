package org.slotlab.app.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.slotlab.app.measured.OverlaySource;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.scenario.Knobs;
import org.slotlab.app.scenario.LayoutChoice;
import org.slotlab.app.scenario.ScenarioRegistry;
import org.slotlab.app.scenario.SubstringCutoffScenario;
import org.slotlab.app.scenario.ScenarioRequest;

/** Optional parts of a scenario file: a knob it does not name, and the overlays of measured results. */
class ScenarioFileOverlayTest {

    @Test
    void fileWithoutKeepWhileTiming_readsTheDefault_false() throws Exception {
        String json = ScenarioFile.toJson(ScenarioRequest.of(new SubstringCutoffScenario().defaults().with(SubstringCutoffScenario.KEEP_WHILE_TIMING, true)))
                .replaceAll(",\\s*\"keep-while-timing\" : true", "");
        assertThat(json).doesNotContain("keep-while-timing");

        ScenarioRequest r = ScenarioFile.parse(json, "old.slotlab.json");

        assertThat(r.settings().get(SubstringCutoffScenario.KEEP_WHILE_TIMING)).isFalse();
        assertThat(r.settings()).isEqualTo(new SubstringCutoffScenario().defaults());
    }

    @Test
    void keepWhileTiming_andOverlays_roundTrip() throws Exception {
        var request = ScenarioRequest.of(new SubstringCutoffScenario().defaults().with(SubstringCutoffScenario.KEEP_WHILE_TIMING, true));
        var overlays = List.of(new OverlaySource("runs/out.md", "benchmark-driver-markdown", "size(\\d+) => len"));

        var c = ScenarioFile.parseContents(ScenarioFile.toJson(request, overlays), "s");

        assertThat(c.request()).isEqualTo(request);
        assertThat(c.overlays()).isEqualTo(overlays);
    }

    @Test
    void overlayWithUnknownFormat_isRefusedNamingTheField() {
        String json = ScenarioFile.toJson(ScenarioRequest.of(new SubstringCutoffScenario().defaults()),
                List.of(new OverlaySource("a.md", "auto", ""))).replaceFirst("(\"format\"\\s*:\\s*)\"auto\"", "$1\"excel\"");

        assertThatThrownBy(() -> ScenarioFile.parseContents(json, "s.slotlab.json"))
                .hasMessageStartingWith("s.slotlab.json: overlays[0]: overlay format 'excel'");
    }
}
