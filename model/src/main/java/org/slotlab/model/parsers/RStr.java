package org.slotlab.model.parsers;

/**
 * One CRuby String as the {@link StringMachine} tracks it: its length, the slot it sits in, the
 * malloc'd buffer it owns, whether it is frozen, and the shared root it points into (if any).
 * CRuby: include/ruby/internal/core/rstring.h (STR_NOEMBED, STR_SHARED, FL_FREEZE), 3.4.5.
 */
public final class RStr {

    long len;
    final int slotBytes;
    long ownedMallocBytes;
    boolean embedded;
    boolean frozen;
    RStr root;
    long offsetInRoot;
    /** Index of the allocation that made it in its {@link StringMachine}, or -1 for a string made before. */
    final int allocation;

    RStr(long len, int slotBytes, long ownedMallocBytes, boolean embedded, boolean frozen, int allocation) {
        this.len = len;
        this.slotBytes = slotBytes;
        this.ownedMallocBytes = ownedMallocBytes;
        this.embedded = embedded;
        this.frozen = frozen;
        this.allocation = allocation;
    }

    public long len() {
        return len;
    }

    public int slotBytes() {
        return slotBytes;
    }

    public boolean embedded() {
        return embedded;
    }

    public boolean frozen() {
        return frozen;
    }

    /** Whether it points into a shared root (STR_SHARED). */
    public boolean shared() {
        return root != null;
    }

    /** Whether it is a shared string that covers its whole root. */
    boolean coversWholeRoot() {
        return root != null && offsetInRoot == 0 && len == root.len;
    }

    /** "embedded" (with its slot), "heap" or "shared". */
    public String representation() {
        if (root != null) {
            return "shared";
        }
        return embedded ? "embedded " + slotBytes + " B" : "heap";
    }

    @Override
    public String toString() {
        return "RStr(len=" + len + ", " + representation() + (frozen ? ", frozen" : "") + ")";
    }
}
