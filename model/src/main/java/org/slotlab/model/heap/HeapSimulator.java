package org.slotlab.model.heap;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.slotlab.model.layout.GcParams;
import org.slotlab.model.layout.RubyLayout;

/**
 * Event-level simulation of CRuby's slot heaps for a workload given as {@link Phase}s: every
 * allocation takes a free slot of its heap; a heap with no free slot first takes a page while it
 * is below its init slots (3.4 heap_prepare, default.c:2088-2096), else starts a GC of all heaps
 * (default.c:2103-2110); a malloc that pushes malloc_increase past malloc_limit starts one too
 * (objspace_malloc_increase_body, default.c:8001-8024). Minor GCs free dead young objects; objects
 * that survive {@code RVALUE_OLD_AGE} GCs are promoted and only a major GC frees them. After each
 * GC a heap whose free slots are below the min ratio grows or schedules a major when too many
 * minors ran since the last one: on 3.4 by adding to the global allocatable_slots budget, which is
 * reset at every sweep start and taken page by page by any heap that runs dry
 * (gc_sweep_finish_heap default.c:3809-3845, heap_page_allocate_and_initialize 2026-2051); on 3.1
 * by adding pages to its one heap (heap_extend_pages, gc.c:2129-2168).
 *
 * <p>The simulation follows CRuby's seams: allocation (a slot from the heap's freelist, a page
 * when heap_prepare allows one), GC (marking decides who survives and who is promoted, the sweep
 * frees the rest, then gc_marks_finish's checks), heap growth per version ({@link HeapGrowth}),
 * malloc accounting ({@link MallocAccounting}), and the skipping of steady-state periods over the
 * run's counts ({@link RunCounters}). Every run ends by checking CRuby's bookkeeping identities:
 * per heap, slots allocated minus freed are the slots still held, and boot's objects, the run's and
 * the free slots fill the heap's pages exactly; and every GC was started by one of the two
 * triggers, a heap out of slots (counted per heap) or malloc_limit.
 *
 * <p>Simplifications, each chosen because it leaves the counts unchanged for the loops we model:
 * sweeping is counted as if done at the GC (lazy sweep frees the same slots before the next GC);
 * where the layout says a sweep's frees offset malloc_increase (3.1, measured), the buffers of the
 * dead objects are taken off before any later malloc can push malloc_increase over the limit
 * (CRuby runs {@code gc_rest} first, gc.c objspace_malloc_increase), so malloc_increase after a GC
 * is {@code max(0, malloc'd - freed)}; on 3.4 (measured) it is the bytes malloc'd since the GC.
 * The model does not track empty pages, so a 3.4 "growth heap" is one that freed or allocated
 * slots since the last GC, and it does not represent a lazy sweep still running when a loop starts.
 *
 * <p><b>Malloc'd buffers in glibc's arena.</b> On layouts with 3.4's GC, a run whose objects own
 * malloc'd buffers also feeds its mallocs and sweep frees, in CRuby's order, to a simulation of
 * glibc's main arena ({@link ArenaFeed}, {@link org.slotlab.model.malloc.MainArena}) and counts the
 * pages they fault in. There a major GC's sweep comes after its incremental marking, not at the
 * GC, and its frees come off malloc_increase, which moves the next GC by malloc; the slot counts
 * above still sweep at the GC. The steady-state check then takes the arena's state with the
 * heap's: a period is skipped only when both repeat.
 *
 * <p><b>Extrapolation is exact.</b> Inside a phase every op allocates the same objects, so the
 * simulation from one GC to the next depends only on the state at the GC expressed relative to
 * the current op: pages, free slots, the op ranges of the surviving cohorts, their ages, the
 * malloc and oldmalloc counters and limits, the old-object limit and pending major flags. We
 * record that relative state after every GC; when one repeats, the evolution from it repeats
 * with the same period (the transition function is deterministic and time-invariant), so whole
 * periods are skipped by adding the counts of one period times their number, and the rest of the
 * phase is simulated as usual. A property test compares this with full simulation.
 */
public final class HeapSimulator {

    private final RubyLayout layout;
    private final GcParams gc;
    private final int heaps;

    /** GC_INCREMENTAL_SWEEP_POOL_SLOT_COUNT (gc/default/default.c:965): free slots a sweep step pools per heap. */
    static final long SWEEP_POOL_SLOTS = 1024;
    /** GC_INCREMENTAL_SWEEP_SLOT_COUNT (gc/default/default.c:964): free slots past which a sweep step stops. */
    static final long SWEEP_STEP_SLOTS = 2048;

