package org.slotlab.model.cost;

import java.util.LinkedHashMap;
import java.util.Map;
import org.slotlab.model.harness.HarnessState;
import org.slotlab.model.heap.SimResult;
import org.slotlab.model.layout.RubyLayout;

/**
 * The cost model: predicted ns/op = the harness's loop + the sum, over the events one operation
 * performs (counted exactly by the model's rules and the heap simulation), of each event times its
 * coefficient ({@link CostTerm}). The terms that make the model more than a count of allocations:
 * <ul>
 * <li><b>memory cycled per GC cycle</b>: between two GCs, allocation walks through the slots the
 *     last sweep freed and writes every malloc'd byte. A new embedded string is written into a slot
 *     last touched a GC cycle ago: when the slot memory a cycle runs through
 *     ({@link SimResult#slotCycleBytes}) exceeds the core's own cache,
 *     {@code l2_cache_bytes}, the share {@code 1 - C / cycle} of those writes misses it and each
 *     costs {@code l2_miss_ns_per_slot}. A slot that is only taken (its header written) does not
 *     pay it: the freelist walk's next slot is fetched ahead. Beyond {@code cycle_cache_bytes}
 *     every byte allocated (slots and malloc'd buffers, {@link SimResult#cycleBytes}) costs
 *     {@code cycle_miss_ns_per_byte} more again (the share beyond it), and every memcpy call into that memory
 *     {@code cycle_miss_ns_per_call} for the lines it writes before the prefetcher streams the rest
 *     (the same share beyond the cache), and every line a new embedded string's copy writes into its
 *     slot {@code cycle_miss_ns_per_slot_line} (the same share, times the share of the op's bytes that
 *     are malloc'd buffers: slots written between buffers' streams miss line by line). A bigger slot cycles more memory for the same
 *     number of objects, so embedding into big slots can cost more than the copy saves. Once the
 *     heaps a loop allocates from hold more than {@code slot_cycle_cache_bytes}
 *     ({@link SimResult#allocatingHeapBytes}), every slot byte it allocates costs
 *     {@code slot_cycle_miss_ns_per_byte}, all of them: the sweep visits each slot of those pages
 *     every cycle and allocation walks them again, in the same order, so they stay in the cache or
 *     miss it on every touch;</li>
 * <li><b>page faults</b>: new heap pages (16 faults per 64 KiB page) and the pages of the
 *     malloc'd buffers, each at {@code page_fault_ns}. Where the heap simulation follows the sweep
 *     order (CRuby 3.4's GC) and the profile's machine runs glibc ({@link #glibcMachine}), the
 *     buffers' faults are counted by its simulation of glibc's main arena
 *     ({@link org.slotlab.model.malloc.MainArena}): pages written for the first time, pages
 *     {@code systrim} gave back and the next buffers write again, buffers mapped apart. Elsewhere
 *     (3.1, macOS) they are estimated: the malloc'd bytes in flight at the busiest GC, plus the
 *     share of malloc'd pages the profile's refault curve ({@link MallocFaults}) gives for the
 *     malloc'd bytes per GC cycle;</li>
 * <li><b>GC work per GC</b>: a fixed cost per minor and per major GC, per heap page, per slot
 *     swept, per object marked and per dead object freed, so fewer but more expensive GCs (majors
 *     marking everything) are priced as such; per element a minor GC visits in an old Array the
 *     write barrier remembered (a loop storing new objects into an Array that has grown old pays,
 *     in every minor GC, for all it holds); and the sweep's own misses: a new embedded string
 *     whose slot lay beyond the core's cache when its copy wrote it is freed a cycle later from
 *     beyond it again ({@code gc_l2_miss_ns_per_slot}, the same share). The calibration fits these
 *     to {@code GC.stat(:time)} as well as to the loops' times.</li>
 * </ul>
 */
public final class CostModel {

    private CostModel() {
    }

