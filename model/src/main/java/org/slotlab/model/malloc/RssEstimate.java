package org.slotlab.model.malloc;

/**
 * What a population of live allocations costs one allocator: bytes asked for, bytes handed out,
 * bytes occupied, and the resident pages they touch (every touched page counted whole, as the
 * kernel does). Produced by {@link Allocator#rss}; page faults assume each resident page was
 * faulted in once (first touch), which is what BSD {@code time -l} counts as minor faults.
 *
 * @param allocator      registry name of the allocator
 * @param allocations    number of live allocations
 * @param requestedBytes sum of malloc requests
 * @param usableBytes    sum of usable sizes
 * @param footprintBytes sum of footprints (usable + headers/padding)
 * @param residentPages  pages the blocks occupy
 * @param pageBytes      page size, bytes
 */
public record RssEstimate(String allocator, long allocations, long requestedBytes, long usableBytes,
                          long footprintBytes, long residentPages, long pageBytes) {

    /** Resident bytes: whole pages. */
    public long residentBytes() {
        return residentPages * pageBytes;
    }

    /** Resident size in KiB (1024 B), the unit of BSD/GNU time's maxrss. */
    public double residentKib() {
        return residentBytes() / 1024.0;
    }

    /** Usable minus requested: the bytes handed out but not asked for. */
    public long wasteBytes() {
        return usableBytes - requestedBytes;
    }

    /** Footprint minus requested: everything the allocator spends beyond the request. */
    public long overheadBytes() {
        return footprintBytes - requestedBytes;
    }

    /** First-touch page faults, one per resident page. */
    public long pageFaults() {
        return residentPages;
    }
}
