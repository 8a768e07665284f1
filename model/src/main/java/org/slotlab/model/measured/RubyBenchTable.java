package org.slotlab.model.measured;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The results table of ruby-bench's {@code run_benchmarks.rb} (lib/results_table_builder.rb,
 * ruby/ruby-bench 09b76c8), as its CSV, its text file and its console log show it. Columns, read
 * by meaning: {@code bench}; {@code <exe> (ms)}, the mean iteration time with the relative standard
 * deviation ({@code 22.2 ± 0.6%}: points {@code ms} and {@code ms_rsd_pct}); {@code RSS (MiB)}
 * after an executable's time column, that executable's RSS ({@code --rss}; point {@code rss} in
 * bytes); {@code <exe> 1st itr}, base time / that executable's time in the first iteration
 * ({@code speed_ratio_1st_itr}); {@code <base>/<exe>}, base time / that executable's time, above 1
 * = faster ({@code speed_ratio}; a significance mark such as {@code (**)} is dropped);
 * {@code RSS <base>/<exe>} ({@code rss_ratio}); {@code p-value} of the comparison before it
 * ({@code --pvalue}; point {@code p_value}) and {@code sig}, which repeats it in words. The
 * first executable is the base, as in the tool.
 */
final class RubyBenchTable {

    private static final double BYTES_PER_MIB = 1024.0 * 1024.0;
    private static final String PLUS_MINUS = " \u00b1 ";

    /** What one column holds. */
    private record Column(String exe, String metric, String unit, boolean withRsd, double scale) {
    }

    private RubyBenchTable() {
    }

    /**
     * Adds the points of the table's rows to {@code points}; {@code ratiosOnly} keeps only the
     * ratio columns (for a console log whose times come from the runs themselves).
     */
    static void read(Points points, String source, List<String> executables, List<String> header, int headerLine,
                     List<List<String>> rows, List<Integer> rowLines, boolean ratiosOnly) throws ImportException {
        if (header.isEmpty() || !header.get(0).strip().equals("bench")) {
            throw new ImportException(source, headerLine, "expected the table header to start with 'bench', found "
                    + TextLines.quote(header.isEmpty() ? "" : header.get(0)));
        }
        List<Column> columns = new ArrayList<>();
        columns.add(null);
        String lastExe = null;
        String lastCompared = null;
        for (int c = 1; c < header.size(); c++) {
            String h = header.get(c).strip();
            for (int d = 1; d < c; d++) {
                if (header.get(d).strip().equals(h) && !h.equals("RSS (MiB)")) {
                    throw new ImportException(source, headerLine, "column " + TextLines.quote(h) + " appears twice (column " + (d + 1)
                            + " and column " + (c + 1) + "); each column may appear once");
                }
            }
            Column col;
            if (h.endsWith(" (ms)")) {
                lastExe = exe(h.substring(0, h.length() - 5), executables, source, headerLine);
                col = new Column(lastExe, Metric.MS, Metric.UNIT_MS, true, 1);
            } else if (h.equals("RSS (MiB)")) {
                if (lastExe == null) {
                    throw new ImportException(source, headerLine, "expected an executable's time column before 'RSS (MiB)'");
                }
                col = new Column(lastExe, Metric.RSS, Metric.UNIT_BYTES, true, BYTES_PER_MIB);
            } else if (h.endsWith(" 1st itr")) {
                col = new Column(exe(h.substring(0, h.length() - 8), executables, source, headerLine), "speed_ratio_1st_itr",
                        Metric.UNIT_RATIO, false, 1);
            } else if (h.startsWith("RSS ") && h.contains("/")) {
                col = new Column(other(h.substring(4), executables, source, headerLine), "rss_ratio", Metric.UNIT_RATIO, false, 1);
            } else if (h.contains("/")) {
                lastCompared = other(h, executables, source, headerLine);
                col = new Column(lastCompared, Metric.SPEED_RATIO, Metric.UNIT_RATIO, false, 1);
            } else if (h.equals("p-value")) {
                if (lastCompared == null) {
                    throw new ImportException(source, headerLine, "expected a 'base/other' column before 'p-value'");
                }
                col = new Column(lastCompared, "p_value", "", false, 1);
            } else if (h.equals("sig")) {
                col = null;
            } else {
                throw new ImportException(source, headerLine, "unknown column " + TextLines.quote(h) + "; ruby-bench's table has "
                        + "bench, <exe> (ms), RSS (MiB), <exe> 1st itr, <base>/<exe>, RSS <base>/<exe>, p-value and sig");
            }
            if (ratiosOnly && col != null && !col.unit().equals(Metric.UNIT_RATIO)) {
                col = null;
            }
            columns.add(col);
        }
        for (int r = 0; r < rows.size(); r++) {
            List<String> cells = rows.get(r);
            int n = rowLines.get(r);
            if (cells.size() != header.size()) {
                throw new ImportException(source, n, "expected " + header.size() + " cells (" + String.join(", ", header.stream()
                        .map(String::strip).toList()) + "), found " + cells.size() + "; is the table truncated?");
            }
            String bench = points.name(cells.get(0).strip(), "benchmark", n);
            for (int c = 1; c < cells.size(); c++) {
                Column col = columns.get(c);
                String cell = cells.get(c).strip();
                if (col == null || cell.isEmpty()) {
                    continue;
                }
                if (col.withRsd()) {
                    int pm = cell.indexOf(PLUS_MINUS);
                    double v = decimal(pm < 0 ? cell : cell.substring(0, pm), header.get(c), source, n);
                    points.add(n, bench, col.exe(), col.metric(), v * col.scale(), col.unit());
                    if (pm >= 0) {
                        String rsd = cell.substring(pm + PLUS_MINUS.length());
                        if (!rsd.endsWith("%")) {
                            throw new ImportException(source, n, "expected '" + cell.substring(0, pm) + " \u00b1 N%' in "
                                    + TextLines.quote(header.get(c)) + ", found " + TextLines.quote(cell) + "; is the table truncated?");
                        }
                        points.add(n, bench, col.exe(), col.metric() + "_rsd_pct",
                                decimal(rsd.substring(0, rsd.length() - 1), header.get(c), source, n), Metric.UNIT_PERCENT);
                    }
                } else {
                    String v = cell;
                    int mark = v.indexOf(" (");
                    if (mark > 0 && v.endsWith(")") && v.substring(mark + 2, v.length() - 1).chars().allMatch(ch -> ch == '*')) {
                        v = v.substring(0, mark);
                    }
                    points.add(n, bench, col.exe(), col.metric(), decimal(v, header.get(c), source, n), col.unit());
                }
            }
        }
    }

