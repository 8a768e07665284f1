package org.slotlab.model.malloc;

/**
 * A power-of-two allocator in the style of OpenBSD's malloc(3) (Otto Moerbeek's, the kind of
 * allocator Feature #12025 (https://bugs.ruby-lang.org/issues/12025) measured: Eric Wong: "power-of-2 malloc
 * implementations out there (OpenBSD?)"). Source: OpenBSD {@code lib/libc/stdlib/malloc.c}:
 * chunks from {@code MALLOC_MINSIZE} (1 &lt;&lt; MALLOC_MINSHIFT = 16 B) up to
 * {@code MALLOC_MAXCHUNK} (half a page, 2048 B) are rounded up to a power of two and packed in
 * pages of one chunk size, their bookkeeping lives outside the page; anything larger is mapped
 * as whole pages of its own.
 *
 * <p>Worked example: malloc(128) takes a 128 B chunk, malloc(129) a 256 B chunk, so a million
 * 129-byte buffers occupy 125,000 KiB more than a million 128-byte ones: the step in Feature #12025.
 * Documented bound: waste &lt;= max(request - 1, 16). malloc(0) is modelled as a 16 B chunk.
 */
public final class PowerOfTwoMalloc implements Allocator {

    /** MALLOC_MINSIZE: 1 &lt;&lt; MALLOC_MINSHIFT (4), bytes. */
    public static final long MALLOC_MINSIZE = 16;
    /** MALLOC_MAXCHUNK: 1 &lt;&lt; (PAGE_SHIFT - 1), half of a 4 KiB page, bytes. */
    public static final long MALLOC_MAXCHUNK = PAGE_BYTES / 2;

    @Override
    public String name() {
        return "power-of-two";
    }

    @Override
    public String description() {
        return "OpenBSD-style malloc: 2^k chunks 16..2048 B packed per size, larger requests whole 4 KiB pages";
    }

    @Override
    public long usableSize(long request) {
        Allocator.checkRequest(request);
        if (request <= MALLOC_MINSIZE) {
            return MALLOC_MINSIZE;
        }
        if (request <= MALLOC_MAXCHUNK) {
            return Long.highestOneBit(request - 1) << 1;
        }
        return Allocator.roundUp(request, PAGE_BYTES);
    }

    @Override
    public long footprint(long request) {
        return usableSize(request);
    }

    @Override
    public long packingBin(long request) {
        return request <= MALLOC_MAXCHUNK ? usableSize(request) : DEDICATED_PAGES;
    }

    @Override
    public String toString() {
        return "PowerOfTwoMalloc(min " + MALLOC_MINSIZE + " B, chunks up to " + MALLOC_MAXCHUNK + " B)";
    }
}
