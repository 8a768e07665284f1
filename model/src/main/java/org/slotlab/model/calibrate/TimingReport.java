package org.slotlab.model.calibrate;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code probes/timing.rb} measured: one {@link Row} per timed expression (allocation per
 * slot size, middle {@code byteslice} copies, shared suffix slices of a frozen source, suffix
 * slices of an unfrozen source, GC counts over N allocations), each repeated, with the GC and
 * allocation counts {@code GC.stat} gave around every repeat. The rows carry their own features
 * (slot size, bytes copied, ...) and the {@code ObjectSpace.memsize_of} of one result, so a cost
 * fit ({@link LeastSquares}) can build its design matrix from them without knowing the probe.
 * Timings are wall-clock per iteration of the probe's {@code while} loop, loop overhead included
 * (the {@code empty_loop} row measures it).
 *
 * @param mode {@code smoke}, {@code quick} or {@code thorough}
 * @param rubyVersion {@code RUBY_VERSION}
 * @param rubyDescription {@code RUBY_DESCRIPTION}
 * @param slotSizes the slot sizes the probe found
 * @param maxEmbeddedLen the longest embedded {@code String#*} result the probe found
 * @param rows the timed rows, in probe order
 * @param raw the probe's JSON
 */
public record TimingReport(String mode, String rubyVersion, String rubyDescription, List<Integer> slotSizes, int maxEmbeddedLen,
                           List<Row> rows, JsonNode raw) {

    public TimingReport {
        slotSizes = List.copyOf(slotSizes);
        rows = List.copyOf(rows);
    }

    /**
     * One repeat of a row.
     *
     * @param elapsedNs wall time of N iterations, ns
     * @param minorGc minor GCs during the repeat
     * @param majorGc major GCs during the repeat
     * @param allocatedObjects objects allocated during the repeat ({@code total_allocated_objects} delta)
     * @param heapAllocatedPages {@code heap_allocated_pages} after the repeat
     */
    public record Repeat(long elapsedNs, long minorGc, long majorGc, long allocatedObjects, long heapAllocatedPages) {
    }

    /**
     * One timed expression.
     *
     * @param group the probe's group ({@code alloc_object}, {@code alloc_string}, {@code copy_middle}, {@code suffix_frozen}, ...)
     * @param name a unique name, e.g. {@code middle_64}
     * @param expr the Ruby expression in the loop body
     * @param features the row's declared features (e.g. {@code slot_size}, {@code copied_bytes}), numbers only
     * @param n iterations per repeat
     * @param sampleMemsize {@code ObjectSpace.memsize_of} of one result
     * @param repeats the repeats, in order
     */
    public record Row(String group, String name, String expr, Map<String, Long> features, long n, long sampleMemsize, List<Repeat> repeats) {
        public Row {
            features = Collections.unmodifiableMap(new LinkedHashMap<>(features));
            repeats = List.copyOf(repeats);
        }

        /** A declared feature, or 0 when the row does not declare it. */
        public long feature(String key) {
            return features.getOrDefault(key, 0L);
        }

        /** Median over repeats of elapsed ns per iteration. */
        public double medianNsPerIteration() {
            double[] v = repeats.stream().mapToDouble(r -> r.elapsedNs() / (double) n).sorted().toArray();
            int m = v.length / 2;
            return v.length % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
        }

        /**
         * Fastest repeat's elapsed ns per iteration: other processes only ever add time, so on a
         * shared machine the minimum is the least disturbed reading.
         */
        public double minNsPerIteration() {
            return repeats.stream().mapToDouble(r -> r.elapsedNs() / (double) n).min().orElse(Double.NaN);
        }

        /** Mean objects allocated per iteration over repeats. */
        public double objectsPerIteration() {
            return repeats.stream().mapToDouble(r -> r.allocatedObjects() / (double) n).average().orElse(Double.NaN);
        }

        /** Mean GCs (minor + major) per iteration over repeats. */
        public double gcsPerIteration() {
            return repeats.stream().mapToDouble(r -> (r.minorGc() + r.majorGc()) / (double) n).average().orElse(Double.NaN);
        }
    }

    /** The row with this name. */
    public Row row(String name) {
        return rows.stream().filter(r -> r.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no timing row named '" + name + "'; rows are "
                        + rows.stream().map(Row::name).toList()));
    }

    /** Reads timing.rb's JSON; {@code where} names the source in error messages. */
    public static TimingReport fromJson(JsonNode json, String where) throws CalibrationException {
        if (!"timing".equals(json.path("probe").asText())) {
            throw bad(where, "field 'probe' is '" + json.path("probe").asText() + "', expected 'timing'");
        }
        JsonNode rowsNode = json.get("rows");
        if (rowsNode == null || !rowsNode.isArray()) {
            throw bad(where, "lacks the 'rows' list");
        }
        List<Row> rows = new ArrayList<>();
        int i = 0;
        for (JsonNode r : rowsNode) {
            String at = "rows[" + i++ + "]";
            for (String f : List.of("group", "name", "expr", "n", "repeats")) {
                if (!r.hasNonNull(f)) {
                    throw bad(where, at + " lacks '" + f + "'");
                }
            }
            Map<String, Long> features = new LinkedHashMap<>();
            r.path("features").fields().forEachRemaining(e -> {
                if (e.getValue().isNumber()) {
                    features.put(e.getKey(), e.getValue().asLong());
                }
            });
            List<Repeat> reps = new ArrayList<>();
            for (JsonNode rep : r.get("repeats")) {
                if (!rep.path("elapsed_ns").isNumber()) {
                    throw bad(where, at + " (" + r.get("name").asText() + ") has a repeat without 'elapsed_ns'");
                }
                reps.add(new Repeat(rep.get("elapsed_ns").asLong(), rep.path("minor_gc").asLong(), rep.path("major_gc").asLong(),
                        rep.path("allocated_objects").asLong(), rep.path("heap_allocated_pages").asLong()));
            }
            long n = r.get("n").asLong();
            if (n <= 0 || reps.isEmpty()) {
                throw bad(where, at + " (" + r.get("name").asText() + ") has n = " + n + " and " + reps.size() + " repeats; both must be > 0");
            }
            rows.add(new Row(r.get("group").asText(), r.get("name").asText(), r.get("expr").asText(), features, n,
                    r.path("sample_memsize").asLong(), reps));
        }
        List<Integer> slots = new ArrayList<>();
        json.path("slot_sizes").forEach(s -> slots.add(s.asInt()));
        return new TimingReport(json.path("mode").asText(), json.path("ruby_version").asText(), json.path("ruby_description").asText(),
                slots, json.path("max_embedded_len").asInt(-1), rows, json);
    }

    private static CalibrationException bad(String where, String problem) {
        return new CalibrationException(CalibrationException.Kind.BAD_OUTPUT, where + ": timing output " + problem + ".");
    }

    @Override
    public String toString() {
        return "TimingReport[" + mode + ", " + rubyDescription + ", " + rows.size() + " rows, slots " + Arrays.toString(slotSizes.toArray()) + "]";
    }
}
