package org.slotlab.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.slotlab.app.scenario.SubstringCutoffScenario;

/**
 * Cancel of a recompute in flight: the view-model computes in the background and delivers to a
 * queue this test drains by hand (standing in for the FX thread), so a result can be held back
 * until after the cancel.
 */
// a hang guard, not a speed check: a worker that never finishes must not block the test run
@Timeout(value = 2, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class CancelRecomputeTest {

    private final LinkedBlockingQueue<Runnable> fxQueue = new LinkedBlockingQueue<>();
    private final WorkbenchViewModel vm = new WorkbenchViewModel(fxQueue::add, true);

    @AfterEach
    void close() throws Exception {
        vm.close();
    }

    /** Runs deliveries until the view-model has nothing in flight (the class's timeout guards a hang). */
    private void deliverUntilIdle() throws InterruptedException {
        while (vm.computingProperty().get()) {
            Runnable r = fxQueue.poll(100, TimeUnit.MILLISECONDS);
            if (r != null) {
                r.run();
            }
        }
    }

    @Test
    void cancel_goesBackToTheChartsShown_andDropsTheLateResult() throws Exception {
        // given: the first charts shown, then a 10^10-slice workload asked for
        deliverUntilIdle();
        var shown = vm.run();
        vm.edit(null, s -> s.with(SubstringCutoffScenario.COUNT, 10_000_000_000L));
        assertThat(vm.computingProperty().get()).isTrue();

        // when
        boolean cancelled = vm.cancelRecompute();

        // then: settings agree with the charts again, whatever the worker still delivers is dropped
        assertThat(cancelled).isTrue();
        assertThat(vm.computingProperty().get()).isFalse();
        assertThat(vm.settings()).isEqualTo(new SubstringCutoffScenario().defaults());
        while (!vm.workerIdle()) {
            Thread.onSpinWait();
        }
        Runnable late;
        while ((late = fxQueue.poll()) != null) {
            late.run();
        }
        assertThat(vm.run()).isSameAs(shown);
        assertThat(vm.settings()).isEqualTo(vm.run().request().settings());
        assertThat(vm.canUndoProperty().get()).isFalse();
    }

    @Test
    void redo_afterCancel_asksForTheCancelledWorkloadAgain() throws Exception {
        deliverUntilIdle();
        vm.edit(null, s -> s.with(SubstringCutoffScenario.COUNT, 10_000_000_000L));
        vm.cancelRecompute();

        vm.redo();
        deliverUntilIdle();

        assertThat(vm.settings().get(SubstringCutoffScenario.COUNT)).isEqualTo(10_000_000_000L);
        assertThat(vm.run().request().settings()).isEqualTo(vm.settings());
    }

    @Test
    void cancel_withNothingInFlight_changesNothing() throws Exception {
        deliverUntilIdle();
        var shown = vm.run();

        assertThat(vm.cancelRecompute()).isFalse();

        assertThat(vm.run()).isSameAs(shown);
        assertThat(vm.settings()).isEqualTo(new SubstringCutoffScenario().defaults());
    }
}
