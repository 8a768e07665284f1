package org.slotlab.model.heap;

import org.slotlab.model.layout.GcParams;

/**
 * How much a heap short of free slots after a GC grows, per CRuby version: 3.4 adds slots to the
 * global allocatable_slots budget (heap_allocatable_slots_expand, gc/default/default.c:1649-1692),
 * 3.1 adds pages to its one heap (heap_extend_pages, gc.c:2129-2168). Both scale the heap by the
 * share of it in use over the free-slots goal, capped at the growth factor.
 */
final class HeapGrowth {

    /**
     * The factor a heap grows by when the used share is below the goal: {@code if (f < 1.0) f = 1.1;}
     * (3.4 default.c:1668, 3.1 gc.c:2144).
     */
    static final double GROWTH_FLOOR = 1.1;

    private HeapGrowth() {
    }

    /** The growth factor for a heap of {@code totalSlots} with {@code freeSlots} free after the GC. */
    static double factor(GcParams gc, long freeSlots, long totalSlots) {
        double f = (double) (totalSlots - freeSlots) / ((1 - gc.freeSlotsGoalRatio()) * totalSlots);
        if (f > gc.growthFactor()) {
            f = gc.growthFactor();
        }
        if (f < 1.0) {
            f = GROWTH_FLOOR;
        }
        return f;
    }

    /** heap_allocatable_slots_expand (3.4): slots added to the budget, at least one. */
    static long allocatableSlotsExpand(GcParams gc, long freeSlots, long totalSlots) {
        long target = (long) (factor(gc, freeSlots, totalSlots) * totalSlots);
        if (gc.growthMaxSlots() > 0) {
            target = Math.min(target, totalSlots + gc.growthMaxSlots());
        }
        return Math.max(1, target - totalSlots);
    }

    /** heap_extend_pages (3.1): pages added to a heap of {@code pages} pages of {@code slotsPerPage} slots, at least one. */
    static int extendPages(GcParams gc, int pages, long slotsPerPage, long freeSlots, long totalSlots) {
        long next = (long) (factor(gc, freeSlots, totalSlots) * pages);
        if (gc.growthMaxSlots() > 0) {
            next = Math.min(next, pages + gc.growthMaxSlots() / slotsPerPage);
        }
        return (int) Math.min(Math.max(1, next - pages), Integer.MAX_VALUE / 2);
    }
}
