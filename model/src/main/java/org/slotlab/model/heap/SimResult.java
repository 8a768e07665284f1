package org.slotlab.model.heap;

/**
 * Counted outcome of one simulated run. Every field is an exact count of the simulation (how many
 * slots a major GC's incremental marking lasts, which moves its sweep, the next GC by malloc and
 * where the buffers sit, is worked out from CRuby's two limits on it, the marking's own pace and
 * the pages the last sweep pooled: {@code HeapSimulator}'s {@code majorMarkingSlots}). Extrapolated runs give the same counts as a full run.
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
 * @param startPages           pages each heap held when the run started (the heap the loop found)
 * @param peakMallocInFlight   most malloc'd bytes not yet freed at any GC: buffers of live objects
 *                             plus those of dead ones the sweep had not reached (what the allocator
 *                             must hold, so the RSS the buffers need)
 * @param slotsSweptSum        sum over GCs of the slots in all heaps (every slot of every page is swept)
 * @param liveBuffersAtEnd     malloc'd buffers the run's objects reachable at the end still own
 * @param mallocFaults         pages the run's malloc'd buffers fault in, counted by simulating
 *                             where they sit in glibc's main arena ({@link org.slotlab.model.malloc.MainArena}):
 *                             heap pages written for the first time since brk mapped them (again,
 *                             after a trim gave them back) and the pages of buffers mapped apart;
 *                             -1 where the arena is not simulated (a layout whose sweep order the
 *                             simulation does not follow)
 * @param trimmedPages         pages glibc's systrim gave back to the kernel during the run (-1: not simulated)
 * @param trims                times systrim gave pages back (each a {@code brk} call that shrinks the heap,
 *                             so a system call and a TLB flush; -1: not simulated)
 * @param gcsBySlots           GCs started because a heap had no free slot left and could take no page
 *                             (heap_prepare, default.c:2088-2110), per heap: the heap that ran dry.
 *                             With {@code gcsByMalloc} they are all the GCs.
 * @param rememberedRefsSum    sum over minor GCs of the references held by old containers the write
 *                             barrier remembered (an old Array that holds a young object: rb_gc_writebarrier
 *                             remembers it when the object is stored, the marking again while one is
 *                             young, and each minor GC's rgengc_rememberset_mark visits every element,
 *                             old ones only checked): the live objects such containers hold, young and old
 * @param emptySlotsSweptSum   sum over GCs of the free slots of the heaps the run allocated nothing from
 *                             since the GC before: the sweep visits every slot the marking left unmarked
 *                             and reads the header of each to find these already free (gc_sweep_plane's
 *                             T_NONE case, 3.4 default.c; gc_plane_sweep, 3.1 gc.c), long after the
 *                             loop last touched them
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
        long periodOps,
        int[] startPages,
        long peakMallocInFlight,
        long slotsSweptSum,
        long liveBuffersAtEnd,
        long mallocFaults,
        long trimmedPages,
        long trims,
        long[] gcsBySlots,
        long rememberedRefsSum,
        long emptySlotsSweptSum) {

    /** Whether the run simulated where its buffers sit in the malloc arena ({@link #mallocFaults()} counts). */
    public boolean arenaSimulated() {
        return mallocFaults >= 0;
    }

    /** Malloc'd buffers of the run's objects that sweeps free: every buffer made, less those still owned at the end. */
    public long freedBuffers() {
        return Math.max(0, mallocCalls - liveBuffersAtEnd);
    }

    public long gcCount() {
        return minorGcs + majorGcs;
    }

    /** GCs started because heap {@code heap} ran out of slots. */
    public long gcsBySlots(int heap) {
        return gcsBySlots[heap];
    }

    /**
     * Why the GCs ran, in words: {@code "12 GCs: 10 out of slots in the 40 B heap, 2 over malloc_limit"},
     * {@code "15 GCs: all out of slots in the 640 B heap"} ({@link #gcTriggerParts}), or {@code "no GC"}.
     */
    public String gcTriggers(org.slotlab.model.layout.RubyLayout layout) {
        long n = gcCount();
        return n == 0 ? "no GC" : String.format(java.util.Locale.ROOT, "%,d GC%s: ", n, n == 1 ? "" : "s") + gcTriggerParts(layout);
    }

    /**
     * How many GCs each trigger started, largest share first, a trigger that started none left out:
     * {@code "10 out of slots in the 40 B heap, 2 over malloc_limit"}, or {@code "all out of slots in
     * the 40 B heap"} when one trigger started them all; empty without GCs. Slot sizes are the layout's.
     */
    public String gcTriggerParts(org.slotlab.model.layout.RubyLayout layout) {
        record Part(long count, String why) {}
        java.util.List<Part> parts = new java.util.ArrayList<>();
        for (int h = 0; h < gcsBySlots.length; h++) {
            if (gcsBySlots[h] > 0) {
                parts.add(new Part(gcsBySlots[h], "out of slots in the " + layout.slotSize(h) + " B heap"));
            }
        }
        if (gcsByMalloc > 0) {
            parts.add(new Part(gcsByMalloc, "over malloc_limit"));
        }
        parts.sort(java.util.Comparator.comparingLong(Part::count).reversed());
        if (parts.size() == 1) {
            return (parts.get(0).count() == 1 ? "" : "all ") + parts.get(0).why();
        }
        StringBuilder b = new StringBuilder();
        for (Part p : parts) {
            b.append(b.length() == 0 ? "" : ", ").append(String.format(java.util.Locale.ROOT, "%,d ", p.count())).append(p.why());
        }
        return b.toString();
    }

    /** Slot bytes allocated: each heap's allocations times its slot size. */
    public long slotBytesAllocated(org.slotlab.model.layout.RubyLayout layout) {
        long b = 0;
        for (int h = 0; h < allocations.length; h++) {
            b += allocations[h] * (long) layout.slotSize(h);
        }
        return b;
    }

    /**
     * Slot bytes one GC cycle hands out, all heaps together: how far the freelists' walk runs
     * between two visits to the same slot (a dying loop reuses a slot once per cycle).
     */
    public double slotCycleBytes(org.slotlab.model.layout.RubyLayout layout) {
        return slotBytesAllocated(layout) / (gcCount() + 1);
    }

    /**
     * Bytes of memory one GC cycle runs through: the slot bytes and malloc'd bytes allocated
     * between two GCs (every allocation takes a slot the previous cycle swept, in address order,
     * and every malloc'd byte is written). With no GC, the whole run.
     */
    public double cycleBytes(org.slotlab.model.layout.RubyLayout layout) {
        return (slotBytesAllocated(layout) + (double) mallocBytes) / (gcCount() + 1);
    }

    /**
     * Memory of the heaps the run allocated from, at their largest: their pages times the page size.
     * Every GC's sweep visits each slot of these pages, and allocation walks them again, once a cycle.
     */
    public double allocatingHeapBytes(org.slotlab.model.layout.RubyLayout layout) {
        double b = 0;
        for (int h = 0; h < allocations.length; h++) {
            if (allocations[h] > 0) {
                b += (double) Math.max(finalPages[h], peakPages[h]) * layout.pageSize();
            }
        }
        return b;
    }

    /** Pages the heaps took during the run beyond those they started with (each is new memory). */
    public long pagesAdded() {
        long p = 0;
        for (int h = 0; h < peakPages.length; h++) {
            p += Math.max(0, peakPages[h] - startPages[h]);
        }
        return p;
    }

    /**
     * The counts of the part of a run after {@code warm}, a run of its first operations: what a
     * harness times after its warm-up. Pages and retained bytes are this run's (the state at its
     * end); the start pages are those the warm-up ended with.
     */
    public SimResult after(SimResult warm) {
        long[] alloc = allocations.clone();
        for (int h = 0; h < alloc.length; h++) {
            alloc[h] -= warm.allocations[h];
        }
        long[] bySlots = gcsBySlots.clone();
        for (int h = 0; h < bySlots.length; h++) {
            bySlots[h] -= warm.gcsBySlots[h];
        }
        int[] peak = finalPages.clone();
        for (int h = 0; h < peak.length; h++) {
            peak[h] = Math.max(peakPages[h] > warm.peakPages[h] ? peakPages[h] : warm.finalPages[h], finalPages[h]);
        }
        return new SimResult(ops - warm.ops, alloc, minorGcs - warm.minorGcs, majorGcs - warm.majorGcs, gcsByMalloc - warm.gcsByMalloc,
                peak, finalPages.clone(), liveAtEnd.clone(), retainedSlotBytes, retainedMallocBytes, mallocCalls - warm.mallocCalls,
                mallocBytes - warm.mallocBytes, pagesSweptSum - warm.pagesSweptSum, markedSum - warm.markedSum, periodOps,
                warm.finalPages.clone(), peakMallocInFlight, slotsSweptSum - warm.slotsSweptSum, liveBuffersAtEnd,
                arenaSimulated() ? mallocFaults - Math.max(0, warm.mallocFaults) : -1,
                arenaSimulated() ? trimmedPages - Math.max(0, warm.trimmedPages) : -1,
                arenaSimulated() ? trims - Math.max(0, warm.trims) : -1, bySlots,
                rememberedRefsSum - warm.rememberedRefsSum, emptySlotsSweptSum - warm.emptySlotsSweptSum);
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
                && mallocBytes == o.mallocBytes && pagesSweptSum == o.pagesSweptSum && markedSum == o.markedSum
                && java.util.Arrays.equals(startPages, o.startPages) && peakMallocInFlight == o.peakMallocInFlight
                && slotsSweptSum == o.slotsSweptSum && mallocFaults == o.mallocFaults && trimmedPages == o.trimmedPages && trims == o.trims
                && java.util.Arrays.equals(gcsBySlots, o.gcsBySlots) && rememberedRefsSum == o.rememberedRefsSum
                && emptySlotsSweptSum == o.emptySlotsSweptSum;
    }

    @Override
    public String toString() {
        return "SimResult(ops=" + ops + ", alloc=" + java.util.Arrays.toString(allocations) + ", minor=" + minorGcs
                + ", major=" + majorGcs + ", byMalloc=" + gcsByMalloc + ", peakPages="
                + java.util.Arrays.toString(peakPages) + ", finalPages=" + java.util.Arrays.toString(finalPages)
                + ", liveAtEnd=" + java.util.Arrays.toString(liveAtEnd) + ", retained=" + retainedSlotBytes + "+"
                + retainedMallocBytes + ", malloc=" + mallocCalls + "/" + mallocBytes + ", pagesSwept=" + pagesSweptSum
                + ", marked=" + markedSum + ", period=" + periodOps + ", peakMallocInFlight=" + peakMallocInFlight
                + ", mallocFaults=" + mallocFaults + ", trimmedPages=" + trimmedPages + ", trims=" + trims
                + ", bySlots=" + java.util.Arrays.toString(gcsBySlots) + ", remembered=" + rememberedRefsSum + ", emptySwept=" + emptySlotsSweptSum + ")";
    }
}
