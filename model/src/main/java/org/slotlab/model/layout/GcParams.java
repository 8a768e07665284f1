package org.slotlab.model.layout;

/**
 * The GC tunables of one CRuby version: when heaps grow, when a minor or major GC runs, and the
 * malloc limits. CRuby: gc/default/default.c:91-138 (3.4.5) and gc.c:272-314 (3.1.2), see
 * RUBY_FACTS.md "Heap init / growth / GC triggers". Sizes are in bytes, counts in slots.
 *
 * @param heapInitSlots       GC_HEAP_INIT_SLOTS: slots a heap may take without a GC (per heap in 3.4)
 * @param heapFreeSlots       GC_HEAP_FREE_SLOTS: floor of the free slots wanted after a GC
 * @param growthFactor        GC_HEAP_GROWTH_FACTOR: cap of the expansion factor
 * @param growthMaxSlots      GC_HEAP_GROWTH_MAX_SLOTS: cap of one expansion (0 = unlimited)
 * @param freeSlotsMinRatio   GC_HEAP_FREE_SLOTS_MIN_RATIO: below this free share after sweep the heap grows
 * @param freeSlotsGoalRatio  GC_HEAP_FREE_SLOTS_GOAL_RATIO: the free share growth aims at
 * @param freeSlotsMaxRatio   GC_HEAP_FREE_SLOTS_MAX_RATIO: above this free share pages may be released
 * @param oldObjectLimitFactor GC_HEAP_OLDOBJECT_LIMIT_FACTOR: major GC when old objects exceed this times the count at the last major
 * @param oldAge              RVALUE_OLD_AGE: GCs an object survives before it is promoted old
 * @param mallocLimitMin      GC_MALLOC_LIMIT_MIN (bytes)
 * @param mallocLimitMax      GC_MALLOC_LIMIT_MAX (bytes)
 * @param mallocLimitGrowthFactor GC_MALLOC_LIMIT_GROWTH_FACTOR
 * @param oldmallocLimitMin   GC_OLDMALLOC_LIMIT_MIN (bytes)
 * @param oldmallocLimitMax   GC_OLDMALLOC_LIMIT_MAX (bytes)
 * @param oldmallocLimitGrowthFactor GC_OLDMALLOC_LIMIT_GROWTH_FACTOR
 * @param growthBySlotsBudget true for 3.4's global slot budget (heap_allocatable_slots_expand),
 *                            false for 3.1's per-heap page growth (heap_extend_pages)
 * @param heapInitBytes       when > 0, each heap's init slots are this many bytes of its slots
 *                            instead of {@code heapInitSlots} (an assumption for 4.x, see RubyLayout.ruby41dev)
 * @param sweepFreesOffsetMalloc whether the buffers a GC's lazy sweep frees are taken off
 *                            malloc_increase before a later malloc can pass malloc_limit. Measured, not
 *                            read from source: on Debian's 3.1.2 a dying loop of 10 KB strings collects no
 *                            more often than Object.new (true); on 3.4.5 it collects every ~32 MB of
 *                            malloc, 293 of 298 GCs by malloc (false). sample-data/measured/.
 * @param promoteFromOldParent whether a young object marked from an old parent (an array kept
 *                            across GCs) is promoted at that GC (3.1: rgengc_check_relation sets it as a
 *                            promotion candidate; measured: a ring of 10,000 gives 137 majors in 279 GCs)
 *                            or ages normally (3.4.5 measured: the same ring gives 0 majors in 609 GCs)
 */
