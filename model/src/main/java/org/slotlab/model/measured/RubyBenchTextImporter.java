package org.slotlab.model.measured;

import java.io.Reader;
import java.util.ArrayList;
import java.util.List;

/**
 * ruby-bench's {@code output_NNN.txt} and the end of {@code run_benchmarks.rb}'s console log with
 * the default harness (ruby/ruby-bench 09b76c8, lib/benchmark_runner.rb {@code build_output_text}):
 * {@code name: RUBY_DESCRIPTION} per executable, then the results table framed by rows of dashes,
 * whose column widths the dashes give ({@code ----------------  -----------}), read by
 * {@link RubyBenchTable}. A {@code GC summary:} table and the legend after it are not imported.
 */
public final class RubyBenchTextImporter extends NamedImporter {

    public static final String FORMAT = "ruby-bench-text";
    public static final String TOOL = "ruby-bench";

    public RubyBenchTextImporter() {
        super(FORMAT, TOOL);
    }

    @Override
    public boolean canRead(String firstLines) {
        List<String> lines = firstLines.lines().toList();
        if (lines.stream().anyMatch(l -> l.startsWith("Running benchmark \"")) && lines.stream().anyMatch(l -> l.startsWith("itr:"))) {
            return true; // run_benchmarks.rb's console log; its table comes at the end
        }
        for (int i = 0; i + 1 < lines.size(); i++) {
            if (isDashes(lines.get(i)) && lines.get(i + 1).startsWith("bench ") && lines.get(i + 1).contains(" (ms)")) {
                return true;
            }
        }
        return false;
    }

    /** {@code ----------------  -----------}: dashes in groups separated by spaces. */
    static boolean isDashes(String line) {
        if (!line.startsWith("-")) {
            return false;
        }
        for (int c = 0; c < line.length(); c++) {
            if (line.charAt(c) != '-' && line.charAt(c) != ' ') {
                return false;
            }
        }
        return true;
    }

    /** {start, end} of every group of dashes. */
    static List<int[]> spans(String dashes) {
        List<int[]> spans = new ArrayList<>();
        int c = 0;
        while (c < dashes.length()) {
            if (dashes.charAt(c) == '-') {
                int start = c;
                while (c < dashes.length() && dashes.charAt(c) == '-') {
                    c++;
                }
                spans.add(new int[] {start, c});
            } else {
                c++;
            }
        }
        return spans;
    }

    /** The cells of {@code line} under the spans; text outside them means the columns do not line up. */
    static List<String> cells(String line, List<int[]> spans, String source, int n) throws ImportException {
        List<String> cells = new ArrayList<>();
        int prevEnd = 0;
        for (int[] s : spans) {
            if (line.length() > s[0] && !line.substring(prevEnd, Math.min(s[0], line.length())).isBlank()) {
                throw new ImportException(source, n, "expected the cells to line up under the dashes above, found text between "
                        + "the columns in " + TextLines.quote(line));
            }
            cells.add(line.length() <= s[0] ? "" : line.substring(s[0], Math.min(s[1], line.length())));
            prevEnd = s[1];
        }
        if (line.length() > prevEnd && !line.substring(prevEnd).isBlank()) {
            throw new ImportException(source, n, "expected nothing after the last column, found " + TextLines.quote(line.substring(prevEnd)));
        }
        return cells;
    }

    @Override
    public MeasuredSet read(Reader reader, String source) throws ImportException {
        TextLines.Text text = TextLines.readText(reader, source);
        text.requireLastLineEnded(source);
        List<String> lines = text.lines();
        Points points = new Points(source);
        int headerLine = read(lines, source, points, false);
        return points.set(TOOL, FORMAT, executables(lines, headerLine), headerLine,
                "expected at least one benchmark row in the table; is the output truncated?");
    }

    /** The executables described before the table's header line. */
    static List<String> executables(List<String> lines, int headerLine) {
        List<String> exes = new ArrayList<>();
        for (int i = 0; i < headerLine - 1; i++) {
            RubyBenchTable.describedExecutable(lines.get(i)).filter(e -> !exes.contains(e)).ifPresent(exes::add);
        }
        return exes;
    }

    /**
     * Reads the first results table of {@code lines} into {@code points}; returns its header line, or
     * throws when there is none.
     */
    static int read(List<String> lines, String source, Points points, boolean ratiosOnly) throws ImportException {
        for (int i = 0; i + 1 < lines.size(); i++) {
            if (!isDashes(lines.get(i)) || !lines.get(i + 1).startsWith("bench ")) {
                continue;
            }
            if (i > 0 && lines.get(i - 1).strip().equals("GC summary:")) {
                continue;
            }
            List<int[]> spans = spans(lines.get(i));
            int headerLine = i + 2;
            List<String> exes = executables(lines, headerLine);
            List<String> header = cells(lines.get(i + 1), spans, source, headerLine);
            List<List<String>> rows = new ArrayList<>();
            List<Integer> rowLines = new ArrayList<>();
            int r = i + 2;
            for (; r < lines.size() && !isDashes(lines.get(r)); r++) {
                if (lines.get(r).isBlank()) {
                    throw new ImportException(source, r + 1, "expected a row of dashes to close the table, found an empty line; "
                            + "is the table truncated?");
                }
                rows.add(cells(lines.get(r), spans, source, r + 1));
                rowLines.add(r + 1);
            }
            if (r == lines.size()) {
                throw new ImportException(source, lines.size(), "expected a row of dashes to close the table; is the output truncated?");
            }
            RubyBenchTable.read(points, source, exes, header, headerLine, rows, rowLines, ratiosOnly);
            return headerLine;
        }
        throw new ImportException(source, lines.size(), "expected ruby-bench's results table (a row of dashes, then "
                + "'bench   base (ms) ...'), found none; is the output truncated?");
    }
}
