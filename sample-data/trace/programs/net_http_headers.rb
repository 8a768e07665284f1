# Net::HTTP's own response parser reading the captured response heads of sample-data/http.
#
# Each head is written into one end of a UNIX socket pair and read from the other by
# Net::HTTPResponse.read_new (lib/net/http/response.rb in the net-http gem,
# https://github.com/ruby/net-http): read_status_line, then each_response_header, which splits
# every header line with `line.strip.split(/\s*:\s*/, 2)` into its key and value, through
# Net::BufferedIO (net-protocol) as Net::HTTP itself reads a socket. The response objects are
# dropped after each pass, as a client drops a response it has read.
#
# Usage: ruby net_http_headers.rb [HTTP_DIR] [PASSES]   (defaults: ../../http, 200)
require "net/http"
require "socket"

dir = ARGV[0] || File.expand_path("../../http", __dir__)
passes = Integer(ARGV[1] || 200)
heads = Dir[File.join(dir, "*.http")].sort.map do |f|
  head = File.binread(f)
  head.end_with?("\n\n", "\r\n\r\n") ? head : head + "\n"
end
abort "no .http files in #{dir}" if heads.empty?

values = 0
passes.times do
  heads.each do |head|
    writer, reader = UNIXSocket.pair
    writer.write(head)
    writer.close
    response = Net::HTTPResponse.read_new(Net::BufferedIO.new(reader))
    response.each_header { |_key, value| values += 1 if value }
    reader.close
  end
end
puts "#{passes} passes over #{heads.size} response heads: #{values} header values"
