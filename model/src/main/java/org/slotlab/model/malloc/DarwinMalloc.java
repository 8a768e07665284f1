package org.slotlab.model.malloc;

/**
 * macOS's default zone, "magazine malloc" (Apple libmalloc, the allocator behind Yui Naruse's
 * "Darwin also saves 6%" in Feature #12025 (https://bugs.ruby-lang.org/issues/12025)). Source: libmalloc
 * {@code src/thresholds.h}: tiny blocks are multiples of {@code TINY_QUANTUM} (16 B) up to
 * {@code TINY_LIMIT_THRESHOLD} (1008 B on 64-bit); small blocks multiples of
 * {@code SMALL_QUANTUM} (512 B) up to {@code SMALL_LIMIT_THRESHOLD} (32 KiB on macOS); beyond
 * that, large allocations are whole VM pages. Block headers live in region metadata, so the
 * footprint is the rounded size.
 *
 * <p>Stated simplifications: the "medium" allocator (32 KiB quanta up to 8 MiB) is engaged only
 * on machines with {@code MEDIUM_ACTIVATION_THRESHOLD} (32 GiB) of memory and is left out; the
 * 2016-era libmalloc had small blocks up to 127 KiB ({@code LARGE_THRESHOLD_LARGEMEM}), which
 * changes nothing below 32 KiB. Pages are 4 KiB (x86-64; arm64 uses 16 KiB).
 * Worked example: malloc(128) takes 128 B (8 quanta), malloc(129) 144 B (9 quanta).
 */
public final class DarwinMalloc implements Allocator {

    /** TINY_QUANTUM: 1 &lt;&lt; SHIFT_TINY_QUANTUM (4), bytes. */
    public static final long TINY_QUANTUM = 16;
    /** TINY_LIMIT_THRESHOLD on 64-bit targets, bytes (inclusive). */
    public static final long TINY_LIMIT_THRESHOLD = 1008;
    /** SMALL_QUANTUM: 1 &lt;&lt; SHIFT_SMALL_QUANTUM (9), bytes. */
    public static final long SMALL_QUANTUM = 512;
    /** SMALL_LIMIT_THRESHOLD on macOS (not iOS), bytes (inclusive). */
    public static final long SMALL_LIMIT_THRESHOLD = 32 * 1024;

    private static final long TINY_BIN = 1;
    private static final long SMALL_BIN = 2;

    @Override
    public String name() {
        return "darwin";
    }

    @Override
    public String description() {
        return "macOS libmalloc magazine zone: tiny 16 B quanta to 1008 B, small 512 B quanta to 32 KiB, "
                + "then 4 KiB pages (src/thresholds.h)";
    }

    @Override
    public long usableSize(long request) {
        Allocator.checkRequest(request);
        if (request <= TINY_LIMIT_THRESHOLD) {
            return Math.max(TINY_QUANTUM, Allocator.roundUp(request, TINY_QUANTUM));
        }
        if (request <= SMALL_LIMIT_THRESHOLD) {
            return Allocator.roundUp(request, SMALL_QUANTUM);
        }
        return Allocator.roundUp(request, PAGE_BYTES);
    }

    @Override
    public long footprint(long request) {
        return usableSize(request);
    }

    @Override
    public long packingBin(long request) {
        if (request <= TINY_LIMIT_THRESHOLD) {
            return TINY_BIN;
        }
        return request <= SMALL_LIMIT_THRESHOLD ? SMALL_BIN : DEDICATED_PAGES;
    }

    @Override
    public String toString() {
        return "DarwinMalloc(tiny <= " + TINY_LIMIT_THRESHOLD + " B, small <= " + SMALL_LIMIT_THRESHOLD + " B)";
    }
}
