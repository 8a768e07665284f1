package org.slotlab.model.parsers;

import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SubseqPolicy;

/**
 * A Ruby parser modelled as the CRuby calls its own source makes per input line, replayed on a
 * {@link StringMachine}. Implementations cite the parser's file and lines. Registered by name in
 * {@link Parsers}.
 */
public interface ParserModel {

    /** Short name: {@code net-http}, {@code ltsv}, {@code falcon}. */
    String name();

    /** The parser's code this models: repository, version, file and lines. */
    String source();

    /** What the parser reads: HTTP header lines or LTSV records. */
    InputKind input();

    /** Traces parsing one input line (a header line without its CRLF, or one LTSV record) on {@code m}. */
    void parseLine(StringMachine m, String line);

    /**
     * Traces parsing a whole response head (header lines in order): what a parser that keeps
     * state across lines (a read buffer) does; by default each line on its own.
     */
    default void parseHead(StringMachine m, java.util.List<String> lines) {
        for (String line : lines) {
            parseLine(m, line);
        }
    }

    /** Traces one line on a fresh machine. */
    default Trace trace(RubyLayout layout, SubseqPolicy policy, String line) {
        StringMachine m = new StringMachine(layout, policy);
        parseLine(m, line);
        return m.trace();
    }

    /** The kinds of input the parsers read. */
    enum InputKind {
        HTTP_HEADERS, LTSV
    }
}
