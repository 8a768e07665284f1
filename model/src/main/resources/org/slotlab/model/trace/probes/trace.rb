# frozen_string_literal: true
# Slotlab's substring tracer. Loaded before the user's script (`ruby -r trace.rb SCRIPT ARGS...`);
# at exit it writes one JSON document to $SLOTLAB_TRACE_OUT. Core Ruby only (objspace and a
# TracePoint), CRuby 3.1 through 3.4.
#
# What it records: every String and MatchData method that makes its result through CRuby's
# str_subseq (string.c) is watched with a TracePoint on :c_call/:c_return. For one call in
# $SLOTLAB_TRACE_SAMPLE (1: every call) it reads, without allocating, the receiver's state before the
# call (frozen; shared; embedded; a heap string of its own) from String#frozen? and
# ObjectSpace.memsize_of, and each substring the call returned: its length, whether CRuby shared it
# or copied it, its position (a suffix or a middle part of its source) and whether it is still
# reachable after the next GC (a weak reference checked when GC.count moves). The counts are kept
# per call site (the Ruby line that called the method) in histograms, so the output stays small.
# GC.stat (and GC.stat_heap on 3.2+) are read at start and end, and the probe counts its own cost:
# the objects it allocated and the time spent in its hooks.
#
# Not visible to it (it never sees a method call): $~, $1..$9, $&, $` and $' (the VM reads
# them directly), and the pieces that each_line, scan, split and each_char yield to a block (the
# call returns its receiver). The argument of a call is not visible either: see the README.

require "objspace"