public record GcParams(
        int heapInitSlots,
        int heapFreeSlots,
        double growthFactor,
        int growthMaxSlots,
        double freeSlotsMinRatio,
        double freeSlotsGoalRatio,
        double freeSlotsMaxRatio,
        double oldObjectLimitFactor,
        int oldAge,
        long mallocLimitMin,
        long mallocLimitMax,
        double mallocLimitGrowthFactor,
        long oldmallocLimitMin,
        long oldmallocLimitMax,
        double oldmallocLimitGrowthFactor,
        boolean growthBySlotsBudget,
        long heapInitBytes,
        boolean sweepFreesOffsetMalloc,
        boolean promoteFromOldParent) {

    private static final long MIB = 1024L * 1024L;

    /** CRuby 3.4.5 defaults (gc/default/default.c:91-138, 705, 9322). */
    public static GcParams ruby34() {
        return new GcParams(10_000, 4096, 1.8, 0, 0.20, 0.40, 0.65, 2.0, 3,
                16 * MIB, 32 * MIB, 1.4, 16 * MIB, 128 * MIB, 1.2, true, 0, false, false);
    }

    /** CRuby 3.1.2 defaults (gc.c:272-314). */
    public static GcParams ruby31() {
        return new GcParams(10_000, 4096, 1.8, 0, 0.20, 0.40, 0.65, 2.0, 3,
                16 * MIB, 32 * MIB, 1.4, 16 * MIB, 128 * MIB, 1.2, false, 0, true, true);
    }

    public GcParams {
        require(heapInitSlots >= 0, "heapInitSlots must be >= 0 (GC_HEAP_INIT_SLOTS), got " + heapInitSlots);
        require(heapFreeSlots >= 0, "heapFreeSlots must be >= 0 (GC_HEAP_FREE_SLOTS), got " + heapFreeSlots);
        require(growthFactor >= 1.0, "growthFactor must be >= 1.0 (GC_HEAP_GROWTH_FACTOR), got " + growthFactor);
        require(growthMaxSlots >= 0, "growthMaxSlots must be >= 0 (0 = unlimited), got " + growthMaxSlots);
        require(0 < freeSlotsMinRatio && freeSlotsMinRatio < freeSlotsGoalRatio && freeSlotsGoalRatio < freeSlotsMaxRatio
                        && freeSlotsMaxRatio < 1,
                "free-slots ratios must satisfy 0 < min < goal < max < 1, got " + freeSlotsMinRatio + " / "
                        + freeSlotsGoalRatio + " / " + freeSlotsMaxRatio);
        require(oldObjectLimitFactor >= 1.0, "oldObjectLimitFactor must be >= 1.0, got " + oldObjectLimitFactor);
        require(oldAge >= 1, "oldAge must be >= 1 (RVALUE_OLD_AGE), got " + oldAge);
        require(mallocLimitMin > 0 && mallocLimitMin <= mallocLimitMax,
                "malloc limits must satisfy 0 < min <= max, got " + mallocLimitMin + " / " + mallocLimitMax);
        require(mallocLimitGrowthFactor >= 1.0, "mallocLimitGrowthFactor must be >= 1.0, got " + mallocLimitGrowthFactor);
        require(oldmallocLimitMin > 0 && oldmallocLimitMin <= oldmallocLimitMax,
                "oldmalloc limits must satisfy 0 < min <= max, got " + oldmallocLimitMin + " / " + oldmallocLimitMax);
        require(oldmallocLimitGrowthFactor >= 1.0, "oldmallocLimitGrowthFactor must be >= 1.0");
        require(heapInitBytes >= 0, "heapInitBytes must be >= 0 (0 = use heapInitSlots), got " + heapInitBytes);
    }

    /** The same parameters with init expressed in bytes per heap. */
    public GcParams withHeapInitBytes(long bytes) {
        return new GcParams(heapInitSlots, heapFreeSlots, growthFactor, growthMaxSlots, freeSlotsMinRatio,
                freeSlotsGoalRatio, freeSlotsMaxRatio, oldObjectLimitFactor, oldAge, mallocLimitMin, mallocLimitMax,
                mallocLimitGrowthFactor, oldmallocLimitMin, oldmallocLimitMax, oldmallocLimitGrowthFactor,
                growthBySlotsBudget, bytes, sweepFreesOffsetMalloc, promoteFromOldParent);
    }

    static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }
}
