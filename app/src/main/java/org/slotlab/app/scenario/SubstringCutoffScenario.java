package org.slotlab.app.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.BooleanSupplier;
import java.util.function.ToDoubleFunction;
import org.slotlab.app.knob.Knob;
import org.slotlab.app.knob.KnobException;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.knob.Types;
import org.slotlab.app.report.Version;
import org.slotlab.charts.GcCountChart;
import org.slotlab.charts.LengthPoint;
import org.slotlab.charts.LengthSeries;
import org.slotlab.charts.RetainedChart;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.charts.SpeedRatioChart;
import org.slotlab.charts.table.Column;
import org.slotlab.charts.table.ComparisonTable;
import org.slotlab.charts.table.CsvWriter;
import org.slotlab.charts.table.Table;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.reference.ReferenceTable;
import org.slotlab.model.reference.Source;
import org.slotlab.model.string.SlicePosition;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.string.SubseqPolicy;
import org.slotlab.model.workload.Comparison;
import org.slotlab.model.workload.Experiments;
import org.slotlab.model.workload.KeepMode;
import org.slotlab.model.workload.Outcome;
import org.slotlab.model.workload.SliceLoop;

/**
 * The substring scenario of Feature #22186 (https://bugs.ruby-lang.org/issues/22186): str_subseq
 * (CRuby string.c:3017-3053) shares a suffix slice with a frozen root on master; the patch
 * embeds it when rb_str_embed_size(len + termlen) <= STR_SUBSEQ_EMBED_MAX_SIZE. Three charts: the
 * speed ratio per length with himura467's and byroot's published points, the GC count per N
 * slices, and the memory R kept slices retain with the worst-case multiplier.
 */
public final class SubstringCutoffScenario implements Scenario {

    public static final String ID = "substring-cutoff";

    /** himura467's and byroot's lengths, bytes (231 is the largest embedded under cutoff 256). */
    public static final List<Long> THREAD_LENS = List.of(1L, 23L, 50L, 100L, 200L, 231L, 232L, 250L, 500L, 999L, 1000L);
    /** Slices per length in the thread's sweep. */
    public static final long THREAD_COUNT = 2_000_000;
    /** Slices kept in the thread's str_subseq_memory.rb (subseq_retained.csv). */
    public static final long THREAD_RETAIN = 200_000;
    /** Source length of the thread's frozen-source benchmarks, bytes. */
    public static final long THREAD_SOURCE_LEN = 10_000;
    /** Most lengths a sweep accepts: more bars than this cannot be read on a chart. */
    public static final int MAX_LENS = 64;
    /** Largest source or slice the model builds, bytes: 1 GiB, past any string a benchmark makes. */
    static final long MAX_BYTES = 1L << 30;
    /** Most slices a loop takes: 10^10, about an hour of real str_subseq calls. */
    public static final long MAX_SLICES = 10_000_000_000L;
    private static final String SOURCE_SECTION = "Source and baseline";
    private static final String WORKLOAD_SECTION = "Workload (byteslice loop)";

