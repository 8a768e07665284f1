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
 * <p>Simplifications, each chosen because it leaves the counts unchanged for the loops we model:
 * sweeping is counted as if done at the GC (lazy sweep frees the same slots before the next GC);
 * where the layout says a sweep's frees offset malloc_increase (3.1, measured), the buffers of the
 * dead objects are taken off before any later malloc can push malloc_increase over the limit
 * (CRuby runs {@code gc_rest} first, gc.c objspace_malloc_increase), so malloc_increase after a GC
 * is {@code max(0, malloc'd - freed)}; on 3.4 (measured) it is the bytes malloc'd since the GC.
 * The model does not track empty pages, so a 3.4 "growth heap" is one that freed or allocated
 * slots since the last GC, and it does not represent a lazy sweep still running when a loop starts.
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
     */
    public record GcEvent(long op, boolean major, boolean byMalloc, int[] pages, long[] occupied, long oldObjects, long oldObjectsLimit) {
    }

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

    /** Objects of one spec allocated at ops [first, last], all of the same age. */
    private static final class Cohort {
        final ObjectSpec spec;
        long first;
        long last;
        int age;
        boolean old;

        Cohort(ObjectSpec spec, long first, long last, int age, boolean old) {
            this.spec = spec;
            this.first = first;
            this.last = last;
            this.age = age;
            this.old = old;
        }

        long size() {
            return last - first + 1;
        }
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

        final long[] allocations = new long[heaps];
        final int[] peakPages = new int[heaps];
        int[] startPages;
        long peakMallocInFlight;
        long minor;
        long major;
        long byMalloc;
        long mallocCalls;
        long mallocBytes;
        long pagesSweptSum;
        long slotsSweptSum;
        long markedSum;
        long periodOps;

        long mallocSinceGc;
        long sweepCredit;
        /** 3.4's global allocatable_slots budget (default.c:496): any heap that runs dry takes pages from it. */
        long budget;
        final long[] allocationsAtLastGc = new long[heaps];
        long mallocLimit;
        long oldmallocIncrease;
        long oldmallocLimit;
        long oldObjectsLimit;
        boolean needMajor;
        long gcsSinceMajor;

        final Map<ObjectSpec, Long> specIds = new java.util.IdentityHashMap<>();
        long t;
        int phaseIndex;
        List<ObjectSpec> specs;

        Run(List<Phase> phases, boolean extrapolate) {
            this.phases = phases;
            this.extrapolate = extrapolate;
            for (int h = 0; h < heaps; h++) {
                pages[h] = layout.boot().pages(h);
                bootLive[h] = layout.boot().live(h);
                bootYoung[h] = bootLive[h] - layout.boot().old(h);
                long total = total(h);
                if (bootLive[h] > total) {
                    // Boot left more live objects than its pages hold: give the heap the pages it needs.
                    pages[h] = (int) ((bootLive[h] + layout.slotsPerPage(h) - 1) / layout.slotsPerPage(h));
                }
                free[h] = total(h) - bootLive[h];
                peakPages[h] = pages[h];
            }
            startPages = pages.clone();
            mallocLimit = gc.mallocLimitMin();
            oldmallocLimit = gc.oldmallocLimitMin();
            long bootOld = 0;
            for (int h = 0; h < heaps; h++) {
                bootOld += layout.boot().old(h);
            }
            oldObjectsLimit = (long) (bootOld * gc.oldObjectLimitFactor());
            int sinceMajor = layout.boot().gcsSinceMajor();
            gcsSinceMajor = sinceMajor < 0 ? gc.oldAge() : sinceMajor;
        }

        long total(int h) {
            return (long) pages[h] * layout.slotsPerPage(h);
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

        void runPhase(long end) {
            if (specs.isEmpty()) {
                t = end;
                return;
            }
            long[] demand = new long[heaps];
            long mallocPerOp = 0;
            for (ObjectSpec s : specs) {
                demand[s.heap()]++;
                mallocPerOp += s.mallocBytes();
            }
            Map<StateKey, long[]> seen = extrapolate ? new HashMap<>() : null;
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
                    long headroom = mallocLimit + sweepCredit - mallocSinceGc; // allowed before inc > limit
                    long safe = headroom <= 0 ? 0 : (headroom - 1) / mallocPerOp;
                    k = Math.min(k, Math.max(0, safe - 1));
                }
                if (k > 0) {
                    for (int h = 0; h < heaps; h++) {
                        free[h] -= k * demand[h];
                        allocations[h] += k * demand[h];
                    }
                    mallocSinceGc += k * mallocPerOp;
                    mallocCalls += k * countMallocs();
                    mallocBytes += k * mallocPerOp;
                    t += k;
                    continue;
                }
                // One op, object by object (may collect).
                for (int s = 0; s < specs.size(); s++) {
                    allocate(s);
                }
                t++;
                long gcs = minor + major;
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
                    collect(false, s);
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
            allocations[h]++;
            if (spec.mallocBytes() > 0) {
                mallocSinceGc += spec.mallocBytes();
                mallocCalls++;
                mallocBytes += spec.mallocBytes();
                if (mallocSinceGc - sweepCredit > mallocLimit) {
                    collect(true, s + 1);
                }
            }
        }

        /** heap_page_allocate_and_initialize (default.c:2026-2051): a page from the budget. */
        void takeBudgetPage(int h) {
            addPages(h, 1);
            budget = Math.max(0, budget - layout.slotsPerPage(h));
        }

        void addPages(int h, int n) {
            pages[h] += n;
            free[h] += (long) n * layout.slotsPerPage(h);
            peakPages[h] = Math.max(peakPages[h], pages[h]);
        }

        /** A GC during op t, after the first {@code j} objects of the op were allocated. */
        void collect(boolean byMallocTrigger, int j) {
            boolean isMajor = needMajor;
            closeOpen(t, j);
            long totalPages = 0;
            for (int h = 0; h < heaps; h++) {
                totalPages += pages[h];
            }
            pagesSweptSum += totalPages;
            for (int h = 0; h < heaps; h++) {
                slotsSweptSum += total(h);
            }
            long mallocIncrease = Math.max(0, mallocSinceGc - sweepCredit);

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
            long inFlight = 0;
            for (Cohort c : cohorts) {
                inFlight += c.size() * c.spec.mallocBytes();
            }
            peakMallocInFlight = Math.max(peakMallocInFlight, inFlight);
            for (Cohort c : cohorts) {
                int h = c.spec.heap();
                long firstAlive = c.spec.firstAliveBorn(c.first, t);
                long live = Math.max(0, c.last - firstAlive + 1);
                if (c.old && !isMajor) {
                    occupied[h] += c.size();
                    oldObjects += c.size();
                    kept.add(c);
                    continue;
                }
                long dead = c.size() - live;
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
            cohorts.clear();
            cohorts.addAll(mergeRetainedOld(kept));
            markedSum += marked;

            if (isMajor) {
                major++;
                gcsSinceMajor = 0;
                oldObjectsLimit = (long) (oldObjects * gc.oldObjectLimitFactor());
                oldmallocIncrease = 0;
                needMajor = false;
            } else {
                minor++;
                gcsSinceMajor++;
                oldmallocIncrease += mallocIncrease;
                if (oldmallocIncrease > oldmallocLimit) {
                    needMajor = true;
                    oldmallocLimit = Math.min((long) (oldmallocLimit * gc.oldmallocLimitGrowthFactor()),
                            gc.oldmallocLimitMax());
                }
            }
            if (byMallocTrigger) {
                byMalloc++;
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
            // gc_reset_malloc_info (default.c:6275-6293)
            if (mallocIncrease > mallocLimit) {
                mallocLimit = Math.min((long) (mallocIncrease * gc.mallocLimitGrowthFactor()), gc.mallocLimitMax());
            } else {
                mallocLimit = Math.max((long) (mallocLimit * 0.98), gc.mallocLimitMin());
            }
            mallocSinceGc = 0;
            sweepCredit = gc.sweepFreesOffsetMalloc() ? freedBuffers : 0;

            // gc_sweep_finish_heap (3.4, default.c:3809-3845) / gc_marks_finish (3.1): grow heaps short of
            // free slots, or ask for a major. On 3.4 only a "growth heap" grows (one that freed more
            // slots than it had empty ones; the model does not track empty pages, so: one that freed
            // slots in this GC or allocated since the last one: a heap full of live objects has no empty
            // page either), and it grows the global budget rather than its own page count.
            for (int h = 0; h < heaps; h++) {
                long total = total(h);
                free[h] = total - occupied[h];
                double minFree = gc.growthBySlotsBudget()
                        ? Math.max(total, layout.heapInitSlots(h)) * gc.freeSlotsMinRatio()
                        : Math.max(total * gc.freeSlotsMinRatio(), gc.heapFreeSlots());
                boolean growthHeap = !gc.growthBySlotsBudget() || freedSlots[h] > 0
                        || allocations[h] > allocationsAtLastGc[h];
                allocationsAtLastGc[h] = allocations[h];
                if (free[h] < minFree && total > 0 && growthHeap) {
                    if (isMajor || gcsSinceMajor < gc.oldAge()) {
                        if (gc.growthBySlotsBudget()) {
                            budget += expandSlots(free[h], total);
                        } else {
                            addPages(h, growthPages(h, free[h], total));
                        }
                    } else {
                        needMajor = true;
                    }
                }
            }
            if (listener != null) {
                listener.accept(new GcEvent(t, isMajor, byMallocTrigger, pages.clone(), occupied.clone(), oldObjects, oldObjectsLimit));
            }
        }

        /** heap_allocatable_slots_expand (3.4, default.c:1649-1692): slots added to the budget. */
        long expandSlots(long freeSlots, long totalSlots) {
            double f = (double) (totalSlots - freeSlots) / ((1 - gc.freeSlotsGoalRatio()) * totalSlots);
            if (f > gc.growthFactor()) {
                f = gc.growthFactor();
            }
            if (f < 1.0) {
                f = 1.1;
            }
            long target = (long) (f * totalSlots);
            if (gc.growthMaxSlots() > 0) {
                target = Math.min(target, totalSlots + gc.growthMaxSlots());
            }
            return Math.max(1, target - totalSlots);
        }

        /** heap_extend_pages (3.1, gc.c:2129-2168): pages added to the heap. */
        int growthPages(int h, long freeSlots, long totalSlots) {
            double f = (double) (totalSlots - freeSlots) / ((1 - gc.freeSlotsGoalRatio()) * totalSlots);
            if (f > gc.growthFactor()) {
                f = gc.growthFactor();
            }
            if (f < 1.0) {
                f = 1.1;
            }
            long spp = layout.slotsPerPage(h);
            long add;
            if (gc.growthBySlotsBudget()) {
                long target = (long) (f * totalSlots);
                long slots = target - totalSlots;
                if (gc.growthMaxSlots() > 0) {
                    slots = Math.min(slots, gc.growthMaxSlots());
                }
                add = (Math.max(1, slots) + spp - 1) / spp;
            } else {
                long next = (long) (f * pages[h]);
                if (gc.growthMaxSlots() > 0) {
                    next = Math.min(next, pages[h] + gc.growthMaxSlots() / spp);
                }
                add = Math.max(1, next - pages[h]);
            }
            return (int) Math.min(add, Integer.MAX_VALUE / 2);
        }

        /** Old cohorts that live forever never change again: merge them per spec so the state stays small. */
        List<Cohort> mergeRetainedOld(List<Cohort> in) {
            List<Cohort> out = new ArrayList<>(in.size());
            Map<ObjectSpec, Cohort> retained = new HashMap<>();
            for (Cohort c : in) {
                if (c.old && c.spec.lifetime() == ObjectSpec.RETAINED) {
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

        /** After a GC: remember the relative state; if it was seen before, skip whole periods. */
        boolean tryExtrapolate(Map<StateKey, long[]> seen, long end) {
            StateKey key = stateKey();
            long[] snap = counters();
            long[] prev = seen.get(key);
            if (prev == null) {
                seen.put(key, snap);
                return false;
            }
            long period = t - prev[0];
            if (period <= 0) {
                return false;
            }
            long n = (end - t) / period;
            if (n <= 0) {
                return true;
            }
            for (int i = 1; i < snap.length; i++) {
                long delta = snap[i] - prev[i];
                applyCounter(i, delta * n);
            }
            long shift = period * n;
            for (Cohort c : cohorts) {
                if (!(c.old && c.spec.lifetime() == ObjectSpec.RETAINED)) {
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
            key(mallocSinceGc);
            key(sweepCredit);
            key(budget);
            key(mallocLimit);
            key(oldmallocIncrease);
            key(oldmallocLimit);
            key(oldObjectsLimit);
            key(needMajor ? 1L : 0L);
            key(Math.min(gcsSinceMajor, gc.oldAge()));
            for (int s = 0; s < openFrom.length; s++) {
                key(openFrom[s] - t);
            }
            for (Cohort c : cohorts) {
                key(specIds.computeIfAbsent(c.spec, x -> (long) specIds.size()));
                if (c.old && c.spec.lifetime() == ObjectSpec.RETAINED) {
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

        long[] counters() {
            long[] c = new long[9 + heaps];
            c[0] = t;
            c[1] = minor;
            c[2] = major;
            c[3] = byMalloc;
            c[4] = mallocCalls;
            c[5] = mallocBytes;
            c[6] = pagesSweptSum;
            c[7] = markedSum;
            c[8] = slotsSweptSum;
            for (int h = 0; h < heaps; h++) {
                c[9 + h] = allocations[h];
            }
            return c;
        }

        void applyCounter(int i, long d) {
            switch (i) {
                case 1 -> minor += d;
                case 2 -> major += d;
                case 3 -> byMalloc += d;
                case 4 -> mallocCalls += d;
                case 5 -> mallocBytes += d;
                case 6 -> pagesSweptSum += d;
                case 7 -> markedSum += d;
                case 8 -> slotsSweptSum += d;
                default -> allocations[i - 9] += d;
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
            for (Cohort c : cohorts) {
                long alive;
                if (c.old && c.spec.lifetime() == ObjectSpec.RETAINED) {
                    alive = c.size();
                } else {
                    long firstAlive = c.spec.firstAliveBorn(c.first, n);
                    alive = Math.max(0, c.last - firstAlive + 1);
                }
                int h = c.spec.heap();
                live[h] += alive;
                slotBytes += alive * layout.slotSize(h);
                mallocLive += alive * c.spec.mallocBytes();
            }
            return new SimResult(n, allocations.clone(), minor, major, byMalloc, peakPages.clone(), pages.clone(),
                    live, slotBytes, mallocLive, mallocCalls, mallocBytes, pagesSweptSum, markedSum, periodOps, startPages.clone(),
                    Math.max(peakMallocInFlight, inFlightAtEnd()), slotsSweptSum);
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
    }
}
