# frozen_string_literal: true
# Slotlab calibration probe: times the events a cost profile is fitted to, one unit per process.
#
#   ruby --disable-gems timing.rb units            # the units, as JSON: id, environment, rows
#   ruby --disable-gems timing.rb MODE UNIT        # run one unit; MODE: smoke | quick | thorough
#
# The runner starts every unit in a fresh process (with the environment the unit names, for
# example RUBY_GC_HEAP_4_INIT_SLOTS), so that no row sees a heap another row shaped, and runs the
# units round-robin several times. Inside a unit each row runs one expression N times in a method
# compiled with eval (no block call per iteration), REPEATS times round-robin after one warm-up,
# and records per repeat: monotonic time, minor and major GCs, objects allocated, heap pages and
# minor page faults (/proc/self/stat, where there is one). Rows of a unit are contrasts that
# differ by one event (one more C call, one more slot, more bytes copied into the same slot, a
# frozen root, more memory cycled per GC cycle, ...); the features name what the row does.
# Prints one JSON object on stdout; progress on stderr as `slotlab-progress DONE TOTAL NAME`.
# Runs on CRuby 2.7 through master.
require "objspace"
require_relative "_common"

PROBE_VERSION = 2
MODES = {
  "smoke" => { scale: 0.002, repeats: 1 },
  "quick" => { scale: 1.0, repeats: 3 },
  "thorough" => { scale: 2.0, repeats: 7 },
}.freeze

consts = GC::INTERNAL_CONSTANTS
BASE_SLOT = consts[:BASE_SLOT_SIZE] || consts[:RVALUE_SIZE]
HEAP_COUNT = consts[:HEAP_COUNT] || consts[:SIZE_POOL_COUNT] || 1
STAT_HEAP = GC.respond_to?(:stat_heap) && !GC.stat_heap.empty?
# whether GC.stat_heap counts the objects allocated and freed in each heap (3.3 and later)
HEAP_OBJECTS = STAT_HEAP && GC.stat_heap(0).key?(:total_allocated_objects)
SLOT_SIZES = STAT_HEAP ? GC.stat_heap.keys.sort.map { |i| GC.stat_heap[i][:slot_size] } : Array.new(HEAP_COUNT) { |i| BASE_SLOT << i }
PROC_STAT = File.readable?("/proc/self/stat")

X = "x"
SRC_BYTES = 10_000
SRC = (X * SRC_BYTES).freeze

# Largest String#* length embedded in each slot size (memsize_of), and the ivar count that
# sizes a new instance to each slot (3.2+ sizes instances from the class's ivar count; 3.1 has
# one slot size and keeps ivars beyond 3 in a malloc'd array).
def embed_lengths
  out = {}
  (0..1100).each do |len|
    m = ObjectSpace.memsize_of(X * len)
    out[m] = len if SLOT_SIZES.include?(m)
  end
  out
end

def padded_class(slot)
  (0..100).each do |k|
    klass = Class.new
    o = klass.new
    k.times { |i| o.instance_variable_set(:"@v#{i}", i) }
    return [klass, k] if ObjectSpace.memsize_of(klass.new) == slot
  end
  nil
end

# Heap init slots per heap index, through the environment variable this Ruby reads.
def init_env(heap, slots)
  if STAT_HEAP || HEAP_COUNT > 1
    { "RUBY_GC_HEAP_#{heap}_INIT_SLOTS" => slots.to_s }
  else
    { "RUBY_GC_HEAP_INIT_SLOTS" => slots.to_s }
  end
end

EMBED = embed_lengths
MAX_EMBED = EMBED.values.max

# ------------------------------------------------------------------ the units
# A row: [name, expr, n, features]. A unit: id, env, setup (Ruby run before its rows), rows.
# A unit whose rows are contrasts between heaps (fresh_rows: true) runs each row in a process of its
# own, beside its own empty loop, as one unit "ID.ROW": in one process the rows before a row leave
# pages in other heaps, live objects and cache lines behind, and a row then pays for heaps it does
# not use (the sweep walks every heap's pages), where a benchmark's loop finds only its own.
UNITS = []
# options: interpreter options the unit's processes run with (--yjit); yjit: its rows run under YJIT
def unit(id, env: {}, setup: nil, fresh_rows: false, options: [], yjit: false, &rows)
  list = []
  rows.call(->(name, expr, n, features) { list << { name: name, expr: expr, n: n, features: features } })
  unless fresh_rows
    UNITS << { id: id, env: env, setup: setup, rows: list, options: options, yjit: yjit }
    return
  end
  baseline, timed = list.partition { |r| r[:features][:group] == "baseline" }
  timed.each { |r| UNITS << { id: "#{id}.#{r[:name]}", env: env, setup: setup, rows: baseline + [r], options: options, yjit: yjit } }