    public static final Knob<LayoutChoice> LAYOUT = Knobs.LAYOUT.withDefault(LayoutChoice.preset("ruby-4.1-dev"));
    public static final Knob<String> PROFILE = Knobs.COST_PROFILE;
    public static final Knob<String> HARNESS = Knobs.HARNESS;
    public static final Knob<String> CANDIDATE = Knobs.CANDIDATE;
    public static final Knob<String> BASELINE = Knob.of("baseline", "baseline", Knobs.policy(), "master")
            .section(SOURCE_SECTION)
            .describe("The policy the candidate is compared with: master (CRuby today), always-embed, cutoff:N, "
                    + "frozen-rule:N or frozen-rule:N:M, optionally +middle.");
    public static final Knob<String> SOURCE = Knob.of("source", "source",
                    Types.oneOf("source state", List.of("frozen", "unfrozen-unshared", "already-shared")), "frozen")
            .section(SOURCE_SECTION)
            .describe("frozen: the source is its own root, sharing allocates only the 40 B slice. unfrozen-unshared: a "
                    + "fresh \"a\" * n each iteration, sharing must first make a frozen root. already-shared: the source "
                    + "points into a root that sharing reuses. (str_replace_shared, string.c:1400-1470)");
    public static final Knob<String> POSITION = Knob.of("position", "slice", Types.oneOf("slice position",
                    List.of("suffix", "middle")), "suffix")
            .section(SOURCE_SECTION)
            .describe("suffix: the slice runs to the end of the source, the only sharable case on 3.4 "
                    + "(SHARABLE_SUBSTRING_P, string.c:215-222). middle: copied by rb_str_new unless +middle.");
    public static final Knob<List<Long>> LENS = Knob.of("len", "lengths", Types.wholeNumbers(MAX_LENS, MAX_BYTES), THREAD_LENS)
            .unit("B").section(WORKLOAD_SECTION)
            .describe("Slice lengths in bytes (byteslice(pos, len)): a list or ranges like 0-1000:50, at most " + MAX_LENS
                    + ". The thread's: 1,23,50,100,200,231,232,250,500,999,1000.");
    public static final Knob<Long> COUNT = Knob.of("count", "count N", Types.longs(1, MAX_SLICES), THREAD_COUNT)
            .section(WORKLOAD_SECTION)
            .describe("N: slices taken per length (2,000,000 in the thread's sweep). GC counts are per N.");
    public static final Knob<Long> RETAIN = Knob.of("retain", "retain R", Types.longs(0, MAX_SLICES), THREAD_RETAIN)
            .section(WORKLOAD_SECTION)
            .describe("R: slices kept alive (200,000 in the thread's str_subseq_memory.rb); retained MiB is for R, "
                    + "0 measures no kept slices. At most N.");
    public static final Knob<String> KEEP = Knob.of("keep", "keep", Types.oneOf("keep mode", List.of("first", "ring")),
                    "first")
            .section(WORKLOAD_SECTION)
            .describe("first: the first R slices go into an array kept to the end. ring: ring[i % R] = slice, each lives "
                    + "R ops.");
    public static final Knob<Boolean> KEEP_WHILE_TIMING = Knob.of("keep-while-timing", "keep R while timing",
                    Types.onOff(), false)
            .section(WORKLOAD_SECTION)
            .describe("Off (the thread's way): speed and GC count are timed over N slices that are all dropped, as the "
                    + "thread's speed benchmarks did, and the memory R kept slices hold is measured in a run of its own. "
                    + "On: one timed run of N slices keeps R while it runs, so the kept slices add GC pressure (marking, "
                    + "promotion) to the timed loop.");
    public static final Knob<Long> SOURCE_LEN = Knob.of("source-len", "source len", Types.longs(1, MAX_BYTES),
                    THREAD_SOURCE_LEN)
            .unit("B").section(WORKLOAD_SECTION)
            .describe("Source length in bytes, grown to the longest slice (plus one for middle slices). A fresh unshared "
                    + "source of this length is built every op (\"a\" * n); it is embedded up to the largest slot, else "
                    + "a malloc'd buffer the root takes over.");
    public static final Knob<String> SWEEP = Knob.of("sweep", "sweep", Types.oneOf("sweep", List.of("len", "cutoff",
                    "retain")), "len")
            .cliOnly()
            .describe("What varies: len (over --len), cutoff (over --values, at the first --len; a {} in --candidate "
                    + "stands for the value) or retain (over --values)");
    public static final Knob<String> VALUES = Knob.of("values", "values", Types.text("LIST", t -> {
                if (!t.isEmpty()) {
                    Types.parseLongs(t);
                }
            }), "")
            .cliOnly().describe("Values of a cutoff or retain sweep, e.g. 40-1024:8 or 0,1000,200000");

    private static final List<Knob<?>> KNOBS = List.of(LAYOUT, PROFILE, HARNESS, CANDIDATE, BASELINE, SOURCE, POSITION, LENS,
            COUNT, RETAIN, KEEP, KEEP_WHILE_TIMING, SOURCE_LEN, SWEEP, VALUES);
    public static final ChartSpec SPEED = new ChartSpec("speed-ratio", "Speed ratio per length",
            "baseline ns / candidate ns per slice length; above 1 the candidate is faster");
    public static final ChartSpec GC = new ChartSpec("gc-count", "GC count per N slices",
            "GC runs while N slices are taken, baseline vs candidates");
    public static final ChartSpec RETAINED = new ChartSpec("retained", "Retained memory for R kept slices",
            "MiB the R kept slices hold alive (slots + roots + malloc), with the worst-case multiplier");
    private static final double MIB = 1024.0 * 1024.0;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public List<String> aliases() {
        return List.of("subseq");
    }

