package org.slotlab.model.calibrate;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.slotlab.model.cost.Coefficient;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.cost.OpEvents;
import org.slotlab.model.heap.HeapSimulator;
import org.slotlab.model.heap.ObjectSpec;
import org.slotlab.model.heap.Phase;
import org.slotlab.model.heap.SimResult;
import org.slotlab.model.layout.BootState;
import org.slotlab.model.layout.GcParams;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SlicePosition;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.string.StrSubseq;
import org.slotlab.model.string.SubseqOutcome;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.workload.KeepMode;
import org.slotlab.model.workload.OpPlan;
import org.slotlab.model.workload.SliceLoop;
import org.slotlab.model.workload.SlotAlloc;

/**
 * Calibration against a real Ruby, end to end (issue 6, "Calibration"): the heap layout read by
 * {@code layout.rb} becomes a {@link RubyLayout} ({@link #layoutOf}), and the timings of
 * {@code timing.rb} fit a {@link CostProfile} ({@link #fit}) by {@link LeastSquares#nonNegative}.
 * The design matrix is built from the model's own counts: each probe row is turned into the
 * {@link OpPlan} the model would run for that Ruby expression ({@code X * len} is
 * {@link StrSubseq#copy}, {@code SRC.byteslice} a {@link SliceLoop}, {@code Klass.new} a
 * {@link SlotAlloc}), simulated by {@link HeapSimulator} on the calibrated layout, and its events
 * per op are exactly what {@link CostProfile#nsPerOp} multiplies (calls, bytes copied, shared
 * setups, frozen roots, mallocs, slots per heap, pages swept and objects marked by its GCs). So a
 * fitted coefficient means what the default profile's does. A coefficient whose column is zero or
 * a combination of the columns kept before it cannot be told apart by the probes: it keeps the
 * default value, its contribution is taken off the timings first, and its provenance says so.
 * The {@code empty_loop} row's time is the loop overhead and is subtracted from every row; rows are
 * weighted by 1 / their time (relative least squares), so a 50 ns row counts as much as a 500 ns one.
 *
 * <p>Example (Debian 12's ruby 3.1.2, the committed quick timings): {@code slot_alloc_ns} keeps
 * its default because every probe allocation comes with a call (its column is a combination of
 * {@code method_call_ns} and {@code new_call_ns}); {@code slot_touch_ns_per_byte} keeps its
 * default because 3.1 has only 40-byte slots.
 */
public final class ProfileCalibration {

    /** Provenance of a coefficient the probes cannot determine (issue 6 calibration brief). */
    public static final String NOT_DETERMINED = "default (not determined by the probes)";
    /** Bytes of timing.rb's frozen source {@code SRC} (timing.rb {@code SRC_BYTES}). */
    public static final long PROBE_SOURCE_BYTES = 8192;
    /** sizeof(struct RString) on 64-bit CRuby 3.1-3.4 (include/ruby/internal/core/rstring.h), used when the reading has no shared slice. */
    public static final int DEFAULT_RSTRING_SIZE = 40;
    /** Bytes before a page's first slot: struct heap_page_header, one pointer (gc.c 3.1 / gc/default/default.c 3.4). */
    public static final int PAGE_HEADER_BYTES = 8;
    /** HEAP_PAGE_SIZE of 3.1 (gc.c:855-860), when the Ruby does not expose it. */
    public static final int PAGE_SIZE_31 = 16_384;
    /** HEAP_PAGE_SIZE of 3.3+ (gc/default/default.c:607-610), when the Ruby does not expose it. */
    public static final int PAGE_SIZE_34 = 65_536;
    /** A column whose part outside the span of the kept columns is below this share of its norm is not fitted. */
    static final double INDEPENDENCE_TOLERANCE = 1e-3;
    /** Floor of a row's measured time in the relative weights, ns: a row faster than the loop's noise must not dominate. */
    static final double MIN_ROW_NS = 1.0;
    /** Live objects the ring row keeps: timing.rb's {@code RING = Array.new(50_000)}. */
    static final long PROBE_RING = 50_000;