end

unit("calls") do |r|
  r.("empty_loop", "nil", 3_000_000, { group: "baseline" })
  r.("getbyte", "SRC.getbyte(1)", 3_000_000, { group: "call", calls: 1 })
  r.("bytesize", "SRC.bytesize", 3_000_000, { group: "call", calls: 1 })
  r.("getbyte_x2", "SRC.getbyte(1); SRC.getbyte(2)", 3_000_000, { group: "call", calls: 2 })
end

unit("alloc", fresh_rows: true) do |r|
  r.("empty_loop", "nil", 3_000_000, { group: "baseline" })
  r.("array_literal", "x = []", 3_000_000, { group: "alloc", slots: 1, slot_size: BASE_SLOT })
  r.("array_literal_x2", "x = []; y = []", 3_000_000, { group: "alloc", slots: 2, slot_size: BASE_SLOT })
  r.("object_new", "Object.new", 3_000_000, { group: "alloc", slots: 1, slot_size: BASE_SLOT, new_calls: 1 })
  r.("object_new_x2", "Object.new; Object.new", 3_000_000, { group: "alloc", slots: 2, slot_size: BASE_SLOT, new_calls: 2 })
  # one slot of each size, the same call: the slot's own size and its heap's GC rate
  SLOT_SIZES.drop(1).each do |slot|
    pad = padded_class(slot)
    next unless pad
    Object.const_set(:"SlotlabPad#{slot}", pad[0])
    r.("object_new_#{slot}", "SlotlabPad#{slot}.new", 2_000_000, { group: "alloc", slots: 1, slot_size: slot, new_calls: 1, ivars: pad[1] })
  end
end

unit("strings", fresh_rows: true) do |r|
  r.("empty_loop", "nil", 2_000_000, { group: "baseline" })
  # embedded, the longest that fits each slot, and the shortest of each slot (same call, same slot, fewer bytes)
  EMBED.sort.each do |slot, len|
    r.("string_#{slot}_len#{len}", "X * #{len}", 2_000_000, { group: "string", calls: 1, slot_size: slot, slots: 1, copied_bytes: len })
    shortest = EMBED.select { |s, _| s < slot }.values.max
    short = shortest ? shortest + 1 : 2 # "x" * 1 is a dup, another path
    next if short >= len
    r.("string_#{slot}_len#{short}", "X * #{short}", 2_000_000, { group: "string", calls: 1, slot_size: slot, slots: 1, copied_bytes: short })
  end
  # a 40 B RString plus malloc(len + 1): malloc and the fill into a malloc'd buffer
  [MAX_EMBED + 1, 1_000, 4_000, 16_000].select { |len| len > MAX_EMBED }.uniq.each do |len|
    r.("string_malloc_len#{len}", "X * #{len}", len > 4_000 ? 500_000 : 2_000_000,
       { group: "string_malloc", calls: 1, slot_size: BASE_SLOT, slots: 1, malloc_bytes: len + 1, malloc_copied_bytes: len })
  end
end

unit("slices", fresh_rows: true) do |r|
  r.("empty_loop", "nil", 2_000_000, { group: "baseline" })
  # middle byteslice of a frozen source: always a copy (rb_str_new): per slot, a short and a long one
  EMBED.sort.each do |slot, len|
    shortest = EMBED.select { |s, _| s < slot }.values.max
    [shortest ? shortest + 1 : 1, len].uniq.each do |l|
      r.("middle_#{l}", "SRC.byteslice(1, #{l})", 2_000_000, { group: "middle", calls: 1, slot_size: slot, slots: 1, copied_bytes: l })
    end
  end
  [MAX_EMBED + 1, 4_000].uniq.each do |l|
    r.("middle_malloc_#{l}", "SRC.byteslice(1, #{l})", 1_000_000,
       { group: "middle_malloc", calls: 1, slot_size: BASE_SLOT, slots: 1, malloc_bytes: l + 1, malloc_copied_bytes: l })
  end
  # suffix byteslice of the frozen source: shared above the 40 B slot's embed capacity, one slot, no copy
  [64, 1_000, 4_000].each do |l|
    r.("suffix_frozen_#{l}", "SRC.byteslice(#{SRC_BYTES - l}, #{l})", 2_000_000, { group: "suffix_frozen", calls: 1, slot_size: BASE_SLOT, slots: 1, shared: 1 })
  end
  # the same suffix short enough to embed in the smallest slot: str_subseq's embed branch, one slot,
  # its bytes copied; against suffix_frozen it differs by the shared header alone
  l = EMBED[BASE_SLOT]
  r.("suffix_embed_#{l}", "SRC.byteslice(#{SRC_BYTES - l}, #{l})", 2_000_000, { group: "suffix_embed", calls: 1, slot_size: BASE_SLOT, slots: 1, copied_bytes: l })