    @Override
    public String title() {
        return "Substring cutoff (Feature #22186)";
    }

    @Override
    public String summary() {
        return "str_subseq: share a suffix with a frozen root, or embed it when rb_str_embed_size(len + 1) <= cutoff. "
                + "Published: himura467's sweep and byroot's benchmark-ips table.";
    }

    @Override
    public Source source() {
        return Source.FEATURE_22186;
    }

    @Override
    public List<Knob<?>> knobs() {
        return KNOBS;
    }

    @Override
    public void check(Settings s) {
        if (s.get(RETAIN) > s.get(COUNT)) {
            throw new KnobException(RETAIN, "must be at most count N (" + Runs.fmt(s.get(COUNT)) + "), got "
                    + Runs.fmt(s.get(RETAIN)));
        }
    }

    /** The candidate policy of the settings. */
    static SubseqPolicy candidate(Settings s) {
        return SubseqPolicies.parse(s.get(CANDIDATE));
    }

    static SubseqPolicy baseline(Settings s) {
        return SubseqPolicies.parse(s.get(BASELINE));
    }

    static SourceState source(Settings s) {
        return SourceState.parse(s.get(SOURCE));
    }

    static SlicePosition position(Settings s) {
        return SlicePosition.parse(s.get(POSITION));
    }

    /** The micro-benchmark loop; its length is replaced per swept length; the source grows to the longest slice. */
    public static SliceLoop loop(Settings s) {
        List<Long> lens = s.get(LENS);
        long longest = lens.stream().mapToLong(Long::longValue).max().orElse(0);
        long src = Math.max(s.get(SOURCE_LEN), longest + (position(s) == SlicePosition.MIDDLE ? 1 : 0));
        return new SliceLoop(lens.get(0), src, source(s), position(s), s.get(COUNT), s.get(RETAIN),
                KeepMode.parse(s.get(KEEP)), s.get(KEEP_WHILE_TIMING));
    }

    @Override
    public List<ChartSpec> charts() {
        return List.of(SPEED, GC, RETAINED);
    }

    /**
     * Why a frozen-source rule without a second cutoff changes nothing here: it embeds up to its
     * cutoff only where sharing a suffix would first have to make a frozen root (a fresh, unshared
     * source); a frozen source is its own root and an already-shared one reuses its root, so the
     * rule shares exactly as master does and every ratio is 1.00. Empty when the rule is at work.
     */
    static Optional<String> frozenRuleIdle(CandidateSpec spec, String source, String position) {
        if (!spec.frozenRule() || spec.secondCutoff() != null || source.equals("unfrozen-unshared")
                || (position.equals("middle") && !spec.sharableMiddle())) {
            return Optional.empty();
        }
        String why = source.equals("frozen") ? "a frozen source is its own root" : "an already-shared source's root is reused";
        return Optional.of(spec.policy() + " embeds only where sharing would first make a frozen root; " + why
                + ", so it shares as master does and every ratio is 1.00 (source unfrozen-unshared shows the rule at work)");
    }

    /** One computed series: who it is and its comparisons (baseline vs that series' candidate). */
    record Sweep(String name, Settings settings, String candidateName, String baselineName, List<Comparison> rows) {
    }

