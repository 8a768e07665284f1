# One timed loop per process, for checking Slotlab's json-unescape and str-buf predictions against a
# real Ruby. Run under plain `ruby` (RubyGems loaded, as an application runs):
#
#   ruby json-parse-bench.rb parse NAME FILE SECONDS    # JSON.parse(FILE's text) in a loop
#   ruby json-parse-bench.rb strbuf I COUNT             # Array.new(COUNT){ " " * I }, once
#
# parse: one warm-up parse, then as many parses as fit in SECONDS, timed as a whole; prints one line of
# JSON: the document, json's version, the time per parse and the share of it the process was on a CPU
# (below 1 when another process shared it), GCs (minor, major), GC.stat(:time) and
# objects allocated per parse, and what one parse makes (its strings' count and memsize). strbuf: the
# thread's bench_mem.rb loop (Feature #12025, https://bugs.ruby-lang.org/issues/12025), timed, with
# the GCs it ran. This file has no frozen_string_literal comment, so " " is a new string every
# iteration, as in bench_mem.rb.
require "objspace"
require "json"

def stat
  GC.stat.slice(:count, :minor_gc_count, :major_gc_count, :total_allocated_objects, :time)
end

def now
  Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
end

# CPU time of this process: below the wall time when another process shared its CPU
def cpu
  Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID, :nanosecond)
end

case ARGV[0]
when "parse"
  name, file, seconds = ARGV[1], ARGV[2], Float(ARGV[3])
  doc = File.binread(file).force_encoding(Encoding::UTF_8).freeze
  result = JSON.parse(doc)
  strings = []
  walk = lambda do |v|
    case v
    when String then strings << v
    when Array then v.each { |e| walk.(e) }
    when Hash then v.each { |k, e| walk.(k); walk.(e) }
    end
  end
  walk.(result)
  made = { strings: strings.size, bytesize: strings.sum(&:bytesize), memsize: strings.sum { |s| ObjectSpace.memsize_of(s) } }
  strings = result = nil
  t = now
  JSON.parse(doc)
  one = now - t
  n = [(seconds * 1e9 / [one, 1].max).ceil, 3].max
  b = stat
  c0 = cpu
  t0 = now
  i = 0
  while i < n
    JSON.parse(doc)
    i += 1
  end
  t1 = now
  c1 = cpu
  a = stat
  puts JSON.generate({ mode: "parse", document: name, document_bytes: doc.bytesize, ruby_description: RUBY_DESCRIPTION,
                       json_version: JSON::VERSION, n: n, ns_per_parse: (t1 - t0).fdiv(n), cpu_share: (c1 - c0).fdiv(t1 - t0),
                       minor_gc: a[:minor_gc_count] - b[:minor_gc_count], major_gc: a[:major_gc_count] - b[:major_gc_count],
                       gc_time_ms: a[:time] ? a[:time] - b[:time] : -1,
                       objects_per_parse: (a[:total_allocated_objects] - b[:total_allocated_objects]).fdiv(n), made: made })
when "strbuf"
  size, count = Integer(ARGV[1]), Integer(ARGV[2])
  b = stat
  c0 = cpu
  t0 = now
  kept = Array.new(count) { " " * size }
  t1 = now
  c1 = cpu
  a = stat
  puts JSON.generate({ mode: "strbuf", i: size, count: count, ruby_description: RUBY_DESCRIPTION,
                       ns_per_string: (t1 - t0).fdiv(count), cpu_share: (c1 - c0).fdiv(t1 - t0), gc_count: a[:count] - b[:count],
                       minor_gc: a[:minor_gc_count] - b[:minor_gc_count], major_gc: a[:major_gc_count] - b[:major_gc_count],
                       gc_time_ms: a[:time] ? a[:time] - b[:time] : -1,
                       objects: a[:total_allocated_objects] - b[:total_allocated_objects],
                       element_memsize: ObjectSpace.memsize_of(kept[0]) })
else
  abort "usage: json-parse-bench.rb parse NAME FILE SECONDS | strbuf I COUNT"
end
