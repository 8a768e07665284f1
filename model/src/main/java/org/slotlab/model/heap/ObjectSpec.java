package org.slotlab.model.heap;

/**
 * One object an operation allocates: which heap its slot comes from, the malloc'd buffer it owns
 * (0 when embedded or shared), and how long it stays reachable. CRuby: a slot from
 * {@code newobj_of} (gc/default/default.c) plus, for a heap string, {@code ruby_xmalloc(capa + termlen)}.
 *
 * @param heap        heap index in the layout
 * @param mallocBytes bytes of the malloc'd buffer the object owns (freed when its slot is swept)
 * @param lifetime    ops after its own during which it stays reachable: {@link #IMMEDIATE} dies
 *                    with its op, {@link #RETAINED} lives to the end of the run
 * @param role        short label ("slice", "root", "source") for reports
 * @param heldByOld   kept by an old container (an array that outlives GCs): the first GC it
 *                    survives promotes it, because marking a young object from an old parent makes
 *                    it a promotion candidate (CRuby rgengc_check_relation / RVALUE_AGE_SET_CANDIDATE)
 */
public record ObjectSpec(int heap, long mallocBytes, long lifetime, String role, boolean heldByOld) {

    public ObjectSpec(int heap, long mallocBytes, long lifetime, String role) {
        this(heap, mallocBytes, lifetime, role, false);
    }

    /** The same object kept by an old container. */
    public ObjectSpec heldByOldContainer() {
        return new ObjectSpec(heap, mallocBytes, lifetime, role, true);
    }


    /** Dies before the next operation (only the stack holds it during its own op). */
    public static final long IMMEDIATE = 0;
    /** Reachable until the run ends. */
    public static final long RETAINED = Long.MAX_VALUE;

    public ObjectSpec {
        if (heap < 0) {
            throw new IllegalArgumentException("heap index must be >= 0, got " + heap);
        }
        if (mallocBytes < 0) {
            throw new IllegalArgumentException("malloc bytes must be >= 0, got " + mallocBytes);
        }
        if (lifetime < 0) {
            throw new IllegalArgumentException("lifetime must be >= 0 ops, got " + lifetime);
        }
    }

    public static ObjectSpec dying(int heap, String role) {
        return new ObjectSpec(heap, 0, IMMEDIATE, role);
    }

    /** Whether an object allocated at op {@code born} is still reachable at op {@code t}. */
    public boolean aliveAt(long born, long t) {
        return lifetime == RETAINED || born + lifetime >= t;
    }

    /** First op index (of those allocated at or after {@code from}) still alive at op {@code t}. */
    long firstAliveBorn(long from, long t) {
        if (lifetime == RETAINED) {
            return from;
        }
        return Math.max(from, t - lifetime);
    }
}