    @Override
    public ScenarioRun compute(ScenarioRequest request, SlotlabTheme theme, BooleanSupplier cancelled) {
        long t0 = System.nanoTime();
        Settings p = request.settings();
        RubyLayout layout = ModelInputs.layout(p);
        Sweep current = sweep("current", p, cancelled);
        List<Sweep> pins = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        ModelContext here = ModelContext.of(p);
        for (Pin pin : request.pins()) {
            List<String> diff = here.differences(ModelContext.of(pin.settings()), true);
            if (diff.isEmpty()) {
                pins.add(sweep(pin.name(), pin.settings(), cancelled));
            } else {
                notes.add(pinNotCompared(pin, diff, here));
            }
        }
        List<LengthSeries> published = published(p);
        CandidateSpec spec = CandidateSpec.of(p.get(CANDIDATE));
        Optional<String> ruleIdle = frozenRuleIdle(spec, p.get(SOURCE), p.get(POSITION));
        String why = ruleIdle.orElse("");
        String note = String.join("\n", notes);
        Optional<String> publishedNote = publishedNotShown(p, layout);
        publishedNote.ifPresent(notes::add);
        String speedNote = String.join("\n", notes);
        long largest = spec.master() || ruleIdle.isPresent() ? -1 : ModelInputs.largestEmbeddedLen(layout, spec.cutoff());
        String headline = ruleIdle.isPresent() ? "largest embedded length: as master (" + p.get(SOURCE) + " source)"
                : ModelInputs.largestEmbedded(layout, p.get(CANDIDATE));
        String subtitle = subtitle(p, layout);

        List<LengthSeries> ratios = new ArrayList<>();
        ratios.add(series(label(current), current.rows(), Comparison::speedRatio));
        for (Sweep s : pins) {
            ratios.add(series(label(s), s.rows(), Comparison::speedRatio));
        }
        OptionalInt marker = spec.alwaysEmbed() || largest < 0 ? OptionalInt.empty() : OptionalInt.of((int) largest);
        var speedData = new SpeedRatioChart.Data(
                current.baselineName() + " vs " + current.candidateName() + ": speed ratio per length", subtitle, ratios,
                marker, published);

        List<LengthSeries> gcs = new ArrayList<>();
        gcs.add(series(label(current), current.rows(), c -> c.candidate().gcCount()));
        for (Sweep s : pins) {
            gcs.add(series(label(s), s.rows(), c -> c.candidate().gcCount()));
        }
        var gcData = new GcCountChart.Data("GC runs while taking N = " + fmt(p.get(COUNT)) + " slices",
                layout.name() + ", " + p.get(SOURCE) + " " + p.get(POSITION) + ", " + timing(p) + " (modelled)",
                p.get(COUNT), series(current.baselineName(), current.rows(), c -> c.baseline().gcCount()), gcs, List.of(),
                gcWhy(layout, current, pins));

        List<LengthSeries> kept = new ArrayList<>();
        kept.add(series(label(current), current.rows(), c -> c.candidate().retainedBytes() / MIB));
        for (Sweep s : pins) {
            kept.add(series(label(s), s.rows(), c -> c.candidate().retainedBytes() / MIB));
        }
        var retainedData = new RetainedChart.Data("Memory retained by R = " + fmt(p.get(RETAIN))
                + " kept slices", subtitle, p.get(RETAIN),
                series(current.baselineName(), current.rows(), c -> c.baseline().retainedBytes() / MIB), kept,
                retainedWhy(current, pins));

        List<String> params = parameterLines(request, layout);
        ruleIdle.ifPresent(notes::add);
        return new ScenarioRun(request, List.of(
                Runs.chart(SPEED, t -> Runs.explained(Runs.noted(SpeedRatioChart.create(speedData, t), speedNote, t), why, t), theme),
                Runs.chart(GC, t -> Runs.explained(Runs.noted(GcCountChart.create(gcData, t), note, t), why, t), theme),
                Runs.chart(RETAINED, t -> Runs.explained(Runs.noted(RetainedChart.create(retainedData, t), note, t), why, t), theme)),
                table(request, current, pins, params), params, headline, System.nanoTime() - t0,
                List.of(issueTable(p, current, pins), gcTriggerTable(p, layout, current, pins)), notes);
    }

    /** Why each bar of the GC chart has its GCs, as the heap simulation counted them: series, then length. */
    static Map<String, Map<Integer, String>> gcWhy(RubyLayout layout, Sweep current, List<Sweep> pins) {
        return why(current, pins, o -> o.sim().gcTriggerParts(layout) + "; per slice " + objectsByHeap(o.sim(), layout));
    }

    /** Objects the timed loop allocates per slice in each heap it uses: "1.00 in 40 B, 1.00 in 160 B". */
    static String objectsByHeap(org.slotlab.model.heap.SimResult sim, RubyLayout layout) {
        List<String> parts = new ArrayList<>();
        for (int h = 0; h < sim.allocations().length; h++) {
            if (sim.allocations()[h] > 0 && sim.ops() > 0) {
                parts.add(String.format(java.util.Locale.ROOT, "%.2f in %d B", (double) sim.allocations()[h] / sim.ops(),
                        layout.slotSize(h)));
            }
        }
        return parts.isEmpty() ? "no objects" : String.join(", ", parts) + " slots";
    }

