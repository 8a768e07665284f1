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

    @Test
    void shownImage_holdsThePicturesPixels_andFollowsTheWindowsSize(FxRobot robot) throws Exception {
        // given: a picture with known pixels
        java.awt.image.BufferedImage img = new java.awt.image.BufferedImage(7, 3, java.awt.image.BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < 3; y++) {
            for (int x = 0; x < 7; x++) {
                img.setRGB(x, y, 0xFF000000 | (x * 30 << 16) | (y * 70 << 8) | (x + y));
            }
        }
        // when: shown, then shown again at the same size
        HeapMapView.Shown[] shown = new HeapMapView.Shown[2];
        robot.interact(() -> {
            shown[0] = HeapMapView.Shown.of(img, null);
            shown[1] = HeapMapView.Shown.of(img, shown[0]);
        });
        // then: the same image, each pixel as drawn
        assertThat(shown[1]).isSameAs(shown[0]);
        var reader = shown[0].image().getPixelReader();
        for (int y = 0; y < 3; y++) {
            for (int x = 0; x < 7; x++) {
                assertThat(reader.getArgb(x, y)).as("(%d, %d)", x, y).isEqualTo(img.getRGB(x, y));
            }
        }
        // when: the window is made smaller, the frames that follow are drawn at the new size
        WaitForAsyncUtils.waitFor(WITHIN_S, TimeUnit.SECONDS, () -> view.frames() > 0);
        robot.interact(() -> view.getScene().getWindow().setWidth(900));
        WaitForAsyncUtils.waitFor(WITHIN_S, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> {
            javafx.scene.image.Image i = ((javafx.scene.image.ImageView) view.lookup(".image-view")).getImage();
            return i != null && Math.abs(i.getWidth() - view.getWidth()) < 1;
        }).get());
    }
}
