# frozen_string_literal: false
# Slotlab calibration probe: the heap layout of the Ruby running this script.
# Run as `ruby --disable-gems layout.rb`; prints one JSON object on stdout and nothing else.
# Must run on CRuby 2.7 through master, so every version-specific key is feature-detected:
#   GC.stat_heap exists from 3.2; GC::INTERNAL_CONSTANTS has RVALUE_SIZE (<= 3.2),
#   BASE_SLOT_SIZE (3.2+), SIZE_POOL_COUNT (3.1-3.3) or HEAP_COUNT (3.4+).
# The boot state is read first, into hashes created here, before anything else allocates.
BOOT_GC_STAT = {}
GC.stat(BOOT_GC_STAT)
BOOT_GC_STAT_HEAP = GC.respond_to?(:stat_heap) ? GC.stat_heap : nil

# objspace and the JSON writer are loaded after the boot cycle below: their objects (objspace's
# ~100 in the 40 B heap) are the probe's, not in the heap a benchmark finds, and a GC keeps them.

consts = GC::INTERNAL_CONSTANTS.to_h { |k, v| [k.to_s, v] }

# Slot sizes: GC.stat_heap's slot_size per heap (3.2+); otherwise RVALUE_SIZE (or BASE_SLOT_SIZE)
# doubled once per size pool (3.1 built with RVARGC has SIZE_POOL_COUNT > 1 but no stat_heap).
base_slot = consts["BASE_SLOT_SIZE"] || consts["RVALUE_SIZE"]
heap_count = consts["HEAP_COUNT"] || consts["SIZE_POOL_COUNT"] || 1
slot_sizes =
  if BOOT_GC_STAT_HEAP && !BOOT_GC_STAT_HEAP.empty?
    BOOT_GC_STAT_HEAP.keys.sort.map { |i| BOOT_GC_STAT_HEAP[i][:slot_size] }
  else
    Array.new(heap_count) { |i| base_slot << i }
  end
slot_source = BOOT_GC_STAT_HEAP && !BOOT_GC_STAT_HEAP.empty? ? "GC.stat_heap[:slot_size]" : "GC::INTERNAL_CONSTANTS"

# Boot cycle: what a GC keeps in each heap, which GC.stat at boot cannot say (with --disable-gems
# no GC has run yet, so heap_live_slots still counts boot's garbage). For each heap, a loop whose
# objects die at once and land only in that heap (Object.new in the smallest, A * len in the
# others) runs through RVALUE_OLD_AGE + 4 GCs; the allocations between two GCs are the free slots
# that cycle found, and the most slots the heap held minus the mean free slots of the last four
# cycles is what a GC keeps (reachable objects, plus old garbage a minor GC does not free). GC.latest_gc_info(:major_by) at each GC tracks the
# GCs since the last major.
A = "a".freeze
HEAP_SLOTS_OF =
  if BOOT_GC_STAT_HEAP && !BOOT_GC_STAT_HEAP.empty?
    ->(i) { GC.stat_heap(i, :heap_eden_slots) }
  else
    ->(_i) { GC.stat(:heap_available_slots) }
  end
HEAP_PAGES_OF =
  if BOOT_GC_STAT_HEAP && !BOOT_GC_STAT_HEAP.empty?
    ->(i) { GC.stat_heap(i, :heap_eden_pages) }
  else
    ->(_i) { GC.stat(:heap_eden_pages) }
  end
$slotlab_last_major = nil

def slotlab_note_gc
  $slotlab_last_major = GC.count if GC.latest_gc_info(:major_by)
end

# Allocates until the next GC; returns [allocations, most slots seen before it]. len nil: Object.new.
# The slots are read before each allocation, so the growth of the GC that ends the loop is not seen.
def slotlab_run_to_gc(heap, len)
  c = GC.count
  most = 0
  a0 = GC.stat(:total_allocated_objects)
  if len
    while GC.count == c
      s = HEAP_SLOTS_OF.(heap)
      most = s if s > most
      A * len
    end
  else
    while GC.count == c
      s = HEAP_SLOTS_OF.(heap)
      most = s if s > most
      Object.new
    end
  end
  slotlab_note_gc
  [GC.stat(:total_allocated_objects) - a0, most]
end

# Cycles per heap: RVALUE_OLD_AGE (3) GCs promote what survives boot, then the steady cycles read
# (an even number, for the alternation).
OLD_AGE = consts["RVALUE_OLD_AGE"] || 3
STEADY_CYCLES = 4
boot_cycles = slot_sizes.each_with_index.map do |slot, i|
  len = nil
  if i.positive?
    # the first length that lands in this heap: by its allocation count where GC.stat_heap has one,
    # else by ObjectSpace.memsize_of (before 3.2; objspace is loaded there only)
    len = (0..1100).find do |l|
      if BOOT_GC_STAT_HEAP && !BOOT_GC_STAT_HEAP.empty?
        a = GC.stat_heap(i, :total_allocated_objects)
        A * l
        GC.stat_heap(i, :total_allocated_objects) == a + 1
      else
        require "objspace"
        ObjectSpace.memsize_of(A * l) == slot
      end
    end
    next({ heap: i, slot_size: slot, skipped: "no String#* length lands in this slot" }) unless len
  end
  # the first cycles after boot still free boot's young garbage; from the RVALUE_OLD_AGE-th on the
  # survivors are old and each cycle frees what a long loop's cycles free. 3.4's 40 B heap
  # alternates between two free counts from cycle to cycle, so the steady cycles are averaged.
  cycles = Array.new(OLD_AGE + STEADY_CYCLES) { slotlab_run_to_gc(i, len) }
  steady = cycles.drop(OLD_AGE)
  most = steady.map { |_, m| m }.max
  # the allocation that started each GC took a slot of the next cycle
  free = (steady.sum { |a, _| a - 1 } / steady.size.to_f).round
  { heap: i, slot_size: slot, len: len, most_slots: most, free_in_cycle: free,
    kept: [most - free, 0].max, pages_after: HEAP_PAGES_OF.(i), free_by_cycle: cycles.map { |a, _| a - 1 } }