    /** Where each bar of the retained chart keeps its bytes, as the run that keeps the slices counted them. */
    static Map<String, Map<Integer, String>> retainedWhy(Sweep current, List<Sweep> pins) {
        return why(current, pins, o -> o.retainedMallocBytes() < 0 ? null : String.format(java.util.Locale.ROOT,
                "in slots %.2f MiB, in malloc'd buffers %.2f MiB", o.retainedSlotBytes() / MIB, o.retainedMallocBytes() / MIB));
    }

    /** A reason per series and length: the baseline's and each candidate's (current and pins), null for none. */
    private static Map<String, Map<Integer, String>> why(Sweep current, List<Sweep> pins,
            java.util.function.Function<org.slotlab.model.workload.Outcome, String> reason) {
        Map<String, Map<Integer, String>> out = new java.util.LinkedHashMap<>();
        Map<Integer, String> base = new java.util.HashMap<>();
        for (Comparison c : current.rows()) {
            String r = reason.apply(c.baseline());
            if (r != null) {
                base.put((int) c.value(), r);
            }
        }
        out.put(current.baselineName(), base);
        List<Sweep> all = new ArrayList<>();
        all.add(current);
        all.addAll(pins);
        for (Sweep s : all) {
            Map<Integer, String> m = new java.util.HashMap<>();
            for (Comparison c : s.rows()) {
                String r = reason.apply(c.candidate());
                if (r != null) {
                    m.put((int) c.value(), r);
                }
            }
            out.put(label(s), m);
        }
        return out;
    }

    /**
     * Why the GCs of the GC chart ran, per length and series: how many GCs started because a heap
     * ran out of slots (which heap) and how many because malloc_increase passed malloc_limit.
     */
    static Table gcTriggerTable(Settings p, RubyLayout layout, Sweep current, List<Sweep> pins) {
        List<Sweep> all = new ArrayList<>();
        all.add(current);
        all.addAll(pins);
        Table.Builder b = Table.builder("Why the GCs ran, per N = " + fmt(p.get(COUNT)) + " slices (modelled): "
                        + "a heap out of slots, or malloc_increase over malloc_limit")
                .column(Column.number("len_bytes", 0))
                .column(Column.text(current.baselineName() + " GCs"));
        for (Sweep s : all) {
            b.column(Column.text(label(s) + " GCs"));
        }
        for (Comparison c : current.rows()) {
            List<Object> cells = new ArrayList<>(List.of(c.value(), c.baseline().sim().gcTriggers(layout)));
            for (Sweep s : all) {
                Comparison r = s.rows().stream().filter(x -> x.value() == c.value()).findFirst().orElse(null);
                cells.add(r == null ? "" : r.candidate().sim().gcTriggers(layout));
            }
            b.row(cells);
        }
        return b.build();
    }

    private static Sweep sweep(String name, Settings p, BooleanSupplier cancelled) {
        RubyLayout layout = ModelInputs.layout(p);
        CostProfile profile = ModelInputs.profile(p);
        var baseline = baseline(p);
        var candidate = candidate(p);
        var loop = loop(p);
        var harness = ModelInputs.harness(p, layout);
        List<Comparison> rows = new ArrayList<>(p.get(LENS).size());
        for (long len : p.get(LENS)) {
            Runs.check(cancelled);
            rows.addAll(Experiments.subseqSweep(layout, profile, baseline, candidate, loop, List.of(len), harness));
        }
        return new Sweep(name, p, candidate.name(), baseline.name(), rows);
    }

    private static String label(Sweep s) {
        return s.name().equals("current") ? s.candidateName() : s.name() + " (" + s.candidateName() + ")";
    }

    private static LengthSeries series(String name, List<Comparison> rows, ToDoubleFunction<Comparison> value) {
        List<LengthPoint> pts = new ArrayList<>(rows.size());
        for (Comparison c : rows) {
            pts.add(new LengthPoint((int) c.value(), value.applyAsDouble(c)));
        }
        return new LengthSeries(name, pts);
    }

