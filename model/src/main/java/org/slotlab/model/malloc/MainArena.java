package org.slotlab.model.malloc;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Where malloc'd buffers sit in glibc's main arena, and how many pages the process faults in for
 * them: a simulation of the rules of glibc 2.36's {@code malloc/malloc.c} that decide whether a
 * buffer reuses freed memory, extends the heap with {@code brk}, or is mapped apart, and when the
 * top of the heap is given back to the kernel (and must be faulted in again when it is reused).
 * Addresses are offsets from the start of the simulated heap; memory the process had before it
 * is left out (the simulation starts with an empty heap whose top chunk is empty).
 *
 * <p>The rules, each read from glibc 2.36 ({@code malloc/malloc.c} unless said otherwise):
 * <ul>
 * <li><b>chunk size</b> ({@code request2size}): {@code max(MINSIZE, request + SIZE_SZ)} rounded
 *     up to {@code MALLOC_ALIGNMENT}.</li>
 * <li><b>caches</b>: a freed chunk of at most {@code MAX_TCACHE_SIZE} usable bytes goes to its
 *     per-size tcache list while that holds fewer than {@code TCACHE_FILL_COUNT} (7) chunks, and a
 *     malloc of that size takes the most recent one back ({@code _int_free}, {@code tcache_put},
 *     {@code __libc_malloc}, {@code tcache_get}); a chunk of at most {@code DEFAULT_MXFAST} bytes
 *     that finds its tcache full goes to a fastbin, which is not coalesced until
 *     {@code malloc_consolidate} runs (at a large request in {@code _int_malloc}, or at a free that
 *     coalesces {@code FASTBIN_CONSOLIDATION_THRESHOLD} bytes in {@code _int_free}). Cached chunks
 *     stay in use as far as coalescing is concerned.</li>
 * <li><b>malloc</b> ({@code _int_malloc}): the smallest free chunk that fits (best fit; glibc
 *     takes an exact fit from the unsorted list first and otherwise the smallest chunk of the
 *     binned sizes, which is the same choice; among chunks of one size glibc's bin order decides,
 *     here the lowest address does), split so that the buffer takes its low end and the rest stays
 *     free; else the low end of the top chunk when it has {@code nb + MINSIZE} bytes; else
 *     {@code sysmalloc}.</li>
 * <li><b>sysmalloc</b>: a request of at least {@code mmap_threshold} bytes gets a mapping of its
 *     own of {@code ALIGN_UP(nb + SIZE_SZ, pagesize)} bytes, every page of which faults when the
 *     buffer is written; otherwise the heap grows by {@code brk} for {@code nb + top_pad + MINSIZE}
 *     bytes less what the top chunk already has, rounded up to a page ({@code top_pad} is
 *     {@code DEFAULT_TOP_PAD}, 128 KiB, in {@code sysdeps/generic/malloc-machine.h}).</li>
 * <li><b>free</b> ({@code _int_free}): a chunk coalesces with a free neighbour below and above;
 *     bordering the top chunk, it becomes part of the top. When the chunk so formed is at least
 *     {@code FASTBIN_CONSOLIDATION_THRESHOLD} (64 KiB) and the top chunk is at least
 *     {@code trim_threshold} ({@code DEFAULT_TRIM_THRESHOLD}, 128 KiB), {@code systrim} gives the
 *     top back to the kernel down to {@code top_pad}: {@code ALIGN_DOWN(top - MINSIZE - 1 - top_pad,
 *     pagesize)} bytes.</li>
 * <li><b>dynamic thresholds</b> ({@code __libc_free}): freeing a mapped chunk larger than
 *     {@code mmap_threshold} (and at most {@code DEFAULT_MMAP_THRESHOLD_MAX}, 32 MiB on 64-bit)
 *     raises {@code mmap_threshold} to its size and {@code trim_threshold} to twice that.</li>
 * </ul>
 *
 * <p><b>Faults.</b> A page of the heap faults the first time it is written after {@code brk}
 * mapped it: the simulation keeps the highest address written since the heap last shrank below
 * it; a buffer is written to its end (CRuby fills the strings it allocates) and the top chunk's
 * header just above it, so pages beyond that mark fault. {@code systrim} unmaps the pages above
 * the new end, which then fault again when the heap grows back over them.
 */
