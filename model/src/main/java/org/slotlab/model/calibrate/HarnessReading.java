package org.slotlab.model.calibrate;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.slotlab.model.harness.Harness;
import org.slotlab.model.harness.HarnessState;
import org.slotlab.model.layout.BootState;
import org.slotlab.model.layout.RubyLayout;

/**
 * What {@code probes/harness.rb} read inside one harness: the heap the body's first iteration
 * finds (pages per heap, what its GCs keep per heap, old objects, whether a GC was still in
 * progress) and the harness's cost per iteration with an empty body.
 *
 * @param harness the harness
 * @param rubyDescription {@code RUBY_DESCRIPTION}
 * @param pages heap pages per heap when the body starts
 * @param kept per heap, the slots a GC keeps (reachable objects and old garbage a minor GC keeps)
 * @param oldObjects {@code GC.stat(:old_objects)} when the body starts
 * @param gcState {@code GC.latest_gc_info(:state)} when the body starts ({@code none}, {@code marking}, {@code sweeping})
 * @param lastGcMajor whether the last GC before the body was a major one
 * @param loopNs ns per iteration of an empty {@code while} loop
 * @param blockCallLoopNs ns per iteration of a {@code while} loop that calls an empty block
 * @param gcCycles what a GC cost in this heap (a dying {@code Object.new} loop timed by
 *                 {@code GC.stat(:time)}), or null where the probe did not measure it (before Ruby 3.1,
 *                 or readings taken before the probe did)
 * @param raw the probe's JSON
 */
