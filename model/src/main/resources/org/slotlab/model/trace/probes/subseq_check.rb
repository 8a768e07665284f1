# frozen_string_literal: true
# Which String and MatchData methods make their results through CRuby's str_subseq, checked on
# the running Ruby. str_subseq (string.c) has a signature no other path has: a suffix is shared
# with its source's root exactly when it does not fit the sizeof(RString) slot str_alloc_heap
# takes (16 B and longer on 3.4, 24 B on 3.1), and copied into that slot below it. rb_str_new
# would embed a 16..615 B copy on 3.4; str_duplicate shares only a whole string. So for each
# method: a suffix one byte shorter than that length must come back embedded, and one of that
# length shared, pointing at the same root as its source (ObjectSpace.dump "shared" and
# "references"). Prints one JSON object. Core Ruby only.

require "objspace"
require_relative "_common"

def dump_of(s)
  d = ObjectSpace.dump(s)
  { shared: d.include?('"shared":true'), embedded: d.include?('"embedded":true'),
    address: d[/"address":"(0x\h+)"/, 1], root: d[/"references":\["(0x\h+)"/, 1] }
end

# The root a shared piece points at: its source's own root once the call has made it (a heap
# source is then shared too), the source itself when frozen or when it is a MatchData's string,
# or a frozen copy of an embedded source (str_new_frozen_buffer copies those).
def root_relation(piece, source)
  p = dump_of(piece)
  return "not shared" unless p[:shared]
  s = dump_of(source)
  return "source" if p[:root] == s[:address]
  return "source's root" if s[:shared] && p[:root] == s[:root]
  return "a frozen copy of the source" unless s[:shared]
  "another root"
end

# Long enough that the source is a heap string on every Ruby (3.4 embeds up to 615 B), so the
# root str_subseq makes takes over the source's buffer and the source points at it too.
HEAD = 700

def head(n)
  "h" * n
end

def tail(n)
  "t" * n
end

# Each case: [name, receiver builder (suffix length => receiver), call (receiver => [piece, source])]
CASES = [
  ["String#byteslice", ->(n) { +(head(HEAD) + tail(n)) }, ->(s) { [s.byteslice(HEAD, s.bytesize - HEAD), s] }],
  ["String#[] (integers)", ->(n) { +(head(HEAD) + tail(n)) }, ->(s) { [s[HEAD, s.size - HEAD], s] }],
  ["String#[] (range)", ->(n) { +(head(HEAD) + tail(n)) }, ->(s) { [s[HEAD..], s] }],
  ["String#slice", ->(n) { +(head(HEAD) + tail(n)) }, ->(s) { [s.slice(HEAD..), s] }],
  ["String#[] (regexp)", ->(n) { +(head(HEAD) + tail(n)) }, ->(s) { [s[/t+\z/], s] }],
  ["String#split", ->(n) { +(head(HEAD) + ":" + tail(n)) }, ->(s) { [s.split(":", 2)[1], s] }],
  ["String#split (regexp)", ->(n) { +(head(HEAD) + ": " + tail(n)) }, ->(s) { [s.split(/:\s*/, 2)[1], s] }],
  ["String#partition", ->(n) { +(head(HEAD) + ":" + tail(n)) }, ->(s) { [s.partition(":")[2], s] }],
  ["String#rpartition", ->(n) { +(head(HEAD) + ":" + tail(n)) }, ->(s) { [s.rpartition(":")[2], s] }],
  ["String#lines", ->(n) { +(head(HEAD) + "\n" + tail(n)) }, ->(s) { [s.lines[1], s] }],
  ["String#scan", ->(n) { +(head(HEAD) + tail(n)) }, ->(s) { [s.scan(/t+/)[0], s] }],
  ["String#strip", ->(n) { +("   " + tail(n) + head(0)) }, ->(s) { [s.strip, s] }],
  ["String#lstrip", ->(n) { +("   " + tail(n)) }, ->(s) { [s.lstrip, s] }],
  ["String#chomp", ->(n) { +tail(n) }, ->(s) { [s.chomp, s] }],
  ["String#delete_prefix", ->(n) { +(head(HEAD) + tail(n)) }, ->(s) { [s.delete_prefix(head(HEAD)), s] }],
  ["MatchData#[]", ->(n) { +(head(HEAD) + tail(n)) }, ->(s) { m = /(h+)(t+)\z/.match(s); [m[2], m.string] }],
  ["MatchData#captures", ->(n) { +(head(HEAD) + tail(n)) }, ->(s) { m = /(h+)(t+)\z/.match(s); [m.captures[1], m.string] }],
  ["MatchData#to_a", ->(n) { +(head(HEAD) + tail(n)) }, ->(s) { m = /(h+)(t+)\z/.match(s); [m.to_a[2], m.string] }],
  ["MatchData#values_at", ->(n) { +(head(HEAD) + tail(n)) }, ->(s) { m = /(h+)(t+)\z/.match(s); [m.values_at(2)[0], m.string] }],
  ["MatchData#named_captures", ->(n) { +(head(HEAD) + tail(n)) }, ->(s) { m = /(?<h>h+)(?<t>t+)\z/.match(s); [m.named_captures["t"], m.string] }],
  ["MatchData#post_match", ->(n) { +(head(HEAD) + ":" + tail(n)) }, ->(s) { m = /:/.match(s); [m.post_match, m.string] }],
  ["MatchData#match", ->(n) { +(head(HEAD) + tail(n)) }, ->(s) { m = /(h+)(t+)\z/.match(s); [m.match(2), m.string] }]
].freeze
OPTIONAL = {
  "MatchData#match" => -> { MatchData.method_defined?(:match) }
}.freeze

# The shortest suffix str_subseq shares here: the first length whose byteslice suffix is shared.
src = +("g" * 256)
share_min = (1..128).find { |n| dump_of(src.byteslice(256 - n, n))[:shared] }

results = CASES.filter_map do |name, build, call|
  next if OPTIONAL[name] && !OPTIONAL[name].call
  short_piece, = call.call(build.call(share_min - 1))
  long_source = build.call(share_min)
  long_piece, source = call.call(long_source)
  # a frozen source: the piece should point at the source itself
  frozen_piece, frozen_source = call.call(build.call(share_min + 40).freeze) rescue [nil, nil]
  {
    "method" => name,
    "shorter_suffix_len" => short_piece.bytesize, "shorter_suffix_embedded" => dump_of(short_piece)[:embedded],
    "suffix_len" => long_piece.bytesize, "suffix_shared" => dump_of(long_piece)[:shared],
    "root" => root_relation(long_piece, source),
    "frozen_source_root" => frozen_piece ? root_relation(frozen_piece, frozen_source) : "n/a"
  }
end

SlotlabJson.write({ "ruby" => RUBY_VERSION, "shared_suffix_min_len" => share_min, "methods" => results })
