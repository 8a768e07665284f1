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
 * where cells are separated by tabs and the heading and separator are gone; 
 * Feature #22186 (https://bugs.ruby-lang.org/issues/22186) (byroot's str_subseq run) is such a copy. Without a heading the metric
 * is benchmark-driver's default, the ips runner's "Iteration per second (i/s)".
 */
public final class BenchmarkDriverMarkdownImporter implements Importer {

    public static final String FORMAT = "benchmark-driver-markdown";
    public static final String TOOL = "benchmark-driver";

    private static final Pattern HEADING = Pattern.compile("^# (.+) \\((.+)\\)\\s*$");
    private static final Pattern SEPARATOR = Pattern.compile("^\\|:?-+(\\|-*:?)*\\|?\\s*$");
    private static final Pattern RATIO = Pattern.compile("(\\d+(?:\\.\\d+)?)x");
    private static final Pattern WARMING = Pattern.compile("^warming up\\.*\\s*$");
    /** benchmark-driver's ips runner metric (lib/benchmark_driver/runner/ips.rb METRIC). */
    private static final String DEFAULT_METRIC_NAME = "Iteration per second";
    private static final String DEFAULT_UNIT = "i/s";
    /** markdown.rb humanize() prints this for a failed run (Result::ERROR). */
    private static final String ERROR_CELL = "ERROR";
    /** markdown.rb compare_executables() prints this for the worst executable of a row. */
    private static final String WORST_CELL = "-";

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public String tool() {
        return TOOL;
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
        List<String> lines = TextLines.read(reader, source);
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
        int headerLine = i + 1;
        i++;
        if (pipes && i < lines.size() && SEPARATOR.matcher(lines.get(i)).matches()) {
            i++;
        } else if (pipes) {
            throw new ImportException(source, i + 1, "expected the separator row '|:---|---:|' after the header on line " + headerLine);
        }
        List<MeasuredPoint> points = new ArrayList<>();
        String lastJob = null;
        boolean lastWasValues = false;
        int rows = 0;
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
                        continue;
                    }
                    double v = TextLines.scaled(cell, TextLines.DRIVER_SUFFIXES);
                    if (Double.isNaN(v)) {
                        throw new ImportException(source, n, "expected a value like 52.254M or ERROR for " + job + " on "
                                + executables.get(e) + ", found '" + cell + "'");
                    }
                    points.add(MeasuredPoint.of(job, executables.get(e), metric, v, unit));
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
                                + executables.get(e) + ", found '" + cell + "'");
                    }
                    points.add(MeasuredPoint.of(lastJob, executables.get(e), Metric.SPEED_RATIO,
                            Double.parseDouble(r.group(1)), Metric.UNIT_RATIO));
                }
                lastWasValues = false;
            }
        }
        if (rows == 0) {
            throw new ImportException(source, Math.min(i + 1, lines.size()), "expected at least one job row after the header on line "
                    + headerLine + "; is the table truncated?");
        }
        return new MeasuredSet(source, TOOL, FORMAT, executables, points);
    }

    /** benchmark-driver metric names to ours: "Iteration per second" -> ips, "Execution time" -> time. */
    static String metricKey(String metricName) {
        return switch (metricName) {
            case "Iteration per second" -> Metric.IPS;
            case "Execution time" -> Metric.TIME;
            default -> metricName.strip().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_").replaceAll("^_|_$", "");
        };
    }

    private static List<String> headerCells(List<String> cells, String source, int line) throws ImportException {
        List<String> names = new ArrayList<>();
        for (String c : cells.subList(1, cells.size())) {
            String name = c.strip();
            if (name.isEmpty()) {
                throw new ImportException(source, line, "expected an executable name in every header cell, found an empty one");
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