    /**
     * The order in which columns are taken into the fit: a later column confounded with earlier ones
     * keeps its default. The direct costs come first; the GC's per-page and per-object costs last,
     * because in a dying loop on one heap the pages swept per op grow with the slots allocated per op,
     * so they are told apart only by rows whose GCs come from elsewhere (malloc, a retained ring).
     */
    static final List<String> FIT_ORDER = List.of(CostProfile.METHOD_CALL, CostProfile.NEW_CALL, CostProfile.COPY,
            CostProfile.MALLOC, CostProfile.SHARED_SETUP, CostProfile.FROZEN_ROOT, CostProfile.ALLOC, CostProfile.TOUCH,
            CostProfile.GC_PAGE, CostProfile.GC_MARK);

    private ProfileCalibration() {
    }

    /**
     * Everything one calibration produced.
     *
     * @param report what layout.rb read
     * @param reading its numbers, checked
     * @param layout the calibrated layout
     * @param timing what timing.rb measured
     * @param fit the fitted profile and its report
     */
    public record Calibration(RubyReport report, LayoutReading reading, RubyLayout layout, TimingReport timing, CalibrationFit fit) {
    }

    /**
     * Runs both probes on the runner's Ruby and fits. Progress: one step for the layout probe, then
     * timing.rb's own lines.
     */
    public static Calibration calibrate(RubyProbeRunner runner, TimingMode mode, Consumer<ProbeProgress> progress)
            throws CalibrationException {
        Consumer<ProbeProgress> p = progress == null ? x -> { } : progress;
        p.accept(new ProbeProgress(RubyProbeRunner.LAYOUT_PROBE, 0, 1, "heap layout"));
        RubyReport report = runner.readLayout();
        LayoutReading reading = LayoutReading.of(report);
        RubyLayout layout = layoutOf(report);
        p.accept(new ProbeProgress(RubyProbeRunner.LAYOUT_PROBE, 1, 1, "done"));
        TimingReport timing = runner.readTiming(mode, p);
        CalibrationFit fit = fit(timing, layout, CostProfile.defaultProfile());
        return new Calibration(report, reading, layout, timing, fit);
    }

    // ------------------------------------------------------------------ layout

    /** The model layout of the Ruby that produced {@code report}, named {@code calibrated-ruby-VERSION}. */
    public static RubyLayout layoutOf(RubyReport report) throws CalibrationException {
        LayoutReading r = LayoutReading.of(report);
        boolean modernGc = r.rubyVersion().isAtLeast(3, 3);
        int[] slots = r.slotSizes().stream().mapToInt(Integer::intValue).toArray();
        long shared = RubyReport.valueAt(report.suffixFrozenMemsize(), lastLen(report.suffixFrozenMemsize()));
        int rstring = shared > 0 && r.slotSizes().contains((int) shared) ? (int) shared : DEFAULT_RSTRING_SIZE;
        int pageSize = r.heapPageSize() > 0 ? (int) r.heapPageSize() : modernGc ? PAGE_SIZE_34 : PAGE_SIZE_31;
        boolean fixed = slots.length == 1 && r.embedOffset() + r.maxEmbedCapa() <= slots[0];
        String name = "calibrated-ruby-" + r.rubyVersion().text();
        RubyLayout.Builder b = RubyLayout.builder(name)
                .description("read by slotlab calibrate from " + r.rubyDescription() + ": slots " + r.slotSizes() + " B, page "
                        + pageSize + " B, embed offset " + r.embedOffset() + ", max embedded len " + r.maxEmbeddedLen())
                .slotSizes(slots)
                .pageSize(pageSize)
                .pageHeaderBytes(PAGE_HEADER_BYTES)
                .rstringSize(rstring)
                .embedOffset(r.embedOffset())
                .termLen(r.termLen())
                .embedRule(fixed ? RubyLayout.EmbedRule.FIXED : RubyLayout.EmbedRule.VARIABLE_WIDTH)
                .gc(modernGc ? GcParams.ruby34() : GcParams.ruby31())
                .boot(bootStateOf(report, r));
        if (fixed) {
            b.fixedEmbedCapa(r.maxEmbedCapa());
        }
        try {
            return b.build();
        } catch (IllegalArgumentException e) {
            throw new CalibrationException(CalibrationException.Kind.BAD_OUTPUT,
                    "layout of " + r.rubyDescription() + " does not make a valid model layout: " + e.getMessage());
        }
    }