    /** Share of the bytes a GC cycle runs through that lies beyond {@code cacheBytes}: max(0, 1 - cache / cycle). */
    public static double missFraction(double cycleBytes, double cacheBytes) {
        if (cycleBytes <= cacheBytes || cycleBytes <= 0) {
            return 0;
        }
        return 1 - cacheBytes / cycleBytes;
    }

    /**
     * 1 when {@code bytes} are more than {@code cacheBytes}, else 0: memory touched in the same order
     * every GC cycle, as a heap's slots are, either stays in a cache with least-recently-used
     * replacement or misses it on every touch (each line is evicted just before the next cycle comes
     * back to it), with little in between.
     */
    public static double beyond(double bytes, double cacheBytes) {
        return bytes > cacheBytes && bytes > 0 ? 1 : 0;
    }

    /** ns to allocate one slot of {@code slotBytes} in cache: the base cost plus its bytes up to the touch window. */
    public static double slotNs(CostProfile p, int slotBytes) {
        return p.get(CostProfile.ALLOC) + p.get(CostProfile.SLOT_BYTE) * Math.min(slotBytes, p.get(CostProfile.SLOT_WINDOW));
    }

    /**
     * Bytes per op that come from beyond the cache: the share of the bytes allocated per op that a
     * GC cycle of {@code cycleBytes} cannot keep in {@code cacheBytes}, plus the share of one op's
     * copy that is itself larger than the cache (a copy of 40 MB streams from memory).
     */
    public static double memoryBeyondCache(double bytesPerOp, double cycleBytes, double copiedPerOp, double cacheBytes) {
        return memoryBeyondCache(bytesPerOp, cycleBytes, copiedPerOp, cacheBytes, 0);
    }

    /**
     * {@link #memoryBeyondCache(double, double, double, double)} with the cycle's share beyond the
     * cache by {@link #cycleMissShare}: {@code squareRamp} 0 is the hyperbola, 1 the square ramp.
     */
    public static double memoryBeyondCache(double bytesPerOp, double cycleBytes, double copiedPerOp, double cacheBytes, double squareRamp) {
        return bytesPerOp * cycleMissShare(cycleBytes, cacheBytes, squareRamp) + copiedPerOp * missFraction(copiedPerOp, cacheBytes);
    }

    /**
     * Share of the bytes a GC cycle of {@code cycleBytes} runs through that the cache no longer
     * holds when they are written again, by {@code cycle_miss_square_ramp} ({@code squareRamp},
     * 0 to 1) between two shapes that agree up to {@code cacheBytes} (none) and far beyond it (all):
     * the hyperbola {@code 1 - cache / cycle} ({@link #missFraction}: the bytes beyond the cache
     * spread over the whole cycle), and the square ramp {@code min(1, cycle / cache - 1)^2}, which
     * loses a few bytes just past the cache and all of them by twice it. On the machines where the
     * calibration's {@code malloc_cycle_N} rows time 10,000 B buffers at 8 to 48 MB a cycle, those
     * past 16 MiB paid about 0.1-0.2 and 0.25-0.3 of the full cost at 20 and 24 MB and all of it by
     * about 33 MB (twice 16 MiB, the size of the machine's L3); the hyperbola gives 0.16, 0.30 and 0.5.
     */
    public static double cycleMissShare(double cycleBytes, double cacheBytes, double squareRamp) {
        double hyperbola = missFraction(cycleBytes, cacheBytes);
        if (squareRamp <= 0 || hyperbola == 0) {
            return hyperbola;
        }
        double r = Math.min(1, cycleBytes / cacheBytes - 1);
        return (1 - squareRamp) * hyperbola + squareRamp * r * r;
    }

    /** Bytes of a cache line on the machines Slotlab models (x86-64, and the 64 B lines of Apple's and Arm's cores' L1 data caches). */
    public static final int CACHE_LINE_BYTES = 64;

    /**
     * Lines per op that new embedded strings' copies write into their slots: each one's header line
     * ({@code embeddedWrites}) and one per {@link #CACHE_LINE_BYTES} of bytes copied into slots.
     * What {@code cycle_miss_ns_per_slot_line} prices where the slots lie beyond the cache.
     */
    public static double slotLinesWritten(OpEvents e) {
        return slotLinesWritten(e.embeddedWrites(), e.slotBytesCopied());
    }

