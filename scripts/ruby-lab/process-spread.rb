# Reads a calibration's readings (calibration-*.json.gz, the probes' raw repeats) and prints, for
# every probe row timed in more than one fresh process, how far its repeats spread within one
# process and how far the processes' fastest repeats spread between them. A row whose processes
# disagree much more than its repeats do is priced by which process drew the quick state (where its
# heap pages landed, what the host ran beside it), not by the repeats' noise: more processes, not
# more repeats, settle it.
#
# Usage: ruby scripts/ruby-lab/process-spread.rb READINGS.json.gz [MIN_BETWEEN_PERCENT]
#   MIN_BETWEEN_PERCENT: print only rows whose processes' fastest repeats spread by at least this much (default 15)
require "json"
require "zlib"

path = ARGV[0] or abort("usage: process-spread.rb READINGS.json.gz [MIN_BETWEEN_PERCENT]")
min_between = begin
  Float(ARGV[1] || 15) / 100
rescue ArgumentError
  abort("process-spread.rb: MIN_BETWEEN_PERCENT must be a number, not '#{ARGV[1]}'")
end
begin
  text = path.end_with?(".gz") ? Zlib::GzipReader.open(path, &:read) : File.read(path)
  readings = JSON.parse(text)
rescue Errno::ENOENT
  abort("process-spread.rb: #{path}: no such file")
rescue Zlib::GzipFile::Error, JSON::ParserError => e
  abort("process-spread.rb: #{path}: not a calibration's readings (#{e.message.lines.first.strip})")
end
units = readings["timing"] or abort("process-spread.rb: #{path}: no \"timing\" section; is it a calibration's readings file?")

processes = Hash.new { |h, k| h[k] = [] }
units.each do |unit|
  (unit["rows"] || []).each do |row|
    next if row["group"] == "baseline" || row["repeats"].nil? || row["repeats"].empty?
    times = row["repeats"].map { |r| r["elapsed_ns"].to_f / row["n"] }
    processes["#{unit["unit"]}/#{row["name"]}"] << times
  end
end

lines = processes.filter_map do |name, runs|
  next if runs.size < 2
  fastest = runs.map(&:min)
  within = runs.map { |t| (t.max - t.min) / t.min }.max
  between = (fastest.max - fastest.min) / fastest.min
  next if between < min_between
  [between, format("%-48s %2d processes  repeats within one process: up to %4.0f%%  fastest repeats between processes: %4.0f%%  (%s ns)",
                   name, runs.size, within * 100, between * 100, fastest.sort.map { |f| f.round }.join(" "))]
end
puts "#{path}: #{processes.count { |_, r| r.size > 1 }} rows timed in more than one process; " \
     "#{lines.size} whose processes' fastest repeats spread by #{(min_between * 100).round}% or more:"
lines.sort_by { |b, _| -b }.each { |_, l| puts l }
