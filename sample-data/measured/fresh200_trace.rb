# Traces the GCs of the suffix_fresh200_10 loop of gc_loop.rb (Slotlab, MeasuredLoopsTest's known gap on
# 3.4): GC count, pages per heap (GC.stat_heap, heaps 0-4) and the GC's reason at every GC.
# Usage: ruby [--disable-gems] fresh200_trace.rb [N]   (default 12000 iterations)
# Reading GC.stat_heap allocates; it happens only when the count changed and at the start.
A = "a"
def pages
  h = GC.stat_heap
  (0..4).map { |k| h[k][:heap_eden_pages] }.join(",")
end
puts "#{RUBY_DESCRIPTION}#{defined?(Gem) ? '' : ' --disable-gems'}"
puts "start count=#{GC.count} pages=#{pages} state=#{GC.latest_gc_info(:state)}"
c = GC.count
i = 0
n = (ARGV[0] || 12_000).to_i
while i < n
  s = String.new(A * 200); s.byteslice(s.bytesize - 10, 10)
  i += 1
  next if GC.count == c
  c = GC.count
  info = GC.latest_gc_info
  puts "i=#{i} count=#{c} pages=#{pages} major_by=#{info[:major_by].inspect} state=#{info[:state]}"
end
