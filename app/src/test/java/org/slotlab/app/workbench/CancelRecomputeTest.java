package org.slotlab.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slotlab.app.scenario.SubstringCutoffScenario;

/**
 * Cancel of a recompute in flight: the view-model computes in the background and delivers to a
 * queue this test drains by hand (standing in for the FX thread), so a result can be held back
 * until after the cancel.
 */
class CancelRecomputeTest {

    private final LinkedBlockingQueue<Runnable> fxQueue = new LinkedBlockingQueue<>();
    private final WorkbenchViewModel vm = new WorkbenchViewModel(fxQueue::add, true);

    @AfterEach
    void close() {
        vm.close();
    }

    /** Runs deliveries until the view-model has nothing in flight (hang guard: a minute). */
    private void deliverUntilIdle() {
        assertTimeoutPreemptively(Duration.ofMinutes(1), () -> {
            while (vm.computingProperty().get()) {
                Runnable r = fxQueue.poll(100, TimeUnit.MILLISECONDS);
                if (r != null) {
                    r.run();
                }
            }
        });
    }

    @Test
    void cancel_goesBackToTheChartsShown_andDropsTheLateResult() {
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
        assertTimeoutPreemptively(Duration.ofMinutes(1), () -> {
            while (!vm.recomputerIdle()) {
                Thread.onSpinWait();
            }
        });
        Runnable late;
        while ((late = fxQueue.poll()) != null) {
            late.run();
        }
        assertThat(vm.run()).isSameAs(shown);
        assertThat(vm.settings()).isEqualTo(vm.run().request().settings());
        assertThat(vm.canUndoProperty().get()).isFalse();
    }

    @Test
    void redo_afterCancel_asksForTheCancelledWorkloadAgain() {
        deliverUntilIdle();
        vm.edit(null, s -> s.with(SubstringCutoffScenario.COUNT, 10_000_000_000L));
        vm.cancelRecompute();

        vm.redo();
        deliverUntilIdle();

        assertThat(vm.settings().get(SubstringCutoffScenario.COUNT)).isEqualTo(10_000_000_000L);
        assertThat(vm.run().request().settings()).isEqualTo(vm.settings());
    }

    @Test
    void cancel_withNothingInFlight_changesNothing() {
        deliverUntilIdle();
        var shown = vm.run();

        assertThat(vm.cancelRecompute()).isFalse();

        assertThat(vm.run()).isSameAs(shown);
        assertThat(vm.settings()).isEqualTo(new SubstringCutoffScenario().defaults());
    }
}