    static String subtitle(Settings p, RubyLayout layout) {
        return layout.name() + ", " + p.get(SOURCE) + " " + p.get(POSITION) + " source, N = " + fmt(p.get(COUNT))
                + ", R = " + fmt(p.get(RETAIN)) + (p.get(KEEP_WHILE_TIMING) ? ", R kept while timed" : "") + " (modelled)";
    }

    /**
     * How the N slices were timed ({@link #KEEP_WHILE_TIMING}): with nothing kept, as the thread's
     * speed benchmarks ran, or keeping R while timed.
     */
    static String timing(Settings p) {
        return p.get(KEEP_WHILE_TIMING) ? "R = " + fmt(p.get(RETAIN)) + " kept while timed" : "nothing kept while timed";
    }

    /**
     * The thread's published speed-ups as overlays: himura467's sweep (subseq_len_sweep.csv, both
     * variants) and byroot's benchmark-ips table (subseq_byroot_ips.csv, factor = branch ips /
     * master ips). They were measured with a frozen suffix source, so they are shown only then.
     */
    static List<LengthSeries> published(Settings p) {
        if (source(p) != SourceState.FROZEN || position(p) != SlicePosition.SUFFIX
                || !ModelContext.rubyVersion(ModelInputs.layout(p)).equals(Optional.of(Published.RUBY))) {
            return List.of();
        }
        return Published.SERIES;
    }

    /**
     * Why the thread's published points are not drawn although the source is a frozen suffix: they
     * were measured on another Ruby than the layout models ({@link Published#RUBY}).
     */
    static Optional<String> publishedNotShown(Settings p, RubyLayout layout) {
        if (source(p) != SourceState.FROZEN || position(p) != SlicePosition.SUFFIX) {
            return Optional.empty();
        }
        Optional<String> modelled = ModelContext.rubyVersion(layout);
        if (modelled.equals(Optional.of(Published.RUBY))) {
            return Optional.empty();
        }
        return Optional.of("the published points of " + Source.FEATURE_22186.title() + " were measured on Ruby "
                + Published.RUBY + "; these charts model " + layout.name()
                + (modelled.isPresent() ? " (Ruby " + modelled.get() + ")" : "") + ", so they are not drawn. Choose a Ruby "
                + Published.RUBY + " layout to compare with them.");
    }

    /** Why a pin is left off the charts and the table: the parts of its context that differ. */
    static String pinNotCompared(Pin pin, List<String> diff, ModelContext here) {
        return "pin " + pin.name() + " was made with " + String.join(", ", diff) + "; these charts model "
                + here.describe(true) + ", so it is not drawn. Unpin it, or set the same layout and profile.";
    }

    /** The published series, read once: the tables ship with the jar and never change. */
    private static final class Published {
        static final List<LengthSeries> SERIES = List.copyOf(read());
        /**
         * The Ruby (major.minor) the thread measured: its patches are against master, and byroot's rows
         * name the build ("ruby 4.1.0dev +PRISM arm64-darwin25", subseq_byroot_ips.csv's machine column).
         */
        static final String RUBY = ReferenceTable.load("subseq_byroot_ips.csv").rows().stream()
                .map(r -> ModelContext.rubyVersion(r.get("machine"))).flatMap(Optional::stream).findFirst()
                .orElseThrow(() -> new IllegalStateException("subseq_byroot_ips.csv names no Ruby version"));
    }

