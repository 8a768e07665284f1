# A small program whose substrings are known, and its own count of them, kept apart from any probe:
# site A splits N fresh "key:value" lines into a 10 B key and a SHORT-byte value, site B into a
# 10 B key and a LONG-byte value; both keep the values. With the GC held off around each loop,
# ObjectSpace.count_objects tells how many strings each loop allocated, and ObjectSpace.memsize_of
# what the kept values hold. Writes {"a": {...}, "b": {...}} to OUT.
#
# Usage: ruby count_split.rb OUT N SHORT LONG
require "objspace"

out, n, short, long = ARGV[0], Integer(ARGV[1]), Integer(ARGV[2]), Integer(ARGV[3])
SEP = ":".dup.freeze
lines_a = Array.new(n) { ("k" * 10) + SEP + ("v" * short) }
lines_b = Array.new(n) { ("k" * 10) + SEP + ("w" * long) }
kept_a = Array.new(n)
kept_b = Array.new(n)

def count(kept)
  s = 0
  kept.each { |v| s += ObjectSpace.memsize_of(v) }
  s
end

# warm up: the first call of a method and of count_objects allocate caches of their own
"warm:up".split(SEP, 2)
ObjectSpace.count_objects
GC.start
GC.disable
before = ObjectSpace.count_objects[:T_STRING]
i = 0
while i < n
  kept_a[i] = lines_a[i].split(SEP, 2)[1] # <- A
  i += 1
end
strings_a = ObjectSpace.count_objects[:T_STRING] - before
before = ObjectSpace.count_objects[:T_STRING]
i = 0
while i < n
  kept_b[i] = lines_b[i].split(SEP, 2)[1] # <- B
  i += 1
end
strings_b = ObjectSpace.count_objects[:T_STRING] - before
GC.enable

line_a = File.readlines(__FILE__).index { |l| l.include?("# <- A") } + 1
line_b = File.readlines(__FILE__).index { |l| l.include?("# <- B") } + 1
File.write(out, %({"a": {"line": #{line_a}, "strings": #{strings_a}, "kept_memsize": #{count(kept_a)}},
 "b": {"line": #{line_b}, "strings": #{strings_b}, "kept_memsize": #{count(kept_b)}}}\n))
