package org.slotlab.app.bench;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import org.slotlab.app.heapmap.HeapMapView;
import org.slotlab.app.heapmap.HeapMaps;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.scenario.ScenarioRegistry;
import org.slotlab.app.scenario.SubstringCutoffScenario;
import org.slotlab.app.talk.Talk;
import org.slotlab.app.talk.TalkFile;
import org.slotlab.app.talk.TalkMode;
import org.slotlab.app.talk.TalkModel;
import org.slotlab.app.talk.TalkView;
import org.slotlab.charts.HeapMapPicture;

/**
 * Measures the speed of what a talk shows, on the software pipeline (headless under Monocle when
 * no display is set up), and prints p50/p99/max; no assertion, this is a measurement.
 * <ul>
 * <li>heap map frame: one frame of the live heap map at 1920 x 1000 px, split in its two parts:
 *     the worker's (advance the baseline and candidate replays by {@value #SLICES_PER_FRAME}
 *     slices, draw the picture) and the FX thread's (copy the picture into the shown image);
 *     {@value #FRAMES} frames after {@value #WARMUP} warm-up frames, the thread's settings with
 *     always-embed, so {@value #MIN_SLOTS} slots and more are drawn each frame. Then the live view
 *     itself plays for {@value #PLAY_SECONDS} s and the frames it showed per second are counted;</li>
 * <li>step switch: the example talk in a 1920 x 1080 talk window, every step's run computed
 *     first (as a speaker's rehearsal does), then {@value #SWITCHES} step changes, each timed from
 *     the key's action to the new step's charts handed to their viewers (which draw on it).</li>
 * </ul>
 * Run: {@code mvn -B -o -pl app -am -Ptalk-speed process-test-classes}. Targets: a heap map frame
 * within {@value #TARGET_FRAME_MS} ms (60 frames per second), a step's first frame within
 * {@value #TARGET_SWITCH_MS} ms.
 */
public final class TalkSpeedHarness {

    public static final int FRAMES = 600;
    public static final int WARMUP = 120;
    public static final long SLICES_PER_FRAME = 400;
    public static final int MIN_SLOTS = 50_000;
    public static final int PLAY_SECONDS = 10;
    public static final int SWITCHES = 300;
    public static final double TARGET_FRAME_MS = 1000.0 / 60;
    public static final double TARGET_SWITCH_MS = 100;

    private TalkSpeedHarness() {}

    public static void main(String[] args) throws Exception {
        org.slotlab.app.RenderSettings.apply();
        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await();
        // The harness opens and closes windows one after another: keep the toolkit between them.
        Platform.setImplicitExit(false);
        heapMapFrames();
        heapMapPlays();
        stepSwitches();
        Platform.exit();
        System.exit(0);
    }

    private static Settings alwaysEmbed() {
        return ScenarioRegistry.byId("substring-cutoff").defaults().with(SubstringCutoffScenario.CANDIDATE, "always-embed");
    }

    private static void heapMapFrames() throws Exception {
        List<HeapMapPicture.Side> sides = HeapMaps.sides(alwaysEmbed(), HeapMaps.LEN, HeapMaps.OPS);
        long slots = 0;
        for (HeapMapPicture.Side s : sides) {
            for (int h = 0; h < s.replay().heapCount(); h++) {
                if (s.replay().usesHeap(h)) {
                    slots += (long) s.replay().pages(h) * s.replay().slotsPerPage(h);
                }
            }
        }
        List<Long> worker = new ArrayList<>();
        List<Long> fx = new ArrayList<>();
        HeapMapView.Shown[] shown = {null};
        java.awt.image.BufferedImage[] reused = {null};
        for (int f = 0; f < WARMUP + FRAMES; f++) {
            if (sides.stream().allMatch(s -> s.replay().done())) {
                sides = HeapMaps.sides(alwaysEmbed(), HeapMaps.LEN, HeapMaps.OPS);
            }
            long t0 = System.nanoTime();
            for (HeapMapPicture.Side s : sides) {
                s.replay().advance(SLICES_PER_FRAME);
            }
            // drawn into the same image each frame, as the live view does
            double[] noFront = new double[sides.size()];
            java.util.Arrays.fill(noFront, -1);
            var img = HeapMapPicture.render(sides, "heap map", 1920, 1000, 1, noFront, reused[0]);
            reused[0] = img;
            long t1 = System.nanoTime();
            long[] onFx = {0};
            onFx(() -> {
                long a = System.nanoTime();
                shown[0] = HeapMapView.Shown.of(img, shown[0]);
                onFx[0] = System.nanoTime() - a;
                return true;
            });
            if (f >= WARMUP) {
                worker.add(t1 - t0);
                fx.add(onFx[0]);
            }
        }
        System.out.printf(Locale.ROOT, "heap map: %,d slots drawn per frame (at least %,d asked), %d frames, %d slices per frame%n",
                slots, MIN_SLOTS, FRAMES, SLICES_PER_FRAME);
        print("  worker: advance + draw", worker, TARGET_FRAME_MS);
        print("  FX thread: show image", fx, TARGET_FRAME_MS);
    }

