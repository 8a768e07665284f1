package org.slotlab.app.workbench;

import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

/**
 * Runs a computation on one background thread so the FX thread never waits: every
 * {@link #submit} gets a generation number and replaces any request not yet started (a burst of
 * slider events coalesces: the latest request wins); a running computation sees itself cancelled
 * as soon as a newer request arrives; only the result of the newest request is handed to the
 * publisher (the FX thread in the workbench), and at most one delivery waits there at a time.
 * A simulation inside the computation also sees the cancel, at its next simulated GC
 * ({@link org.slotlab.model.heap.Cancellation}), so one long length does not hold it up. The throttler of JabRef and the request snapshot of
 * GemsFX's services ({@code dlsc-software-consulting-gmbh/GemsFX}) are the models.
 *
 * @param <I> request
 * @param <O> result
 */
public final class Recomputer<I, O> implements AutoCloseable {

    /** The work: must poll {@code cancelled} and may throw {@link CancellationException}. */
    @FunctionalInterface
    public interface Computation<I, O> {
        O compute(I input, BooleanSupplier cancelled);
    }

    /** Receives results on the publisher's thread. */
    public interface Listener<I, O> {
        void onResult(long generation, I input, O output);

        void onError(long generation, I input, RuntimeException error);
    }

    private record Request<I>(long generation, I input) {}

    private final Computation<I, O> computation;
    private final Executor publisher;
    private final Listener<I, O> listener;
    private final ExecutorService worker;
    private final AtomicLong generation = new AtomicLong();
    private final AtomicReference<Request<I>> pending = new AtomicReference<>();
    private final AtomicBoolean draining = new AtomicBoolean();
    private final AtomicLong cancelledRuns = new AtomicLong();
    private final AtomicLong droppedRequests = new AtomicLong();
    private final AtomicReference<Runnable> undelivered = new AtomicReference<>();

    public Recomputer(Computation<I, O> computation, Executor publisher, Listener<I, O> listener) {
        this.computation = Objects.requireNonNull(computation);
        this.publisher = Objects.requireNonNull(publisher);
        this.listener = Objects.requireNonNull(listener);
        this.worker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "slotlab-recompute");
            t.setDaemon(true);
            return t;
        });
    }

    /** Queues {@code input}, superseding anything not yet published; returns its generation. */
    public long submit(I input) {
        long gen = generation.incrementAndGet();
        pending.set(new Request<>(gen, input));
        if (draining.compareAndSet(false, true)) {
            worker.execute(this::drain);
        }
        return gen;
    }

    /**
     * Stops the running computation (it sees itself cancelled at its next poll) and drops the
     * queued request: nothing is published for either.
     */
    public void cancel() {
        generation.incrementAndGet();
        if (pending.getAndSet(null) != null) {
            droppedRequests.incrementAndGet();
        }
    }

    /** Generation of the newest request. */
    public long latestGeneration() {
        return generation.get();
    }

    /** Whether nothing is queued or running (tests spin on it instead of sleeping). */
    boolean idle() {
        return !draining.get() && pending.get() == null;
    }

    /** Runs that stopped early because a newer request arrived or Cancel was pressed (for tests and the latency harness). */
    public long cancelledRuns() {
        return cancelledRuns.get();
    }

    /**
     * Requests {@link #cancel} removed from the queue before the worker started them: they are
     * dropped at that moment, so they never show up among {@link #cancelledRuns}.
     */
    public long droppedRequests() {
        return droppedRequests.get();
    }

    private void drain() {
        while (true) {
            Request<I> r = pending.getAndSet(null);
            if (r == null) {
                draining.set(false);
                // A submit may have slipped in between the read and the flag reset.
                if (pending.get() != null && draining.compareAndSet(false, true)) {
                    continue;
                }
                return;
            }
            BooleanSupplier stale = () -> generation.get() != r.generation();
            try {
                O out = org.slotlab.model.heap.Cancellation.whenever(stale, () -> computation.compute(r.input(), stale));
                if (!stale.getAsBoolean()) {
                    publish(() -> listener.onResult(r.generation(), r.input(), out));
                } else {
                    cancelledRuns.incrementAndGet();
                }
            } catch (CancellationException e) {
                cancelledRuns.incrementAndGet();
            } catch (RuntimeException e) {
                if (!stale.getAsBoolean()) {
                    publish(() -> listener.onError(r.generation(), r.input(), e));
                } else {
                    cancelledRuns.incrementAndGet(); // a stale run that failed on its way out was still stopped
                }
            }
        }
    }

    /**
     * Hands a delivery to the publisher, keeping at most one in its queue: when the publisher
     * (the FX thread) falls behind, it runs only the newest delivery instead of drawing every
     * intermediate result.
     */
    private void publish(Runnable delivery) {
        if (undelivered.getAndSet(delivery) == null) {
            publisher.execute(() -> {
                Runnable newest = undelivered.getAndSet(null);
                if (newest != null) {
                    newest.run();
                }
            });
        }
    }

    /**
     * Runs the delivery waiting for the publisher now, on the calling thread, which must be the
     * publisher's own (the FX thread in the workbench); never waits for a computation. Returns
     * whether there was one. The workbench calls it while it builds its window, so a first result
     * computed while the toolkit started is in the window's first layout.
     */
    public boolean deliverPending() {
        Runnable d = undelivered.getAndSet(null);
        if (d == null) {
            return false;
        }
        d.run();
        return true;
    }

    @Override
    public void close() {
        worker.shutdownNow();
    }
}
