package org.slotlab.model.malloc;

import java.util.ArrayList;
import java.util.List;

/**
 * Usable size, footprint and waste of every request in a range, per allocator: the data of the
 * "waste per class" chart of the STR_BUF_MIN_SIZE scenario (Feature #12025, https://bugs.ruby-lang.org/issues/12025), where the 128 -> 129
 * step of each allocator's classes is visible. A pure function; no allocator state.
 */
public final class SizeClassSweep {

    /**
     * One request on one allocator.
     *
     * @param allocator      registry name
     * @param requestBytes   malloc request
     * @param usableBytes    usable size
     * @param footprintBytes bytes occupied
     * @param wasteBytes     usable - request
     * @param wastePct       waste as % of the request (0 for a zero request)
     */
    public record Row(String allocator, long requestBytes, long usableBytes, long footprintBytes, long wasteBytes,
                      double wastePct) {
    }

    /** Largest number of rows one sweep may produce. */
    public static final int MAX_ROWS = 1_000_000;

    private SizeClassSweep() {
    }

    /** Requests {@code from}, {@code from + step}, ... up to {@code to} inclusive, for each allocator. */
    public static List<Row> sweep(List<Allocator> allocators, long from, long to, long step) {
        if (from < 0 || to < from || step < 1) {
            throw new IllegalArgumentException("sweep needs 0 <= from <= to and step >= 1, got from=" + from + ", to="
                    + to + ", step=" + step);
        }
        long points = (to - from) / step + 1;
        if (points * allocators.size() > MAX_ROWS) {
            throw new IllegalArgumentException("sweep of " + points + " requests x " + allocators.size()
                    + " allocators exceeds " + MAX_ROWS + " rows; raise the step");
        }
        List<Row> rows = new ArrayList<>();
        for (Allocator a : allocators) {
            for (long r = from; r <= to; r += step) {
                long usable = a.usableSize(r);
                long waste = usable - r;
                rows.add(new Row(a.name(), r, usable, a.footprint(r), waste, r == 0 ? 0 : 100.0 * waste / r));
            }
        }
        return rows;
    }
}