    private static int lastLen(List<RubyReport.Segment> segments) {
        return segments.isEmpty() ? -1 : segments.get(segments.size() - 1).to();
    }

    /**
     * The heap at loop start. From layout.rb's boot cycle when present (pages after it, per heap the
     * slots one dying-loop cycle did not free, old objects split in proportion, GCs since the last
     * major); otherwise an upper bound from GC.stat at boot, where no GC has run and unswept
     * garbage counts as live.
     */
    static BootState bootStateOf(RubyReport report, LayoutReading r) {
        int heaps = r.slotSizes().size();
        int[] pages = new int[heaps];
        long[] live = new long[heaps];
        long[] old = new long[heaps];
        JsonNode cycle = report.raw() == null ? null : report.raw().get("boot_cycle");
        if (cycle != null && cycle.path("cycles").isArray() && cycle.path("heap_pages").size() == heaps) {
            for (int i = 0; i < heaps; i++) {
                pages[i] = cycle.path("heap_pages").get(i).asInt();
                JsonNode c = cycle.path("cycles").get(i);
                live[i] = c == null ? 0 : Math.max(0, c.path("kept").asLong(0));
            }
            long total = 0;
            for (long v : live) {
                total += v;
            }
            long oldObjects = cycle.path("old_objects").asLong(0);
            for (int i = 0; i < heaps; i++) {
                old[i] = total == 0 ? 0 : Math.min(live[i], Math.round((double) oldObjects * live[i] / total));
            }
            int sinceMajor = cycle.path("gcs_since_major").isNumber() ? cycle.path("gcs_since_major").asInt() : -1;
            return new BootState(pages, live, old, "read by layout.rb's boot cycle on " + r.rubyDescription()
                    + " (--disable-gems): pages after it, slots a dying-loop cycle per heap did not free, "
                    + oldObjects + " old objects split in proportion", sinceMajor);
        }
        Map<Integer, Map<String, Long>> statHeap = report.bootGcStatHeap();
        for (int i = 0; i < heaps; i++) {
            int slot = r.slotSizes().get(i);
            pages[i] = (int) (long) r.bootPagesBySlot().getOrDefault(slot, 0L);
            Map<String, Long> h = statHeap.get(i);
            if (h != null && h.containsKey("total_allocated_objects")) {
                live[i] = Math.max(0, h.get("total_allocated_objects") - h.getOrDefault("total_freed_objects", 0L));
            } else if (heaps == 1) {
                live[i] = Math.max(0, r.bootHeapLiveSlots());
            }
        }
        return new BootState(pages, live, old, "upper bound from GC.stat at boot on " + r.rubyDescription()
                + ": no GC had run, so unswept garbage counts as live (this reading has no boot cycle)");
    }

    // ------------------------------------------------------------------ the fit

    /** A timing row as the model sees it: the plan of its loop body, or why there is none. */
    record RowPlan(TimingReport.Row row, OpPlan plan, String skipped) {
    }

