package org.slotlab.model.parsers;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * fluentd's LTSV parser, {@code Fluent::Plugin::LabeledTSVParser#parse} (fluent/fluentd v1.19.3,
 * lib/fluent/plugin/parser_ltsv.rb:38-48; Feature #22186 cites lines 40-42). Per call of
 * {@code parse(text)}:
 * <ol>
 * <li>{@code r = {}}: a Hash (its keys are interned by rb_hash_key_str, so after the first record
 *     they allocate nothing);</li>
 * <li>{@code text.split("\t")}: an Array of every field; each field is rb_str_subseq of the text:
 *     middle fields are copies, the last is a suffix and may share the text;</li>
 * <li>for each pair with a {@code ":"}: {@code pair.split(":", 2)}: an Array, the key (a prefix,
 *     a copy) and the value, the <b>tail of the pair, which is neither frozen nor shared</b>, so
 *     sharing it makes a frozen root (an embedded copy of the whole pair) and copying saves that
 *     object (Feature #22186, himura467 on this very line).</li>
 * </ol>
 * {@code convert_values} and {@code parse_time} come after and are the same under every policy;
 * they are not modelled. The text is one record ({@link #parseLine}) or, as ruby-bench's fluentd
 * benchmark does, many records joined by newlines in one string ({@link #parseText}): then the
 * records' newlines sit inside the pairs, and the message value of one record runs on into the
 * next record's {@code time:} field.
 */
public final class LtsvParser implements ParserModel {

    /** fluentd's default delimiter between pairs (config_param :delimiter, default "\t"). */
    public static final byte DELIMITER = '\t';
    /** fluentd's default label delimiter (config_param :label_delimiter, default ":"). */
    public static final byte LABEL_DELIMITER = ':';

    @Override
    public String name() {
        return "ltsv";
    }

    @Override
    public String source() {
        return "fluent/fluentd v1.19.3 lib/fluent/plugin/parser_ltsv.rb:38-48 LabeledTSVParser#parse";
    }

    @Override
    public InputKind input() {
        return InputKind.LTSV;
    }

    /** One record handed to parse as a fresh unfrozen line (as in_tail hands it: assumed). */
    @Override
    public void parseLine(StringMachine m, String line) {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        m.beginLine();
        RStr text = m.strNew(b.length, "the line handed to parse (caller)", "line");
        parse(m, text, b);
    }

    /** One call of parse on a text made before (not counted), e.g. ruby-bench's joined fixture. */
    public void parseText(StringMachine m, String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        m.beginLine();
        parse(m, m.existing(b.length), b);
    }

    private void parse(StringMachine m, RStr text, byte[] b) {
        List<int[]> fields = new ArrayList<>();
        int beg = 0;
        for (int i = 0; i < b.length; i++) {
            if (b[i] == DELIMITER) {
                fields.add(new int[] {beg, i - beg});
                beg = i + 1;
            }
        }
        if (beg < b.length) {
            fields.add(new int[] {beg, b.length - beg});
        }
        // Without a limit split drops trailing empty fields.
        while (!fields.isEmpty() && fields.get(fields.size() - 1)[1] == 0) {
            fields.remove(fields.size() - 1);
        }
        Set<String> keys = new LinkedHashSet<>();
        m.call("split");
        m.newArray(fields.size(), "text.split(\"\\t\")");
        List<RStr> pairs = new ArrayList<>();
        for (int[] f : fields) {
            pairs.add(m.subseq(text, f[0], f[1], "text.split(\"\\t\"): rb_str_subseq", "pair"));
        }
        for (int i = 0; i < fields.size(); i++) {
            int[] f = fields.get(i);
            m.call("include?");
            int colon = -1;
            for (int j = f[0]; j < f[0] + f[1]; j++) {
                if (b[j] == LABEL_DELIMITER) {
                    colon = j - f[0];
                    break;
                }
            }
            if (colon < 0) {
                continue;
            }
            RStr pair = pairs.get(i);
            m.call("split");
            m.newArray(2, "pair.split(\":\", 2)");
            m.subseq(pair, 0, colon, "pair.split(\":\", 2): rb_str_subseq (key)", "key");
            m.subseq(pair, colon + 1, f[1] - colon - 1, "pair.split(\":\", 2): rb_str_subseq (value)", "value");
            m.call("[]=");
            keys.add(new String(b, f[0], colon, StandardCharsets.UTF_8));
        }
        m.newHash(keys.size(), "r = {}");
    }
}
