# Feature #12025's loop (https://bugs.ruby-lang.org/issues/12025), Array.new(1_000_000){ " " * I },
# with every GC it runs recorded: the element it came at, GC.latest_gc_info's gc_by and major_by, and
# the pages of the first five heaps after it, into an Array made before the loop (the recording itself
# allocates nothing). Run it under plain `ruby`, RubyGems loaded and nothing else, the heap the
# profile's RubyGems harness describes:
#
#   ruby scripts/ruby-lab/strbuf-gc-sequence.rb I
#
# Prints the GC count, then one line per GC: [element, gc_by, major_by, pages of heap 0..4].
size = Integer(ARGV.fetch(0) { abort "usage: ruby #{$0} I (the string length of each element)" })
count = 1_000_000
heaps = [GC.stat_heap.size, 5].min
record = 3 + 5
log = Array.new(record * 200, 0)
k = 0
gcs = GC.count
start = gcs
i = 0
kept = Array.new(count) do
  s = " " * size
  i += 1
  if GC.count != gcs
    gcs = GC.count
    if k + record <= log.size
      log[k] = i
      log[k + 1] = GC.latest_gc_info(:gc_by)
      log[k + 2] = GC.latest_gc_info(:major_by)
      h = 0
      while h < heaps
        log[k + 3 + h] = GC.stat_heap(h, :heap_eden_pages)
        h += 1
      end
      k += record
    end
  end
  s
end
puts "i=#{size} elements=#{kept.size} gcs=#{GC.count - start} (#{RUBY_DESCRIPTION})"
(0...(k / record)).each { |g| puts log[g * record, 3 + heaps].inspect }
