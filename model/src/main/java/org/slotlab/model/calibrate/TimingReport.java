package org.slotlab.model.calibrate;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code probes/timing.rb} measured, over all its units and the processes each ran in: one
 * {@link Row} per timed expression and unit, with every repeat of every process. Each row carries
 * its declared features (slot size, bytes copied, calls, ...) and the
 * {@code ObjectSpace.memsize_of} of one result, so the cost fit builds its design matrix from the
 * model's own rules. Timings are wall-clock per iteration of the probe's {@code while} loop, loop
 * overhead included; every unit has its own {@code baseline} row (the empty loop) so that the
 * overhead is taken off within the process that measured the row.
 *
 * @param mode {@code smoke}, {@code quick} or {@code thorough}
 * @param rubyVersion {@code RUBY_VERSION}
 * @param rubyDescription {@code RUBY_DESCRIPTION}
 * @param slotSizes the slot sizes the probe found
 * @param maxEmbeddedLen the longest embedded {@code String#*} result the probe found
 * @param faultsMeasured whether minor page faults were read ({@code /proc/self/stat})
 * @param rows the timed rows, in probe order
 * @param raw the probe's JSON, one object per unit and process
 */
public record TimingReport(String mode, String rubyVersion, String rubyDescription, List<Integer> slotSizes, int maxEmbeddedLen,
                           boolean faultsMeasured, List<Row> rows, List<JsonNode> raw) {

    /** The probe output format this Slotlab reads. */
    public static final int PROBE_VERSION = 2;

    public TimingReport {
        slotSizes = List.copyOf(slotSizes);
        rows = List.copyOf(rows);
        raw = List.copyOf(raw);
    }

    /**
     * One repeat of a row.
     *
     * @param elapsedNs wall time of N iterations, ns
     * @param minorGc minor GCs during the repeat
     * @param majorGc major GCs during the repeat
     * @param allocatedObjects objects allocated during the repeat ({@code total_allocated_objects} delta)
     * @param heapPages {@code heap_eden_pages} after the repeat (all heaps)
     * @param minorFaults minor page faults during the repeat
     * @param liveSlots {@code heap_live_slots} after the repeat
     * @param process which process of the unit it ran in (0, 1, ...)
     * @param heapSlots {@code heap_available_slots} after the repeat (all heaps; 0 when the probe did not read it)
     * @param gcTimeMs {@code GC.stat(:time)} spent during the repeat, ms (marking and sweeping; -1 when not read)
     * @param heapFree free slots of each heap after the repeat ({@code heap_eden_slots} less the objects
     *                 allocated and not yet freed, by {@code GC.stat_heap}); empty when the probe did not read
     *                 them (before it did, or a Ruby before 3.3, whose {@code GC.stat_heap} does not count
     *                 objects per heap)
     */
    public record Repeat(long elapsedNs, long minorGc, long majorGc, long allocatedObjects, long heapPages, long minorFaults,
                         long liveSlots, int process, long heapSlots, long gcTimeMs, List<Long> heapFree) {
        public Repeat {
            heapFree = heapFree == null ? List.of() : List.copyOf(heapFree);
        }

        public Repeat(long elapsedNs, long minorGc, long majorGc, long allocatedObjects, long heapPages, long minorFaults,
                long liveSlots, int process, long heapSlots, long gcTimeMs) {
            this(elapsedNs, minorGc, majorGc, allocatedObjects, heapPages, minorFaults, liveSlots, process, heapSlots, gcTimeMs, null);
        }

        public Repeat(long elapsedNs, long minorGc, long majorGc, long allocatedObjects, long heapPages, long minorFaults,
                long liveSlots, int process) {
            this(elapsedNs, minorGc, majorGc, allocatedObjects, heapPages, minorFaults, liveSlots, process, 0, -1, null);
        }
    }

    /**
     * One timed expression of one unit.
     *
     * @param unit the probe unit (one process each time it runs)
     * @param group the probe's group ({@code alloc}, {@code middle}, {@code suffix_frozen}, {@code footprint}, ...)
     * @param name a name unique in its unit, e.g. {@code middle_64}
     * @param expr the Ruby expression in the loop body
     * @param features the row's declared features (e.g. {@code slot_size}, {@code copied_bytes}), numbers only
     * @param n iterations per repeat
     * @param sampleMemsize {@code ObjectSpace.memsize_of} of one result
     * @param repeats the repeats, in order, of every process
     */
    public record Row(String unit, String group, String name, String expr, Map<String, Long> features, long n, long sampleMemsize,
                      List<Repeat> repeats) {
        public Row {
            features = Collections.unmodifiableMap(new LinkedHashMap<>(features));
            repeats = List.copyOf(repeats);
        }

        /** A declared feature, or 0 when the row does not declare it. */
        public long feature(String key) {
            return features.getOrDefault(key, 0L);
        }

        /** Unit and name: unique in a report. */
        public String key() {
            // a row timed in a process of its own runs as unit "UNIT.ROW": its key is UNIT/ROW all the same
            String own = "." + name;
            String family = unit.endsWith(own) ? unit.substring(0, unit.length() - own.length()) : unit;
            return family + "/" + name;
        }

        private double[] nsSorted() {
            return repeats.stream().mapToDouble(r -> r.elapsedNs() / (double) n).sorted().toArray();
        }

        /** Median over repeats of elapsed ns per iteration. */
        public double medianNsPerIteration() {
            double[] v = nsSorted();
            int m = v.length / 2;
            return v.length % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
        }

        /**
         * Fastest repeat's elapsed ns per iteration: other work on the machine only ever adds time,
         * so the minimum is the least disturbed reading.
         */
        public double minNsPerIteration() {
            return repeats.stream().mapToDouble(r -> r.elapsedNs() / (double) n).min().orElse(Double.NaN);
        }

        /** Run-to-run noise of this row: (median - min) / min of its repeats (0 with one repeat). */
        public double relativeSpread() {
            double min = minNsPerIteration();
            return min > 0 ? medianNsPerIteration() / min - 1 : 0;
        }

        /** Mean objects allocated per iteration over repeats. */
        public double objectsPerIteration() {
            return mean(r -> r.allocatedObjects());
        }

        /** Mean GCs (minor + major) per iteration over repeats. */
        public double gcsPerIteration() {
            return mean(r -> r.minorGc() + r.majorGc());
        }

        public double minorsPerIteration() {
            return mean(Repeat::minorGc);
        }

        public double majorsPerIteration() {
            return mean(Repeat::majorGc);
        }

        public double faultsPerIteration() {
            return mean(Repeat::minorFaults);
        }

        /**
         * Page faults per iteration of the repeat whose time the fit reads ({@link #minNsPerIteration}):
         * a row whose repeats fault unevenly (glibc's mmap threshold grows within a process, so a
         * later repeat may reuse what an earlier one mapped) has its fastest repeat among those that
         * faulted least, and pricing that repeat's time by the mean count would make every fault look
         * cheaper than it is.
         */
        public double faultsOfFastest() {
            return repeats.stream().min(java.util.Comparator.comparingDouble(Repeat::elapsedNs))
                    .map(r -> r.minorFaults() / (double) n).orElse(0.0);
        }

        /** Page faults per iteration of the repeat {@link #minNsOutsideGc} reads (NaN when no repeat read GC.stat(:time)). */
        public double faultsOfFastestOutsideGc() {
            return repeats.stream().filter(r -> r.gcTimeMs() >= 0)
                    .min(java.util.Comparator.comparingDouble(r -> r.elapsedNs() - r.gcTimeMs() * 1e6))
                    .map(r -> r.minorFaults() / (double) n).orElse(Double.NaN);
        }

        /** Mean heap pages (all heaps) after the repeats. */
        public double meanHeapPages() {
            return repeats.stream().mapToDouble(Repeat::heapPages).average().orElse(0);
        }

        /**
         * GC time per iteration, ns: the repeats' GC.stat(:time) over their iterations (the least of
         * them, as for the loop's time), or NaN when the probe did not read it.
         */
        public double gcNsPerIteration() {
            return repeats.stream().filter(r -> r.gcTimeMs() >= 0).mapToDouble(r -> r.gcTimeMs() * 1e6 / n).min().orElse(Double.NaN);
        }

        /**
         * Least ns per iteration outside GC over the repeats that read GC.stat(:time): each repeat's
         * time minus its own GC time (NaN when none did).
         */
        public double minNsOutsideGc() {
            return repeats.stream().filter(r -> r.gcTimeMs() >= 0).mapToDouble(r -> (r.elapsedNs() - r.gcTimeMs() * 1e6) / n).min()
                    .orElse(Double.NaN);
        }

        /** GC milliseconds of the repeat with the least GC time (the resolution of GC.stat(:time) is 1 ms). */
        public long gcTimeMsLeast() {
            return repeats.stream().filter(r -> r.gcTimeMs() >= 0).mapToLong(Repeat::gcTimeMs).min().orElse(-1);
        }

        /** Mean slots of all heaps after the repeats (0 when not read). */
        public double meanHeapSlots() {
            return repeats.stream().mapToDouble(Repeat::heapSlots).average().orElse(0);
        }

        /**
         * Mean free slots, after the repeats that read them, of the heaps not in {@code used} (the heaps
         * the row allocates from): the free slots every GC of the row's loop sweeps in heaps it leaves
         * idle. NaN when no repeat read the heaps' free slots.
         */
        public double meanIdleFreeSlots(java.util.Set<Integer> used) {
            return repeats.stream().filter(r -> !r.heapFree().isEmpty()).mapToDouble(r -> {
                long idle = 0;
                for (int h = 0; h < r.heapFree().size(); h++) {
                    if (!used.contains(h)) {
                        idle += Math.max(0, r.heapFree().get(h));
                    }
                }
                return idle;
            }).average().orElse(Double.NaN);
        }

        /** Mean live slots after the repeats. */
        public double meanLiveSlots() {
            return repeats.stream().mapToDouble(Repeat::liveSlots).average().orElse(0);
        }

        private double mean(java.util.function.ToLongFunction<Repeat> f) {
            return repeats.stream().mapToDouble(r -> f.applyAsLong(r) / (double) n).average().orElse(Double.NaN);
        }
    }

    /** The row with this name (in any unit; the first). */
    public Row row(String name) {
        return rows.stream().filter(r -> r.name().equals(name) || r.key().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no timing row named '" + name + "'; rows are "
                        + rows.stream().map(Row::key).toList()));
    }

    /** The rows of one unit. */
    public List<Row> unit(String unit) {
        return rows.stream().filter(r -> r.unit().equals(unit)).toList();
    }

    /** The units, in order. */
    public List<String> units() {
        return rows.stream().map(Row::unit).distinct().toList();
    }

    /** The same report without the rows of {@code unit} (cross-validation holds a unit back). */
    public TimingReport without(String unit) {
        return new TimingReport(mode, rubyVersion, rubyDescription, slotSizes, maxEmbeddedLen, faultsMeasured,
                rows.stream().filter(r -> !r.unit().equals(unit)).toList(), raw);
    }

    /**
     * Reads timing.rb's JSON, one object per unit and process ({@code {"processes": [...]}} as the
     * calibration saves it, or a single unit's object); {@code where} names the source in messages.
     */
    public static TimingReport fromJson(JsonNode json, String where) throws CalibrationException {
        List<JsonNode> units = new ArrayList<>();
        if (json.has("processes")) {
            if (!json.get("processes").isArray()) {
                throw bad(where, "field 'processes' is not a list");
            }
            json.get("processes").forEach(units::add);
        } else {
            units.add(json);
        }
        return fromUnits(units, where);
    }

    /** Reads the outputs of timing.rb's units (several processes of a unit merge into one row list). */
    public static TimingReport fromUnits(List<JsonNode> outputs, String where) throws CalibrationException {
        if (outputs.isEmpty()) {
            throw bad(where, "has no unit");
        }
        Map<String, RowBuilder> rows = new LinkedHashMap<>();
        Map<String, Integer> processes = new LinkedHashMap<>();
        JsonNode first = outputs.get(0);
        boolean faults = true;
        for (JsonNode json : outputs) {
            if (!"timing".equals(json.path("probe").asText())) {
                throw bad(where, "field 'probe' is '" + json.path("probe").asText() + "', expected 'timing'");
            }
            if (json.path("probe_version").asInt(-1) != PROBE_VERSION) {
                throw bad(where, "comes from timing probe version " + json.path("probe_version")
                        + "; this Slotlab reads version " + PROBE_VERSION + " (run slotlab calibrate again)");
            }
            if (!sameRuby(json.path("ruby_description").asText()).equals(sameRuby(first.path("ruby_description").asText()))) {
                throw bad(where, "mixes Rubies ('" + first.path("ruby_description").asText() + "' and '"
                        + json.path("ruby_description").asText() + "')");
            }
            faults &= json.path("faults_measured").asBoolean(false);
            String unit = json.path("unit").asText("");
            if (unit.isEmpty()) {
                throw bad(where, "has a unit without a name");
            }
            int process = processes.merge(unit, 1, Integer::sum) - 1;
            JsonNode rowsNode = json.get("rows");
            if (rowsNode == null || !rowsNode.isArray()) {
                throw bad(where, "unit " + unit + " lacks the 'rows' list");
            }
            int i = 0;
            for (JsonNode r : rowsNode) {
                String at = unit + " rows[" + i++ + "]";
                for (String f : List.of("group", "name", "expr", "n", "repeats")) {
                    if (!r.hasNonNull(f)) {
                        throw bad(where, at + " lacks '" + f + "'");
                    }
                }
                String key = unit + "/" + r.get("name").asText();
                RowBuilder b = rows.get(key);
                long n = r.get("n").asLong();
                if (n <= 0) {
                    throw bad(where, at + " (" + r.get("name").asText() + ") has n = " + n + "; it must be > 0");
                }
                if (b == null) {
                    Map<String, Long> features = new LinkedHashMap<>();
                    r.path("features").fields().forEachRemaining(e -> {
                        if (e.getValue().isNumber()) {
                            features.put(e.getKey(), e.getValue().asLong());
                        }
                    });
                    b = new RowBuilder(unit, r.get("group").asText(), r.get("name").asText(), r.get("expr").asText(), features, n,
                            r.path("sample_memsize").asLong());
                    rows.put(key, b);
                } else if (b.n != n) {
                    throw bad(where, at + " (" + r.get("name").asText() + ") ran " + n + " iterations in one process and " + b.n
                            + " in another");
                }
                for (JsonNode rep : r.get("repeats")) {
                    if (!rep.path("elapsed_ns").isNumber() || rep.path("elapsed_ns").asLong() <= 0) {
                        throw bad(where, at + " (" + r.get("name").asText() + ") has a repeat without a positive 'elapsed_ns'");
                    }
                    b.repeats.add(new Repeat(rep.get("elapsed_ns").asLong(), rep.path("minor_gc").asLong(), rep.path("major_gc").asLong(),
                            rep.path("allocated_objects").asLong(), rep.path("heap_pages").asLong(), rep.path("minflt").asLong(),
                            rep.path("live_slots").asLong(), process, rep.path("heap_slots").asLong(0),
                            rep.has("gc_time_ms") ? rep.path("gc_time_ms").asLong() : -1, longs(rep.path("heap_free"))));
                }
            }
        }
        List<Row> out = new ArrayList<>();
        for (RowBuilder b : rows.values()) {
            if (b.repeats.isEmpty()) {
                throw bad(where, b.unit + "/" + b.name + " has no repeat");
            }
            out.add(new Row(b.unit, b.group, b.name, b.expr, b.features, b.n, b.sampleMemsize, b.repeats));
        }
        List<Integer> slots = new ArrayList<>();
        first.path("slot_sizes").forEach(s -> slots.add(s.asInt()));
        return new TimingReport(first.path("mode").asText(), first.path("ruby_version").asText(),
                sameRuby(first.path("ruby_description").asText()), slots, first.path("max_embedded_len").asInt(-1), faults, out, outputs);
    }

    private static final class RowBuilder {
        final String unit;
        final String group;
        final String name;
        final String expr;
        final Map<String, Long> features;
        final long n;
        final long sampleMemsize;
        final List<Repeat> repeats = new ArrayList<>();

        RowBuilder(String unit, String group, String name, String expr, Map<String, Long> features, long n, long sampleMemsize) {
            this.unit = unit;
            this.group = group;
            this.name = name;
            this.expr = expr;
            this.features = features;
            this.n = n;
            this.sampleMemsize = sampleMemsize;
        }
    }

    /**
     * A RUBY_DESCRIPTION without the {@code +YJIT} that a process started with {@code --yjit} adds
     * (the units that time YJIT run so): the same Ruby either way.
     */
    static String sameRuby(String description) {
        return description.replace(" +YJIT", "");
    }

    private static CalibrationException bad(String where, String problem) {
        return new CalibrationException(CalibrationException.Kind.BAD_OUTPUT, where + ": timing output " + problem + ".");
    }

    @Override
    public String toString() {
        return "TimingReport[" + mode + ", " + rubyDescription + ", " + rows.size() + " rows in " + units().size() + " units, slots "
                + Arrays.toString(slotSizes.toArray()) + "]";
    }

    /** A JSON array of numbers as longs; an absent or null node gives none. */
    private static List<Long> longs(JsonNode node) {
        List<Long> out = new ArrayList<>();
        if (node.isArray()) {
            node.forEach(v -> out.add(v.asLong()));
        }
        return out;
    }
}