    /** The model's plan for one probe row, or empty with the reason when the model cannot price it. */
    static RowPlan planOf(TimingReport.Row row, RubyLayout layout) {
        long n = row.n();
        // the heap of the row's result: the slot its memsize names, else sizeof(RString)'s
        int sampled = row.sampleMemsize() > 0 ? layout.heapIndexOfSlot((int) row.sampleMemsize()) : -1;
        int base = sampled >= 0 ? sampled : layout.rstringHeap();
        switch (row.group()) {
            case "alloc_object": {
                int slot = (int) row.feature("slot_size");
                if (layout.heapIndexOfSlot(slot) < 0) {
                    return new RowPlan(row, null, "the layout has no " + slot + " B slots");
                }
                return new RowPlan(row, new SlotAlloc(slot, n).plan(layout), null);
            }
            case "alloc_multi": {
                int k = (int) row.feature("objects");
                List<ObjectSpec> specs = new ArrayList<>();
                for (int i = 0; i < k; i++) {
                    specs.add(ObjectSpec.dying(base, "object"));
                }
                return new RowPlan(row, new OpPlan(List.of(new Phase(n, specs)), new OpEvents(0, k, 0, 0, 0, 0), k, "40"), null);
            }
            case "alloc_literal": {
                // x = []: newarray allocates a 40 B embedded array; no method call
                int k = (int) row.feature("objects");
                List<ObjectSpec> specs = new ArrayList<>();
                for (int i = 0; i < k; i++) {
                    specs.add(ObjectSpec.dying(base, "array"));
                }
                return new RowPlan(row, new OpPlan(List.of(new Phase(n, specs)), OpEvents.NONE, k, "40"), null);
            }
            case "alloc_string":
            case "alloc_string_malloc":
            case "source_only": {
                long len = row.feature("copied_bytes");
                SubseqOutcome o = StrSubseq.copy(layout, len);
                ObjectSpec s = new ObjectSpec(layout.heapIndexOfSlot(o.sliceSlotBytes()), o.sliceMallocBytes(), ObjectSpec.IMMEDIATE, "string");
                return new RowPlan(row, new OpPlan(List.of(new Phase(n, List.of(s))),
                        new OpEvents(1, 0, len, 0, 0, o.sliceMallocBytes() > 0 ? 1 : 0), 1, o.slotLabel()), null);
            }
            case "copy_middle":
                return slice(row, layout, row.feature("copied_bytes"), PROBE_SOURCE_BYTES, SourceState.FROZEN, SlicePosition.MIDDLE);
            case "suffix_frozen":
                return slice(row, layout, row.feature("slice_len"), PROBE_SOURCE_BYTES, SourceState.FROZEN, SlicePosition.SUFFIX);
            case "suffix_unfrozen":
                return slice(row, layout, row.feature("slice_len"), row.feature("source_len"), SourceState.UNFROZEN_UNSHARED,
                        SlicePosition.SUFFIX);
            case "gc": {
                long live = row.feature("live");
                if (live == 0) {
                    return new RowPlan(row, new OpPlan(List.of(new Phase(n, List.of(ObjectSpec.dying(base, "object")))),
                            new OpEvents(0, 1, 0, 0, 0, 0), 1, "40"), null);
                }
                // RING[i % R] = Object.new: the object lives R ops in an old array; the store is one C call (rb_ary_store)
                ObjectSpec kept = new ObjectSpec(base, 0, live, "kept", true);
                return new RowPlan(row, new OpPlan(List.of(new Phase(n, List.of(kept))), new OpEvents(1, 1, 0, 0, 0, 0), 1, "40"), null);
            }
            case "baseline":
                return new RowPlan(row, null, "the loop overhead, subtracted from every row");
            default:
                return new RowPlan(row, null, "group '" + row.group() + "' has no model");
        }
    }

    private static RowPlan slice(TimingReport.Row row, RubyLayout layout, long len, long sourceLen, SourceState source, SlicePosition pos) {
        SliceLoop loop = new SliceLoop(len, sourceLen, source, pos, row.n(), 0, KeepMode.FIRST);
        return new RowPlan(row, loop.plan(layout, SubseqPolicies.master()), null);
    }