    /** {@link #slotLinesWritten(OpEvents)} from the counts themselves (the calibration's design columns). */
    public static double slotLinesWritten(double embeddedWrites, double slotBytesCopied) {
        return embeddedWrites + slotBytesCopied / CACHE_LINE_BYTES;
    }

    /**
     * Share of the bytes an op allocates that are malloc'd buffers rather than slots: how much of what
     * a GC cycle writes between two of a heap's slots is other streams. Where a loop writes slots one
     * after another (a heap cycled alone) the hardware prefetcher follows them and their lines come
     * ahead of the stores; between two 10,000 B buffers' writes a slot's few lines are each a miss of
     * their own. {@code cycle_miss_ns_per_slot_line} is paid in that proportion.
     */
    public static double mallocShare(double slotBytesPerOp, double mallocBytesPerOp) {
        double all = slotBytesPerOp + mallocBytesPerOp;
        return all <= 0 ? 0 : Math.max(0, mallocBytesPerOp) / all;
    }

    /**
     * Buffers of this many bytes or more can be left out of {@code cycle_miss_ns_per_byte}'s bytes
     * (their allocation and the copy into them), by {@code cycle_miss_large_buffer_exempt}: the
     * calibration's {@code faults} unit cycles 100,000 to 400,000 B strings through about 33 MB a GC
     * cycle at the in-cache copy rate (some 0.012 ns a byte), where its {@code malloc_cycle_N} unit's
     * 10,000 B strings pay some 0.04 ns a byte more from 20 MB a cycle on the same machine
     * (docs/FIT.md, "Buffers beyond the cache, placed by the malloc limit"). 64 KiB is glibc's
     * {@code FASTBIN_CONSOLIDATION_THRESHOLD} (malloc/malloc.c), from which a free consolidates the
     * arena's free chunks; what such buffers do pay is priced by their page faults.
     */
    public static final long LARGE_BUFFER_BYTES = 64 * 1024;

    /**
     * Malloc'd bytes per op that {@code cycle_miss_ns_per_byte} prices: all of them, or where the
     * average buffer is {@link #LARGE_BUFFER_BYTES} or more, the share {@code 1 - exempt} of them.
     */
    public static double cycledMallocBytes(double mallocBytesPerOp, double mallocsPerOp, double exempt) {
        boolean large = mallocsPerOp > 0 && mallocBytesPerOp / mallocsPerOp >= LARGE_BUFFER_BYTES;
        return large ? mallocBytesPerOp * (1 - exempt) : mallocBytesPerOp;
    }

    /**
     * {@link #memoryBeyondCache} of an op's bytes as the byte term counts them: its slot bytes, and its
     * malloc'd bytes and the copy into them unless {@link #cycledMallocBytes} leaves large buffers out.
     * The price and the calibration's design column both count through here.
     */
    public static double cycledMemoryBeyondCache(double slotBytesPerOp, double mallocBytesPerOp, double mallocsPerOp, double copiedPerOp,
            double mallocCopiedPerOp, double cycleBytes, double cacheBytes, double exempt, double squareRamp) {
        double cycled = cycledMallocBytes(mallocBytesPerOp, mallocsPerOp, exempt);
        double leftOut = mallocBytesPerOp > 0 ? 1 - cycled / mallocBytesPerOp : 0;
        return memoryBeyondCache(slotBytesPerOp + cycled, cycleBytes, Math.max(0, copiedPerOp - leftOut * mallocCopiedPerOp), cacheBytes,
                squareRamp);
    }

    /** Objects the run's sweeps free: those allocated minus those still reachable at the end. */
    public static double freedObjects(SimResult sim) {
        long live = 0;
        for (long l : sim.liveAtEnd()) {
            live += l;
        }
        return Math.max(0, sim.totalAllocations() - live);
    }

