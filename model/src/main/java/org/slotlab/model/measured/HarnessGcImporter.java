package org.slotlab.model.measured;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.Reader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The text ruby-bench's {@code harness-gc} prints (harness-gc/harness.rb, ruby/ruby-bench 09b76c8):
 * RUBY_DESCRIPTION, an iteration table {@code itr:   time   marking  sweeping  gc_count     major     minor  maj/min}
 * ({@code marking}/{@code sweeping} only where {@code GC.stat} has them), the
 * {@code Average of last N, non-warmup iters: 36ms} summary, and, where {@code GC.stat_heap}
 * exists, the per-heap table after a full GC:
 * {@code heap  slot_size  eden_slots  live_slots  free_slots  eden_pages  live_pct  mem_KiB}.
 * Also reads the same output inside run_benchmarks.rb's console log, which separates
 * benchmarks with {@code Running benchmark "name" (i/n)} (or {@code "name" [exe] (i/n)} with
 * --interleave) and lists {@code exe: ruby ...} after the runs. Points per benchmark:
 * {@code ms} (the Average line), {@code gc_count}, {@code gc_major_count}, {@code gc_minor_count}
 * (mean over the last N iterations), and one point per heap and column with a
 * {@code slot_size} parameter. Column names are CRuby's {@code GC.stat_heap} keys without
 * {@code heap_}.
 */
public final class HarnessGcImporter extends NamedImporter {

    public static final String FORMAT = "harness-gc";
    public static final String TOOL = "ruby-bench";

    private static final Pattern RUNNING = Pattern.compile("^Running benchmark \"(?<name>[^\"]+)\"(?: \\[(?<exe>[^\\]]+)\\])? \\(\\d+/\\d+\\)\\s*$");
    private static final Pattern ITR_ROW = Pattern.compile("^\\s*#(\\d+):\\s+(\\d+)ms(.*)$");
    private static final Pattern AVERAGE = Pattern.compile("^Average of last (\\d+), non-warmup iters: (\\d+)ms\\s*$");
    private static final Pattern AVERAGE_PHASE = Pattern.compile("^Average (marking|sweeping) time: ([\\d.]+)ms\\s*$");
    private static final String HEAP_TITLE = "Heap utilisation (after full GC):";
    private static final String HEAP_HEADER = "heap  slot_size  eden_slots  live_slots  free_slots  eden_pages  live_pct  mem_KiB";
    private static final Pattern RUBY_DESCRIPTION = Pattern.compile("^ruby \\d+\\.\\d+\\S*( .*)?$");
    private static final Pattern EXE_DESCRIPTION = Pattern.compile("^(?<exe>[^\\s:]+): (?<desc>ruby \\d+\\.\\d+.*)$");
    /** Heap-table columns after heap and slot_size, with units. */
    private static final String[][] HEAP_COLUMNS = {
        {"eden_slots", Metric.UNIT_COUNT}, {"live_slots", Metric.UNIT_COUNT}, {"free_slots", Metric.UNIT_COUNT},
        {"eden_pages", Metric.UNIT_COUNT}, {"live_pct", Metric.UNIT_PERCENT}, {"mem_KiB", Metric.UNIT_KIB}};
    /** Iteration-table columns averaged into a metric. */
    private static final Map<String, String> ITR_COLUMNS = new LinkedHashMap<>();

    static {
        ITR_COLUMNS.put("gc_count", Metric.GC_COUNT);
        ITR_COLUMNS.put("major", "gc_major_count");
        ITR_COLUMNS.put("minor", "gc_minor_count");
    }
    /** Executable name when the output does not name one. */
    static final String EXECUTABLE = "ruby";

    public HarnessGcImporter() {
        super(FORMAT, TOOL);
    }

    @Override
    public boolean canRead(String firstLines) {
        return firstLines.contains(HEAP_TITLE) || firstLines.lines().anyMatch(l -> isItrHeader(l) && l.contains("gc_count"));
    }

    /** {@code itr:   time ...}: the iteration table's header. */
    static boolean isItrHeader(String line) {
        String[] t = line.strip().split("\\s+");
        return t.length >= 2 && t[0].equals("itr:") && t[1].equals("time");
    }

    /** One benchmark run's text between two "Running benchmark" lines. */
    private static final class Segment {
        String bench;
        String exe;
        String description;
        int start;
        int itrHeaderLine;
        List<String> itrColumns;
        final List<double[]> itrRows = new ArrayList<>();
        int lastItrLine;
        Integer averageOf;
        Double averageMs;
        int averageLine;
        final Map<String, Double> phases = new LinkedHashMap<>();
        final Map<String, Integer> phaseLines = new LinkedHashMap<>();
        int heapHeaderLine;
        final List<Object[]> heapRows = new ArrayList<>();
    }

