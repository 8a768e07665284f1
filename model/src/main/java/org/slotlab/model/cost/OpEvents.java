package org.slotlab.model.cost;

/**
 * Events one operation performs that cost time outside the slot heap, counted exactly from the
 * model's rules (slot allocations and GCs are counted by the heap simulation).
 *
 * @param methodCalls       interpreter calls of C methods (byteslice, String#*, split...)
 * @param newCalls          Class#new calls (allocate + initialize dispatch)
 * @param bytesCopied       bytes memcpy'd or filled, wherever they go
 * @param sharedSetups      shared-string headers set up (str_replace_shared)
 * @param frozenRoots       frozen roots made by str_new_frozen_buffer
 * @param mallocs           malloc calls (each later freed)
 * @param mallocBytesCopied of {@code bytesCopied}, the bytes written into malloc'd buffers (a heap
 *                          string's {@code ruby_xmalloc(capa + termlen)}) rather than into a slot
 * @param memcpyCalls       memcpy calls that wrote those bytes (String#* fills its result by doubling:
 *                          1 + floor(log2 n) + 1 calls for n copies of one byte, string.c rb_str_times)
 * @param splitCalls        of {@code methodCalls}, calls of String#split with a string separator
 *                          (rb_str_split_m: argument checks, the separator search, the result Array's pushes)
 * @param embeddedWrites    new embedded strings whose bytes are written into the slot they were just
 *                          given (str_alloc_embed then memcpy into {@code as.embed.ary}): the writes
 *                          beyond the header that a freshly taken slot's cache lines must be fetched for
 * @param perTerm           events priced by one coefficient each that the fields above do not name, per
 *                          term: the calls of an allocation loop's shape ({@link CostTerm#YJIT_NEW_CALL},
 *                          {@link CostTerm#ALLOCATE_CALL}, a Ruby initialize's frame and ivar writes, 3.1's
 *                          ivar array; see {@link org.slotlab.model.workload.AllocShape}); empty for every
 *                          other workload
 */
