package org.slotlab.app.heapmap;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.scenario.ScenarioRegistry;
import org.slotlab.app.scenario.SubstringCutoffScenario;
import org.slotlab.charts.HeapMapPicture;
import org.slotlab.model.heapmap.SlotState;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The live heap map under Monocle: built in the background, stepped to each GC, played and paused. */
@ExtendWith(ApplicationExtension.class)
class HeapMapViewFxTest {

    static final long WITHIN_S = 60;
    private HeapMapView view;

    @Start
    void start(Stage stage) {
        Settings s = ScenarioRegistry.byId("substring-cutoff").defaults()
                .with(SubstringCutoffScenario.CANDIDATE, "always-embed");
        view = new HeapMapView(s, HeapMaps.LEN, 20_000);
        stage.setScene(new Scene(view, 1200, 700));
        stage.show();
    }

    @AfterEach
    void close() {
        view.close();
    }

    private long op() {
        return view.sides().get(1).replay().op();
    }

    @Test
    void nextGc_stopsRightAfterTheCandidatesNextGc_andPlayPauseMoveTheLoop(FxRobot robot) throws Exception {
        // given
        WaitForAsyncUtils.waitFor(WITHIN_S, TimeUnit.SECONDS, () -> view.sides() != null && view.frames() > 0);
        var candidate = view.sides().get(1).replay();
        long gcs = candidate.gcCount() + view.sides().get(0).replay().gcCount();
        // when
        robot.clickOn("#heapMapStep");
        WaitForAsyncUtils.waitFor(WITHIN_S, TimeUnit.SECONDS,
                () -> candidate.gcCount() + view.sides().get(0).replay().gcCount() > gcs);
        // then: always-embed's 500 B slices fill the 640 B heap, and its slots hold embedded strings
        long stepped = op();
        assertThat(stepped).isPositive();
        assertThat(candidate.count(7, SlotState.EMBEDDED, null)).isPositive();
        assertThat(view.playingProperty().get()).isFalse();
        // when: play, then pause
        robot.clickOn("#heapMapPlay");
        WaitForAsyncUtils.waitFor(WITHIN_S, TimeUnit.SECONDS, () -> op() > stepped);
        robot.clickOn("#heapMapPlay");
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitFor(WITHIN_S, TimeUnit.SECONDS, () -> !view.playingProperty().get());
        // then: paused, the loop stays where it is once the frame in flight is done
        WaitForAsyncUtils.waitFor(WITHIN_S, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(view::idle).get());
        long paused = op();
        long frames = view.frames();
        for (int i = 0; i < 5; i++) {
            WaitForAsyncUtils.waitForFxEvents();
        }
        assertThat(op()).isEqualTo(paused);
        assertThat(view.frames()).isEqualTo(frames);
        assertThat(view.sides()).extracting(HeapMapPicture.Side::name).containsExactly("master", "always-embed");
    }
}