    public HeapSimulator(RubyLayout layout) {
        this.layout = Objects.requireNonNull(layout);
        this.gc = layout.gc();
        this.heaps = layout.heapCount();
    }

    /**
     * One GC as the simulation saw it, for traces and pictures of the heap.
     *
     * @param op the operation during which it ran (0-based)
     * @param major whether it was a major GC
     * @param byMalloc whether malloc_increase passing malloc_limit started it
     * @param pages pages per heap after it (its growth included)
     * @param occupied slots per heap it did not free (live, and old garbage a minor GC keeps)
     * @param oldObjects old objects after it
     * @param oldObjectsLimit the old-object limit after it
     * @param dryHeap the heap that ran out of slots and started it, or {@link #BY_MALLOC}
     * @param markingSlots for a major GC on 3.4, the slots the loop allocates while its incremental
     *                     marking runs (the sweep, and its frees, come after); 0 otherwise
     */
    public record GcEvent(long op, boolean major, boolean byMalloc, int[] pages, long[] occupied, long oldObjects, long oldObjectsLimit,
            int dryHeap, long markingSlots) {
    }

    /** {@link GcEvent#dryHeap()} of a GC that malloc_increase passing malloc_limit started. */
    public static final int BY_MALLOC = -1;

    /** Runs the phases without skipping, telling {@code listener} about every GC. */
    public SimResult run(List<Phase> phases, java.util.function.Consumer<GcEvent> listener) {
        Run r = new Run(phases, false);
        r.listener = listener;
        return r.execute();
    }

    /** Runs the phases, skipping whole steady-state periods when {@code extrapolate} is set. */
    public SimResult run(List<Phase> phases, boolean extrapolate) {
        for (Phase p : phases) {
            for (ObjectSpec s : p.perOp()) {
                if (s.heap() >= heaps) {
                    throw new IllegalArgumentException("object spec names heap " + s.heap() + " but layout "
                            + layout.name() + " has " + heaps + " heaps");
                }
            }
        }
        return new Run(phases, extrapolate).execute();
    }

    public SimResult run(List<Phase> phases) {
        return run(phases, true);
    }

    private final class Run {
        final List<Phase> phases;
        final boolean extrapolate;
        java.util.function.Consumer<GcEvent> listener;

        final int[] pages = new int[heaps];
        final long[] free = new long[heaps];
        final long[] bootLive = new long[heaps];
        long[] bootYoung = new long[heaps];
        int bootYoungAge;
        final List<Cohort> cohorts = new ArrayList<>();
        long[] openFrom;

        final RunCounters count = new RunCounters(heaps);
        final int[] peakPages = new int[heaps];
        int[] startPages;
        long peakMallocInFlight;
        long periodOps;

        final MallocAccounting malloc = new MallocAccounting(gc);
        /** Where the buffers sit in glibc's main arena (3.4's GC order; null when not simulated). */
        final ArenaFeed feed;
        /** Arena counts of the periods skipped: faults, pages trimmed, trims. */
        long skippedArenaFaults;
        long skippedArenaTrimmed;
        long skippedArenaTrims;

        /** 3.4's global allocatable_slots budget (default.c:496): any heap that runs dry takes pages from it. */
        long budget;
        final long[] allocationsAtLastGc = new long[heaps];
        long oldObjectsLimit;
        boolean needMajor;
        long gcsSinceMajor;

        final Map<ObjectSpec, Long> specIds = new java.util.IdentityHashMap<>();
        long t;
        int phaseIndex;
        List<ObjectSpec> specs;
        /** Slots per op of the current phase in each heap. */
        long[] demand;

        Run(List<Phase> phases, boolean extrapolate) {
            this.phases = phases;
            this.extrapolate = extrapolate;
            boolean mallocs = false;
            for (Phase p : phases) {
                for (ObjectSpec s : p.perOp()) {
                    mallocs |= s.mallocBytes() > 0;
                }
            }
            this.feed = mallocs && gc.growthBySlotsBudget() ? new ArenaFeed() : null;
            for (int h = 0; h < heaps; h++) {
                pages[h] = layout.boot().pages(h);
                bootLive[h] = layout.boot().live(h);
                bootYoung[h] = bootLive[h] - layout.boot().old(h);
                // boot's garbage that no sweep has freed yet holds its slots until the first GC
                // (BootState keeps the slots in use at least the live ones)
                long inUse = layout.boot().occupied(h);
                long total = total(h);
                if (inUse > total) {
                    // Boot left more objects than its pages hold: give the heap the pages it needs.
                    pages[h] = (int) ((inUse + layout.slotsPerPage(h) - 1) / layout.slotsPerPage(h));
                }
                free[h] = total(h) - inUse;
                peakPages[h] = pages[h];
            }
            startPages = pages.clone();
            long bootOld = 0;
            for (int h = 0; h < heaps; h++) {
                bootOld += layout.boot().old(h);
            }
            oldObjectsLimit = (long) (bootOld * gc.oldObjectLimitFactor());
            int sinceMajor = layout.boot().gcsSinceMajor();
            gcsSinceMajor = sinceMajor < 0 ? gc.oldAge() : sinceMajor;
        }

