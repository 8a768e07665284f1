package org.slotlab.model.measured;

/**
 * The metric names a {@link MeasuredPoint} can carry, with the unit each tool reports it in.
 * Names follow the tools: benchmark-ips's {@code ips}/{@code error} (lib/benchmark/ips/report.rb
 * {@code data}), benchmark-driver's "Iteration per second (i/s)" and "Execution time (s)"
 * (lib/benchmark_driver/runner/ips.rb, time.rb), ruby-bench's iteration times in ms and GC
 * counts (harness-gc/harness.rb), and the heap-table columns of harness-gc, which are CRuby's
 * {@code GC.stat_heap} keys without the {@code heap_} prefix.
 */
public final class Metric {

    /** Iterations per second; unit {@value #UNIT_IPS}. */
    public static final String IPS = "ips";
    /** benchmark-ips's standard deviation of ips (report.rb {@code :error}); unit {@value #UNIT_IPS}. */
    public static final String IPS_ERROR = "ips_error";
    /** benchmark-ips's "(± 2.2%)": error as a percentage of ips; unit {@value #UNIT_PERCENT}. */
    public static final String IPS_ERROR_PCT = "ips_error_pct";
    /** Time per operation; unit {@value #UNIT_NS}. */
    public static final String NS_PER_OP = "ns_per_op";
    /** Mean time of one benchmark iteration; unit {@value #UNIT_MS}. */
    public static final String MS = "ms";
    /** Wall time (benchmark-driver's "Execution time"); unit {@value #UNIT_S}. */
    public static final String TIME = "time";
    /**
     * Speed relative to a reference in the same file, &gt; 1 = faster than the reference; unit
     * {@value #UNIT_RATIO}. The reference is the file's first executable (the base) for
     * benchmark-driver's compare, simple and all outputs and for everything ruby-bench writes
     * ({@code base/other}); it is what the tool printed against for benchmark-driver's
     * {@code --output-compare} markdown row (the worst executable of the row) and for
     * benchmark-ips's Comparison (its fastest or baseline report; "1.36x slower" becomes 1/1.36).
     * Overlays of two or more executables divide their times themselves, base first.
     */
    public static final String SPEED_RATIO = "speed_ratio";
    /** GC runs (GC.count delta); unit {@value #UNIT_COUNT}. */
    public static final String GC_COUNT = "gc_count";
    /** Resident set size; unit {@value #UNIT_BYTES}. */
    public static final String RSS = "rss";
    /** Largest resident set size of the run (benchmark-driver's memory runner, "Max resident set size"); unit {@value #UNIT_BYTES}. */
    public static final String MAX_RSS = "max_rss";

    public static final String UNIT_IPS = "i/s";
    public static final String UNIT_PERCENT = "%";
    public static final String UNIT_NS = "ns";
    public static final String UNIT_MS = "ms";
    public static final String UNIT_S = "s";
    public static final String UNIT_RATIO = "x";
    public static final String UNIT_COUNT = "count";
    public static final String UNIT_BYTES = "bytes";
    public static final String UNIT_KIB = "KiB";

    private Metric() {
    }

    /**
     * The unit a column called {@code name} is in, from its name: {@code ns_per_op} -> ns,
     * {@code gc_count} -> count, {@code ips} -> i/s, {@code *_ms} -> ms, {@code *_bytes} -> bytes;
     * empty when the name does not say.
     */
    public static String unitFromName(String name) {
        String n = name.toLowerCase(java.util.Locale.ROOT);
        if (n.equals(IPS) || n.startsWith("ips_") && !n.endsWith("pct") || n.endsWith("_ips")) {
            return UNIT_IPS;
        }
        if (n.startsWith("ns_") || n.endsWith("_ns")) {
            return UNIT_NS;
        }
        if (n.equals(MS) || n.startsWith("ms_") || n.endsWith("_ms")) {
            return UNIT_MS;
        }
        if (n.endsWith("_s") || n.equals("seconds") || n.endsWith("_seconds")) {
            return UNIT_S;
        }
        if (n.endsWith("count") || n.endsWith("_slots") || n.endsWith("_pages")) {
            return UNIT_COUNT;
        }
        if (n.endsWith("bytes") || n.equals(RSS)) {
            return UNIT_BYTES;
        }
        if (n.endsWith("kib")) {
            return UNIT_KIB;
        }
        if (n.endsWith("pct") || n.endsWith("percent")) {
            return UNIT_PERCENT;
        }
        if (n.endsWith("ratio") || n.equals("speedup") || n.equals("factor")) {
            return UNIT_RATIO;
        }
        return "";
    }
}
