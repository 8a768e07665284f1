package org.slotlab.model.parsers;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Falcon's HTTP/1 header reader, {@code Protocol::HTTP1::Connection#read_headers}
 * (socketry/protocol-http1, lib/protocol/http1/connection.rb; read here at v0.37.0: lines 35-46
 * for HEADER, 355-370 for read_line?, 495-509 for read_headers; Feature #22186 cites the same code at
 * v0.39.0, lines 504-505), reading through {@code IO::Stream::Readable#gets} (socketry/io-stream
 * 0.13.1, lib/io/stream/readable.rb:273-312). Per header line:
 * <ol>
 * <li>{@code gets(CRLF, max)} freezes the read buffer, takes the line as
 *     {@code @read_buffer.byteslice(0, index + 2)} (a prefix: a fresh unfrozen copy) and keeps
 *     the rest as {@code @read_buffer.byteslice(index + 2, ...)}: a suffix of a frozen string, so
 *     shared without a root on master, or copied when a policy embeds it (the buffer's tail
 *     shrinks line by line); then {@code line.chomp!(CRLF)} shrinks the line in place;</li>
 * <li>{@code line.match(HEADER)}: a MatchData and rb_str_new_frozen of the line, a
 *     <b>frozen</b> copy (re.c rb_reg_search_set_match);</li>
 * <li>{@code match[1]}, {@code match[2]}: rb_reg_nth_match slices the MatchData's frozen string,
 *     so the value (a suffix: FIELD_VALUE is greedy and takes trailing blanks) shares without a
 *     new root: one object whether it is shared or copied (Feature #22186: "regex parsing has already
 *     paid for it"); an empty value is {@code match[2] || ""}, a frozen literal;</li>
 * <li>{@code [match[1], match[2] || ""]}: an Array.</li>
 * </ol>
 * Assumed: the response head arrived in one read and the buffer holds nothing after it (no body
 * bytes), so the buffer's tail after a line is the following lines and the final CRLF.
 */
public final class FalconHeaderParser implements ParserModel {

    @Override
    public String name() {
        return "falcon";
    }

    @Override
    public String source() {
        return "socketry/protocol-http1 v0.37.0 lib/protocol/http1/connection.rb:35-46 (HEADER), 355-370 (read_line?), "
                + "495-509 (read_headers); socketry/io-stream 0.13.1 lib/io/stream/readable.rb:273-312 (gets)";
    }

    @Override
    public InputKind input() {
        return InputKind.HTTP_HEADERS;
    }

    /** One line as the whole head (the buffer then holds the line and the final CRLF). */
    @Override
    public void parseLine(StringMachine m, String line) {
        parseHead(m, List.of(line));
    }

    @Override
    public void parseHead(StringMachine m, List<String> lines) {
        long total = NetHttpHeaderParser.CRLF_BYTES;
        for (String l : lines) {
            total += l.getBytes(StandardCharsets.UTF_8).length + NetHttpHeaderParser.CRLF_BYTES;
        }
        RStr buffer = m.existing(total);
        for (String line : lines) {
            buffer = parseOne(m, buffer, line);
        }
    }

    private RStr parseOne(StringMachine m, RStr buffer, String line) {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        int colon = NetHttpHeaderParser.indexOf(b, (byte) ':');
        if (colon < 0) {
            throw new IllegalArgumentException("not a header line (no ':'): " + line);
        }
        int valueStart = colon + 1;
        while (valueStart < b.length && (b[valueStart] == ' ' || b[valueStart] == '\t')) {
            valueStart++;
        }
        long raw = b.length + NetHttpHeaderParser.CRLF_BYTES;
        m.beginLine();
        m.call("gets");
        m.freeze(buffer);
        m.call("byteslice");
        RStr rawLine = m.subseq(buffer, 0, raw, "gets: @read_buffer.byteslice(0, index + 2)", "line");
        m.call("byteslice");
        RStr rest = m.subseq(buffer, raw, buffer.len() - raw, "gets: @read_buffer.byteslice(index + 2, ...)", "read buffer");
        m.call("chomp!");
        m.setLen(rawLine, b.length);
        m.call("match");
        RStr frozen = m.regSearch(rawLine, 2, "line.match(HEADER)");
        m.call("[]");
        m.subseq(frozen, 0, colon, "match[1]: rb_reg_nth_match", "key");
        if (valueStart < b.length) {
            m.call("[]");
            m.subseq(frozen, valueStart, b.length - valueStart, "match[2]: rb_reg_nth_match", "value");
        }
        m.newArray(2, "[match[1], match[2] || \"\"]");
        return rest;
    }
}