        long total(int h) {
            return layout.slotsInPages(h, pages[h]);
        }

        SimResult execute() {
            long phaseStart = 0;
            for (phaseIndex = 0; phaseIndex < phases.size(); phaseIndex++) {
                Phase phase = phases.get(phaseIndex);
                specs = phase.perOp();
                openFrom = new long[specs.size()];
                java.util.Arrays.fill(openFrom, phaseStart);
                t = phaseStart;
                long end = phaseStart + phase.ops();
                runPhase(end);
                closeOpen(end - 1, specs.size());
                phaseStart = end;
            }
            checkInvariants();
            return finish(phaseStart);
        }

        /** Moves the open (since-last-GC) allocations of specs into cohorts: ops up to lastOp for spec index < j, else lastOp - 1. */
        void closeOpen(long lastOp, int j) {
            for (int s = 0; s < specs.size(); s++) {
                long last = s < j ? lastOp : lastOp - 1;
                if (last >= openFrom[s]) {
                    cohorts.add(new Cohort(specs.get(s), openFrom[s], last, 0, false));
                }
                openFrom[s] = last + 1;
            }
        }

        // ---- allocation: newobj_of's slot from the heap's freelist, heap_prepare when it is empty

        void runPhase(long end) {
            if (specs.isEmpty()) {
                t = end;
                return;
            }
            demand = new long[heaps];
            long mallocPerOp = 0;
            for (ObjectSpec s : specs) {
                demand[s.heap()]++;
                mallocPerOp += s.mallocBytes();
            }
            long mallocsPerOp = countMallocs();
            Map<StateKey, SteadyMark> seen = extrapolate ? new HashMap<>() : null;
            long gcsAtLastCheck = -1;
            while (t < end) {
                // Bulk: complete ops that cannot trigger anything.
                long k = end - t;
                for (int h = 0; h < heaps; h++) {
                    if (demand[h] > 0) {
                        k = Math.min(k, free[h] / demand[h]);
                    }
                }
                if (mallocPerOp > 0) {
                    long headroom = malloc.headroom(); // allowed before inc > limit
                    long safe = headroom <= 0 ? 0 : (headroom - 1) / mallocPerOp;
                    k = Math.min(k, Math.max(0, safe - 1));
                }
                if (feed != null && feed.marking()) {
                    long slotsPerOp = specs.size();
                    k = Math.min(k, Math.max(0, (Math.min(feed.markingSlotsLeft(), feed.slotsToNextStep()) - 1) / slotsPerOp));
                }
                if (k > 0) {
                    if (feed != null) {
                        for (long op = t; op < t + k; op++) {
                            for (ObjectSpec s : specs) {
                                if (s.mallocBytes() > 0) {
                                    feed.malloc(s, op);
                                }
                            }
                        }
                        feed.slotsAllocated(k, specs.size());
                    }
                    for (int h = 0; h < heaps; h++) {
                        free[h] -= k * demand[h];
                        count.allocations[h] += k * demand[h];
                    }
                    malloc.malloced(k * mallocPerOp);
                    count.mallocCalls += k * mallocsPerOp;
                    count.mallocBytes += k * mallocPerOp;
                    t += k;
                    continue;
                }
                // One op, object by object (may collect).
                for (int s = 0; s < specs.size(); s++) {
                    allocate(s);
                }
                t++;
                long gcs = count.gcs();
                if (seen != null && gcs != gcsAtLastCheck && t < end) {
                    gcsAtLastCheck = gcs;
                    if (tryExtrapolate(seen, end)) {
                        seen = null;
                    }
                }
            }
        }

        long countMallocs() {
            long c = 0;
            for (ObjectSpec s : specs) {
                if (s.mallocBytes() > 0) {
                    c++;
                }
            }
            return c;
        }

