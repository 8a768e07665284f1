package org.slotlab.model.cost;

import java.util.Arrays;
import java.util.List;

/**
 * The terms of the cost model: each turns one counted event into nanoseconds. Every term has a
 * name (the coefficient's name in profile files), a unit, what it stands for in CRuby, and the
 * calibration probe unit that isolates it ({@code probes/timing.rb}: rows of that unit differ
 * from each other by this event and little else).
 *
 * <p>The terms can subtract where CRuby does: a variant that allocates fewer objects but cycles
 * more memory per GC cycle (bigger slots, malloc'd buffers piling up between sweeps) pays
 * {@link #CYCLE_MISS} and {@link #PAGE_FAULT} for it, so fewer allocations do not by themselves
 * make it faster.
 */
public enum CostTerm {
    METHOD_CALL("method_call_ns", "ns/call", "interpreter call of a C method that allocates nothing itself (getbyte, bytesize)", "calls"),
    SPLIT_CALL("split_call_ns", "ns/call", "String#split with a string separator beyond a C call and the objects it makes: argument checks, the separator search, the result Array's pushes (string.c rb_str_split_m)", "split"),
    NEW_CALL("new_call_ns", "ns/call", "Class#new beyond the slot it takes, in the interpreter: allocate and the default initialize's dispatch (rb_class_new_instance_pass_kw, object.c)", "alloc"),
    YJIT_NEW_CALL("yjit_new_call_ns", "ns/call", "Class#new beyond the slot it takes, under YJIT: allocate and the default initialize's dispatch (rb_class_new_instance_pass_kw; the opt_new instruction from 3.5)", "objects_yjit"),
    ALLOCATE_CALL("allocate_call_ns", "ns/call", "Class#allocate beyond the slot it takes, in the interpreter: the C method call and rb_obj_alloc calling the class's allocator (rb_class_alloc_m, object.c); no initialize", "objects"),
    YJIT_ALLOCATE_CALL("yjit_allocate_call_ns", "ns/call", "Class#allocate beyond the slot it takes, under YJIT (rb_class_alloc_m, object.c); no initialize", "objects_yjit"),
    INITIALIZE_FRAME("initialize_frame_ns", "ns/call", "Class#new calling a Ruby initialize instead of the default BasicObject#initialize (rb_obj_dummy0), in the interpreter: its frame pushed and popped (rb_obj_call_init_kw, vm_call0), its ivar writes apart", "objects"),
    YJIT_INITIALIZE_FRAME("yjit_initialize_frame_ns", "ns/call", "Class#new calling a Ruby initialize instead of the default BasicObject#initialize, under YJIT: its frame pushed and popped, its ivar writes apart", "objects_yjit"),
    IVAR_SET("ivar_set_ns", "ns/ivar", "one setinstancevariable in initialize, in the interpreter: an ivar the class already has (its shape from 3.2, its iv_index_tbl on 3.1) stored into the new object (vm_setinstancevariable, vm_insnhelper.c)", "objects"),
    YJIT_IVAR_SET("yjit_ivar_set_ns", "ns/ivar", "one setinstancevariable in initialize, under YJIT (gen_setinstancevariable, yjit/src/codegen.rs)", "objects_yjit"),
    IVAR_ARRAY("ivar_array_ns", "ns/object", "CRuby 3.1: an instance of a class with more than 3 ivars gets, when allocated, an array of the class's ivar count outside its 40 B slot (rb_init_iv_list, variable.c), from the transient heap (transient_heap.c: a bump allocation with a header; no malloc, dropped at GC), per array", "objects"),
    IVAR_ARRAY_BYTE("ivar_array_ns_per_byte", "ns/byte", "CRuby 3.1: per byte of that ivar array, each VALUE filled with Qundef (init_iv_list) in transient-heap memory a GC cycle last touched", "objects"),
    SLOT_ALLOC("slot_alloc_ns", "ns/slot", "taking a free slot (newobj_of fast path), initialising its header, and sweeping it later, in cache", "alloc"),
    SLOT_BYTE("slot_ns_per_byte", "ns/byte", "per byte of slot size allocated, up to slot_touch_window_bytes, in cache (a bigger slot has more lines to bring in and sweep)", "alloc"),
    SLOT_WINDOW("slot_touch_window_bytes", "bytes", "slot bytes beyond which a bigger slot costs no more to allocate in cache (the lines the hardware prefetcher brings along; a threshold, scanned)", "alloc"),
    L2_MISS("l2_miss_ns_per_slot", "ns/slot", "per new embedded string (str_alloc_embed, then its bytes copied into the slot's as.embed.ary) whose heaps' GC cycle runs through more slot memory than l2_cache_bytes, times the share beyond it: the slot the freelist hands out was last touched a cycle ago, and the copy writes lines of it the core's own cache no longer holds; a slot only taken (Object.new writes its header) does not pay it", "slices"),
    L2_CACHE("l2_cache_bytes", "bytes", "slot memory a GC cycle can run through and still find in the core's own cache: the machine's L2 per core where calibrate can read it (/sys/devices/system/cpu/cpu0/cache or getconf on Linux, sysctl hw.l2cachesize on macOS), otherwise scanned", "footprint"),
    CYCLE_MISS("cycle_miss_ns_per_byte", "ns/byte", "per byte a GC cycle runs through beyond cycle_cache_bytes, on top of l2_miss_ns_per_slot: memory the shared cache (as this process gets it on this machine) no longer holds, served from DRAM with TLB misses", "footprint"),
    SLOT_CYCLE_MISS("slot_cycle_miss_ns_per_byte", "ns/byte", "per byte of slot allocated while the heaps a loop allocates from hold more than slot_cycle_cache_bytes (a step: all of them or none), on top of cycle_miss_ns_per_byte: a slot's lines are touched several times a cycle (the freelist hands it out and its header is written, the string's bytes are copied into it, the sweep reads it back), in the order the heap's pages lie, so once the heap no longer fits every one of those touches misses again; a malloc'd buffer's bytes are written once by memcpy, streamed by the prefetcher, and freed by a touch of its chunk header", "cycle_copy"),
    SLOT_CYCLE_CACHE("slot_cycle_cache_bytes", "bytes", "memory of the heaps a loop allocates from (their pages, which every GC's sweep visits slot by slot and allocation walks again) beyond which each slot allocated pays slot_cycle_miss_ns_per_byte (a threshold, scanned, not a linear term)", "cycle_copy"),
    CYCLE_MISS_CALL("cycle_miss_ns_per_call", "ns/call", "per memcpy call into memory a GC cycle runs through beyond cycle_cache_bytes, times the share beyond it: the first lines a copy writes wait for DRAM before the hardware prefetcher streams the rest, so a buffer written in many short pieces (String#* doubling its result) pays more than the same bytes in one copy", "footprint"),
    SLOT_LINE_MISS("cycle_miss_ns_per_slot_line", "ns/line", "per 64 B line a new embedded string's copy writes into its slot (its header's line and one per 64 B copied) when the slot lies in memory a GC cycle runs through beyond cycle_cache_bytes, times the share beyond it: a copy of a few hundred bytes writes with ordinary stores, each line first read from memory for ownership, where glibc's memset and memcpy of kilobytes write whole lines with rep stosb and rep movsb and skip that read, so a slot's line costs more than the bytes of a malloc'd buffer at cycle_miss_ns_per_byte; paid in the share of the op's allocated bytes that are malloc'd buffers (CostModel.mallocShare): slots written one after another, a heap cycled alone, are streams the hardware prefetcher follows, while a slot's few lines between two 10,000 B buffers' writes each miss on their own", "malloc_copy"),
    CYCLE_CACHE("cycle_cache_bytes", "bytes", "memory a GC cycle can run through before allocation slows to DRAM speed (a threshold, scanned, not a linear term)", "footprint"),
    LARGE_BUFFER_EXEMPT("cycle_miss_large_buffer_exempt", "share", "share of the bytes of buffers of 64 KiB or more (CostModel.LARGE_BUFFER_BYTES, glibc's FASTBIN_CONSOLIDATION_THRESHOLD), and of the copy into them, left out of cycle_miss_ns_per_byte: 1 where the calibration timed 10,000 B buffers apart from larger ones (malloc_cycle_N, the malloc limit held at 8 to 48 MB), whose rows show the larger ones cycling 33 MB at the in-cache copy rate while the smaller pay from 20 MB; 0 where it did not, the term then fitted to all buffers together (set by the calibration, not fitted)", "malloc_cycle"),
    CYCLE_MISS_SQUARE_RAMP("cycle_miss_square_ramp", "share", "how the share of a GC cycle's bytes beyond cycle_cache_bytes grows past it (CostModel.cycleMissShare): 0, the hyperbola 1 - cache / cycle; 1, the square ramp min(1, cycle / cache - 1)^2, a few bytes lost just past the cache and all of them by twice it. Chosen by the calibration where it timed 10,000 B buffers at several malloc limits (malloc_cycle_N, 8 to 48 MB a cycle): the blend (0 to 1 by quarters) whose fit leaves those rows the smallest weighted residual; 0 where it did not (chosen, not fitted)", "malloc_cycle"),
    COPY("copy_ns_per_byte", "ns/byte", "memcpy of string bytes into a slot (an embedded string)", "slices"),
    MEMCPY_CALL("memcpy_call_ns", "ns/call", "one memcpy call beyond its bytes (String#* fills its result by doubling, one call per step)", "strings"),
    MALLOC_COPY("malloc_copy_ns_per_byte", "ns/byte", "bytes written into a malloc'd buffer (a heap string's contents)", "strings"),
    MALLOC("malloc_free_ns", "ns/pair", "one ruby_xmalloc of a small block, and the free the sweep does later where the profile prices that free apart (gc_free_ns_per_buffer) only the malloc", "strings"),
    PAGE_FAULT("page_fault_ns", "ns/fault", "a minor page fault: the kernel maps and zeroes a 4 KiB page the process touches for the first time", "faults"),
    SHARED_SETUP("shared_setup_ns", "ns/slice", "str_replace_shared: a NOEMBED header pointing into the root, flags, coderange, write barrier", "slices"),
    FROZEN_ROOT("frozen_root_ns", "ns/root", "str_new_frozen_buffer beyond the root's slot and bytes (heap_str_make_shared bookkeeping)", "roots"),
    GC_MINOR("gc_minor_ns", "ns/GC", "a minor GC's fixed work: marking roots and the remembered set, starting and finishing the sweep", "gc"),
    GC_MAJOR("gc_major_ns", "ns/GC", "a major GC's fixed work beyond marking objects", "gc"),
    GC_PAGE("gc_ns_per_page", "ns/page/GC", "a GC's work per heap page (mark bitmaps, starting a page's sweep), all heaps", "gc"),
    GC_SLOT("gc_ns_per_slot", "ns/slot/GC", "a GC's work per slot of every heap, free or not: the sweep puts every free slot back on its page's freelist", "gc"),
    GC_FREE("gc_free_ns_per_buffer", "ns/buffer", "the sweep freeing a dead string's malloc'd buffer (obj_free's ruby_sized_xfree): a GC cost, counted in GC.stat(:time), on top of malloc_free_ns", "gc"),
    GC_SWEEP_FREE("gc_sweep_ns_per_freed", "ns/object", "the sweep freeing one dead object: obj_free and putting its slot on the freelist (a GC cost, paid while the loop allocates under lazy sweep)", "gc"),
    GC_SWEEP_EMPTY("gc_sweep_ns_per_empty", "ns/slot/GC", "the sweep visiting a slot that is already free when the GC starts: every slot the marking left unmarked is visited, and a free one's header is read to find it so (gc_sweep_plane's T_NONE case, 3.4 default.c:3576-3578); the free slots of heaps the loop left idle since the last GC, whose lines the loop's own heap may have pushed out of the core's cache by then", "gc_empty"),
    GC_L2_MISS("gc_l2_miss_ns_per_slot", "ns/slot", "GC time per new embedded string whose slot lies beyond the core's L2, times the same share as l2_miss_ns_per_slot: the sweep that frees the string a cycle later finds the slot its copy filled gone from the core's own cache (obj_free reads its header, the freelist push writes it back); a slot only taken, its header alone written, costs the sweep much less (Object.new into the same slots)", "gc"),
    GC_MARK("gc_mark_ns_per_object", "ns/object/GC", "marking one live object (young ones in a minor GC, all in a major)", "gc"),
    GC_REMEMBERED("gc_remembered_ns_per_ref", "ns/reference/GC", "a minor GC visiting one element of an old container the write barrier remembered (an old Array a young object was stored into since the last GC: rb_gc_writebarrier, then rgengc_rememberset_mark and gc_mark_children over every element, an old one only checked against its mark bit), on top of marking the young ones", "gc_remembered");

    private final String id;
    private final String unit;
    private final String description;
    private final String probeUnit;

    CostTerm(String id, String unit, String description, String probeUnit) {
        this.id = id;
        this.unit = unit;
        this.description = description;
        this.probeUnit = probeUnit;
    }

    /** The coefficient's name in profile files and reports. */
    public String id() {
        return id;
    }

    public String unit() {
        return unit;
    }

    public String description() {
        return description;
    }

    /** The calibration probe unit whose rows isolate this term. */
    public String probeUnit() {
        return probeUnit;
    }

    /** The coefficient names, in report order. */
    public static List<String> ids() {
        return Arrays.stream(values()).map(CostTerm::id).toList();
    }

    public static CostTerm of(String id) {
        for (CostTerm t : values()) {
            if (t.id.equals(id)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown cost coefficient '" + id + "' (known: " + String.join(", ", ids()) + ")");
    }
}
