package org.slotlab.model.malloc;

/**
 * A group of live allocations of the same request size: the unit an {@link Allocator} turns into
 * an {@link RssEstimate}.
 *
 * @param requestBytes bytes passed to malloc
 * @param count        live allocations of that size
 */
public record AllocationCount(long requestBytes, long count) {

    public AllocationCount {
        if (requestBytes < 0) {
            throw new IllegalArgumentException("requestBytes must be >= 0, got " + requestBytes);
        }
        if (count < 0) {
            throw new IllegalArgumentException("count must be >= 0, got " + count);
        }
    }
}
