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
    /** {@code oldmalloc_increase}: malloc_increase summed over the minor GCs since the last major. */
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

    /** Whether malloc_increase has passed malloc_limit: the allocation that did it starts a GC. */
    boolean overLimit() {
        return sinceGc - sweepCredit > limit;
    }

    /** {@code malloc_increase} as the GC starting now reads it. */
    long increase() {
        return Math.max(0, sinceGc - sweepCredit);
    }

    /**
     * The oldmalloc check of a GC whose malloc_increase was {@code increase}: a major resets
     * oldmalloc_increase; a minor adds to it and, past oldmalloc_limit, asks for a major and grows
     * the limit. Returns whether a major is asked for.
     */
    boolean oldmallocAtGc(boolean major, long increase) {
        if (major) {
            oldIncrease = 0;
            return false;
        }
        oldIncrease += increase;
        if (oldIncrease > oldLimit) {
            oldLimit = Math.min((long) (oldLimit * gc.oldmallocLimitGrowthFactor()), gc.oldmallocLimitMax());
            return true;
        }
        return false;
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
