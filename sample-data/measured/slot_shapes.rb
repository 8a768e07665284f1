# frozen_string_literal: true
# One allocation loop of the slot-size scenario's shapes, in this process, printed as one JSON object.
#
#   ruby --disable-gems [--yjit] slot_shapes.rb time   IVARS CALL WRITTEN N
#   ruby --disable-gems [--yjit] slot_shapes.rb counts IVARS CALL WRITTEN N
#
# IVARS: the class's ivar count. The class is padded as byroot's make_size in Feature #22186
# (https://bugs.ruby-lang.org/issues/22186) does it: one instance gets IVARS ivars set once, so on
# 3.2+ every later instance is sized for them (rb_obj_embedded_size). CALL: new | allocate.
# WRITTEN: ivars an initialize writes (@ivar_0 first); 0 defines no initialize, byroot's classes.
#
# time:   `while i < N; K.new; i += 1; end` timed once (CLOCK_MONOTONIC) between two empty loops of N,
#         after 200 calls of both loops with 2 iterations (YJIT compiles a method once it has been
#         called often enough); GC.count and GC.stat around the timed loop. No GC.start anywhere.
# counts: with GC disabled, N objects kept in an Array made first: objects allocated per call
#         (total_allocated_objects), T_OBJECTs made per call (ObjectSpace.count_objects, read outside),
#         malloc_increase_bytes per object (GC.stat), ObjectSpace.memsize_of of one object.
require "objspace"

mode, ivars, call, written, n = ARGV
abort "usage: slot_shapes.rb time|counts IVARS new|allocate WRITTEN N" unless %w[time counts].include?(mode) && n
ivars = Integer(ivars)
written = Integer(written)
n = Integer(n)
abort "allocate calls no initialize: WRITTEN must be 0" if call == "allocate" && written.positive?
abort "CALL must be new or allocate" unless %w[new allocate].include?(call)

# the padding object lives in a method, dead once it returns: on 3.4 a GC that marks an object raises its class's
# max_iv_count to the object's ivars (gc.c), which would size later instances by the padding, not by initialize
def pad(klass, ivars)
  obj = klass.new
  ivars.times { |i| obj.instance_variable_set("@ivar_#{i}", i) }
  nil
end
K = Class.new
pad(K, ivars)
if written.positive?
  K.class_eval("def initialize\n" + Array.new(written) { |i| "  @ivar_#{i} = #{i}\n" }.join + "end\n")
end
eval("def alloc_loop(n)\n  i = 0\n  while i < n\n    K.#{call}\n    i += 1\n  end\nend\n") # rubocop:disable Security/Eval
def empty_loop(n)
  i = 0
  while i < n
    i += 1
  end
end

def now
  Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
end

yjit = defined?(RubyVM::YJIT) && RubyVM::YJIT.enabled? ? true : false
out = { mode: mode, ruby_description: RUBY_DESCRIPTION, yjit: yjit, ivars: ivars, call: call, written: written, n: n }

if mode == "counts"
  keep = Array.new(n)
  sample = K.send(call)
  GC.disable
  # count_objects makes a Hash: read it outside the two GC.stat readings, which allocate nothing
  c0 = ObjectSpace.count_objects[:T_OBJECT]
  o0 = GC.stat(:total_allocated_objects)
  m0 = GC.stat(:malloc_increase_bytes)
  i = 0
  while i < n
    keep[i] = K.send(call)
    i += 1
  end
  m1 = GC.stat(:malloc_increase_bytes)
  o1 = GC.stat(:total_allocated_objects)
  c1 = ObjectSpace.count_objects[:T_OBJECT]
  GC.enable
  out.merge!(objects_per_call: (o1 - o0).fdiv(n), t_object_per_call: (c1 - c0).fdiv(n),
             malloc_increase_bytes_per_object: (m1 - m0).fdiv(n), memsize: ObjectSpace.memsize_of(sample),
             memsizes: keep.first(3).map { |x| ObjectSpace.memsize_of(x) })
else
  200.times do
    alloc_loop(2)
    empty_loop(2)
  end
  e0 = now
  empty_loop(n)
  e1 = now
  st0 = GC.stat
  heaps0 = GC.respond_to?(:stat_heap) ? GC.stat_heap : nil
  t0 = now
  alloc_loop(n)
  t1 = now
  st1 = GC.stat
  e2 = now
  empty_loop(n)
  e3 = now
  empty_ns = ((e1 - e0) + (e3 - e2)) / 2.0
  out.merge!(elapsed_ns: t1 - t0, empty_ns: [e1 - e0, e3 - e2], ns_per_alloc: (t1 - t0 - empty_ns) / n,
             gc_count: st1[:count] - st0[:count], minor_gc_count: st1[:minor_gc_count] - st0[:minor_gc_count],
             major_gc_count: st1[:major_gc_count] - st0[:major_gc_count], gc_time_ms: st1[:time].to_i - st0[:time].to_i,
             allocated_objects: st1[:total_allocated_objects] - st0[:total_allocated_objects],
             heap_pages_before: st0[:heap_eden_pages], heap_pages_after: st1[:heap_eden_pages],
             gc_stat_before: st0, stat_heap_before: heaps0,
             malloc_increase_bytes_limit: st1[:malloc_increase_bytes_limit], memsize: ObjectSpace.memsize_of(K.send(call)))
end

def json(v)
  case v
  when nil then "null"
  when true, false, Integer then v.to_s
  when Float then v.finite? ? v.round(4).to_s : "null"
  when String, Symbol then v.to_s.dump
  when Array then "[" + v.map { |e| json(e) }.join(",") + "]"
  when Hash then "{" + v.map { |k, e| json(k.to_s) + ":" + json(e) }.join(",") + "}"
  end
end
puts json(out)
