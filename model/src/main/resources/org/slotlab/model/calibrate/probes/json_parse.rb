# frozen_string_literal: true
# Slotlab calibration probe: JSON.parse of one document, timed in a process of its own.
#
#   ruby json_parse.rb MODE NAME FILE      # MODE: smoke | quick | thorough; NAME: the document's spec
#
# Runs under plain `ruby` (RubyGems loaded), not --disable-gems like the other probes: `require "json"`
# then loads the json an application gets (the newest installed json gem, or the default gem this
# Ruby bundles), and the process is a fresh one, so the other probes' heaps are not touched. FILE is
# one of the documents the json-unescape scenario generates, written by Slotlab. After a warm-up of one
# repeat, REPEATS repeats of N parses each record the monotonic time, GC count (minor and major),
# GC.stat(:time), objects allocated and minor page faults. The probe also reads which way this json
# builds a string with escapes: a 1,200-byte escaped token decodes to 400 bytes; a string that keeps
# the escaped size as its capacity (rb_str_buf_new then rb_str_set_len) has a memsize of at least
# 1,200 bytes, an exact one (a temporary buffer, then rb_utf8_str_new) far less.
# Prints one JSON object on stdout; progress on stderr as `slotlab-progress DONE TOTAL NAME`.
# Runs on CRuby 2.7 through master.
require "objspace"
require "json"
require_relative "_common"

PROBE_VERSION = 1
# bytes parsed per repeat, and repeats after the warm-up
MODES = {
  "smoke" => { bytes: 200_000, repeats: 2 },
  "quick" => { bytes: 150_000_000, repeats: 5 },
  "thorough" => { bytes: 300_000_000, repeats: 9 },
}.freeze

usage = "usage: json_parse.rb smoke|quick|thorough NAME FILE"
abort usage unless ARGV.size == 3
mode, name, file = ARGV
cfg = MODES.fetch(mode) { abort "json_parse.rb: unknown mode '#{mode}'; #{usage}" }
doc = File.binread(file).force_encoding(Encoding::UTF_8)
abort "json_parse.rb: #{file} is not UTF-8" unless doc.valid_encoding?
doc.freeze

STAT_HEAP = GC.respond_to?(:stat_heap) && !GC.stat_heap.empty?
PROC_STAT = File.readable?("/proc/self/stat")

def minflt
  return 0 unless PROC_STAT
  File.read("/proc/self/stat").split(") ", 2).last.split(" ")[7].to_i
end

def heap_state
  st = GC.stat
  { pages: STAT_HEAP ? GC.stat_heap.sort.map { |_, s| s[:heap_eden_pages] } : [st[:heap_eden_pages]],
    live_slots: st[:heap_live_slots], old_objects: st[:old_objects], gc_count: st[:count],
    malloc_limit: st[:malloc_increase_bytes_limit] }
end

# which way json_string_unescape builds a string with escapes
escaped_raw = "\\u00e9" * 200
escaped = JSON.parse("[\"#{escaped_raw}\"]")[0]
escaped_memsize = ObjectSpace.memsize_of(escaped)

# what one parse makes: its strings and their memsize (slots and buffers), and the objects it allocates
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
result_info = { strings: strings.size, bytesize: strings.sum(&:bytesize), memsize: strings.sum { |s| ObjectSpace.memsize_of(s) },
                top_memsize: ObjectSpace.memsize_of(result), top_class: result.class.name }
strings = nil
result = nil

def parse_loop(doc, n)
  i = 0
  while i < n
    JSON.parse(doc)
    i += 1
  end
  nil
end

n = [(cfg[:bytes].to_f / doc.bytesize).ceil, 2].max
STAT_BEFORE = {}
STAT_AFTER = {}
GC.stat(STAT_BEFORE)
GC.stat(STAT_AFTER)
parse_loop(doc, n) # a whole repeat of warm-up: the heap and malloc's arena grow to what the parses need
start = heap_state
repeats = []
cfg[:repeats].times do |k|
  SlotlabProgress.report(k, cfg[:repeats], name)
  f0 = minflt
  b = GC.stat(STAT_BEFORE)
  t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
  parse_loop(doc, n)
  t1 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
  a = GC.stat(STAT_AFTER)
  f1 = minflt
  repeats << {
    elapsed_ns: t1 - t0, minor_gc: a[:minor_gc_count] - b[:minor_gc_count], major_gc: a[:major_gc_count] - b[:major_gc_count],
    gc_time_ms: a.key?(:time) ? a[:time].to_i - b[:time].to_i : -1,
    allocated_objects: a[:total_allocated_objects] - b[:total_allocated_objects], minflt: f1 - f0,
    heap_pages: a[:heap_eden_pages], live_slots: a[:heap_live_slots],
  }
end
SlotlabProgress.report(cfg[:repeats], cfg[:repeats], "#{name} done")

loaded = $LOADED_FEATURES.grep(%r{json/ext/parser}).first || $LOADED_FEATURES.grep(%r{/json\.rb\z}).first || ""
SlotlabJson.write({
  probe: "json_parse", probe_version: PROBE_VERSION, mode: mode, document: name, document_bytes: doc.bytesize,
  ruby_version: RUBY_VERSION, ruby_description: RUBY_DESCRIPTION, ruby_platform: RUBY_PLATFORM,
  gems_loaded: defined?(Gem) ? true : false,
  json_version: JSON::VERSION, json_parser: JSON::Parser.name, json_loaded_from: loaded,
  escaped_probe: { raw_bytes: escaped_raw.bytesize, decoded_bytes: escaped.bytesize, memsize: escaped_memsize,
                   keeps_escaped_capacity: escaped_memsize >= escaped_raw.bytesize },
  result: result_info, n: n, start: start, end: heap_state, repeats: repeats,
})
