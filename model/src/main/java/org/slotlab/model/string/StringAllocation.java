package org.slotlab.model.string;

/**
 * What CRuby allocates for one string: its slot and, unless embedded, its malloc'd buffer. The
 * malloc request is always {@code capa + termlen} ("the underlying C buffer is always 1 more
 * than the ruby buffer", Feature #12025 (https://bugs.ruby-lang.org/issues/12025)); {@link #memsizeBytes()} is what
 * {@code ObjectSpace.memsize_of} reports (string.c rb_str_memsize, RUBY_FACTS.md).
 *
 * @param slotBytes          slot size holding the RString, bytes
 * @param capacityBytes      Ruby capacity (bytes usable for content, terminator excluded)
 * @param mallocRequestBytes bytes passed to malloc for the buffer, 0 when embedded
 * @param embedded           true when the bytes live in the slot
 */
public record StringAllocation(long slotBytes, long capacityBytes, long mallocRequestBytes, boolean embedded) {

    public StringAllocation {
        if (slotBytes <= 0 || capacityBytes < 0 || mallocRequestBytes < 0) {
            throw new IllegalArgumentException("invalid string allocation: slot " + slotBytes + " B, capa "
                    + capacityBytes + " B, malloc " + mallocRequestBytes + " B");
        }
        if (embedded && mallocRequestBytes != 0) {
            throw new IllegalArgumentException("an embedded string has no malloc'd buffer, got " + mallocRequestBytes
                    + " B");
        }
    }

    /** ObjectSpace.memsize_of: slot plus the owned buffer (capa + termlen). */
    public long memsizeBytes() {
        return slotBytes + mallocRequestBytes;
    }
}