module SlotlabTrace
  FORMAT_VERSION = 1
  OUT = ENV["SLOTLAB_TRACE_OUT"]
  SAMPLE = [Integer(ENV.fetch("SLOTLAB_TRACE_SAMPLE", "1")), 1].max
  # Substrings kept under watch at once for the survival check; more are not sampled until a GC
  # clears the list.
  MAX_WATCHED = 20_000
  # Lengths above this are kept in power-of-two buckets (no Ruby heap embeds them).
  EXACT_LEN = 4096

  # How each watched method finds the string str_subseq slices:
  #   :receiver     the receiver itself (rb_str_subseq(str, ...))
  #   :frozen_copy  rb_str_new_frozen(receiver) first (lines, chars, grapheme_clusters)
  #   :match        the MatchData's string (rb_str_new4 of the subject at match time: frozen)
  #   :aref         String#[] / slice: the receiver, or the match string for a Regexp argument
  # and which positions of the result are substrings:
  #   :one     a String result
  #   :ordered an Array of pieces in source order (split, lines, chars, scan without groups)
  #   :groups  scan's Array of Arrays (one per match) or MatchData#captures-like arrays
  #   :parts   partition/rpartition: head and tail (the separator is the argument itself for a String)
  #   :hash    MatchData#named_captures / deconstruct_keys: the values
  # and whether a result as long as the receiver is a copy rather than a substring (:dup: strip and
  # friends return str_duplicate when there is nothing to remove).
  STRING_METHODS = {
    byteslice: [:receiver, :one, false],
    :[] => [:aref, :one, false],
    slice: [:aref, :one, false],
    chr: [:receiver, :one, false],
    split: [:receiver, :ordered, false],
    partition: [:receiver, :parts, false],
    rpartition: [:receiver, :parts, false],
    lines: [:frozen_copy, :ordered, false],
    chars: [:frozen_copy, :ordered, false],
    grapheme_clusters: [:frozen_copy, :ordered, false],
    scan: [:receiver, :groups, false],
    strip: [:receiver, :one, true],
    lstrip: [:receiver, :one, true],
    rstrip: [:receiver, :one, true],
    chomp: [:receiver, :one, false],
    chop: [:receiver, :one, false],
    delete_prefix: [:receiver, :one, true],
    delete_suffix: [:receiver, :one, true]
  }.freeze
  MATCH_METHODS = {
    :[] => [:match, :groups, false],
    captures: [:match, :groups, false],
    to_a: [:match, :groups, false],
    values_at: [:match, :groups, false],
    deconstruct: [:match, :groups, false],
    named_captures: [:match, :hash, false],
    deconstruct_keys: [:match, :hash, false],
    pre_match: [:match, :one, false],
    post_match: [:match, :one, false],
    match: [:match, :one, false]
  }.freeze
  METHOD_IDS = (STRING_METHODS.keys.map { |m| "String##{m}" } + MATCH_METHODS.keys.map { |m| "MatchData##{m}" }).freeze
  METHOD_INDEX = {}
  STRING_METHODS.each_key { |m| METHOD_INDEX[[String, m]] = METHOD_IDS.index("String##{m}") }
  MATCH_METHODS.each_key { |m| METHOD_INDEX[[MatchData, m]] = METHOD_IDS.index("MatchData##{m}") }

  STATES = %w[frozen shared embedded heap].freeze
  REPS = %w[shared embedded heap].freeze
  POSITIONS = %w[suffix middle].freeze
  SOURCES = %w[receiver frozen_copy match].freeze

  class << self
    attr_reader :share_min, :base_slot, :slot_sizes, :embed_offset
  end

  # The string geometry of this Ruby, read once before tracing starts: the base slot size, the
  # shortest suffix str_subseq shares (the first length that does not fit the sizeof(RString) slot
  # str_alloc_heap takes), and the slot sizes (one heap on 3.1).
  def self.read_geometry
    consts = GC::INTERNAL_CONSTANTS
    @base_slot = consts[:BASE_SLOT_SIZE] || consts[:RVALUE_SIZE] || 40
    @slot_sizes = if GC.respond_to?(:stat_heap)
                    GC.stat_heap.keys.sort.map { |i| GC.stat_heap(i, :slot_size) }
                  else
                    [@base_slot]
                  end
    src = +("g" * 256)
    @share_min = nil
    (1..128).each do |n|
      piece = src.byteslice(256 - n, n)
      if ObjectSpace.dump(piece).include?('"shared":true')
        @share_min = n
        break
      end
    end
    @share_min ||= 129
    @embed_offset = @base_slot - @share_min + 1
  end

  # The state of a string before a call, without allocating: frozen, shared (a 40 B header
  # pointing into a root), embedded (its bytes in its slot) or heap (a malloc'd buffer of its own).
  # ObjectSpace.memsize_of is the slot plus an owned buffer (rb_str_memsize, string.c): a string
  # whose memsize is the base slot and whose bytes do not fit it is shared.
  def self.state_of(s)
    return 0 if s.frozen?
    rep_of(s) # 0 shared -> 1, 1 embedded -> 2, 2 heap -> 3
    @last_rep + 1
  end

  # How CRuby holds a string's bytes: 0 shared, 1 embedded, 2 heap. Kept in @last_rep.
  def self.rep_of(s)
    m = ObjectSpace.memsize_of(s)
    b = s.bytesize
    @last_rep = if m == @base_slot
                  b >= @share_min ? 0 : 1
                elsif @slot_sizes.size > 1 && @slot_sizes.include?(m) && b + @embed_offset + 1 <= m
                  # embedded in a larger slot, or (rarely) a heap string of exactly that memsize
                  ObjectSpace.dump(s).include?('"embedded":true') ? 1 : 2
                else
                  2
                end
  end

  # ------------------------------------------------------------------ counters

  @sites = {}          # path => { line => site index }
  @site_names = []     # "path:line"
  @site_calls = []     # calls seen per site (sampled or not)
  @site_sampled = []   # calls traced per site
  @site_objects = []   # objects the traced calls of a site allocated (GC.stat deltas around each call)
  @rows = {}           # site index => { packed key => [substrings, watched, survived_next_gc, alive_at_exit, undecided] }
  @calls = 0
  @events = 0
  @tick = 0
  @probe_allocations = 0
  @hook_ns = 0
  @watch = ObjectSpace::WeakMap.new
  @watched = []        # [token, row] of substrings watched until the next GC
  @kept = []           # [token, row] of those that survived it
  @kept_map = ObjectSpace::WeakMap.new
  @watch_gc = nil
  @next_token = 0
  @undecided = 0
  # per-thread call stacks: parallel arrays so pushing a frame allocates no object
  @stacks = {}

  def self.site(path, line)
    lines = @sites[path]
    lines = @sites[path] = {} unless lines
    idx = lines[line]
    unless idx
      idx = @site_names.size
      lines[line] = idx
      @site_names << "#{path}:#{line}"
      @site_calls << 0
      @site_sampled << 0
      @site_objects << 0
      @rows[idx] = {}
    end
    idx
  end

  def self.pack(method, len, pos, state, source, rep, src_len)
    (((((bucket(src_len) * 8192 + bucket(len)) * 2 + pos) * 4 + state) * 3 + source) * 3 + rep) * 64 + method
  end

  def self.bucket(n)
    return n if n <= EXACT_LEN
    EXACT_LEN + n.bit_length - EXACT_LEN.bit_length
  end

  def self.unbucket(b)
    b <= EXACT_LEN ? b : 1 << (b - EXACT_LEN + EXACT_LEN.bit_length - 1)
  end

  # ------------------------------------------------------------------ the hooks

  def self.stack
    t = Thread.current
    s = @stacks[t]
    s = @stacks[t] = [[], [], [], [], [], [], [], [], []] unless s
    s
  end

  def self.on_call(tp, index, spec)
    st = stack
    @calls += 1
    site = site(tp.path, tp.lineno)
    @site_calls[site] += 1
    @tick += 1
    if @tick < SAMPLE && !@calibrating
      st[0] << -1
      return
    end
    @tick = 0
    @site_sampled[site] += 1
    t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
    a0 = GC.stat(:total_allocated_objects)
    recv = tp.self
    if recv.is_a?(String)
      state = state_of(recv)
      src_len = recv.bytesize
      src = recv
    else
      state = 0
      src = recv.string
      src_len = src.bytesize
    end
    st[0] << site
    st[1] << index
    st[2] << state
    st[3] << src_len
    st[4] << src
    st[5] << spec
    @probe_allocations += GC.stat(:total_allocated_objects) - a0
    st[7] << t0
    st[6] << GC.stat(:total_allocated_objects)
    @hook_ns += Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond) - t0
  end

  def self.on_return(tp)
    st = stack
    site = st[0].pop
    return if site.nil? || site < 0
    a_end = GC.stat(:total_allocated_objects)
    t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
    index = st[1].pop
    state = st[2].pop
    src_len = st[3].pop
    src = st[4].pop
    spec = st[5].pop
    a_start = st[6].pop
    st[7].pop
    allocated = a_end - a_start - @alloc_offset
    if @calibrating
      @calibration_raw = a_end - a_start
      return
    end
    @site_objects[site] += allocated
    check_survivors if @watch_gc && GC.count != @watch_gc && GC.latest_gc_info(:state) == :none
    result = tp.return_value
    source = spec[0]
    case source
    when :receiver then @source = 0
    when :frozen_copy then @source = 1
    when :match then @source = 2
    else
      # String#[] with a Regexp searches first, and rb_reg_search freezes a copy of the receiver
      # for its MatchData (and, on 3.4, allocates the MatchData): more objects than the slice
      # alone would need.
      @source = 0
      if result.is_a?(String)
        rep_of(result)
        expected = 1 + (@last_rep.zero? && state >= 2 ? 1 : 0)
        @source = 2 if allocated > expected
      end
    end
    a0 = GC.stat(:total_allocated_objects)
    case spec[1]
    when :one
      if result.is_a?(String) && !(spec[2] && result.bytesize == src_len)
        piece(site, index, state, src_len, src, result, true)
      end
    when :ordered
      if result.is_a?(Array)
        last = result.size - 1
        i = 0
        while i <= last
          e = result[i]
          piece(site, index, state, src_len, src, e, i == last) if e.is_a?(String)
          i += 1
        end
      end
    when :parts
      if result.is_a?(Array) && result.size == 3
        failed = result[1].empty? && (index == METHOD_INDEX[[String, :partition]] ? result[2].empty? : result[0].empty?)
        unless failed
          piece(site, index, state, src_len, src, result[0], false)
          piece(site, index, state, src_len, src, result[2], true)
        end
      end
    when :groups
      groups(site, index, state, src_len, src, result)
    when :hash
      if result.is_a?(Hash)
        result.each_value { |v| piece(site, index, state, src_len, src, v, true) if v.is_a?(String) }
      end
    end
    @probe_allocations += GC.stat(:total_allocated_objects) - a0
    @hook_ns += Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond) - t0
  end

  def self.groups(site, index, state, src_len, src, result)
    if result.is_a?(String)
      piece(site, index, state, src_len, src, result, true)
    elsif result.is_a?(Array)
      result.each do |e|
        if e.is_a?(String)
          piece(site, index, state, src_len, src, e, true)
        elsif e.is_a?(Array)
          e.each { |g| piece(site, index, state, src_len, src, g, true) if g.is_a?(String) }
        end
      end
    end
  end

  # One substring: where it sits and what CRuby made of it. A shared result is a suffix; a copy
  # as long as a shared suffix would be is a middle part; below that length every policy embeds it,
  # and its position is read from its bytes (it is a suffix when the source ends with them and it
  # may be the last piece).
  def self.piece(site, index, state, src_len, src, s, may_be_last)
    rep = rep_of(s)
    len = s.bytesize
    pos = if rep.zero?
            0
          elsif len >= @share_min || !may_be_last
            1
          else
            src.end_with?(s) ? 0 : 1
          end
    key = pack(index, len, pos, state, @source, rep, src_len)
    row = @rows[site][key]
    row = @rows[site][key] = [0, 0, 0, 0, 0] unless row
    row[0] += 1
    # watched only while no GC has run since the list began (the next GC must come after it)
    if @watched.size < MAX_WATCHED && !s.frozen? && (@watch_gc.nil? || GC.count == @watch_gc)
      @next_token += 1
      @watch[s] = @next_token
      @watched << @next_token << row
      row[1] += 1
      @watch_gc ||= GC.count
    end
  end

  # After a GC has finished sweeping (on 3.1 a weak reference still answers for an unswept dead
  # object): which watched substrings are still reachable. Survivors stay watched (up to
  # MAX_WATCHED) to tell at exit whether they are still alive; the list of new ones is refilled.
  def self.check_survivors
    alive = {}
    @watch.each_pair { |_k, token| alive[token] = true }
    i = 0
    while i < @watched.size
      token = @watched[i]
      row = @watched[i + 1]
      if alive[token]
        row[2] += 1
        @kept << token << row if @kept.size < 2 * MAX_WATCHED
      end
      i += 2
    end
    survivors = ObjectSpace::WeakMap.new
    @watch.each_pair { |k, token| survivors[k] = token if alive[token] }
    @kept_map.each_pair { |k, token| survivors[k] = token }
    @kept_map = survivors
    @watched.clear
    @watch = ObjectSpace::WeakMap.new
    @watch_gc = nil
  end

  # ------------------------------------------------------------------ start and end

  def self.gc_heap_stat
    return nil unless GC.respond_to?(:stat_heap)
    GC.stat_heap.keys.sort.map { |i| GC.stat_heap(i).transform_keys(&:to_s) }
  end

  def self.start
    @pid = Process.pid
    read_geometry
    @alloc_offset = 0
    @gc_start = GC.stat.transform_keys(&:to_s)
    @heap_start = gc_heap_stat
    @t_start = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
    @cpu_start = Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID, :nanosecond)
    @string_class = String
    @match_class = MatchData
    watch_string = {}
    STRING_METHODS.each { |m, spec| watch_string[m] = [METHOD_INDEX[[String, m]], spec] }
    watch_match = {}
    MATCH_METHODS.each { |m, spec| watch_match[m] = [METHOD_INDEX[[MatchData, m]], spec] }
    @tp = TracePoint.new(:c_call, :c_return) do |tp|
      @events += 1
      klass = tp.defined_class
      w = if klass.equal?(@string_class)
            watch_string[tp.method_id]
          elsif klass.equal?(@match_class)
            watch_match[tp.method_id]
          end
      if w
        if tp.event == :c_call
          on_call(tp, w[0], w[1])
        else
          on_return(tp)
        end
      end
    end
    calibrate_offset
    @tp.enable
  end

  # The allocations a traced call reports beyond its own (the hooks' GC.stat reads): measured on
  # calls known to allocate one object (a short byteslice of an embedded string).
  def self.calibrate_offset
    probe = +"calibration source"
    @alloc_offset = 0
    @calibrating = true
    raw = []
    @tp.enable do
      5.times do
        probe.byteslice(0, 3)
        raw << @calibration_raw
      end
    end
    @calibrating = false
    @alloc_offset = [raw.compact.min.to_i - 1, 0].max
    @calls = 0
    @events = 0
    @tick = 0
    @rows.clear
    @site_names.clear
    @site_calls.clear
    @site_sampled.clear
    @site_objects.clear
    @sites.clear
    @probe_allocations = 0
    @hook_ns = 0
  end

  def self.finish
    return unless Process.pid == @pid
    @tp.disable
    t_end = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
    cpu_end = Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID, :nanosecond)
    gc_end = GC.stat.transform_keys(&:to_s)
    heap_end = gc_heap_stat
    GC.start(full_mark: false, immediate_sweep: true) if @watch_gc && GC.count != @watch_gc
    check_survivors if @watch_gc && GC.count != @watch_gc
    pending = @watched.size / 2
    # Reachable at exit: a full GC first, then the same weak references.
    GC.start(full_mark: true, immediate_sweep: true)
    alive = {}
    @watch.each_pair { |_k, token| alive[token] = true }
    @kept_map.each_pair { |_k, token| alive[token] = true }
    i = 0
    while i < @watched.size
      @watched[i + 1][4] += 1
      i += 2
    end
    [@watched, @kept].each do |list|
      i = 0
      while i < list.size
        list[i + 1][3] += 1 if alive[list[i]]
        i += 2
      end
    end
    gc_after = GC.stat.transform_keys(&:to_s)
    heap_after = gc_heap_stat
    require_relative "_common"
    rows = []
    @rows.each do |site, h|
      h.each do |key, c|
        method = key % 64
        k = key / 64
        rep = k % 3
        k /= 3
        source = k % 3
        k /= 3
        state = k % 4
        k /= 4
        pos = k % 2
        k /= 2
        len = unbucket(k % 8192)
        src_len = unbucket(k / 8192)
        rows << { "site" => site, "method" => METHOD_IDS[method], "len" => len, "position" => POSITIONS[pos],
                  "state" => STATES[state], "source" => SOURCES[source], "source_len" => src_len,
                  "ruby" => REPS[rep], "substrings" => c[0], "watched" => c[1], "survived_gc" => c[2],
                  "alive_at_exit" => c[3], "no_gc_after" => c[4] }
      end
    end
    doc = {
      "format" => "slotlab-trace", "version" => FORMAT_VERSION,
      "ruby" => { "version" => RUBY_VERSION, "description" => RUBY_DESCRIPTION, "platform" => RUBY_PLATFORM },
      "script" => $PROGRAM_NAME, "argv" => ARGV.dup,
      "sample" => SAMPLE,
      "geometry" => { "base_slot" => @base_slot, "slot_sizes" => @slot_sizes, "shared_suffix_min_len" => @share_min,
                      "embed_offset" => @embed_offset },
      "methods" => METHOD_IDS,
      "sites" => @site_names.each_with_index.map do |n, i|
        { "site" => n, "calls" => @site_calls[i], "traced" => @site_sampled[i], "objects_in_traced_calls" => @site_objects[i] }
      end,
      "rows" => rows,
      "survival" => { "watched_without_gc_after" => pending },
      "probe" => { "events" => @events, "calls" => @calls, "allocated_objects" => @probe_allocations,
                   "hook_seconds" => @hook_ns / 1e9, "wall_seconds" => (t_end - @t_start) / 1e9,
                   "cpu_seconds" => (cpu_end - @cpu_start) / 1e9, "allocation_offset" => @alloc_offset },
      "gc_start" => @gc_start, "gc_end" => gc_end, "gc_heap_start" => @heap_start, "gc_heap_end" => heap_end,
      "gc_after_full_gc" => gc_after, "gc_heap_after_full_gc" => heap_after
    }
    File.binwrite(OUT, SlotlabJson.dump(doc) + "\n")
  end
end

if SlotlabTrace::OUT.nil? || SlotlabTrace::OUT.empty?
  warn "slotlab trace: SLOTLAB_TRACE_OUT is not set; not tracing"
else
  SlotlabTrace.start
  at_exit { SlotlabTrace.finish }
end