    private static List<LengthSeries> read() {
        ReferenceTable sweep = ReferenceTable.load("subseq_len_sweep.csv");
        List<LengthSeries> out = new ArrayList<>();
        for (String variant : List.of("cutoff-256", "no-cutoff")) {
            List<LengthPoint> pts = new ArrayList<>();
            String machine = "";
            for (Map<String, String> r : sweep.where("variant", variant)) {
                if (!"frozen".equals(r.get("source_state"))) {
                    continue;
                }
                var len = ReferenceTable.number(r, "len_bytes");
                var speedup = ReferenceTable.number(r, "speedup");
                if (len.isPresent() && speedup.isPresent()) {
                    pts.add(new LengthPoint(len.get().intValue(), speedup.get()));
                    machine = r.get("machine");
                }
            }
            out.add(LengthSeries.published(Source.FEATURE_22186.measuredBy("himura467 " + variant, machine), pts));
        }
        ReferenceTable ips = ReferenceTable.load("subseq_byroot_ips.csv");
        List<LengthPoint> pts = new ArrayList<>();
        String machine = "";
        for (Map<String, String> r : ips.rows()) {
            var len = ReferenceTable.number(r, "len_bytes");
            var master = ReferenceTable.number(r, "master_ips_millions");
            var branch = ReferenceTable.number(r, "branch_ips_millions");
            if (len.isPresent() && master.isPresent() && branch.isPresent()) {
                pts.add(new LengthPoint(len.get().intValue(), branch.get() / master.get()));
                machine = r.get("machine");
            }
        }
        out.add(LengthSeries.published(Source.FEATURE_22186.measuredBy("byroot no-cutoff", machine), pts));
        return out;
    }

    static List<String> parameterLines(ScenarioRequest request, RubyLayout layout) {
        Settings p = request.settings();
        List<String> lines = new ArrayList<>();
        lines.add(Runs.scenarioLine(ID, Source.FEATURE_22186));
        lines.add(Runs.layoutLine(layout));
        lines.add("cost profile: " + ModelInputs.profile(p).name());
        lines.addAll(ModelInputs.assumptions(p, layout));
        lines.add("baseline: " + baseline(p).name() + ", candidate: " + candidate(p).name());
        lines.add("source: " + p.get(SOURCE) + ", " + p.get(POSITION) + " slices, source length "
                + fmt(loop(p).sourceLen()) + " B");
        lines.add("workload: N = " + fmt(p.get(COUNT)) + " slices per length, R = " + fmt(p.get(RETAIN)) + " kept ("
                + p.get(KEEP) + "), " + (p.get(KEEP_WHILE_TIMING) ? "R kept while timed" : "timed with nothing kept, R measured apart"));
        lines.add("lengths: " + LENS.format(p.get(LENS)));
        for (Pin pin : request.pins()) {
            Settings q = pin.settings();
            lines.add("pin " + pin.name() + ": " + q.get(LAYOUT).name() + ", " + candidate(q).name() + " vs "
                    + baseline(q).name() + ", " + q.get(SOURCE) + ", N = " + fmt(q.get(COUNT)) + ", R = " + fmt(q.get(RETAIN)));
        }
        lines.add("version: " + Version.modelledBy());
        return lines;
    }

    @Override
    public String status(Settings s) {
        return Runs.layoutStatus(s);
    }

    /**
     * What {@code slotlab predict substring-cutoff} prints: every column with its unit for
     * machines (CSV), or the table for an issue comment (Markdown), over the lengths, a cutoff
     * sweep or a retain sweep.
     */
    @Override
    public List<Table> report(Settings s, boolean markdown) {
        check(s);
        CostProfile profile = ModelInputs.profile(s);
        RubyLayout layout = ModelInputs.layout(s);
        SubseqPolicy base = baseline(s);
        String cand = s.get(CANDIDATE);
        SubseqPolicy candidate = SubseqPolicies.parse(cand.replace("{}", Integer.toString(CandidateSpec.DEFAULT_CUTOFF)));
        SliceLoop loop = loop(s);
        var h = ModelInputs.harness(s, layout);
        List<Comparison> rows = switch (s.get(SWEEP)) {
            case "cutoff" -> Experiments.cutoffSweep(layout, profile, base, v -> SubseqPolicies.parse(cand.contains("{}")
                    ? cand.replace("{}", Long.toString(v)) : "cutoff:" + v), loop, sweepValues(s), h);
            case "retain" -> Experiments.retainSweep(layout, profile, base, candidate, loop, sweepValues(s), h);
            default -> Experiments.subseqSweep(layout, profile, base, candidate, loop, s.get(LENS), h);
        };
        return List.of(markdown ? SubseqReport.markdownTable(rows, base.name(), candidate.name(), layout, profile, loop,
                ModelInputs.assumptions(s, layout)) : SubseqReport.csvTable(rows, ModelInputs.assumptions(s, layout)));
    }

