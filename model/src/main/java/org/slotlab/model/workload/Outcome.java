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
 * @param retainedMallocBytes of those, the bytes of malloc'd buffers they own (the rest is slots); -1 when not known
 */
public record Outcome(double nsPerOp, SimResult sim, double objectsPerOp, String representation, long retainedBytes,
        long retainedMallocBytes) {

    public Outcome(double nsPerOp, SimResult sim, double objectsPerOp, String representation) {
        this(nsPerOp, sim, objectsPerOp, representation, sim.retainedBytes(), sim.retainedMallocBytes());
    }

    /** An outcome whose retained bytes come from elsewhere, their split into slots and buffers unknown. */
    public Outcome(double nsPerOp, SimResult sim, double objectsPerOp, String representation, long retainedBytes) {
        this(nsPerOp, sim, objectsPerOp, representation, retainedBytes, retainedBytes == sim.retainedBytes()
                ? sim.retainedMallocBytes() : retainedBytes == 0 ? 0 : -1);
    }

    public long gcCount() {
        return sim.gcCount();
    }

    /** The same timing with the kept memory measured by another run (its split unknown). */
    public Outcome withRetainedBytes(long bytes) {
        return new Outcome(nsPerOp, sim, objectsPerOp, representation, bytes, bytes == 0 ? 0 : -1);
    }

    /** The same timing with the kept memory of {@code memory}, the run that keeps the results: slots and buffers. */
    public Outcome withRetained(SimResult memory) {
        return new Outcome(nsPerOp, sim, objectsPerOp, representation, memory.retainedBytes(), memory.retainedMallocBytes());
    }

    /** Retained bytes in slots (the objects' own slots), or -1 when the split is not known. */
    public long retainedSlotBytes() {
        return retainedMallocBytes < 0 ? -1 : retainedBytes - retainedMallocBytes;
    }
}
