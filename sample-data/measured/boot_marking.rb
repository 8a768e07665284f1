# How long boot's incremental major GC keeps marking after the script starts (Slotlab, the 3.4
# known gap in docs/FIT.md): allocates Object.new until GC.latest_gc_info(:state) leaves :marking.
# GC.latest_gc_info(:state) with a symbol argument allocates nothing.
# Usage: ruby boot_marking.rb   (3.4.5 with RubyGems here: marking, ends after 1112-1116 allocations
# in five runs, with GC.count still 4 and state :none after)
st = GC.latest_gc_info(:state)
c = GC.count
i = 0
if st == :marking
  while GC.latest_gc_info(:state) == :marking
    Object.new
    i += 1
  end
end
puts "start=#{st} count=#{c} marking ends after #{i} Object.new; now count=#{GC.count} state=#{GC.latest_gc_info(:state)}"
