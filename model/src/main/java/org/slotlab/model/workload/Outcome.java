package org.slotlab.model.workload;

import org.slotlab.model.heap.SimResult;

/**
 * One side of a comparison: predicted time (from the cost profile) and the counts of the heap
 * simulation.
 *
 * @param nsPerOp        predicted ns per op
 * @param sim            the exact counts
 * @param objectsPerOp   objects the measured operation allocates per op
 * @param representation "shared", "heap" or the slot size the result takes
 */
public record Outcome(double nsPerOp, SimResult sim, double objectsPerOp, String representation) {

    public long gcCount() {
        return sim.gcCount();
    }

    public long retainedBytes() {
        return sim.retainedBytes();
    }
}
