package org.slotlab.model.malloc;

/**
 * glibc's ptmalloc2 on x86-64 (a dlmalloc 2.7 descendant, the allocator Eric Wong measured "no
 * difference" with in Feature #12025 (https://bugs.ruby-lang.org/issues/12025)). Source: glibc {@code malloc/malloc.c}:
 * {@code request2size} turns a request into a chunk of {@code max(MINSIZE, request + SIZE_SZ)}
 * rounded up to {@code MALLOC_ALIGNMENT}; an in-use chunk lends its successor's
 * {@code prev_size} word, so {@code musable} = chunk - SIZE_SZ. Chunks of at least
 * {@code mmap_threshold} (default {@code DEFAULT_MMAP_THRESHOLD_MIN}, 128 KiB) are served by
 * {@code sysmalloc} with their own mmap of {@code ALIGN_UP(chunk + SIZE_SZ, pagesize)} bytes,
 * usable = mapping - 2 * SIZE_SZ.
 *
 * <p>Simplifications, stated: one arena (all heap chunks share pages), no dynamic mmap
 * threshold (glibc raises it when an mmapped chunk is freed), no tcache/fastbin reuse. Worked
 * example: malloc(128) and malloc(129) both need a 144 B chunk ((129 + 8 + 15) &amp; ~15), which
 * is why 127 vs 128 makes no difference on glibc. Documented bounds: heap chunks waste &lt; 16 B
 * (above the 32 B minimum chunk); mmapped chunks waste &lt; one page + 16 B.
 */
public final class GlibcMalloc implements Allocator {

    /** SIZE_SZ: sizeof(size_t) on x86-64, bytes (malloc.c). */
    public static final long SIZE_SZ = 8;
    /** MALLOC_ALIGNMENT: 2 * SIZE_SZ on x86-64, bytes (malloc.c). */
    public static final long MALLOC_ALIGNMENT = 16;
    /** MINSIZE: smallest chunk (fd/bk/prev_size/size), bytes (malloc.c). */
    public static final long MINSIZE = 32;
    /** DEFAULT_MMAP_THRESHOLD_MIN: chunks this large are mmapped, bytes (malloc.c, 128 * 1024). */
    public static final long DEFAULT_MMAP_THRESHOLD = 128 * 1024;

    private final long mmapThreshold;

    /** glibc with the default 128 KiB mmap threshold. */
    public GlibcMalloc() {
        this(DEFAULT_MMAP_THRESHOLD);
    }

    /** glibc with {@code M_MMAP_THRESHOLD} set to {@code mmapThreshold} bytes (mallopt). */
    public GlibcMalloc(long mmapThreshold) {
        if (mmapThreshold < MINSIZE) {
            throw new IllegalArgumentException("mmap threshold must be >= MINSIZE (" + MINSIZE + " B), got "
                    + mmapThreshold);
        }
        this.mmapThreshold = mmapThreshold;
    }

    @Override
    public String name() {
        return "glibc";
    }

    @Override
    public String description() {
        return "glibc ptmalloc2 x86-64: chunk = max(32, request + 8) rounded to 16; mmap at >= "
                + mmapThreshold / 1024 + " KiB (malloc/malloc.c)";
    }

    /** CRuby-independent: glibc's request2size. */
    public long chunkSize(long request) {
        Allocator.checkRequest(request);
        long padded = request + SIZE_SZ + MALLOC_ALIGNMENT - 1;
        return padded < MINSIZE ? MINSIZE : padded & -MALLOC_ALIGNMENT;
    }

    /** True when sysmalloc would mmap this request on its own pages. */
    public boolean isMmapped(long request) {
        return chunkSize(request) >= mmapThreshold;
    }

    private long mmapSize(long request) {
        return Allocator.roundUp(chunkSize(request) + SIZE_SZ, PAGE_BYTES);
    }

    @Override
    public long usableSize(long request) {
        return isMmapped(request) ? mmapSize(request) - 2 * SIZE_SZ : chunkSize(request) - SIZE_SZ;
    }

    @Override
    public long footprint(long request) {
        return isMmapped(request) ? mmapSize(request) : chunkSize(request);
    }

    @Override
    public long packingBin(long request) {
        return isMmapped(request) ? DEDICATED_PAGES : 0;
    }

    @Override
    public String toString() {
        return "GlibcMalloc(mmapThreshold=" + mmapThreshold + " B)";
    }
}
