package org.slotlab.model.malloc;

/**
 * jemalloc 5.x (5.3, x86-64, 4 KiB pages). Size classes from {@code src/sc.c} with
 * {@code SC_LG_NGROUP} 2 and LG_QUANTUM 4: 8, 16, 32, ..., 128, then four classes per doubling
 * all the way up (160, 192, 224, 256, 320, ...). Classes up to {@code SC_SMALL_MAXCLASS} (14,336
 * B) are slab regions packed per class; larger ones get an extent of their own, padded by
 * {@code sz_large_pad} = one page because {@code opt.cache_oblivious} is on by default
 * ({@code src/sz.c}), so their footprint is the class plus 4 KiB.
 *
 * <p>Documented bound: waste &lt; max(16, request / 4) (one quantum below 128 B, a quarter of the
 * group base above). Worked example: malloc(129) takes 160 B.
 */
public final class Jemalloc5 implements Allocator {

    /** SC_SMALL_MAXCLASS for LG_PAGE 12: (1 &lt;&lt; (12 + 2)) - (1 &lt;&lt; 11), bytes. */
    public static final long SMALL_MAXCLASS = 14_336;
    /** sz_large_pad with opt.cache_oblivious: one page per large extent, bytes. */
    public static final long LARGE_PAD = PAGE_BYTES;

    @Override
    public String name() {
        return "jemalloc-5";
    }

    @Override
    public String description() {
        return "jemalloc 5.3: 16 B quanta to 128 B, 4 classes per doubling; slabs to 14336 B, larger extents "
                + "+ 4 KiB cache-oblivious pad (sc.c, sz.c)";
    }

    @Override
    public long usableSize(long request) {
        Allocator.checkRequest(request);
        return JemallocClasses.classFor(request);
    }

    @Override
    public long footprint(long request) {
        long usable = usableSize(request);
        return usable <= SMALL_MAXCLASS ? usable : usable + LARGE_PAD;
    }

    @Override
    public long packingBin(long request) {
        long usable = usableSize(request);
        return usable <= SMALL_MAXCLASS ? usable : DEDICATED_PAGES;
    }

    @Override
    public String toString() {
        return "Jemalloc5(small <= " + SMALL_MAXCLASS + " B, large pad " + LARGE_PAD + " B)";
    }
}
