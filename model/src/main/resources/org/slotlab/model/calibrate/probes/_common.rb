# frozen_string_literal: true
# Slotlab probe helpers shared by layout.rb, timing.rb and measure.rb, loaded with
# `require_relative "_common"`. RubyProbeRunner writes this file next to the probe's temporary copy.
# Core Ruby only (no json extension, no gems), so the probes run with `ruby --disable-gems` on
# CRuby 2.7 through master.

module SlotlabJson
  module_function

  # A small JSON writer, so the probe does not depend on the json extension being installed.
  def dump(v)
    case v
    when nil then "null"
    when true, false then v.to_s
    when Integer then v.to_s
    when Float then v.finite? ? v.to_s : "null"
    when Symbol then dump(v.to_s)
    when String
      '"' + v.dup.force_encoding(Encoding::BINARY).gsub(/["\\\x00-\x1f]/n) { |c| format("\\u%04x", c.ord) }
             .force_encoding(Encoding::UTF_8).scrub("?") + '"'
    when Array then "[" + v.map { |e| dump(e) }.join(",") + "]"
    when Hash then "{" + v.map { |k, e| dump(k.to_s) + ":" + dump(e) }.join(",") + "}"
    else dump(v.to_s)
    end
  end

  # The probe's one output: the JSON object on stdout, then a newline, and nothing else.
  def write(v)
    $stdout.write(dump(v))
    $stdout.write("\n")
  end
end

module SlotlabProgress
  module_function

  # One progress line on stderr, `slotlab-progress DONE TOTAL NAME`, as RubyProbeRunner parses it
  # (ProbeProgress); flushed at once so the runner sees it while the probe works.
  def report(done, total, name)
    $stderr.puts "slotlab-progress #{done} #{total} #{name}"
    $stderr.flush
  end
end
