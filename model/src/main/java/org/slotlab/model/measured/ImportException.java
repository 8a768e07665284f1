package org.slotlab.model.measured;

/**
 * A measured-results file that cannot be imported: malformed, truncated, or not in the format
 * that was asked for. The message always starts with {@code source:line:} (line 0 when the
 * problem is the file as a whole) and then says what was expected, e.g.
 * {@code out.md:9: expected 2 cells (one per executable: compare-ruby, built-ruby), found 1; is the table truncated?}.
 * Importers parse a whole file before returning anything, so a thrown exception always means
 * nothing was imported. A message is one line of at most {@value #MAX_PROBLEM_CHARS} characters
 * after the prefix, so a megabyte-long line is never echoed back.
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
        super(source + ":" + line + ": " + bounded(problem), cause);
        this.source = source;
        this.line = line;
        this.problem = bounded(problem);
    }

    /** Longest problem text: a message is one line for a person, never a copy of the input. */
    static final int MAX_PROBLEM_CHARS = 600;

    private static String bounded(String problem) {
        String p = problem == null ? "cannot be read" : problem;
        boolean cut = p.length() > MAX_PROBLEM_CHARS;
        p = (cut ? p.substring(0, MAX_PROBLEM_CHARS) : p).replace("\r\n", " ").replace('\n', ' ').replace('\r', ' ');
        return cut ? p + "..." : p;
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
