package org.slotlab.model.workload;

import java.util.ArrayList;
import java.util.List;
import org.slotlab.model.cost.OpEvents;
import org.slotlab.model.heap.ObjectSpec;
import org.slotlab.model.heap.Phase;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.Representation;
import org.slotlab.model.string.SlicePosition;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.string.StrSubseq;
import org.slotlab.model.string.SubseqOutcome;
import org.slotlab.model.string.SubseqPolicy;

/**
 * The micro-benchmark of Feature #22186 (https://bugs.ruby-lang.org/issues/22186): {@code source.byteslice(pos, len)} N times, keeping R results.
 * A frozen or already-shared source exists before the loop; an unfrozen-unshared one is built
 * fresh each op ({@code "a" * source_len}: one call, a new string, its bytes written), whose cost
 * both policies pay and which is not counted in objects per op.
 *
 * @param len       slice length, bytes
 * @param sourceLen source length, bytes
 * @param source    source state
 * @param position  suffix (the thread's benchmarks) or middle
 * @param count     N, slices taken
 * @param retain    R, slices kept
 * @param keep      how the R are kept
 * @param keepWhileTiming false (default, as in the thread): time and count GCs over N slices that
 *                  are all dropped, and measure the R kept slices' memory in a run of their own (the
 *                  thread's speed benchmarks kept nothing; its memory script kept 200,000). true: one
 *                  run of N slices that keeps R while it is timed (GC pressure under retention)
 */
public record SliceLoop(long len, long sourceLen, SourceState source, SlicePosition position, long count,
        long retain, KeepMode keep, boolean keepWhileTiming) {

    public SliceLoop(long len, long sourceLen, SourceState source, SlicePosition position, long count, long retain,
            KeepMode keep) {
        this(len, sourceLen, source, position, count, retain, keep, false);
    }

    public SliceLoop {
        if (len < 0) {
            throw new IllegalArgumentException("len must be >= 0 bytes, got " + len);
        }
        if (sourceLen < len) {
            throw new IllegalArgumentException("source length (" + sourceLen + ") must be >= len (" + len + ")");
        }
        if (position == SlicePosition.MIDDLE && sourceLen < len + 1) {
            throw new IllegalArgumentException("a middle slice needs a source longer than the slice (" + sourceLen
                    + " <= " + len + ")");
        }
        if (count < 1) {
            throw new IllegalArgumentException("count must be >= 1, got " + count);
        }
        if (retain < 0 || retain > count) {
            throw new IllegalArgumentException("retain must be between 0 and count (" + count + "), got " + retain);
        }
    }

    public SliceLoop withLen(long newLen) {
        return new SliceLoop(newLen, Math.max(sourceLen, newLen + (position == SlicePosition.MIDDLE ? 1 : 0)), source,
                position, count, retain, keep, keepWhileTiming);
    }

    public SliceLoop withRetain(long newRetain) {
        return new SliceLoop(len, sourceLen, source, position, Math.max(count, newRetain), newRetain, keep, keepWhileTiming);
    }

    /** The loop that is timed: N slices, keeping R only when {@link #keepWhileTiming()}. */
    public SliceLoop timingLoop() {
        return keepWhileTiming || retain == 0 ? this
                : new SliceLoop(len, sourceLen, source, position, count, 0, keep, false);
    }

    /** The run whose end state is the memory of R kept slices: R slices, all kept. */
    public SliceLoop memoryLoop() {
        return new SliceLoop(len, sourceLen, source, position, Math.max(1, retain), retain, KeepMode.FIRST, true);
    }

    /** What one slice does under {@code policy}. */
    public SubseqOutcome outcome(RubyLayout layout, SubseqPolicy policy) {
        return StrSubseq.slice(layout, policy, source, sourceLen, position, len);
    }

    /**
     * New embedded strings the slice writes: the slice itself when it is embedded, and a root that
     * copies an embeddable source into its own slot (str_new_frozen of a short source).
     */
    public static int embeddedWrites(SubseqOutcome o) {
        int k = o.representation() == Representation.EMBEDDED && o.bytesCopied() > 0 ? 1 : 0;
        if (o.allocatedRoot() && !o.rootTookOverBuffer() && o.rootMallocBytes() == 0 && o.bytesCopied() > 0) {
            k++;
        }
        return k;
    }

    /** The phases and events of this loop under {@code policy}. */
    public OpPlan plan(RubyLayout layout, SubseqPolicy policy) {
        SubseqOutcome o = outcome(layout, policy);
        OpEvents events = new OpEvents(1, 0, o.bytesCopied(), o.sharedSetup() ? 1 : 0, o.allocatedRoot() ? 1 : 0,
                o.sliceMallocBytes() > 0 ? 1 : 0, o.mallocBytesCopied(), o.bytesCopied() > 0 ? 1 : 0)
                .withEmbeddedWrites(embeddedWrites(o));
        List<ObjectSpec> setup = new ArrayList<>();
        if (source == SourceState.UNFROZEN_UNSHARED) {
            // The fresh source: "a" * source_len (rb_str_times -> str_enc_new, exact size).
            int heap = layout.heapForNewString(sourceLen);
            boolean embeds = layout.isEmbeddable(sourceLen, layout.termLen());
            long buffer = embeds ? 0 : sourceLen + layout.termLen();
            // When the root takes over the source's buffer, the root owns it from then on.
            long sourceOwns = o.rootTookOverBuffer() ? 0 : buffer;
            setup.add(new ObjectSpec(heap, sourceOwns, ObjectSpec.IMMEDIATE, "source"));
            events = events.plus(new OpEvents(1, 0, sourceLen, 0, 0, embeds ? 0 : 1, embeds ? 0 : sourceLen,
                    OpEvents.stringTimesMemcpyCalls(sourceLen)).withEmbeddedWrites(embeds && sourceLen > 0 ? 1 : 0));
        }
        long rootBuffer = o.rootTookOverBuffer() ? sourceLen + layout.termLen() : o.rootMallocBytes();
        List<Phase> phases = new ArrayList<>();
        long kept = retain;
        if (keep == KeepMode.FIRST) {
            if (kept > 0) {
                phases.add(new Phase(kept, specs(layout, o, setup, rootBuffer, ObjectSpec.RETAINED)));
            }
            if (count - kept > 0) {
                phases.add(new Phase(count - kept, specs(layout, o, setup, rootBuffer, ObjectSpec.IMMEDIATE)));
            }
        } else {
            phases.add(new Phase(count, specs(layout, o, setup, rootBuffer, kept)));
        }
        return new OpPlan(phases, events, o.objectsAllocated(), o.slotLabel());
    }

    private static List<ObjectSpec> specs(RubyLayout layout, SubseqOutcome o, List<ObjectSpec> setup, long rootBuffer,
            long lifetime) {
        List<ObjectSpec> specs = new ArrayList<>(setup);
        // Kept slices live in an array that outlives GCs: marking them from it promotes them.
        boolean kept = lifetime != ObjectSpec.IMMEDIATE;
        if (o.allocatedRoot()) {
            ObjectSpec root = new ObjectSpec(layout.heapIndexOfSlot(o.rootSlotBytes()), rootBuffer, lifetime, "root");
            specs.add(kept ? root.heldByOldContainer() : root);
        }
        ObjectSpec slice = new ObjectSpec(layout.heapIndexOfSlot(o.sliceSlotBytes()), o.sliceMallocBytes(), lifetime, "slice");
        specs.add(kept ? slice.heldByOldContainer() : slice);
        return specs;
    }
}
