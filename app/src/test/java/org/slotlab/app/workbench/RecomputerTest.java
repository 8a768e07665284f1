package org.slotlab.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RecomputerTest {

    @Test
    void burst_whileBusy_onlyTheLatestIsPublished_andTheRunningOneIsCancelled() throws Exception {
        // given: a computation that blocks on its first input until released
        CountDownLatch firstStarted = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch published = new CountDownLatch(1);
        List<Integer> results = new CopyOnWriteArrayList<>();
        List<Integer> computed = new CopyOnWriteArrayList<>();
        Recomputer<Integer, Integer> r = new Recomputer<>((in, cancelled) -> {
            computed.add(in);
            if (in == 1) {
                firstStarted.countDown();
                await(release);
                if (cancelled.getAsBoolean()) {
                    throw new java.util.concurrent.CancellationException();
                }
            }
            return in * 10;
        }, Runnable::run, new Recomputer.Listener<>() {
            @Override
            public void onResult(long generation, Integer input, Integer output) {
                results.add(output);
                if (input == 4) {
                    published.countDown();
                }
            }

            @Override
            public void onError(long generation, Integer input, RuntimeException error) {
                results.add(-1);
            }
        });
        // when: 1 starts, then 2, 3, 4 arrive while it runs
        r.submit(1);
        assertThat(firstStarted.await(10, TimeUnit.SECONDS)).isTrue();
        r.submit(2);
        r.submit(3);
        long last = r.submit(4);
        release.countDown();
        assertThat(published.await(10, TimeUnit.SECONDS)).isTrue();
        // then: 2 and 3 were never computed, 1 was cancelled, only 4's result arrived
        assertThat(computed).containsExactly(1, 4);
        assertThat(results).containsExactly(40);
        assertThat(r.cancelledRuns()).isEqualTo(1);
        assertThat(r.latestGeneration()).isEqualTo(last);
        r.close();
    }

    @Test
    void cancel_dropsTheQueuedRequestAtOnce_andStopsTheRunningOne() throws Exception {
        // given: a first request blocked in the worker, a second queued behind it
        CountDownLatch firstStarted = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<Integer> computed = new CopyOnWriteArrayList<>();
        Recorded seen = new Recorded();
        Recomputer<Integer, Integer> r = new Recomputer<>((in, cancelled) -> {
            computed.add(in);
            if (in == 1) {
                firstStarted.countDown();
                await(release);
            }
            return in;
        }, Runnable::run, seen);
        r.submit(1);
        assertThat(firstStarted.await(10, TimeUnit.SECONDS)).isTrue();
        r.submit(2);
        // when
        r.cancel();
        // then: the queued one is gone before the running one returns
        assertThat(r.droppedRequests()).isEqualTo(1);
        assertThat(r.cancelledRuns()).isZero();
        release.countDown();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!r.idle() && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertThat(r.idle()).isTrue();
        assertThat(r.cancelledRuns()).isEqualTo(1);
        assertThat(computed).containsExactly(1);
        assertThat(seen.results).isEmpty();
        assertThat(seen.errors).isEmpty();
        r.cancel();
        assertThat(r.droppedRequests()).as("nothing queued, nothing dropped").isEqualTo(1);
        r.close();
    }

    @Test
    void deliverPending_publishesAWaitingResultOnTheCallersThread_once() throws Exception {
        // given: a publisher that only queues (the FX thread before the window is built)
        java.util.concurrent.LinkedBlockingQueue<Runnable> queued = new java.util.concurrent.LinkedBlockingQueue<>();
        Recorded seen = new Recorded();
        Recomputer<Integer, Integer> r = new Recomputer<>((in, c) -> in * 2, queued::add, seen);
        assertThat(r.deliverPending()).as("nothing computed yet").isFalse();
        r.submit(21);
        Runnable delivery = queued.poll(10, TimeUnit.SECONDS);
        assertThat(delivery).isNotNull();
        // when
        boolean delivered = r.deliverPending();
        // then: published here, and the queued delivery finds nothing left to do
        assertThat(delivered).isTrue();
        assertThat(seen.results).containsExactly(42);
        assertThat(seen.threads).containsExactly(Thread.currentThread().getName());
        delivery.run();
        assertThat(seen.results).containsExactly(42);
        assertThat(r.deliverPending()).isFalse();
        r.close();
    }

    @Test
    void aCancelledRunThatFailsOnItsWayOut_countsAsCancelled_andPublishesNoError() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Recorded seen = new Recorded();
        Recomputer<Integer, Integer> r = new Recomputer<>((in, cancelled) -> {
            started.countDown();
            await(release);
            throw new IllegalStateException("chart built from a half-finished run");
        }, Runnable::run, seen);
        r.submit(1);
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        r.cancel();
        release.countDown();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!r.idle() && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertThat(r.cancelledRuns()).isEqualTo(1);
        assertThat(seen.errors).isEmpty();
        r.close();
    }

    @Test
    void error_isPublishedForTheLatestRequest() throws Exception {
        CountDownLatch done = new CountDownLatch(1);
        List<String> errors = new CopyOnWriteArrayList<>();
        Recomputer<Integer, Integer> r = new Recomputer<>((in, c) -> {
            throw new IllegalArgumentException("cutoff must be >= 0 bytes, got " + in);
        }, Runnable::run, new Recomputer.Listener<>() {
            @Override
            public void onResult(long generation, Integer input, Integer output) {
            }

            @Override
            public void onError(long generation, Integer input, RuntimeException error) {
                errors.add(error.getMessage());
                done.countDown();
            }
        });
        r.submit(-1);
        assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(errors).containsExactly("cutoff must be >= 0 bytes, got -1");
        r.close();
    }

    /** A listener that keeps what was published: outputs, error messages, and the thread of each output. */
    private static final class Recorded implements Recomputer.Listener<Integer, Integer> {
        final List<Integer> results = new CopyOnWriteArrayList<>();
        final List<String> errors = new CopyOnWriteArrayList<>();
        final List<String> threads = new CopyOnWriteArrayList<>();

        @Override
        public void onResult(long generation, Integer input, Integer output) {
            results.add(output);
            threads.add(Thread.currentThread().getName());
        }

        @Override
        public void onError(long generation, Integer input, RuntimeException error) {
            errors.add(error.getMessage());
        }
    }

    private static void await(CountDownLatch l) {
        try {
            l.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void slowPublisher_getsOnlyTheNewestDelivery() throws Exception {
        // given: a publisher that queues deliveries until the test runs them (a busy FX thread)
        java.util.concurrent.BlockingQueue<Runnable> fx = new java.util.concurrent.LinkedBlockingQueue<>();
        List<Integer> shown = new CopyOnWriteArrayList<>();
        Recomputer<Integer, Integer> r = new Recomputer<>((in, c) -> {
            return in;
        }, fx::add, new Recomputer.Listener<>() {
            @Override
            public void onResult(long generation, Integer input, Integer output) {
                shown.add(output);
            }

            @Override
            public void onError(long generation, Integer input, RuntimeException error) {
            }
        });
        // when: three requests complete while nothing is delivered
        r.submit(1);
        while (fx.isEmpty()) {
            Thread.onSpinWait();
        }
        r.submit(2);
        r.submit(3);
        while (!r.idle()) {
            Thread.onSpinWait();
        }
        // then: one queued delivery, which shows the newest result
        Runnable delivery = fx.poll(10, TimeUnit.SECONDS);
        delivery.run();
        assertThat(fx).isEmpty();
        assertThat(shown).containsExactly(3);
        r.close();
    }
}
