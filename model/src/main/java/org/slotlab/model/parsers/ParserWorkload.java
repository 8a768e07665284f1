package org.slotlab.model.parsers;

import java.util.List;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SubseqPolicy;

/**
 * One parser fed the sample data of its kind: the header sets of sample-data/http for the HTTP
 * parsers, the LTSV sets of sample-data/ltsv for fluentd's. One pass parses all of it once.
 *
 * @param parser  the parser model
 * @param headers header sets (HTTP parsers)
 * @param ltsv    LTSV sets (the LTSV parser)
 */
public record ParserWorkload(ParserModel parser, List<HeaderSet> headers, List<LtsvSet> ltsv) {

    public ParserWorkload {
        headers = List.copyOf(headers);
        ltsv = List.copyOf(ltsv);
    }

    /** The parser with the packaged sample data of its input kind. */
    public static ParserWorkload withSampleData(ParserModel parser) {
        return parser.input() == ParserModel.InputKind.HTTP_HEADERS
                ? new ParserWorkload(parser, HeaderSet.loadAll(), List.of())
                : new ParserWorkload(parser, List.of(), LtsvSet.loadAll());
    }

    /** Lines (header lines or LTSV records) one pass parses. */
    public long lines() {
        long n = 0;
        for (HeaderSet h : headers) {
            n += h.lines().size();
        }
        for (LtsvSet s : ltsv) {
            n += s.records().size();
        }
        return n;
    }

    /** Everything one pass allocates, in order, under {@code policy}. */
    public Trace trace(RubyLayout layout, SubseqPolicy policy) {
        StringMachine m = new StringMachine(layout, policy);
        for (HeaderSet h : headers) {
            parser.parseHead(m, h.lines());
        }
        for (LtsvSet s : ltsv) {
            if (s.mode() == LtsvSet.Mode.JOINED && parser instanceof LtsvParser p) {
                p.parseText(m, s.joinedText());
            } else {
                for (String r : s.records()) {
                    parser.parseLine(m, r);
                }
            }
        }
        return m.trace();
    }
}
