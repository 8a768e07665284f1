package org.slotlab.model.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.slotlab.model.cost.CostTerm;
import org.slotlab.model.cost.OpEvents;
import org.slotlab.model.heap.ObjectSpec;
import org.slotlab.model.heap.Phase;
import org.slotlab.model.layout.RubyLayout;

/**
 * The shape of an allocation loop, {@code while i < n; klass.new; i += 1; end} and its kin: how the
 * loop runs (the interpreter or YJIT), which call makes each object ({@code Class#new} or
 * {@code Class#allocate}), and how many of the class's ivars its {@code initialize} writes.
 * byroot's slot-size benchmark in Feature #22186 (https://bugs.ruby-lang.org/issues/22186) is
 * {@link #BYROOT}: YJIT, {@code klass.new} of a class padded with ivars once (so its instances are
 * sized to one slot) and no {@code initialize}, so no ivar is written.
 *
 * <p>Where each instance goes ({@link #instance}), in CRuby's rules, as ruby 3.1.2 and 3.4.5 show
 * them ({@code ObjectSpace.memsize_of}, {@code GC.stat(:malloc_increase_bytes)}):
 * <ul>
 * <li>a Ruby with several heaps (3.2 and later) sizes every instance from its class's
 *     {@code max_iv_count}: rb_class_allocate_instance asks for {@code rb_obj_embedded_size(max_iv_count)}
 *     = 16 + 8 per ivar (3.4 object.c:122-149) and the ivars live in the slot. Padding an instance
 *     raises max_iv_count to its ivars (shape.c:726-731); a {@code def initialize} sets it to the
 *     ivars that initialize writes (rb_estimate_iv_count, iseq.c:2904, called by vm_define_method,
 *     vm_insnhelper.c:5903-5907), so with a Ruby initialize the instance is sized by what it writes;</li>
 * <li>a Ruby with one 40 B heap (3.1 and earlier) embeds at most {@code ROBJECT_EMBED_LEN_MAX} = 3
 *     ivars in the slot; an instance of a class with more gets, when it is allocated (by
 *     {@code new} or {@code allocate} alike, ivars written or not), an array of as many VALUEs as
 *     the class has ivars (rb_init_iv_list, variable.c), taken from the transient heap
 *     (transient_heap.c: a 32 MiB bump region of 32 KiB blocks, a 16 B header per array, dropped at
 *     every GC: no malloc, no free, malloc_increase unchanged) while it has room.
 *     {@code ObjectSpace.memsize_of} says 40 + 8 per ivar of the class.</li>
 * </ul>
 * The events per object ({@link #events}) are priced by the coefficients of
 * {@link org.slotlab.model.cost.CostTerm}: {@code new_call_ns} or {@code yjit_new_call_ns} for
 * Class#new with the default initialize, {@code allocate_call_ns} or {@code yjit_allocate_call_ns}
 * for Class#allocate, {@code initialize_frame_ns} and {@code ivar_set_ns} (or their YJIT
 * counterparts) for a Ruby initialize and each ivar it writes, and on 3.1 {@code ivar_array_ns} and
 * {@code ivar_array_ns_per_byte} for the array.
 *
 * @param mode           the interpreter or YJIT
 * @param call           {@code klass.new} or {@code klass.allocate}
 * @param rubyInitialize whether the class defines a Ruby {@code initialize} (Class#new calls it);
 *                       false: the default BasicObject#initialize, byroot's classes
 * @param ivarsWritten   ivars that initialize writes, {@code @ivar_0} first, at most the class's own
 *                       (the rest are never written); {@link #ALL_IVARS}: every ivar of the class
 */
public record AllocShape(ExecutionMode mode, AllocCall call, boolean rubyInitialize, int ivarsWritten) {

    /** {@link #ivarsWritten} of an initialize that writes every ivar its class has. */
    public static final int ALL_IVARS = Integer.MAX_VALUE;
    /** Bytes of an object header, sizeof(struct RBasic): rb_obj_embedded_size(n) = 16 + 8 n (object.c). */
    public static final int RBASIC_BYTES = 16;
    /** Bytes of one ivar, sizeof(VALUE). */
    public static final int VALUE_BYTES = 8;
    /**
     * Largest array 3.1's transient heap takes (TRANSIENT_HEAP_ALLOC_MAX, transient_heap.c); a bigger
     * one would be malloc'd, which this model does not cover (byroot's classes need at most 624 B).
     */
    public static final int TRANSIENT_HEAP_ALLOC_MAX = 2 * 1024;
    /**
     * Bytes of 3.1's transient heap (TRANSIENT_HEAP_TOTAL_SIZE: 1,024 blocks of 32 KiB): measured on
     * ruby 3.1.2, 52,224 arrays of 624 B fit with GC disabled, the next ones were malloc'd.
     */
    public static final long TRANSIENT_HEAP_BYTES = 32L * 1024 * 1024;
    /** Bytes of the header the transient heap puts before each array (struct transient_alloc_header). */
    public static final int TRANSIENT_HEADER_BYTES = 16;