    /**
     * Whether the profile was measured on a machine whose malloc is glibc's: a Linux platform
     * ({@code RUBY_PLATFORM} {@code *-linux}, {@code *-linux-gnu}) other than musl. The simulated
     * arena follows glibc's rules, so only there are its counts the faults; elsewhere (macOS's
     * magazine allocator, musl) the buffers' faults are estimated as where the arena is not simulated.
     */
    static boolean glibcMachine(CostProfile p) {
        String m = p.machine().toLowerCase(java.util.Locale.ROOT);
        return m.contains("-linux") && !m.contains("musl");
    }

    /** Page faults per op the model expects for {@code sim}. */
    public static double faultsPerOp(CostProfile p, RubyLayout layout, SimResult sim) {
        if (sim.ops() == 0) {
            return 0;
        }
        double faults = sim.pagesAdded() * (layout.pageSize() / MallocFaults.PAGE_BYTES);
        if (sim.arenaSimulated() && glibcMachine(p)) {
            // counted by the simulation of glibc's main arena: first touches, pages trimmed and
            // faulted in again, buffers mapped apart
            return (faults + sim.mallocFaults()) / sim.ops();
        }
        faults += sim.peakMallocInFlight() / MallocFaults.PAGE_BYTES;
        if (sim.mallocCalls() > 0) {
            double buffer = (double) sim.mallocBytes() / sim.mallocCalls();
            double cycle = (double) sim.mallocBytes() / (sim.gcCount() + 1);
            faults += sim.mallocBytes() / MallocFaults.PAGE_BYTES * p.mallocFaults().refaultShare(buffer, cycle);
        }
        return faults / sim.ops();
    }

    /**
     * Prices one simulated run. {@code harness} may be null: then the time is net of any harness
     * (benchmark-driver's convention).
     */
    public static TimeBreakdown price(CostProfile p, RubyLayout layout, SimResult sim, OpEvents e, HarnessState harness) {
        Map<String, Double> parts = new LinkedHashMap<>();
        double n = sim.ops();
        parts.put(TimeBreakdown.HARNESS, harness == null ? 0 : harness.loopNs());
        if (n == 0) {
            return new TimeBreakdown(parts, 0, 0, 0);
        }
        double calls = e.methodCalls() * p.get(CostProfile.METHOD_CALL) + e.newCalls() * p.get(CostProfile.NEW_CALL)
                + e.splitCalls() * p.get(CostProfile.SPLIT_CALL);
        for (Map.Entry<CostTerm, Double> t : e.perTerm().entrySet()) {
            // an allocation loop's calls by its shape: Class#new under YJIT, Class#allocate, a Ruby initialize, 3.1's ivar array
            calls += t.getValue() * p.get(t.getKey().id());
        }
        parts.put(TimeBreakdown.CALLS, calls);
        long[] alloc = sim.allocations();
        double slots = 0;
        for (int h = 0; h < alloc.length; h++) {
            slots += alloc[h] / n * slotNs(p, layout.slotSize(h));
        }
        parts.put(TimeBreakdown.SLOTS, slots);
        double cycle = sim.cycleBytes(layout);
        double miss = missFraction(sim.slotCycleBytes(layout), p.get(CostProfile.L2_CACHE));
        double beyondCache = cycledMemoryBeyondCache(sim.slotBytesAllocated(layout) / n, sim.mallocBytes() / n, e.mallocs(), e.bytesCopied(),
                e.mallocBytesCopied(), cycle, p.get(CostProfile.CYCLE_CACHE), p.get(CostProfile.LARGE_BUFFER_EXEMPT),
                p.get(CostProfile.CYCLE_MISS_SQUARE_RAMP));
        double cycleShare = cycleMissShare(cycle, p.get(CostProfile.CYCLE_CACHE), p.get(CostProfile.CYCLE_MISS_SQUARE_RAMP));
        parts.put(TimeBreakdown.CYCLE_MISS, e.embeddedWrites() * miss * p.get(CostProfile.L2_MISS)
                + beyondCache * p.get(CostProfile.CYCLE_MISS)
                + e.memcpyCalls() * cycleShare * p.get(CostProfile.CYCLE_MISS_CALL)
                + slotLinesWritten(e) * cycleShare * mallocShare(sim.slotBytesAllocated(layout) / n, sim.mallocBytes() / n)
                        * p.get(CostProfile.SLOT_LINE_MISS)
                + sim.slotBytesAllocated(layout) / n * beyond(sim.allocatingHeapBytes(layout), p.get(CostProfile.SLOT_CYCLE_CACHE))
                        * p.get(CostProfile.SLOT_CYCLE_MISS));
        parts.put(TimeBreakdown.COPIES, e.slotBytesCopied() * p.get(CostProfile.COPY) + e.mallocBytesCopied() * p.get(CostProfile.MALLOC_COPY)
                + e.memcpyCalls() * p.get(CostProfile.MEMCPY_CALL));
        parts.put(TimeBreakdown.MALLOC, e.mallocs() * p.get(CostProfile.MALLOC));
        double faults = faultsPerOp(p, layout, sim);
        parts.put(TimeBreakdown.FAULTS, faults * p.get(CostProfile.PAGE_FAULT));
        parts.put(TimeBreakdown.SHARED, e.sharedSetups() * p.get(CostProfile.SHARED_SETUP));
        parts.put(TimeBreakdown.ROOTS, e.frozenRoots() * p.get(CostProfile.FROZEN_ROOT));
        parts.put(TimeBreakdown.GC, gcParts(p, layout, sim, e, harness).values().stream().mapToDouble(Double::doubleValue).sum());
        return new TimeBreakdown(parts, miss, cycle, faults);
    }