end

# String#split on a frozen "key:value" receiver (a frozen receiver: sharing the value needs no root),
# then on unfrozen ones (a root per call):
# a short value embedded in the 40 B slot, a long one shared; the Array, the key and the value as in
# the model of "key:value".split(":", 2)
unit("split", fresh_rows: true) do |r|
  r.("empty_loop", "nil", 2_000_000, { group: "baseline" })
  [[4, 8], [4, 100], [12, 8], [4, 300]].each do |key, value|
    recv = ("k" * key + ":" + "v" * value).freeze
    Object.const_set(:"SPLIT_#{key}_#{value}", recv)
    r.("split_#{key}_#{value}", "SPLIT_#{key}_#{value}.split(\":\", 2)", 2_000_000, { group: "split", calls: 1, key_len: key, value_len: value })
  end
  # the same split of an unfrozen receiver short enough to embed: sharing the value copies the
  # receiver into a new frozen root every call (rb_str_new_frozen), so against the frozen row of the
  # same lengths (4 and 100 B) it differs by the root alone; 30 B puts the root in the 80 B slot
  [[4, 30], [4, 100]].each do |key, value|
    recv = "k" * key + ":" + "v" * value # a computed string: not frozen
    Object.const_set(:"SPLIT_UNFROZEN_#{key}_#{value}", recv)
    r.("split_unfrozen_#{key}_#{value}", "SPLIT_UNFROZEN_#{key}_#{value}.split(\":\", 2)", 2_000_000,
       { group: "split", calls: 1, key_len: key, value_len: value, unfrozen: 1 })
  end
end

unit("roots", fresh_rows: true) do |r|
  r.("empty_loop", "nil", 1_000_000, { group: "baseline" })
  # a fresh unfrozen source each time; its suffix shares it through a new frozen root. The same
  # source with a suffix of the frozen SRC instead differs by exactly the root.
  [[1_000, 200], [200, 100]].each do |src, len|
    r.("fresh_#{src}_own_suffix_#{len}", "s = X * #{src}; s.byteslice(#{src - len}, #{len})", 1_000_000,
       { group: "fresh_root", calls: 2, source_len: src, slice_len: len, root: 1 })
    r.("fresh_#{src}_frozen_suffix_#{len}", "s = X * #{src}; SRC.byteslice(#{SRC_BYTES - len}, #{len})", 1_000_000,
       { group: "fresh_noroot", calls: 2, source_len: src, slice_len: len, root: 0 })
  end
end

BIG_LEN = 40_000_000
unit("faults", setup: "BIG = X * #{BIG_LEN}\nBUF = \"y\" * #{BIG_LEN}") do |r|
  r.("empty_loop", "nil", 200_000, { group: "baseline" })
  # the same bytes written over an existing buffer (String#[]= of the same length: in place, no malloc, no fault)
  r.("overwrite_#{BIG_LEN}", "BUF[0, #{BIG_LEN}] = BIG", 20, { group: "overwrite", calls: 1, malloc_copied_bytes: BIG_LEN })
  # glibc maps buffers past its mmap threshold (128 KiB, raised to the size of each mapped buffer it
  # frees, up to 32 MiB), so mid-size buffers fault until the threshold has grown past them and are
  # reused after; a buffer past 32 MiB is mapped and unmapped every time and faults every page
  [[100_000, 40_000], [200_000, 20_000], [400_000, 20_000], [40_000_000, 20]].each do |len, n|
    r.("string_malloc_len#{len}", "X * #{len}", n,
       { group: "string_malloc", calls: 1, slot_size: BASE_SLOT, slots: 1, malloc_bytes: len + 1, malloc_copied_bytes: len })
  end
end

