package org.slotlab.model.layout;

import java.util.Arrays;

/**
 * What the interpreter leaves in each heap when the measured loop starts: pages, live objects and
 * how many of them are old (promoted). It decides how many free slots the first cycles have and
 * so how often a small loop collects. CRuby: read from {@code GC.stat_heap} (3.3+) or
 * {@code GC.stat} (3.1) of the Ruby at hand; presets document where their numbers come from.
 *
 * @param pages      heap pages per heap, index = heap index of the layout
 * @param liveSlots  live objects per heap at loop start
 * @param oldSlots   of those, objects already promoted old (not marked by a minor GC)
 * @param provenance one line saying where the numbers come from
 * @param gcsSinceMajor GCs since the last major when the loop starts (growth is allowed only within
 *                   RVALUE_OLD_AGE GCs of a major); -1 when unknown (treated as "long ago")
 * @param occupiedSlots slots in use per heap when the loop starts: the live objects and the garbage
 *                   no sweep has freed yet ({@code total_allocated_objects - total_freed_objects} of
 *                   {@code GC.stat_heap}); at least {@code liveSlots}. Until the first GC the loop
 *                   allocates only into the rest: a Ruby that has not collected since boot holds all
 *                   its boot garbage in its pages
 */
public record BootState(int[] pages, long[] liveSlots, long[] oldSlots, String provenance, int gcsSinceMajor, long[] occupiedSlots) {

    public BootState(int[] pages, long[] liveSlots, long[] oldSlots, String provenance) {
        this(pages, liveSlots, oldSlots, provenance, -1);
    }

    /** A boot state whose slots in use are its live objects (the garbage already swept). */
    public BootState(int[] pages, long[] liveSlots, long[] oldSlots, String provenance, int gcsSinceMajor) {
        this(pages, liveSlots, oldSlots, provenance, gcsSinceMajor, liveSlots);
    }

    public BootState {
        pages = pages.clone();
        liveSlots = liveSlots.clone();
        oldSlots = oldSlots.clone();
        occupiedSlots = occupiedSlots == null ? liveSlots.clone() : occupiedSlots.clone();
        GcParams.require(pages.length == liveSlots.length && pages.length == oldSlots.length && pages.length == occupiedSlots.length,
                "boot state needs one entry per heap for pages, live, old and occupied slots");
        for (int i = 0; i < pages.length; i++) {
            GcParams.require(pages[i] >= 0, "boot pages of heap " + i + " must be >= 0, got " + pages[i]);
            GcParams.require(liveSlots[i] >= 0, "boot live slots of heap " + i + " must be >= 0");
            GcParams.require(oldSlots[i] >= 0 && oldSlots[i] <= liveSlots[i],
                    "boot old slots of heap " + i + " must be between 0 and its live slots");
            GcParams.require(occupiedSlots[i] >= liveSlots[i],
                    "boot occupied slots of heap " + i + " must be at least its live slots, got " + occupiedSlots[i]);
        }
    }

    /** An empty start: no pages, nothing live (every heap grows from its init slots). */
    public static BootState empty(int heaps) {
        return new BootState(new int[heaps], new long[heaps], new long[heaps], "empty heaps");
    }

    public int heapCount() {
        return pages.length;
    }

    @Override
    public int[] pages() {
        return pages.clone();
    }

    @Override
    public long[] liveSlots() {
        return liveSlots.clone();
    }

    @Override
    public long[] oldSlots() {
        return oldSlots.clone();
    }

    public int pages(int heap) {
        return pages[heap];
    }

    public long live(int heap) {
        return liveSlots[heap];
    }

    public long old(int heap) {
        return oldSlots[heap];
    }

    @Override
    public long[] occupiedSlots() {
        return occupiedSlots.clone();
    }

    /** Slots in use in {@code heap} when the loop starts: its live objects and garbage not swept yet. */
    public long occupied(int heap) {
        return occupiedSlots[heap];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BootState b && Arrays.equals(pages, b.pages) && Arrays.equals(liveSlots, b.liveSlots)
                && Arrays.equals(oldSlots, b.oldSlots) && Arrays.equals(occupiedSlots, b.occupiedSlots);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(pages) * 31 + Arrays.hashCode(liveSlots);
    }

    @Override
    public String toString() {
        return "BootState(pages=" + Arrays.toString(pages) + ", live=" + Arrays.toString(liveSlots) + ", old="
                + Arrays.toString(oldSlots) + (Arrays.equals(occupiedSlots, liveSlots) ? "" : ", occupied=" + Arrays.toString(occupiedSlots))
                + "; " + provenance + ")";
    }
}
