package org.slotlab.model.measured;

import java.io.Reader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * benchmark-driver's default output, {@code -o compare}, which is what CRuby's {@code make benchmark}
 * prints (lib/benchmark_driver/output/compare.rb, benchmark-driver/benchmark-driver 6c1f900):
 * <pre>
 * Warming up --------------------------------------
 *               size16     9.089M i/s -      3.037M times in 0.334109s (110.02ns/i, 285clocks/i)
 * Calculating -------------------------------------
 *                      compare-ruby  built-ruby
 *               size16      9.512M     17.012M i/s -     27.268M times in 2.866637s 1.602866s
 *
 * Comparison:
 *                               size16
 *           built-ruby:  17012063.5 i/s
 *         compare-ruby:   9512233.2 i/s - 1.79x  slower
 * </pre>
 * With one executable there is no header row, a row ends with {@code (110.02ns/i, 285clocks/i)}
 * and the Comparison block compares the jobs. A job name longer than the name column is printed on
 * a line of its own, its values on the next. The unit after the values names the metric: the ips
 * runner's {@code i/s} (points {@code ips} and {@code ns_per_op} = 10^9 / ips), the time runner's
 * {@code s} ({@code time} and, from the durations and the loop count, {@code ns_per_op}), the memory
 * runner's {@code bytes} ({@code max_rss}). A value comes from the Comparison block where that has
 * more digits ({@code 17012063.5} rather than {@code 17.012M}). The first executable is the base:
 * every other one gets {@code speed_ratio}, how many times faster it ran than the base (above 1 =
 * faster), as benchmark-driver's own {@code compare-ruby}/{@code built-ruby} order means it.
 * Verbose runs ({@code -v}) first list {@code name: ruby ...} descriptions; with one executable
 * that is where its name comes from (otherwise it is {@value IpsJsonImporter#EXECUTABLE}).
 */
public final class BenchmarkDriverCompareImporter extends NamedImporter {

    public static final String FORMAT = "benchmark-driver-compare";
    public static final String TOOL = "benchmark-driver";

    static final String WARMING_UP = "Warming up ------";
    static final String CALCULATING = "Calculating ------";
    private static final String COMPARISON = "Comparison:";
    private static final String ERROR_CELL = "ERROR";

    public BenchmarkDriverCompareImporter() {
        super(FORMAT, TOOL);
    }

    @Override
    public boolean canRead(String firstLines) {
        return firstLines.contains(CALCULATING) && !firstLines.contains("i/100ms") && !firstLines.contains("(\u00b1")
                && firstLines.indexOf('\u001b') < 0 && firstLines.lines().anyMatch(l -> l.contains(" times in ") || l.endsWith(" times"));
    }

    /** Metric, unit and direction of a unit printed after the values. */
    private record Kind(String metric, String unit, boolean largerBetter) {
    }

    private static Kind kind(String unit, String source, int line) throws ImportException {
        return switch (unit) {
            case "i/s" -> new Kind(Metric.IPS, Metric.UNIT_IPS, true);
            case "s" -> new Kind(Metric.TIME, Metric.UNIT_S, false);
            case "bytes" -> new Kind(Metric.MAX_RSS, Metric.UNIT_BYTES, false);
            default -> throw new ImportException(source, line, "unknown unit " + TextLines.quote(unit)
                    + "; benchmark-driver's runners print i/s (ips), s (time) or bytes (memory)");
        };
    }

    /** One job row of the Calculating block. */
    private record Row(String job, List<String> cells, String unit, long loops, List<Double> durations, double nsPerOp, int line) {
    }

    @Override
    public MeasuredSet read(Reader reader, String source) throws ImportException {
        TextLines.Text text = TextLines.readText(reader, source);
        text.requireLastLineEnded(source);
        List<String> lines = text.lines();
        int i = 0;
        List<String> described = new ArrayList<>();
        while (i < lines.size() && !lines.get(i).startsWith(CALCULATING)) {
            String l = lines.get(i);
            int colon = l.indexOf(": ruby ");
            if (colon > 0 && !l.startsWith(" ") && !l.substring(0, colon).contains(" ")) {
                described.add(l.substring(0, colon));
            }
            i++;
        }
        if (i == lines.size()) {
            throw new ImportException(source, lines.size(), "expected benchmark-driver's 'Calculating ---' block, found none; "
                    + "is the output truncated?");
        }
        int calculatingLine = i + 1;
        i++;
        List<String> executables = null;
        List<Row> rows = new ArrayList<>();
        String pendingName = null;
        for (; i < lines.size() && !lines.get(i).isBlank(); i++) {
            String line = lines.get(i);
            int n = i + 1;
            if (!line.contains(" - ") && rows.isEmpty() && executables == null && pendingName == null && line.startsWith(" ")
                    && looksLikeHeader(line)) {
                executables = Arrays.asList(line.strip().split("\\s+"));
                for (int e = 0; e < executables.size(); e++) {
                    if (executables.subList(0, e).contains(executables.get(e))) {
                        throw new ImportException(source, n, "executable " + TextLines.quote(executables.get(e))
                                + " heads two columns; each executable may appear once");
                    }
                    Points.checkName(source, n, executables.get(e), "executable");
                }
                continue;
            }
            int k = executables == null ? 1 : executables.size();
            if (!line.strip().contains(" ") && !startsWithValue(line)) {
                if (pendingName != null) {
                    throw new ImportException(source, n, "expected the values of job " + TextLines.quote(pendingName)
                            + " after its name, found another name; is the output truncated?");
                }
                pendingName = line.strip();
                continue;
            }
            rows.add(row(line, pendingName, k, source, n));
            pendingName = null;
        }
        if (pendingName != null) {
            throw new ImportException(source, i, "expected the values of job " + TextLines.quote(pendingName)
                    + " after its name; is the output truncated?");
        }
        if (rows.isEmpty()) {
            throw new ImportException(source, calculatingLine, "expected job rows after 'Calculating', found none; is the output truncated?");
        }
        if (executables == null) {
            executables = List.of(described.size() == 1 ? described.get(0) : IpsJsonImporter.EXECUTABLE);
        }
        Map<String, Map<String, String>> compared = comparison(lines, i, executables.size() > 1, source);
        Kind kind = kind(rows.get(0).unit(), source, rows.get(0).line());
        Points points = new Points(source);
        int errors = 0;
        for (Row r : rows) {
            if (!r.unit().equals(rows.get(0).unit())) {
                throw new ImportException(source, r.line(), "expected the unit " + rows.get(0).unit() + " of line " + rows.get(0).line()
                        + ", found " + TextLines.quote(r.unit()) + "; one run has one metric");
            }
            Map<String, Double> values = new LinkedHashMap<>();
            for (int e = 0; e < executables.size(); e++) {
                String exe = executables.get(e);
                String cell = r.cells().get(e);
                if (cell.equals(ERROR_CELL)) {
                    errors++;
                    continue;
                }
                double v = value(cell);
                if (Double.isNaN(v)) {
                    throw new ImportException(source, r.line(), "expected a value like 9.512M (3 decimals, as benchmark-driver "
                            + "writes them) or ERROR for " + r.job() + " on " + exe + ", found " + TextLines.quote(cell)
                            + "; is the value cut short?");
                }
                Points.checkValue(source, r.line(), kind.metric() + " of " + r.job() + " on " + exe, v, kind.unit());
                String precise = compared.getOrDefault(executables.size() > 1 ? r.job() : "", Map.of())
                        .get(executables.size() > 1 ? exe : r.job());
                if (precise != null) {
                    double p = Double.parseDouble(precise);
                    if (Math.abs(p - v) > (resolution(cell) + resolution(precise)) * 0.5 * (1 + 1e-9)) {
                        throw new ImportException(source, r.line(), kind.metric() + " of " + r.job() + " on " + exe + " is "
                                + cell.strip() + " here but " + precise + " in the Comparison block; the two must agree");
                    }
                    if (significantDigits(precise) > significantDigits(cell)) {
                        v = p;
                    }
                }
                values.put(exe, v);
                points.add(r.line(), r.job(), exe, kind.metric(), v, kind.unit());
                double ns = Double.NaN;
                if (!Double.isNaN(r.nsPerOp())) {
                    ns = r.nsPerOp();
                } else if (kind.metric().equals(Metric.IPS) && v > 0) {
                    ns = IpsJsonImporter.NS_PER_SECOND / v;
                } else if (kind.metric().equals(Metric.TIME) && r.loops() > 0 && !r.durations().isEmpty()) {
                    ns = r.durations().get(e) / r.loops() * IpsJsonImporter.NS_PER_SECOND;
                }
                if (!Double.isNaN(ns) && !kind.metric().equals(Metric.MAX_RSS)) {
                    points.add(r.line(), r.job(), exe, Metric.NS_PER_OP, ns, Metric.UNIT_NS);
                }
            }
            Double base = values.get(executables.get(0));
            if (base != null && base > 0 && !kind.metric().equals(Metric.MAX_RSS)) {
                for (String exe : executables.subList(1, executables.size())) {
                    Double v = values.get(exe);
                    if (v != null && v > 0) {
                        points.add(r.line(), r.job(), exe, Metric.SPEED_RATIO, kind.largerBetter() ? v / base : base / v, Metric.UNIT_RATIO);
                    }
                }
            }
        }
        return points.set(TOOL, FORMAT, executables, calculatingLine, "every value is " + ERROR_CELL + " (" + errors
                + " cells): benchmark-driver measured nothing, so there is nothing to import");
    }

    /** Whether a line after "Calculating" holds only names (the executables' header). */
    private static boolean looksLikeHeader(String line) {
        for (String t : line.strip().split("\\s+")) {
            if (!Double.isNaN(value(t)) || t.equals(ERROR_CELL)) {
                return false;
            }
        }
        return true;
    }

    private static boolean startsWithValue(String line) {
        String[] t = line.strip().split("\\s+");
        return t.length > 0 && (!Double.isNaN(value(t[0])) || t[0].equals(ERROR_CELL));
    }

    /** {@code compare.rb humanize}: {@code %.3f} with k/M/G/T/Q, or Ruby's Float#to_s (1.23e-04) below 1. */
    static double value(String cell) {
        double v = TextLines.scaledExact(cell, TextLines.DRIVER_SUFFIXES, BenchmarkDriverMarkdownImporter.HUMANIZE_DECIMALS);
        if (Double.isNaN(v) && (cell.contains("e-") || cell.contains("E-"))) {
            v = TextLines.decimal(cell);
        }
        return v;
    }

    /**
     * A Calculating row: {@code NAME V1 .. Vk UNIT [- LOOPS times [in D1 .. Dk [(X/i, Nclocks/i)]]]}; the
     * name is everything before the values, or {@code pendingName} when it stood on its own line.
     */
    private static Row row(String line, String pendingName, int k, String source, int n) throws ImportException {
        int dash = line.indexOf(" - ");
        String left = dash < 0 ? line.strip() : line.substring(0, dash).strip();
        String right = dash < 0 ? "" : line.substring(dash + 3).strip();
        String[] t = left.split("\\s+");
        int nameTokens = t.length - k - 1;
        if (nameTokens < (pendingName == null ? 1 : 0) || pendingName != null && nameTokens != 0) {
            throw new ImportException(source, n, "expected a job name, " + k + (k == 1 ? " value" : " values (one per executable)")
                    + " and a unit, found " + TextLines.quote(line) + "; is the output truncated?");
        }
        String job = pendingName != null ? pendingName : String.join(" ", Arrays.copyOfRange(t, 0, nameTokens));
        Points.checkName(source, n, job, "benchmark");
        List<String> cells = Arrays.asList(Arrays.copyOfRange(t, nameTokens, nameTokens + k));
        String unit = t[t.length - 1];
        long loops = -1;
        List<Double> durations = new ArrayList<>();
        double ns = Double.NaN;
        if (!right.isEmpty()) {
            String[] r = right.split("\\s+");
            if (r.length < 2 || !r[1].equals("times")) {
                throw new ImportException(source, n, "expected '- N times' after the unit, found " + TextLines.quote(right)
                        + "; is the output truncated?");
            }
            double count = TextLines.scaledExact(r[0], TextLines.DRIVER_SUFFIXES, BenchmarkDriverMarkdownImporter.HUMANIZE_DECIMALS);
            if (Double.isNaN(count)) {
                throw new ImportException(source, n, "expected a loop count like 3.037M, found " + TextLines.quote(r[0]));
            }
            loops = Math.round(count);
            if (r.length > 2) {
                if (!r[2].equals("in") || r.length < 3 + k) {
                    throw new ImportException(source, n, "expected 'in' and " + k + " duration(s) like 0.334109s after the loop count, found "
                            + TextLines.quote(right) + "; is the output truncated?");
                }
                for (int d = 0; d < k; d++) {
                    durations.add(duration(r[3 + d], source, n));
                }
                String rest = String.join(" ", Arrays.copyOfRange(r, 3 + k, r.length));
                if (!rest.isEmpty()) {
                    ns = perIteration(rest, source, n);
                }
            }
        }
        return new Row(job, cells, unit, loops, durations, ns, n);
    }

    /** {@code 0.334109s} ({@code %3.6fs}). */
    private static double duration(String text, String source, int n) throws ImportException {
        int dot = text.indexOf('.');
        if (!text.endsWith("s") || dot < 0 || text.length() - dot - 2 != 6) {
            throw new ImportException(source, n, "expected a duration like 0.334109s (6 decimals), found " + TextLines.quote(text)
                    + "; is the output truncated?");
        }
        return TextLines.decimal(text.substring(0, text.length() - 1));
    }

    /** {@code (110.02ns/i, 285clocks/i)} or {@code (110.02ns/i)}: compare.rb pretty_sec, in ns. */
    private static double perIteration(String rest, String source, int n) throws ImportException {
        if (!rest.startsWith("(") || !rest.endsWith(")")) {
            throw new ImportException(source, n, "expected '(110.02ns/i, 285clocks/i)' after the durations, found "
                    + TextLines.quote(rest) + "; is the output truncated?");
        }
        String first = rest.substring(1, rest.length() - 1).split(",")[0].strip();
        String[][] units = {{"ns/i", "1"}, {"\u03bcs/i", "1e3"}, {"ms/i", "1e6"}, {"s/i", "1e9"}};
        for (String[] u : units) {
            if (first.endsWith(u[0])) {
                String num = first.substring(0, first.length() - u[0].length());
                int dot = num.indexOf('.');
                double v = TextLines.decimal(num);
                if (dot < 0 || num.length() - dot - 1 != 2 || Double.isNaN(v)) {
                    break;
                }
                return v * Double.parseDouble(u[1]);
            }
        }
        throw new ImportException(source, n, "expected a time per iteration like 110.02ns/i, found " + TextLines.quote(first));
    }

    /**
     * The Comparison block: job -> executable -> value text (several executables), or "" -> job ->
     * value text (one executable, jobs compared). Lines are {@code name: %11.1f unit [- 1.79x  slower]}.
     */
    private static Map<String, Map<String, String>> comparison(List<String> lines, int from, boolean byExecutable, String source)
            throws ImportException {
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        int i = from;
        while (i < lines.size() && lines.get(i).isBlank()) {
            i++;
        }
        if (i == lines.size()) {
            return out;
        }
        if (!lines.get(i).strip().equals(COMPARISON)) {
            throw new ImportException(source, i + 1, "expected 'Comparison:' or the end after the Calculating block, found "
                    + TextLines.quote(lines.get(i)));
        }
        String job = byExecutable ? null : "";
        for (i++; i < lines.size(); i++) {
            String line = lines.get(i);
            int n = i + 1;
            if (line.isBlank()) {
                if (byExecutable) {
                    job = null;
                }
                continue;
            }
            int colon = line.indexOf(": ");
            if (colon < 0) {
                if (!byExecutable || job != null) {
                    throw new ImportException(source, n, "expected a comparison line like 'built-ruby:  17012063.5 i/s', found "
                            + TextLines.quote(line) + "; is the output truncated?");
                }
                job = line.strip();
                continue;
            }
            if (job == null) {
                throw new ImportException(source, n, "expected the job name above the comparison lines, found " + TextLines.quote(line));
            }
            String name = line.substring(0, colon).strip();
            String[] t = line.substring(colon + 2).strip().split("\\s+");
            int dot = t[0].indexOf('.');
            if (t.length < 2 || dot < 0 || t[0].length() - dot - 1 != 1 || Double.isNaN(TextLines.decimal(t[0]))) {
                throw new ImportException(source, n, "expected a value like 17012063.5 and a unit after " + TextLines.quote(name)
                        + ", found " + TextLines.quote(line) + "; is the output truncated?");
            }
            if (t.length > 2 && !(t.length == 5 && t[2].equals("-") && t[3].matches("\\d{1,15}\\.\\d\\dx"))) {
                throw new ImportException(source, n, "expected '- 1.79x  slower' after the unit, found " + TextLines.quote(line)
                        + "; is the output truncated?");
            }
            Map<String, String> m = out.computeIfAbsent(job, j -> new LinkedHashMap<>());
            if (m.put(name, t[0]) != null) {
                throw new ImportException(source, n, TextLines.quote(name) + " appears twice in the comparison of "
                        + (job.isEmpty() ? "the jobs" : TextLines.quote(job)));
            }
        }
        return out;
    }

    /** One unit of the last digit of a printed value: 0.001M = 1000 for {@code 9.862M}, 0.1 for {@code 9861804.1}. */
    static double resolution(String number) {
        String t = number.strip();
        int power = 0;
        if (!t.isEmpty() && !Character.isDigit(t.charAt(t.length() - 1))) {
            power = Math.max(0, TextLines.DRIVER_SUFFIXES.indexOf(t.charAt(t.length() - 1)));
            t = t.substring(0, t.length() - 1);
        }
        int e = Math.max(t.indexOf('e'), t.indexOf('E'));
        int exp = e >= 0 ? Integer.parseInt(t.substring(e + 1)) : 0;
        String mantissa = e >= 0 ? t.substring(0, e) : t;
        int dot = mantissa.indexOf('.');
        int decimals = dot < 0 ? 0 : mantissa.length() - dot - 1;
        return Math.pow(10, exp - decimals) * Math.pow(TextLines.THOUSAND, power);
    }

    /** Digits that carry information: {@code 17012063.5} has 9, {@code 17.012} 5, {@code 0.2} 1. */
    static int significantDigits(String number) {
        int count = 0;
        boolean leading = true;
        for (int c = 0; c < number.length(); c++) {
            char ch = number.charAt(c);
            if (Character.isDigit(ch)) {
                if (ch != '0' || !leading) {
                    leading = false;
                    count++;
                }
            } else if (ch == 'e' || ch == 'E') {
                break;
            }
        }
        return count;
    }
}
