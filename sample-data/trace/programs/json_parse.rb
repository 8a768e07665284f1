# JSON.parse of the shipped documents of sample-data/json (json extension of the running Ruby:
# 2.6 on 3.1, 2.9 on 3.4), PASSES times; the parsed documents are dropped after each pass.
#
# Usage: ruby json_parse.rb [JSON_FILE...] [--passes N]   (defaults: ../../json/*.json, 200)
require "json"

passes = 200
files = []
args = ARGV.dup
until args.empty?
  a = args.shift
  if a == "--passes"
    passes = Integer(args.shift)
  else
    files << a
  end
end
files = Dir[File.expand_path("../../json/*.json", __dir__)].sort if files.empty?
docs = files.map { |f| File.read(f, encoding: "UTF-8") }
abort "no JSON files" if docs.empty?

keys = 0
passes.times do
  docs.each { |d| keys += JSON.parse(d).size }
end
puts "#{passes} passes over #{docs.size} documents: #{keys} top-level entries"
