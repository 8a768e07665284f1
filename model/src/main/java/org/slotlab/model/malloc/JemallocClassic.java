package org.slotlab.model.malloc;

/**
 * The jemalloc of FreeBSD's libc before jemalloc 3.0 (FreeBSD {@code lib/libc/stdlib/malloc.c}
 * rev. 1.183, 2008, Jason Evans; the same table the Facebook 2011 note cited in 
 * Feature #12025 (https://bugs.ruby-lang.org/issues/12025) describes). Its header table, 64-bit with a 16 B quantum: tiny 2, 4,
 * 8 B; quantum-spaced 16..128 B; cacheline-spaced 192..512 B in 64 B steps; sub-page 768..3840 B
 * in 256 B steps; medium 4..32 KiB in 2 KiB steps; large 36..1020 KiB in 4 KiB pages; huge in 1
 * MiB chunks. This is the table behind Yui Naruse's "jemalloc, whose next allocation size of 128
 * is 192": malloc(129) wastes 63 B here.
 */
public final class JemallocClassic implements Allocator {

    /** LG_QSPACE_MAX_DEFAULT 7: last quantum-spaced class, bytes. */
    public static final long QSPACE_MAX = 128;
    /** CACHELINE: spacing of the cacheline-spaced classes, bytes. */
    public static final long CACHELINE = 64;
    /** LG_CSPACE_MAX_DEFAULT 9: last cacheline-spaced class, bytes. */
    public static final long CSPACE_MAX = 512;
    /** SUBPAGE (1 &lt;&lt; LG_SUBPAGE 8): spacing of the sub-page classes, bytes. */
    public static final long SUBPAGE = 256;
    /** Last sub-page class (page - SUBPAGE), bytes. */
    public static final long SSPACE_MAX = PAGE_BYTES - SUBPAGE;
    /** Medium spacing in the table (2 KiB), bytes. */
    public static final long MEDIUM_SPACING = 2048;
    /** LG_MEDIUM_MAX_DEFAULT 15: last medium class, bytes. */
    public static final long MEDIUM_MAX = 32 * 1024;
    /** Last large class in the table (1020 KiB), bytes. */
    public static final long LARGE_MAX = 1020 * 1024;
    /** Huge spacing in the table (1 MiB chunks), bytes. */
    public static final long HUGE_SPACING = 1024 * 1024;

    @Override
    public String name() {
        return "jemalloc-2";
    }

    @Override
    public String description() {
        return "pre-3.0 jemalloc (FreeBSD libc malloc.c 1.183): 16 B quanta to 128 B, 64 B steps to 512 B, "
                + "256 B steps to 3840 B, medium, pages, 1 MiB chunks";
    }

    @Override
    public long usableSize(long request) {
        Allocator.checkRequest(request);
        if (request <= 8) {
            return request <= 2 ? 2 : Long.highestOneBit(request - 1) << 1;
        }
        if (request <= QSPACE_MAX) {
            return Allocator.roundUp(request, 16);
        }
        if (request <= CSPACE_MAX) {
            return Allocator.roundUp(request, CACHELINE);
        }
        if (request <= SSPACE_MAX) {
            return Allocator.roundUp(request, SUBPAGE);
        }
        if (request <= MEDIUM_MAX) {
            return Math.max(PAGE_BYTES, Allocator.roundUp(request, MEDIUM_SPACING));
        }
        if (request <= LARGE_MAX) {
            return Allocator.roundUp(request, PAGE_BYTES);
        }
        return Allocator.roundUp(request, HUGE_SPACING);
    }

    @Override
    public long footprint(long request) {
        return usableSize(request);
    }

    @Override
    public long packingBin(long request) {
        return request <= MEDIUM_MAX ? usableSize(request) : DEDICATED_PAGES;
    }

    @Override
    public String toString() {
        return "JemallocClassic(FreeBSD libc 1.183 table)";
    }
}
