package org.slotlab.model.measured;

/**
 * A measured-results file that cannot be imported: malformed, truncated, or not in the format
 * that was asked for. The message always starts with {@code source:line:} (line 0 when the
 * problem is the file as a whole) and then says what was expected, e.g.
 * {@code out.md:9: expected 2 cells (one per executable: compare-ruby, built-ruby), found 1; is the table truncated?}.
 * Importers parse a whole file before returning anything, so a thrown exception always means
 * nothing was imported. Malformed or truncated input gets "a message naming the
 * file and line, nothing half-imported".
 */
public final class ImportException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String source;
    private final int line;
    private final String problem;

    public ImportException(String source, int line, String problem) {
        this(source, line, problem, null);
    }

    public ImportException(String source, int line, String problem, Throwable cause) {
        super(source + ":" + line + ": " + problem, cause);
        this.source = source;
        this.line = line;
        this.problem = problem;
    }

    /** The file (or other source name) that failed. */
    public String source() {
        return source;
    }

    /** 1-based line of the problem, or 0 when it concerns the whole file. */
    public int line() {
        return line;
    }

    /** The problem without the {@code source:line:} prefix. */
    public String problem() {
        return problem;
    }
}