public final class MainArena {

    /** SIZE_SZ: sizeof(size_t) on x86-64, bytes. */
    public static final long SIZE_SZ = GlibcMalloc.SIZE_SZ;
    /** MALLOC_ALIGNMENT on x86-64, bytes. */
    public static final long MALLOC_ALIGNMENT = GlibcMalloc.MALLOC_ALIGNMENT;
    /** MINSIZE: the smallest chunk, bytes. */
    public static final long MINSIZE = GlibcMalloc.MINSIZE;
    /** Page size the kernel maps, bytes (x86-64). */
    public static final long PAGE = 4096;
    /** DEFAULT_TOP_PAD (sysdeps/generic/malloc-machine.h): extra bytes brk asks for and systrim keeps, bytes. */
    public static final long DEFAULT_TOP_PAD = 128 * 1024;
    /** DEFAULT_TRIM_THRESHOLD: a top chunk this large is trimmed, bytes. */
    public static final long DEFAULT_TRIM_THRESHOLD = 128 * 1024;
    /** DEFAULT_MMAP_THRESHOLD_MIN: requests this large are mapped apart when they do not fit, bytes. */
    public static final long DEFAULT_MMAP_THRESHOLD = GlibcMalloc.DEFAULT_MMAP_THRESHOLD;
    /** DEFAULT_MMAP_THRESHOLD_MAX on 64-bit (4 MiB x sizeof(long)): the dynamic threshold's ceiling, bytes. */
    public static final long DEFAULT_MMAP_THRESHOLD_MAX = 32L * 1024 * 1024;
    /** FASTBIN_CONSOLIDATION_THRESHOLD: a free that forms a chunk this large may trim, bytes. */
    public static final long FASTBIN_CONSOLIDATION_THRESHOLD = 65536;
    /** TCACHE_FILL_COUNT: chunks a tcache list holds. */
    public static final int TCACHE_FILL_COUNT = 7;
    /** MAX_TCACHE_SIZE (tidx2usize(TCACHE_MAX_BINS - 1)): the largest usable size tcache keeps, bytes. */
    public static final long MAX_TCACHE_USABLE = 63 * MALLOC_ALIGNMENT + MINSIZE - SIZE_SZ;
    /** Largest fastbin chunk: DEFAULT_MXFAST (64 * SIZE_SZ / 4) as set_max_fast rounds it, bytes. */
    public static final long MAX_FAST_CHUNK = (64 * SIZE_SZ / 4 + SIZE_SZ) & ~(MALLOC_ALIGNMENT - 1);
    /** Chunks of at least MIN_LARGE_SIZE bytes are large requests (they consolidate fastbins first). */
    public static final long MIN_LARGE_SIZE = 64 * MALLOC_ALIGNMENT;

    /** Bit of a buffer handle that marks a chunk mapped apart (its size is kept in the map below). */
    private static final long MAPPED = 1L << 62;

    private long top;
    private long end;
    private long written;
    private long mmapThreshold = DEFAULT_MMAP_THRESHOLD;
    private long trimThreshold = DEFAULT_TRIM_THRESHOLD;

    /** Free chunks by address: address to size. */
    private final TreeMap<Long, Long> free = new TreeMap<>();
    /** The same chunks by size, then address. */
    private final TreeMap<Long, TreeSet<Long>> bySize = new TreeMap<>();
    /** tcache lists by chunk size, most recent last. */
    private final TreeMap<Long, ArrayDeque<Long>> tcache = new TreeMap<>();
    /** fastbin lists by chunk size, most recent last. */
    private final TreeMap<Long, ArrayDeque<Long>> fastbins = new TreeMap<>();
    private int fastCount;
    private final Map<Long, Long> mapped = new HashMap<>();
    private long nextMapping = MAPPED;

