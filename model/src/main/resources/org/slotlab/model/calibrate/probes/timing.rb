# frozen_string_literal: true
# Slotlab calibration probe: times the events a cost profile is fitted to.
# Run as `ruby --disable-gems timing.rb MODE` with MODE one of smoke | quick | thorough (iteration
# counts below). Prints one JSON object on stdout; progress lines on stderr, each
#   slotlab-progress DONE TOTAL NAME
# Every row runs one expression N times in a method compiled with eval (no block call per
# iteration), REPEATS times after one warm-up, and records per repeat the monotonic time, the GC
# counts (minor/major) and the objects allocated (GC.stat deltas). Each row also states its
# features (slot size, bytes copied) and the memsize of one result, so the fit can tell embedded,
# malloc'd and shared results apart. Must run on CRuby 2.7 through master.
require "objspace"

MODES = {
  "smoke" => { n: 2_000, repeats: 1 },
  "quick" => { n: 1_000_000, repeats: 5 },
  "thorough" => { n: 3_000_000, repeats: 11 },
}.freeze
mode = ARGV[0] || "quick"
cfg = MODES.fetch(mode) { abort "timing.rb: unknown mode '#{mode}'; expected one of #{MODES.keys.join(', ')}" }
N = cfg[:n]
REPEATS = cfg[:repeats]

require_relative "_common"

consts = GC::INTERNAL_CONSTANTS
base_slot = consts[:BASE_SLOT_SIZE] || consts[:RVALUE_SIZE]
heap_count = consts[:HEAP_COUNT] || consts[:SIZE_POOL_COUNT] || 1
SLOT_SIZES =
  if GC.respond_to?(:stat_heap) && !GC.stat_heap.empty?
    GC.stat_heap.keys.sort.map { |i| GC.stat_heap[i][:slot_size] }
  else
    Array.new(heap_count) { |i| base_slot << i }
  end

X = "x"
SRC_BYTES = 8192
SRC = (X * SRC_BYTES).freeze

# Largest String#* length that lands in each slot size (embedded), read with memsize_of.
embed_len = {}
(0..1100).each do |len|
  m = ObjectSpace.memsize_of(X * len)
  embed_len[m] = len if SLOT_SIZES.include?(m)
end
MAX_EMBED = embed_len.values.max

rows = []
add = ->(group, name, expr, features) { rows << { group: group, name: name, expr: expr, features: features } }

add.("baseline", "empty_loop", "nil", { slot_size: 0, copied_bytes: 0 })

# Allocation per slot size, objects: a class whose instances were given k ivars; on 3.2+ new
# instances are then sized to hold k ivars (byroot's trick in Feature #22186). Kept only where
# the new instance's memsize is exactly the slot size.
SLOT_SIZES.each do |slot|
  (0..80).each do |k|
    klass = Class.new
    o = klass.new
    k.times { |i| o.instance_variable_set(:"@v#{i}", i) }
    next unless ObjectSpace.memsize_of(klass.new) == slot

    Object.const_set(:"SlotlabPad#{slot}", klass)
    add.("alloc_object", "object_#{slot}", "SlotlabPad#{slot}.new", { slot_size: slot, copied_bytes: 0, ivars: k })
    break
  end
end

# Several allocations per iteration, so the per-object cost separates from the loop overhead.
[2, 4].each do |k|
  add.("alloc_multi", "objects_x#{k}", (["Object.new"] * k).join("; "), { slot_size: base_slot, copied_bytes: 0, objects: k })
end

# Allocation without a method call: an empty array literal (newarray 0, a 40-byte embedded
# T_ARRAY), so the slot's own cost separates from the call that comes with every other
# allocation. Assigned, because a bare `[]` in void context is compiled away.
add.("alloc_literal", "array_literal", "x = []", { slot_size: base_slot, copied_bytes: 0, objects: 1 })
add.("alloc_literal", "array_literal_x2", "x = []; y = []", { slot_size: base_slot, copied_bytes: 0, objects: 2 })

