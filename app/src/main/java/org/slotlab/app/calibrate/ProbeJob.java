package org.slotlab.app.calibrate;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.slotlab.model.calibrate.CalibrationException;
import org.slotlab.model.calibrate.ProbeProgress;

/**
 * Work that runs probe scripts on a real Ruby ({@link org.slotlab.model.calibrate.RubyProbeRunner}),
 * on a thread of its own, with what a dialog binds: the state, the overall progress (the probes in
 * order, each by its {@code slotlab-progress} steps), a line saying which probe, step i/n and the
 * time left (the probe's time per step so far times the steps left, as the CLI's progress printer
 * does), and the failure message. {@link #cancel()} interrupts the worker, which makes the runner
 * kill the Ruby's process tree (RubyProbeRunner: an interrupted wait destroys the process) and
 * end as {@link State#CANCELLED}. Properties change only through {@code publisher} (the FX thread
 * in the app, the calling thread in tests). A failure is the runner's one-line message, never a
 * stack trace: a missing, old, broken or hanging ruby gets a clear message.
 *
 * @param <T> what the work produces
 */
public final class ProbeJob<T> {

    /** Where a job is. */
    public enum State { RUNNING, SUCCEEDED, FAILED, CANCELLED }

    /** The work: probes run with {@code progress}, results written; throws with a one-line message. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Consumer<ProbeProgress> progress) throws CalibrationException, java.io.IOException;
    }

    private final ReadOnlyObjectWrapper<State> state = new ReadOnlyObjectWrapper<>(this, "state", State.RUNNING);
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress", 0);
    private final ReadOnlyStringWrapper step = new ReadOnlyStringWrapper(this, "step", "starting ruby");
    private final ReadOnlyStringWrapper failure = new ReadOnlyStringWrapper(this, "failure", "");
    private final ReadOnlyObjectWrapper<T> result = new ReadOnlyObjectWrapper<>(this, "result");
    private final CompletableFuture<State> finished = new CompletableFuture<>();
    private final Executor publisher;
    private final List<String> probes;
    private final LongSupplier nanoClock;
    private final Thread worker;
    private volatile boolean cancelRequested;
    private String probe;
    private long probeStart;

    /**
     * @param name      thread name
     * @param probes    the probe scripts the work runs, in order (for the overall progress)
     * @param work      what to run
     * @param publisher where property changes run
     * @param nanoClock time source for "time left" ({@code System::nanoTime})
     */
    public ProbeJob(String name, List<String> probes, Work<T> work, Executor publisher, LongSupplier nanoClock) {
        this.publisher = Objects.requireNonNull(publisher, "publisher");
        this.probes = List.copyOf(probes);
        this.nanoClock = nanoClock;
        this.worker = new Thread(() -> body(work), name);
        worker.setDaemon(true);
    }

    /** Starts the worker; returns this. */
    public ProbeJob<T> start() {
        worker.start();
        return this;
    }

    /** Stops the work: the Ruby is killed and the job ends as cancelled. */
    public void cancel() {
        cancelRequested = true;
        worker.interrupt();
    }

    private void body(Work<T> work) {
        try {
            T t = work.run(this::onProgress);
            if (cancelRequested) {
                end(State.CANCELLED, "Cancelled; the Ruby was stopped.", null);
            } else {
                end(State.SUCCEEDED, "", t);
            }
        } catch (CalibrationException e) {
            boolean cancelled = cancelRequested || e.kind() == CalibrationException.Kind.CANCELLED;
            end(cancelled ? State.CANCELLED : State.FAILED, cancelled ? "Cancelled; the Ruby was stopped." : oneLine(e.getMessage()), null);
        } catch (java.io.IOException e) {
            end(State.FAILED, oneLine(e.getMessage()), null);
        } catch (RuntimeException e) {
            end(State.FAILED, e.getMessage() == null ? e.getClass().getSimpleName() : oneLine(e.getMessage()), null);
        }
    }

    private void end(State s, String message, T value) {
        publisher.execute(() -> {
            result.set(value);
            failure.set(message);
            if (s == State.SUCCEEDED) {
                progress.set(1);
                step.set("done");
            }
            state.set(s);
            finished.complete(s);
        });
    }

    private synchronized void onProgress(ProbeProgress p) {
        long now = nanoClock.getAsLong();
        if (!p.probe().equals(probe)) {
            probe = p.probe();
            probeStart = now;
        }
        int index = Math.max(0, probes.indexOf(p.probe()));
        double overall = (index + p.fraction()) / Math.max(1, probes.size());
        String left = "";
        if (p.done() > 0 && p.done() < p.total()) {
            double perStep = (now - probeStart) / 1e9 / p.done();
            left = String.format(Locale.ROOT, ", about %d s left", Math.round(perStep * (p.total() - p.done())));
        }
        String line = p.probe() + ": step " + p.done() + "/" + p.total() + " " + p.step() + left;
        publisher.execute(() -> {
            progress.set(Math.max(progress.get(), Math.min(1, overall)));
            step.set(line);
        });
    }

    static String oneLine(String s) {
        return ScriptRun.oneLine(s);
    }

    public ReadOnlyObjectProperty<State> stateProperty() { return state.getReadOnlyProperty(); }
    public State state() { return state.get(); }
    /** 0..1 over all probes. */
    public ReadOnlyDoubleProperty progressProperty() { return progress.getReadOnlyProperty(); }
    /** "timing.rb: step 3/20 slice_frozen, about 40 s left". */
    public ReadOnlyStringProperty stepProperty() { return step.getReadOnlyProperty(); }
    /** The one-line reason it failed or was cancelled; empty otherwise. */
    public ReadOnlyStringProperty failureProperty() { return failure.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<T> resultProperty() { return result.getReadOnlyProperty(); }
    /** Completes with the final state once it is published. */
    public CompletableFuture<State> finished() { return finished; }
}
