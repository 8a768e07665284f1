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
 * @param retainedBytes  bytes the kept results hold alive at the end (exact: from the run that keeps them)
 */
public record Outcome(double nsPerOp, SimResult sim, double objectsPerOp, String representation, long retainedBytes) {

    public Outcome(double nsPerOp, SimResult sim, double objectsPerOp, String representation) {
        this(nsPerOp, sim, objectsPerOp, representation, sim.retainedBytes());
    }

    public long gcCount() {
        return sim.gcCount();
    }

    /** The same timing with the kept memory measured by another run. */
    public Outcome withRetainedBytes(long bytes) {
        return new Outcome(nsPerOp, sim, objectsPerOp, representation, bytes);
    }
}
