package org.slotlab.model.measured;

import java.io.Reader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * benchmark-driver's {@code --output=markdown} table, with or without {@code --output-compare}.
 * Format as written by lib/benchmark_driver/output/markdown.rb (benchmark-driver/benchmark-driver
 * 6c1f900): a heading {@code # Iteration per second (i/s)} (metric name and unit), a header row
 * {@code |         |compare-ruby|built-ruby|}, a separator {@code |:--------|-----------:|},
 * then one row per job with humanized values ({@code %7.3f} plus k/M/G/T/Q, or {@code ERROR}),
 * and with {@code --output-compare} after each job a row with an empty name holding
 * {@code -} for the worst executable and {@code 1.42x} (value / worst) for the others.
 * Verbose runs print {@code name: ruby ...} description lines first.
 * <p>
 * Also reads the same table as it looks when copied out of a rendered page (bugs.ruby-lang.org),
 * where cells are separated by tabs and the heading and separator are gone; byroot's str_subseq
 * run in Feature #22186 (https://bugs.ruby-lang.org/issues/22186) is such a copy. Without a heading the metric
 * is benchmark-driver's default, the ips runner's "Iteration per second (i/s)".
 */
public final class BenchmarkDriverMarkdownImporter extends NamedImporter {

    public static final String FORMAT = "benchmark-driver-markdown";
    public static final String TOOL = "benchmark-driver";

    private static final Pattern HEADING = Pattern.compile("^# (.+) \\((.+)\\)\\s*$");
    /** markdown.rb compare_executables() writes ratios with {@code %.2fx}. */
    private static final Pattern RATIO = Pattern.compile("(\\d{1,15}\\.\\d\\d)x");
    /** markdown.rb humanize() writes values with {@code %.3f}. */
    static final int HUMANIZE_DECIMALS = 3;
    private static final Pattern WARMING = Pattern.compile("^warming up\\.*\\s*$");
    /** benchmark-driver's ips runner metric (lib/benchmark_driver/runner/ips.rb METRIC). */
    private static final String DEFAULT_METRIC_NAME = "Iteration per second";
    private static final String DEFAULT_UNIT = "i/s";
    /** markdown.rb humanize() prints this for a failed run (Result::ERROR). */
    private static final String ERROR_CELL = "ERROR";
    /** markdown.rb compare_executables() prints this for the worst executable of a row. */
    private static final String WORST_CELL = "-";

    public BenchmarkDriverMarkdownImporter() {
        super(FORMAT, TOOL);
    }

    @Override
    public boolean canRead(String firstLines) {
        List<String> lines = Arrays.asList(firstLines.split("\n", -1));
        boolean pipeTable = lines.stream().anyMatch(l -> l.startsWith("|:-"));
        boolean tabTable = lines.stream().anyMatch(l -> WARMING.matcher(l).matches())
                && lines.stream().anyMatch(l -> l.startsWith("\t") && !l.isBlank());
        return pipeTable || tabTable;
    }

    @Override
    public MeasuredSet read(Reader reader, String source) throws ImportException {
        TextLines.Text text = TextLines.readText(reader, source);
        text.requireLastLineEnded(source);
        List<String> lines = text.lines();
        String metricName = DEFAULT_METRIC_NAME;
        String unit = DEFAULT_UNIT;
        int i = 0;
        Boolean pipes = null;
        List<String> executables = null;
        for (; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher h = HEADING.matcher(line);
            if (h.matches()) {
                metricName = h.group(1);
                unit = h.group(2);
            } else if (line.startsWith("|")) {
                pipes = true;
                executables = headerCells(splitPipes(line, source, i + 1), source, i + 1);
                break;
            } else if (line.startsWith("\t") && !line.isBlank()) {
                pipes = false;
                executables = headerCells(Arrays.asList(line.split("\t", -1)), source, i + 1);
                break;
            }
        }
        if (executables == null) {
            throw new ImportException(source, lines.size(), "expected a benchmark-driver markdown table header like "
                    + "'|    |compare-ruby|built-ruby|', found none");
        }
        String metric = metricKey(metricName);
        boolean largerBetter = !metric.equals(Metric.TIME) && !metric.equals(Metric.MAX_RSS);
        int headerLine = i + 1;
        i++;
        if (pipes && i < lines.size() && isSeparator(lines.get(i))) {
            i++;
        } else if (pipes) {
            throw new ImportException(source, i + 1, "expected the separator row '|:---|---:|' after the header on line " + headerLine);
        }
        Points points = new Points(source);
        String lastJob = null;
        boolean lastWasValues = false;
        int rows = 0;
        int errors = 0;
        for (; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                break;
            }
            int n = i + 1;
            if (pipes && !line.startsWith("|")) {
                break;
            }
            List<String> cells = pipes ? splitPipes(line, source, n) : Arrays.asList(line.split("\t", -1));
            if (cells.size() != executables.size() + 1) {
                throw new ImportException(source, n, "expected " + executables.size() + " cells (one per executable: "
                        + String.join(", ", executables) + "), found " + (cells.size() - 1) + "; is the table truncated?");
            }
            String job = cells.get(0).strip();
            if (!job.isEmpty()) {
                for (int e = 0; e < executables.size(); e++) {
                    String cell = cells.get(e + 1).strip();
                    if (cell.equals(ERROR_CELL)) {
                        errors++;
                        continue;
                    }
                    double v = TextLines.scaledExact(cell, TextLines.DRIVER_SUFFIXES, HUMANIZE_DECIMALS);
                    if (Double.isNaN(v)) {
                        throw new ImportException(source, n, "expected a value like 52.254M (3 decimals, as benchmark-driver "
                                + "writes them) or ERROR for " + job + " on " + executables.get(e) + ", found "
                                + TextLines.quote(cell) + "; is the value cut short?");
                    }
                    points.add(n, job, executables.get(e), metric, v, unit);
                }
                lastJob = job;
                lastWasValues = true;
                rows++;
            } else {
                if (!lastWasValues) {
                    throw new ImportException(source, n, "expected a job row (name and values) before this --output-compare row");
                }
                for (int e = 0; e < executables.size(); e++) {
                    String cell = cells.get(e + 1).strip();
                    if (cell.equals(WORST_CELL)) {
                        continue;
                    }
                    Matcher r = RATIO.matcher(cell);
                    if (!r.matches()) {
                        throw new ImportException(source, n, "expected '-' or a ratio like 1.42x for " + lastJob + " on "
                                + executables.get(e) + ", found " + TextLines.quote(cell));
                    }
                    double ratio = Double.parseDouble(r.group(1));
                    if (ratio == 0) {
                        throw new ImportException(source, n, "expected a ratio above 0 for " + lastJob + " on "
                                + executables.get(e) + ", found " + TextLines.quote(cell));
                    }
                    points.add(n, lastJob, executables.get(e), Metric.SPEED_RATIO, largerBetter ? ratio : 1 / ratio,
                            Metric.UNIT_RATIO);
                }
                lastWasValues = false;
            }
        }
        if (rows == 0) {
            throw new ImportException(source, Math.min(i + 1, lines.size()), "expected at least one job row after the header on line "
                    + headerLine + "; is the table truncated?");
        }
        for (; i < lines.size(); i++) {
            if (!lines.get(i).isBlank()) {
                throw new ImportException(source, i + 1, "expected nothing after the table, found " + TextLines.quote(lines.get(i))
                        + "; is this two outputs in one file?");
            }
        }
        return points.set(TOOL, FORMAT, executables, headerLine, "every value in the table is " + ERROR_CELL + " (" + errors
                + " cells): benchmark-driver measured nothing, so there is nothing to import");
    }

    /** {@code |:---|---:|}: only pipes, dashes and colons. */
    private static boolean isSeparator(String line) {
        String t = line.strip();
        if (!t.startsWith("|:-") && !t.startsWith("|-")) {
            return false;
        }
        for (int c = 0; c < t.length(); c++) {
            if ("|:-".indexOf(t.charAt(c)) < 0) {
                return false;
            }
        }
        return true;
    }

    /** benchmark-driver metric names to ours: "Iteration per second" -> ips, "Execution time" -> time. */
    static String metricKey(String metricName) {
        return switch (metricName) {
            case "Iteration per second" -> Metric.IPS;
            case "Execution time" -> Metric.TIME;
            case "Max resident set size" -> Metric.MAX_RSS;
            default -> metricName.strip().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_").replaceAll("^_|_$", "");
        };
    }

    static List<String> headerCells(List<String> cells, String source, int line) throws ImportException {
        List<String> names = new ArrayList<>();
        for (String c : cells.subList(1, cells.size())) {
            String name = c.strip();
            if (name.isEmpty()) {
                throw new ImportException(source, line, "expected an executable name in every header cell, found an empty one");
            }
            Points.checkName(source, line, name, "executable");
            int first = names.indexOf(name);
            if (first >= 0) {
                throw new ImportException(source, line, "executable " + TextLines.quote(name) + " heads two columns (column "
                        + (first + 1) + " and column " + (names.size() + 1) + "); each executable may appear once");
            }
            names.add(name);
        }
        if (names.isEmpty()) {
            throw new ImportException(source, line, "expected at least one executable in the header row");
        }
        return names;
    }

    /** Cells of {@code |a|b|c|}: ["a","b","c"]; a row without the closing '|' was cut off. */
    private static List<String> splitPipes(String line, String source, int n) throws ImportException {
        String t = line.stripTrailing();
        if (t.length() < 2 || !t.endsWith("|")) {
            throw new ImportException(source, n, "expected the row to end with '|'; is the table truncated?");
        }
        return Arrays.asList(t.substring(1, t.length() - 1).split("\\|", -1));
    }
}