    /** Per-op counts of one plan, one per coefficient name (what CostProfile.nsPerOp multiplies). */
    static Map<String, Double> columns(RubyLayout layout, OpPlan plan, double touchWindow) {
        SimResult sim = new HeapSimulator(layout).run(plan.phases(), true);
        double n = sim.ops();
        OpEvents e = plan.eventsPerOp();
        Map<String, Double> c = new LinkedHashMap<>();
        for (String name : CostProfile.NAMES) {
            c.put(name, 0.0);
        }
        c.put(CostProfile.METHOD_CALL, e.methodCalls());
        c.put(CostProfile.NEW_CALL, e.newCalls());
        c.put(CostProfile.COPY, e.bytesCopied());
        c.put(CostProfile.SHARED_SETUP, e.sharedSetups());
        c.put(CostProfile.FROZEN_ROOT, e.frozenRoots());
        c.put(CostProfile.MALLOC, e.mallocs());
        long[] alloc = sim.allocations();
        double slots = 0;
        double touched = 0;
        for (int h = 0; h < alloc.length; h++) {
            slots += alloc[h] / n;
            touched += alloc[h] / n * Math.min(layout.slotSize(h), touchWindow);
        }
        c.put(CostProfile.ALLOC, slots);
        c.put(CostProfile.TOUCH, touched);
        c.put(CostProfile.GC_PAGE, sim.pagesSweptSum() / n);
        c.put(CostProfile.GC_MARK, sim.markedSum() / n);
        return c;
    }

