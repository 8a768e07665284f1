package org.slotlab.model.malloc;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One malloc implementation reduced to what a string buffer costs: the usable size it hands back
 * for a request, the bytes that allocation really occupies (headers, class rounding, padding) and
 * a page-granular resident-set estimate for a population of allocations. Implementations are
 * registered by short name in {@link Allocators}; each class cites the source of its size classes.
 *
 * <p>Vocabulary (HdrHistogram-style): a request is rounded up into its <em>class</em>; {@link
 * #usableSize} is what {@code malloc_usable_size} would report, {@link #waste} is
 * {@code usableSize - request} (internal fragmentation), and {@link #footprint} adds what the
 * allocator spends around the block (a chunk header, a guard page). Sizes are bytes.
 */
public interface Allocator {

    /** Page size used for RSS estimates unless an allocator says otherwise, bytes (x86-64). */
    long PAGE_BYTES = 4096;

    /** Largest request the models accept: the 47-bit x86-64 user address space, bytes. */
    long MAX_REQUEST = 1L << 47;

    /** Marker returned by {@link #packingBin} for allocations that get pages of their own. */
    long DEDICATED_PAGES = -1;

    /** Short registry name, e.g. {@code glibc}. */
    String name();

    /** One line: which implementation and version this models, with its source. */
    String description();

    /** Bytes the caller may use for a request of {@code request} bytes (malloc_usable_size). */
    long usableSize(long request);

    /** Bytes the allocation really occupies: usable size plus headers, padding and class rounding. */
    long footprint(long request);

    /** {@code usableSize(request) - request}: bytes handed out but not asked for. */
    default long waste(long request) {
        return usableSize(request) - request;
    }

    /** Page size this allocator maps memory in, bytes. */
    default long pageBytes() {
        return PAGE_BYTES;
    }

    /**
     * Which blocks share pages: allocations with the same bin are packed together (a jemalloc
     * run, a glibc arena, a Darwin tiny region); {@link #DEDICATED_PAGES} means the block is
     * mapped on pages of its own (mmap'd chunks, large runs).
     */
    long packingBin(long request);

    /** RSS estimate for {@code count} live allocations of {@code request} bytes each. */
    default RssEstimate rss(long request, long count) {
        return rss(Map.of(request, count));
    }

    /**
     * Page-granular RSS estimate for a population: live allocations per request size. Blocks of
     * one packing bin are laid end to end and rounded up to whole pages once per bin; dedicated
     * blocks are rounded up to pages each. Freed memory and allocator metadata outside the blocks
     * are not counted.
     */
    default RssEstimate rss(Map<Long, Long> countByRequest) {
        Map<Long, Long> binBytes = new TreeMap<>();
        long requested = 0;
        long usable = 0;
        long footprint = 0;
        long dedicatedPages = 0;
        long allocations = 0;
        long page = pageBytes();
        for (Map.Entry<Long, Long> e : countByRequest.entrySet()) {
            long request = e.getKey();
            long count = e.getValue();
            checkRequest(request);
            if (count < 0) {
                throw new IllegalArgumentException("allocation count must be >= 0, got " + count
                        + " for request " + request + " B");
            }
            long fp = footprint(request);
            allocations += count;
            requested += request * count;
            usable += usableSize(request) * count;
            footprint += fp * count;
            long bin = packingBin(request);
            if (bin == DEDICATED_PAGES) {
                dedicatedPages += count * ((fp + page - 1) / page);
            } else {
                binBytes.merge(bin, fp * count, Long::sum);
            }
        }
        long pages = dedicatedPages;
        for (long bytes : binBytes.values()) {
            pages += (bytes + page - 1) / page;
        }
        return new RssEstimate(name(), allocations, requested, usable, footprint, pages, page);
    }

    /** The population given as a list of (request, count) pairs. */
    default RssEstimate rss(List<AllocationCount> population) {
        Map<Long, Long> m = new TreeMap<>();
        for (AllocationCount a : population) {
            m.merge(a.requestBytes(), a.count(), Long::sum);
        }
        return rss(m);
    }

    /** Rejects negative requests with a message that names the rule. */
    static void checkRequest(long request) {
        if (request < 0) {
            throw new IllegalArgumentException("malloc request must be >= 0 bytes, got " + request);
        }
        if (request > MAX_REQUEST) {
            throw new IllegalArgumentException("malloc request must be <= 2^47 bytes (the x86-64 address space), got "
                    + request);
        }
    }

    /** Rounds {@code value} up to a multiple of {@code unit} (a power of two or any positive unit). */
    static long roundUp(long value, long unit) {
        return (value + unit - 1) / unit * unit;
    }
}
