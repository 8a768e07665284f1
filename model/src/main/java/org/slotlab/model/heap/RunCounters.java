package org.slotlab.model.heap;

/**
 * What a simulated run has counted so far: the counts a steady-state period repeats, so that
 * skipping {@code n} periods adds {@code n} times the counts of one.
 */
final class RunCounters {
    long minor;
    long major;
    long byMalloc;
    long mallocCalls;
    long mallocBytes;
    long pagesSwept;
    long slotsSwept;
    long marked;
    /** References minor GCs visited in old containers the write barrier remembered. */
    long remembered;
    /** Free slots of heaps left idle since the last GC, which each GC's sweep finds already free (T_NONE), summed over GCs. */
    long emptySwept;
    final long[] allocations;
    final long[] freed;
    /** GCs started because heap h had no free slot left (and no page it could take), per heap. */
    final long[] bySlots;

    RunCounters(int heaps) {
        allocations = new long[heaps];
        freed = new long[heaps];
        bySlots = new long[heaps];
    }

    long gcs() {
        return minor + major;
    }

    RunCounters copy() {
        RunCounters c = new RunCounters(allocations.length);
        c.minor = minor;
        c.major = major;
        c.byMalloc = byMalloc;
        c.mallocCalls = mallocCalls;
        c.mallocBytes = mallocBytes;
        c.pagesSwept = pagesSwept;
        c.slotsSwept = slotsSwept;
        c.marked = marked;
        c.remembered = remembered;
        c.emptySwept = emptySwept;
        System.arraycopy(allocations, 0, c.allocations, 0, allocations.length);
        System.arraycopy(freed, 0, c.freed, 0, freed.length);
        System.arraycopy(bySlots, 0, c.bySlots, 0, bySlots.length);
        return c;
    }

    /** Adds {@code n} times what was counted from {@code earlier} to {@code later}. */
    void addPeriods(RunCounters earlier, RunCounters later, long n) {
        minor += (later.minor - earlier.minor) * n;
        major += (later.major - earlier.major) * n;
        byMalloc += (later.byMalloc - earlier.byMalloc) * n;
        mallocCalls += (later.mallocCalls - earlier.mallocCalls) * n;
        mallocBytes += (later.mallocBytes - earlier.mallocBytes) * n;
        pagesSwept += (later.pagesSwept - earlier.pagesSwept) * n;
        slotsSwept += (later.slotsSwept - earlier.slotsSwept) * n;
        marked += (later.marked - earlier.marked) * n;
        remembered += (later.remembered - earlier.remembered) * n;
        emptySwept += (later.emptySwept - earlier.emptySwept) * n;
        for (int h = 0; h < allocations.length; h++) {
            allocations[h] += (later.allocations[h] - earlier.allocations[h]) * n;
            freed[h] += (later.freed[h] - earlier.freed[h]) * n;
            bySlots[h] += (later.bySlots[h] - earlier.bySlots[h]) * n;
        }
    }
}