# Allocation per slot size, strings: the longest embedded string for each slot.
embed_len.sort.each do |slot, len|
  add.("alloc_string", "string_#{slot}_len#{len}", "X * #{len}", { slot_size: slot, copied_bytes: len })
end
# Strings with a malloc'd buffer (slot + malloc(len + termlen)).
[MAX_EMBED + 1, 256, 1024, 4096].select { |len| len > MAX_EMBED }.uniq.each do |len|
  add.("alloc_string_malloc", "string_malloc_len#{len}", "X * #{len}", { slot_size: base_slot, copied_bytes: len, malloc_bytes: len + 1 })
end

# Byte copies: middle byteslice of a frozen source is always a copy.
[8, 16, 24, 32, 64, 128, 256, 512, 1024, 4096].each do |len|
  add.("copy_middle", "middle_#{len}", "SRC.byteslice(1, #{len})", { copied_bytes: len })
end

# Shared suffix slices of a frozen source: one slot, no copy (above the embed limit).
[8, 16, 32, 64, 256, 1024, 4096].each do |len|
  add.("suffix_frozen", "suffix_frozen_#{len}", "SRC.byteslice(#{SRC_BYTES - len}, #{len})", { slice_len: len })
end

# Suffix slices of an unfrozen source built each iteration (the slice needs a frozen root),
# with the source construction alone as a row of its own.
[64, 256, 1024, 4096].each do |src_len|
  add.("source_only", "source_#{src_len}", "X * #{src_len}", { source_len: src_len, copied_bytes: src_len })
  [32, src_len / 2].uniq.each do |len|
    add.("suffix_unfrozen", "suffix_unfrozen_#{src_len}_#{len}",
         "s = X * #{src_len}; s.byteslice(#{src_len - len}, #{len})", { source_len: src_len, slice_len: len, copied_bytes: src_len })
  end
end

# GC counts over N allocations: dying objects, and a retained ring of 50_000 live objects.
RING = Array.new(50_000)
add.("gc", "gc_churn_object", "Object.new", { live: 0 })
add.("gc", "gc_ring_object_50000", "RING[i % 50_000] = Object.new", { live: 50_000 })

# Compile and warm every row first; then run the repeats round-robin (repeat 1 of every row,
# then repeat 2, ...) so that a burst of load from other processes spreads over all rows instead
# of spoiling one. Progress counts (repeat, row) steps.
rows.each_with_index do |row, idx|
  eval("def slotlab_loop_#{idx}(n)\n  i = 0\n  while i < n\n    #{row[:expr]}\n    i += 1\n  end\n  nil\nend\n")
  send(:"slotlab_loop_#{idx}", [N / 10, 1].max)
  row[:repeats] = []
end
total = rows.size * REPEATS
step = 0
REPEATS.times do
  rows.each_with_index do |row, idx|
    SlotlabProgress.report(step, total, row[:name])
    step += 1
    meth = :"slotlab_loop_#{idx}"
    before = {}
    after = {}
    GC.stat(before)
    t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
    send(meth, N)
    t1 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
    GC.stat(after)
    row[:repeats] << {
      elapsed_ns: t1 - t0,
      minor_gc: after[:minor_gc_count] - before[:minor_gc_count],
      major_gc: after[:major_gc_count] - before[:major_gc_count],
      allocated_objects: after[:total_allocated_objects] - before[:total_allocated_objects],
      heap_allocated_pages: after[:heap_allocated_pages],
    }
  end
end
out_rows = rows.map do |row|
  i = 0
  sample = eval(row[:expr].sub(/\ARING\[i % \d+\] = /, ""))
  row.merge(n: N, sample_memsize: ObjectSpace.memsize_of(sample))
end
SlotlabProgress.report(total, total, "done")

out = {
  probe: "timing",
  probe_version: 1,
  mode: mode,
  ruby_version: RUBY_VERSION,
  ruby_description: RUBY_DESCRIPTION,
  slot_sizes: SLOT_SIZES,
  max_embedded_len: MAX_EMBED,
  n: N,
  repeats: REPEATS,
  rows: out_rows,
}
SlotlabJson.write(out)