public record HarnessReading(Harness harness, String rubyDescription, int[] pages, long[] kept, long oldObjects, String gcState,
        boolean lastGcMajor, double loopNs, double blockCallLoopNs, GcCycles gcCycles, JsonNode raw) {

    /**
     * The probe's dying {@code Object.new} loop in the heap the harness leaves: {@code ops}
     * iterations per repeat, the GCs they ran, and the GC time per GC of the fastest repeat after the
     * first (which starts from the heap as the harness left it, mid-cycle): the fastest, as the timing
     * probes' GC time is read, so the harness's cost is the machine at its quickest, like the terms
     * it is compared with.
     *
     * @param ops       iterations per repeat
     * @param gcs       GCs per repeat (median)
     * @param nsPerGc   GC time per GC, ns (the fastest of the repeats)
     * @param repeats   repeats the fastest is taken from
     */
    public record GcCycles(long ops, long gcs, double nsPerGc, int repeats) {}

    /** benchmark-ips's default warm-up, seconds ({@code Benchmark::IPS::Job} {@code @warmup = 2}). */
    public static final double IPS_WARMUP_SECONDS = 2;
    /** ruby-bench's warm-up per timed iteration: {@code WARMUP_ITRS} 15 over {@code MIN_BENCH_ITRS} 10 (harness/harness.rb). */
    public static final double RUBY_BENCH_WARMUP_PER_TIMED = 15.0 / 10.0;

    public static HarnessReading fromJson(JsonNode json, String where) throws CalibrationException {
        if (!"harness".equals(json.path("probe").asText())) {
            throw bad(where, "field 'probe' is '" + json.path("probe").asText() + "', expected 'harness'");
        }
        Harness h;
        try {
            h = Harness.parse(json.path("harness").asText());
        } catch (IllegalArgumentException e) {
            throw bad(where, e.getMessage());
        }
        JsonNode start = json.path("at_start");
        List<Integer> pages = new ArrayList<>();
        if (start.path("heaps").isArray()) {
            start.path("heaps").forEach(x -> pages.add(x.path("pages").asInt()));
        } else {
            pages.add(start.path("heap_eden_pages").asInt());
        }
        JsonNode keptNode = json.path("kept_by_heap");
        if (!keptNode.isArray() || keptNode.size() != pages.size()) {
            throw bad(where, "has " + keptNode.size() + " kept-slot counts for " + pages.size() + " heaps");
        }
        long[] kept = new long[pages.size()];
        for (int i = 0; i < kept.length; i++) {
            kept[i] = keptNode.get(i).isNumber() ? Math.max(0, keptNode.get(i).asLong()) : 0;
        }
        double loop = json.path("loop_ns").asDouble(Double.NaN);
        double block = json.path("block_call_loop_ns").asDouble(Double.NaN);
        if (!(loop > 0) || !(block > 0)) {
            throw bad(where, "has no positive loop timings");
        }
        return new HarnessReading(h, json.path("ruby_description").asText(), pages.stream().mapToInt(Integer::intValue).toArray(), kept,
                start.path("old_objects").asLong(), start.path("state").asText(""), !start.path("last_major_by").asText("").isEmpty(),
                loop, block, gcCycles(json.path("gc_cycles"), where), json);
    }

    /**
     * Slots in use per heap when the body starts, garbage not yet swept included: per heap
     * {@code total_allocated_objects - total_freed_objects} of {@code GC.stat_heap} (3.3+), or
     * {@code GC.stat(:heap_live_slots)} for the one heap of older Rubies; 0 where the reading has
     * neither (the kept slots then stand for it).
     */
    long[] inUse() {
        long[] occupied = new long[pages.length];
        JsonNode start = raw == null ? null : raw.path("at_start");
        if (start == null) {
            return occupied;
        }
        JsonNode heaps = start.path("heaps");
        if (heaps.isArray() && heaps.size() == pages.length) {
            for (int i = 0; i < pages.length; i++) {
                JsonNode x = heaps.get(i);
                if (x.has("allocated") && x.has("freed")) {
                    occupied[i] = Math.max(0, x.path("allocated").asLong() - x.path("freed").asLong());
                }
            }
        } else if (pages.length == 1 && start.has("heap_live_slots")) {
            occupied[0] = Math.max(0, start.path("heap_live_slots").asLong());
        }
        return occupied;
    }

    static GcCycles gcCycles(JsonNode cycles, String where) throws CalibrationException {
        if (cycles.isMissingNode() || cycles.isNull()) {
            return null;
        }
        if (!cycles.isArray() || cycles.isEmpty()) {
            throw bad(where, "field 'gc_cycles' must be a non-empty array");
        }
        List<double[]> reps = new ArrayList<>();
        for (JsonNode c : cycles) {
            long n = c.path("n").asLong(-1);
            long gcs = c.path("gcs").asLong(-1);
            double ms = c.path("time_ms").asDouble(Double.NaN);
            if (n <= 0 || gcs < 0 || !(ms >= 0)) {
                throw bad(where, "has a gc_cycles entry without positive n, gcs and time_ms: " + c);
            }
            reps.add(new double[] {n, gcs, ms});
        }
        // the first repeat starts mid-cycle from the harness's heap; the later ones are steady
        List<double[]> steady = reps.size() > 1 ? reps.subList(1, reps.size()) : reps;
        if (steady.stream().anyMatch(r -> r[1] == 0)) {
            return null; // no GC ran: nothing to price per GC
        }
        double[] perGc = steady.stream().mapToDouble(r -> r[2] * 1e6 / r[1]).sorted().toArray();
        double[] gcs = steady.stream().mapToDouble(r -> r[1]).sorted().toArray();
        return new GcCycles((long) steady.get(0)[0], (long) gcs[gcs.length / 2], perGc[0], steady.size());
    }

    /**
     * GCs since the last major when the body starts, as CRuby counts them for its growth rule
     * ({@code objspace->profile.count - objspace->rgengc.last_major_gc}, gc/default/default.c:3837 on
     * 3.4): 0 right after a major; a process that has run no major yet counts from 0, so its GC count;
     * -1 where the reading does not say.
     */
    int gcsSinceMajor() {
        if (lastGcMajor) {
            return 0;
        }
        JsonNode start = raw == null ? null : raw.path("at_start");
        if (start != null && start.has("gc_count") && start.path("major_gc_count").asLong(-1) == 0) {
            return (int) start.path("gc_count").asLong();
        }
        return -1;
    }

    /**
     * The harness state for {@code layout}: the pages the body finds, the slots a GC keeps per
     * heap as live (never freed by the loop), old objects split over the heaps in proportion, and
     * the harness's loop cost (benchmark-driver subtracts its empty loop: 0; benchmark-ips calls a
     * block per iteration).
     */
    public HarnessState toState(RubyLayout layout) throws CalibrationException {
        if (pages.length != layout.heapCount()) {
            throw new CalibrationException(CalibrationException.Kind.BAD_OUTPUT, "harness " + harness.id() + " reading has " + pages.length
                    + " heaps but the layout has " + layout.heapCount());
        }
        long[] keptFit = steadyKept(layout, pages, kept);
        long total = 0;
        for (long k : keptFit) {
            total += k;
        }
        long[] old = new long[keptFit.length];
        for (int i = 0; i < keptFit.length; i++) {
            old[i] = total == 0 ? 0 : Math.min(keptFit[i], Math.round((double) oldObjects * keptFit[i] / total));
        }
        String prov = String.format(Locale.ROOT, "measured by harness.rb on %s: pages when the body starts, slots its GCs keep per heap; "
                + "GC %s at that moment", rubyDescription, gcState.isEmpty() ? "state unknown" : gcState);
        long[] occupied = inUse();
        for (int i = 0; i < occupied.length; i++) {
            occupied[i] = Math.max(occupied[i], keptFit[i]);
        }
        BootState boot = new BootState(pages, keptFit, old, prov, gcsSinceMajor(), occupied);
        double loopCost = switch (harness) {
            case BENCHMARK_DRIVER -> 0;
            case BENCHMARK_IPS -> blockCallLoopNs;
            default -> loopNs;
        };
        double warmupSeconds = harness == Harness.BENCHMARK_IPS ? IPS_WARMUP_SECONDS : 0;
        double warmupPerTimed = harness == Harness.RUBY_BENCH ? RUBY_BENCH_WARMUP_PER_TIMED : 0;
        return new HarnessState(harness, boot, loopCost, warmupSeconds, warmupPerTimed, prov);
    }

    /**
     * The kept slots, made consistent with a steady state: the probe's cycles ran without the heap
     * growing, so each cycle freed at least the minimum free slots CRuby grows below
     * (gc_marks_finish: max(total x heap_free_slots_min_ratio, heap_free_slots); 3.4 per heap:
     * max(total, init slots) x the ratio). A kept count measured a few slots too high (the cycles'
     * free slots are read around the allocation that starts each GC) would otherwise put the
     * simulated heap on the wrong side of that threshold and grow it where CRuby did not.
     */
    static long[] steadyKept(RubyLayout layout, int[] pages, long[] kept) {
        long[] out = kept.clone();
        org.slotlab.model.layout.GcParams gc = layout.gc();
        for (int h = 0; h < out.length; h++) {
            long total = (long) pages[h] * layout.slotsPerPage(h);
            if (total == 0 || out[h] == 0) {
                continue;
            }
            double minFree = gc.growthBySlotsBudget() ? Math.max(total, layout.heapInitSlots(h)) * gc.freeSlotsMinRatio()
                    : Math.max(total * gc.freeSlotsMinRatio(), gc.heapFreeSlots());
            long most = total - (long) Math.ceil(minFree);
            // only a small excess is a reading's error; a heap holding far more is a heap that will grow
            if (out[h] > most && out[h] - most <= Math.max(16, total / 200)) {
                out[h] = Math.max(0, most);
            }
        }
        return out;
    }

    private static CalibrationException bad(String where, String problem) {
        return new CalibrationException(CalibrationException.Kind.BAD_OUTPUT, where + ": harness output " + problem + ".");
    }
}
