package org.slotlab.model.calibrate;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.slotlab.model.cost.CacheSizes;
import org.slotlab.model.cost.Coefficient;
import org.slotlab.model.cost.CostModel;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.cost.CostTerm;
import org.slotlab.model.cost.FitCheck;
import org.slotlab.model.cost.MallocFaults;
import org.slotlab.model.cost.OpEvents;
import org.slotlab.model.harness.Harness;
import org.slotlab.model.harness.HarnessState;
import org.slotlab.model.heap.HeapSimulator;
import org.slotlab.model.heap.ObjectSpec;
import org.slotlab.model.heap.Phase;
import org.slotlab.model.heap.SimResult;
import org.slotlab.model.layout.BootState;
import org.slotlab.model.layout.GcParams;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SlicePosition;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.workload.AllocCall;
import org.slotlab.model.workload.AllocShape;
import org.slotlab.model.workload.ExecutionMode;
import org.slotlab.model.workload.KeepMode;
import org.slotlab.model.workload.OpPlan;
import org.slotlab.model.workload.SliceLoop;
import org.slotlab.model.parsers.SplitStep;
import org.slotlab.model.string.SubseqPolicies;

/**
 * Calibration against a real Ruby, end to end: the heap layout read by {@code layout.rb} becomes a
 * {@link RubyLayout} ({@link #layoutOf}); the heap each benchmark harness hands a loop is read by
 * {@code harness.rb} ({@link HarnessReading}); and the timings of {@code timing.rb}'s units, each
 * run in fresh processes, fit the coefficients of {@link CostModel} ({@link #fit}).
 *
 * <p>The fit's design matrix has one row per probe row and one column per {@link CostTerm}. The
 * columns come from two places: what the row's expression does, from the model's own rules
 * (C calls, Class#new calls, slots and their sizes, bytes copied into slots or into malloc'd
 * buffers, mallocs, shared headers, frozen roots), and what the row's process measured while it
 * ran (minor and major GCs, page faults, heap pages, live slots), so that the cost of a GC is
 * fitted to the GCs that really ran. The loop's own overhead is the unit's empty-loop row and is
 * taken off every row of that unit. Rows are weighted by 1 / their time (relative least squares)
 * and the costs are kept non-negative (Lawson-Hanson). {@code cycle_cache_bytes} is a threshold,
 * not a linear term: it is scanned over a range of sizes and the one with the least weighted
 * residual is kept (the scan is in the report).
 *
 * <p>What the report says about the fit: per coefficient its standard error and 95% interval, or
 * why the probes could not determine it (no row has the event, or its column is a combination of
 * others: then it keeps the default and says so); the condition number of the scaled design; and
 * a cross-validation: every row is predicted by a fit made without it, and compared with its own
 * noise. A profile whose held-out rows miss by more than their noise is marked untrusted
 * ({@link FitCheck}).
 */
public final class ProfileCalibration {

    /** Provenance of a coefficient the probes cannot determine. */
    public static final String NOT_DETERMINED = CostProfile.NOT_DETERMINED;
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
    static final double MIN_ROW_NS = 2.0;
    /** Smallest and largest {@code cycle_cache_bytes} scanned, and the step between scanned sizes (a factor). */
    static final double CACHE_SCAN_FROM = 256 * 1024.0;
    static final double CACHE_SCAN_TO = 1024.0 * 1024 * 1024;
    static final double CACHE_SCAN_STEP = Math.sqrt(2);
    /** Largest l2_cache_bytes scanned: a core's own cache. */
    static final double L2_SCAN_TO = 16 * 1024.0 * 1024;
    /** Smallest and largest slot_cycle_cache_bytes scanned (the heaps' memory; from the scanned cache sizes). */
    static final double SLOT_CACHE_SCAN_FROM = 1024.0 * 1024;
    static final double SLOT_CACHE_SCAN_TO = 128 * 1024.0 * 1024;
    /**
     * A held-out row passes when its prediction is within this share of its measured time, or
     * within {@link #NOISE_MULTIPLE} times its own run-to-run spread, whichever is larger.
     */
    public static final double HELD_OUT_TOLERANCE = 0.10;
    public static final double NOISE_MULTIPLE = 2.0;
    /** Share of held-out rows that must pass for the profile to be trusted. */
    public static final double TRUSTED_SHARE = 0.80;
    /**
     * Largest median run-to-run noise of the probe rows for a trusted profile: beyond it, held-out
     * rows pass because their noise is wide, not because the model predicts them.
     */
    public static final double MAX_MEDIAN_NOISE = 0.10;

    /**
     * The order in which columns are taken into the fit: a later column confounded with earlier
     * ones keeps its default. Direct costs first, then the memory and GC terms.
     */
    static final List<String> FIT_ORDER = List.of(CostProfile.METHOD_CALL, CostProfile.NEW_CALL, CostProfile.SPLIT_CALL, CostProfile.ALLOC,
            CostProfile.SLOT_BYTE, CostProfile.COPY, CostProfile.MEMCPY_CALL, CostProfile.MALLOC_COPY, CostProfile.MALLOC, CostProfile.SHARED_SETUP,
            CostProfile.FROZEN_ROOT, CostProfile.PAGE_FAULT, CostProfile.GC_MINOR, CostProfile.GC_MAJOR, CostProfile.GC_SLOT, CostProfile.GC_PAGE,
            CostProfile.GC_MARK, CostProfile.GC_REMEMBERED, CostProfile.GC_SWEEP_FREE, CostProfile.GC_SWEEP_EMPTY, CostProfile.GC_FREE,
            CostProfile.L2_MISS, CostProfile.GC_L2_MISS, CostProfile.CYCLE_MISS, CostProfile.CYCLE_MISS_CALL, CostProfile.SLOT_LINE_MISS, CostProfile.SLOT_CYCLE_MISS, CostTerm.YJIT_NEW_CALL.id(), CostTerm.ALLOCATE_CALL.id(), CostTerm.YJIT_ALLOCATE_CALL.id(),
            CostTerm.INITIALIZE_FRAME.id(), CostTerm.YJIT_INITIALIZE_FRAME.id(), CostTerm.IVAR_SET.id(), CostTerm.YJIT_IVAR_SET.id(),
            CostTerm.IVAR_ARRAY.id(), CostTerm.IVAR_ARRAY_BYTE.id(), ProfileCalibration.GC_START_CALL);

    /**
     * A nuisance term of the fit, not of the profile: what an explicit {@code GC.start} costs beyond
     * the GC it runs (the Ruby-level call, a full immediate sweep). The GC.start rows fix the costs
     * per page and per marked object; this term keeps their extra overhead out of the fixed cost of
     * the GCs that allocation starts.
     */
    static final String GC_START_CALL = "gc_start_call_ns";

    /** Not a coefficient: a row's new embedded strings written per op, which the L2 column scales. */
    static final String EMBEDDED_WRITES = "embedded_writes";

    private ProfileCalibration() {
    }

    /**
     * Everything one calibration produced.
     *
     * @param report what layout.rb read
     * @param reading its numbers, checked
     * @param layout the calibrated layout
     * @param timing what timing.rb measured
     * @param harnesses what harness.rb read in each harness it could run
     * @param harnessNotes harnesses that could not be measured, with the reason
     * @param fit the fitted profile and its report
     * @param json what the JSON parse probe read ({@link JsonParseCalibration}; its costs are in the fitted profile)
     */
    public record Calibration(RubyReport report, LayoutReading reading, RubyLayout layout, TimingReport timing,
                              List<HarnessReading> harnesses, List<String> harnessNotes, CalibrationFit fit,
                              JsonParseCalibration.Readings json) {
        /** A calibration without the JSON parse probe. */
        public Calibration(RubyReport report, LayoutReading reading, RubyLayout layout, TimingReport timing,
                List<HarnessReading> harnesses, List<String> harnessNotes, CalibrationFit fit) {
            this(report, reading, layout, timing, harnesses, harnessNotes, fit, JsonParseCalibration.Readings.NONE);
        }
    }

    /**
     * Where the harness libraries are: benchmark-ips's lib directory (null: the installed gem) and
     * a ruby-bench checkout (null: ruby-bench is not measured).
     */
    public record HarnessLibraries(Path benchmarkIps, Path rubyBench) {
        public static final HarnessLibraries NONE = new HarnessLibraries(null, null);
    }

    /** Runs the probes on the runner's Ruby and fits, with the harness libraries that are installed. */
    public static Calibration calibrate(RubyProbeRunner runner, TimingMode mode, Consumer<ProbeProgress> progress)
            throws CalibrationException {
        return calibrate(runner, mode, HarnessLibraries.NONE, progress);
    }

    /**
     * Runs layout.rb, harness.rb in every harness it can, then every unit of timing.rb, and fits.
     * Progress: one step for the layout, one per harness, then one per timing process.
     */
    public static Calibration calibrate(RubyProbeRunner runner, TimingMode mode, HarnessLibraries libs, Consumer<ProbeProgress> progress)
            throws CalibrationException {
        return calibrate(runner, mode, libs, progress, 0);
    }

