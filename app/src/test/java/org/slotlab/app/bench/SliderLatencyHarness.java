package org.slotlab.app.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.testfx.util.WaitForAsyncUtils;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.slotlab.app.workbench.WorkbenchView;
import org.slotlab.app.workbench.WorkbenchViewModel;

/**
 * Measures slider-to-chart latency of the workbench: builds the real window (the app's own scene,
 * stylesheet and Prism settings; headless under Monocle when no display is set up), moves the
 * cutoff slider, and times each change from {@code Slider.setValue} on the FX thread until the
 * charts showing that value have been handed to their ChartViewers, which draw their canvases
 * synchronously on setChart. Three runs:
 * <ul>
 * <li>sequential (back-to-back): one change, wait for its charts, next change at once
 *     ({@value #CHANGES} changes after {@value #WARMUP} warm-up changes), before the previous
 *     frame is even rendered: about 250 changes a second, a saturation test well beyond what a
 *     slider delivers (JavaFX hands a drag at most one value per pulse);</li>
 * <li>drag: a change every {@value #DRAG_PERIOD_MS} ms (a 60 Hz drag), not waiting; for each published
 *     result, the time since the change it answers. Shows coalescing: fewer results than changes;</li>
 * <li>nudges: {@value #NUDGES} isolated changes {@value #NUDGE_GAP_MS} ms apart: the latency of
 *     one change on an idle window, each after the previous frame has long been rendered.</li>
 * </ul>
 * Then the largest workload (N = 10^10): FX-thread stalls while dragging (target: none over
 * {@value #STALL_TARGET_MS} ms) and how long Cancel takes to free the worker.
 * Run: {@code mvn -B -o -pl app -am -Platency process-test-classes} (exec plugin configured in
 * app/pom.xml with Monocle on the test classpath). Prints p50/p90/p99/max in ms and the slowest
 * sequential changes split into their parts; no assertion, this is a measurement.
 */
public final class SliderLatencyHarness {

    /** Measured slider changes per run: at least 500, so a p99 rests on five changes or more. */
    public static final int CHANGES = 600;
    /** Changes before measuring, so the JIT has compiled the model. */
    public static final int WARMUP = 150;
    /** The target for the slider-to-chart p99, ms (one 60 Hz frame). */
    public static final double TARGET_P99_MS = 16;
    /** Isolated changes of the nudge run (a user tapping an arrow key now and then). */
    public static final int NUDGES = 200;
    /** Idle time after each nudge, ms: the previous frame is rendered long before the next change. */
    public static final long NUDGE_GAP_MS = 300;
    /** Interval between changes of the drag run, ms (one 60 Hz frame). */
    public static final long DRAG_PERIOD_MS = 16;
    /** Smallest and largest cutoff the harness moves between, bytes (ruby-4.1-dev: 32..1024). */
    static final int LOW = 32;
    static final int HIGH = 1024;

    private SliderLatencyHarness() {}

    public static void main(String[] args) throws Exception {
        setIfAbsent("glass.platform", "Monocle");
        setIfAbsent("monocle.platform", "Headless");
        setIfAbsent("prism.order", "sw");
        setIfAbsent("headless.geometry", "1600x1000-32");
        org.slotlab.app.RenderSettings.apply();
        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await();
        Holder h = new Holder();
        onFx(() -> {
            h.vm = new WorkbenchViewModel(Platform::runLater, true);
            h.view = new WorkbenchView(h.vm, null);
            h.stage = new Stage();
            h.stage.setScene(org.slotlab.app.SlotlabApp.newScene(h.view));
            h.stage.show();
        });
        waitPublished(h, h.vm.requestedGeneration());

        sequential(h, WARMUP, 0, 0);
        double[] seq = sequential(h, CHANGES, 1, 0);
        long[] compute = h.computeMicros.stream().mapToLong(Long::longValue).toArray();
        report("sequential (change, wait for its charts)", seq);
        double[] computeMs = Arrays.stream(compute).mapToDouble(v -> v / 1000.0).toArray();
        report("  of which model + chart build off the FX thread", computeMs);
        report("  of which the slider event on the FX thread (edit, undo step, panel refresh, submit)",
                h.editMicros.stream().mapToDouble(v -> v / 1000.0).toArray());
        report("  of which drawing the charts into the viewers on the FX thread",
                h.drawMicros.stream().mapToDouble(v -> v / 1000.0).toArray());
        slowest(h, seq, 8);

        double[] drag = drag(h, CHANGES);
        report("drag at 60 Hz (change -> charts for it, published results only)", drag);
        System.out.printf(Locale.ROOT, "  drag: %d changes, %d results published, %d stale runs cancelled or dropped%n",
                CHANGES, drag.length, h.cancelledAfterDrag);

        Thread.sleep(NUDGE_GAP_MS);
        double[] nudges = sequential(h, NUDGES, 2, NUDGE_GAP_MS);
        report("nudges (one change, its charts, then " + NUDGE_GAP_MS + " ms idle)", nudges);
        report("  of which drawing the charts into the viewers on the FX thread",
                h.drawMicros.stream().mapToDouble(v -> v / 1000.0).toArray());
        System.out.printf(Locale.ROOT, "target p99 <= %.0f ms (one 60 Hz frame): sequential %s, drag %s, nudges %s%n",
                TARGET_P99_MS, verdict(seq), verdict(drag), verdict(nudges));
        hugeWorkload(h);
        onFx(() -> {
            h.stage.close();
            h.vm.close();
        });
        // System.exit alone: Platform.exit would race Monocle's shutdown hook removal.
        System.exit(0);
    }

