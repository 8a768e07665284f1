# fluentd's LTSV code path on the shipped logs of sample-data/ltsv, written from fluentd's public
# source (https://github.com/fluent/fluentd; fluentd itself is not needed):
#  * in_tail reads the file in chunks into a buffer and cuts lines off it: FIFO#read_lines in
#    lib/fluent/plugin/in_tail.rb freezes the buffer, takes the line up to the end of line, and
#    keeps the rest of the buffer as a new slice (fluent/fluentd pull request 2527);
#  * each line loses its newline (chomp!) and goes to the parser;
#  * LabeledTSVParser#parse (lib/fluent/plugin/parser_ltsv.rb) splits the line on the delimiter
#    ("\t") and each pair that has the label delimiter (":") into key and value with
#    split(":", 2), filling a record Hash.
# The records are dropped after each pass, as an output plugin that has written them would.
#
# Usage: ruby fluentd_ltsv.rb [LTSV_FILE...] [--passes N]   (defaults: ../../ltsv/*.ltsv, 20)
passes = 20
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
files = Dir[File.expand_path("../../ltsv/*.ltsv", __dir__)].sort if files.empty?
abort "no LTSV files" if files.empty?

CHUNK = 8192
EOL = "\n"
DELIMITER = "\t"
LABEL_DELIMITER = ":"

def read_lines(buffer, lines)
  idx = buffer.index(EOL)
  until idx.nil?
    buffer.freeze
    line = buffer.slice(0, idx + 1)
    buffer = buffer.slice(idx + 1, buffer.size)
    idx = buffer.index(EOL)
    lines << line
  end
  buffer
end

def parse(text)
  record = {}
  text.split(DELIMITER).each do |pair|
    if pair.include?(LABEL_DELIMITER)
      key, value = pair.split(LABEL_DELIMITER, 2)
      record[key] = value
    end
  end
  record
end

records = 0
passes.times do
  files.each do |file|
    File.open(file, "rb") do |io|
      buffer = +""
      while (chunk = io.read(CHUNK))
        buffer = buffer.frozen? ? buffer + chunk : buffer << chunk
        lines = []
        buffer = read_lines(buffer, lines)
        buffer = +buffer if buffer.frozen? && buffer.empty?
        lines.each do |line|
          line = +line
          line.chomp!
          records += 1 unless parse(line).empty?
        end
      end
    end
  end
end
puts "#{passes} passes over #{files.size} files: #{records} records"