# Page faults of malloc'd buffers by malloc'd bytes per GC cycle: the same 10,000-byte strings with
# 0, 2 or 6 more 40 B objects per iteration, so the 40 B heap runs dry (and GC runs) 1, 3 or 7 times
# as often and each cycle leaves fewer dead buffers for the sweep to free. One process each.
[0, 2, 6].each do |k|
  unit("refaults_#{k}") do |r|
    r.("empty_loop_rf", "nil", 300_000, { group: "baseline" })
    r.("refault_10000_plus_#{k}", (["X * 10000"] + ["x = []"] * k).join("; "), 300_000,
       { group: "refault", calls: 1, slot_size: BASE_SLOT, slots: 1 + k, malloc_bytes: 10_001, malloc_copied_bytes: 10_000,
         extra_arrays: k })
  end
end

# Malloc'd bytes per GC cycle alone: the same 10,000-byte strings with CRuby's malloc limit held at
# one size (RUBY_GC_MALLOC_LIMIT and RUBY_GC_MALLOC_LIMIT_MAX), so that malloc starts every GC and a
# cycle writes about that many bytes of buffers; the 40 B heap is given room (40,000 init slots) so
# that it never does. glibc is told not to trim (GLIBC_TUNABLES trim_threshold): the sweep's frees
# then give no pages back, nothing is faulted again, and the rows differ only by the bytes a cycle
# runs through. They place cycle_cache_bytes where buffers leave the cache: the lab's fresh 10,000 B
# source rows cycle 17 MB unpatched and 34 MB when the suffix is embedded. One process each.
MALLOC_CYCLE_LIMITS = [8, 12, 16, 20, 24, 32, 48]
MALLOC_CYCLE_LIMITS.each do |mb|
  env = init_env(0, 40_000).merge("RUBY_GC_MALLOC_LIMIT" => (mb * 1_000_000).to_s, "RUBY_GC_MALLOC_LIMIT_MAX" => (mb * 1_000_000).to_s,
                                  "GLIBC_TUNABLES" => "glibc.malloc.trim_threshold=4294967295")
  unit("malloc_cycle_#{mb}mb", env: env) do |r|
    r.("empty_loop_mc", "nil", 300_000, { group: "baseline" })
    r.("malloc_cycle_#{mb}mb", "X * 10000", 300_000,
       { group: "refault", calls: 1, slot_size: BASE_SLOT, slots: 1, malloc_bytes: 10_001, malloc_copied_bytes: 10_000,
         extra_arrays: 0, malloc_limit: mb * 1_000_000, init_slots: 40_000 })
  end
end

# Direct GC costs: a minor or a major GC per iteration (GC.start with an immediate sweep), over
# the heap as boot leaves it and over heaps holding more live objects in more pages.
GC_ROWS = lambda do |r, tag|
  r.("empty_loop_#{tag}", "nil", 100_000, { group: "baseline" })
  r.("gc_minor_#{tag}", "GC.start(full_mark: false, immediate_sweep: true)", 1_000, { group: "gc_start", calls: 1, full: 0 })
  r.("gc_major_#{tag}", "GC.start(full_mark: true, immediate_sweep: true)", 300, { group: "gc_start", calls: 1, full: 1 })
end
unit("gc_boot") { |r| GC_ROWS.(r, "boot") }
unit("gc_keep_small", setup: "KEEP = Array.new(100_000) { Object.new }") { |r| GC_ROWS.(r, "keep_small") }
big = SLOT_SIZES.last
unit("gc_keep_big", setup: big > BASE_SLOT ? "KEEP = Array.new(10_000) { X * #{EMBED[big] || 1} }" : "KEEP = Array.new(10_000) { X * 100 }") { |r| GC_ROWS.(r, "keep_big") }

# A minor GC over an old Array the write barrier remembered: the same minor GC after a new object,
# once dropped and once stored into the Array (rb_gc_writebarrier remembers the old Array, and the
# GC visits every element of it, the old ones only checked against their mark bit). The two rows
# differ by those visits and the one young object marked. The heap is given 100,000 free slots
# first, so that no minor GC finds too few free slots and asks for a major (major_by :nofree): an
# Array of that many objects, emptied (an Array merely dropped can stay reachable through a stale
# word on the machine stack, which the GC scans conservatively, and its objects then grow old).
unit("gc_remembered", setup: "KEEP = Array.new(200_000) { Object.new }\nPAD = Array.new(100_000) { Object.new }\nPAD.clear\n4.times { GC.start }") do |r|
  r.("empty_loop_rem", "nil", 100_000, { group: "baseline" })
  r.("gc_minor_kept", "Object.new; GC.start(full_mark: false, immediate_sweep: true)", 1_000, { group: "gc_start", calls: 1, full: 0 })
  r.("gc_minor_remembered", "KEEP[0] = Object.new; GC.start(full_mark: false, immediate_sweep: true)", 1_000,
     { group: "gc_start", calls: 1, full: 0, remembered_refs: 200_000 })