public record OpEvents(double methodCalls, double newCalls, double bytesCopied, double sharedSetups,
        double frozenRoots, double mallocs, double mallocBytesCopied, double memcpyCalls, double splitCalls,
        double embeddedWrites, java.util.Map<CostTerm, Double> perTerm) {

    public static final OpEvents NONE = new OpEvents(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** Events with no term of {@link #perTerm}. */
    public OpEvents(double methodCalls, double newCalls, double bytesCopied, double sharedSetups, double frozenRoots,
            double mallocs, double mallocBytesCopied, double memcpyCalls, double splitCalls, double embeddedWrites) {
        this(methodCalls, newCalls, bytesCopied, sharedSetups, frozenRoots, mallocs, mallocBytesCopied, memcpyCalls, splitCalls,
                embeddedWrites, java.util.Map.of());
    }

    /** Events that write no new embedded string. */
    public OpEvents(double methodCalls, double newCalls, double bytesCopied, double sharedSetups, double frozenRoots,
            double mallocs, double mallocBytesCopied, double memcpyCalls, double splitCalls) {
        this(methodCalls, newCalls, bytesCopied, sharedSetups, frozenRoots, mallocs, mallocBytesCopied, memcpyCalls, splitCalls, 0);
    }

    /** Events without String#split calls. */
    public OpEvents(double methodCalls, double newCalls, double bytesCopied, double sharedSetups, double frozenRoots,
            double mallocs, double mallocBytesCopied, double memcpyCalls) {
        this(methodCalls, newCalls, bytesCopied, sharedSetups, frozenRoots, mallocs, mallocBytesCopied, memcpyCalls, 0);
    }

    /** Events whose copies all go into slots, one memcpy when any byte is copied. */
    public OpEvents(double methodCalls, double newCalls, double bytesCopied, double sharedSetups, double frozenRoots,
            double mallocs) {
        this(methodCalls, newCalls, bytesCopied, sharedSetups, frozenRoots, mallocs, 0);
    }

    /** Events with one memcpy when any byte is copied. */
    public OpEvents(double methodCalls, double newCalls, double bytesCopied, double sharedSetups, double frozenRoots,
            double mallocs, double mallocBytesCopied) {
        this(methodCalls, newCalls, bytesCopied, sharedSetups, frozenRoots, mallocs, mallocBytesCopied, bytesCopied > 0 ? 1 : 0);
    }

    /**
     * memcpy calls of {@code "x" * n} for a one-byte pattern (string.c rb_str_times): the first byte,
     * one call per doubling while the copied part is at most half, and the rest. {@code n} of 0 or 1
     * copies nothing here (String#* returns an empty string or a duplicate).
     */
    public static double stringTimesMemcpyCalls(long n) {
        if (n <= 1) {
            return 0;
        }
        long done = 1;
        int calls = 1;
        while (done <= n / 2) {
            done *= 2;
            calls++;
        }
        return calls + 1;
    }

    public OpEvents {
        java.util.EnumMap<CostTerm, Double> terms = new java.util.EnumMap<>(CostTerm.class);
        for (java.util.Map.Entry<CostTerm, Double> t : java.util.Objects.requireNonNull(perTerm, "perTerm").entrySet()) {
            double v = t.getValue();
            if (!(v >= 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException(t.getKey().id() + " events per op must be finite and >= 0, got " + v);
            }
            if (v > 0) {
                terms.put(t.getKey(), v);
            }
        }
        perTerm = java.util.Collections.unmodifiableMap(terms);
        if (embeddedWrites < 0) {
            throw new IllegalArgumentException("embedded strings written cannot be negative: " + embeddedWrites);
        }
        if (mallocBytesCopied > bytesCopied) {
            throw new IllegalArgumentException("bytes copied into malloc'd buffers (" + mallocBytesCopied
                    + ") cannot exceed the bytes copied (" + bytesCopied + ")");
        }
    }

    /** Bytes copied into slots (embedded strings). */
    public double slotBytesCopied() {
        return bytesCopied - mallocBytesCopied;
    }

    public OpEvents plus(OpEvents o) {
        java.util.EnumMap<CostTerm, Double> terms = new java.util.EnumMap<>(CostTerm.class);
        terms.putAll(perTerm);
        o.perTerm.forEach((t, v) -> terms.merge(t, v, Double::sum));
        return new OpEvents(methodCalls + o.methodCalls, newCalls + o.newCalls, bytesCopied + o.bytesCopied,
                sharedSetups + o.sharedSetups, frozenRoots + o.frozenRoots, mallocs + o.mallocs,
                mallocBytesCopied + o.mallocBytesCopied, memcpyCalls + o.memcpyCalls, splitCalls + o.splitCalls,
                embeddedWrites + o.embeddedWrites, terms);
    }

    /** The same events {@code k} times. */
    public OpEvents times(double k) {
        java.util.EnumMap<CostTerm, Double> terms = new java.util.EnumMap<>(CostTerm.class);
        perTerm.forEach((t, v) -> terms.put(t, v * k));
        return new OpEvents(methodCalls * k, newCalls * k, bytesCopied * k, sharedSetups * k, frozenRoots * k, mallocs * k,
                mallocBytesCopied * k, memcpyCalls * k, splitCalls * k, embeddedWrites * k, terms);
    }

    /** These events with {@code k} new embedded strings written per op. */
    public OpEvents withEmbeddedWrites(double k) {
        return new OpEvents(methodCalls, newCalls, bytesCopied, sharedSetups, frozenRoots, mallocs, mallocBytesCopied, memcpyCalls,
                splitCalls, k, perTerm);
    }

    /** These events with {@code k} more events of {@code term} per op (priced at the term's coefficient). */
    public OpEvents plus(CostTerm term, double k) {
        java.util.EnumMap<CostTerm, Double> terms = new java.util.EnumMap<>(CostTerm.class);
        terms.putAll(perTerm);
        terms.merge(term, k, Double::sum);
        return new OpEvents(methodCalls, newCalls, bytesCopied, sharedSetups, frozenRoots, mallocs, mallocBytesCopied, memcpyCalls,
                splitCalls, embeddedWrites, terms);
    }

    /** Events of {@code term} per op counted in {@link #perTerm} (0 when none). */
    public double count(CostTerm term) {
        return perTerm.getOrDefault(term, 0.0);
    }
}
