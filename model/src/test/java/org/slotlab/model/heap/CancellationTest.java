package org.slotlab.model.heap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.slotlab.model.layout.RubyLayout;

/**
 * A simulation stops inside one long run when the work it belongs to is cancelled: it polls the
 * condition at every simulated GC. Counted, not timed: the condition turns true at its 50th poll
 * and the run must stop right there.
 */
class CancellationTest {

    /** A billion dying slices run GC by GC (no steady-state skipping): about 10^5 GCs if nothing stops it. */
    private static List<Phase> billionSlices() {
        return List.of(new Phase(1_000_000_000L, List.of(ObjectSpec.dying(0, "slice"))));
    }

    @Test
    void runStopsAtTheGcAfterTheConditionTurnsTrue() {
        AtomicInteger polls = new AtomicInteger();
        HeapSimulator sim = new HeapSimulator(RubyLayout.ruby34());

        assertThatThrownBy(() -> Cancellation.whenever(() -> polls.incrementAndGet() >= 50, () -> sim.run(billionSlices(), false)))
                .isInstanceOf(CancellationException.class);
        assertThat(polls).hasValue(50);
    }

    @Test
    void withoutACondition_orWithOneThatStaysFalse_nothingIsCancelled() {
        List<Phase> small = List.of(new Phase(2_000_000, List.of(ObjectSpec.dying(0, "slice"))));
        HeapSimulator sim = new HeapSimulator(RubyLayout.ruby34());
        AtomicInteger polls = new AtomicInteger();

        long free = sim.run(small).gcCount();
        long watched = Cancellation.whenever(() -> polls.incrementAndGet() < 0, () -> sim.run(small)).gcCount();

        assertThat(watched).isEqualTo(free).isPositive();
        assertThat(polls.get()).isPositive();
    }

    @Test
    void theConditionEndsWithItsWork_andNestsWithAnOuterOne() {
        AtomicInteger inner = new AtomicInteger();
        HeapSimulator sim = new HeapSimulator(RubyLayout.ruby34());
        List<Phase> small = List.of(new Phase(2_000_000, List.of(ObjectSpec.dying(0, "slice"))));

        assertThatThrownBy(() -> Cancellation.whenever(() -> true, () -> Cancellation.whenever(() -> inner.incrementAndGet() < 0,
                () -> sim.run(small)))).isInstanceOf(CancellationException.class);
        assertThat(sim.run(small).gcCount()).isPositive(); // no condition left on this thread
    }
}