        void allocate(int s) {
            ObjectSpec spec = specs.get(s);
            int h = spec.heap();
            if (free[h] == 0) {
                if (gc.growthBySlotsBudget() && total(h) < layout.heapInitSlots(h)) {
                    addPages(h, 1); // heap_page_allocate_and_initialize_force (default.c:2088-2096)
                } else if (budget > 0) {
                    takeBudgetPage(h);
                } else {
                    collect(h, s);
                    if (free[h] == 0) {
                        if (budget > 0) {
                            takeBudgetPage(h);
                        } else {
                            addPages(h, 1);
                        }
                    }
                }
            }
            free[h]--;
            count.allocations[h]++;
            if (feed != null) {
                feed.slotAllocated(t);
                long late = feed.takeLateSweptBytes();
                if (late > 0) {
                    malloc.freedBetweenGcs(late);
                }
                if (spec.mallocBytes() > 0) {
                    feed.malloc(spec, t);
                }
            }
            if (spec.mallocBytes() > 0) {
                malloc.malloced(spec.mallocBytes());
                count.mallocCalls++;
                count.mallocBytes += spec.mallocBytes();
                if (malloc.overLimit()) {
                    collect(BY_MALLOC, s + 1);
                }
            }
        }

        /** heap_page_allocate_and_initialize (default.c:2026-2051): a page from the budget. */
        void takeBudgetPage(int h) {
            addPages(h, 1);
            budget = Math.max(0, budget - layout.slotsPerPage(h));
        }

        void addPages(int h, int n) {
            long before = total(h);
            pages[h] += n;
            free[h] += total(h) - before;
            peakPages[h] = Math.max(peakPages[h], pages[h]);
        }

        // ---- GC: marking (who survives, who is promoted), sweeping (freed slots and buffers), then gc_marks_finish's checks