end

# The sweep of a heap the loop leaves idle: every GC's sweep visits each slot the marking left
# unmarked, and reads a free one's header to find it so. The same dying Object.new loop in a heap
# whose 80 B pages are full of old strings, or hold one old string in 25: as many pages, and in the
# sparse heap some 96,000 more free slots visited by every GC. One process each ("gc_empty.dense",
# "gc_empty.sparse"). Both hold the 40 B heap at the same size, so both run as many GCs: large enough
# that its GCs free a fifth of all the heaps' slots (fewer, and a GC over the dense heap asks for a
# major: gc_marks_finish's min_free_slots counts every heap, major_by :nofree), with one old object in
# 30 of its slots so that no page of it ever empties (with so many free slots the sweep hands empty
# pages back, heap_pages_freeable_pages, and the loop would take them again every cycle), and a few
# old strings in every other heap so that none loses its last page (an empty heap asks for a major).
# The Arrays that held what dies are emptied, not dropped (see gc_remembered above).
if HEAP_OBJECTS && SLOT_SIZES.size > 1 && EMBED[SLOT_SIZES[1]]
  idle_len = EMBED[SLOT_SIZES[1]]
  hold = "PIN = EMBED.values.map { |l| Array.new(20) { X * l } }\nH0 = []\nt = Array.new(60_000) { Object.new }\n" \
         "i = 0\nwhile i < t.size\n  H0 << t[i]\n  i += 30\nend\nt.clear\n"
  { "dense" => "IDLE = Array.new(100_000) { X * #{idle_len} }",
    "sparse" => "IDLE = []\nt = Array.new(100_000) { X * #{idle_len} }\ni = 0\nwhile i < t.size\n  IDLE << t[i]\n  i += 25\nend\nt.clear" }.each do |kind, keep|
    unit("gc_empty.#{kind}", env: init_env(0, 60_000), setup: "#{hold}#{keep}\n4.times { GC.start }") do |r|
      r.("empty_loop_idle_#{kind}", "nil", 1_000_000, { group: "baseline" })
      r.("object_new_idle_#{kind}", "Object.new", 3_000_000, { group: "alloc", slots: 1, slot_size: BASE_SLOT, new_calls: 1 })
    end
  end
end

# Memory cycled per GC cycle: the same allocation with more room in its heap (raised init
# slots): as many slots allocated, fewer GCs, more bytes cycled between two GCs.
fp_heap = SLOT_SIZES.size - 1
[[0, [10_000, 100_000, 1_000_000]], *(fp_heap.positive? ? [[fp_heap, [2_000, 10_000, 50_000, 200_000]]] : [])].each do |heap, inits|
  inits.each do |init|
    slot = SLOT_SIZES[heap]
    expr = heap.zero? ? "x = []" : "X * #{EMBED[slot]}"
    features = heap.zero? ? { group: "footprint", slots: 1, slot_size: slot } : { group: "footprint", calls: 1, slots: 1, slot_size: slot, copied_bytes: EMBED[slot] }
    unit("footprint_h#{heap}_#{init}", env: init_env(heap, init)) do |r|
      r.("empty_loop_fp", "nil", 1_000_000, { group: "baseline" })
      r.("cycle_h#{heap}_#{init}", expr, heap.zero? ? 3_000_000 : 1_000_000, features.merge(init_slots: init))
    end
  end
end

