package org.slotlab.app.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.slotlab.app.measured.OverlaySource;
import org.slotlab.app.scenario.Parameters;
import org.slotlab.app.scenario.ScenarioRequest;

/** Fields added within format version 1: keepWhileTiming and overlays. */
class ScenarioFileOverlayTest {

    @Test
    void versionOneFile_withoutKeepWhileTiming_readsFalse() throws Exception {
        String json = ScenarioFile.toJson(ScenarioRequest.of(Parameters.threadDefaults().withKeepWhileTiming(true)))
                .replaceAll(",\\s*\"keepWhileTiming\" : true", "");
        assertThat(json).doesNotContain("keepWhileTiming");

        ScenarioRequest r = ScenarioFile.parse(json, "old.slotlab.json");

        assertThat(r.parameters().keepWhileTiming()).isFalse();
        assertThat(r.parameters()).isEqualTo(Parameters.threadDefaults());
    }

    @Test
    void keepWhileTiming_andOverlays_roundTrip() throws Exception {
        var request = ScenarioRequest.of(Parameters.threadDefaults().withKeepWhileTiming(true));
        var overlays = List.of(new OverlaySource("runs/out.md", "benchmark-driver-markdown", "size(\\d+) => len"));

        var c = ScenarioFile.parseContents(ScenarioFile.toJson(request, overlays), "s");

        assertThat(c.request()).isEqualTo(request);
        assertThat(c.overlays()).isEqualTo(overlays);
    }

    @Test
    void overlayWithUnknownFormat_isRefusedNamingTheField() {
        String json = ScenarioFile.toJson(ScenarioRequest.of(Parameters.threadDefaults()),
                List.of(new OverlaySource("a.md", "auto", ""))).replace("\"auto\"", "\"excel\"");

        assertThatThrownBy(() -> ScenarioFile.parseContents(json, "s.slotlab.json"))
                .hasMessageStartingWith("s.slotlab.json: overlays[0]: overlay format 'excel'");
    }
}