end
BOOT_CYCLE = {
  cycles: boot_cycles,
  gc_count: GC.count,
  minor_gc_count: GC.stat(:minor_gc_count),
  major_gc_count: GC.stat(:major_gc_count),
  gcs_since_major: $slotlab_last_major ? GC.count - $slotlab_last_major : nil,
  old_objects: GC.stat(:old_objects),
  heap_pages: slot_sizes.each_index.map { |i| HEAP_PAGES_OF.(i) },
  heap_slots: slot_sizes.each_index.map { |i| HEAP_SLOTS_OF.(i) },
}

require "objspace"
require_relative "_common"

# Linear segments of a per-length reading: [from, to, value_at_from, step], where the value at
# len is value_at_from + step * (len - from) (step 0: flat, e.g. all lengths in one slot).
def segments(range)
  out = []
  range.each do |len|
    v = yield(len)
    last = out.last
    if last && last[1] == len - 1
      step = last[0] == last[1] ? v - last[2] : last[3]
      if v == last[2] + step * (len - last[0])
        last[1] = len
        last[3] = step
        next
      end
    end
    out << [len, len, v, 0]
  end
  out
end

MAX_LEN = 1100
# String#* builds an exact-size, unshared string: embedded when it fits a slot, else slot + malloc.
string_memsize = segments(0..MAX_LEN) { |len| ObjectSpace.memsize_of("a" * len) }
embedded = string_memsize.select { |_, _, m, step| step.zero? && slot_sizes.include?(m) }
max_embedded_len = embedded.map { |_, to, _, _| to }.max
# Each slot size: the largest length that lands in it.
embed_max_len_by_slot = embedded.to_h { |_, to, m, _| [m.to_s, to] }
# termlen from a non-embedded string: memsize = slot + capa + termlen, with capa = len for String#*.
heap_len = max_embedded_len ? max_embedded_len + 1 : nil
termlen = heap_len && heap_len <= MAX_LEN ? ObjectSpace.memsize_of("a" * heap_len) - slot_sizes.first - heap_len : nil
embed_offset = termlen && max_embedded_len ? embed_max_len_by_slot.map { |s, l| s.to_i - l - termlen }.uniq : []

src = ("a" * 2000).freeze
suffix_frozen_memsize = segments(0..700) { |len| ObjectSpace.memsize_of(src.byteslice(src.bytesize - len, len)) }
middle_frozen_memsize = segments(0..700) { |len| ObjectSpace.memsize_of(src.byteslice(1, len)) }

# T_OBJECT memsize by ivar count. "after": an object given n ivars after allocation (3.1: ivars
# beyond 3 go to a malloc'd array); "new": a fresh instance of a class whose instances had n ivars
# (3.2+ sizes new instances from the class's max ivar count, so this is how to pad to a slot size).
object_with_ivars = []
object_new_after_ivars = []
(0..80).each do |n|
  klass = Class.new
  o = klass.new
  n.times { |i| o.instance_variable_set(:"@v#{i}", i) }
  object_with_ivars << ObjectSpace.memsize_of(o)
  object_new_after_ivars << ObjectSpace.memsize_of(klass.new)
end
object_with_ivars_memsize = segments(0..80) { |n| object_with_ivars[n] }
object_new_memsize = segments(0..80) { |n| object_new_after_ivars[n] }

out = {
  probe: "layout",
  probe_version: 1,
  ruby_engine: defined?(RUBY_ENGINE) ? RUBY_ENGINE : "ruby",
  ruby_version: RUBY_VERSION,
  ruby_description: RUBY_DESCRIPTION,
  ruby_platform: RUBY_PLATFORM,
  internal_constants: consts,
  gc_opts: defined?(GC::OPTS) ? GC::OPTS : [],
  gc_env: ENV.select { |k, _| k.start_with?("RUBY_GC_") },
  boot_gc_stat: BOOT_GC_STAT,
  boot_gc_stat_heap: BOOT_GC_STAT_HEAP,
  boot_cycle: BOOT_CYCLE,
  slot_sizes: slot_sizes,
  slot_sizes_source: slot_source,
  heap_page_size: consts["HEAP_PAGE_SIZE"],
  heap_page_obj_limit: consts["HEAP_PAGE_OBJ_LIMIT"],
  string_memsize_segments: string_memsize,
  max_embedded_len: max_embedded_len,
  embed_max_len_by_slot: embed_max_len_by_slot,
  termlen: termlen,
  embed_offsets: embed_offset,
  suffix_frozen_memsize_segments: suffix_frozen_memsize,
  middle_frozen_memsize_segments: middle_frozen_memsize,
  object_with_ivars_memsize_segments: object_with_ivars_memsize,
  object_new_memsize_segments: object_new_memsize,
}
SlotlabJson.write(out)
