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
 * (RUBY_DESCRIPTION, as byroot's run in Feature #22186 (https://bugs.ruby-lang.org/issues/22186) shows) names the executable.
 * Points: {@code ips} (the Comparison's unscaled value when present), {@code ips_error_pct},
 * {@code ns_per_op}, and {@code speed_ratio} against the Comparison's baseline (slower as 1/x).
 */
public final class IpsTextImporter extends NamedImporter {

    public static final String FORMAT = "ips-text";
    public static final String TOOL = "benchmark-ips";

    private static final String WARMING_UP = "Warming up --";
    private static final String CALCULATING = "Calculating --";
    private static final String COMPARISON = "Comparison:";
    private static final Pattern RUBY_DESCRIPTION = Pattern.compile("^ruby \\d+\\.\\d+\\S*( .*)?$");
    private static final Pattern ENTRY = Pattern.compile(
            "^\\s*(?<label>.+?)\\s+(?<ips>\\d[\\d.]*[kMBTQ]?)\\s+\\(±\\s*(?<err>[\\d.]+)%\\)\\s+i/s"
            + "(?:\\s+\\(\\s*(?<dur>[\\d.]+)\\s*(?<du>ns|μs|us|ms|s)/i\\))?\\s+-\\s+\\d[\\d.]*[kMBTQ]?(?:\\s+in\\s+[\\d.]+s)?\\s*$");
    private static final Pattern WARMUP_ENTRY = Pattern.compile("^\\s*(?<label>.+?)\\s+\\d[\\d.]*[kMBTQ]?\\s+i/100ms\\s*$");
    private static final Pattern COMPARE = Pattern.compile("^\\s*(?<label>.+?):\\s+(?<ips>\\d+(?:\\.\\d+)?) i/s(?<rest>.*)$");
    private static final Pattern COMPARE_REST = Pattern.compile(
            "^ - (?:same-ish: difference falls within error|(?<f>\\d+(?:\\.\\d+)?)x\\s+(?:\\(± [\\d.]+\\)\\s+)?(?<dir>faster|slower))\\s*$");
    /** Stats footer of the bootstrap stats ("with 95.0% confidence"), printed rjust(40). */
    /**
     * Executable of reports that appear only in the Comparison block: results that {@code x.save!} or
     * {@code x.hold!} kept from an earlier run, perhaps of another Ruby.
     */
    public static final String HELD = "earlier run (save!/hold!)";
    private static final Pattern FOOTER = Pattern.compile("^\\s+with .*confidence\\s*$");
    /** Nanoseconds per unit of benchmark-ips's humanize_duration. */
    private static final Map<String, Double> NS_PER_UNIT = Map.of("ns", 1.0, "μs", 1e3, "us", 1e3, "ms", 1e6, "s", 1e9);

    public IpsTextImporter() {
        super(FORMAT, TOOL);
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
        TextLines.Text text = TextLines.readText(reader, source);
        text.requireLastLineEnded(source);
        List<String> lines = text.lines();
        String executable = IpsJsonImporter.EXECUTABLE;
        Map<String, Entry> entries = new LinkedHashMap<>();
        Map<String, Integer> warmups = new LinkedHashMap<>();
        Map<String, Integer> calculated = new LinkedHashMap<>();
        List<String> round = new ArrayList<>();
        Map<String, Double> compareIps = new LinkedHashMap<>();
        Map<String, Integer> compareLines = new LinkedHashMap<>();
        Map<String, Double> ratios = new LinkedHashMap<>();
        String section = "";
        String pendingLabel = null;
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
            if ((section.equals(WARMING_UP) || section.equals(CALCULATING)) && !line.strip().contains(" ")
                    && !Character.isDigit(line.strip().charAt(0))) {
                pendingLabel = line.strip();
                continue;
            }
            String full = pendingLabel == null ? line : pendingLabel + " " + line.strip();
            pendingLabel = null;
            switch (section) {
                case WARMING_UP -> {
                    Matcher w = WARMUP_ENTRY.matcher(full);
                    if (!w.matches()) {
                        throw new ImportException(source, n, "expected a warm-up line like '  size100   925.056k i/100ms', found "
                                + TextLines.quote(line) + "; is the output truncated?");
                    }
                    warmups.merge(w.group("label").strip(), 1, Integer::sum);
                }
                case CALCULATING -> {
                    Matcher m = ENTRY.matcher(full);
                    if (!m.matches()) {
                        throw new ImportException(source, n, "expected a report line like 'size100  34.029M (\u00b1 2.2%) i/s  (29.39 ns/i) "
                                + "-  170.1M in 5.0s', found " + TextLines.quote(line) + "; is the output truncated?");
                    }
                    double ips = ipsValue(m.group("ips"));
                    if (!(ips > 0)) {
                        throw new ImportException(source, n, "expected i/s > 0 written like 34.029M (3 decimals) or 34029000.0, found "
                                + TextLines.quote(m.group("ips")) + "; is the value cut short?");
                    }
                    double ns = m.group("dur") == null ? IpsJsonImporter.NS_PER_SECOND / ips
                            : Double.parseDouble(m.group("dur")) * NS_PER_UNIT.get(m.group("du"));
                    String label = Points.checkName(source, n, m.group("label").strip(), "report");
                    int times = calculated.merge(label, 1, Integer::sum);
                    if (entries.containsKey(label)) {
                        if (!round.isEmpty() && label.equals(round.get(0)) && round.size() == entries.size()
                                && times <= warmups.getOrDefault(label, 0)) {
                            round.clear(); // the next of several iterations (x.iterations = 2): the last one counts
                        } else if (round.contains(label) || !round.isEmpty() && round.size() == entries.size()) {
                            throw new ImportException(source, n, "report " + TextLines.quote(label) + " appears twice: on line "
                                    + entries.get(label).line() + " and on line " + n + "; one Benchmark.ips run reports each label once "
                                    + "per iteration");
                        }
                    }
                    round.add(label);
                    entries.put(label, new Entry(ips, Double.parseDouble(m.group("err")), ns, n));
                }
                case COMPARISON -> {
                    Matcher m = COMPARE.matcher(line);
                    Matcher rest = m.matches() ? COMPARE_REST.matcher(m.group("rest")) : null;
                    if (rest == null || !m.group("rest").isEmpty() && !rest.matches() || m.group("rest").isEmpty() && !compareIps.isEmpty()) {
                        throw new ImportException(source, n, "expected a comparison line like 'size100:  8979442.0 i/s - 1.36x  slower', found "
                                + TextLines.quote(line) + "; is the output truncated?");
                    }
                    String label = Points.checkName(source, n, m.group("label").strip(), "report");
                    if (compareIps.put(label, Double.parseDouble(m.group("ips"))) != null) {
                        throw new ImportException(source, n, "report " + TextLines.quote(label) + " appears twice in the Comparison: on line "
                                + compareLines.get(label) + " and on line " + n);
                    }
                    compareLines.put(label, n);
                    if (!m.group("rest").isEmpty() && rest.group("f") != null) {
                        double f = Double.parseDouble(rest.group("f"));
                        if (f == 0) {
                            throw new ImportException(source, n, "expected a factor above 0, found " + TextLines.quote(line));
                        }
                        ratios.put(label, rest.group("dir").equals("faster") ? f : 1.0 / f);
                    }
                }
                default -> {
                    if (entries.isEmpty() && compareIps.isEmpty() && RUBY_DESCRIPTION.matcher(line).matches()) {
                        executable = Points.checkName(source, n, line.strip(), "executable");
                    }
                }
            }
        }
        if (pendingLabel != null) {
            throw new ImportException(source, lines.size(), "expected the values of report " + TextLines.quote(pendingLabel)
                    + " after its label; is the output truncated?");
        }
        if (entries.isEmpty() && compareIps.isEmpty()) {
            throw new ImportException(source, lines.size(), "expected benchmark-ips 'Calculating' report lines or a 'Comparison:' block, found neither"
                    + (section.equals(WARMING_UP) || section.equals(CALCULATING) ? "; is the output truncated?" : ""));
        }
        if (!round.isEmpty() && round.size() < entries.size()) {
            throw new ImportException(source, entries.get(round.get(round.size() - 1)).line(), "the last iteration reports "
                    + round.size() + " of the " + entries.size() + " labels; is the output truncated?");
        }
        if (!entries.isEmpty() && !compareIps.isEmpty()) {
            for (String label : entries.keySet()) {
                if (!compareIps.containsKey(label)) {
                    throw new ImportException(source, comparisonLine + compareIps.size() + 1, "expected " + TextLines.quote(label + ":")
                            + " in the Comparison block (compare! lists every report); is the output truncated?");
                }
            }
        }
        Points points = new Points(source);
        List<String> labels = new ArrayList<>(entries.keySet());
        compareIps.keySet().stream().filter(l -> !entries.containsKey(l)).forEach(labels::add);
        boolean held = labels.size() > entries.size();
        List<String> executables = new ArrayList<>();
        for (String label : labels) {
            Entry e = entries.get(label);
            String exe = e != null ? executable : HELD;
            if (!executables.contains(exe)) {
                executables.add(exe);
            }
            int line = e != null ? e.line() : compareLines.get(label);
            double ips = compareIps.containsKey(label) ? compareIps.get(label) : e.ips();
            points.add(line, label, exe, Metric.IPS, ips, Metric.UNIT_IPS);
            if (e != null) {
                points.add(line, label, exe, Metric.IPS_ERROR_PCT, e.errPct(), Metric.UNIT_PERCENT);
                points.add(line, label, exe, Metric.NS_PER_OP, e.nsPerOp(), Metric.UNIT_NS);
            } else {
                points.add(line, label, exe, Metric.NS_PER_OP, IpsJsonImporter.NS_PER_SECOND / ips, Metric.UNIT_NS);
            }
            if (ratios.containsKey(label)) {
                points.add(compareLines.get(label), label, exe, Metric.SPEED_RATIO, ratios.get(label), Metric.UNIT_RATIO);
            }
        }
        if (held && entries.isEmpty()) {
            executables.remove(executable);
        }
        return points.set(TOOL, FORMAT, executables, lines.size(), "expected at least one report");
    }

    /** {@code Helpers.scale}: {@code %10.3f} with k/M/B/T/Q, or the raw format's {@code %10.1f}. */
    private static double ipsValue(String text) {
        double v = TextLines.scaledExact(text, TextLines.IPS_SUFFIXES, 3);
        if (Double.isNaN(v) && Character.isDigit(text.charAt(text.length() - 1))) {
            v = TextLines.scaledExact(text, TextLines.IPS_SUFFIXES, 1);
        }
        return v;
    }
}