    /**
     * {@link #calibrate(RubyProbeRunner, TimingMode, HarnessLibraries, Consumer)}, running a timing
     * process again up to {@code retries} times when the machine's other CPUs were busy during it.
     */
    public static Calibration calibrate(RubyProbeRunner runner, TimingMode mode, HarnessLibraries libs, Consumer<ProbeProgress> progress,
            int retries) throws CalibrationException {
        Consumer<ProbeProgress> p = progress == null ? x -> { } : progress;
        p.accept(new ProbeProgress(RubyProbeRunner.LAYOUT_PROBE, 0, 1, "heap layout"));
        RubyReport report = runner.readLayout();
        LayoutReading reading = LayoutReading.of(report);
        RubyLayout layout = layoutOf(report);
        p.accept(new ProbeProgress(RubyProbeRunner.LAYOUT_PROBE, 1, 1, "done"));
        List<HarnessReading> harnesses = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Harness[] all = Harness.values();
        for (int i = 0; i < all.length; i++) {
            Harness h = all[i];
            p.accept(new ProbeProgress(RubyProbeRunner.HARNESS_PROBE, i, all.length, h.id()));
            Path lib = h == Harness.BENCHMARK_IPS ? libs.benchmarkIps() : h == Harness.RUBY_BENCH ? libs.rubyBench() : null;
            if (h == Harness.RUBY_BENCH && lib == null) {
                notes.add("ruby-bench: not measured (give the path of a ruby-bench checkout to measure it)");
                continue;
            }
            try {
                harnesses.add(runner.readHarness(h, lib));
            } catch (CalibrationException e) {
                if (h == Harness.BARE) {
                    throw e;
                }
                notes.add(h.id() + ": not measured (" + e.getMessage() + ")");
            }
        }
        p.accept(new ProbeProgress(RubyProbeRunner.HARNESS_PROBE, all.length, all.length, "done"));
        TimingReport timing = runner.readTiming(mode, p, retries);
        CalibrationFit fit = fit(timing, layout, CostProfile.defaultProfile(), readCaches(), harnesses);
        // JSON.parse in processes of its own, under plain ruby, priced on the profile just fitted
        JsonParseCalibration.Readings json = JsonParseCalibration.measure(runner, mode, p);
        return new Calibration(report, reading, layout, timing, harnesses, notes, JsonParseCalibration.attach(fit, layout, json), json);
    }

    /**
     * The data caches of this machine: {@code /sys/devices/system/cpu/cpu0/cache/index*} on Linux,
     * {@code getconf -a} on Linux where the kernel does not expose that directory (some virtual
     * machines; glibc reads the sizes from the CPU's {@code cpuid}), {@code sysctl hw.l1dcachesize
     * hw.l2cachesize hw.l3cachesize} on macOS; unknown elsewhere.
     */
    public static CacheSizes readCaches() {
        Path sys = Path.of("/sys/devices/system/cpu/cpu0/cache");
        if (Files.isDirectory(sys)) {
            long l1 = 0;
            long l2 = 0;
            long l3 = 0;
            try (var dirs = Files.list(sys)) {
                for (Path d : dirs.filter(x -> x.getFileName().toString().startsWith("index")).toList()) {
                    String type = Files.readString(d.resolve("type")).trim();
                    int level = Integer.parseInt(Files.readString(d.resolve("level")).trim());
                    long size = CacheSizes.parseSize(Files.readString(d.resolve("size")));
                    if (type.equals("Instruction")) {
                        continue;
                    }
                    if (level == 1) {
                        l1 = size;
                    } else if (level == 2) {
                        l2 = size;
                    } else if (level >= 3) {
                        l3 = Math.max(l3, size);
                    }
                }
                return new CacheSizes(l1, l2, l3, sys.toString());
            } catch (IOException | RuntimeException e) {
                return CacheSizes.UNKNOWN;
            }
        }
        if (System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("mac")) {
            long[] v = new long[3];
            String[] keys = {"hw.l1dcachesize", "hw.l2cachesize", "hw.l3cachesize"};
            for (int i = 0; i < 3; i++) {
                v[i] = sysctl(keys[i]);
            }
            return new CacheSizes(v[0], v[1], v[2], "sysctl hw.*cachesize");
        }
        if (System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            String out = command("getconf", "-a");
            return out == null ? CacheSizes.UNKNOWN : parseGetconf(out);
        }
        return CacheSizes.UNKNOWN;
    }

    /**
     * The data caches in {@code getconf -a}'s output ({@code LEVEL1_DCACHE_SIZE}, {@code LEVEL2_CACHE_SIZE},
     * {@code LEVEL3_CACHE_SIZE}, in bytes; a blank or 0 value is unknown).
     */
    static CacheSizes parseGetconf(String out) {
        long l1 = 0;
        long l2 = 0;
        long l3 = 0;
        for (String line : out.split("\\R")) {
            String[] kv = line.trim().split("\\s+");
            if (kv.length != 2 || !kv[1].matches("\\d{1,18}")) {
                continue;
            }
            long v = Long.parseLong(kv[1]);
            switch (kv[0]) {
                case "LEVEL1_DCACHE_SIZE" -> l1 = v;
                case "LEVEL2_CACHE_SIZE" -> l2 = v;
                case "LEVEL3_CACHE_SIZE" -> l3 = v;
                default -> {
                }
            }
        }
        CacheSizes c = new CacheSizes(l1, l2, l3, "getconf -a");
        return c.known() ? c : CacheSizes.UNKNOWN;
    }

