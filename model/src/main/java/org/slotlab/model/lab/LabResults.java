package org.slotlab.model.lab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * What the validation lab ({@code scripts/ruby-lab/lab.rb}) measured: the Rubies it ran (the
 * unpatched CRuby 3.4.5 and builds of it with str_subseq edited the way the Feature #22186 thread
 * proposes, https://bugs.ruby-lang.org/issues/22186), the machine, and per row and harness every
 * run of every Ruby, each loop in a fresh process, the Rubies interleaved.
 *
 * @param date when the lab ran (UTC, ISO 8601)
 * @param machine the machine as lab.rb read it (uname, CPU, cores, caches)
 * @param rubies the Rubies, the unpatched one first
 * @param runs runs per configuration
 * @param rows the rows, in the order they ran
 */
public record LabResults(String date, JsonNode machine, List<Ruby> rubies, int runs, List<Row> rows) {

    /**
     * One Ruby of the lab.
     *
     * @param name its name in the lab ({@code base}, {@code cutoff-256}, ...)
     * @param description {@code RUBY_DESCRIPTION}
     * @param build what build-rubies.sh recorded (configure flags, the str_subseq edit, date, machine)
     */
    public record Ruby(String name, String description, Map<String, String> build) {
    }

    /**
     * One run of one loop in a fresh process.
     *
     * @param n iterations timed
     * @param elapsedNs time of the timed loop, ns
     * @param emptyLoopNs time of the same count of empty iterations, ns (0 where the harness has none)
     * @param gcs GCs between the two snapshots: the timed loop's; under benchmark-ips also its warm-up's
     *            and the two {@code GC.start} of its {@code Timing.clean_env} (before the warm-up, before the timing)
     * @param majors major GCs between the two snapshots (benchmark-ips: its two {@code GC.start} among them)
     * @param minorFaults minor page faults during the timed loop
     * @param otherCpuBusy share of the other CPUs that was busy while it ran
     * @param allocations objects allocated between the two snapshots ({@code GC.stat(:total_allocated_objects)}):
     *                    under benchmark-ips, its warm-up's as well as the timed iterations'
     * @param gcTimeMs milliseconds the GCs between the two snapshots took ({@code GC.stat(:time)}, gc.c's
     *                 measure of each GC's marking and sweeping), -1 where the Ruby does not report it
     * @param heapPages per heap, its pages after the loop ({@code GC.stat_heap(i, :heap_eden_pages)}); empty where
     *                  the lab file does not record them
     * @param gcSequence every GC of the loop, in order, where the lab recorded them ({@code lab.rb --gc-sequence},
     *                   whose loops are not timed); else empty
     */
    public record Run(long n, long elapsedNs, long emptyLoopNs, long gcs, long majors, long minorFaults, double otherCpuBusy,
            long allocations, long gcTimeMs, int[] heapPages, List<GcRecord> gcSequence) {

        public Run(long n, long elapsedNs, long emptyLoopNs, long gcs, long majors, long minorFaults, double otherCpuBusy,
                long allocations, long gcTimeMs) {
            this(n, elapsedNs, emptyLoopNs, gcs, majors, minorFaults, otherCpuBusy, allocations, gcTimeMs, new int[0], List.of());
        }

        public double nsPerOp() {
            return elapsedNs / (double) n;
        }
    }

    /**
     * One GC of a lab loop, as the loop saw it right after.
     *
     * @param iteration the iterations done when the loop saw {@code GC.count} move: the GC ran during the one before
     * @param gcBy {@code GC.latest_gc_info(:gc_by)}: {@code newobj} (a heap had no free slot), {@code malloc}, ...
     * @param majorBy {@code GC.latest_gc_info(:major_by)}, empty for a minor GC
     * @param pages each heap's pages after it
     */
    public record GcRecord(long iteration, String gcBy, String majorBy, int[] pages) {
        public boolean major() {
            return !majorBy.isEmpty();
        }

        public boolean byMalloc() {
            return gcBy.equals("malloc");
        }
    }

    /**
     * One loop body in one harness, with its runs per Ruby.
     *
     * @param id e.g. {@code subseq-frozen-suffix-200}
     * @param kind {@code subseq}, {@code split}, {@code new}, {@code strmul}
     * @param params the body's parameters (lengths, source, receiver, ivars)
     * @param env environment variables the loop ran with (raised heap init slots), empty mostly
     * @param harness {@code bare}, {@code rubygems}, {@code benchmark-ips}
     * @param runs per Ruby name, its runs in order
     */
    public record Row(String id, String kind, JsonNode params, Map<String, String> env, String harness, Map<String, List<Run>> runs) {
        public long param(String key) {
            return params.path(key).asLong();
        }

        public String text(String key) {
            return params.path(key).asText();
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The GC records of a run (each heap's pages written only where they changed: carried forward here). */
    private static List<GcRecord> gcSequence(JsonNode seq) {
        List<GcRecord> out = new ArrayList<>();
        int[] pages = new int[0];
        for (JsonNode g : seq) {
            if (g.has("pages")) {
                pages = new int[g.path("pages").size()];
                for (int i = 0; i < pages.length; i++) {
                    pages[i] = g.path("pages").get(i).asInt();
                }
            }
            out.add(new GcRecord(g.path("iteration").asLong(), g.path("gc_by").asText(), g.path("major_by").asText(), pages));
        }
        return List.copyOf(out);
    }

    private static int[] heapPages(JsonNode heaps) {
        int[] pages = new int[heaps.size()];
        for (int i = 0; i < pages.length; i++) {
            pages[i] = heaps.get(i).path("heap_eden_pages").asInt();
        }
        return pages;
    }

    /** Reads a lab file (plain or gzip-compressed JSON). */
    public static LabResults read(InputStream in, String where) throws IOException {
        InputStream s = where.endsWith(".gz") ? new GZIPInputStream(in) : in;
        JsonNode root = JSON.readTree(s);
        if (root == null || root.path("lab_version").asInt(-1) != 1) {
            throw new IOException(where + ": not a validation lab file (lab_version 1)");
        }
        List<Ruby> rubies = new ArrayList<>();
        for (JsonNode r : root.path("rubies")) {
            Map<String, String> build = new LinkedHashMap<>();
            r.path("build").fields().forEachRemaining(e -> build.put(e.getKey(), e.getValue().asText()));
            rubies.add(new Ruby(r.path("name").asText(), r.path("description").asText(), build));
        }
        List<Row> rows = new ArrayList<>();
        for (JsonNode r : root.path("rows")) {
            Map<String, String> env = new LinkedHashMap<>();
            r.path("env").fields().forEachRemaining(e -> env.put(e.getKey(), e.getValue().asText()));
            Map<String, List<Run>> runs = new LinkedHashMap<>();
            r.path("results").fields().forEachRemaining(e -> {
                List<Run> list = new ArrayList<>();
                for (JsonNode x : e.getValue()) {
                    if (x.has("error")) {
                        continue;
                    }
                    JsonNode b = x.path("before").path("gc");
                    JsonNode a = x.path("after").path("gc");
                    list.add(new Run(x.path("n").asLong(), x.path("elapsed_ns").asLong(), x.path("empty_loop_ns").asLong(0),
                            a.path("count").asLong() - b.path("count").asLong(), a.path("major_gc_count").asLong() - b.path("major_gc_count").asLong(),
                            x.path("after").path("minflt").asLong() - x.path("before").path("minflt").asLong(), x.path("other_cpu_busy").asDouble(0),
                            a.path("total_allocated_objects").asLong() - b.path("total_allocated_objects").asLong(),
                            a.has("time") && b.has("time") ? a.path("time").asLong() - b.path("time").asLong() : -1,
                            heapPages(x.path("after").path("heaps")), gcSequence(x.path("gc_sequence"))));
                }
                runs.put(e.getKey(), list);
            });
            rows.add(new Row(r.path("id").asText(), r.path("kind").asText(), r.path("params"), env, r.path("harness").asText(), runs));
        }
        return new LabResults(root.path("date").asText(), root.path("machine"), rubies, root.path("runs").asInt(), rows);
    }
}
