package org.slotlab.model.heap;

import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Lets whoever asked for a computation stop it inside one long simulation (a 10^10-operation
 * workload whose heap never settles runs GC after GC): the caller runs the work under
 * {@link #whenever}, and {@link HeapSimulator} polls {@link #check()} at every simulated GC, which
 * throws {@link CancellationException} once the condition holds. Outside {@link #whenever}
 * nothing is ever cancelled. The condition is per thread, so computations on other threads are
 * not affected.
 */
public final class Cancellation {

    private static final ThreadLocal<BooleanSupplier> CONDITION = new ThreadLocal<>();

    private Cancellation() {}

    /** Runs {@code work} on this thread; a simulation inside it stops at its next GC once {@code cancelled} is true. */
    public static <T> T whenever(BooleanSupplier cancelled, Supplier<T> work) {
        Objects.requireNonNull(cancelled, "cancelled");
        BooleanSupplier outer = CONDITION.get();
        CONDITION.set(outer == null ? cancelled : () -> outer.getAsBoolean() || cancelled.getAsBoolean());
        try {
            return work.get();
        } finally {
            if (outer == null) {
                CONDITION.remove();
            } else {
                CONDITION.set(outer);
            }
        }
    }

    /** Throws {@link CancellationException} when the work running on this thread was cancelled. */
    public static void check() {
        BooleanSupplier c = CONDITION.get();
        if (c != null && c.getAsBoolean()) {
            throw new CancellationException("the computation was cancelled");
        }
    }
}