# Memory written per GC cycle by a loop that writes both a malloc'd buffer and an embedded copy: a
# fresh 1,000 B string (a 40 B slot and its buffer) and a 500 B middle slice of the frozen SRC copied
# into a 640 B slot, about 1.6 KB written per iteration. The 40 B heap is given room (40,000 init
# slots) so that the 640 B heap's init slots set the GC cycle: as many bytes written per iteration,
# 2,000 to 16,000 iterations between two GCs. One process each. Where one cycle's writes outgrow what
# the machine's caches keep, each iteration slows (cycle_miss_ns_per_byte past cycle_cache_bytes);
# the rows tell the fit where that happens on this machine.
if fp_heap >= 4 && EMBED[SLOT_SIZES[fp_heap]] && EMBED[SLOT_SIZES[fp_heap]] >= 500
  [2_000, 4_000, 6_000, 8_000, 11_000, 16_000].each do |init|
    unit("cycle_copy_#{init}", env: init_env(0, 40_000).merge(init_env(fp_heap, init))) do |r|
      r.("empty_loop_cc", "nil", 500_000, { group: "baseline" })
      r.("cycle_copy_#{init}", "s = X * 1000; SRC.byteslice(1, 500)", 500_000,
         { group: "cycle_copy", calls: 2, source_len: 1_000, copied_bytes: 500, slot_size: SLOT_SIZES[fp_heap], init_slots: init })
    end
  end
  # The same loop with a 200 B slice in the next smaller slots (320 B on 3.4): as many malloc'd bytes
  # per iteration, half the slot bytes. Where the step follows the slots a cycle hands out rather than
  # every byte it writes, these rows step at twice the 640 B rows' iterations per cycle; without them
  # the fit cannot tell a cost per slot byte from a cost per byte.
  half = SLOT_SIZES[fp_heap - 1]
  if EMBED[half] && EMBED[half] >= 200
    [4_000, 8_000, 12_000, 16_000, 24_000].each do |init|
      unit("cycle_copy#{half}_#{init}", env: init_env(0, 40_000).merge(init_env(fp_heap - 1, init))) do |r|
        r.("empty_loop_cc", "nil", 500_000, { group: "baseline" })
        r.("cycle_copy#{half}_#{init}", "s = X * 1000; SRC.byteslice(1, 200)", 500_000,
           { group: "cycle_copy", calls: 2, source_len: 1_000, copied_bytes: 200, slot_size: half, init_slots: init })
      end
    end
  end
  # The malloc-limit contrast's 10,000 B buffers (malloc_cycle_N: the limit held, glibc not trimming)
  # with the 500 B slice copied into a 640 B slot beside each. The slot's lines are written by a short
  # copy with ordinary stores, each line read for ownership first, where the buffer's memset writes
  # whole lines without that read: past the cache a slot's line costs more than the buffer's bytes
  # price it (cycle_miss_ns_per_slot_line). At 8 MB a cycle the copy costs what the cycle_copy_N
  # rows price; at 24 to 48 MB the rows differ from malloc_cycle_N by that copy and its slot's lines
  # beyond the cache. One process each.
  [8, 24, 32, 48].each do |mb|
    env = init_env(0, 40_000).merge("RUBY_GC_MALLOC_LIMIT" => (mb * 1_000_000).to_s, "RUBY_GC_MALLOC_LIMIT_MAX" => (mb * 1_000_000).to_s,
                                    "GLIBC_TUNABLES" => "glibc.malloc.trim_threshold=4294967295")
    unit("malloc_copy_#{mb}mb", env: env) do |r|
      r.("empty_loop_mcc", "nil", 300_000, { group: "baseline" })
      r.("malloc_copy_#{mb}mb", "s = X * 10000; SRC.byteslice(1, 500)", 300_000,
         { group: "cycle_copy", calls: 2, source_len: 10_000, copied_bytes: 500, slot_size: SLOT_SIZES[fp_heap], init_slots: 0,
           malloc_limit: mb * 1_000_000 })
    end
  end
end

# Marking young objects kept by an old array: each GC marks the ring.
unit("ring", setup: "RING = Array.new(50_000)") do |r|
  r.("empty_loop_ring", "nil", 2_000_000, { group: "baseline" })
  r.("ring_50000", "RING[i % 50_000] = Object.new", 2_000_000, { group: "ring", calls: 1, new_calls: 1, slots: 1, slot_size: BASE_SLOT, live: 50_000 })
end

# Allocation shapes (the slot-size scenario's loops): Class#allocate of classes of 3, 8 and 78 ivars,
# and Class#new with an empty Ruby initialize or one writing 3, 8 or 38 of its class's ivars, beside the
# alloc unit's Object.new; in the interpreter and, where this Ruby has YJIT, under YJIT (with
# Class#new's default initialize too). Each class is padded with its ivars once, as byroot's
# make_size in Feature #22186 does, so its instances are sized by its ivar count (3.2+; a
# `def initialize` then sizes them by the ivars it writes); a Ruby with one slot size (3.1) embeds 3
# ivars and gives an instance of a class with more an array of the class's count from its transient
# heap when it is allocated, which the allocate rows of 8 and 78 ivars isolate. The classes are made
# in the unit's own processes (setup), not at load.
SHAPE_SETUP = <<~'RUBY'
  def slotlab_shape(ivars, written)
    klass = Class.new
    o = klass.allocate
    ivars.times { |i| o.instance_variable_set(:"@v#{i}", i) }
    klass.class_eval("def initialize\n" + Array.new(written) { |i| "@v#{i} = #{i}\n" }.join + "end\n") if written
    klass
  end
  SlotlabShape3 = slotlab_shape(3, nil)
  SlotlabShape3Init0 = slotlab_shape(3, 0)
  SlotlabShape3Init3 = slotlab_shape(3, 3)
  SlotlabShape8Init8 = slotlab_shape(8, 8)
  SlotlabShape38Init38 = slotlab_shape(38, 38)
  SlotlabShape8 = slotlab_shape(8, nil)
  SlotlabShape78 = slotlab_shape(78, nil)
