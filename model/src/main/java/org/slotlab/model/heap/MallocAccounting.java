package org.slotlab.model.heap;

import org.slotlab.model.layout.GcParams;

/**
 * CRuby's malloc accounting between GCs: {@code malloc_increase} against {@code malloc_limit}
 * (objspace_malloc_increase_body, 3.4 gc/default/default.c:8001-8024, 3.1 gc.c:11276) and
 * {@code oldmalloc_increase} against {@code oldmalloc_limit}, both reset or grown by
 * gc_reset_malloc_info (3.4 default.c:6275-6293, 3.1 gc.c:8769-8800).
 *
 * <p>Where the layout says a sweep's frees offset malloc_increase (3.1, measured), the buffers of
 * the dead objects are taken off before any later malloc can push malloc_increase over the limit
 * (CRuby runs {@code gc_rest} first), so malloc_increase after a GC is
 * {@code max(0, malloc'd - freed)}; on 3.4 (measured) it is the bytes malloc'd since the GC.
 */
final class MallocAccounting {

    /**
     * gc_reset_malloc_info: a GC whose malloc_increase stayed within malloc_limit lowers the limit
     * by 2 % (the "magic number" of 3.4 default.c:6289 and 3.1 gc.c:8783), never below
     * malloc_limit_min.
     */
    static final double MALLOC_LIMIT_DECAY = 0.98;

    private final GcParams gc;

    /** Bytes malloc'd since the last GC. */
    long sinceGc;
    /** Bytes the last sweep freed that count against {@link #sinceGc} (3.1), else 0. */
    long sweepCredit;
    /** {@code malloc_limit}. */
    long limit;
    /**
     * {@code oldmalloc_increase}: bytes malloc'd less bytes freed since the last major GC, never
     * below 0 (objspace_malloc_increase_body adds every malloc and takes off every free with
     * atomic_sub_nounderflow: 3.4 default.c:8001-8013, 3.1 gc.c:11276-11289); only a major resets it.
     */
    long oldIncrease;
    /** {@code oldmalloc_limit}. */
    long oldLimit;

    MallocAccounting(GcParams gc) {
        this.gc = gc;
        this.limit = gc.mallocLimitMin();
        this.oldLimit = gc.oldmallocLimitMin();
    }

    /** Bytes that can still be malloc'd before malloc_increase passes malloc_limit (may be negative). */
    long headroom() {
        return limit + sweepCredit - sinceGc;
    }

    void malloced(long bytes) {
        sinceGc += bytes;
    }

    /**
     * Buffers of {@code bytes} freed between two GCs (the sweep that follows a major's incremental
     * marking): objspace_malloc_increase_body takes each free off malloc_increase, never below 0.
     */
    void freedBetweenGcs(long bytes) {
        sinceGc = Math.max(0, sinceGc - bytes);
    }

    /** Whether malloc_increase has passed malloc_limit: the allocation that did it starts a GC. */
    boolean overLimit() {
        return sinceGc - sweepCredit > limit;
    }

    /** {@code malloc_increase} as the GC starting now reads it. */
    long increase() {
        return Math.max(0, sinceGc - sweepCredit);
    }

    /**
     * The oldmalloc check of gc_reset_malloc_info, at the start of a GC (before its sweep), with the
     * bytes malloc'd since the last GC counted in: a major resets oldmalloc_increase; a minor past
     * oldmalloc_limit asks for a major and grows the limit (3.4 default.c:6308-6337, 3.1
     * gc.c:8802-8830). The frees of this GC's sweep come after, through {@link #sweptBuffers}.
     * Returns whether a major is asked for.
     */
    boolean oldmallocAtGc(boolean major) {
        if (major) {
            oldIncrease = 0;
            return false;
        }
        oldIncrease += sinceGc;
        if (oldIncrease > oldLimit) {
            oldLimit = Math.min((long) (oldLimit * gc.oldmallocLimitGrowthFactor()), gc.oldmallocLimitMax());
            return true;
        }
        return false;
    }

    /**
     * The sweep freed {@code bytes} of malloc'd buffers: they come off oldmalloc_increase (not
     * below 0). In a loop whose buffers die young this keeps oldmalloc_increase near one GC
     * cycle's mallocs, so majors by oldmalloc stop once oldmalloc_limit has grown past that.
     */
    void sweptBuffers(long bytes) {
        oldIncrease = Math.max(0, oldIncrease - bytes);
    }

    /**
     * gc_reset_malloc_info: malloc_limit grows past a malloc_increase that exceeded it, else decays;
     * malloc_increase starts again from 0 (less the freed buffers where the sweep's frees count).
     */
    void resetAtGc(long increase, long freedBuffers) {
        if (increase > limit) {
            limit = Math.min((long) (increase * gc.mallocLimitGrowthFactor()), gc.mallocLimitMax());
        } else {
            limit = Math.max((long) (limit * MALLOC_LIMIT_DECAY), gc.mallocLimitMin());
        }
        sinceGc = 0;
        sweepCredit = gc.sweepFreesOffsetMalloc() ? freedBuffers : 0;
    }
}
