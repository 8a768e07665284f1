package org.slotlab.app.measured;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.slotlab.model.measured.MappedParameter;
import org.slotlab.model.measured.MeasuredPoint;
import org.slotlab.model.measured.MeasuredSet;
import org.slotlab.model.measured.Metric;

/**
 * One overlay series drawn on one chart: measured numbers keyed by the chart's x value (slice
 * length or slot size, bytes). {@link #derive} decides which chart a {@link MeasuredSet} belongs
 * on: a speed ratio per length when the file has a ratio ({@link Metric#SPEED_RATIO},
 * e.g. benchmark-driver's {@code --output-compare}) or when two executables give ips or times to
 * divide (byroot's {@code compare-ruby} vs {@code built-ruby}, Feature #22186); ns per op per length
 * for every executable; GC count per length; and per slot size the time per op and GC count
 * (byroot's slot-size table, Feature #22186, and ruby-bench's harness-gc).
 *
 * @param chart    id of the chart it belongs on ({@link #SPEED_RATIO}, {@link #GC_COUNT}, {@link #NS_PER_OP}, {@link #SLOT_SIZE})
 * @param axis     range axis index on that chart (0 left, 1 right: the slot chart's GC axis)
 * @param name     legend entry, naming the file, the tool and the executable
 * @param quantity what the values are, with unit, e.g. {@code ns per op}
 * @param points   x (bytes) to value
 */
public record OverlaySeries(String chart, int axis, String name, String quantity, SortedMap<Long, Double> points) {

    /** The substring scenario's speed chart (SubstringCutoffScenario.SPEED). */
    public static final String SPEED_RATIO = "speed-ratio";
    /** The substring scenario's GC chart (SubstringCutoffScenario.GC). */
    public static final String GC_COUNT = "gc-count";
    /** The slot-size scenario's chart (SlotSizeScenario.SLOTS). */
    public static final String SLOT_SIZE = "slot-size";
    /** The predicted-vs-measured chart of the workbench (ns per op per length, model vs measured). */
    public static final String NS_PER_OP = "ns-per-op";
    /** ns in a second, for ips to ns per op. */
    static final double NS_PER_S = 1e9;
    /** ns in a millisecond. */
    static final double NS_PER_MS = 1e6;

    public OverlaySeries {
        Objects.requireNonNull(chart, "chart");
        Objects.requireNonNull(name, "name");
        points = Collections.unmodifiableSortedMap(new TreeMap<>(points));
    }

    /** Every series a measured set gives, named after {@code label} (file and tool). */
    public static List<OverlaySeries> derive(MeasuredSet set, String label) {
        List<OverlaySeries> out = new ArrayList<>();
        List<String> exes = executables(set);
        Map<String, SortedMap<Long, Double>> nsLen = new LinkedHashMap<>();
        for (String exe : exes) {
            SortedMap<Long, Double> ns = nsPerOp(set, exe, MappedParameter.LEN);
            if (!ns.isEmpty()) {
                nsLen.put(exe, ns);
            }
        }
        // speed ratio: two executables' times divided, else the file's own ratios
        if (nsLen.size() >= 2) {
            List<String> withTimes = List.copyOf(nsLen.keySet());
            String base = withTimes.get(0);
            for (String exe : withTimes.subList(1, withTimes.size())) {
                SortedMap<Long, Double> ratio = new TreeMap<>();
                nsLen.get(exe).forEach((len, ns) -> {
                    Double b = nsLen.get(base).get(len);
                    if (b != null && ns > 0) {
                        ratio.put(len, b / ns);
                    }
                });
                if (!ratio.isEmpty()) {
                    out.add(new OverlaySeries(SPEED_RATIO, 0, label + ": " + exe + " / " + base, "speed ratio", ratio));
                }
            }
        } else if (ratiosCompareBuilds(set, exes)) {
            for (String exe : exes) {
                SortedMap<Long, Double> r = values(set, exe, Metric.SPEED_RATIO, MappedParameter.LEN);
                boolean reference = r.values().stream().allMatch(v -> v == 1.0);
                if (!r.isEmpty() && !(reference && exes.size() > 1)) {
                    out.add(new OverlaySeries(SPEED_RATIO, 0, name(label, exe, exes), "speed ratio", r));
                }
            }
        }
        nsLen.forEach((exe, ns) -> out.add(new OverlaySeries(NS_PER_OP, 0, name(label, exe, exes), "ns per op", ns)));
        for (String exe : exes) {
            SortedMap<Long, Double> gc = values(set, exe, Metric.GC_COUNT, MappedParameter.LEN);
            if (!gc.isEmpty()) {
                out.add(new OverlaySeries(GC_COUNT, 0, name(label, exe, exes), "GC count", gc));
            }
        }
        for (String exe : exes) {
            SortedMap<Long, Double> ns = nsPerOp(set, exe, MappedParameter.SLOT_SIZE);
            if (!ns.isEmpty()) {
                out.add(new OverlaySeries(SLOT_SIZE, 0, name(label, exe, exes) + ": ns/op", "ns per op", ns));
            }
            SortedMap<Long, Double> gc = values(set, exe, Metric.GC_COUNT, MappedParameter.SLOT_SIZE);
            if (!gc.isEmpty()) {
                out.add(new OverlaySeries(SLOT_SIZE, 1, name(label, exe, exes) + ": GC count", "GC count", gc));
            }
        }
        return out;
    }