        /**
         * A GC during op t, after the first {@code j} objects of the op were allocated, started by
         * heap {@code dryHeap} running out of slots or, when it is {@link #BY_MALLOC}, by malloc_limit.
         */
        void collect(int dryHeap, int j) {
            boolean byMallocTrigger = dryHeap == BY_MALLOC;
            Cancellation.check();
            boolean isMajor = needMajor;
            closeOpen(t, j);
            long totalPages = 0;
            for (int h = 0; h < heaps; h++) {
                totalPages += pages[h];
            }
            count.pagesSwept += totalPages;
            for (int h = 0; h < heaps; h++) {
                count.slotsSwept += total(h);
                // the free slots of a heap the loop left idle since the last GC: the sweep visits every unmarked
                // slot, these included, and reads each one's header to find it already free (gc_sweep_plane's
                // T_NONE case, default.c:3576-3578); a heap the loop allocates from has handed out most of its
                // free slots by then, and what it has left it swept in cache
                if (count.allocations[h] == allocationsAtLastGc[h]) {
                    count.emptySwept += free[h];
                }
            }
            long mallocIncrease = malloc.increase();

            long[] occupied = new long[heaps];
            long[] freedSlots = new long[heaps];
            long marked = 0;
            if (gc.growthBySlotsBudget()) {
                budget = 0; // gc_sweep_start (default.c:3782)
            }
            long freedBuffers = 0;
            long oldObjects = 0;
            for (int h = 0; h < heaps; h++) {
                occupied[h] = bootLive[h];
                oldObjects += bootLive[h] - bootYoung[h];
                marked += isMajor ? bootLive[h] : bootYoung[h];
            }
            if (bootYoungAge + 1 >= gc.oldAge()) {
                bootYoung = new long[heaps];
            } else {
                bootYoungAge++;
            }
            List<Cohort> kept = new ArrayList<>(cohorts.size());
            List<long[]> dyingRanges = feed == null ? null : new ArrayList<>();
            List<ObjectSpec> dyingSpecs = feed == null ? null : new ArrayList<>();
            long inFlight = 0;
            for (Cohort c : cohorts) {
                inFlight += c.size() * c.spec.mallocBytes();
            }
            peakMallocInFlight = Math.max(peakMallocInFlight, inFlight);
            // a minor GC visits every element of an old container that holds a young object (rb_gc_writebarrier
            // remembered it when the object was stored, and the marking remembers it again while one is young:
            // rgengc_rememberset_mark, gc_mark_children): what it holds now, young and old
            long heldByOld = 0;
            boolean remembered = false;
            for (Cohort c : cohorts) {
                int h = c.spec.heap();
                long firstAlive = c.spec.firstAliveBorn(c.first, t);
                long live = Math.max(0, c.last - firstAlive + 1);
                if (!isMajor && c.spec.heldByOld()) {
                    heldByOld += live;
                    remembered |= !c.old;
                }
                if (c.old && !isMajor) {
                    occupied[h] += c.size();
                    oldObjects += c.size();
                    kept.add(c);
                    continue;
                }
                long dead = c.size() - live;
                if (feed != null && dead > 0 && c.spec.mallocBytes() > 0) {
                    dyingRanges.add(new long[] {c.first, Math.min(c.last, firstAlive - 1)});
                    dyingSpecs.add(c.spec);
                }
                freedBuffers += dead * c.spec.mallocBytes();
                freedSlots[h] += dead;
                marked += live;
                if (live == 0) {
                    continue;
                }
                c.first = firstAlive;
                if (!c.old) {
                    c.age++;
                    if (c.age >= gc.oldAge() || (c.spec.heldByOld() && gc.promoteFromOldParent())) {
                        c.old = true;
                    }
                }
                occupied[h] += live;
                if (c.old) {
                    oldObjects += live;
                }
                kept.add(c);
            }
            if (remembered) {
                count.remembered += heldByOld;
            }
            cohorts.clear();
            cohorts.addAll(mergeRetainedOld(kept));
            long markingSlots = isMajor && gc.growthBySlotsBudget() ? majorMarkingSlots(occupied) : 0;
            if (feed != null) {
                feed.gc(t, isMajor, dyingRanges, dyingSpecs, markingSlots);
            }
            count.marked += marked;
            for (int h = 0; h < heaps; h++) {
                count.freed[h] += freedSlots[h];
            }

            if (isMajor) {
                count.major++;
                gcsSinceMajor = 0;
                oldObjectsLimit = (long) (oldObjects * gc.oldObjectLimitFactor());
                needMajor = false;
            } else {
                count.minor++;
                gcsSinceMajor++;
            }
            if (malloc.oldmallocAtGc(isMajor)) {
                needMajor = true;
            }
            if (byMallocTrigger) {
                count.byMalloc++;
            } else {
                count.bySlots[dryHeap]++;
            }
            // gc_marks_finish (3.4 default.c:5442-5485, 3.1 gc.c:7978-8044): when all heaps together will
            // sweep fewer free slots than the minimum, a minor GC within RVALUE_OLD_AGE GCs of the last major
            // counts as full marking (3.1 grows the heap then), a later one asks for a major (NOFREE); and
            // after full marking the old-object limit is reset to twice the old objects
            long totalSlotsAll = 0;
            long occupiedAll = 0;
            for (int h = 0; h < heaps; h++) {
                totalSlotsAll += total(h);
                occupiedAll += occupied[h];
            }
            long sweepSlots = totalSlotsAll - occupiedAll;
            double minFreeAll = Math.max(totalSlotsAll * gc.freeSlotsMinRatio(), gc.heapFreeSlots());
            boolean fullMarking = isMajor;
            if (!isMajor && (!gc.growthBySlotsBudget() || budget == 0) && sweepSlots < minFreeAll) {
                if (gcsSinceMajor < gc.oldAge()) {
                    fullMarking = true;
                } else {
                    needMajor = true;
                }
            }
            if (fullMarking && !isMajor) {
                oldObjectsLimit = (long) (oldObjects * gc.oldObjectLimitFactor());
            }
            if (oldObjects > oldObjectsLimit) {
                needMajor = true;
            }
            malloc.resetAtGc(mallocIncrease, freedBuffers);
            malloc.sweptBuffers(freedBuffers);
            grow(occupied, freedSlots, isMajor);
            if (listener != null) {
                listener.accept(new GcEvent(t, isMajor, byMallocTrigger, pages.clone(), occupied.clone(), oldObjects, oldObjectsLimit,
                        dryHeap, markingSlots));
            }
        }