RUBY
IVARS8_SLOT = HEAP_COUNT == 1 ? BASE_SLOT : (SLOT_SIZES.find { |s| s >= 16 + 8 * 8 } || BASE_SLOT)
IVARS38_SLOT = HEAP_COUNT == 1 ? BASE_SLOT : SLOT_SIZES.find { |s| s >= 16 + 8 * 38 }
IVARS78_SLOT = HEAP_COUNT == 1 ? BASE_SLOT : SLOT_SIZES.find { |s| s >= 16 + 8 * 78 }
SHAPE_ROWS = lambda do |r, yjit|
  f = yjit ? { yjit: 1 } : {}
  r.("empty_loop", "nil", 2_000_000, { group: "baseline" })
  r.("new_default_3", "SlotlabShape3.new", 2_000_000, { group: "object", class_ivars: 3, slot_size: BASE_SLOT }.merge(f)) if yjit
  r.("allocate_3", "SlotlabShape3.allocate", 2_000_000, { group: "object", allocate: 1, class_ivars: 3, slot_size: BASE_SLOT }.merge(f))
  r.("allocate_8", "SlotlabShape8.allocate", 2_000_000, { group: "object", allocate: 1, class_ivars: 8, slot_size: IVARS8_SLOT }.merge(f))
  if IVARS78_SLOT
    r.("allocate_78", "SlotlabShape78.allocate", 1_000_000,
       { group: "object", allocate: 1, class_ivars: 78, slot_size: IVARS78_SLOT }.merge(f))
  end
  r.("new_init0_3", "SlotlabShape3Init0.new", 2_000_000,
     { group: "object", ruby_initialize: 1, ivars_written: 0, class_ivars: 3, slot_size: BASE_SLOT }.merge(f))
  r.("new_init3_3", "SlotlabShape3Init3.new", 2_000_000,
     { group: "object", ruby_initialize: 1, ivars_written: 3, class_ivars: 3, slot_size: BASE_SLOT }.merge(f))
  r.("new_init8_8", "SlotlabShape8Init8.new", 2_000_000,
     { group: "object", ruby_initialize: 1, ivars_written: 8, class_ivars: 8, slot_size: IVARS8_SLOT }.merge(f))
  if IVARS38_SLOT
    # many writes: the cost per setinstancevariable the scenario's larger classes pay, 38 of them
    r.("new_init38_38", "SlotlabShape38Init38.new", 1_000_000,
       { group: "object", ruby_initialize: 1, ivars_written: 38, class_ivars: 38, slot_size: IVARS38_SLOT }.merge(f))
  end
end
unit("objects", setup: SHAPE_SETUP, fresh_rows: true) { |r| SHAPE_ROWS.(r, false) }
if defined?(RubyVM::YJIT)
  unit("objects_yjit", setup: SHAPE_SETUP, fresh_rows: true, options: ["--yjit"], yjit: true) { |r| SHAPE_ROWS.(r, true) }
end

# ------------------------------------------------------------------ running one unit

if ARGV[0] == "units"
  SlotlabJson.write({ probe: "timing", probe_version: PROBE_VERSION,
                      units: UNITS.map { |u|
                        { id: u[:id], env: u[:env], rows: u[:rows].map { |r| r[:name] } }.merge(u[:options].empty? ? {} : { options: u[:options] })
                      } })
  exit
end

mode = ARGV[0] || "quick"
cfg = MODES.fetch(mode) { abort "timing.rb: unknown mode '#{mode}'; expected one of #{MODES.keys.join(', ')} or 'units'" }
u = UNITS.find { |x| x[:id] == ARGV[1] } or abort "timing.rb: unknown unit '#{ARGV[1]}'; run 'timing.rb units' for the list"
eval(u[:setup], TOPLEVEL_BINDING) if u[:setup] # rubocop:disable Security/Eval