    private static void heapMapPlays() throws Exception {
        HeapMapView[] v = {null};
        javafx.stage.Stage[] st = {null};
        onFx(() -> {
            v[0] = new HeapMapView(alwaysEmbed(), HeapMaps.LEN, HeapMaps.OPS);
            st[0] = new javafx.stage.Stage();
            st[0].setScene(new javafx.scene.Scene(v[0], 1920, 1040));
            st[0].show();
            return true;
        });
        waitFor(() -> v[0].sides() != null, 120);
        long f0 = onFxGet(() -> v[0].frames());
        onFx(() -> {
            v[0].setPlaying(true);
            return true;
        });
        long t0 = System.nanoTime();
        Thread.sleep(TimeUnit.SECONDS.toMillis(PLAY_SECONDS));
        long f1 = onFxGet(() -> v[0].frames());
        double s = (System.nanoTime() - t0) / 1e9;
        System.out.printf(Locale.ROOT, "heap map playing in a 1920 x 1040 window: %.1f frames per second (target 60)%n",
                (f1 - f0) / s);
        onFx(() -> {
            v[0].close();
            st[0].close();
            return true;
        });
    }

    private static void stepSwitches() throws Exception {
        Talk talk;
        try (InputStream in = TalkSpeedHarness.class.getResourceAsStream(TalkModel.EXAMPLE)) {
            talk = TalkFile.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "example talk");
        }
        TalkMode[] m = {null};
        onFx(() -> {
            m[0] = TalkMode.show(talk, 0, null, false, 1920, 1080);
            return true;
        });
        TalkView v = m[0].view();
        // Rehearsal: every step once, so every run is computed.
        for (int i = 0; i < talk.size(); i++) {
            final int k = i;
            onFx(() -> {
                v.goTo(k);
                return true;
            });
            waitFor(() -> onFxGet(v::firstFrameNanos) >= 0, 300);
        }
        List<Long> times = new ArrayList<>();
        for (int n = 0; n < SWITCHES; n++) {
            int target = (v.index() + 1) % talk.size();
            onFx(() -> {
                v.goTo(target);
                return true;
            });
            waitFor(() -> onFxGet(v::firstFrameNanos) >= 0, 60);
            times.add(onFxGet(v::firstFrameNanos));
        }
        print("step switch (" + talk.size() + " steps, 1920 x 1080): key to first frame", times, TARGET_SWITCH_MS);
        onFx(() -> {
            m[0].stage().close();
            return true;
        });
    }

    private static void print(String what, List<Long> nanos, double targetMs) {
        long[] a = nanos.stream().mapToLong(Long::longValue).sorted().toArray();
        double p50 = a[a.length / 2] / 1e6;
        double p99 = a[Math.min(a.length - 1, (int) Math.ceil(a.length * 0.99) - 1)] / 1e6;
        double max = a[a.length - 1] / 1e6;
        System.out.printf(Locale.ROOT, "%s: p50 %.2f ms, p99 %.2f ms, max %.2f ms (target p99 %.1f ms: %s)%n", what, p50, p99,
                max, targetMs, p99 <= targetMs ? "met" : "NOT met");
    }

    private static boolean onFx(java.util.function.Supplier<Boolean> c) {
        return onFxGet(c);
    }

    private static <T> T onFxGet(java.util.function.Supplier<T> s) {
        java.util.concurrent.CompletableFuture<T> f = new java.util.concurrent.CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                f.complete(s.get());
            } catch (RuntimeException e) {
                f.completeExceptionally(e);
            }
        });
        return f.join();
    }

    private interface Check {
        boolean ok() throws Exception;
    }

    private static void waitFor(Check c, int seconds) throws Exception {
        org.testfx.util.WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, c::ok);
    }
}
