package org.slotlab.model.parsers;

import java.nio.charset.StandardCharsets;

/**
 * Falcon's HTTP/1 header reader, {@code Protocol::HTTP1::Connection#read_headers}
 * (socketry/protocol-http1, lib/protocol/http1/connection.rb; read here at v0.37.0, lines 35-46
 * for HEADER and 495-509 for read_headers, 355-370 for read_line?; seed 000 cites the same code
 * at v0.39.0, lines 504-505). Per header line:
 * <ol>
 * <li>{@code @stream.gets(CRLF, max)} then {@code line.chomp!(CRLF)}: a fresh unfrozen line,
 *     shrunk in place (assumed: io-stream returns a new string per line);</li>
 * <li>{@code line.match(HEADER)}: a MatchData and rb_str_new_frozen of the line, a
 *     <b>frozen</b> copy (re.c rb_reg_search_set_match);</li>
 * <li>{@code match[1]}, {@code match[2]}: rb_reg_nth_match slices the MatchData's frozen string,
 *     so the value (a suffix: FIELD_VALUE is greedy and takes trailing blanks) shares without a
 *     new root: one object whether it is shared or copied (seed 000: "regex parsing has already
 *     paid for it");</li>
 * <li>{@code [match[1], match[2] || ""]}: an Array ({@code ""} is a frozen literal).</li>
 * </ol>
 */
public final class FalconHeaderParser implements ParserModel {

    @Override
    public String name() {
        return "falcon";
    }

    @Override
    public String source() {
        return "socketry/protocol-http1 v0.37.0 lib/protocol/http1/connection.rb:35-46 (HEADER), 355-370 (read_line?), "
                + "495-509 (read_headers)";
    }

    @Override
    public InputKind input() {
        return InputKind.HTTP_HEADERS;
    }

    @Override
    public void parseLine(StringMachine m, String line) {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        int colon = NetHttpHeaderParser.indexOf(b, (byte) ':');
        if (colon < 0) {
            throw new IllegalArgumentException("not a header line (no ':'): " + line);
        }
        int valueStart = colon + 1;
        while (valueStart < b.length && (b[valueStart] == ' ' || b[valueStart] == '\t')) {
            valueStart++;
        }
        m.call("gets");
        RStr raw = m.strNew(b.length + NetHttpHeaderParser.CRLF_BYTES, "@stream.gets(CRLF, max)", "line");
        m.call("chomp!");
        m.setLen(raw, b.length);
        m.call("match");
        RStr frozen = m.regSearch(raw, 2, "line.match(HEADER)");
        m.call("[]");
        m.subseq(frozen, 0, colon, "match[1]: rb_reg_nth_match", "key");
        if (valueStart < b.length) {
            m.call("[]");
            m.subseq(frozen, valueStart, b.length - valueStart, "match[2]: rb_reg_nth_match", "value");
        }
        m.newArray(2, "[match[1], match[2] || \"\"]");
    }
}