    @Override
    public MeasuredSet read(Reader reader, String source) throws ImportException {
        TextLines.Text text = TextLines.readText(reader, source);
        text.requireLastLineEnded(source);
        List<String> lines = text.lines();
        String fileStem = stem(source);
        List<Segment> segments = new ArrayList<>();
        List<String> summaryExes = new ArrayList<>();
        Segment cur = null;
        boolean inHeap = false;
        int tableAt = -1;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int n = i + 1;
            Matcher m;
            if (RubyBenchTextImporter.isDashes(line)) {
                tableAt = i;
                break; // run_benchmarks.rb's results table: read below
            }
            if ((m = RUNNING.matcher(line)).matches()) {
                cur = new Segment();
                cur.bench = Points.checkName(source, n, m.group("name"), "benchmark");
                cur.exe = m.group("exe");
                cur.start = n;
                segments.add(cur);
                inHeap = false;
                continue;
            }
            if (cur == null && (isItrHeader(line) || RUBY_DESCRIPTION.matcher(line).matches() || line.equals(HEAP_TITLE))) {
                cur = new Segment();
                cur.bench = fileStem;
                cur.start = n;
                segments.add(cur);
            }
            if (cur == null) {
                continue;
            }
            if (inHeap) {
                if (line.isBlank() || endsHeapTable(line)) {
                    inHeap = false;
                    if (line.isBlank()) {
                        continue;
                    }
                } else {
                    cur.heapRows.add(heapRow(line, source, n));
                    continue;
                }
            }
            if (cur.itrHeaderLine == 0 && cur.description == null && RUBY_DESCRIPTION.matcher(line).matches()) {
                cur.description = line.strip();
            } else if (isItrHeader(line)) {
                if (cur.itrHeaderLine > 0) {
                    throw new ImportException(source, n, "a second iteration table for " + cur.bench + " (the first on line "
                            + cur.itrHeaderLine + ") without a 'Running benchmark' line between them");
                }
                cur.itrHeaderLine = n;
                cur.itrColumns = Arrays.asList(line.substring(line.indexOf(':') + 1).strip().split("\\s+"));
            } else if ((m = ITR_ROW.matcher(line)).matches() && cur.itrColumns != null) {
                cur.itrRows.add(itrRow(line, cur.itrColumns, source, n));
                cur.lastItrLine = n;
            } else if ((m = AVERAGE.matcher(line)).matches()) {
                cur.averageOf = Integer.parseInt(m.group(1));
                cur.averageMs = Double.parseDouble(m.group(2));
                cur.averageLine = n;
            } else if (line.startsWith("Average of last")) {
                throw new ImportException(source, n, "expected 'Average of last N, non-warmup iters: Xms' (whole ms), found "
                        + TextLines.quote(line));
            } else if ((m = AVERAGE_PHASE.matcher(line)).matches()) {
                String key = "gc_" + m.group(1) + "_ms";
                cur.phases.put(key, oneDecimal(m.group(2), key, source, n));
                cur.phaseLines.put(key, n);
            } else if (line.startsWith("Average marking") || line.startsWith("Average sweeping")) {
                throw new ImportException(source, n, "expected 'Average marking time: X.Yms', found " + TextLines.quote(line));
            } else if (line.strip().equals(HEAP_TITLE)) {
                if (i + 1 >= lines.size() || !lines.get(i + 1).strip().equals(HEAP_HEADER)) {
                    throw new ImportException(source, n + 1, "expected the heap table header '" + HEAP_HEADER + "'; is the output truncated?");
                }
                if (cur.heapHeaderLine > 0) {
                    throw new ImportException(source, n, "a second heap table for " + cur.bench + " (the first on line "
                            + cur.heapHeaderLine + ") without a 'Running benchmark' line between them");
                }
                cur.heapHeaderLine = n + 1;
                i++;
                inHeap = true;
            } else if ((m = EXE_DESCRIPTION.matcher(line)).matches() && !line.startsWith("RSS")) {
                summaryExes.add(m.group("exe"));
            }
        }
        if (segments.isEmpty()) {
            throw new ImportException(source, lines.size(), "expected harness-gc output (an 'itr:   time ... gc_count' table or '"
                    + HEAP_TITLE + "'), found neither");
        }
        if (tableAt >= 0) {
            for (int i = 0; i < tableAt; i++) {
                RubyBenchTable.describedExecutable(lines.get(i)).filter(e -> !summaryExes.contains(e)).ifPresent(summaryExes::add);
            }
        }
        assignExecutables(segments, summaryExes);
        Points points = new Points(source);
        Set<String> executables = new LinkedHashSet<>();
        for (Segment s : segments) {
            checkComplete(s, source, lines.size(), segments);
            executables.add(s.exe);
            if (s.averageMs != null) {
                points.add(s.averageLine, s.bench, s.exe, Metric.MS, s.averageMs, Metric.UNIT_MS);
                List<double[]> last = s.itrRows.subList(Math.max(0, s.itrRows.size() - s.averageOf), s.itrRows.size());
                for (Map.Entry<String, String> c : ITR_COLUMNS.entrySet()) {
                    int idx = s.itrColumns.indexOf(c.getKey());
                    if (idx >= 0 && !last.isEmpty()) {
                        double sum = 0;
                        for (double[] row : last) {
                            sum += row[idx];
                        }
                        points.add(s.lastItrLine, s.bench, s.exe, c.getValue(), sum / last.size(), Metric.UNIT_COUNT);
                    }
                }
            }
            for (Map.Entry<String, Double> p : s.phases.entrySet()) {
                points.add(s.phaseLines.get(p.getKey()), s.bench, s.exe, p.getKey(), p.getValue(), Metric.UNIT_MS);
            }
            for (Object[] row : s.heapRows) {
                int n = (Integer) row[0];
                long slotSize = (Long) row[1];
                double[] values = (double[]) row[2];
                MappedParameter p = new MappedParameter(MappedParameter.SLOT_SIZE, slotSize);
                for (int c = 0; c < HEAP_COLUMNS.length; c++) {
                    points.add(n, s.bench, s.exe, HEAP_COLUMNS[c][0], values[c], HEAP_COLUMNS[c][1], Optional.of(p));
                }
            }
        }
        if (tableAt >= 0) {
            RubyBenchTextImporter.read(lines, source, points, true);
        }
        return points.set(TOOL, FORMAT, List.copyOf(executables), lines.size(),
                "expected an 'Average of last N' line or a heap table, found neither");
    }

    /** A line that cannot be a heap row but starts what run_benchmarks.rb prints next. */
    private static boolean endsHeapTable(String line) {
        return line.startsWith("Running benchmark ") || line.startsWith("+ ") || line.startsWith("Total time spent")
                || line.startsWith("Failed benchmarks") || RUBY_DESCRIPTION.matcher(line).matches()
                || EXE_DESCRIPTION.matcher(line).matches();
    }

    /**
     * A heap row as harness.rb prints it, {@code "%4d  %9d  %10d  %10d  %10d  %11d  %7.1f%%  %7.1f"}:
     * whole counts, and exactly one decimal in live_pct and mem_KiB (a row cut short, {@code 192.0}
     * as {@code 19}, is refused). Returns {line, slot size, values of {@link #HEAP_COLUMNS}}.
     */
    private static Object[] heapRow(String line, String source, int n) throws ImportException {
        String[] t = line.strip().split("\\s+");
        String expected = "expected a heap row of 8 columns (" + HEAP_HEADER + ") like '   2        160        2862  ...  0.0%    448.0', found "
                + TextLines.quote(line) + "; is the output truncated?";
        if (t.length != 8 || !t[6].endsWith("%")) {
            throw new ImportException(source, n, expected);
        }
        for (int c = 0; c < 6; c++) {
            if (TextLines.wholeBytes(t[c]) < 0) {
                throw new ImportException(source, n, expected);
            }
        }
        double pct = oneDecimal(t[6].substring(0, t[6].length() - 1), "live_pct", source, n);
        double mem = oneDecimal(t[7], "mem_KiB", source, n);
        if (pct > 100) {
            throw new ImportException(source, n, "live_pct is " + t[6] + "; live slots are at most all eden slots (100%)");
        }
        double[] values = {Long.parseLong(t[2]), Long.parseLong(t[3]), Long.parseLong(t[4]), Long.parseLong(t[5]), pct, mem};
        return new Object[] {n, Long.parseLong(t[1]), values};
    }

    /** A {@code %.1f} number: digits, a point, one digit. */
    private static double oneDecimal(String text, String column, String source, int n) throws ImportException {
        int dot = text.indexOf('.');
        double v = TextLines.decimal(text);
        if (dot < 0 || text.length() - dot - 1 != 1 || Double.isNaN(v) || text.startsWith("-")) {
            throw new ImportException(source, n, "expected " + column + " written with one decimal like 448.0, found "
                    + TextLines.quote(text) + "; is the row cut short?");
        }
        return v;
    }

    private static void checkComplete(Segment s, String source, int lastLine, List<Segment> all) throws ImportException {
        int end = all.indexOf(s) + 1 < all.size() ? all.get(all.indexOf(s) + 1).start - 1 : lastLine;
        if (s.itrHeaderLine > 0 && s.itrRows.isEmpty()) {
            throw new ImportException(source, end, "expected iteration rows ('#1:  199ms ...') after the header on line "
                    + s.itrHeaderLine + " for " + s.bench + "; is the output truncated?");
        }
        if (s.itrHeaderLine > 0 && s.averageMs == null && s.heapHeaderLine == 0) {
            throw new ImportException(source, end, "expected 'Average of last N, non-warmup iters: Xms' after the iterations of "
                    + s.bench + "; is the output truncated?");
        }
        if (s.heapHeaderLine > 0 && s.heapRows.isEmpty()) {
            throw new ImportException(source, s.heapHeaderLine + 1, "expected heap rows under the header for " + s.bench + "; is the output truncated?");
        }
        if (s.averageOf != null && s.averageOf > s.itrRows.size()) {
            throw new ImportException(source, s.averageLine, "the average is of the last " + s.averageOf + " iterations, but "
                    + s.itrRows.size() + " are listed above; is the output truncated?");
        }
    }

    /** [exe] from --interleave, else the k-th run of a benchmark is the k-th executable listed after the runs. */
    private static void assignExecutables(List<Segment> segments, List<String> summaryExes) {
        Map<String, Integer> seen = new LinkedHashMap<>();
        for (Segment s : segments) {
            int k = seen.merge(s.bench, 1, Integer::sum) - 1;
            if (s.exe == null) {
                s.exe = k < summaryExes.size() ? summaryExes.get(k)
                        : s.description != null && k == 0 ? s.description
                        : k == 0 ? EXECUTABLE : EXECUTABLE + "#" + (k + 1);
            }
        }
    }

    private static double[] itrRow(String line, List<String> columns, String source, int n) throws ImportException {
        String[] cells = line.substring(line.indexOf(':') + 1).strip().split("\\s+");
        if (cells.length != columns.size()) {
            throw new ImportException(source, n, "expected " + columns.size() + " columns (" + String.join(" ", columns)
                    + "), found " + cells.length + "; is the output truncated?");
        }
        double[] row = new double[cells.length];
        for (int c = 0; c < cells.length; c++) {
            String cell = cells[c].endsWith("ms") ? cells[c].substring(0, cells[c].length() - 2) : cells[c];
            row[c] = cell.equals("-") ? Double.NaN : TextLines.decimal(cell);
            if (Double.isNaN(row[c]) && !cell.equals("-") || row[c] < 0) {
                throw new ImportException(source, n, "expected a number of at least 0 in column " + columns.get(c) + ", found "
                        + TextLines.quote(cells[c]));
            }
        }
        return row;
    }

    /**
     * Points from one {@code GC.stat_heap} entry as ruby-bench's JSON stores it in {@code gc_heap_final}:
     * {@code slot_size} and the {@code heap_*} counters, named like the text table's columns.
     */
    static void heapPoints(Points points, String bench, String exe, JsonNode heap, String source, int line, String where)
            throws ImportException {
        if (heap == null || !heap.isObject()) {
            throw new ImportException(source, line, "expected a GC.stat_heap object in " + where);
        }
        long slotSize = JsonLines.whole(heap, "slot_size", source, line, where);
        if (slotSize <= 0) {
            throw new ImportException(source, line, "expected 'slot_size' of " + where + " to be above 0 bytes, found " + slotSize);
        }
        MappedParameter p = new MappedParameter(MappedParameter.SLOT_SIZE, slotSize);
        for (String key : List.of("eden_slots", "live_slots", "free_slots", "eden_pages")) {
            if (heap.has("heap_" + key)) {
                long v = JsonLines.whole(heap, "heap_" + key, source, line, where);
                points.add(line, bench, exe, key, v, Metric.UNIT_COUNT, Optional.of(p));
            }
        }
    }

    private static String stem(String source) {
        String name = source.replace('\\', '/');
        name = name.substring(name.lastIndexOf('/') + 1);
        int dot = name.indexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