    private static long sysctl(String key) {
        String out = command("sysctl", "-n", key);
        try {
            return out == null ? 0 : Long.parseLong(out.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** A short system command's standard output, or null if it cannot run, fails or takes over 5 s. */
    private static String command(String... argv) {
        try {
            Process pr = new ProcessBuilder(argv).redirectErrorStream(true).start();
            String out = new String(pr.getInputStream().readAllBytes());
            if (!pr.waitFor(5, java.util.concurrent.TimeUnit.SECONDS) || pr.exitValue() != 0) {
                pr.destroyForcibly();
                return null;
            }
            return out;
        } catch (IOException | RuntimeException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
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

    /**
     * One probe row as the fit sees it: its measured time net of the loop, its noise, the columns
     * that do not depend on {@code cycle_cache_bytes}, and what the memory column needs.
     *
     * @param row the probe row
     * @param y the ns per iteration this equation explains: the fastest repeat's time minus the
     *          unit's empty loop (outside GC: minus that repeat's GC time too), or its GC time
     * @param noise the row's relative run-to-run spread
     * @param columns per coefficient name, the row's events per op (the memory column excluded)
     * @param bytesPerOp slot and malloc'd bytes allocated per op (what a GC cycle runs through)
     * @param gcsPerOp GCs per op measured while the row ran
     * @param equation which of the row's times this is
     */
    record DesignRow(TimingReport.Row row, double y, double noise, Map<String, Double> columns, List<Integer> slots, double bytesPerOp,
            double gcsPerOp, Equation equation) {

        DesignRow(TimingReport.Row row, double y, double noise, Map<String, Double> columns, List<Integer> slots, double bytesPerOp,
                double gcsPerOp) {
            this(row, y, noise, columns, slots, bytesPerOp, gcsPerOp, Equation.WALL);
        }

        /** The row's name in reports: its unit and name, and which of its times the equation explains. */
        String name() {
            return row.key() + equation.suffix;
        }

        /** Slot bytes one GC cycle of this row handed out (as {@link SimResult#slotCycleBytes} counts them for a run). */
        double slotCycleBytes() {
            return slots.stream().mapToDouble(Integer::doubleValue).sum() / (gcsPerOp + 1.0 / row.n());
        }

        /**
         * Memory of the heaps this row allocates from: per slot size, the larger of the slots its
         * environment gave that heap at boot (init_slots) and the slots one GC cycle hands out there.
         */
        double heapBytes() {
            // (called for every row at every scanned threshold: no allocation)
            double cycles = gcsPerOp + 1.0 / row.n();
            long initSlot = row.feature("slot_size");
            double all = 0;
            double ofInitHeap = 0;
            for (int s : slots) {
                all += s;
                if (s == initSlot) {
                    ofInitHeap += s;
                }
            }
            double atBoot = (double) row.feature("init_slots") * initSlot;
            return all / cycles + Math.max(0, atBoot - ofInitHeap / cycles);
        }

        /** Bytes one GC cycle of this row ran through. */
        double cycleBytes() {
            return bytesPerOp / (gcsPerOp + 1.0 / row.n());
        }

        double column(String name, Thresholds t) {
            if (name.equals(CostProfile.CYCLE_MISS)) {
                // counted as CostModel.price counts them (large buffers, and the copy into them, left out where exempt)
                double malloc = row.feature("malloc_bytes");
                double mallocCopied = columns.getOrDefault(CostProfile.MALLOC_COPY, 0.0);
                return CostModel.cycledMemoryBeyondCache(bytesPerOp - malloc, malloc, columns.getOrDefault(CostProfile.MALLOC, 0.0),
                        columns.getOrDefault(CostProfile.COPY, 0.0) + mallocCopied, mallocCopied, cycleBytes(), t.cache(), t.largeExempt(),
                        t.squareRamp());
            }
            if (name.equals(CostProfile.SLOT_CYCLE_MISS)) {
                // the slots the loop allocates, all of them once its heaps hold more than the threshold (not in GC time)
                return equation == Equation.GC_TIME ? 0
                        : slots.stream().mapToDouble(Integer::doubleValue).sum() * CostModel.beyond(heapBytes(), t.slotCache());
            }
            if (name.equals(CostProfile.CYCLE_MISS_CALL)) {
                // the copies the loop makes (none in the GC-time equation), into memory a cycle ran through beyond the cache
                return columns.getOrDefault(CostProfile.MEMCPY_CALL, 0.0) * CostModel.cycleMissShare(cycleBytes(), t.cache(), t.squareRamp());
            }
            if (name.equals(CostProfile.SLOT_LINE_MISS)) {
                // the lines the loop's new embedded strings write into their slots (none in the GC-time equation),
                // counted as CostModel.slotLinesWritten counts them, in memory a cycle ran through beyond the cache
                if (equation == Equation.GC_TIME) {
                    return 0;
                }
                double slotBytes = slots.stream().mapToDouble(Integer::doubleValue).sum();
                return CostModel.slotLinesWritten(columns.getOrDefault(EMBEDDED_WRITES, 0.0), columns.getOrDefault(CostProfile.COPY, 0.0))
                        * CostModel.cycleMissShare(cycleBytes(), t.cache(), t.squareRamp()) * CostModel.mallocShare(slotBytes, bytesPerOp - slotBytes);
            }
            if (name.equals(CostProfile.L2_MISS) || name.equals(CostProfile.GC_L2_MISS)) {
                // the same misses, paid outside GC by the copy and in GC by the sweep that frees the string
                boolean paid = name.equals(CostProfile.L2_MISS) ? equation != Equation.GC_TIME : equation != Equation.OUTSIDE_GC;
                return paid ? columns.getOrDefault(EMBEDDED_WRITES, 0.0) * CostModel.missFraction(slotCycleBytes(), t.l2()) : 0;
            }
            if (name.equals(CostProfile.SLOT_BYTE)) {
                if (equation == Equation.GC_TIME) {
                    return 0;
                }
                double b = 0;
                for (int s : slots) {
                    b += Math.min(s, t.window());
                }
                return b;
            }
            return columns.getOrDefault(name, 0.0);
        }
    }

    /** Which of a probe row's measured times an equation of the fit explains. */
    enum Equation {
        /** the iteration's whole time (rows whose GC time was too short to read) */
        WALL(""),
        /** the iteration's time outside GC: every term but the GC terms */
        OUTSIDE_GC(" (outside GC)"),
        /** GC.stat(:time) per iteration: the GC terms only */
        GC_TIME(" (GC time)");

        final String suffix;

        Equation(String suffix) {
            this.suffix = suffix;
        }
    }

    /**
     * The threshold coefficients, scanned rather than fitted: cycle_cache_bytes, slot_touch_window_bytes,
     * l2_cache_bytes, slot_cycle_cache_bytes; and cycle_miss_large_buffer_exempt, set by whether the
     * reading has the malloc-limit contrast.
     */
    record Thresholds(double cache, double window, double l2, double slotCache, double largeExempt, double squareRamp) {

        /** Thresholds of a reading without the malloc-limit contrast: every buffer in the byte term, the hyperbola's share. */
        Thresholds(double cache, double window, double l2, double slotCache) {
            this(cache, window, l2, slotCache, 0, 0);
        }

        Thresholds(double cache, double window, double l2, double slotCache, double largeExempt) {
            this(cache, window, l2, slotCache, largeExempt, 0);
        }
    }

    /** What one probe row's expression does per iteration, from the model's rules. */
    record RowEvents(OpEvents events, List<Integer> slots, long mallocBytes) {
    }

    /** The events of one probe row, or null with the reason in {@code why} when the model cannot price it. */
    static RowEvents eventsOf(TimingReport.Row row, RubyLayout layout, StringBuilder why) {
        int base = layout.slotSize(0);
        int slot = (int) row.feature("slot_size");
        if (slot > 0 && layout.heapIndexOfSlot(slot) < 0) {
            why.append("the layout has no ").append(slot).append(" B slots");
            return null;
        }
        long calls = row.feature("calls");
        switch (row.group()) {
            case "call":
                return new RowEvents(new OpEvents(calls, 0, 0, 0, 0, 0), List.of(), 0);
            case "alloc": {
                long k = row.feature("slots");
                List<Integer> slots = new ArrayList<>();
                for (int i = 0; i < k; i++) {
                    slots.add(slot);
                }
                return new RowEvents(new OpEvents(calls, row.feature("new_calls"), 0, 0, 0, 0), slots, 0);
            }
            case "string":
            case "footprint": {
                // String#* (or x = [] in the smallest heap's footprint rows: nothing copied)
                long copied = row.feature("copied_bytes");
                return new RowEvents(new OpEvents(calls, 0, copied, 0, 0, 0, 0, OpEvents.stringTimesMemcpyCalls(copied))
                        .withEmbeddedWrites(copied > 0 ? 1 : 0), List.of(slot), 0);
            }
            case "middle":
            case "suffix_embed":
                return new RowEvents(new OpEvents(calls, 0, row.feature("copied_bytes"), 0, 0, 0)
                        .withEmbeddedWrites(row.feature("copied_bytes") > 0 ? 1 : 0), List.of(slot), 0);
            case "string_malloc":
            case "middle_malloc": {
                long copied = row.feature("malloc_copied_bytes");
                double memcpy = row.group().equals("string_malloc") ? OpEvents.stringTimesMemcpyCalls(copied) : 1;
                return new RowEvents(new OpEvents(calls, 0, copied, 0, 0, 1, copied, memcpy), List.of(base), row.feature("malloc_bytes"));
            }
            case "suffix_frozen":
                return new RowEvents(new OpEvents(calls, 0, 0, 1, 0, 0), List.of(layout.rstringSize()), 0);
            case "fresh_root": {
                SliceLoop loop = new SliceLoop(row.feature("slice_len"), row.feature("source_len"), SourceState.UNFROZEN_UNSHARED,
                        SlicePosition.SUFFIX, 1, 0, KeepMode.FIRST);
                return fromPlan(layout, loop.plan(layout, SubseqPolicies.master()));
            }
            case "fresh_noroot": {
                // the source as the fresh-source rows build it ("x" * len), then a shared suffix of the frozen SRC
                RowEvents source = freshSource(layout, row.feature("source_len"));
                List<Integer> slots = new ArrayList<>(source.slots());
                slots.add(layout.rstringSize());
                return new RowEvents(source.events().plus(new OpEvents(1, 0, 0, 1, 0, 0)), slots, source.mallocBytes());
            }
            case "cycle_copy": {
                // the fresh source as above, then a middle slice of the frozen SRC copied into a slot of slot_size
                // (rb_str_new: str_alloc_embed); the GC cycle set by that slot's heap
                RowEvents source = freshSource(layout, row.feature("source_len"));
                long copied = row.feature("copied_bytes");
                OpEvents slice = new OpEvents(1, 0, copied, 0, 0, 0).withEmbeddedWrites(copied > 0 ? 1 : 0);
                List<Integer> slots = new ArrayList<>(source.slots());
                slots.add(slot);
                return new RowEvents(source.events().plus(slice), slots, source.mallocBytes());
            }
            case "split": {
                // S.split(":", 2): the Array, the key (a prefix: an embedded copy) and the value (a suffix: an embedded
                // copy when it fits the 40 B slot, else shared: with a frozen receiver no root)
                // the probe's expression runs in eval, which does not inherit frozen_string_literal: ":" is a new string every call
                // an unfrozen receiver (feature unfrozen) short enough to embed is copied into a new frozen root every call
                SplitStep.Receiver recv = row.feature("unfrozen") == 1 ? SplitStep.Receiver.REUSE : SplitStep.Receiver.FROZEN;
                SplitStep step = new SplitStep(row.feature("key_len"), row.feature("value_len"), recv, 1, true);
                return fromPlan(layout, step.plan(layout, SubseqPolicies.master()));
            }
            case "refault": {
                // "x" * 10000 and k empty arrays: a 40 B RString with its buffer, then k more 40 B slots
                long copied = row.feature("malloc_copied_bytes");
                List<Integer> slots = new ArrayList<>();
                for (int i = 0; i <= row.feature("extra_arrays"); i++) {
                    slots.add(base);
                }
                return new RowEvents(new OpEvents(calls, 0, copied, 0, 0, 1, copied, OpEvents.stringTimesMemcpyCalls(copied)), slots,
                        row.feature("malloc_bytes"));
            }
            case "overwrite": {
                long copied = row.feature("malloc_copied_bytes");
                return new RowEvents(new OpEvents(calls, 0, copied, 0, 0, 0, copied, 1), List.of(), 0);
            }
            case "gc_start":
                return new RowEvents(new OpEvents(calls, 0, 0, 0, 0, 0), List.of(), 0);
            case "ring":
                return new RowEvents(new OpEvents(calls, row.feature("new_calls"), 0, 0, 0, 0), List.of(slot), 0);
            case "object":
                return objectEvents(row, layout, why);
            default:
                why.append("group '").append(row.group()).append("' has no model");
                return null;
        }
    }

    /** {@code "x" * len} as the fresh-source rows build it: embedded where it fits a slot, else a 40 B RString and its buffer. */
    private static RowEvents freshSource(RubyLayout layout, long len) {
        boolean embeds = layout.isEmbeddable(len, layout.termLen());
        OpEvents e = new OpEvents(1, 0, len, 0, 0, embeds ? 0 : 1, embeds ? 0 : len, OpEvents.stringTimesMemcpyCalls(len))
                .withEmbeddedWrites(embeds && len > 0 ? 1 : 0);
        return new RowEvents(e, List.of(layout.slotSize(layout.heapForNewString(len))), embeds ? 0 : len + layout.termLen());
    }

    /**
     * A row of the allocation-shape units: {@code klass.new} or {@code klass.allocate} of a class of
     * {@code class_ivars} ivars whose initialize (if {@code ruby_initialize}) writes
     * {@code ivars_written} of them, in the interpreter or under YJIT, counted by {@link AllocShape}.
     * A YJIT row whose process ran without YJIT, or whose object's {@code memsize_of} is not the
     * model's, is left out with the reason.
     */
    static RowEvents objectEvents(TimingReport.Row row, RubyLayout layout, StringBuilder why) {
        ExecutionMode mode = row.feature("yjit") == 1 ? ExecutionMode.YJIT : ExecutionMode.INTERPRETER;
        if (mode == ExecutionMode.YJIT && row.feature("yjit_on") != 1) {
            why.append("YJIT was not on in the process that timed it (a Ruby built without YJIT)");
            return null;
        }
        AllocShape shape;
        AllocShape.Instance o;
        int classIvars = (int) row.feature("class_ivars");
        try {
            shape = new AllocShape(mode, row.feature("allocate") == 1 ? AllocCall.ALLOCATE : AllocCall.NEW,
                    row.feature("ruby_initialize") == 1, (int) row.feature("ivars_written"));
            o = shape.instance(layout, classIvars);
        } catch (IllegalArgumentException e) {
            why.append(e.getMessage());
            return null;
        }
        if (row.sampleMemsize() > 0 && row.sampleMemsize() != o.memsizeBytes()) {
            why.append("ObjectSpace.memsize_of of one object is ").append(row.sampleMemsize()).append(" B where the model makes ")
                    .append(o.memsizeBytes()).append(" B");
            return null;
        }
        return fromPlan(layout, shape.plan(layout, classIvars, 1));
    }

    private static RowEvents fromPlan(RubyLayout layout, OpPlan plan) {
        List<Integer> slots = new ArrayList<>();
        long malloc = 0;
        for (ObjectSpec s : plan.phases().get(plan.phases().size() - 1).perOp()) {
            slots.add(layout.slotSize(s.heap()));
            malloc += s.mallocBytes();
        }
        return new RowEvents(plan.eventsPerOp(), slots, malloc);
    }

    /**
     * What a GC of the ring row does, simulated: the young objects it marks (the ring's members not yet
     * promoted), and the elements it visits in the ring, an old Array the write barrier remembered.
     */
    record RingPerGc(double marked, double remembered) {
    }

    /** The ring row's marking per GC; see {@link RingPerGc}. */
    static RingPerGc ringPerGc(RubyLayout layout, long live, long n) {
        ObjectSpec kept = new ObjectSpec(0, 0, live, "kept", true);
        SimResult sim = new HeapSimulator(layout).run(List.of(new Phase(Math.max(n, 4 * live), List.of(kept))), true);
        return sim.gcCount() == 0 ? new RingPerGc(0, 0)
                : new RingPerGc((double) sim.markedSum() / sim.gcCount(),
                        sim.minorGcs() == 0 ? 0 : (double) sim.rememberedRefsSum() / sim.minorGcs());
    }

    /** The design rows of a report; rows the model cannot price go to {@code skipped}. */
    static List<DesignRow> design(TimingReport timing, RubyLayout layout, List<String> skipped) {
        Map<String, Double> loops = new LinkedHashMap<>();
        for (TimingReport.Row r : timing.rows()) {
            if (r.group().equals("baseline")) {
                loops.put(r.unit(), r.minNsPerIteration());
            }
        }
        List<DesignRow> out = new ArrayList<>();
        boolean remembered = timing.rows().stream().anyMatch(r -> r.feature("remembered_refs") > 0);
        // the idle heaps' free slots, where the reading has the unit that tells their sweep apart (without it
        // every row's heaps hold about as many, and gc_minor_ns takes their cost, as it did before the term existed)
        boolean idleSwept = timing.units().stream().anyMatch(u -> u.startsWith(GC_EMPTY_UNIT));
        for (TimingReport.Row row : timing.rows()) {
            if (row.group().equals("baseline")) {
                continue;
            }
            StringBuilder why = new StringBuilder();
            RowEvents ev = eventsOf(row, layout, why);
            if (ev == null) {
                skipped.add(row.key() + ": " + why);
                continue;
            }
            Double loop = loops.get(row.unit());
            if (loop == null) {
                skipped.add(row.key() + ": its unit has no empty-loop row");
                continue;
            }
            OpEvents e = ev.events();
            Map<String, Double> c = new LinkedHashMap<>();
            c.put(CostProfile.METHOD_CALL, e.methodCalls());
            c.put(CostProfile.NEW_CALL, e.newCalls());
            c.put(CostProfile.SPLIT_CALL, e.splitCalls());
            double slotBytes = 0;
            for (int s : ev.slots()) {
                slotBytes += s;
            }
            c.put(CostProfile.ALLOC, (double) ev.slots().size());
            c.put(CostProfile.COPY, e.slotBytesCopied());
            c.put(CostProfile.MALLOC_COPY, e.mallocBytesCopied());
            c.put(CostProfile.MEMCPY_CALL, e.memcpyCalls());
            c.put(CostProfile.MALLOC, e.mallocs());
            c.put(CostProfile.SHARED_SETUP, e.sharedSetups());
            c.put(CostProfile.FROZEN_ROOT, e.frozenRoots());
            e.perTerm().forEach((term, count) -> c.put(term.id(), count));
            c.put(EMBEDDED_WRITES, e.embeddedWrites());
            // the faults of the repeat whose time the equation reads (set below), not the mean of all
            c.put(CostProfile.PAGE_FAULT, 0.0);
            double minors = row.minorsPerIteration();
            double majors = row.majorsPerIteration();
            c.put(CostProfile.GC_MINOR, minors);
            c.put(CostProfile.GC_MAJOR, majors);
            c.put(CostProfile.GC_PAGE, (minors + majors) * row.meanHeapPages());
            c.put(CostProfile.GC_SLOT, (minors + majors) * row.meanHeapSlots());
            RingPerGc ring = row.group().equals("ring") ? ringPerGc(layout, row.feature("live"), row.n()) : new RingPerGc(0, 0);
            c.put(CostProfile.GC_MARK, majors * row.meanLiveSlots() + minors * ring.marked());
            // a remembered Array's elements, visited by every minor GC: the gc_remembered row's Array, and the ring's
            // where the reading has that unit (without it the ring alone cannot tell the visits from the marking, and
            // gc_mark_ns_per_object takes both, as it did before the term existed)
            c.put(CostProfile.GC_REMEMBERED, minors * ((remembered ? ring.remembered() : 0) + row.feature("remembered_refs")));
            // the free slots of heaps the loop leaves idle, swept by each of its GCs; GC.start back to back (the
            // gc_start rows) sweeps them while they are still in the core's cache, which gc_ns_per_slot prices
            double idle = 0;
            if (idleSwept && !row.group().equals("gc_start")) {
                java.util.Set<Integer> used = new java.util.HashSet<>();
                for (int slot : ev.slots()) {
                    used.add(layout.heapIndexOfSlot(slot));
                }
                // (a slot of no heap of this layout: which heaps the row leaves idle is not known)
                double free = used.contains(-1) ? Double.NaN : row.meanIdleFreeSlots(used);
                idle = Double.isNaN(free) ? 0 : free;
            }
            c.put(CostProfile.GC_SWEEP_EMPTY, (minors + majors) * idle);
            c.put(GC_START_CALL, row.group().equals("gc_start") ? 1.0 : 0.0);
            // every object a dying loop allocates is freed by a later sweep (the ring frees the one it replaces)
            c.put(CostProfile.GC_SWEEP_FREE, row.group().equals("gc_start") ? 0.0 : (double) ev.slots().size());
            // and every buffer such an object owns is freed by that sweep (counted in GC time)
            c.put(CostProfile.GC_FREE, row.group().equals("gc_start") ? 0.0 : e.mallocs());
            if (row.gcTimeMsLeast() >= MIN_GC_MS && row.minNsOutsideGc() * row.n() >= MIN_OUTSIDE_GC_MS * 1e6) {
                // GC.stat(:time) measured enough of the GC's time: the GC terms explain that time and the
                // others what is left of the iteration. One equation of the whole time instead lets a GC
                // cost the GC terms do not capture (the smallest heap's GCs, here) pass into whichever
                // other term its rows share (the shared slice's setup, all in the 40 B heap).
                Map<String, Double> outside = new LinkedHashMap<>(c);
                for (String name : GC_TERMS) {
                    outside.put(name, 0.0);
                }
                outside.put(CostProfile.PAGE_FAULT, timing.faultsMeasured() ? row.faultsOfFastestOutsideGc() : 0.0);
                out.add(new DesignRow(row, row.minNsOutsideGc() - loop, row.relativeSpread(), outside, ev.slots(),
                        slotBytes + ev.mallocBytes(), minors + majors, Equation.OUTSIDE_GC));
            } else {
                Map<String, Double> wall = new LinkedHashMap<>(c);
                wall.put(CostProfile.PAGE_FAULT, timing.faultsMeasured() ? row.faultsOfFastest() : 0.0);
                out.add(new DesignRow(row, row.minNsPerIteration() - loop, row.relativeSpread(), wall, ev.slots(), slotBytes + ev.mallocBytes(),
                        minors + majors));
            }
            if (row.gcTimeMsLeast() >= MIN_GC_MS) {
                Map<String, Double> g = new LinkedHashMap<>();
                for (String name : GC_TERMS) {
                    g.put(name, c.getOrDefault(name, 0.0));
                }
                g.put(EMBEDDED_WRITES, e.embeddedWrites());
                // the row's slots give the slot memory its GC cycle runs through (the sweep's misses); no slot term reads them here
                out.add(new DesignRow(row, row.gcNsPerIteration(), row.relativeSpread(), g, ev.slots(), 0, minors + majors, Equation.GC_TIME));
            }
        }
        return out;
    }

    /**
     * How many probe units ran in more processes than the reading's mode gives them (the runner
     * runs a noisy unit again, {@link RubyProbeRunner#NOISY_UNIT}), in words; null when none did or
     * the mode is not one of {@link TimingMode}'s.
     */
    static String unitsRunAgain(TimingReport timing) {
        TimingMode mode;
        try {
            mode = TimingMode.valueOf(timing.mode().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException notAMode) {
            return null;
        }
        Map<String, Integer> processes = new LinkedHashMap<>();
        for (TimingReport.Row r : timing.rows()) {
            for (TimingReport.Repeat rep : r.repeats()) {
                processes.merge(r.unit(), rep.process() + 1, Math::max);
            }
        }
        long more = processes.values().stream().filter(p -> p > mode.rounds()).count();
        if (more == 0) {
            return null;
        }
        return String.format(Locale.ROOT, "%d of %d probe units ran in more than the %d processes %s mode gives them, their timed rows "
                + "spreading over %.0f%%: the fastest repeat is what the fit reads, and more tries find it on a busy machine", more,
                processes.size(), mode.rounds(), mode.argument(), 100 * RubyProbeRunner.NOISY_UNIT);
    }

    /** The terms that make up a GC's own time (what GC.stat(:time) counts). */
    static final List<String> GC_TERMS = List.of(CostProfile.GC_MINOR, CostProfile.GC_MAJOR, CostProfile.GC_PAGE, CostProfile.GC_SLOT,
            CostProfile.GC_MARK, CostProfile.GC_REMEMBERED, CostProfile.GC_SWEEP_FREE, CostProfile.GC_SWEEP_EMPTY, CostProfile.GC_FREE);
    /** Least GC time (GC.stat(:time), 1 ms resolution) of a repeat for its GC-time equation to be used. */
    static final long MIN_GC_MS = 5;
    /**
     * Least milliseconds outside GC of a repeat for its time outside GC to be an equation of its own:
     * GC.stat(:time) counts whole milliseconds, so a row that is nearly all GC (GC.start per
     * iteration: 0.3-4 ms outside GC per repeat) keeps one equation of its whole time instead.
     */
    static final long MIN_OUTSIDE_GC_MS = 20;

    /** The coefficients that are thresholds, scanned rather than fitted. */
    static final List<String> THRESHOLDS = List.of(CostProfile.CYCLE_CACHE, CostProfile.SLOT_WINDOW, CostProfile.L2_CACHE,
            CostProfile.SLOT_CYCLE_CACHE, CostProfile.LARGE_BUFFER_EXEMPT, CostProfile.CYCLE_MISS_SQUARE_RAMP);

    /** The probe units that time 10,000 B buffers with CRuby's malloc limit held ({@code malloc_cycle_8mb} ...). */
    static final String MALLOC_CYCLE_UNIT = "malloc_cycle_";
    /** The probe units that time the same buffers with a 500 B copy into a 640 B slot beside each ({@code malloc_copy_8mb} ...). */
    static final String MALLOC_COPY_UNIT = "malloc_copy_";
    /** The touch windows scanned, bytes (the last: no window, every slot byte counts). */
    static final List<Double> WINDOW_CANDIDATES = List.of(64.0, 128.0, 192.0, 256.0, 384.0, 512.0, 1024.0, 1e9);

    private static long slotSizeCount(List<DesignRow> rows) {
        return rows.stream().flatMap(d -> d.slots().stream()).distinct().count();
    }

    /** The sizes of {@code cycle_cache_bytes} the fit scans: a geometric range plus the machine's caches. */
    static List<Double> cacheCandidates(CacheSizes caches) {
        List<Double> c = new ArrayList<>();
        for (double v = CACHE_SCAN_FROM; v <= CACHE_SCAN_TO * 1.0001; v *= CACHE_SCAN_STEP) {
            c.add(Math.rint(v));
        }
        for (long v : new long[] {caches.l2Bytes(), caches.l3Bytes()}) {
            if (v > 0 && !c.contains((double) v)) {
                c.add((double) v);
            }
        }
        c.sort(Double::compare);
        return c;
    }

    /** One weighted non-negative fit of {@code kept} columns at one cache size, rows {@code use}. */
    record Solved(LeastSquares.Fit fit, double weightedRss, double[][] xw) {
    }

    private static Solved solve(List<DesignRow> rows, List<String> kept, Thresholds cache, CostProfile defaults, int leaveOut) {
        int n = rows.size() - (leaveOut >= 0 ? 1 : 0);
        double[][] x = new double[n][kept.size()];
        double[] y = new double[n];
        int i = 0;
        for (int r = 0; r < rows.size(); r++) {
            if (r == leaveOut) {
                continue;
            }
            DesignRow d = rows.get(r);
            double w = 1 / Math.max(d.y(), MIN_ROW_NS);
            double yFixed = d.y();
            for (String name : CostProfile.NAMES) {
                if (!kept.contains(name) && !THRESHOLDS.contains(name)) {
                    yFixed -= defaults.get(name) * d.column(name, cache);
                }
            }
            for (int j = 0; j < kept.size(); j++) {
                x[i][j] = d.column(kept.get(j), cache) * w;
            }
            y[i] = yFixed * w;
            i++;
        }
        LeastSquares.Fit fit = LeastSquares.nonNegative(kept, x, y);
        double rss = 0;
        for (double res : fit.residuals()) {
            rss += res * res;
        }
        return new Solved(fit, rss, x);
    }

    /** Weighted residual sum of squares of the malloc-limit contrast's rows ({@link #MALLOC_CYCLE_UNIT}) in a fit of every row. */
    private static double contrastRss(List<DesignRow> rows, Solved s) {
        double rss = 0;
        List<Double> res = s.fit().residuals();
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).row().unit().startsWith(MALLOC_CYCLE_UNIT)) {
                rss += res.get(i) * res.get(i);
            }
        }
        return rss;
    }

    private static double predict(DesignRow d, List<String> kept, LeastSquares.Fit fit, Thresholds cache, CostProfile defaults) {
        double p = 0;
        List<String> names = new ArrayList<>(CostProfile.NAMES);
        names.add(GC_START_CALL);
        for (String name : names) {
            if (THRESHOLDS.contains(name)) {
                continue;
            }
            int j = kept.indexOf(name);
            double coef = j >= 0 ? Math.max(0, fit.coefficients().get(j).estimate()) : name.equals(GC_START_CALL) ? 0 : defaults.get(name);
            p += coef * d.column(name, cache);
        }
        return p;
    }

    /** The probe units (timing.rb) that tell the sweep of an idle heap's free slots apart. */
    static final String GC_EMPTY_UNIT = "gc_empty";

    /**
     * The probe units timing.rb gained after readings were first saved: those that time an allocation
     * loop's shape, in the interpreter and under YJIT, the remembered Array's minor GC, and the sweep
     * of an idle heap's free slots.
     */
    static final List<String> LATER_UNITS = List.of("objects", "objects_yjit", "gc_remembered", GC_EMPTY_UNIT);

    /**
     * Why no row has the event of {@code name}: a term whose probe unit the reading lacks was not
     * measured (a reading taken before timing.rb had the unit, or YJIT's on a Ruby without YJIT),
     * and keeps the shipped default's value; any other has no row with the event.
     */
    static String noEventNote(String name, TimingReport timing) {
        for (CostTerm t : CostTerm.values()) {
            if (t.id().equals(name) && LATER_UNITS.contains(t.probeUnit())
                    && timing.rows().stream().noneMatch(r -> r.unit().equals(t.probeUnit()) || r.unit().startsWith(t.probeUnit() + "."))) {
                return "not measured: this reading has no '" + t.probeUnit() + "' probe unit (taken before timing.rb had it"
                        + (t.probeUnit().endsWith("yjit") ? ", or on a Ruby without YJIT" : "")
                        + (t.probeUnit().equals(GC_EMPTY_UNIT) ? ", or on a Ruby before 3.3, which has one heap or does not count its objects per heap" : "")
                        + "), so it keeps the shipped default profile's value";
            }
        }
        return "no probe row has this event";
    }

    /** The fit without harness readings or machine caches (tests, replays of committed timings). */
    public static CalibrationFit fit(TimingReport timing, RubyLayout layout, CostProfile defaults) throws CalibrationException {
        return fit(timing, layout, defaults, CacheSizes.UNKNOWN, List.of());
    }

    /**
     * Fits a profile to {@code timing} on {@code layout}; coefficients the probes cannot determine
     * keep {@code defaults}' values. The profile carries {@code layout}, the machine's caches, the
     * harness states read by {@code harnesses}, the malloc fault table, and its cross-validation.
     */
    public static CalibrationFit fit(TimingReport timing, RubyLayout layout, CostProfile defaults, CacheSizes caches,
            List<HarnessReading> harnesses) throws CalibrationException {
        List<String> skipped = new ArrayList<>();
        List<DesignRow> rows = design(timing, layout, skipped);
        int n = rows.size();
        if (n == 0) {
            throw new CalibrationException(CalibrationException.Kind.BAD_OUTPUT,
                    "timing of " + timing.rubyDescription() + " has no row the model can price; nothing to fit");
        }
        List<Double> candidates = cacheCandidates(caches);
        List<Double> l2s = candidates.stream().filter(c -> c <= L2_SCAN_TO).toList();
        List<Double> heapSizes = candidates.stream().filter(c -> c >= SLOT_CACHE_SCAN_FROM && c <= SLOT_CACHE_SCAN_TO).toList();
        // 10,000 B buffers timed at several malloc limits apart from the faults unit's larger ones: the cycle's
        // byte term is then fitted to buffers under 64 KiB, the larger ones left to their faults
        boolean bufferContrast = rows.stream().filter(d -> d.row().unit().startsWith(MALLOC_CYCLE_UNIT)).count() >= 3;
        double exempt = bufferContrast ? 1 : 0;
        // the same buffers with a copy into a 640 B slot beside each: only they tell a slot's lines beyond the
        // cache from the bytes of the buffers and from the slots' own terms
        boolean lineContrast = rows.stream().filter(d -> d.row().unit().startsWith(MALLOC_COPY_UNIT)).count() >= 2;
        Thresholds probe = new Thresholds(candidates.get(candidates.size() / 2), defaults.get(CostProfile.SLOT_WINDOW),
                l2s.get(l2s.size() / 2), heapSizes.get(heapSizes.size() / 2), exempt);
        Thresholds smallest = new Thresholds(candidates.get(0), probe.window(), candidates.get(0), heapSizes.get(0), exempt);
        // choose the columns the rows determine, in FIT_ORDER (the memory column at a middle cache size)
        List<String> kept = new ArrayList<>();
        Map<String, String> notes = new LinkedHashMap<>();
        for (String name : FIT_ORDER) {
            if (name.equals(CostProfile.SLOT_LINE_MISS) && !lineContrast) {
                notes.put(name, "not measured: this reading has no '" + MALLOC_COPY_UNIT + "N' probe units (taken before timing.rb had them, "
                        + "or on a Ruby without 640 B slots), so it keeps 0 and the slots' lines beyond the cache stay inside "
                        + CostProfile.CYCLE_MISS);
                continue;
            }
            double[] col = new double[n];
            for (int i = 0; i < n; i++) {
                col[i] = rows.get(i).column(name, probe) / Math.max(rows.get(i).y(), MIN_ROW_NS);
            }
            if ((name.equals(CostProfile.CYCLE_MISS) || name.equals(CostProfile.CYCLE_MISS_CALL) || name.equals(CostProfile.SLOT_CYCLE_MISS)
                    || name.equals(CostProfile.SLOT_LINE_MISS) || name.equals(CostProfile.L2_MISS)
                    || name.equals(CostProfile.GC_L2_MISS)) && norm(col) == 0) {
                for (int i = 0; i < n; i++) {
                    col[i] = rows.get(i).column(name, smallest) / Math.max(rows.get(i).y(), MIN_ROW_NS);
                }
                if (norm(col) == 0) {
                    notes.put(name, name.equals(CostProfile.SLOT_LINE_MISS)
                            ? "no probe row writes a new embedded string while its GC cycle runs through more than "
                                    + (long) (candidates.get(0) / 1024) + " KiB"
                            : !name.equals(CostProfile.CYCLE_MISS) && !name.equals(CostProfile.CYCLE_MISS_CALL)
                            && !name.equals(CostProfile.SLOT_CYCLE_MISS)
                            ? "no probe row writes a new embedded string into slots whose GC cycle runs through more than "
                                    + (long) (candidates.get(0) / 1024) + " KiB"
                            : "no probe row runs through more than " + (long) (candidates.get(0) / 1024) + " KiB per GC cycle");
                    continue;
                }
            }
            if (norm(col) == 0) {
                notes.put(name, noEventNote(name, timing));
                continue;
            }
            if (!kept.isEmpty()) {
                double[][] xk = new double[n][kept.size()];
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < kept.size(); j++) {
                        xk[i][j] = rows.get(i).column(kept.get(j), probe) / Math.max(rows.get(i).y(), MIN_ROW_NS);
                    }
                }
                try {
                    LeastSquares.Fit proj = LeastSquares.ordinary(kept, xk, col);
                    double rest = 0;
                    for (double r : proj.residuals()) {
                        rest = Math.hypot(rest, r);
                    }
                    if (rest < INDEPENDENCE_TOLERANCE * norm(col)) {
                        notes.put(name, "confounded: a combination of the coefficients fitted before it in every probe row");
                        continue;
                    }
                } catch (IllegalArgumentException dependent) {
                    notes.put(name, dependent.getMessage());
                    continue;
                }
            }
            if (kept.size() + 1 >= n) {
                notes.put(name, "more coefficients than rows");
                continue;
            }
            kept.add(name);
        }
        if (kept.isEmpty()) {
            throw new CalibrationException(CalibrationException.Kind.BAD_OUTPUT, "timing of " + timing.rubyDescription()
                    + " determines no coefficient; nothing to fit");
        }
        // scan the two thresholds
        boolean scanCache = kept.contains(CostProfile.CYCLE_MISS) || kept.contains(CostProfile.CYCLE_MISS_CALL);
        boolean scanL2 = kept.contains(CostProfile.L2_MISS) || kept.contains(CostProfile.GC_L2_MISS);
        boolean scanWindow = kept.contains(CostProfile.SLOT_BYTE) && rows.stream().anyMatch(d -> d.slots().stream().distinct().count() > 0)
                && slotSizeCount(rows) > 2;
        boolean scanSlotCache = kept.contains(CostProfile.SLOT_CYCLE_MISS);
        List<Double> caches0 = scanCache ? candidates : List.of(defaults.get(CostProfile.CYCLE_CACHE));
        List<Double> slotCaches = scanSlotCache ? heapSizes : List.of(defaults.get(CostProfile.SLOT_CYCLE_CACHE));
        List<Double> windows = scanWindow ? WINDOW_CANDIDATES : List.of(defaults.get(CostProfile.SLOT_WINDOW));
        // the core's own cache is a fact of the machine where calibrate read it (sysfs, sysctl), scanned only where it could not
        boolean machineL2 = scanL2 && caches.l2Bytes() > 0;
        List<Double> l2s0 = !scanL2 ? List.of(defaults.get(CostProfile.L2_CACHE)) : machineL2 ? List.of((double) caches.l2Bytes()) : l2s;
        Thresholds bestT = null;
        Solved best = null;
        List<double[]> scanReport = new ArrayList<>();
        // the shape of the share beyond the cache: the hyperbola, and where the malloc-limit contrast times the same
        // buffers at several cycle sizes, blends of it with the square ramp too; each blend's thresholds are scanned on
        // every row, and the blend kept is the one that leaves the contrast's own rows (which differ by the cycle's
        // bytes alone) the smallest weighted residual
        List<Double> shapes = bufferContrast && scanCache ? List.of(0.0, 0.25, 0.5, 0.75, 1.0) : List.of(0.0);
        double[] contrastRss = new double[shapes.size()];
        int bestShape = -1;
        try {
            for (int k = 0; k < shapes.size(); k++) {
                Thresholds shapeT = null;
                Solved shapeBest = null;
                for (double l2 : l2s0) {
                    for (double c : caches0) {
                        if (scanL2 && scanCache && c <= l2) {
                            continue; // the shared cache is the larger one
                        }
                        for (double w : windows) {
                            for (double sc : slotCaches) {
                                Thresholds t = new Thresholds(c, w, l2, sc, exempt, shapes.get(k));
                                Solved s = solve(rows, kept, t, defaults, -1);
                                if (k == 0) {
                                    scanReport.add(new double[] {l2, c, w, s.weightedRss(), sc});
                                }
                                if (shapeBest == null || s.weightedRss() < shapeBest.weightedRss() - 1e-15) {
                                    shapeBest = s;
                                    shapeT = t;
                                }
                            }
                        }
                    }
                }
                contrastRss[k] = contrastRss(rows, shapeBest);
                if (bestShape < 0 || contrastRss[k] < contrastRss[bestShape] - 1e-15) {
                    bestShape = k;
                    best = shapeBest;
                    bestT = shapeT;
                }
            }
        } catch (IllegalArgumentException e) {
            throw new CalibrationException(CalibrationException.Kind.BAD_OUTPUT, "cost fit on " + timing.rubyDescription() + " failed: " + e.getMessage());
        }
        LeastSquares.Fit fit = best.fit();
        boolean missHeld = scanCache && (!kept.contains(CostProfile.CYCLE_MISS) || fit.coefficient(CostProfile.CYCLE_MISS).atZeroBound())
                && (!kept.contains(CostProfile.CYCLE_MISS_CALL) || fit.coefficient(CostProfile.CYCLE_MISS_CALL).atZeroBound());
        boolean slotMissHeld = scanSlotCache && fit.coefficient(CostProfile.SLOT_CYCLE_MISS).atZeroBound();
        boolean l2Held = scanL2 && (!kept.contains(CostProfile.L2_MISS) || fit.coefficient(CostProfile.L2_MISS).atZeroBound())
                && (!kept.contains(CostProfile.GC_L2_MISS) || fit.coefficient(CostProfile.GC_L2_MISS).atZeroBound());
        if (!scanL2) {
            notes.put(CostProfile.L2_CACHE, notes.getOrDefault(CostProfile.L2_MISS, "the memory term is not fitted"));
        } else if (l2Held) {
            notes.put(CostProfile.L2_CACHE, machineL2 ? "the memory term is held at 0 at the machine's L2 (" + caches + ")"
                    : "the memory term is held at 0 at every scanned size");
        }
        if (!scanCache) {
            notes.put(CostProfile.CYCLE_CACHE, notes.getOrDefault(CostProfile.CYCLE_MISS, "the memory term is not fitted"));
        } else if (missHeld) {
            notes.put(CostProfile.CYCLE_CACHE, "the memory term is held at 0 at every scanned size");
        }
        if (!scanSlotCache) {
            notes.put(CostProfile.SLOT_CYCLE_CACHE, notes.getOrDefault(CostProfile.SLOT_CYCLE_MISS, "the slots' memory term is not fitted"));
        } else if (slotMissHeld) {
            notes.put(CostProfile.SLOT_CYCLE_CACHE, "the slots' memory term is held at 0 at every scanned size");
        }
        if (!scanWindow) {
            notes.put(CostProfile.SLOT_WINDOW, "the probe rows have too few slot sizes to place it");
        }
        String source = "timing.rb " + timing.mode() + " on " + timing.rubyDescription() + ", " + n + " rows in " + timing.units().size()
                + " probe units";
        List<Coefficient> coefficients = new ArrayList<>();
        List<CalibrationFit.CoefficientFit> report = new ArrayList<>();
        for (Coefficient d : defaults.coefficients()) {
            boolean isCache = d.name().equals(CostProfile.CYCLE_CACHE);
            boolean isWindow = d.name().equals(CostProfile.SLOT_WINDOW);
            boolean isL2 = d.name().equals(CostProfile.L2_CACHE);
            boolean isSlotCache = d.name().equals(CostProfile.SLOT_CYCLE_CACHE);
            if (isCache || isWindow || isL2 || isSlotCache) {
                boolean scanned = isCache ? scanCache && !missHeld : isL2 ? scanL2 && !l2Held : isSlotCache ? scanSlotCache && !slotMissHeld : scanWindow;
                double v = isCache ? bestT.cache() : isL2 ? bestT.l2() : isSlotCache ? bestT.slotCache() : bestT.window();
                if (scanned && isL2 && machineL2) {
                    String prov = "read: the machine's L2 cache per core (" + caches + "); " + CostProfile.L2_MISS
                            + " fitted at it on " + source;
                    coefficients.add(new Coefficient(d.name(), v, d.unit(), d.description(), prov));
                    report.add(new CalibrationFit.CoefficientFit(d.name(), v, d.unit(), true, Double.NaN, Double.NaN, Double.NaN, false,
                            "the machine's L2"));
                } else if (scanned) {
                    String prov = isCache || isL2 || isSlotCache
                            ? String.format(Locale.ROOT, "scanned: %s; the size with the least weighted residual among %d sizes from "
                                    + "%.0f KiB to %.0f MiB%s", source, isL2 ? l2s.size() : isSlotCache ? heapSizes.size() : candidates.size(),
                                    (isSlotCache ? SLOT_CACHE_SCAN_FROM : CACHE_SCAN_FROM) / 1024,
                                    (isL2 ? L2_SCAN_TO : isSlotCache ? SLOT_CACHE_SCAN_TO : CACHE_SCAN_TO) / 1024 / 1024,
                                    caches.known() ? " (machine: " + caches + ")" : "")
                            : "scanned: " + source + "; the window with the least weighted residual among " + WINDOW_CANDIDATES;
                    coefficients.add(new Coefficient(d.name(), v, d.unit(), d.description(), prov));
                    report.add(new CalibrationFit.CoefficientFit(d.name(), v, d.unit(), true, Double.NaN, Double.NaN, Double.NaN, false, "scanned"));
                } else {
                    coefficients.add(d.withProvenance(NOT_DETERMINED));
                    report.add(new CalibrationFit.CoefficientFit(d.name(), d.value(), d.unit(), false, Double.NaN, Double.NaN, Double.NaN,
                            false, notes.getOrDefault(d.name(), "")));
                }
                continue;
            }
            if (d.name().equals(CostProfile.CYCLE_MISS_SQUARE_RAMP)) {
                StringBuilder tried = new StringBuilder();
                for (int k = 0; k < shapes.size(); k++) {
                    tried.append(k == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.4g at %.2f", contrastRss[k], shapes.get(k)));
                }
                String prov = shapes.size() > 1
                        ? "chosen: " + source + "; weighted residual of the malloc_cycle_N rows " + tried
                                + " (0: the hyperbola, 1: the square ramp), each share's thresholds scanned on every row"
                        : "set: " + source + (bufferContrast ? " fits no byte term beyond the cache" : " has no malloc_cycle_N units")
                                + "; the hyperbola";
                coefficients.add(new Coefficient(d.name(), bestT.squareRamp(), d.unit(), d.description(), prov));
                report.add(new CalibrationFit.CoefficientFit(d.name(), bestT.squareRamp(), d.unit(), true, Double.NaN, Double.NaN, Double.NaN,
                        false, shapes.size() > 1 ? "chosen by the malloc-limit contrast" : "no malloc-limit contrast"));
                continue;
            }
            if (d.name().equals(CostProfile.LARGE_BUFFER_EXEMPT)) {
                String prov = bufferContrast
                        ? "set: " + source + " has the malloc_cycle_N units, 10,000 B buffers timed at several malloc limits apart from larger ones"
                        : "set: " + source + " has no malloc_cycle_N units; the byte term is fitted to all buffers together";
                coefficients.add(new Coefficient(d.name(), exempt, d.unit(), d.description(), prov));
                report.add(new CalibrationFit.CoefficientFit(d.name(), exempt, d.unit(), true, Double.NaN, Double.NaN, Double.NaN, false,
                        bufferContrast ? "set by the malloc-limit contrast" : "no malloc-limit contrast"));
                continue;
            }
            if (kept.contains(d.name())) {
                LeastSquares.Coefficient c = fit.coefficient(d.name());
                double v = Math.max(0, c.estimate());
                String prov = c.atZeroBound() ? "fitted: " + source + " (held at 0 by the non-negative fit)"
                        : String.format(Locale.ROOT, "fitted: %s (± %.3g, 95%% CI %.3g .. %.3g)", source, c.standardError(), c.lower95(), c.upper95());
                coefficients.add(new Coefficient(d.name(), v, d.unit(), d.description(), prov));
                report.add(new CalibrationFit.CoefficientFit(d.name(), v, d.unit(), true, c.standardError(), c.lower95(), c.upper95(),
                        c.atZeroBound(), ""));
            } else {
                String note = notes.getOrDefault(d.name(), "");
                // a shape term the reading could not measure says so, with where the kept value comes from
                coefficients.add(d.withProvenance(note.startsWith("not measured") ? NOT_DETERMINED + ": " + note + " (" + d.provenance()
                        + ")" : NOT_DETERMINED));
                report.add(new CalibrationFit.CoefficientFit(d.name(), d.value(), d.unit(), false, Double.NaN, Double.NaN, Double.NaN,
                        false, note));
            }
        }
        // cross-validation: each row predicted by a fit without it (same columns and cache size)
        double[] heldOut = new double[n];
        for (int i = 0; i < n; i++) {
            try {
                Solved s = solve(rows, kept, bestT, defaults, i);
                heldOut[i] = predict(rows.get(i), kept, s.fit(), bestT, defaults);
            } catch (IllegalArgumentException e) {
                heldOut[i] = Double.NaN;
            }
        }
        List<CalibrationFit.RowFit> rowFits = new ArrayList<>();
        double mean = 0;
        for (DesignRow d : rows) {
            mean += d.y() / n;
        }
        double rss = 0;
        double tss = 0;
        int pass = 0;
        List<String> worst = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            DesignRow d = rows.get(i);
            double pred = predict(d, kept, fit, bestT, defaults);
            CalibrationFit.RowFit rf = new CalibrationFit.RowFit(d.name(), d.row().group(), d.y(), pred, d.y() - pred, heldOut[i], d.noise());
            rowFits.add(rf);
            rss += (d.y() - pred) * (d.y() - pred);
            tss += (d.y() - mean) * (d.y() - mean);
            double allowed = Math.max(HELD_OUT_TOLERANCE, NOISE_MULTIPLE * d.noise());
            if (Double.isFinite(rf.heldOutError()) && Math.abs(rf.heldOutError()) <= allowed) {
                pass++;
            } else {
                worst.add(String.format(Locale.ROOT, "%s: held out %.1f ns vs %.1f measured (%+.0f%%, noise %.0f%%)", d.name(),
                        heldOut[i], d.y(), 100 * rf.heldOutError(), 100 * d.noise()));
            }
        }
        int dof = fit.degreesOfFreedom();
        double rse = dof > 0 ? Math.sqrt(rss / dof) : Double.NaN;
        double cond = conditionNumber(best.xw());
        double share = (double) pass / n;
        double[] noises = rows.stream().mapToDouble(DesignRow::noise).sorted().toArray();
        double medianNoise = noises[noises.length / 2];
        boolean quiet = medianNoise <= MAX_MEDIAN_NOISE;
        boolean trusted = share >= TRUSTED_SHARE && quiet;
        List<String> details = new ArrayList<>();
        details.add(String.format(Locale.ROOT, "%d of %d probe rows predicted within max(%.0f%%, %.0f x their noise) by a fit made without "
                + "them", pass, n, 100 * HELD_OUT_TOLERANCE, NOISE_MULTIPLE));
        details.add(String.format(Locale.ROOT, "condition number of the scaled design: %.3g", cond));
        for (CalibrationFit.CoefficientFit c : report) {
            if (!c.fitted()) {
                details.add(c.name() + " not determined: " + c.note());
            } else if (c.atZeroBound()) {
                details.add(c.name() + " held at 0 by the non-negative fit");
            }
        }
        worst.stream().limit(8).forEach(details::add);
        details.add(1, String.format(Locale.ROOT, "median run-to-run noise of the probe rows: %.1f%% (at most %.0f%% for a trusted profile)",
                100 * medianNoise, 100 * MAX_MEDIAN_NOISE));
        String again = unitsRunAgain(timing);
        if (again != null) {
            details.add(2, again);
        }
        String summary = quiet
                ? String.format(Locale.ROOT, "%s: %d of %d held-out probe rows within their noise (%.0f%%; %.0f%% needed)",
                        trusted ? "trusted" : "untrusted", pass, n, 100 * share, 100 * TRUSTED_SHARE)
                : String.format(Locale.ROOT, "untrusted: the timings are too noisy to check the fit (median noise %.0f%% over %.0f%%); "
                        + "calibrate again on a quieter machine, or with --thorough", 100 * medianNoise, 100 * MAX_MEDIAN_NOISE);
        CostProfile base = new CostProfile("calibrated-ruby-" + timing.rubyVersion(), timing.rubyDescription(), coefficients,
                layout.name(), layout);
        List<HarnessState> states = harnessStates(base, layout, harnesses);
        CostProfile profile = base.withMeasurements(caches, states, Harness.BARE, mallocFaults(timing), new FitCheck(trusted, summary, details));
        return new CalibrationFit(profile, report, rowFits, tss > 0 ? 1 - rss / tss : Double.NaN, rse, dof, cond, scanReport, skipped);
    }

    /**
     * The harness states, each with what a GC costs in its heap beyond the fitted terms: the probe's
     * dying {@code Object.new} loop timed in that heap ({@link HarnessReading.GcCycles}), less what
     * {@code profile} prices for the same loop simulated from the same heap, less the same difference
     * for the {@code --disable-gems} boot the timing probes ran in (so the bare harness's own error
     * of the fitted terms is not counted twice). A difference below 0 is the probe's noise: a harness's
     * objects add marking and sweeping, they never take it away.
     */
    static List<HarnessState> harnessStates(CostProfile profile, RubyLayout layout, List<HarnessReading> harnesses)
            throws CalibrationException {
        List<HarnessState> states = new ArrayList<>();
        Double bareExcess = null;
        for (HarnessReading h : harnesses) {
            if (h.harness() == Harness.BARE && h.gcCycles() != null) {
                bareExcess = gcExcess(profile, layout, h.toState(layout), h.gcCycles())[0];
            }
        }
        for (HarnessReading h : harnesses) {
            HarnessState st = h.toState(layout);
            HarnessReading.GcCycles c = h.gcCycles();
            if (h.harness() == Harness.BARE || c == null) {
                states.add(c == null && h.harness() != Harness.BARE
                        ? st.withGcNsPerGc(0, "GC cost per GC in this heap not measured (the harness probe times it from Ruby 3.1 on, in readings taken since it does)") : st);
                continue;
            }
            double[] ex = gcExcess(profile, layout, st, c);
            if (bareExcess == null) {
                states.add(st.withGcNsPerGc(0, "GC cost per GC in this heap not priced: the --disable-gems boot's was not measured to compare with"));
                continue;
            }
            double extra = Math.max(0, ex[0] - bareExcess);
            states.add(st.withGcNsPerGc(extra, String.format(Locale.ROOT, "%.1f µs more per GC for its heap: a dying Object.new loop ran "
                    + "%d GCs per %d iterations here at %.1f µs each (GC.stat(:time), fastest of %d repeats) where the fitted terms give "
                    + "%.1f µs; in the --disable-gems boot the same loop measured %+.1f µs against them", extra / 1000, c.gcs(), c.ops(),
                    c.nsPerGc() / 1000, c.repeats(), ex[1] / 1000, bareExcess / 1000)));
        }
        return states;
    }

    /** {measured - priced, priced} ns per GC of the probe's Object.new loop in harness state {@code st}. */
    private static double[] gcExcess(CostProfile profile, RubyLayout layout, HarnessState st, HarnessReading.GcCycles c) {
        RubyLayout l = layout.withBoot(st.boot());
        org.slotlab.model.workload.OpPlan plan = new org.slotlab.model.workload.SlotAlloc(layout.slotSize(0), c.ops()).plan(l);
        SimResult sim = new HeapSimulator(l).run(plan.phases(), true);
        if (sim.gcCount() == 0) {
            return new double[] {0, 0};
        }
        double gcPerOp = CostModel.price(profile, l, sim, plan.eventsPerOp(), null).part(org.slotlab.model.cost.TimeBreakdown.GC);
        double priced = gcPerOp * sim.ops() / sim.gcCount();
        return new double[] {c.nsPerGc() - priced, priced};
    }

    /** Faults per malloc'd buffer by size, from the probe rows that allocate one heap string each. */
    static MallocFaults mallocFaults(TimingReport timing) {
        if (!timing.faultsMeasured()) {
            return MallocFaults.NONE;
        }
        // share of malloc'd pages faulted again, by malloc'd bytes per GC cycle; the buffers glibc always maps apart
        java.util.TreeMap<Double, List<Double>> byCycle = new java.util.TreeMap<>();
        double mmapAlways = 0;
        for (TimingReport.Row r : timing.rows()) {
            long buffer = r.feature("malloc_bytes");
            if (!(r.group().equals("string_malloc") || r.group().equals("refault")) || buffer <= 0) {
                continue;
            }
            double pagesPerOp = buffer / MallocFaults.PAGE_BYTES;
            double share = Math.min(1, Math.max(0, r.faultsPerIteration() / pagesPerOp));
            if (buffer >= MMAP_ALWAYS_BYTES) {
                mmapAlways = share > 0.9 ? MMAP_ALWAYS_BYTES : mmapAlways;
                continue;
            }
            double cycle = buffer / (r.gcsPerIteration() + 1.0 / r.n());
            byCycle.computeIfAbsent(Math.rint(cycle), k -> new ArrayList<>()).add(share);
        }
        List<double[]> pts = new ArrayList<>();
        byCycle.forEach((c, v) -> {
            List<Double> s = new ArrayList<>(v);
            s.sort(Double::compare);
            pts.add(new double[] {c, s.get(s.size() / 2)});
        });
        return new MallocFaults(pts, mmapAlways, "timing.rb on " + timing.rubyDescription()
                + ": minor faults per \"x\" * len string in dying loops, by malloc'd bytes per GC cycle");
    }

    /**
     * glibc's largest mmap threshold on 64-bit, DEFAULT_MMAP_THRESHOLD_MAX (4 MiB x sizeof(long)): a
     * buffer this large is always mapped, so every page faults; the probe's 40 MB row checks it.
     */
    static final long MMAP_ALWAYS_BYTES = 32L * 1024 * 1024;

    /** Condition number of {@code x} with its columns scaled to unit norm (Jacobi eigenvalues of XᵀX). */
    static double conditionNumber(double[][] x) {
        if (x.length == 0 || x[0].length == 0) {
            return Double.NaN;
        }
        int p = x[0].length;
        double[] norms = new double[p];
        for (double[] row : x) {
            for (int j = 0; j < p; j++) {
                norms[j] = Math.hypot(norms[j], row[j]);
            }
        }
        double[][] a = new double[p][p];
        for (double[] row : x) {
            for (int i = 0; i < p; i++) {
                for (int j = 0; j < p; j++) {
                    if (norms[i] > 0 && norms[j] > 0) {
                        a[i][j] += row[i] / norms[i] * row[j] / norms[j];
                    }
                }
            }
        }
        double[] eig = Jacobi.eigenvalues(a);
        double max = 0;
        double min = Double.MAX_VALUE;
        for (double e : eig) {
            max = Math.max(max, e);
            min = Math.min(min, e);
        }
        return min <= 0 ? Double.POSITIVE_INFINITY : Math.sqrt(max / min);
    }

    private static double norm(double[] v) {
        double s = 0;
        for (double d : v) {
            s = Math.hypot(s, d);
        }
        return s;
    }
}
