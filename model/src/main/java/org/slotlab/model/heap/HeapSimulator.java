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
 * <p><b>3.4's lazy sweep and incremental marking, page by page.</b> On layouts with 3.4's GC the
 * simulation keeps, per heap, the free slots of the page the allocator is taking slots from (the
 * newobj cache) and of each page on the heap's free list, and follows gc/default/default.c: a GC's
 * sweep drops the free lists and sweeps one step per heap (gc_sweep); a step pools its first
 * pages with free slots until they hold {@link #SWEEP_POOL_SLOTS} and puts the next on the free list
 * until more than {@link #SWEEP_STEP_SLOTS} are (gc_sweep_step); a heap whose free list runs out
 * sweeps a step of every heap (gc_sweep_continue) before it takes a page from the budget or starts
 * a GC (heap_prepare); when every heap is swept the pools join the free lists, unless a major GC is
 * pending: then they wait for its marking (gc_sweep_finish), so the heap the loop allocates from
 * runs dry sooner and the major starts there. A major marks incrementally: a step every
 * {@link #MARK_STEP_SLOTS} slots and whenever a heap's page is used up, as many steps as the pool
 * set (gc_marks_start), and it ends early when a heap that needs a page has none left on its free
 * list (gc_marks_continue); its sweep frees what it found dead and what was made while it ran and
 * died unmarked. Where the free slots sit on a heap's pages decides the pools: boot's pages hold
 * them as measured ({@link #BOOT_OLDER_FREE}), the run's objects fill the run's pages first.
 *
 * <p>Simplifications, each chosen because it leaves the counts unchanged for the loops we model:
 * on 3.1 sweeping is counted as if done at the GC (lazy sweep frees the same slots before the next
 * GC); where the layout says a sweep's frees offset malloc_increase (3.1, measured), the buffers of
 * the dead objects are taken off before any later malloc can push malloc_increase over the limit
 * (CRuby runs {@code gc_rest} first, gc.c objspace_malloc_increase), so malloc_increase after a GC
 * is {@code max(0, malloc'd - freed)}; on 3.4 (measured) it is the bytes malloc'd since the GC.
 * The model does not track empty pages (none are unlinked while the heaps hold fewer free slots
 * than all heaps' init slots together: gc_marks_finish's heap_pages_freeable_pages), so a 3.4
 * "growth heap" is one that freed or allocated slots since the last GC; a loop starts with boot's
 * sweep done.
 *
 * <p><b>Malloc'd buffers in glibc's arena.</b> On layouts with 3.4's GC, a run whose objects own
 * malloc'd buffers also feeds its mallocs and sweep frees, in CRuby's order, to a simulation of
 * glibc's main arena ({@link ArenaFeed}, {@link org.slotlab.model.malloc.MainArena}) and counts the
 * pages they fault in. A minor GC's sweep frees every dead object's buffer at its first step (the
 * dead of a cycle share the pages the first steps sweep: CRuby's malloc log frees them at once); a
 * major's frees come when its marking ends, and come off malloc_increase, which moves the next GC
 * by malloc. The steady-state check then takes the arena's state with the heap's: a period is
 * skipped only when both repeat.
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
    /** INCREMENTAL_MARK_STEP_ALLOCATIONS (gc/default/default.c:966): slots allocated between two steps of an incremental marking. */
    static final long MARK_STEP_SLOTS = 500;
    /**
     * Share of each older boot page's slots that a sweep finds free, and of each of the newest boot
     * pages that hold the rest of boot's free slots. Measured on CRuby 3.4.5 under
     * {@code --disable-gems}: after {@code GC.start}, the order in which new objects fill the 40 B
     * heap's pages gives the sweep's page order (its free list, then its pool), and the pages show
     * 137, 30, 60 and 642 free slots on the four oldest (13% of their 6,552) and 1,317 and 1,402 on
     * the two newest (83%), beside one empty page. Objects made early in boot (classes, methods,
     * constants) live for good, so the oldest pages stay nearly full and the garbage of boot's
     * later work frees the newest.
     */
    static final double BOOT_OLDER_FREE = 0.13;
    static final double BOOT_NEWEST_FREE = 0.83;

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
     * @param objectsBefore how many of the op's objects were allocated when it started
     */
    public record GcEvent(long op, boolean major, boolean byMalloc, int[] pages, long[] occupied, long oldObjects, long oldObjectsLimit,
            int dryHeap, long markingSlots, int objectsBefore) {

        /** The same GC, its incremental marking having lasted {@code slots} allocated slots. */
        GcEvent withMarkingSlots(long slots) {
            return new GcEvent(op, major, byMalloc, pages, occupied, oldObjects, oldObjectsLimit, dryHeap, slots, objectsBefore);
        }

        /** The same GC {@code ops} ops later (the run skipped that many ops of a repeating period). */
        GcEvent shifted(long ops) {
            return new GcEvent(op + ops, major, byMalloc, pages, occupied, oldObjects, oldObjectsLimit, dryHeap, markingSlots, objectsBefore);
        }
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
        /**
         * Boot's dead objects when no GC has run yet: the first GC's sweep frees them with the loop's,
         * and counts them in the heap's freed slots (gc_sweep_page), which decide a growth heap.
         */
        long[] bootGarbage = new long[heaps];
        /** Boot's dead objects the running GC's sweep frees (none after the first). */
        long[] sweptBootGarbage = new long[heaps];
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

        // ---- 3.4's lazy sweep and incremental marking, page by page (gc/default/default.c); unused on 3.1

        /** Whether this layout sweeps lazily and marks a major incrementally (3.4's GC). */
        final boolean lazy;
        /** Per heap, the free slots left on the page the allocator is taking slots from (the ractor's newobj cache). */
        final long[] cache = new long[heaps];
        /** Per heap, the free slots of each page on its free list, first taken first (heap->free_pages). */
        final java.util.ArrayDeque<Long>[] freePages;
        /** Per heap, the free slots of each page the sweep steps pooled (heap->pooled_pages). */
        final java.util.ArrayDeque<Long>[] pooledPages;
        /** Per heap, the free slots each page will show its sweep, in the heap's page order, and the next page to sweep. */
        final long[][] sweepQueue = new long[heaps][];
        final int[] sweepAt = new int[heaps];
        /** Per heap, slots free but not allocatable: pages not swept yet, pooled pages, the dead a running marking has not swept. */
        final long[] pending = new long[heaps];
        /** Whether a lazy sweep runs (some heap has pages left to sweep). */
        boolean sweeping;
        /** rincgc.pooled_slots: the free slots the sweep pooled, all heaps (default.c:1720). */
        long pooledAll;
        /** Per heap, the free slots the running sweep finds (its freed and empty slots), and whether the heap is a growth heap. */
        final long[] sweepFree = new long[heaps];
        final boolean[] growthHeap = new boolean[heaps];
        /** Per heap, the free slots when the last GC started (the sweep finds them empty), and the slots allocated by then. */
        final long[] emptyAtGc = new long[heaps];
        final long[] allocationsAtGcStart = new long[heaps];
        /** Whether the running sweep follows a major GC's marking (is_full_marking). */
        boolean sweepAfterMajor;
        /** An incremental marking runs (a major GC on 3.4). */
        boolean marking;
        /** Slots allocated since its last step (incremental_mark_step_allocated_slots), its steps, the steps its work takes. */
        long markCounter;
        long markSteps;
        long markStepsNeeded;
        /** Slots allocated while it runs. */
        long markSlots;
        /** The ops at which a step of the running marking found the VM stack (it holds that op's objects and the op before's). */
        final List<Long> markStepOps = new ArrayList<>();
        /** Cohorts from this index on were made while the marking ran. */
        int markCohorts;
        /** Per heap, the slots the major found dead: its sweep frees them when the marking ends. */
        long[] markFreed = new long[heaps];
        /** The major's event, told to the listener when its marking ends (with the slots it lasted). */
        GcEvent markEvent;
        /** Objects the last GC marked (objspace->marked_slots), which sets the pace of the next incremental marking. */
        long lastMarked;
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
            this.lazy = gc.growthBySlotsBudget();
            @SuppressWarnings("unchecked")
            java.util.ArrayDeque<Long>[] fp = new java.util.ArrayDeque[heaps];
            @SuppressWarnings("unchecked")
            java.util.ArrayDeque<Long>[] pp = new java.util.ArrayDeque[heaps];
            for (int h = 0; h < heaps; h++) {
                fp[h] = new java.util.ArrayDeque<>();
                pp[h] = new java.util.ArrayDeque<>();
            }
            this.freePages = fp;
            this.pooledPages = pp;
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
            if (lazy) {
                // the loop starts with boot's sweep done: every page with free slots on the free list, in page order
                for (int h = 0; h < heaps; h++) {
                    for (long f : pageFreeSlots(h, total(h) - free[h])) {
                        if (f > 0) {
                            freePages[h].addLast(f);
                        }
                    }
                }
            }
            long bootOld = 0;
            for (int h = 0; h < heaps; h++) {
                bootOld += layout.boot().old(h);
            }
            oldObjectsLimit = (long) (bootOld * gc.oldObjectLimitFactor());
            if (bootOld == 0) {
                // no GC has run yet (a GC leaves old objects): the first one sweeps all of boot's garbage
                for (int h = 0; h < heaps; h++) {
                    bootGarbage[h] = Math.max(0, layout.boot().occupied(h) - bootLive[h]);
                }
            }
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
            if (markEvent != null && listener != null) {
                // the run ends while a major marks
                listener.accept(markEvent.withMarkingSlots(markSlots));
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
                        k = Math.min(k, (lazy ? cache[h] : free[h]) / demand[h]);
                    }
                }
                if (mallocPerOp > 0) {
                    long headroom = malloc.headroom(); // allowed before inc > limit
                    long safe = headroom <= 0 ? 0 : (headroom - 1) / mallocPerOp;
                    k = Math.min(k, Math.max(0, safe - 1));
                }
                if (marking) {
                    // the allocation that finds MARK_STEP_SLOTS slots allocated since the last step takes the next one
                    k = Math.min(k, Math.max(0, MARK_STEP_SLOTS - markCounter) / specs.size());
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
                    }
                    for (int h = 0; h < heaps; h++) {
                        free[h] -= k * demand[h];
                        if (lazy) {
                            cache[h] -= k * demand[h];
                        }
                        count.allocations[h] += k * demand[h];
                    }
                    if (marking) {
                        markCounter += k * specs.size();
                        markSlots += k * specs.size();
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
            if (lazy) {
                takeSlot(h, s);
            } else if (free[h] == 0) {
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

        /**
         * The end of a major GC's incremental marking at op t, after the op's first {@code j}
         * objects (gc_marks_finish, then gc_sweep): its sweep frees the buffers of the dead and the
         * slots of the objects made while it ran that are dead by now and that no step found on the
         * VM stack (gc_sweep_plane frees an unmarked slot whenever it was allocated: nothing marks an
         * object made while marking runs but a later step that reaches it), with those the major
         * found dead; then the sweep starts.
         */
        void finishMarking(int j) {
            marking = false;
            if (feed != null) {
                feed.endMarking(t);
                long late = feed.takeLateSweptBytes();
                if (late > 0) {
                    malloc.freedBetweenGcs(late);
                }
            }
            closeOpen(t, j);
            java.util.TreeSet<Long> onStack = new java.util.TreeSet<>();
            for (long op : markStepOps) {
                onStack.add(op);
                onStack.add(op - 1);
            }
            List<Cohort> during = new ArrayList<>(cohorts.subList(markCohorts, cohorts.size()));
            cohorts.subList(markCohorts, cohorts.size()).clear();
            long[] freed = markFreed.clone();
            for (Cohort c : during) {
                long firstAlive = c.spec.firstAliveBorn(c.first, t);
                long deadTo = Math.min(c.last, firstAlive - 1);
                long dead = Math.max(0, deadTo - c.first + 1);
                if (dead > 0) {
                    for (long op : onStack.subSet(c.first, true, deadTo, true)) {
                        cohorts.add(new Cohort(c.spec, op, op, c.age, c.old));
                        dead--;
                    }
                }
                if (firstAlive <= c.last) {
                    c.first = Math.max(c.first, firstAlive);
                    cohorts.add(c);
                }
                freed[c.spec.heap()] += dead;
                count.freed[c.spec.heap()] += dead;
            }
            markStepOps.clear();
            long[] occupied = new long[heaps];
            for (int h = 0; h < heaps; h++) {
                occupied[h] = bootLive[h];
            }
            for (Cohort c : cohorts) {
                occupied[c.spec.heap()] += c.size();
            }
            if (markEvent != null && listener != null) {
                listener.accept(markEvent.withMarkingSlots(markSlots));
            }
            markEvent = null;
            startSweep(occupied, freed, true);
        }

        void addPages(int h, int n) {
            long before = total(h);
            pages[h] += n;
            free[h] += total(h) - before;
            peakPages[h] = Math.max(peakPages[h], pages[h]);
            if (lazy) {
                for (int i = 0; i < n; i++) {
                    freePages[h].addFirst(layout.slotsInPages(h, pages[h] - n + i + 1) - layout.slotsInPages(h, pages[h] - n + i)); // heap_add_freepage
                }
            }
        }

        // ---- 3.4: a slot from the page in the newobj cache; a page from the free list; heap_prepare

        /**
         * One slot of heap {@code h} for object {@code s} of op t (gc/default/default.c): the cache's
         * page hands out its free slots (ractor_cache_allocate_slot, 2275-2305); while an incremental
         * marking runs, the allocation that finds {@link #MARK_STEP_SLOTS} slots allocated since the
         * last step, or the cache's page used up, first runs a step (newobj_cache_miss, 2397-2427:
         * gc_continue); a used-up page is replaced by the first page of the heap's free list
         * (heap_next_free_page, 2309-2326), and a heap with none runs heap_prepare.
         */
        void takeSlot(int h, int s) {
            boolean stepDue = marking && markCounter >= MARK_STEP_SLOTS;
            if (stepDue || cache[h] == 0) {
                if (marking) {
                    gcContinue(h, s);
                    markCounter = 0;
                }
                if (cache[h] == 0) {
                    if (freePages[h].isEmpty()) {
                        heapPrepare(h, s);
                    }
                    cache[h] = freePages[h].pollFirst();
                }
            }
            cache[h]--;
            if (marking) {
                markCounter++;
                markSlots++;
            }
        }

        /**
         * heap_prepare (2088-2144): a heap under its init slots whose sweep is done takes a new page;
         * otherwise the marking or the sweep goes on (gc_continue), then a page from the budget, then
         * a GC, after which the marking or sweep goes on again and, if the heap still has no page,
         * the budget gives one or a pending major runs.
         */
        void heapPrepare(int h, int s) {
            if (total(h) < layout.heapInitSlots(h) && sweepDone(h)) {
                addPages(h, 1); // heap_page_allocate_and_initialize_force
                return;
            }
            gcContinue(h, s);
            if (freePages[h].isEmpty() && budget > 0) {
                takeBudgetPage(h);
            }
            if (!freePages[h].isEmpty()) {
                return;
            }
            collect(h, s);
            gcContinue(h, s);
            if (freePages[h].isEmpty() && budget > 0) {
                takeBudgetPage(h);
            }
            if (freePages[h].isEmpty() && needMajor) {
                collect(h, s);
                gcContinue(h, s);
                if (freePages[h].isEmpty() && budget > 0) {
                    takeBudgetPage(h);
                }
            }
            if (freePages[h].isEmpty()) {
                addPages(h, 1); // where CRuby would stop (rb_bug), the model gives the heap a page
            }
        }

        /** Whether heap {@code h} has no page left to sweep (heap->sweeping_page == NULL). */
        boolean sweepDone(int h) {
            return !sweeping || sweepQueue[h] == null || sweepAt[h] >= sweepQueue[h].length;
        }

        /**
         * gc_continue (2066-2085): a step of the running incremental marking (gc_marks_continue,
         * 5738-5760: when heap {@code h} has no free page left the marking finishes at once), which
         * starts the sweep when the marking is done; then, if the heap still has no free page, a
         * sweep step of every heap (gc_sweep_continue).
         */
        void gcContinue(int h, int s) {
            if (marking) {
                boolean finished;
                if (!freePages[h].isEmpty()) {
                    markSteps++;
                    markStepOps.add(t);
                    if (feed != null) {
                        feed.markingStep(t);
                    }
                    finished = markSteps >= markStepsNeeded;
                } else {
                    finished = true; // gc_marks_rest
                }
                if (finished) {
                    finishMarking(s);
                }
            }
            if (freePages[h].isEmpty() && sweeping) {
                sweepContinue(h);
            }
        }

        /**
         * gc_sweep_continue (3985-4006): a sweep step of every heap; when heap {@code h} got no
         * free page from it and no budget is left, the whole sweep is finished (gc_sweep_rest).
         */
        void sweepContinue(int h) {
            for (int i = 0; i < heaps; i++) {
                if (!sweepStep(i) && i == h && budget == 0) {
                    sweepRest();
                    break;
                }
            }
        }

        /** gc_sweep_rest (3973-3983): every heap's remaining pages. */
        void sweepRest() {
            for (int i = 0; i < heaps && sweeping; i++) {
                while (!sweepDone(i)) {
                    sweepStep(i);
                }
            }
        }

        /**
         * gc_sweep_step (3885-3970) of heap {@code h}: the next pages in the heap's order, the
         * first with free slots pooled until they hold {@link #SWEEP_POOL_SLOTS}, then the others put
         * on the free list until more than {@link #SWEEP_STEP_SLOTS} are; the heap's last page
         * finishes its sweep (gc_sweep_finish_heap) and the last heap's the whole sweep
         * (gc_sweep_finish). Returns whether the heap has a free page (false if it had nothing left
         * to sweep, as CRuby's does).
         */
        boolean sweepStep(int h) {
            if (sweepDone(h)) {
                return false;
            }
            long[] q = sweepQueue[h];
            long pooledHere = 0;
            long swept = 0;
            while (sweepAt[h] < q.length) {
                long f = q[sweepAt[h]++];
                if (f == 0) {
                    continue;
                }
                if (pooledHere < SWEEP_POOL_SLOTS) {
                    pooledPages[h].addFirst(f); // heap_add_poolpage
                    pooledHere += f;
                    pooledAll += f;
                } else {
                    freePages[h].addFirst(f); // heap_add_freepage
                    free[h] += f;
                    pending[h] -= f;
                    swept += f;
                    if (swept > SWEEP_STEP_SLOTS) {
                        break;
                    }
                }
            }
            if (sweepAt[h] >= q.length) {
                finishHeapSweep(h);
                boolean all = true;
                for (int i = 0; i < heaps; i++) {
                    all &= sweepDone(i);
                }
                if (all) {
                    finishSweep();
                }
            }
            return !freePages[h].isEmpty();
        }

        /**
         * gc_sweep_finish_heap (3809-3845): a growth heap (one that freed slots or allocated since the
         * last GC; the model does not track empty pages) short of free slots grows the budget after a
         * major or within RVALUE_OLD_AGE GCs of one, else asks for a major.
         */
        void finishHeapSweep(int h) {
            long total = total(h);
            double minFree = Math.max(total, layout.heapInitSlots(h)) * gc.freeSlotsMinRatio();
            if (sweepFree[h] < minFree && total > 0 && growthHeap[h]) {
                if (sweepAfterMajor || gcsSinceMajor < gc.oldAge()) {
                    budget += HeapGrowth.allocatableSlotsExpand(gc, sweepFree[h], total);
                } else {
                    needMajor = true;
                }
            }
        }

        /**
         * gc_sweep_finish (3849-3880): the pooled pages join the end of each free list, unless a major
         * is pending: then they wait for its marking (gc_marks_start hands them over).
         */
        void finishSweep() {
            sweeping = false;
            if (!needMajor) {
                releasePools();
            }
        }

        /** Every heap's pooled pages to the end of its free list (gc_sweep_finish, heap_move_pooled_pages_to_free_pages). */
        void releasePools() {
            for (int h = 0; h < heaps; h++) {
                while (!pooledPages[h].isEmpty()) {
                    long f = pooledPages[h].pollFirst(); // the list as heap_add_poolpage built it, last pooled first
                    freePages[h].addLast(f);
                    free[h] += f;
                    pending[h] -= f;
                }
            }
            pooledAll = 0;
        }

        /**
         * gc_sweep_start and gc_sweep (3778-3806, 4134-4166): every heap's free lists and newobj cache
         * are dropped, each page will show the sweep its free slots, then one sweep step per heap.
         * {@code occupied} are the slots per heap the GC did not free, {@code freed} those it freed.
         */
        void startSweep(long[] occupied, long[] freed, boolean afterMajor) {
            budget = 0;
            pooledAll = 0;
            sweeping = true;
            sweepAfterMajor = afterMajor;
            for (int h = 0; h < heaps; h++) {
                long f = total(h) - occupied[h];
                cache[h] = 0;
                freePages[h].clear();
                pooledPages[h].clear();
                free[h] = 0;
                pending[h] = f;
                sweepFree[h] = f;
                sweepQueue[h] = pageFreeSlots(h, occupied[h]);
                sweepAt[h] = 0;
                // a growth heap freed more slots than it found empty (gc_sweep_finish_heap); slots a major's marking
                // handed out are no longer empty when its sweep comes
                long empty = Math.max(0, emptyAtGc[h] - (count.allocations[h] - allocationsAtGcStart[h]));
                growthHeap[h] = empty == 0 || freed[h] + sweptBootGarbage[h] > empty;
                allocationsAtLastGc[h] = count.allocations[h];
            }
            for (int h = 0; h < heaps; h++) {
                if (sweepQueue[h].length == 0) {
                    finishHeapSweep(h);
                }
            }
            for (int h = 0; h < heaps && sweeping; h++) {
                sweepStep(h);
            }
        }

        /**
         * The free slots each page of heap {@code h} shows a sweep when {@code occupied} of its slots
         * hold objects, in the heap's page order (heap_add_page appends: boot's pages, then the
         * run's). Boot's older pages keep {@link #BOOT_OLDER_FREE} of their slots free and the rest of
         * boot's free slots sit on its newest pages, at most {@link #BOOT_NEWEST_FREE} of each (as
         * measured, see there); the run's objects fill the run's pages from the first, then boot's
         * last free slots.
         */
        long[] pageFreeSlots(int h, long occupied) {
            int n = pages[h];
            long[] out = new long[n];
            int bootPages = Math.min(startPages[h], n);
            long bootSlots = layout.slotsInPages(h, bootPages);
            long extra = Math.max(0, occupied - bootLive[h]);
            long runSlots = total(h) - bootSlots;
            long onRunPages = Math.min(extra, runSlots);
            long bootHoles = Math.max(0, bootSlots - Math.min(bootSlots, bootLive[h] + (extra - onRunPages)));
            // boot's older pages keep a share of their slots free; the rest of its free slots sit on its newest
            // pages, spread evenly over as many as they fill to the newest pages' share
            long[] slotsOf = new long[bootPages];
            for (int p = 0; p < bootPages; p++) {
                slotsOf[p] = layout.slotsInPages(h, p + 1) - layout.slotsInPages(h, p);
            }
            int newest = 0;
            long older = bootHoles;
            while (newest < bootPages) {
                long onOlder = 0;
                for (int p = 0; p < bootPages - newest; p++) {
                    onOlder += Math.round(slotsOf[p] * BOOT_OLDER_FREE);
                }
                long rest = bootHoles - Math.min(bootHoles, onOlder);
                long room = 0;
                for (int p = bootPages - newest; p < bootPages; p++) {
                    room += Math.round(slotsOf[p] * BOOT_NEWEST_FREE);
                }
                if (rest <= room) {
                    older = Math.min(bootHoles, onOlder);
                    break;
                }
                newest++;
            }
            long left = bootHoles;
            for (int p = 0; p < bootPages - newest && left > 0; p++) {
                long f = Math.min(Math.min(slotsOf[p], left), older == 0 ? 0 : Math.round(slotsOf[p] * BOOT_OLDER_FREE));
                out[p] = f;
                left -= f;
            }
            for (int p = bootPages - 1, k = newest; p >= bootPages - newest && left > 0; p--, k--) {
                long f = Math.min(slotsOf[p], (left + k - 1) / k);
                out[p] = f;
                left -= f;
            }
            for (int p = bootPages - 1; p >= 0 && left > 0; p--) {
                long f = Math.min(slotsOf[p] - out[p], left);
                out[p] += f;
                left -= f;
            }
            for (int p = bootPages; p < n; p++) {
                long slots = layout.slotsInPages(h, p + 1) - layout.slotsInPages(h, p);
                long used = Math.min(slots, onRunPages);
                onRunPages -= used;
                out[p] = slots - used;
            }
            return out;
        }

        // ---- GC: marking (who survives, who is promoted), sweeping (freed slots and buffers), then gc_marks_finish's checks

        /**
         * A GC during op t, after the first {@code j} objects of the op were allocated, started by
         * heap {@code dryHeap} running out of slots or, when it is {@link #BY_MALLOC}, by malloc_limit.
         */
        void collect(int dryHeap, int j) {
            boolean byMallocTrigger = dryHeap == BY_MALLOC;
            Cancellation.check();
            if (lazy) {
                // gc_rest (garbage_collect, default.c:6353): a running marking and sweep finish first
                if (marking) {
                    finishMarking(j);
                }
                if (sweeping) {
                    sweepRest();
                }
            }
            boolean isMajor = needMajor;
            if (lazy) {
                for (int h = 0; h < heaps; h++) {
                    emptyAtGc[h] = free[h] + pending[h];
                    allocationsAtGcStart[h] = count.allocations[h];
                }
            }
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
                    count.emptySwept += free[h] + (lazy ? pending[h] : 0);
                }
            }
            long mallocIncrease = malloc.increase();

            long[] occupied = new long[heaps];
            long[] freedSlots = new long[heaps];
            long marked = 0;
            if (gc.growthBySlotsBudget() && !lazy) {
                budget = 0; // gc_sweep_start (default.c:3782)
            }
            long freedBuffers = 0;
            long oldObjects = 0;
            for (int h = 0; h < heaps; h++) {
                occupied[h] = bootLive[h];
                marked += isMajor ? bootLive[h] : bootYoung[h];
            }
            sweptBootGarbage = bootGarbage;
            bootGarbage = new long[heaps];
            // gc_aging: this marking ages boot's young objects; those that reach RVALUE_OLD_AGE in it are old
            // when its gc_marks_finish compares the old objects with their limit
            if (bootYoungAge + 1 >= gc.oldAge()) {
                bootYoung = new long[heaps];
            } else {
                bootYoungAge++;
            }
            for (int h = 0; h < heaps; h++) {
                oldObjects += bootLive[h] - bootYoung[h];
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
            if (feed != null) {
                feed.gc(t, isMajor, dyingRanges, dyingSpecs);
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
            long markedNow = 0;
            for (int h = 0; h < heaps; h++) {
                markedNow += occupied[h];
            }
            GcEvent event = new GcEvent(t, isMajor, byMallocTrigger, pages.clone(), occupied.clone(), oldObjects, oldObjectsLimit, dryHeap, 0, j);
            if (!lazy) {
                grow(occupied, freedSlots, isMajor);
            } else if (isMajor) {
                startMarking(markedNow, freedSlots);
                markEvent = event;
                event = null;
            } else {
                startSweep(occupied, freedSlots, false);
            }
            lastMarked = markedNow;
            if (listener != null && event != null) {
                listener.accept(event);
            }
        }

        /**
         * A major GC on 3.4 marks incrementally (gc_marks_start, default.c:5763-5800): the pooled pages
         * join the free lists, and the marking of {@code work} objects is split into
         * {@code pooled_slots / INCREMENTAL_MARK_STEP_ALLOCATIONS + 1} steps' worth of
         * {@code 2 * marked_slots / steps} a step (marked_slots: what the last GC marked), and a step
         * counts each object twice, when marked and when popped, so it takes about that many steps;
         * the dead it found keep their slots until its sweep.
         */
        void startMarking(long work, long[] freedSlots) {
            long steps = pooledAll / MARK_STEP_SLOTS + 1;
            long perStep = Math.max(1, 2 * lastMarked / steps);
            // a step stops once the objects it popped off the mark stack and those it marked pass its share
            // (gc_mark_stacked_objects, 4648-4690): every object counts twice
            markStepsNeeded = Math.max(1, (2 * work + perStep - 1) / perStep);
            releasePools();
            for (int h = 0; h < heaps; h++) {
                pending[h] += freedSlots[h];
            }
            markFreed = freedSlots.clone();
            marking = true;
            markCounter = 0;
            markSteps = 0;
            markSlots = 0;
            markStepOps.clear();
            markCohorts = cohorts.size();
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
            markStepOps.replaceAll(op -> op + shift);
            if (markEvent != null) {
                markEvent = markEvent.shifted(shift);
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
            if (lazy) {
                for (int h = 0; h < heaps; h++) {
                    key(cache[h]);
                    key(pending[h]);
                    key(freePages[h].size());
                    for (long f : freePages[h]) {
                        key(f);
                    }
                    key(pooledPages[h].size());
                    for (long f : pooledPages[h]) {
                        key(f);
                    }
                    long[] q = sweepQueue[h];
                    int at = q == null ? 0 : sweepAt[h];
                    key(q == null ? -1 : q.length - at);
                    for (int i = at; q != null && i < q.length; i++) {
                        key(q[i]);
                    }
                    key(sweepFree[h]);
                    key(growthHeap[h] ? 1L : 0L);
                    key(markFreed[h]);
                }
                key(sweeping ? 1L : 0L);
                key(sweepAfterMajor ? 1L : 0L);
                key(pooledAll);
                key(marking ? 1L : 0L);
                key(markCounter);
                key(markSteps);
                key(markStepsNeeded);
                key(markSlots);
                key(markCohorts);
                for (long op : markStepOps) {
                    key(op - t);
                }
                key(lastMarked);
                key(budget);
            }
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
                long notFree = lazy ? pending[h] : 0;
                if (free[h] < 0 || notFree < 0 || bootLive[h] + held[h] + free[h] + notFree != total(h)) {
                    throw new IllegalStateException("heap simulation of " + layout.name() + ", heap " + h + ": "
                            + bootLive[h] + " boot objects, " + held[h] + " of the run's, " + free[h]
                            + " free slots and " + notFree + " not swept yet in " + pages[h] + " pages of " + layout.slotsPerPage(h) + " slots");
                }
                if (lazy) {
                    long listed = cache[h];
                    for (long f : freePages[h]) {
                        listed += f;
                    }
                    if (listed != free[h]) {
                        throw new IllegalStateException("heap simulation of " + layout.name() + ", heap " + h + ": " + free[h]
                                + " free slots but " + listed + " on the newobj cache's page and the free list");
                    }
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