    /**
     * Fits a profile to {@code timing} on {@code layout}; coefficients the probes cannot determine
     * keep {@code defaults}' values. The profile carries {@code layout}.
     */
    public static CalibrationFit fit(TimingReport timing, RubyLayout layout, CostProfile defaults) throws CalibrationException {
        Optional<TimingReport.Row> empty = timing.rows().stream().filter(r -> r.group().equals("baseline")).findFirst();
        double loop = empty.map(TimingReport.Row::minNsPerIteration).orElse(0.0);
        double window = defaults.get(CostProfile.TOUCH_WINDOW);
        List<TimingReport.Row> used = new ArrayList<>();
        List<Map<String, Double>> cols = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (TimingReport.Row row : timing.rows()) {
            RowPlan p = planOf(row, layout);
            if (p.plan() == null) {
                skipped.add(row.name() + ": " + p.skipped());
                continue;
            }
            used.add(row);
            cols.add(columns(layout, p.plan(), window));
        }
        int n = used.size();
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            y[i] = used.get(i).minNsPerIteration() - loop;
        }
        // choose the columns the rows determine, in FIT_ORDER
        List<String> kept = new ArrayList<>();
        Map<String, String> notes = new LinkedHashMap<>();
        notes.put(CostProfile.TOUCH_WINDOW, "a threshold, not a linear term; no probe row scans it");
        for (String name : FIT_ORDER) {
            double[] col = column(cols, name);
            double norm = norm(col);
            if (norm == 0) {
                notes.put(name, "no probe row has this event in the model");
                continue;
            }
            if (!kept.isEmpty() && n > kept.size()) {
                double[][] xk = matrix(cols, kept);
                try {
                    LeastSquares.Fit proj = LeastSquares.ordinary(kept, xk, col);
                    double rest = 0;
                    for (double r : proj.residuals()) {
                        rest = Math.hypot(rest, r);
                    }
                    if (rest < INDEPENDENCE_TOLERANCE * norm) {
                        notes.put(name, "confounded: a combination of the coefficients fitted before it in every probe row");
                        continue;
                    }
                } catch (IllegalArgumentException dependent) {
                    notes.put(name, dependent.getMessage());
                    continue;
                }
            }
            if (kept.size() + 1 > n) {
                notes.put(name, "more coefficients than rows");
                continue;
            }
            kept.add(name);
        }
        if (kept.isEmpty()) {
            throw new CalibrationException(CalibrationException.Kind.BAD_OUTPUT,
                    "timing of " + timing.rubyDescription() + " has no row the model can price; nothing to fit");
        }
        double[] yFit = y.clone();
        for (int i = 0; i < n; i++) {
            for (String name : CostProfile.NAMES) {
                if (!kept.contains(name)) {
                    yFit[i] -= defaults.get(name) * cols.get(i).get(name);
                }
            }
        }
        LeastSquares.Fit fit;
        try {
            // relative least squares: each row divided by its measured time, since timing noise grows
            // with the time measured and short rows (one slot, one shared slice) carry short-length predictions
            double[][] xw = matrix(cols, kept);
            double[] yw = yFit.clone();
            for (int i = 0; i < n; i++) {
                double w = 1 / Math.max(y[i], MIN_ROW_NS);
                for (int j = 0; j < xw[i].length; j++) {
                    xw[i][j] *= w;
                }
                yw[i] *= w;
            }
            fit = LeastSquares.nonNegative(kept, xw, yw);
        } catch (IllegalArgumentException e) {
            throw new CalibrationException(CalibrationException.Kind.BAD_OUTPUT, "cost fit on " + timing.rubyDescription() + " failed: " + e.getMessage());
        }
        String source = "timing.rb " + timing.mode() + " on " + timing.rubyDescription() + ", " + n + " rows";
        List<Coefficient> coefficients = new ArrayList<>();
        List<CalibrationFit.CoefficientFit> report = new ArrayList<>();
        for (Coefficient d : defaults.coefficients()) {
            if (kept.contains(d.name())) {
                LeastSquares.Coefficient c = fit.coefficient(d.name());
                double v = Math.max(0, c.estimate());
                String prov = c.atZeroBound() ? "fitted: " + source + " (held at 0 by the non-negative fit)"
                        : String.format(Locale.ROOT, "fitted: %s (± %.3g, 95%% CI %.3g .. %.3g)", source, c.standardError(), c.lower95(), c.upper95());
                coefficients.add(new Coefficient(d.name(), v, d.unit(), d.description(), prov));
                report.add(new CalibrationFit.CoefficientFit(d.name(), v, d.unit(), true, c.standardError(), c.lower95(), c.upper95(),
                        c.atZeroBound(), ""));
            } else {
                coefficients.add(d.withProvenance(NOT_DETERMINED));
                report.add(new CalibrationFit.CoefficientFit(d.name(), d.value(), d.unit(), false, Double.NaN, Double.NaN, Double.NaN,
                        false, notes.getOrDefault(d.name(), "")));
            }
        }
        CostProfile profile = new CostProfile("calibrated-ruby-" + timing.rubyVersion(), timing.rubyDescription(), coefficients,
                layout.name(), layout);
        List<CalibrationFit.RowFit> rows = new ArrayList<>();
        double mean = 0;
        for (double v : y) {
            mean += v / n;
        }
        double rss = 0;
        double tss = 0;
        for (int i = 0; i < n; i++) {
            double pred = 0;
            for (String name : CostProfile.NAMES) {
                pred += profile.get(name) * cols.get(i).get(name);
            }
            rows.add(new CalibrationFit.RowFit(used.get(i).name(), used.get(i).group(), y[i], pred, y[i] - pred));
            rss += (y[i] - pred) * (y[i] - pred);
            tss += (y[i] - mean) * (y[i] - mean);
        }
        double rse = fit.degreesOfFreedom() > 0 ? Math.sqrt(rss / fit.degreesOfFreedom()) : Double.NaN;
        return new CalibrationFit(profile, report, rows, tss > 0 ? 1 - rss / tss : Double.NaN, rse,
                fit.degreesOfFreedom(), loop, skipped);
    }

    private static double[] column(List<Map<String, Double>> cols, String name) {
        return cols.stream().mapToDouble(m -> m.get(name)).toArray();
    }

    private static double[][] matrix(List<Map<String, Double>> cols, List<String> names) {
        double[][] x = new double[cols.size()][names.size()];
        for (int i = 0; i < cols.size(); i++) {
            for (int j = 0; j < names.size(); j++) {
                x[i][j] = cols.get(i).get(names.get(j));
            }
        }
        return x;
    }

    private static double norm(double[] v) {
        double s = 0;
        for (double d : v) {
            s = Math.hypot(s, d);
        }
        return s;
    }
}
