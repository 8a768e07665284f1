# frozen_string_literal: true
# Objects allocated by the parsers' per-line steps, counted with GC.stat(:total_allocated_objects)
# (GC disabled while counting). Each line starts as `TEMPLATE + ""`: a fresh, unfrozen, unshared
# copy (rb_str_plus), like the copy Net::BufferedIO#readuntil returns; its own object is subtracted.
# Run: ruby alloc_counts.rb  -> CSV: parser,line_len_bytes,value_len_bytes,objects
HEADER = /\A([!#$%&'*+\-\.\^_`|~0-9a-zA-Z]+):[ \t]*(?:([^\0\r\n]+)[ \t]*)?\z/

def count
  GC.disable
  before = GC.stat(:total_allocated_objects)
  yield
  GC.stat(:total_allocated_objects) - before
ensure
  GC.enable
end

def measure(template, &blk)
  3.times { blk.call(template + "") }
  base = count { template + "" }
  count { blk.call(template + "") } - base
end

puts "parser,line_len_bytes,value_len_bytes,objects"
[5, 20, 24, 40, 100, 700].each do |n|
  line = "X-Header: #{"v" * n}\r\n"
  net = measure(line) { |l| l.sub(/\s+\z/, '').strip.split(/\s*:\s*/, 2) }
  puts "net-http,#{line.bytesize - 2},#{n},#{net}"
  pair = "ua:#{"v" * n}"
  ltsv = measure(pair) { |p| p.split(":", 2) }
  puts "ltsv-pair,#{pair.bytesize},#{n},#{ltsv}"
  falcon = measure(line) { |l| l.chomp!("\r\n"); m = l.match(HEADER); [m[1], m[2] || ""] }
  puts "falcon-match,#{line.bytesize - 2},#{n},#{falcon}"
end