    /** byroot's benchmark in Feature #22186: YJIT, klass.new, no initialize, no ivar written. */
    public static final AllocShape BYROOT = new AllocShape(ExecutionMode.YJIT, AllocCall.NEW, false, 0);

    public AllocShape {
        Objects.requireNonNull(mode, "execution mode");
        Objects.requireNonNull(call, "call");
        if (ivarsWritten < 0) {
            throw new IllegalArgumentException("ivars written must be >= 0, got " + ivarsWritten);
        }
        if (call == AllocCall.ALLOCATE && (rubyInitialize || ivarsWritten > 0)) {
            throw new IllegalArgumentException("klass.allocate calls no initialize, so it writes no ivar: use klass.new to write ivars");
        }
        if (!rubyInitialize && ivarsWritten > 0) {
            throw new IllegalArgumentException("only a Ruby initialize writes ivars: " + ivarsWritten + " written without one");
        }
    }

    /**
     * The shape a loop has when {@code initialize} writes {@code ivarsWritten} ivars: 0 is a class
     * with no initialize of its own (byroot's), more a Ruby initialize writing them.
     */
    public static AllocShape of(ExecutionMode mode, AllocCall call, int ivarsWritten) {
        return new AllocShape(mode, call, ivarsWritten > 0, ivarsWritten);
    }

    /** Whether this is byroot's shape, the one the published slot-size table measured. */
    public boolean isByroot() {
        return equals(BYROOT);
    }

    /** "YJIT, klass.new, no initialize (byroot's)" or "interpreter, klass.new, initialize writes 8 ivars". */
    public String describe() {
        String init;
        if (call == AllocCall.ALLOCATE) {
            init = "no initialize";
        } else if (!rubyInitialize) {
            init = "no initialize of its own, no ivar written";
        } else if (ivarsWritten == 0) {
            init = "an empty Ruby initialize";
        } else {
            init = "initialize writes " + (ivarsWritten == ALL_IVARS ? "all ivars"
                    : "the first " + writtenText() + (ivarsWritten == 1 ? " ivar" : " ivars") + " of its class");
        }
        return mode.label() + ", " + call.expression() + ", " + init;
    }

    /** The ivars written as the option spells them: a number or {@code all}. */
    public String writtenText() {
        return ivarsWritten == ALL_IVARS ? "all" : Integer.toString(ivarsWritten);
    }

    /**
     * byroot's padding for a slot of {@code slotBytes}: {@code (size - 16) / 8} ivars (make_size in
     * Feature #22186), so that an instance of the class fills the slot.
     */
    public static int byrootIvars(int slotBytes) {
        return Math.max(0, (slotBytes - RBASIC_BYTES) / VALUE_BYTES);
    }

    /** Whether {@code layout} keeps ivars beyond its one slot's few in an array outside it, from the transient heap (one heap: 3.1 and earlier). */
    public static boolean fixedWidthObjects(RubyLayout layout) {
        return layout.heapCount() == 1;
    }

    /** ROBJECT_EMBED_LEN_MAX of a one-heap layout: the ivars its slot holds after the header (3 in a 40 B slot). */
    public static int embeddedIvars(RubyLayout layout) {
        return Math.max(0, (layout.slotSize(0) - RBASIC_BYTES) / VALUE_BYTES);
    }

    /**
     * One instance of a class with {@code classIvars} ivars, made by this shape: the heap its slot is
     * in, the ivars initialize writes, and the ivar array it owns outside its slot (0 when the ivars are in
     * the slot).
     *
     * @param classIvars   the class's ivar count (its max_iv_count, 3.2+; its iv_index_tbl's entries, 3.1)
     * @param ivarsWritten of those, the ivars initialize writes
     * @param heap         the heap of the instance's slot
     * @param slotBytes    that heap's slot size
     * @param ivarArrayBytes bytes of the ivar array outside the slot (8 x classIvars on 3.1, from the transient
     *                     heap), 0 when the ivars are in the slot
     */
    public record Instance(int classIvars, int ivarsWritten, int heap, int slotBytes, long ivarArrayBytes) {
        /** What ObjectSpace.memsize_of says of the instance: its slot plus its ivar array. */
        public long memsizeBytes() {
            return slotBytes + ivarArrayBytes;
        }

        /** Whether the instance's ivars are in an array outside its slot (3.1's transient heap). */
        public boolean hasIvarArray() {
            return ivarArrayBytes > 0;
        }

        /** Transient-heap bytes the instance takes: its array and the array's header (0 without an array). */
        public long transientHeapBytes() {
            return ivarArrayBytes > 0 ? ivarArrayBytes + TRANSIENT_HEADER_BYTES : 0;
        }
    }

