package org.slotlab.model.measured;

import java.io.Reader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * benchmark-ips's plain text: the "Calculating" lines and the {@code compare!} block.
 * "Calculating" lines are report.rb {@code Entry#to_s}: the label right-justified, then
 * {@code Helpers.scale(ips)} (k, M, B, T, Q), {@code (± 2.2%) i/s}, the time per iteration
 * {@code (29.39 ns/i)} (newer versions), {@code - } and the iteration count
 * (lib/benchmark/ips/report.rb, lib/benchmark/ips.rb, evanphx/benchmark-ips 9453e05). The
 * Comparison block is lib/benchmark/compare.rb: {@code label: 39290346.8 i/s} for the baseline,
 * then {@code - 1.06x  slower}, {@code - 2.05x  (± 0.00) faster} or
 * {@code - same-ish: difference falls within error}. A {@code ruby X.Y...} line before the reports
 * (RUBY_DESCRIPTION, as in Feature #22186 (https://bugs.ruby-lang.org/issues/22186)) names the executable.
 * Points: {@code ips} (the Comparison's unscaled value when present), {@code ips_error_pct},
 * {@code ns_per_op}, and {@code speed_ratio} against the Comparison's baseline (slower as 1/x).
 */
public final class IpsTextImporter implements Importer {

    public static final String FORMAT = "ips-text";
    public static final String TOOL = "benchmark-ips";

    private static final String WARMING_UP = "Warming up --";
    private static final String CALCULATING = "Calculating --";
    private static final String COMPARISON = "Comparison:";
    private static final Pattern RUBY_DESCRIPTION = Pattern.compile("^ruby \\d+\\.\\d+\\S*( .*)?$");
    private static final Pattern ENTRY = Pattern.compile(
            "^\\s*(?<label>.+?)\\s+(?<ips>\\d[\\d.]*[kMBTQ]?)\\s+\\(±\\s*(?<err>[\\d.]+)%\\)\\s+i/s"
            + "(?:\\s+\\(\\s*(?<dur>[\\d.]+)\\s*(?<du>ns|μs|us|ms|s)/i\\))?\\s+-\\s+\\d[\\d.]*[kMBTQ]?(?:\\s+in\\s+[\\d.]+s)?\\s*$");
    private static final Pattern WARMUP_ENTRY = Pattern.compile("^\\s*.+?\\s+\\d[\\d.]*[kMBTQ]?\\s+i/100ms\\s*$");
    private static final Pattern COMPARE = Pattern.compile("^\\s*(?<label>.+?):\\s+(?<ips>\\d+(?:\\.\\d+)?) i/s(?<rest>.*)$");
    private static final Pattern COMPARE_REST = Pattern.compile(
            "^ - (?:same-ish: difference falls within error|(?<f>\\d+(?:\\.\\d+)?)x\\s+(?:\\(± [\\d.]+\\)\\s+)?(?<dir>faster|slower))\\s*$");
    /** Stats footer of the bootstrap stats ("with 95.0% confidence"), printed rjust(40). */
    private static final Pattern FOOTER = Pattern.compile("^\\s+with .*confidence\\s*$");
    /** Nanoseconds per unit of benchmark-ips's humanize_duration. */
    private static final Map<String, Double> NS_PER_UNIT = Map.of("ns", 1.0, "μs", 1e3, "us", 1e3, "ms", 1e6, "s", 1e9);

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
        return firstLines.contains(CALCULATING) && firstLines.contains("i/s")
                || firstLines.contains(WARMING_UP) && firstLines.contains("i/100ms")
                || firstLines.lines().anyMatch(l -> l.equals(COMPARISON)) && firstLines.lines().anyMatch(l -> COMPARE.matcher(l).matches());
    }

    private record Entry(double ips, double errPct, double nsPerOp, int line) {
    }

    @Override
    public MeasuredSet read(Reader reader, String source) throws ImportException {
        List<String> lines = TextLines.read(reader, source);
        String executable = IpsJsonImporter.EXECUTABLE;
        Map<String, Entry> entries = new LinkedHashMap<>();
        Map<String, Double> compareIps = new LinkedHashMap<>();
        Map<String, Double> ratios = new LinkedHashMap<>();
        String section = "";
        int comparisonLine = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int n = i + 1;
            if (line.startsWith(WARMING_UP)) {
                section = WARMING_UP;
                continue;
            }
            if (line.startsWith(CALCULATING)) {
                section = CALCULATING;
                continue;
            }
            if (line.strip().equals(COMPARISON)) {
                section = COMPARISON;
                comparisonLine = n;
                continue;
            }
            if (line.isBlank()) {
                if (section.equals(COMPARISON) && !compareIps.isEmpty() || section.equals(CALCULATING) && !entries.isEmpty()) {
                    section = "";
                }
                continue;
            }
            if (FOOTER.matcher(line).matches()) {
                continue;
            }
            switch (section) {
                case WARMING_UP -> {
                    if (!WARMUP_ENTRY.matcher(line).matches()) {
                        throw new ImportException(source, n, "expected a warm-up line like '  size100   925.056k i/100ms', found '" + line.strip() + "'");
                    }
                }
                case CALCULATING -> {
                    Matcher m = ENTRY.matcher(line);
                    if (!m.matches()) {
                        throw new ImportException(source, n, "expected a report line like 'size100  34.029M (± 2.2%) i/s  (29.39 ns/i) -  170.1M in 5.0s', found '"
                                + line.strip() + "'; is the output truncated?");
                    }
                    double ips = TextLines.scaled(m.group("ips"), TextLines.IPS_SUFFIXES);
                    if (Double.isNaN(ips) || ips <= 0) {
                        throw new ImportException(source, n, "expected i/s > 0, found '" + m.group("ips") + "'");
                    }
                    double ns = m.group("dur") == null ? IpsJsonImporter.NS_PER_SECOND / ips
                            : Double.parseDouble(m.group("dur")) * NS_PER_UNIT.get(m.group("du"));
                    String label = m.group("label").strip();
                    if (entries.put(label, new Entry(ips, Double.parseDouble(m.group("err")), ns, n)) != null) {
                        throw new ImportException(source, n, "report '" + label + "' appears twice; one Benchmark.ips run per file");
                    }
                }
                case COMPARISON -> {
                    Matcher m = COMPARE.matcher(line);
                    Matcher rest = m.matches() ? COMPARE_REST.matcher(m.group("rest")) : null;
                    if (rest == null || !m.group("rest").isEmpty() && !rest.matches() || m.group("rest").isEmpty() && !compareIps.isEmpty()) {
                        throw new ImportException(source, n, "expected a comparison line like 'size100:  8979442.0 i/s - 1.36x  slower', found '"
                                + line.strip() + "'; is the output truncated?");
                    }
                    String label = m.group("label").strip();
                    compareIps.put(label, Double.parseDouble(m.group("ips")));
                    if (!m.group("rest").isEmpty() && rest.group("f") != null) {
                        double f = Double.parseDouble(rest.group("f"));
                        ratios.put(label, rest.group("dir").equals("faster") ? f : 1.0 / f);
                    }
                }
                default -> {
                    if (entries.isEmpty() && compareIps.isEmpty() && RUBY_DESCRIPTION.matcher(line).matches()) {
                        executable = line.strip();
                    }
                }
            }
        }
        if (entries.isEmpty() && compareIps.isEmpty()) {
            throw new ImportException(source, lines.size(), "expected benchmark-ips 'Calculating' report lines or a 'Comparison:' block, found neither"
                    + (section.equals(WARMING_UP) || section.equals(CALCULATING) ? "; is the output truncated?" : ""));
        }
        if (!entries.isEmpty() && !compareIps.isEmpty()) {
            for (String label : entries.keySet()) {
                if (!compareIps.containsKey(label)) {
                    throw new ImportException(source, comparisonLine + compareIps.size() + 1, "expected '" + label
                            + ":' in the Comparison block (compare! lists every report); is the output truncated?");
                }
            }
            for (String label : compareIps.keySet()) {
                if (!entries.containsKey(label)) {
                    throw new ImportException(source, comparisonLine, "Comparison lists '" + label + "', which has no Calculating line");
                }
            }
        }
        List<MeasuredPoint> points = new ArrayList<>();
        List<String> labels = new ArrayList<>(entries.isEmpty() ? compareIps.keySet() : entries.keySet());
        for (String label : labels) {
            Entry e = entries.get(label);
            double ips = compareIps.containsKey(label) ? compareIps.get(label) : e.ips();
            points.add(MeasuredPoint.of(label, executable, Metric.IPS, ips, Metric.UNIT_IPS));
            if (e != null) {
                points.add(MeasuredPoint.of(label, executable, Metric.IPS_ERROR_PCT, e.errPct(), Metric.UNIT_PERCENT));
                points.add(MeasuredPoint.of(label, executable, Metric.NS_PER_OP, e.nsPerOp(), Metric.UNIT_NS));
            } else {
                points.add(MeasuredPoint.of(label, executable, Metric.NS_PER_OP, IpsJsonImporter.NS_PER_SECOND / ips, Metric.UNIT_NS));
            }
            if (ratios.containsKey(label)) {
                points.add(MeasuredPoint.of(label, executable, Metric.SPEED_RATIO, ratios.get(label), Metric.UNIT_RATIO));
            }
        }
        return new MeasuredSet(source, TOOL, FORMAT, List.of(executable), points);
    }
}
