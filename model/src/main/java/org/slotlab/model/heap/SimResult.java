package org.slotlab.model.heap;

/**
 * Counted outcome of one simulated run. Every field is an exact count of the simulation (no
 * coefficient is involved); extrapolated runs give the same counts as a full run.
 *
 * @param ops                  operations run
 * @param allocations          slots allocated per heap
 * @param minorGcs             minor GCs
 * @param majorGcs             major GCs
 * @param gcsByMalloc          GCs started because malloc_increase passed malloc_limit
 * @param peakPages            most pages each heap held
 * @param finalPages           pages each heap holds at the end
 * @param liveAtEnd            objects of the run (not boot's) reachable at the end, per heap
 * @param retainedSlotBytes    slot bytes of those objects
 * @param retainedMallocBytes  malloc'd bytes those objects own
 * @param mallocCalls          malloc calls made by the run's objects
 * @param mallocBytes          bytes requested from malloc
 * @param pagesSweptSum        sum over GCs of the pages in all heaps (the sweep's work)
 * @param markedSum            sum over GCs of the objects marked (young live, or all live in a major)
 * @param periodOps            length of the detected steady-state period (0 if none was used)
 */
public record SimResult(
        long ops,
        long[] allocations,
        long minorGcs,
        long majorGcs,
        long gcsByMalloc,
        int[] peakPages,
        int[] finalPages,
        long[] liveAtEnd,
        long retainedSlotBytes,
        long retainedMallocBytes,
        long mallocCalls,
        long mallocBytes,
        long pagesSweptSum,
        long markedSum,
        long periodOps) {

    public long gcCount() {
        return minorGcs + majorGcs;
    }

    public long retainedBytes() {
        return retainedSlotBytes + retainedMallocBytes;
    }

    public long totalAllocations() {
        long s = 0;
        for (long a : allocations) {
            s += a;
        }
        return s;
    }

    /** Same counts (ignores how they were obtained). */
    public boolean sameCounts(SimResult o) {
        return ops == o.ops && java.util.Arrays.equals(allocations, o.allocations) && minorGcs == o.minorGcs
                && majorGcs == o.majorGcs && gcsByMalloc == o.gcsByMalloc
                && java.util.Arrays.equals(peakPages, o.peakPages) && java.util.Arrays.equals(finalPages, o.finalPages)
                && java.util.Arrays.equals(liveAtEnd, o.liveAtEnd) && retainedSlotBytes == o.retainedSlotBytes
                && retainedMallocBytes == o.retainedMallocBytes && mallocCalls == o.mallocCalls
                && mallocBytes == o.mallocBytes && pagesSweptSum == o.pagesSweptSum && markedSum == o.markedSum;
    }

    @Override
    public String toString() {
        return "SimResult(ops=" + ops + ", alloc=" + java.util.Arrays.toString(allocations) + ", minor=" + minorGcs
                + ", major=" + majorGcs + ", byMalloc=" + gcsByMalloc + ", peakPages="
                + java.util.Arrays.toString(peakPages) + ", finalPages=" + java.util.Arrays.toString(finalPages)
                + ", liveAtEnd=" + java.util.Arrays.toString(liveAtEnd) + ", retained=" + retainedSlotBytes + "+"
                + retainedMallocBytes + ", malloc=" + mallocCalls + "/" + mallocBytes + ", pagesSwept=" + pagesSweptSum
                + ", marked=" + markedSum + ", period=" + periodOps + ")";
    }
}