    /** The instance this shape makes of a class with {@code classIvars} ivars on {@code layout}. */
    public Instance instance(RubyLayout layout, int classIvars) {
        if (classIvars < 0) {
            throw new IllegalArgumentException("a class has >= 0 ivars, got " + classIvars);
        }
        int written = Math.min(ivarsWritten, classIvars);
        if (fixedWidthObjects(layout)) {
            // 3.1: the slot holds ROBJECT_EMBED_LEN_MAX ivars; a class with more gives each instance an array of its count
            long array = classIvars > embeddedIvars(layout) ? (long) VALUE_BYTES * classIvars : 0;
            if (array > TRANSIENT_HEAP_ALLOC_MAX) {
                throw new IllegalArgumentException("a class of " + classIvars + " ivars needs a " + array + " B ivar array, more than "
                        + "3.1's transient heap takes (" + TRANSIENT_HEAP_ALLOC_MAX + " B): it would be malloc'd, which is not modelled");
            }
            return new Instance(classIvars, written, 0, layout.slotSize(0), array);
        }
        // def initialize sets max_iv_count to the ivars it writes; without one the padding's count stands
        int sized = rubyInitialize ? written : classIvars;
        long bytes = RBASIC_BYTES + (long) VALUE_BYTES * sized;
        int heap = layout.heapIndexForSize(bytes);
        if (heap < 0) {
            throw new IllegalArgumentException("an instance of " + sized + " ivars needs " + bytes + " B, more than the largest slot of "
                    + layout.name() + " (" + layout.largestSlotSize() + " B): its instances keep their ivars apart, which is not modelled");
        }
        return new Instance(classIvars, written, heap, layout.slotSize(heap), 0);
    }

    /** The events of one object made by this shape beyond its slot: its call, its initialize and ivar writes, 3.1's ivar array. */
    public OpEvents events(Instance o) {
        boolean yjit = mode == ExecutionMode.YJIT;
        OpEvents e = new OpEvents(0, call == AllocCall.NEW && !yjit ? 1 : 0, 0, 0, 0, 0);
        if (call == AllocCall.NEW && yjit) {
            e = e.plus(CostTerm.YJIT_NEW_CALL, 1);
        }
        if (call == AllocCall.ALLOCATE) {
            e = e.plus(yjit ? CostTerm.YJIT_ALLOCATE_CALL : CostTerm.ALLOCATE_CALL, 1);
        }
        if (rubyInitialize) {
            e = e.plus(yjit ? CostTerm.YJIT_INITIALIZE_FRAME : CostTerm.INITIALIZE_FRAME, 1);
        }
        if (o.ivarsWritten() > 0) {
            e = e.plus(yjit ? CostTerm.YJIT_IVAR_SET : CostTerm.IVAR_SET, o.ivarsWritten());
        }
        if (o.hasIvarArray()) {
            e = e.plus(CostTerm.IVAR_ARRAY, 1).plus(CostTerm.IVAR_ARRAY_BYTE, o.ivarArrayBytes());
        }
        return e;
    }

    /**
     * The coefficients that price this shape's objects beyond their slots and GCs on {@code layout},
     * over the classes of its sweep: the calls, the initialize and its writes, 3.1's ivar arrays.
     */
    public List<CostTerm> callTerms(RubyLayout layout) {
        java.util.Set<CostTerm> terms = java.util.EnumSet.noneOf(CostTerm.class);
        for (Instance o : sweep(layout)) {
            OpEvents e = events(o);
            if (e.newCalls() > 0) {
                terms.add(CostTerm.NEW_CALL);
            }
            terms.addAll(e.perTerm().keySet());

        }
        return List.copyOf(terms);
    }

    /** {@code count} objects of a class with {@code classIvars} ivars, each dead at once, as the heap simulation runs them. */
    public OpPlan plan(RubyLayout layout, int classIvars, long count) {
        if (count < 1) {
            throw new IllegalArgumentException("allocations must be >= 1, got " + count);
        }
        Instance o = instance(layout, classIvars);
        // 3.1's ivar array comes from the transient heap, not malloc: nothing for malloc_increase or the sweep to free
        ObjectSpec spec = new ObjectSpec(o.heap(), 0, ObjectSpec.IMMEDIATE, "object");
        return new OpPlan(List.of(new Phase(count, List.of(spec))), events(o), 1, Long.toString(o.memsizeBytes()));
    }

    /**
     * The classes of the slot-size sweep on {@code layout}: byroot's padding for each of its slot
     * sizes where objects are sized by their class (3.2+); on a one-heap layout (3.1), the classes
     * byroot's padding makes for CRuby 3.4's heaps (3, 8, 18, 38 and 78 ivars), which all take the one
     * 40 B slot and, beyond 3 ivars, an ivar array of their size. Classes whose instances come out the
     * same ({@code memsize_of} equal: an initialize that writes fewer ivars than the larger classes
     * have sizes them all alike on 3.2+) are one point, the first.
     */
    public List<Instance> sweep(RubyLayout layout) {
        List<Instance> out = new ArrayList<>();
        int[] slots = fixedWidthObjects(layout) ? RubyLayout.ruby34().slotSizes() : layout.slotSizes();
        for (int s : slots) {
            Instance o = instance(layout, byrootIvars(s));
            if (out.stream().noneMatch(x -> x.memsizeBytes() == o.memsizeBytes())) {
                out.add(o);
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "AllocShape[%s]", describe());
    }
}
