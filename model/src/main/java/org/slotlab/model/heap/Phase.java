package org.slotlab.model.heap;

import java.util.List;

/**
 * A run of identical operations: {@code ops} times, each allocating {@code perOp} in order.
 * A workload is a list of phases (e.g. "keep the first R slices" = R ops that retain, then N - R
 * that do not), which is what lets the simulator find a steady state inside a phase.
 */
public record Phase(long ops, List<ObjectSpec> perOp) {
    public Phase {
        if (ops < 0) {
            throw new IllegalArgumentException("a phase needs ops >= 0, got " + ops);
        }
        perOp = List.copyOf(perOp);
    }
}