    /**
     * Whether the file's own speed ratios compare builds (a policy ratio: the same benchmark on two
     * executables), the only kind the speed-ratio chart draws. benchmark-ips's Comparison divides
     * one report by another in the same process, so with reports named after lengths its ratios
     * compare lengths on one Ruby ("size100: 1.36x slower" than size1); a file of one executable
     * compares nothing with a build either. Such a set is drawn as ns per op per length only.
     */
    static boolean ratiosCompareBuilds(MeasuredSet set, List<String> exes) {
        return exes.size() >= 2 && !set.tool().equals(IPS_TOOL);
    }

    /** The tool name benchmark-ips's importers give (text and JSON). */
    static final String IPS_TOOL = org.slotlab.model.measured.IpsTextImporter.TOOL;

    /**
     * Why a set with speed ratios gives no series on the speed-ratio chart, or empty: "its ratios compare
     * lengths on one Ruby (ruby 3.1.2p20 ...), not two builds: drawn as ns per length".
     */
    static Optional<String> ratiosNotAPolicy(MeasuredSet set) {
        List<String> exes = executables(set);
        if (set.pointsOf(Metric.SPEED_RATIO).isEmpty() || ratiosCompareBuilds(set, exes)) {
            return Optional.empty();
        }
        String what = set.tool().equals(IPS_TOOL) ? "its ratios are benchmark-ips's Comparison of one report with another"
                : "its ratios come from one executable";
        return Optional.of(what + (exes.size() == 1 ? " on one Ruby (" + exes.get(0) + ")" : "")
                + ", not of two builds at the same length, so they are not drawn as a policy speed ratio; its times are "
                + "drawn as ns per op per length on that Ruby");
    }

    private static String name(String label, String exe, List<String> exes) {
        return exes.size() > 1 ? label + ": " + exe : label;
    }

    private static List<String> executables(MeasuredSet set) {
        LinkedHashSet<String> all = new LinkedHashSet<>(set.executables());
        set.points().forEach(p -> all.add(p.executable()));
        return List.copyOf(all);
    }

    /** ns per op of one executable per x: from ns_per_op, else ips, else ms per iteration. */
    static SortedMap<Long, Double> nsPerOp(MeasuredSet set, String exe, String parameter) {
        SortedMap<Long, Double> ns = values(set, exe, Metric.NS_PER_OP, parameter);
        if (!ns.isEmpty()) {
            return ns;
        }
        SortedMap<Long, Double> out = new TreeMap<>();
        values(set, exe, Metric.IPS, parameter).forEach((x, ips) -> {
            if (ips > 0) {
                out.put(x, NS_PER_S / ips);
            }
        });
        if (out.isEmpty()) {
            values(set, exe, Metric.MS, parameter).forEach((x, ms) -> out.put(x, ms * NS_PER_MS));
        }
        return out;
    }

    /** Values of one metric of one executable per x; the first point of an x wins. */
    static SortedMap<Long, Double> values(MeasuredSet set, String exe, String metric, String parameter) {
        SortedMap<Long, Double> out = new TreeMap<>();
        for (MeasuredPoint p : set.points()) {
            Optional<MappedParameter> m = p.parameter();
            if (p.executable().equals(exe) && p.metric().equals(metric) && m.isPresent() && m.get().name().equals(parameter)
                    && Double.isFinite(p.value())) {
                out.putIfAbsent(m.get().value(), p.value());
            }
        }
        return out;
    }
}