    private long faults;
    private long grownPages;
    private long trimmedPages;
    private long trims;
    private long mappedPages;

    /** request2size: the chunk a request of {@code request} bytes needs. */
    public static long chunkSize(long request) {
        return Math.max(MINSIZE, (request + SIZE_SZ + MALLOC_ALIGNMENT - 1) & ~(MALLOC_ALIGNMENT - 1));
    }

    private void addFree(long addr, long size) {
        free.put(addr, size);
        bySize.computeIfAbsent(size, k -> new TreeSet<>()).add(addr);
    }

    private void removeFree(long addr, long size) {
        free.remove(addr);
        TreeSet<Long> same = bySize.get(size);
        same.remove(addr);
        if (same.isEmpty()) {
            bySize.remove(size);
        }
    }

    /**
     * malloc({@code request}): returns a handle to pass to {@link #free}, and counts the pages the
     * write of the new buffer faults in.
     */
    public long malloc(long request) {
        long nb = chunkSize(request);
        Long hit = take(tcache, nb);
        if (hit == null) {
            hit = take(fastbins, nb);
            if (hit != null) {
                fastCount--;
            }
        }
        if (hit != null) {
            return hit;
        }
        if (nb >= MIN_LARGE_SIZE && fastCount > 0) {
            consolidate();
        }
        Map.Entry<Long, TreeSet<Long>> fit = bySize.ceilingEntry(nb);
        if (fit != null) {
            long size = fit.getKey();
            long addr = fit.getValue().first();
            removeFree(addr, size);
            if (size - nb >= MINSIZE) {
                addFree(addr + nb, size - nb);
            }
            return addr;
        }
        if (end - top >= nb + MINSIZE) {
            long addr = top;
            top += nb;
            write(top + SIZE_SZ);
            return addr;
        }
        if (nb >= mmapThreshold) {
            long pages = (nb + SIZE_SZ + PAGE - 1) / PAGE;
            long handle = nextMapping++;
            mapped.put(handle, pages * PAGE);
            faults += pages;
            mappedPages += pages;
            return handle;
        }
        long grow = nb + DEFAULT_TOP_PAD + MINSIZE - (end - top);
        grow = (grow + PAGE - 1) / PAGE * PAGE;
        end += grow;
        grownPages += grow / PAGE;
        long addr = top;
        top += nb;
        write(top + SIZE_SZ);
        return addr;
    }

    /** The buffer is written up to {@code upTo}: pages beyond the written mark fault. */
    private void write(long upTo) {
        if (upTo > written) {
            long from = (written + PAGE - 1) / PAGE;
            long to = (upTo + PAGE - 1) / PAGE;
            faults += Math.max(0, to - from);
            written = Math.max(written, to * PAGE);
        }
    }

    /** free() of a buffer {@link #malloc} returned for {@code request} bytes. */
    public void free(long handle, long request) {
        if ((handle & MAPPED) != 0) {
            Long bytes = mapped.remove(handle);
            if (bytes == null) {
                throw new IllegalArgumentException("free of a mapping not made");
            }
            long chunk = bytes - SIZE_SZ; // the mapped chunk's size field
            if (chunk > mmapThreshold && chunk <= DEFAULT_MMAP_THRESHOLD_MAX) {
                mmapThreshold = chunk;
                trimThreshold = 2 * chunk;
            }
            return;
        }
        long nb = chunkSize(request);
        if (nb - SIZE_SZ <= MAX_TCACHE_USABLE) {
            ArrayDeque<Long> list = tcache.computeIfAbsent(nb, k -> new ArrayDeque<>());
            if (list.size() < TCACHE_FILL_COUNT) {
                list.addLast(handle);
                return;
            }
        }
        if (nb <= MAX_FAST_CHUNK) {
            fastbins.computeIfAbsent(nb, k -> new ArrayDeque<>()).addLast(handle);
            fastCount++;
            return;
        }
        long size = coalesce(handle, nb);
        if (size >= FASTBIN_CONSOLIDATION_THRESHOLD) {
            if (fastCount > 0) {
                consolidate();
            }
            if (end - top >= trimThreshold) {
                systrim();
            }
        }
    }