def minflt
  return 0 unless PROC_STAT
  File.read("/proc/self/stat").split(") ", 2).last.split(" ")[7].to_i
end

def heap_state
  st = GC.stat
  h = { pages: STAT_HEAP ? GC.stat_heap.sort.map { |_, s| s[:heap_eden_pages] } : [st[:heap_eden_pages]],
        live_slots: st[:heap_live_slots], old_objects: st[:old_objects], marked_slots: st[:heap_marked_slots],
        malloc_limit: st[:malloc_increase_bytes_limit], gc_count: st[:count] }
  h[:state] = GC.latest_gc_info(:state).to_s if GC.latest_gc_info.key?(:state)
  h
end

rows = u[:rows]
rows.each_with_index do |row, idx|
  eval("def slotlab_loop_#{idx}(n)\n  i = 0\n  while i < n\n    #{row[:expr]}\n    i += 1\n  end\n  nil\nend\n")
  row[:n_run] = [(row[:n] * cfg[:scale]).round, 10].max
  row[:meth] = :"slotlab_loop_#{idx}"
  row[:repeats] = []
end
start = heap_state
STAT_BEFORE = {}
STAT_AFTER = {}
GC.stat(STAT_BEFORE)
GC.stat(STAT_AFTER)
# YJIT compiles a method once it has been called often enough (--yjit-call-threshold, 30 on 3.4): call each loop that often first
rows.each { |row| 200.times { send(row[:meth], 2) } } if u[:yjit]
rows.each { |row| send(row[:meth], [row[:n_run] / 10, 1].max) }
total = rows.size * cfg[:repeats]
step = 0
cfg[:repeats].times do
  rows.each do |row|
    SlotlabProgress.report(step, total, "#{u[:id]}/#{row[:name]}")
    step += 1
    meth = row[:meth]
    n_run = row[:n_run]
    # faults are read outside the GC.stat pair (reading /proc allocates strings); GC.stat fills
    # hashes made once, so the pair itself allocates nothing
    f0 = minflt
    b = GC.stat(STAT_BEFORE)
    t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
    send(meth, n_run)
    t1 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
    a = GC.stat(STAT_AFTER)
    f1 = minflt
    # each heap's free slots (the sweep visits those of heaps the row leaves idle at every GC); GC.stat_heap
    # counts objects per heap from 3.3
    free = HEAP_OBJECTS ? (0...SLOT_SIZES.size).map { |h| GC.stat_heap(h, :heap_eden_slots) - GC.stat_heap(h, :total_allocated_objects) + GC.stat_heap(h, :total_freed_objects) } : nil
    row[:repeats] << {
      elapsed_ns: t1 - t0, minor_gc: a[:minor_gc_count] - b[:minor_gc_count], major_gc: a[:major_gc_count] - b[:major_gc_count],
      allocated_objects: a[:total_allocated_objects] - b[:total_allocated_objects], heap_pages: a[:heap_eden_pages],
      minflt: f1 - f0, live_slots: a[:heap_live_slots], old_objects: a[:old_objects],
      gc_time_ms: a[:time].to_i - b[:time].to_i, heap_slots: a[:heap_available_slots], heap_slots_before: b[:heap_available_slots],
      heap_free: free,
    }
  end
end
SlotlabProgress.report(total, total, "#{u[:id]}/done")

out_rows = rows.map do |row|
  # one result of the expression, for its memsize (the value of its last statement)
  sample = row[:expr].start_with?("GC.start") ? nil : eval("i = 0; #{row[:expr]}")
  features = row[:features].reject { |k, _| k == :group }
  # a YJIT unit says whether YJIT really ran (a Ruby built without it ignores --yjit)
  features = features.merge(yjit_on: defined?(RubyVM::YJIT) && RubyVM::YJIT.enabled? ? 1 : 0) if u[:yjit]
  { group: row[:features][:group], name: row[:name], expr: row[:expr], features: features,
    n: row[:n_run], sample_memsize: sample ? ObjectSpace.memsize_of(sample) : 0, repeats: row[:repeats] }
end
SlotlabJson.write({
  probe: "timing", probe_version: PROBE_VERSION, mode: mode, unit: u[:id], env: u[:env],
  ruby_version: RUBY_VERSION, ruby_description: RUBY_DESCRIPTION, slot_sizes: SLOT_SIZES, max_embedded_len: MAX_EMBED,
  faults_measured: PROC_STAT, start: start, end: heap_state, repeats: cfg[:repeats], rows: out_rows,
})
