package org.slotlab.model.parsers;

import java.nio.charset.StandardCharsets;

/**
 * Net::HTTP's response-header reader, {@code Net::HTTPResponse.each_response_header}
 * (ruby/net-http v0.6.0, the version Ruby 3.4 bundles, lib/net/http/response.rb:170-185). Per
 * header line it does, and this model replays:
 * <ol>
 * <li>{@code sock.readuntil("\n", true)}: {@code Net::BufferedIO#rbuf_consume} returns
 *     {@code @rbuf.byteslice(@rbuf_offset, len)}, a middle slice of the read buffer (the next
 *     lines follow it), so a <b>copy</b> of the line with its CRLF, unfrozen and unshared;</li>
 * <li>{@code .sub(/\s+\z/, '')}: rb_str_sub duplicates the line (str_duplicate), matches (a
 *     MatchData and rb_str_new_frozen of the duplicate) and shrinks the duplicate in place;</li>
 * <li>{@code line.strip}: nothing to strip, so str_duplicate again (line 180);</li>
 * <li>{@code .split(/\s*:\s*\/, 2)}: an Array, one regexp match (a MatchData and a frozen copy
 *     of the stripped line), the key (a prefix: always a copy) and the value: the <b>tail of
 *     the stripped line, which is not frozen</b>; a line that is not a heap string is not shared
 *     either (the MatchData got its own copy), so sharing the value makes a frozen root, an
 *     embedded copy of the whole line (Feature #22186, himura467: "each value that takes the shared path
 *     allocates a frozen root that copying avoids"). A line longer than the largest embeddable
 *     string is different: the first rb_str_new_frozen handed its buffer to a root, so its value
 *     shares that root for free.</li>
 * </ol>
 * What {@code add_field} does next (downcase the key, {@code [val]}) is the same under every
 * policy and is not modelled.
 */
public final class NetHttpHeaderParser implements ParserModel {

    /** Bytes of the CRLF that ends each header line on the wire. */
    public static final int CRLF_BYTES = 2;

    @Override
    public String name() {
        return "net-http";
    }

    @Override
    public String source() {
        return "ruby/net-http v0.6.0 lib/net/http/response.rb:170-185 each_response_header; net-protocol BufferedIO#rbuf_consume";
    }

    @Override
    public InputKind input() {
        return InputKind.HTTP_HEADERS;
    }

    @Override
    public void parseLine(StringMachine m, String line) {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        int colon = indexOf(b, (byte) ':');
        if (colon < 0) {
            throw new IllegalArgumentException("not a header line (no ':'): " + line);
        }
        int keyEnd = colon;
        while (keyEnd > 0 && isSpace(b[keyEnd - 1])) {
            keyEnd--;
        }
        int valueStart = colon + 1;
        while (valueStart < b.length && isSpace(b[valueStart])) {
            valueStart++;
        }
        int len = b.length;
        while (len > 0 && isSpace(b[len - 1])) {
            len--;
        }
        valueStart = Math.min(valueStart, len);

        m.beginLine();
        m.call("readuntil");
        RStr raw = m.strNew(b.length + CRLF_BYTES, "sock.readuntil(\"\\n\", true): @rbuf.byteslice", "line");
        m.call("sub");
        RStr subbed = m.dup(raw, "line.sub(/\\s+\\z/, ''): str_duplicate", "sub copy");
        m.regSearch(subbed, 0, "line.sub(/\\s+\\z/, ''): rb_reg_search");
        m.setLen(subbed, len);
        m.call("strip");
        RStr stripped = m.dup(subbed, "line.strip (nothing to strip): str_duplicate", "strip copy");
        m.call("split");
        m.newArray(2, "split(/\\s*:\\s*/, 2): result");
        m.regSearch(stripped, 0, "split(/\\s*:\\s*/, 2): rb_reg_search");
        m.subseq(stripped, 0, keyEnd, "split: rb_str_subseq (key)", "key");
        m.subseq(stripped, valueStart, len - valueStart, "split: rb_str_subseq (value)", "value");
    }

    static boolean isSpace(byte c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == 0x0b;
    }

    static int indexOf(byte[] b, byte c) {
        for (int i = 0; i < b.length; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }
}