        /**
         * Slots the loop allocates while a major GC marks incrementally, the first of two limits
         * CRuby 3.4 sets (gc/default/default.c):
         * <ul>
         * <li>the marking's own pace: gc_marks_start (5762-5771) splits the work into
         *     {@code pooled_slots / INCREMENTAL_MARK_STEP_ALLOCATIONS + 1} steps of
         *     {@code 2 * marked_slots / steps} objects each, one every 500 slots allocated; the
         *     objects to mark are about those the last GC marked, so it is done after half the
         *     steps;</li>
         * <li>the pooled pages: gc_marks_start hands every heap the pages its sweep pooled
         *     ({@code heap_move_pooled_pages_to_free_pages}), and when the heap that asks for a slot
         *     has no free page left gc_marks_continue (5738-5760) finishes the marking at once; a
         *     heap still under its init slots takes a new page instead (heap_prepare, 2092-2096) and
         *     never ends it.</li>
         * </ul>
         * The simulation does not hold the pool back during the cycle, so the heap that ran dry has
         * only its pool left, and one not yet dry has the pool among its free slots.
         */
        long majorMarkingSlots(long[] occupied) {
            long[] pooled = new long[heaps];
            long pooledAll = 0;
            for (int h = 0; h < heaps; h++) {
                pooled[h] = pooledSlots(h, Math.min(occupied[h], total(h)));
                pooledAll += pooled[h];
            }
            long steps = pooledAll / ArenaFeed.MARK_STEP_SLOTS + 1;
            long byWork = (steps + 1) / 2 * ArenaFeed.MARK_STEP_SLOTS;
            long ops = Long.MAX_VALUE;
            for (int h = 0; h < heaps; h++) {
                if (demand[h] == 0 || total(h) < layout.heapInitSlots(h)) {
                    continue;
                }
                ops = Math.min(ops, Math.max(free[h], pooled[h]) / demand[h]);
            }
            long byPool = ops == Long.MAX_VALUE ? Long.MAX_VALUE : Math.max(1, ops) * specs.size();
            return Math.min(byWork, byPool);
        }

        /**
         * Free slots the sweep before a major pools in heap {@code h} (gc_sweep_step, 3885-3950):
         * every step pools the first pages with free slots it sweeps until it holds
         * {@link #SWEEP_POOL_SLOTS}, then adds pages to the free list until more than
         * {@link #SWEEP_STEP_SLOTS} are swept, and the next step starts over; the pool is kept out of
         * use while the next GC is to mark incrementally (gc_sweep_finish, 3860-3875). The sweep walks
         * the heap's pages oldest first (heap_add_page appends): boot's pages, with the free slots
         * boot left spread among its objects, then the pages the loop added, the objects it keeps
         * packed into the first of them and the rest free. {@code live} is this GC's count of the
         * heap's live objects, standing for the last sweep's (in the loops the simulation runs, the
         * objects that outlive a cycle are the same from one GC to the next).
         */
        long pooledSlots(int h, long live) {
            long perPage = layout.slotsPerPage(h);
            int bootPages = Math.min(startPages[h], pages[h]);
            long holes = bootPages == 0 ? 0 : Math.max(0, Math.min(total(h), layout.slotsInPages(h, bootPages)) - bootLive[h]);
            long extra = Math.max(0, live - bootLive[h]);
            long pooled = 0;
            long stepPooled = 0;
            long stepSwept = 0;
            for (int p = 0; p < pages[h]; p++) {
                long f;
                if (p < bootPages) {
                    f = holes / bootPages + (p < holes % bootPages ? 1 : 0);
                } else {
                    long used = Math.min(perPage, extra);
                    extra -= used;
                    f = perPage - used;
                }
                if (f == 0) {
                    continue;
                }
                if (stepPooled < SWEEP_POOL_SLOTS) {
                    pooled += f;
                    stepPooled += f;
                } else {
                    stepSwept += f;
                    if (stepSwept > SWEEP_STEP_SLOTS) {
                        stepPooled = 0;
                        stepSwept = 0;
                    }
                }
            }
            return pooled;
        }

        // ---- heap growth after the sweep

        /**
         * gc_sweep_finish_heap (3.4, default.c:3809-3845) / gc_marks_finish (3.1): grow heaps short of
         * free slots, or ask for a major. On 3.4 only a "growth heap" grows (one that freed more
         * slots than it had empty ones; the model does not track empty pages, so: one that freed
         * slots in this GC or allocated since the last one: a heap full of live objects has no empty
         * page either), and it grows the global budget rather than its own page count.
         */
        void grow(long[] occupied, long[] freedSlots, boolean isMajor) {
            for (int h = 0; h < heaps; h++) {
                long total = total(h);
                free[h] = total - occupied[h];
                double minFree = gc.growthBySlotsBudget()
                        ? Math.max(total, layout.heapInitSlots(h)) * gc.freeSlotsMinRatio()
                        : Math.max(total * gc.freeSlotsMinRatio(), gc.heapFreeSlots());
                boolean growthHeap = !gc.growthBySlotsBudget() || freedSlots[h] > 0
                        || count.allocations[h] > allocationsAtLastGc[h];
                allocationsAtLastGc[h] = count.allocations[h];
                if (free[h] < minFree && total > 0 && growthHeap) {
                    if (isMajor || gcsSinceMajor < gc.oldAge()) {
                        if (gc.growthBySlotsBudget()) {
                            budget += HeapGrowth.allocatableSlotsExpand(gc, free[h], total);
                        } else {
                            addPages(h, HeapGrowth.extendPages(gc, pages[h], layout.slotsPerPage(h), free[h], total));
                        }
                    } else {
                        needMajor = true;
                    }
                }
            }
        }

