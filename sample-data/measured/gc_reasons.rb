# frozen_string_literal: true
# Why each GC ran, for a dying allocation loop (the malloc-triggered rows).
# Usage: ruby [--disable-gems] gc_reasons.rb CASE N  -> JSON: one entry per GC that ran in the loop.
# CASE: object_new | str_times_15 | str_times_100 | str_times_10000. The loop reads GC.count each
# iteration (no allocation) and, when it changed, GC.latest_gc_info and a few GC.stat counters
# (GC.stat(:key) and GC.latest_gc_info(:key) return immediates, so the bookkeeping does not allocate).
X = "x"
CASES = { "object_new" => "Object.new", "str_times_15" => "X * 15", "str_times_100" => "X * 100", "str_times_10000" => "X * 10_000" }
name = ARGV.fetch(0)
n = Integer(ARGV.fetch(1))
expr = CASES.fetch(name) { abort "unknown case #{name}; known: #{CASES.keys.join(' ')}" }
MAX_EVENTS = 5_000
EV_ITER = Array.new(MAX_EVENTS)
EV = %i[count minor_gc_count major_gc_count malloc_increase_bytes malloc_increase_bytes_limit
        oldmalloc_increase_bytes oldmalloc_increase_bytes_limit heap_allocated_pages old_objects].freeze
EV_STAT = EV.map { Array.new(MAX_EVENTS) }
EV_BY = Array.new(MAX_EVENTS)
EV_MAJOR_BY = Array.new(MAX_EVENTS)
eval(<<~RUBY)
  def measured_loop(n)
    events = 0
    last = GC.count
    i = 0
    while i < n
      #{expr}
      c = GC.count
      if c != last && events < MAX_EVENTS
        EV_ITER[events] = i
        k = 0
        while k < EV.size
          EV_STAT[k][events] = GC.stat(EV[k])
          k += 1
        end
        EV_BY[events] = GC.latest_gc_info(:gc_by)
        EV_MAJOR_BY[events] = GC.latest_gc_info(:major_by)
        events += 1
        last = c
      end
      i += 1
    end
    events
  end
RUBY
boot = {}
GC.stat(boot)
events = measured_loop(n)
require "json"
list = (0...events).map do |e|
  h = { iter: EV_ITER[e], gc_by: EV_BY[e], major_by: EV_MAJOR_BY[e] }
  EV.each_with_index { |k, j| h[k] = EV_STAT[j][e] }
  h
end
by = list.group_by { |h| [h[:gc_by], h[:major_by]] }.map { |(g, m), v| { gc_by: g, major_by: m, gcs: v.size } }
puts JSON.generate(case: name, expr: expr, n: n, boot_gc_stat: boot, events_recorded: events,
                   summary: by, events: list)