    private static List<Long> sweepValues(Settings s) {
        if (s.get(VALUES).isEmpty()) {
            throw new KnobException(VALUES, "a " + s.get(SWEEP) + " sweep needs values (e.g. 40-1024:8)");
        }
        return Types.parseLongs(s.get(VALUES));
    }

    /** ns per slice against the chosen baseline: the policy baseline or one pin's candidate. */
    private static Table table(ScenarioRequest request, Sweep current, List<Sweep> pins,
            List<String> params) {
        record Col(String name, Map<Long, Double> ns) {}
        List<Col> cols = new ArrayList<>();
        cols.add(new Col(current.baselineName(), nsBy(current.rows(), true)));
        cols.add(new Col(label(current), nsBy(current.rows(), false)));
        for (Sweep s : pins) {
            cols.add(new Col(label(s), nsBy(s.rows(), false)));
        }
        int base = 0;
        for (int i = 0; i < pins.size(); i++) {
            if (pins.get(i).name().equals(request.compareBaseline())) {
                base = i + 2;
            }
        }
        ComparisonTable t = ComparisonTable.builder().title("ns per slice, ratio = " + cols.get(base).name() + " / other")
                .key(Column.number("len_bytes", 0)).values("ns", 2, false).baseline(cols.get(base).name());
        for (int i = 0; i < cols.size(); i++) {
            if (i != base) {
                t.candidate(cols.get(i).name());
            }
        }
        for (Comparison c : current.rows()) {
            double b = cols.get(base).ns().getOrDefault(c.value(), Double.NaN);
            double[] others = new double[cols.size() - 1];
            int k = 0;
            for (int i = 0; i < cols.size(); i++) {
                if (i != base) {
                    others[k++] = cols.get(i).ns().getOrDefault(c.value(), Double.NaN);
                }
            }
            t.row(c.value(), b, others);
        }
        Runs.parameters(t, params);
        return t.build();
    }

    /**
     * What the thread argues with besides speed, per length and series: the speed ratio the speed chart
     * draws (its own baseline policy's ns / its candidate's ns), the GC runs of the GC chart and the MiB
     * the retained chart draws, the baseline policy first.
     */
    static Table issueTable(Settings p, Sweep current, List<Sweep> pins) {
        List<Sweep> all = new ArrayList<>();
        all.add(current);
        all.addAll(pins);
        Table.Builder b = Table.builder("Modelled per length (not measured): speed ratio as the speed chart draws it, GC runs per N = "
                + fmt(p.get(COUNT)) + " slices, MiB retained by R = " + fmt(p.get(RETAIN)) + " kept slices")
                .column(Column.number("len_bytes", 0))
                .column(Column.number(current.baselineName() + " GCs", 0, true))
                .column(Column.number(current.baselineName() + " MiB", 1, true));
        for (Sweep s : all) {
            b.column(Column.ratio(s.baselineName() + "/" + label(s), 2))
                    .column(Column.number(label(s) + " GCs", 0, true))
                    .column(Column.number(label(s) + " MiB", 1, true));
        }
        for (int i = 0; i < current.rows().size(); i++) {
            Comparison c = current.rows().get(i);
            List<Object> cells = new ArrayList<>(List.of(c.value(), (double) c.baseline().gcCount(), c.baseline().retainedBytes() / MIB));
            for (Sweep s : all) {
                Comparison r = s.rows().stream().filter(x -> x.value() == c.value()).findFirst().orElse(null);
                cells.add(r == null ? Double.NaN : r.speedRatio());
                cells.add(r == null ? Double.NaN : (double) r.candidate().gcCount());
                cells.add(r == null ? Double.NaN : r.candidate().retainedBytes() / MIB);
            }
            b.row(cells);
        }
        b.footer(ComparisonTable.legendFor(current.baselineName(), "ns") + " (each series against its own baseline policy)");
        return b.build();
    }

    private static Map<Long, Double> nsBy(List<Comparison> rows, boolean baseline) {
        Map<Long, Double> m = new java.util.LinkedHashMap<>();
        for (Comparison c : rows) {
            Outcome o = baseline ? c.baseline() : c.candidate();
            m.put(c.value(), o.nsPerOp());
        }
        return m;
    }

    static String fmt(long v) {
        return String.format(Locale.ROOT, "%,d", v);
    }
}
