package org.slotlab.model.cost;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One prediction's time per operation, by part (ns/op), so that any number can be explained:
 * the harness's loop, calls, slots, memory cycled beyond the cache, copies, mallocs, page faults,
 * shared headers, roots and the GC's work. The parts add up to {@link #total()}.
 *
 * @param parts ns per op by part name, in a stable order
 * @param missFraction share of the memory a GC cycle runs through that is beyond the cache (0..1)
 * @param cycleBytes bytes one GC cycle runs through (slots and malloc'd bytes between two GCs)
 * @param faultsPerOp page faults per op the model expects
 */
public record TimeBreakdown(Map<String, Double> parts, double missFraction, double cycleBytes, double faultsPerOp) {

    public static final String HARNESS = "harness loop";
    public static final String CALLS = "calls";
    public static final String SLOTS = "slots";
    public static final String CYCLE_MISS = "memory beyond cache";
    public static final String COPIES = "copies";
    public static final String MALLOC = "malloc and free";
    public static final String FAULTS = "page faults";
    public static final String SHARED = "shared headers";
    public static final String ROOTS = "frozen roots";
    public static final String GC = "GC";

    public TimeBreakdown {
        parts = Collections.unmodifiableMap(new LinkedHashMap<>(parts));
    }

    public double total() {
        double t = 0;
        for (double v : parts.values()) {
            t += v;
        }
        return t;
    }

    public double part(String name) {
        return parts.getOrDefault(name, 0.0);
    }

    /** "calls 33.1 + slots 20.4 + ... = 118.2 ns/op", the non-zero parts. */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, Double> e : parts.entrySet()) {
            if (Math.abs(e.getValue()) < 0.05) {
                continue;
            }
            if (sb.length() > 0) {
                sb.append(" + ");
            }
            sb.append(e.getKey()).append(' ').append(String.format(Locale.ROOT, "%.1f", e.getValue()));
        }
        return sb.append(String.format(Locale.ROOT, " = %.1f ns/op", total())).toString();
    }
}
