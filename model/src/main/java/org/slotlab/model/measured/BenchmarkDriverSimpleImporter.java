package org.slotlab.model.measured;

import java.io.Reader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * benchmark-driver's {@code -o simple} output (lib/benchmark_driver/output/simple.rb,
 * benchmark-driver/benchmark-driver 6c1f900): {@code warming up...}, the metric as
 * {@code Iteration per second (i/s):}, with several executables a row of their names, then one row
 * per job, the name left-aligned and one value per executable ({@code %.3f} with k/M/G/T/Q, or
 * the plain number with {@code --output-humanize false}). Points: the metric per job and executable
 * ({@code ips}, {@code time}, {@code max_rss}), {@code ns_per_op} = 10^9 / ips for the ips runner,
 * and {@code speed_ratio} of every executable after the first against the first (above 1 = faster).
 */
public final class BenchmarkDriverSimpleImporter extends NamedImporter {

    public static final String FORMAT = "benchmark-driver-simple";
    public static final String TOOL = "benchmark-driver";

    public BenchmarkDriverSimpleImporter() {
        super(FORMAT, TOOL);
    }

    @Override
    public boolean canRead(String firstLines) {
        List<String> lines = firstLines.lines().toList();
        for (int i = 0; i + 1 < lines.size(); i++) {
            if (lines.get(i).startsWith("warming up") && heading(lines.get(i + 1)) != null) {
                return true;
            }
        }
        return false;
    }

    /** {@code Iteration per second (i/s):} as {name, unit}, or null. */
    private static String[] heading(String line) {
        if (!line.endsWith("):") || line.startsWith(" ") || line.startsWith("#")) {
            return null;
        }
        int open = line.lastIndexOf(" (");
        return open <= 0 ? null : new String[] {line.substring(0, open), line.substring(open + 2, line.length() - 2)};
    }

    @Override
    public MeasuredSet read(Reader reader, String source) throws ImportException {
        TextLines.Text text = TextLines.readText(reader, source);
        text.requireLastLineEnded(source);
        List<String> lines = text.lines();
        int i = 0;
        String[] head = null;
        for (; i < lines.size() && head == null; i++) {
            head = heading(lines.get(i));
        }
        if (head == null) {
            throw new ImportException(source, lines.size(), "expected a heading like 'Iteration per second (i/s):', found none");
        }
        int headingLine = i;
        String metric = BenchmarkDriverMarkdownImporter.metricKey(head[0]);
        boolean larger = !metric.equals(Metric.TIME) && !metric.equals(Metric.MAX_RSS);
        List<String> executables = List.of(IpsJsonImporter.EXECUTABLE);
        if (i < lines.size() && lines.get(i).startsWith(" ")) {
            List<String> cells = new ArrayList<>();
            cells.add("");
            cells.addAll(Arrays.asList(lines.get(i).strip().split("\\s+")));
            executables = BenchmarkDriverMarkdownImporter.headerCells(cells, source, i + 1);
            i++;
        }
        int k = executables.size();
        Points points = new Points(source);
        for (; i < lines.size() && !lines.get(i).isBlank(); i++) {
            int n = i + 1;
            String[] t = lines.get(i).strip().split("\\s+");
            if (t.length < k + 1) {
                throw new ImportException(source, n, "expected a job name and " + k + " value(s), found " + TextLines.quote(lines.get(i))
                        + "; is the output truncated?");
            }
            String job = String.join(" ", Arrays.copyOfRange(t, 0, t.length - k));
            double base = Double.NaN;
            for (int e = 0; e < k; e++) {
                String cell = t[t.length - k + e];
                if (cell.equals("ERROR")) {
                    continue;
                }
                double v = BenchmarkDriverCompareImporter.value(cell);
                if (Double.isNaN(v)) {
                    v = cell.contains(".") && !cell.matches(".*[kMGTQ]$") ? TextLines.decimal(cell) : Double.NaN;
                }
                if (Double.isNaN(v)) {
                    throw new ImportException(source, n, "expected a value like 6.043M (3 decimals) or ERROR for " + job + " on "
                            + executables.get(e) + ", found " + TextLines.quote(cell) + "; is the value cut short?");
                }
                points.add(n, job, executables.get(e), metric, v, head[1]);
                if (metric.equals(Metric.IPS) && v > 0) {
                    points.add(n, job, executables.get(e), Metric.NS_PER_OP, IpsJsonImporter.NS_PER_SECOND / v, Metric.UNIT_NS);
                }
                if (e == 0) {
                    base = v;
                } else if (base > 0 && v > 0 && !metric.equals(Metric.MAX_RSS)) {
                    points.add(n, job, executables.get(e), Metric.SPEED_RATIO, larger ? v / base : base / v, Metric.UNIT_RATIO);
                }
            }
        }
        for (; i < lines.size(); i++) {
            if (!lines.get(i).isBlank()) {
                throw new ImportException(source, i + 1, "expected nothing after the table, found " + TextLines.quote(lines.get(i)));
            }
        }
        return points.set(TOOL, FORMAT, executables, headingLine, "expected at least one job row with a value after the heading on line "
                + headingLine + "; is the output truncated, or is every value ERROR?");
    }
}