    private static double decimal(String text, String column, String source, int line) throws ImportException {
        double v = TextLines.decimal(text);
        if (Double.isNaN(v)) {
            throw new ImportException(source, line, "expected a number in column " + TextLines.quote(column.strip()) + ", found "
                    + TextLines.quote(text));
        }
        return v;
    }

    /** An executable named in a column header, which must be one of the described executables. */
    private static String exe(String name, List<String> executables, String source, int line) throws ImportException {
        if (!executables.contains(name)) {
            throw new ImportException(source, line, "column names executable " + TextLines.quote(name)
                    + ", which is not among the executables listed above the table (" + String.join(", ", executables) + ")");
        }
        return name;
    }

    /** The other executable of a {@code base/other} header; base must be the first executable. */
    private static String other(String h, List<String> executables, String source, int line) throws ImportException {
        if (executables.isEmpty()) {
            throw new ImportException(source, line, "expected the executables to be listed above the table");
        }
        String base = executables.get(0);
        if (!h.startsWith(base + "/")) {
            throw new ImportException(source, line, "expected a ratio column '" + base + "/<exe>' (base first), found " + TextLines.quote(h));
        }
        return exe(h.substring(base.length() + 1), executables, source, line);
    }

    /** {@code name: description} or {@code name,description} lines: the executables in order. */
    static Optional<String> describedExecutable(String line) {
        int colon = line.indexOf(": ruby ");
        if (colon > 0 && !line.startsWith(" ") && !line.substring(0, colon).contains(" ")) {
            return Optional.of(line.substring(0, colon));
        }
        return Optional.empty();
    }
}
