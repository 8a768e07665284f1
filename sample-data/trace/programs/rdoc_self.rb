# RDoc parsing its own sources: the Ruby parser of the running Ruby's RDoc reads every file of
# its lib/rdoc directory into an RDoc::Store, as `rdoc --dry-run` does, without writing output.
#
# Usage: ruby rdoc_self.rb [DIR]   (default: the lib/rdoc directory of the running Ruby's RDoc)
require "rdoc"
require "tmpdir"

dir = ARGV[0] || File.dirname(RDoc.method(:load_yaml).source_location&.first || $LOADED_FEATURES.grep(%r{/rdoc\.rb\z}).first) + "/rdoc"
dir = File.join(File.dirname($LOADED_FEATURES.grep(%r{/rdoc\.rb\z}).first), "rdoc") unless File.directory?(dir)
abort "no RDoc sources at #{dir}" unless File.directory?(dir)

Dir.mktmpdir do |out|
  options = RDoc::Options.new
  options.parse(["--quiet", "--dry-run", "--op", out, dir])
  RDoc::RDoc.new.document(options)
end
puts "parsed #{Dir[File.join(dir, '**', '*.rb')].size} files under #{dir}"
