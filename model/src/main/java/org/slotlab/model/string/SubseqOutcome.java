package org.slotlab.model.string;

/**
 * What one str_subseq call does, counted: the slice's representation and slot, the root it had to
 * allocate (if any), and the bytes copied. Objects are those the slice operation itself allocates.
 *
 * @param representation   how the slice holds its bytes
 * @param sliceSlotBytes   slot size of the slice
 * @param sliceMallocBytes malloc'd buffer the slice owns (a middle copy too long to embed), else 0
 * @param rootSlotBytes    slot size of a new frozen root, or 0 when none was allocated
 * @param rootMallocBytes  bytes of a buffer the new root malloc'd (0: embedded, or it took over the source's)
 * @param rootTookOverBuffer whether the root took over the source's malloc'd buffer (heap_str_make_shared)
 * @param bytesCopied      bytes memcpy'd (slice bytes and/or the root's copy of the source)
 * @param sharedSetup      whether a shared header was set up (str_replace_shared)
 */
public record SubseqOutcome(
        Representation representation,
        int sliceSlotBytes,
        long sliceMallocBytes,
        int rootSlotBytes,
        long rootMallocBytes,
        boolean rootTookOverBuffer,
        long bytesCopied,
        boolean sharedSetup) {

    /** Objects the slice operation allocates: the slice, plus a root when one was made. */
    public int objectsAllocated() {
        return rootSlotBytes > 0 ? 2 : 1;
    }

    public boolean allocatedRoot() {
        return rootSlotBytes > 0;
    }

    /** ObjectSpace.memsize_of of the slice: slot + owned buffer (a shared slice reports its slot only). */
    public long sliceMemsize() {
        return sliceSlotBytes + sliceMallocBytes;
    }

    /** Bytes a kept slice keeps alive beyond a frozen source: its own memsize plus a root it made. */
    public long retainedBytesPerSlice() {
        return sliceMemsize() + rootSlotBytes + rootMallocBytes;
    }

    /** Of {@link #bytesCopied()}, the bytes written into a malloc'd buffer (a heap slice's own buffer). */
    public long mallocBytesCopied() {
        return sliceMallocBytes > 0 ? Math.min(bytesCopied, sliceMallocBytes) : 0;
    }

    /** "shared" or the slice's slot size in bytes, as the CSV reports it. */
    public String slotLabel() {
        return representation == Representation.SHARED ? "shared" : Integer.toString(sliceSlotBytes);
    }
}
