# frozen_string_literal: true
# Slotlab's heap dumper. Loaded before the user's script (`ruby -r dump.rb SCRIPT ARGS...`); at
# exit, after a full GC, it writes the standard ObjectSpace.dump_all JSON lines to
# $SLOTLAB_DUMP_OUT and then, with the GC held off so no address changes hands, what dump_all
# leaves out: one line of its own type per shared string with its length
#   {"type":"SLOTLAB_STRING", "address":"0x...", "bytesize":60}
# (dump_all writes no bytesize for a shared string on 3.1 through 3.4) and a last line
#   {"type":"SLOTLAB_META", "ruby":"3.4.5", ...}.
# Tools that read dump_all files skip a type they do not know. With $SLOTLAB_DUMP_ALLOCATIONS
# other than "0", allocation tracing runs from the start, so every object carries the file, line
# and method that allocated it (the method says whether a shared string is a substring).

require "objspace"

module SlotlabDump
  OUT = ENV["SLOTLAB_DUMP_OUT"]
  ALLOCATIONS = ENV.fetch("SLOTLAB_DUMP_ALLOCATIONS", "1") != "0"

  def self.start
    @pid = Process.pid
    consts = GC::INTERNAL_CONSTANTS
    @base_slot = consts[:BASE_SLOT_SIZE] || consts[:RVALUE_SIZE] || 40
    src = +("g" * 256)
    @share_min = (1..128).find { |n| ObjectSpace.dump(src.byteslice(256 - n, n)).include?('"shared":true') } || 129
    ObjectSpace.trace_object_allocations_start if ALLOCATIONS
  end

  def self.finish
    return unless Process.pid == @pid
    ObjectSpace.trace_object_allocations_stop if ALLOCATIONS
    GC.start(full_mark: true, immediate_sweep: true)
    GC.disable
    shared = 0
    File.open(OUT, "wb") do |io|
      ObjectSpace.dump_all(output: io)
      ObjectSpace.each_object(String) do |s|
        # A shared string is a header of the base slot (memsize_of is its slot alone);
        # ObjectSpace.dump tells it from an embedded one and gives the address dump_all used.
        next unless ObjectSpace.memsize_of(s) == @base_slot
        d = ObjectSpace.dump(s)
        next unless d.include?('"shared":true')
        address = d[/"address":"(0x\h+)"/, 1]
        next unless address
        io.write(%({"type":"SLOTLAB_STRING", "address":"#{address}", "bytesize":#{s.bytesize}}\n))
        shared += 1
      end
      io.write(%({"type":"SLOTLAB_META", "ruby":"#{RUBY_VERSION}", "description":#{RUBY_DESCRIPTION.dump}, ) +
               %("shared_strings":#{shared}, "allocation_sites":#{ALLOCATIONS}, "shared_suffix_min_len":#{@share_min}}\n))
    end
    GC.enable
  end
end

if SlotlabDump::OUT.nil? || SlotlabDump::OUT.empty?
  warn "slotlab dump: SLOTLAB_DUMP_OUT is not set; not dumping"
else
  SlotlabDump.start
  at_exit { SlotlabDump.finish }
end