        /** Old cohorts that live forever never change again: merge them per spec so the state stays small. */
        List<Cohort> mergeRetainedOld(List<Cohort> in) {
            List<Cohort> out = new ArrayList<>(in.size());
            Map<ObjectSpec, Cohort> retained = new HashMap<>();
            for (Cohort c : in) {
                if (c.retainedOld()) {
                    Cohort m = retained.get(c.spec);
                    if (m == null) {
                        // Ranges of merged cohorts need not touch: keep a synthetic range of the right size.
                        m = new Cohort(c.spec, Long.MIN_VALUE / 4, Long.MIN_VALUE / 4 + c.size() - 1, c.age, true);
                        retained.put(c.spec, m);
                        out.add(m);
                    } else {
                        m.last += c.size();
                    }
                } else {
                    out.add(c);
                }
            }
            return out;
        }

        // ---- extrapolation over steady-state periods

        /** When a relative state was first seen: the op and the counts then. */
        record SteadyMark(long op, RunCounters counts, long arenaDigest, long arenaFaults, long arenaTrimmed, long arenaTrims) {
        }

        SteadyMark mark() {
            return feed == null ? new SteadyMark(t, count.copy(), 0, 0, 0, 0)
                    : new SteadyMark(t, count.copy(), feed.digest(t), feed.arena().faults(), feed.arena().trimmedPages(), feed.arena().trims());
        }

        /** After a GC: remember the relative state; if it was seen before, skip whole periods. */
        boolean tryExtrapolate(Map<StateKey, SteadyMark> seen, long end) {
            StateKey heapKey = stateKey();
            SteadyMark now = mark();
            // with the arena simulated, a period repeats both the heap's state and the arena's
            StateKey key = feed == null ? heapKey : heapKey.with(now.arenaDigest());
            SteadyMark prev = seen.get(key);
            if (prev == null) {
                // (where the heap repeats but the buffers do not sit where they sat, the run goes on
                // until the arena repeats too: skipping on the heap's period alone would guess the faults)
                seen.put(key, now);
                return false;
            }
            long period = t - prev.op();
            if (period <= 0) {
                return false;
            }
            long n = (end - t) / period;
            if (n <= 0) {
                return true;
            }
            count.addPeriods(prev.counts(), count.copy(), n);
            long shift = period * n;
            if (feed != null) {
                skippedArenaFaults += (now.arenaFaults() - prev.arenaFaults()) * n;
                skippedArenaTrimmed += (now.arenaTrimmed() - prev.arenaTrimmed()) * n;
                skippedArenaTrims += (now.arenaTrims() - prev.arenaTrims()) * n;
                feed.shift(shift);
            }
            for (Cohort c : cohorts) {
                if (!c.retainedOld()) {
                    c.first += shift;
                    c.last += shift;
                }
            }
            for (int s = 0; s < openFrom.length; s++) {
                openFrom[s] += shift;
            }
            t += shift;
            periodOps = period;
            return true;
        }

        /** Scratch buffer of {@link #stateKey()}: the key is copied out of it at its exact length. */
        private long[] keyBuf = new long[64];
        private int keyLen;

        private void key(long v) {
            if (keyLen == keyBuf.length) {
                keyBuf = java.util.Arrays.copyOf(keyBuf, keyLen * 2);
            }
            keyBuf[keyLen++] = v;
        }

        StateKey stateKey() {
            keyLen = 0;
            key(phaseIndex);
            for (int h = 0; h < heaps; h++) {
                key(pages[h]);
                key(free[h]);
                key(bootYoung[h]);
            }
            key(bootYoungAge);
            key(malloc.sinceGc);
            key(malloc.sweepCredit);
            key(budget);
            key(malloc.limit);
            key(malloc.oldIncrease);
            key(malloc.oldLimit);
            key(oldObjectsLimit);
            key(needMajor ? 1L : 0L);
            key(Math.min(gcsSinceMajor, gc.oldAge()));
            for (int s = 0; s < openFrom.length; s++) {
                key(openFrom[s] - t);
            }
            for (Cohort c : cohorts) {
                key(specIds.computeIfAbsent(c.spec, x -> (long) specIds.size()));
                if (c.retainedOld()) {
                    key(c.size());
                } else {
                    key(c.first - t);
                    key(c.last - t);
                }
                key(c.age);
                key(c.old ? 1L : 0L);
            }
            return new StateKey(java.util.Arrays.copyOf(keyBuf, keyLen));
        }

