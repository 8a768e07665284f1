package org.slotlab.app.heapmap;

import java.awt.image.BufferedImage;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.image.ImageView;
import java.nio.IntBuffer;
import javafx.scene.image.PixelBuffer;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import org.slotlab.app.knob.Settings;
import org.slotlab.charts.HeapMapPicture;

/**
 * The live heap map: {@link HeapMaps}' replays of baseline and candidate animated frame by frame,
 * with play, pause, step (to the next GC), speed (slices per frame) and restart. Every frame is
 * made on a background thread (advance the replays, draw the picture into an image); the FX
 * thread only swaps the finished image in on the next pulse and asks for the following frame,
 * so frames are coalesced to the screen's rate and the FX thread never waits on the model. A GC
 * is shown as a sweep front running across the pages over {@link #SWEEP_FRAMES} frames.
 */
public final class HeapMapView extends BorderPane {

    /** Frames a GC's sweep front takes to cross the pages (a quarter second at 60 frames per second). */
    static final int SWEEP_FRAMES = 15;
    /** Slices per frame at the start: a GC every second or so in the thread's settings. */
    static final double DEFAULT_SPEED = 400;

    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "slotlab-heap-map");
        t.setDaemon(true);
        return t;
    });
    private final ImageView image = new ImageView();
    private final Pane canvas = new Pane(image);
    final Button play = new Button("Play");
    final Button step = new Button("Next GC");
    final Button restart = new Button("Restart");
    final Slider speed = new Slider(1, 5, Math.log10(DEFAULT_SPEED));
    final Label info = new Label();
    private final ReadOnlyBooleanWrapper playing = new ReadOnlyBooleanWrapper(false);
    private volatile Settings settings;
    private volatile long len;
    private volatile long ops;
    private List<HeapMapPicture.Side> sides;
    private int sweepFrame = -1;
    /** Which sides ran a GC in the frame that started the sweep front. */
    private boolean[] sweeping = new boolean[0];
    private int lastGeneration;
    /** The frame the next pulse shows (done or being made). */
    private CompletableFuture<BufferedImage> pending;
    /**
     * While playing, the frame after {@link #pending}, started on the worker as soon as that one is
     * done: a frame is ready at every pulse even when one takes longer than a pulse to make.
     */
    private CompletableFuture<BufferedImage> ahead;
    private Shown fx;
    /**
     * The worker's two pictures, drawn into in turn: the one a pulse copies to the screen is never
     * the one the frame after it is being drawn into (worker thread only).
     */
    private final BufferedImage[] frameImages = new BufferedImage[2];
    private int nextImage;
    private long frames;
    private long lastFrameNanos;
    private volatile boolean stepToGc;
    private volatile boolean closed;
    private final AnimationTimer timer = new AnimationTimer() {
        @Override
        public void handle(long now) {
            pulse(now);
        }
    };

    public HeapMapView(Settings s, long len, long ops) {
        setId("heapMap");
        // frames are drawn at the canvas's size and shown 1:1 (no scaling pass per frame); after a
        // resize the next frame comes at the new size
        image.setPreserveRatio(false);
        image.setSmooth(false);
        canvas.setMinSize(200, 120);
        setCenter(canvas);
        play.setId("heapMapPlay");
        step.setId("heapMapStep");
        speed.setId("heapMapSpeed");
        play.setOnAction(e -> setPlaying(!playing.get()));
        step.setOnAction(e -> {
            setPlaying(false);
            stepToGc = true;
            requestFrame();
        });
        restart.setOnAction(e -> load(settings, this.len, this.ops));
        Label speedLabel = new Label();
        speedLabel.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                () -> String.format(java.util.Locale.ROOT, "%,d slices per frame", slicesPerFrame()), speed.valueProperty()));
        HBox bar = new HBox(10, play, step, restart, new Label("speed"), speed, speedLabel, info);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(6, 10, 6, 10));
        setBottom(bar);
        canvas.widthProperty().addListener((o, a, b) -> requestFrame());
        canvas.heightProperty().addListener((o, a, b) -> requestFrame());
        load(s, len, ops);
        timer.start();
    }

    /** Starts over with {@code s}: new replays at op 0 (built in the background). */
    public void load(Settings s, long sliceLen, long loopOps) {
        settings = s;
        len = sliceLen;
        ops = loopOps;
        sides = null;
        sweepFrame = -1;
        ahead = null;
        info.setText("replaying…");
        pending = CompletableFuture.supplyAsync(() -> {
            sides = HeapMaps.sides(s, sliceLen, loopOps);
            lastGeneration = 0;
            return draw(-1);
        }, worker);
    }

    public ReadOnlyBooleanProperty playingProperty() {
        return playing.getReadOnlyProperty();
    }

    public void setPlaying(boolean on) {
        playing.set(on);
        play.setText(on ? "Pause" : "Play");
        if (on) {
            requestFrame();
        }
    }

    long slicesPerFrame() {
        return Math.round(Math.pow(10, speed.getValue()));
    }

    /** The replays (null while they are built), for tests and counters. */
    public List<HeapMapPicture.Side> sides() {
        return sides;
    }

    /** Whether no frame is being made and none will be until play or step (FX thread). */
    public boolean idle() {
        return pending == null && ahead == null && sweepFrame < 0 && !playing.get();
    }

    /** Frames shown so far. */
    public long frames() {
        return frames;
    }

    private void pulse(long now) {
        CompletableFuture<BufferedImage> p = pending;
        if (p == null || !p.isDone()) {
            return;
        }
        pending = ahead;
        ahead = null;
        if (p.isCompletedExceptionally()) {
            info.setText("the heap map cannot be drawn: " + p.handle((v, e) -> e.getCause() != null ? e.getCause().getMessage()
                    : e.getMessage()).join());
            return;
        }
        BufferedImage img = p.join();
        if (img != null) {
            show(img);
            frames++;
            lastFrameNanos = now;
        }
        List<HeapMapPicture.Side> s = sides;
        boolean done = s != null && s.stream().allMatch(x -> x.replay().done());
        if (done && sweepFrame < 0 && playing.get()) {
            setPlaying(false);
        }
        info.setText(s == null ? "" : done ? "end of the loop" : "");
        if (playing.get() || sweepFrame >= 0) {
            requestFrame();
            requestAhead();
        }
    }

    /** Copies the picture's pixels into the shown image (one bulk copy, no per-pixel conversion). */
    private void show(BufferedImage img) {
        Shown next = Shown.of(img, fx);
        if (next != fx) {
            fx = next;
            image.setImage(fx.image());
        }
    }

    /**
     * The image the view shows, backed by a {@link PixelBuffer} of premultiplied ARGB ints: the
     * software pipeline's own pixel format, so a frame goes to the screen as one bulk copy of the
     * picture's ints, where a plain {@link WritableImage} (BGRA bytes) converts every pixel twice,
     * once when written and once when its texture is updated.
     *
     * @param buffer the pixels
     * @param pixels the buffer as the image sees it
     * @param image  the image the view shows
     */
    public record Shown(IntBuffer buffer, PixelBuffer<IntBuffer> pixels, WritableImage image) {

        /** {@code img}'s pixels in {@code target} when it has the size, else in a new one (FX thread). */
        public static Shown of(BufferedImage img, Shown target) {
            int w = img.getWidth();
            int h = img.getHeight();
            Shown t = target;
            if (t == null || t.pixels().getWidth() != w || t.pixels().getHeight() != h) {
                IntBuffer b = IntBuffer.allocate(w * h);
                PixelBuffer<IntBuffer> pb = new PixelBuffer<>(w, h, b, PixelFormat.getIntArgbPreInstance());
                t = new Shown(b, pb, new WritableImage(pb));
            }
            // every pixel of the picture is opaque, so its ARGB ints are premultiplied already
            int[] px = ((java.awt.image.DataBufferInt) img.getRaster().getDataBuffer()).getData();
            IntBuffer b = t.buffer();
            t.pixels().updateBuffer(pb -> {
                b.clear();
                b.put(px, 0, w * h);
                b.clear();
                return null;
            });
            return t;
        }
    }

    private void requestFrame() {
        if (pending != null || closed) {
            return;
        }
        int w = (int) Math.max(1, canvas.getWidth());
        int h = (int) Math.max(1, canvas.getHeight());
        boolean advance = playing.get() || stepToGc;
        long n = slicesPerFrame();
        boolean toGc = stepToGc;
        stepToGc = false;
        pending = CompletableFuture.supplyAsync(() -> frame(w, h, advance, n, toGc), worker);
    }

    /** While playing, chains the frame after the pending one on the worker (FX thread). */
    private void requestAhead() {
        CompletableFuture<BufferedImage> p = pending;
        if (ahead != null || p == null || closed || !playing.get()) {
            return;
        }
        int w = (int) Math.max(1, canvas.getWidth());
        int h = (int) Math.max(1, canvas.getHeight());
        long n = slicesPerFrame();
        ahead = p.handleAsync((img, e) -> frame(w, h, true, n, false), worker);
    }

    /** One frame on the worker: advance unless a sweep front is running, then draw. */
    private BufferedImage frame(int w, int h, boolean advance, long n, boolean toGc) {
        List<HeapMapPicture.Side> s = sides;
        if (s == null) {
            return null;
        }
        if (sweepFrame >= 0) {
            sweepFrame++;
            if (sweepFrame >= SWEEP_FRAMES) {
                sweepFrame = -1;
            }
        } else if (advance) {
            int before = generation(s);
            int[] each = s.stream().mapToInt(x -> x.replay().sweepGeneration()).toArray();
            if (toGc) {
                while (generation(s) == before && !s.stream().allMatch(x -> x.replay().done())) {
                    for (HeapMapPicture.Side x : s) {
                        x.replay().advance(1);
                    }
                }
            } else {
                // Stop at the op of a GC, so its sweep front is drawn.
                for (long i = 0; i < n && generation(s) == before; i++) {
                    for (HeapMapPicture.Side x : s) {
                        x.replay().advance(1);
                    }
                }
            }
            if (generation(s) != before) {
                sweepFrame = 0;
                sweeping = new boolean[s.size()];
                for (int k = 0; k < s.size(); k++) {
                    sweeping[k] = s.get(k).replay().sweepGeneration() != each[k];
                }
            }
        }
        return draw(w, h, sweepFrame < 0 ? -1 : (double) sweepFrame / SWEEP_FRAMES);
    }

    private static int generation(List<HeapMapPicture.Side> s) {
        int g = 0;
        for (HeapMapPicture.Side x : s) {
            g += x.replay().sweepGeneration();
        }
        return g;
    }

    private BufferedImage draw(double front) {
        return draw((int) Math.max(1, canvas.getWidth()), (int) Math.max(1, canvas.getHeight()), front);
    }

    private BufferedImage draw(int w, int h, double front) {
        List<HeapMapPicture.Side> s = sides;
        if (s == null) {
            return null;
        }
        double[] fronts = new double[s.size()];
        for (int k = 0; k < s.size(); k++) {
            fronts[k] = front >= 0 && k < sweeping.length && sweeping[k] ? front : -1;
        }
        // two images in turn: a pulse copies the finished one out while the next is drawn into the other
        int k = nextImage;
        nextImage = 1 - k;
        frameImages[k] = HeapMapPicture.render(s, HeapMaps.title(settings, len), w, h, 1, fronts, frameImages[k]);
        return frameImages[k];
    }

    /** Stops the animation and its thread. */
    public void close() {
        closed = true;
        timer.stop();
        worker.shutdownNow();
    }
}
