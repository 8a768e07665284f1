package org.slotlab.model.malloc;

/**
 * jemalloc 3.x (3.0-3.6, 2012-2015, x86-64, 4 KiB pages, 4 MiB chunks). Small classes as
 * {@code size_classes.sh} generates them with LG_QUANTUM 4 and LG_SIZE_CLASS_GROUP 2: 8, 16, 32,
 * 48, ..., 128, 160, 192, 224, 256, 320, ..., up to {@code SMALL_MAXCLASS} 3584 B (the generated
 * table: android platform/external/jemalloc {@code include/jemalloc/internal/size_classes.h};
 * also TrinityCore's copy of 3.x {@code size_classes.h}). Larger requests are "large" runs of
 * whole pages up to the chunk size, then "huge" allocations of whole 4 MiB chunks.
 *
 * <p>Note for Feature #12025 (https://bugs.ruby-lang.org/issues/12025): Yui Naruse says jemalloc's "next allocation size of
 * 128 is 192"; that is the older, cacheline-spaced table ({@link JemallocClassic},
 * registered as {@code jemalloc-2}). In 3.x the class after 128 is 160, so malloc(129) wastes 31
 * B, not 63. Simplification: the large/huge boundary is taken at the chunk size minus one page
 * (the real {@code arena_maxclass} subtracts the chunk header's few pages).
 */
public final class Jemalloc3 implements Allocator {

    /** SMALL_MAXCLASS for LG_PAGE 12 (size_classes.sh), bytes. */
    public static final long SMALL_MAXCLASS = 3584;
    /** opt.lg_chunk default 22: chunk size, bytes. */
    public static final long CHUNK_BYTES = 4L * 1024 * 1024;
    /** Largest "large" (page-run) size: chunk minus one header page (assumption), bytes. */
    public static final long LARGE_MAXCLASS = CHUNK_BYTES - PAGE_BYTES;

    @Override
    public String name() {
        return "jemalloc-3";
    }

    @Override
    public String description() {
        return "jemalloc 3.x: 16 B quanta to 128 B, 4 classes per doubling to 3584 B, then 4 KiB pages, "
                + "then 4 MiB chunks (size_classes.sh)";
    }

    @Override
    public long usableSize(long request) {
        Allocator.checkRequest(request);
        if (request <= SMALL_MAXCLASS) {
            return JemallocClasses.classFor(request);
        }
        if (request <= LARGE_MAXCLASS) {
            return Allocator.roundUp(request, PAGE_BYTES);
        }
        return Allocator.roundUp(request, CHUNK_BYTES);
    }

    @Override
    public long footprint(long request) {
        return usableSize(request);
    }

    @Override
    public long packingBin(long request) {
        return request <= SMALL_MAXCLASS ? usableSize(request) : DEDICATED_PAGES;
    }

    @Override
    public String toString() {
        return "Jemalloc3(small <= " + SMALL_MAXCLASS + " B, chunk " + CHUNK_BYTES + " B)";
    }
}
