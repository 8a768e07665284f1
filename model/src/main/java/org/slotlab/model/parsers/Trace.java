package org.slotlab.model.parsers;

import java.util.ArrayList;
import java.util.List;
import org.slotlab.model.cost.OpEvents;

/**
 * What a traced piece of parsing did: every object it allocated (in order), the substrings it took
 * through str_subseq, and the non-heap events the cost profile prices. Made by
 * {@link StringMachine#trace()}; traces of several lines add up with {@link #plus}.
 *
 * @param allocations  objects allocated, in order
 * @param slices       substrings taken through str_subseq
 * @param methodCalls  C-method calls made
 * @param bytesCopied  bytes memcpy'd
 * @param sharedSetups shared headers set up
 * @param frozenRoots  frozen roots made (rb_str_new_frozen on an unfrozen, unshared string)
 * @param mallocs      malloc calls
 * @param memcpyCalls  copies made (one memcpy each)
 * @param splitCalls   of the C-method calls, String#split ones
 * @param embeddedWrites new embedded strings whose bytes were written into their new slot
 */
public record Trace(List<Allocation> allocations, List<ValueSlice> slices, long methodCalls, long bytesCopied,
        long sharedSetups, long frozenRoots, long mallocs, long memcpyCalls, long splitCalls, long embeddedWrites) {

    public Trace {
        allocations = List.copyOf(allocations);
        slices = List.copyOf(slices);
    }

    public static final Trace EMPTY = new Trace(List.of(), List.of(), 0, 0, 0, 0, 0, 0, 0, 0);

    /** Objects allocated. */
    public int objects() {
        return allocations.size();
    }

    /** Objects allocated in the given role. */
    public long objects(String role) {
        return allocations.stream().filter(a -> a.role().equals(role)).count();
    }

    /** Slices taken in the given role (e.g. "value"). */
    public List<ValueSlice> slices(String role) {
        return slices.stream().filter(s -> s.role().equals(role)).toList();
    }

    public long slotBytes() {
        long b = 0;
        for (Allocation a : allocations) {
            b += a.slotBytes();
        }
        return b;
    }

    public long mallocBytes() {
        long b = 0;
        for (Allocation a : allocations) {
            b += a.mallocBytes();
        }
        return b;
    }

    /** The events the cost profile prices (slot allocations and GC come from the heap simulation). */
    public OpEvents events() {
        // the bytes of strings that own a malloc'd buffer were copied into it (at most its size)
        return new OpEvents(methodCalls, 0, bytesCopied, sharedSetups, frozenRoots, mallocs, Math.min(bytesCopied, mallocBytes()),
                memcpyCalls, splitCalls, embeddedWrites);
    }

    /** What happened after {@code prefix}, a trace this one extends (taken from the same machine earlier). */
    public Trace after(Trace prefix) {
        if (prefix.allocations.size() > allocations.size() || prefix.slices.size() > slices.size()) {
            throw new IllegalArgumentException("the prefix is longer than this trace");
        }
        return new Trace(allocations.subList(prefix.allocations.size(), allocations.size()),
                slices.subList(prefix.slices.size(), slices.size()), methodCalls - prefix.methodCalls,
                bytesCopied - prefix.bytesCopied, sharedSetups - prefix.sharedSetups, frozenRoots - prefix.frozenRoots,
                mallocs - prefix.mallocs, memcpyCalls - prefix.memcpyCalls, splitCalls - prefix.splitCalls,
                embeddedWrites - prefix.embeddedWrites);
    }

    public Trace plus(Trace o) {
        List<Allocation> a = new ArrayList<>(allocations);
        a.addAll(o.allocations);
        List<ValueSlice> s = new ArrayList<>(slices);
        s.addAll(o.slices);
        return new Trace(a, s, methodCalls + o.methodCalls, bytesCopied + o.bytesCopied, sharedSetups + o.sharedSetups,
                frozenRoots + o.frozenRoots, mallocs + o.mallocs, memcpyCalls + o.memcpyCalls, splitCalls + o.splitCalls,
                embeddedWrites + o.embeddedWrites);
    }
}
