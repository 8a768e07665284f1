package org.slotlab.model.classnew;

import java.util.ArrayList;
import java.util.List;
import org.slotlab.model.heap.ObjectSpec;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.parsers.StringMachine;

/**
 * One {@code Foo.new(...)} call with {@code params} arguments of one kind on one path, counted:
 * the objects it allocates and the work its cost coefficients price (Fast Allocations in Ruby 3.5).
 *
 * <p>Objects: the instance, in the slot {@code rb_class_allocate_instance} sizes for a class
 * without ivars ({@code rb_obj_embedded_size(0)} = 16 B, CRuby 3.4 object.c:97-149, so the
 * smallest slot); plus, for keywords on the C path, the Hash that carries them into C
 * (Fast Allocations in Ruby 3.5: "the test method allocates 2 objects: an instance of Foo, and a hash"). That Hash
 * is {@code rb_hash_new_with_size(N)}; <b>assumed slot</b>: up to 8 entries it is an ar_table
 * Hash, {@code sizeof(struct RHash)} 24 B + {@code sizeof(ar_table)} 136 B = 160 B (3.4
 * hash.c hash_alloc_flags), beyond 8 an st_table Hash of 24 + 56 = 80 B with its table malloc'd
 * ({@link StringMachine#HASH_WITH_AR_TABLE_BYTES}). Measure {@code ObjectSpace.memsize_of} of
 * such a Hash on 3.4 to check it. Zero keywords pass no Hash.
 *
 * @param kind   positional or keyword
 * @param params N, arguments per call
 * @param path   3.4's C Class#new or 3.5's opt_new
 */
public record ClassNewCall(ParamKind kind, int params, NewPath path) {

    /** Bytes of an instance without ivars: rb_obj_embedded_size(0) = sizeof(struct RBasic) (object.c:97-101). */
    public static final int INSTANCE_BYTES = 16;

    public ClassNewCall {
        if (params < 0) {
            throw new IllegalArgumentException("params must be >= 0, got " + params);
        }
    }

    /** Whether this call allocates the keyword Hash. */
    public boolean allocatesKeywordHash() {
        return kind == ParamKind.KEYWORD && path == NewPath.C_CLASS_NEW && params > 0;
    }

    /** Objects allocated per call. */
    public int objectsPerCall() {
        return allocatesKeywordHash() ? 2 : 1;
    }

    /** The objects of one call, for the heap simulation; all die at once (the benchmark drops them). */
    public List<ObjectSpec> objects(RubyLayout layout) {
        List<ObjectSpec> out = new ArrayList<>();
        out.add(ObjectSpec.dying(heapFor(layout, INSTANCE_BYTES), "instance"));
        if (allocatesKeywordHash()) {
            boolean st = params > StringMachine.AR_TABLE_MAX_ENTRIES;
            int bytes = st ? StringMachine.HASH_WITH_ST_TABLE_BYTES : StringMachine.HASH_WITH_AR_TABLE_BYTES;
            long malloc = st ? (long) StringMachine.ST_BYTES_PER_ENTRY * Long.highestOneBit(2L * params - 1) : 0;
            if (layout.embedRule() == RubyLayout.EmbedRule.FIXED) {
                bytes = layout.slotSize(0);
                malloc = st ? malloc : StringMachine.AR_TABLE_MALLOC_BYTES_31;
            }
            out.add(new ObjectSpec(heapFor(layout, bytes), malloc, ObjectSpec.IMMEDIATE, "keyword Hash"));
        }
        return out;
    }

    private static int heapFor(RubyLayout layout, int bytes) {
        int h = layout.heapIndexForSize(bytes);
        return h < 0 ? layout.heapCount() - 1 : h;
    }

    /** Arguments copied between the VM stack and C (3.4 positional), per call. */
    public int argumentCopies() {
        return kind == ParamKind.POSITIONAL && path == NewPath.C_CLASS_NEW ? params : 0;
    }

    /** Keywords stored in and read back from the Hash (3.4 keyword), per call. */
    public int keywordHashEntries() {
        return allocatesKeywordHash() ? params : 0;
    }

    /** C frames pushed for Class#new, per call. */
    public int cFrames() {
        return path == NewPath.C_CLASS_NEW ? 1 : 0;
    }
}