        // ---- the end of a run

        /**
         * Every run ends with CRuby's own bookkeeping identities: per heap, the slots allocated minus
         * those freed are the slots the run's objects still occupy, and boot's objects, the run's and
         * the free slots fill exactly the heap's pages; and the GCs started by a heap out of slots plus
         * those started by malloc_limit are all the GCs.
         */
        void checkInvariants() {
            long started = count.byMalloc;
            for (int h = 0; h < heaps; h++) {
                started += count.bySlots[h];
            }
            if (started != count.gcs()) {
                throw new IllegalStateException("heap simulation of " + layout.name() + ": " + count.gcs() + " GCs but "
                        + started + " started by a heap out of slots or by malloc_limit");
            }
            long[] held = new long[heaps];
            for (Cohort c : cohorts) {
                held[c.spec.heap()] += c.size();
            }
            for (int h = 0; h < heaps; h++) {
                if (count.allocations[h] - count.freed[h] != held[h]) {
                    throw new IllegalStateException("heap simulation of " + layout.name() + ", heap " + h + ": "
                            + count.allocations[h] + " slots allocated and " + count.freed[h] + " freed, but "
                            + held[h] + " still held");
                }
                if (free[h] < 0 || bootLive[h] + held[h] + free[h] != total(h)) {
                    throw new IllegalStateException("heap simulation of " + layout.name() + ", heap " + h + ": "
                            + bootLive[h] + " boot objects, " + held[h] + " of the run's and " + free[h]
                            + " free slots in " + pages[h] + " pages of " + layout.slotsPerPage(h) + " slots");
                }
            }
        }

        /** Malloc'd bytes of every object not yet freed (the run ends before the next sweep). */
        long inFlightAtEnd() {
            long b = 0;
            for (Cohort c : cohorts) {
                b += c.size() * c.spec.mallocBytes();
            }
            return b;
        }

        SimResult finish(long n) {
            long[] live = new long[heaps];
            long slotBytes = 0;
            long mallocLive = 0;
            long buffersLive = 0;
            for (Cohort c : cohorts) {
                long alive;
                if (c.retainedOld()) {
                    alive = c.size();
                } else {
                    long firstAlive = c.spec.firstAliveBorn(c.first, n);
                    alive = Math.max(0, c.last - firstAlive + 1);
                }
                int h = c.spec.heap();
                live[h] += alive;
                slotBytes += alive * layout.slotSize(h);
                mallocLive += alive * c.spec.mallocBytes();
                if (c.spec.mallocBytes() > 0) {
                    buffersLive += alive;
                }
            }
            return new SimResult(n, count.allocations.clone(), count.minor, count.major, count.byMalloc, peakPages.clone(), pages.clone(),
                    live, slotBytes, mallocLive, count.mallocCalls, count.mallocBytes, count.pagesSwept, count.marked, periodOps,
                    startPages.clone(), Math.max(peakMallocInFlight, inFlightAtEnd()), count.slotsSwept, buffersLive,
                    feed == null ? -1 : feed.arena().faults() + skippedArenaFaults,
                    feed == null ? -1 : feed.arena().trimmedPages() + skippedArenaTrimmed,
                    feed == null ? -1 : feed.arena().trims() + skippedArenaTrims, count.bySlots.clone(), count.remembered, count.emptySwept);
        }
    }

    /**
     * The relative state of a run after a GC, compared by value: the key under which
     * {@code tryExtrapolate} remembers when it saw that state (one long array, not a list of
     * boxed longs: it is built after every GC of every simulated loop).
     */
    record StateKey(long[] values) {
        @Override
        public boolean equals(Object o) {
            return o instanceof StateKey k && java.util.Arrays.equals(values, k.values);
        }

        @Override
        public int hashCode() {
            return java.util.Arrays.hashCode(values);
        }

        @Override
        public String toString() {
            return java.util.Arrays.toString(values);
        }

        /** This key with one more value. */
        StateKey with(long v) {
            long[] w = java.util.Arrays.copyOf(values, values.length + 1);
            w[values.length] = v;
            return new StateKey(w);
        }
    }
}