    /**
     * The {@code n} slowest sequential changes with their parts; "other" is the rest of the
     * latency: the FX thread busy with a pulse (CSS, layout, waiting for the renderer) or the
     * change waiting for a core; "gc" is the JVM's collection time inside the change (ms
     * resolution).
     */
    private static void slowest(Holder h, double[] seq, int n) {
        Integer[] idx = new Integer[seq.length];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
        }
        Arrays.sort(idx, (a, b) -> Double.compare(seq[b], seq[a]));
        System.out.println("  slowest changes: total = edit + model + draw + other (gc inside), ms;"
                + " the model starts during the edit, so other can be negative");
        for (int k = 0; k < Math.min(n, idx.length); k++) {
            int i = idx[k];
            double edit = h.editMicros.get(i) / 1000.0;
            double model = h.computeMicros.get(i) / 1000.0;
            double draw = h.drawMicros.get(i) / 1000.0;
            System.out.printf(Locale.ROOT, "    %6.2f = %5.2f + %5.2f + %5.2f + %6.2f (gc %d)%n", seq[i], edit, model, draw,
                    seq[i] - edit - model - draw, h.gcMillis.get(i));
        }
    }

    /** Total collection time of all the JVM's collectors so far, ms. */
    private static long gcMillis() {
        long sum = 0;
        for (var gc : java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) {
            sum += Math.max(0, gc.getCollectionTime());
        }
        return sum;
    }

    private static final class Holder {
        WorkbenchViewModel vm;
        WorkbenchView view;
        Stage stage;
        final List<Long> computeMicros = new ArrayList<>();
        final List<Long> drawMicros = new ArrayList<>();
        final List<Long> gcMillis = new ArrayList<>();
        javafx.scene.control.Slider slider;
        final List<Long> editMicros = java.util.Collections.synchronizedList(new ArrayList<>());
        long cancelledAfterDrag;
    }

    private static double[] sequential(Holder h, int changes, int seed, long gapMs) throws InterruptedException {
        double[] ms = new double[changes];
        h.computeMicros.clear();
        h.drawMicros.clear();
        h.editMicros.clear();
        h.gcMillis.clear();
        int value = h.vm.cutoff();
        for (int i = 0; i < changes; i++) {
            int next = nextValue(value, i + seed * 7919);
            value = next;
            CountDownLatch done = new CountDownLatch(1);
            long gcBefore = gcMillis();
            AtomicLong t0 = new AtomicLong();
            AtomicLong t1 = new AtomicLong();
            Platform.runLater(() -> {
                var slider = slider(h);
                t0.set(System.nanoTime());
                slider.setValue(next);
                h.editMicros.add((System.nanoTime() - t0.get()) / 1000);
                long target = h.vm.requestedGeneration();
                javafx.beans.value.ChangeListener<Number> l = new javafx.beans.value.ChangeListener<>() {
                    @Override
                    public void changed(javafx.beans.value.ObservableValue<? extends Number> o, Number a, Number b) {
                        if (b.longValue() >= target) {
                            t1.set(System.nanoTime());
                            h.vm.publishedGenerationProperty().removeListener(this);
                            done.countDown();
                        }
                    }
                };
                h.vm.publishedGenerationProperty().addListener(l);
            });
            if (!done.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("no chart update within 30 s for change " + i);
            }
            ms[i] = (t1.get() - t0.get()) / 1e6;
            h.computeMicros.add(h.vm.lastRecomputeMicrosProperty().get());
            h.drawMicros.add(h.view.chartsView().lastShowNanos() / 1000);
            h.gcMillis.add(gcMillis() - gcBefore);
            if (gapMs > 0) {
                Thread.sleep(gapMs);
            }
        }
        return ms;
    }

    private static double[] drag(Holder h, int changes) throws InterruptedException {
        long[] changedAt = new long[changes + 1];
        long[] generationOf = new long[changes + 1];
        List<Double> latencies = java.util.Collections.synchronizedList(new ArrayList<>());
        CountDownLatch last = new CountDownLatch(1);
        long cancelledBefore = h.vm.cancelledRuns();
        onFx(() -> h.vm.publishedGenerationProperty().addListener((o, a, b) -> {
            long now = System.nanoTime();
            for (int i = changes; i >= 1; i--) {
                if (generationOf[i] == b.longValue()) {
                    latencies.add((now - changedAt[i]) / 1e6);
                    if (i == changes) {
                        last.countDown();
                    }
                    break;
                }
            }
        }));
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        AtomicLong i = new AtomicLong();
        int[] value = {h.vm.cutoff()};
        timer.scheduleAtFixedRate(() -> Platform.runLater(() -> {
            int k = (int) i.incrementAndGet();
            if (k > changes) {
                return;
            }
            value[0] = nextValue(value[0], k * 31);
            changedAt[k] = System.nanoTime();
            slider(h).setValue(value[0]);
            generationOf[k] = h.vm.requestedGeneration();
        }), 0, DRAG_PERIOD_MS, TimeUnit.MILLISECONDS);
        if (!last.await(60, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the last drag change was never published");
        }
        timer.shutdownNow();
        h.cancelledAfterDrag = h.vm.cancelledRuns() - cancelledBefore;
        return latencies.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The longest the FX thread may be busy while the largest workload recomputes, ms. */
    public static final double STALL_TARGET_MS = 50;
    /** How often the stall monitor asks the FX thread to run, ms. */
    static final long PING_MS = 2;

    /**
     * The largest workload a user can ask for (N = 10^10 slices and every other knob at its
     * default) while the cutoff is dragged at 60 Hz for 5 s: the FX thread must stay free. A monitor
     * posts a task to the FX thread every {@value #PING_MS} ms and records how late each one runs;
     * a late task is a stall. Then Cancel: a change, and {@code cancelRecompute} as soon as the
     * workbench shows "Computing", timed until the worker has given the change up and a next
     * change is being computed.
     */
    private static void hugeWorkload(Holder h) throws InterruptedException {
        onFx(() -> h.vm.set(org.slotlab.app.scenario.SubstringCutoffScenario.COUNT,
                org.slotlab.app.scenario.SubstringCutoffScenario.MAX_SLICES));
        waitPublished(h, h.vm.requestedGeneration());
        long t0 = System.nanoTime();
        sequential(h, 5, 3, 0);
        System.out.printf(Locale.ROOT, "huge workload (N = %,d): one recompute takes %.1f ms (mean of 5)%n",
                org.slotlab.app.scenario.SubstringCutoffScenario.MAX_SLICES, (System.nanoTime() - t0) / 5e6);
        List<Double> late = java.util.Collections.synchronizedList(new ArrayList<>());
        ScheduledExecutorService monitor = Executors.newSingleThreadScheduledExecutor();
        monitor.scheduleAtFixedRate(() -> {
            long posted = System.nanoTime();
            Platform.runLater(() -> late.add((System.nanoTime() - posted) / 1e6));
        }, 0, PING_MS, TimeUnit.MILLISECONDS);
        int changes = 300;
        double[] drag = drag(h, changes);
        monitor.shutdownNow();
        double[] stalls = late.stream().mapToDouble(Double::doubleValue).toArray();
        report("huge workload: drag at 60 Hz (change -> charts for it)", drag);
        report("huge workload: FX thread lateness while dragging (" + stalls.length + " pings)", stalls);
        double worst = Arrays.stream(stalls).max().orElse(Double.NaN);
        System.out.printf(Locale.ROOT, "target: no FX stall over %.0f ms: %s (longest %.1f ms)%n", STALL_TARGET_MS,
                worst <= STALL_TARGET_MS ? "met" : "NOT met", worst);

        List<Double> cancel = new ArrayList<>();
        int nothingToCancel = 0;
        for (int k = 0; k < 20; k++) {
            long[] at = new long[1];
            boolean[] cancelled = new boolean[1];
            long runsBefore = h.vm.cancelledRuns() + h.vm.droppedChanges();
            int step = 7 + k;
            onFx(() -> {
                slider(h).setValue(nextValue((int) slider(h).getValue(), step));
                at[0] = System.nanoTime();
                cancelled[0] = h.vm.cancelRecompute();
            });
            if (!cancelled[0]) {
                nothingToCancel++;
                continue;
            }
            // Freed when the running change has stopped, at once when Cancel took it off the queue before it
            // started, and at once too when the worker had already finished it (the slider's own handling on the
            // FX thread can outlast a 2 ms recompute; the view-model then drops the result as it arrives).
            while (h.vm.cancelledRuns() + h.vm.droppedChanges() == runsBefore && !h.vm.workerIdle() && System.nanoTime() - at[0] < 10_000_000_000L) {
                Thread.onSpinWait();
            }
            cancel.add((System.nanoTime() - at[0]) / 1e6);
            WaitForAsyncUtils.waitForFxEvents(); // the cancelled change publishes nothing: let the FX queue empty before the next
        }
        System.out.printf(Locale.ROOT, "huge workload: %d cancels (%d changes had nothing left to cancel)%n", cancel.size(),
                nothingToCancel);
        report("huge workload: Cancel -> the worker has dropped the change", cancel.stream().mapToDouble(Double::doubleValue).toArray());
        onFx(() -> h.vm.set(org.slotlab.app.scenario.SubstringCutoffScenario.COUNT,
                org.slotlab.app.scenario.SubstringCutoffScenario.THREAD_COUNT));
    }

    /** A cutoff different from {@code previous}, wandering over the slot range like a drag. */
    static int nextValue(int previous, int step) {
        int v = LOW + Math.floorMod(previous - LOW + 1 + Math.floorMod(step * 37, 97), HIGH - LOW + 1);
        return v == previous ? (v == HIGH ? LOW : v + 1) : v;
    }

    /** The cutoff slider, looked up once (a lookup walks the whole scene graph). */
    private static javafx.scene.control.Slider slider(Holder h) {
        if (h.slider == null) {
            h.slider = (javafx.scene.control.Slider) h.view.lookup("#cutoffSlider");
        }
        return h.slider;
    }

    private static void waitPublished(Holder h, long generation) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        Platform.runLater(() -> {
            if (h.vm.publishedGenerationProperty().get() >= generation) {
                done.countDown();
            } else {
                h.vm.publishedGenerationProperty().addListener((o, a, b) -> {
                    if (b.longValue() >= generation) {
                        done.countDown();
                    }
                });
            }
        });
        done.await(60, TimeUnit.SECONDS);
    }

    private static void onFx(Runnable r) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        Platform.runLater(() -> {
            try {
                r.run();
            } finally {
                done.countDown();
            }
        });
        done.await();
    }

    /** "met (12.3 ms)" or "NOT met (17.0 ms)": the run's p99 against {@link #TARGET_P99_MS}. */
    static String verdict(double[] ms) {
        double[] s = ms.clone();
        Arrays.sort(s);
        double p99 = pct(s, 99);
        return String.format(Locale.ROOT, "%s (%.1f ms)", p99 <= TARGET_P99_MS ? "met" : "NOT met", p99);
    }

    static void report(String label, double[] ms) {
        double[] s = ms.clone();
        Arrays.sort(s);
        System.out.printf(Locale.ROOT, "%s: n=%d p50=%.2f ms p90=%.2f ms p99=%.2f ms max=%.2f ms%n", label, s.length,
                pct(s, 50), pct(s, 90), pct(s, 99), s.length == 0 ? Double.NaN : s[s.length - 1]);
    }

    /** Nearest-rank percentile of sorted values. */
    static double pct(double[] sorted, double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }
}