    /** Coalesces a chunk with its free neighbours (or into the top); returns the size of the chunk formed. */
    private long coalesce(long addr, long size) {
        Map.Entry<Long, Long> below = free.floorEntry(addr - 1);
        if (below != null && below.getKey() + below.getValue() == addr) {
            removeFree(below.getKey(), below.getValue());
            addr = below.getKey();
            size += below.getValue();
        }
        if (addr + size == top) {
            top = addr;
            return end - top;
        }
        Long above = free.get(addr + size);
        if (above != null) {
            removeFree(addr + size, above);
            size += above;
        }
        addFree(addr, size);
        return size;
    }

    /** The most recent chunk of a cache list of size {@code nb}, or null. */
    private static Long take(TreeMap<Long, ArrayDeque<Long>> lists, long nb) {
        ArrayDeque<Long> list = lists.get(nb);
        return list == null || list.isEmpty() ? null : list.pollLast();
    }

    /** malloc_consolidate: every fastbin chunk is freed for real, coalescing with its neighbours. */
    private void consolidate() {
        for (Map.Entry<Long, ArrayDeque<Long>> e : fastbins.entrySet()) {
            for (long addr : e.getValue()) {
                coalesce(addr, e.getKey());
            }
            e.getValue().clear();
        }
        fastCount = 0;
    }

    /** systrim(top_pad): gives back the top of the heap above top_pad, in whole pages. */
    private void systrim() {
        long area = end - top - MINSIZE - 1;
        if (area <= DEFAULT_TOP_PAD) {
            return;
        }
        long extra = (area - DEFAULT_TOP_PAD) / PAGE * PAGE;
        if (extra == 0) {
            return;
        }
        end -= extra;
        trimmedPages += extra / PAGE;
        trims++;
        written = Math.min(written, end);
    }

    /** Pages faulted in so far: heap pages written for the first time since brk mapped them, and every page of each mapping. */
    public long faults() {
        return faults;
    }

    /** Pages brk added to the heap so far. */
    public long grownPages() {
        return grownPages;
    }

    /** Pages systrim gave back so far. */
    public long trimmedPages() {
        return trimmedPages;
    }

    /** Times systrim gave pages back. */
    public long trims() {
        return trims;
    }

    /** Pages of the buffers mapped apart so far. */
    public long mappedPages() {
        return mappedPages;
    }

    /** Bytes between the start of the heap and its end (what brk holds now). */
    public long heapBytes() {
        return end;
    }

    /**
     * The arena's state, relative to nothing but itself, as numbers: two arenas with equal
     * signatures respond to the same mallocs and frees in the same way (handles equal up to the
     * caller's bookkeeping).
     */
    public long[] signature() {
        int n = 6 + 2 * free.size() + 2 * tcache.size() + 2 * fastbins.size() + mapped.size();
        long[] s = new long[n];
        int i = 0;
        s[i++] = top;
        s[i++] = end;
        s[i++] = written;
        s[i++] = mmapThreshold;
        s[i++] = trimThreshold;
        s[i++] = fastCount;
        for (Map.Entry<Long, Long> e : free.entrySet()) {
            s[i++] = e.getKey();
            s[i++] = e.getValue();
        }
        for (Map.Entry<Long, ArrayDeque<Long>> e : tcache.entrySet()) {
            s[i++] = e.getKey();
            s[i++] = e.getValue().size();
        }
        for (Map.Entry<Long, ArrayDeque<Long>> e : fastbins.entrySet()) {
            s[i++] = -e.getKey();
            s[i++] = e.getValue().size();
        }
        for (long b : new TreeSet<>(mapped.values())) {
            s[i++] = b;
        }
        return java.util.Arrays.copyOf(s, i);
    }
}