    /**
     * The GC part of {@link #price}, ns/op per coefficient (keyed by its id; {@code "harness"} for the
     * harness's own objects): each GC event the simulation counted times its coefficient, per op.
     */
    public static Map<String, Double> gcParts(CostProfile p, RubyLayout layout, SimResult sim, OpEvents e, HarnessState harness) {
        Map<String, Double> gc = new LinkedHashMap<>();
        double n = sim.ops();
        if (n == 0) {
            return gc;
        }
        gc.put(CostProfile.GC_MINOR, sim.minorGcs() * p.get(CostProfile.GC_MINOR) / n);
        gc.put(CostProfile.GC_MAJOR, sim.majorGcs() * p.get(CostProfile.GC_MAJOR) / n);
        gc.put(CostProfile.GC_PAGE, sim.pagesSweptSum() * p.get(CostProfile.GC_PAGE) / n);
        gc.put(CostProfile.GC_SLOT, sim.slotsSweptSum() * p.get(CostProfile.GC_SLOT) / n);
        gc.put(CostProfile.GC_MARK, sim.markedSum() * p.get(CostProfile.GC_MARK) / n);
        gc.put(CostProfile.GC_SWEEP_FREE, freedObjects(sim) * p.get(CostProfile.GC_SWEEP_FREE) / n);
        gc.put(CostProfile.GC_FREE, sim.freedBuffers() * p.get(CostProfile.GC_FREE) / n);
        gc.put(CostProfile.GC_REMEMBERED, sim.rememberedRefsSum() * p.get(CostProfile.GC_REMEMBERED) / n);
        gc.put(CostProfile.GC_SWEEP_EMPTY, sim.emptySlotsSweptSum() * p.get(CostProfile.GC_SWEEP_EMPTY) / n);
        // each GC also marks and sweeps what the harness keeps: measured in its heap, per GC
        gc.put("harness", harness == null ? 0 : sim.gcCount() * harness.gcNsPerGc() / n);
        // the sweep that frees a new embedded string finds its slot beyond the core's cache as often as the copy did
        double miss = missFraction(sim.slotCycleBytes(layout), p.get(CostProfile.L2_CACHE));
        gc.put(CostProfile.GC_L2_MISS, e.embeddedWrites() * miss * p.get(CostProfile.GC_L2_MISS));
        return gc;
    }
}
