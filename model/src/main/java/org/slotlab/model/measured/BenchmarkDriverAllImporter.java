package org.slotlab.model.measured;

import java.io.Reader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * benchmark-driver's {@code -o all} output (lib/benchmark_driver/output/all.rb,
 * benchmark-driver/benchmark-driver 6c1f900), which shows every value of {@code --repeat-count}
 * runs and redraws a job's rows on a terminal as each executable finishes: a carriage return, or
 * {@code ESC [ n F} (cursor n lines up). The text is first played back as a terminal would show it
 * (no other control sequence is accepted), then read: after {@code Calculating}, the executables'
 * names, then per job one row {@code NAME V1 .. Vk UNIT} and one row {@code V1 .. Vk} for each
 * further repeat. The imported value per job and executable is the best of the repeats (the
 * largest i/s, the smallest time or memory), which is what benchmark-driver reports by default
 * ({@code --repeat-result best}); {@code ns_per_op} and {@code speed_ratio} against the first
 * executable follow as for {@link BenchmarkDriverCompareImporter}.
 */
public final class BenchmarkDriverAllImporter extends NamedImporter {

    public static final String FORMAT = "benchmark-driver-all";
    public static final String TOOL = "benchmark-driver";
    private static final char ESC = '\u001b';

    public BenchmarkDriverAllImporter() {
        super(FORMAT, TOOL);
    }

    @Override
    public boolean canRead(String firstLines) {
        return firstLines.contains(BenchmarkDriverCompareImporter.CALCULATING) && !firstLines.contains("i/100ms")
                && !firstLines.contains(" times in ") && (firstLines.indexOf('\r') > 0 || firstLines.indexOf(ESC) >= 0);
    }

    /** The lines as a terminal shows them once all carriage returns and cursor movements are played. */
    static List<String> screen(List<String> lines, String source) throws ImportException {
        List<StringBuilder> rows = new ArrayList<>();
        int row = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int col = 0;
            for (int c = 0; c < line.length(); c++) {
                char ch = line.charAt(c);
                if (ch == '\r') {
                    col = 0;
                } else if (ch == ESC) {
                    int end = c + 2;
                    while (end < line.length() && Character.isDigit(line.charAt(end))) {
                        end++;
                    }
                    if (c + 1 >= line.length() || line.charAt(c + 1) != '[' || end >= line.length() || line.charAt(end) != 'F'
                            || end == c + 2 || end - c > 8) {
                        throw new ImportException(source, i + 1, "expected only the terminal control 'ESC [ n F' (cursor up) that "
                                + "benchmark-driver -o all writes, found another control sequence");
                    }
                    row -= Integer.parseInt(line.substring(c + 2, end));
                    if (row < 0) {
                        throw new ImportException(source, i + 1, "the cursor moves above the first line; is the output cut at its start?");
                    }
                    col = 0;
                    c = end;
                } else {
                    while (rows.size() <= row) {
                        rows.add(new StringBuilder());
                    }
                    StringBuilder r = rows.get(row);
                    while (r.length() < col) {
                        r.append(' ');
                    }
                    if (col < r.length()) {
                        r.setCharAt(col, ch);
                    } else {
                        r.append(ch);
                    }
                    col++;
                }
            }
            row++;
            while (rows.size() < row) {
                rows.add(new StringBuilder());
            }
        }
        List<String> out = new ArrayList<>();
        rows.forEach(r -> out.add(r.toString()));
        return out;
    }

    @Override
    public MeasuredSet read(Reader reader, String source) throws ImportException {
        TextLines.Text text = TextLines.readText(reader, source);
        text.requireLastLineEnded(source);
        List<String> lines = screen(text.lines(), source);
        int i = 0;
        while (i < lines.size() && !lines.get(i).startsWith(BenchmarkDriverCompareImporter.CALCULATING)) {
            i++;
        }
        if (i == lines.size()) {
            throw new ImportException(source, lines.size(), "expected benchmark-driver's 'Calculating ---' block, found none; "
                    + "is the output truncated?");
        }
        int calculatingLine = ++i;
        List<String> executables = List.of(IpsJsonImporter.EXECUTABLE);
        if (i < lines.size() && !lines.get(i).isBlank() && Arrays.stream(lines.get(i).strip().split("\\s+"))
                .allMatch(t -> Double.isNaN(TextLines.decimal(t)))) {
            List<String> cells = new ArrayList<>();
            cells.add("");
            cells.addAll(Arrays.asList(lines.get(i).strip().split("\\s+")));
            executables = BenchmarkDriverMarkdownImporter.headerCells(cells, source, i + 1);
            i++;
        }
        int k = executables.size();
        Points points = new Points(source);
        String job = null;
        String unit = null;
        int jobLine = 0;
        double[] best = null;
        for (; i <= lines.size(); i++) {
            String line = i < lines.size() ? lines.get(i) : "";
            String[] t = line.strip().split("\\s+");
            boolean values = !line.isBlank() && t.length == k && Arrays.stream(t).noneMatch(v -> Double.isNaN(TextLines.decimal(v)));
            if (values && job != null) {
                merge(best, t, unit);
                continue;
            }
            if (job != null) {
                add(points, jobLine, job, executables, unit, best);
                job = null;
            }
            if (line.isBlank()) {
                if (i < lines.size() && points.isEmpty()) {
                    continue;
                }
                break;
            }
            if (t.length < k + 2) {
                throw new ImportException(source, i + 1, "expected a job name, " + k + " value(s) and a unit, found "
                        + TextLines.quote(line) + "; is the output truncated?");
            }
            job = Points.checkName(source, i + 1, String.join(" ", Arrays.copyOfRange(t, 0, t.length - k - 1)), "benchmark");
            unit = t[t.length - 1];
            jobLine = i + 1;
            best = new double[k];
            Arrays.fill(best, Double.NaN);
            merge(best, Arrays.copyOfRange(t, t.length - k - 1, t.length - 1), unit);
            for (double b : best) {
                if (Double.isNaN(b)) {
                    throw new ImportException(source, i + 1, "expected " + k + " numbers before the unit, found " + TextLines.quote(line));
                }
            }
        }
        return points.set(TOOL, FORMAT, executables, calculatingLine, "expected job rows after 'Calculating', found none; "
                + "is the output truncated?");
    }

    /** Keeps the best value per executable: the largest for i/s, the smallest otherwise. */
    private static void merge(double[] best, String[] cells, String unit) {
        for (int e = 0; e < best.length; e++) {
            double v = TextLines.decimal(cells[e]);
            if (Double.isNaN(best[e]) || (unit.equals(Metric.UNIT_IPS) ? v > best[e] : v < best[e])) {
                best[e] = v;
            }
        }
    }

    private static void add(Points points, int line, String job, List<String> executables, String unit, double[] best)
            throws ImportException {
        String metric = switch (unit) {
            case Metric.UNIT_IPS -> Metric.IPS;
            case Metric.UNIT_S -> Metric.TIME;
            case Metric.UNIT_BYTES -> Metric.MAX_RSS;
            default -> throw new ImportException(points.source(), line, "unknown unit " + TextLines.quote(unit)
                    + "; benchmark-driver's runners print i/s (ips), s (time) or bytes (memory)");
        };
        for (int e = 0; e < executables.size(); e++) {
            points.add(line, job, executables.get(e), metric, best[e], unit);
            if (metric.equals(Metric.IPS) && best[e] > 0) {
                points.add(line, job, executables.get(e), Metric.NS_PER_OP, IpsJsonImporter.NS_PER_SECOND / best[e], Metric.UNIT_NS);
                if (e > 0 && best[0] > 0) {
                    points.add(line, job, executables.get(e), Metric.SPEED_RATIO, best[e] / best[0], Metric.UNIT_RATIO);
                }
            } else if (metric.equals(Metric.TIME) && e > 0 && best[e] > 0) {
                points.add(line, job, executables.get(e), Metric.SPEED_RATIO, best[0] / best[e], Metric.UNIT_RATIO);
            }
        }
    }
}
