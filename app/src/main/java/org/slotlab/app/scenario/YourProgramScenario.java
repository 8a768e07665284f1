package org.slotlab.app.scenario;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.slotlab.app.knob.Knob;
import org.slotlab.app.knob.KnobType;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.knob.Types;
import org.slotlab.app.report.Version;
import org.slotlab.charts.CategoryBarsChart;
import org.slotlab.charts.LengthHistogramChart;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.charts.table.Column;
import org.slotlab.charts.table.Table;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.reference.Source;
import org.slotlab.model.string.Representation;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.string.SubseqPolicy;
import org.slotlab.model.trace.SubstringTrace;
import org.slotlab.model.trace.TraceFile;
import org.slotlab.model.trace.TraceWhatIf;
import org.slotlab.model.trace.TraceWorkload;

/**
 * What a candidate str_subseq policy would do to a real program: the substrings a
 * {@code slotlab trace} run recorded (per call site: length, suffix or middle, the source's state
 * before the call, what the Ruby made), each put through master's rule and the candidate's on the
 * layout ({@link TraceWhatIf}, CRuby string.c str_subseq), and the traced operation mix simulated
 * and priced as a workload ({@link TraceWorkload}). Four charts: the substrings by length and what
 * the candidate makes of them, with the cutoff's marker (drag the cutoff and watch bars move from
 * shared to embedded); the same lengths by source state; the workload's GC count; its speed ratio.
 * The table lists call sites (or lengths): substrings, shared on master, embedded by the
 * candidate, objects saved per 1,000, retained bytes change. As byroot put it in Feature #22186
 * (https://bugs.ruby-lang.org/issues/22186), such a change "will speed up some programs, and slow
 * down others": this says which, for one program.
 */
public final class YourProgramScenario implements Scenario {

    public static final String ID = "your-program";
    public static final ChartSpec LENGTHS = new ChartSpec("program-lengths", "Substrings by length",
            "the traced substrings per length, by what master and the candidate make of them, with the cutoff's marker");
    public static final ChartSpec SOURCES = new ChartSpec("program-sources", "Substrings by source state",
            "the traced substrings per length, by the state of the string they were cut from");
    public static final ChartSpec GCS = new ChartSpec("program-gcs", "Workload GC count",
            "GCs of the traced operation mix, simulated on the layout: master, the candidate and pins");
    public static final ChartSpec SPEED = new ChartSpec("program-speed", "Workload speed ratio",
            "master time / candidate time of the traced operation mix; above 1 the candidate is faster");
    private static final String SECTION = "Your program";

    /** The traced program: a shipped trace by name, or a file written by {@code slotlab trace}. */
    public static final Knob<String> TRACE = Knob.of("trace", "trace", Types.suggesting(Types.text("NAME|FILE",
                    YourProgramScenario::checkTrace), ProgramTraces.SHIPPED), ProgramTraces.DEFAULT)
            .section(SECTION).editor(Knob.Editor.FILE)
            .describe("A trace written by 'slotlab trace --ruby PATH --out TRACE.json -- SCRIPT' (Tools > Trace a Ruby program), "
                    + "or a shipped one: " + String.join(", ", ProgramTraces.SHIPPED) + " (fluentd's LTSV parsing, "
                    + "Net::HTTP's header parser, JSON.parse and RDoc parsing its own sources, on Debian's ruby 3.1.2 and "
                    + "CRuby 3.4.5).");
    /** The layout: the traced Ruby's by default, or a preset to ask "after an upgrade". */
    public static final Knob<LayoutChoice> LAYOUT = Knob.of("layout", "layout", tracedLayoutType(),
                    LayoutChoice.preset(LayoutChoice.AS_TRACED))
            .section(Knobs.RUBY_SECTION).editor(Knob.Editor.LAYOUT)
            .describe("The CRuby whose heaps and str_subseq rules the substrings go through: '" + LayoutChoice.AS_TRACED
                    + "' takes the traced Ruby's (ruby-3.1 for 3.1 and older, ruby-3.4 otherwise); a preset asks what the "
                    + "policy would do on that Ruby (a 3.1 trace on ruby-3.4: after an upgrade).");
    public static final Knob<String> PROFILE = Knobs.COST_PROFILE;
    public static final Knob<String> CANDIDATE = Knobs.CANDIDATE.withDefault("cutoff:128");
    public static final Knob<String> BY = Knob.of("by", "table by", Types.oneOf("table rows", List.of("site", "length")), "site")
            .section(SECTION).describe("The table's rows: one per call site (path:line) or one per substring length.");

    /** Most bins a length histogram draws. */
    static final int MAX_BINS = 80;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Your program (a traced Ruby program)";
    }

    @Override
    public String summary() {
        return "What a candidate policy would do to a real program's substrings, per length and per call site, and the "
                + "traced workload's GC count and speed: from 'slotlab trace' or a shipped trace.";
    }

    @Override
    public Source source() {
        return Source.FEATURE_22186;
    }

    @Override
    public List<Knob<?>> knobs() {
        return List.of(TRACE, LAYOUT, PROFILE, CANDIDATE, BY);
    }

    @Override
    public List<ChartSpec> charts() {
        return List.of(LENGTHS, SOURCES, GCS, SPEED);
    }

    @Override
    public String status(Settings s) {
        String trace = s.get(TRACE);
        String name = ProgramTraces.shipped(trace) ? trace + " (shipped)" : Path.of(trace).getFileName().toString();
        return "trace " + name + "  |  " + Runs.layoutStatus(s);
    }

    /** A shipped name, or a file that reads as a trace (read once here, so a bad file is refused with its message). */
    static void checkTrace(String spec) {
        if (spec.isBlank()) {
            throw new IllegalArgumentException("name a trace: a shipped one (" + ProgramTraces.DEFAULT + ") or a file");
        }
        if (!ProgramTraces.shipped(spec)) {
            ModelInputs.checkInputFile(Path.of(spec.strip()), TraceFile.MAX_BYTES, "a trace written by 'slotlab trace' (JSON)");
        }
        ProgramTraces.load(spec);
    }

    /** {@link LayoutChoice#TYPE} and {@value LayoutChoice#AS_TRACED}. */
    private static KnobType<LayoutChoice> tracedLayoutType() {
        KnobType<LayoutChoice> base = LayoutChoice.TYPE;
        return new KnobType<>() {
            @Override
            public LayoutChoice parse(String text) {
                return LayoutChoice.AS_TRACED.equals(text.strip()) ? LayoutChoice.preset(LayoutChoice.AS_TRACED) : base.parse(text);
            }

            @Override public String format(LayoutChoice v) { return base.format(v); }
            @Override public String syntax() { return base.syntax(); }
            @Override public Object toJson(LayoutChoice v) { return base.toJson(v); }

            @Override
            public LayoutChoice fromJson(Object json) {
                return LayoutChoice.AS_TRACED.equals(json) ? LayoutChoice.preset(LayoutChoice.AS_TRACED) : base.fromJson(json);
            }

            @Override
            public List<String> choices() {
                List<String> out = new ArrayList<>();
                out.add(LayoutChoice.AS_TRACED);
                out.addAll(base.choices());
                return out;
            }

            @Override public Class<?> valueClass() { return LayoutChoice.class; }
        };
    }

    /** One policy compared in the workload charts: the current candidate or a pin's. */
    record Compared(String label, SubseqPolicy policy) {
    }

    @Override
    public ScenarioRun compute(ScenarioRequest request, SlotlabTheme theme, BooleanSupplier cancelled) {
        long t0 = System.nanoTime();
        Settings s = request.settings();
        String spec = s.get(TRACE);
        SubstringTrace t = ProgramTraces.load(spec);
        RubyLayout layout = ModelInputs.layout(s);
        CostProfile costs = ModelInputs.profile(s);
        String candidateName = s.get(CANDIDATE);
        SubseqPolicy candidate = SubseqPolicies.parse(candidateName);
        List<TraceWhatIf.RowOutcome> outcomes = TraceWhatIf.outcomes(t, layout, candidate);
        Runs.check(cancelled);

        List<Compared> compared = new ArrayList<>();
        compared.add(new Compared(candidateName, candidate));
        List<String> notes = new ArrayList<>();
        for (Pin pin : request.pins()) {
            Settings q = pin.settings();
            List<String> diff = new ArrayList<>();
            if (!q.get(TRACE).strip().equals(spec.strip())) {
                diff.add("another trace (" + q.get(TRACE) + ")");
            }
            RubyLayout pl = ModelInputs.layout(q);
            if (!pl.name().equals(layout.name())) {
                diff.add("layout " + pl.name());
            }
            if (!ModelInputs.profile(q).name().equals(costs.name())) {
                diff.add("cost profile " + ModelInputs.profile(q).name());
            }
            if (!diff.isEmpty()) {
                notes.add("pin " + pin.name() + " was made with " + String.join(", ", diff) + "; these charts show "
                        + displayName(spec) + " on " + layout.name() + " with " + costs.name() + ", so it is not drawn.");
                continue;
            }
            compared.add(new Compared("pin " + pin.name() + ": " + q.get(CANDIDATE), SubseqPolicies.parse(q.get(CANDIDATE))));
        }
        List<TraceWorkload.Prediction> predictions = new TraceWorkload(t, layout).predict(costs,
                compared.stream().map(Compared::policy).toList(), null);
        Runs.check(cancelled);

        long marker = markerLen(layout, candidateName);
        Histograms h = histograms(t, layout, outcomes, marker);
        String markerLabel = markerLabel(layout, candidateName, marker);
        String traceLine = String.format(Locale.ROOT, "%s on ruby %s, %,.0f substrings at %,d call sites%s", displayName(spec),
                t.rubyVersion(), t.substrings(), t.sites().size(), t.sample() > 1 ? ", one call in " + t.sample() + " traced" : "");
        TraceWhatIf.Group total = TraceWhatIf.total(outcomes, "(all)");
        var lengths = new LengthHistogramChart.Data("Substrings by length: master and " + candidateName, traceLine + "; " + layout.name(),
                h.binWidth, h.byOutcome, marker, markerLabel, "substrings");
        var sources = new LengthHistogramChart.Data("Substrings by length and source state", traceLine + "; " + layout.name(),
                h.binWidth, h.bySource, marker, markerLabel, "substrings");
        String lengthsWhy = lengthsNote(candidateName, total, h, layout);
        String sourcesWhy = h.beyondNote(layout);

        TraceWorkload.Prediction master = predictions.get(0);
        List<CategoryBarsChart.Bar> gcBars = new ArrayList<>();
        List<CategoryBarsChart.Bar> speedBars = new ArrayList<>();
        gcBars.add(new CategoryBarsChart.Bar("modelled", "master", master.gcCount()));
        for (int i = 0; i < compared.size(); i++) {
            TraceWorkload.Prediction p = predictions.get(i + 1);
            gcBars.add(new CategoryBarsChart.Bar("modelled", compared.get(i).label(), p.gcCount()));
            speedBars.add(new CategoryBarsChart.Bar("modelled", compared.get(i).label(), master.seconds() / p.seconds()));
        }
        boolean ownLayout = layout.name().equals(ProgramTraces.presetOfVersion(t.rubyVersion()));
        String workloadLine = String.format(Locale.ROOT, "%,d operations of %d objects (the program's %,d allocations); %s, %s",
                master.ops(), TraceWorkload.OBJECTS_PER_OP, t.programAllocations(), layout.name(), costs.name());
        String gcWhy = gcNote(t, master, ownLayout);
        var gcData = new CategoryBarsChart.Data("GCs of the traced workload (modelled)", workloadLine, "policy", "GCs", gcBars,
                List.of(), false, "#,##0");
        var speedData = new CategoryBarsChart.Data("Speed ratio of the traced workload", workloadLine, "policy",
                "master time / policy time", speedBars, List.of(), false, "0.000");
        String speedWhy = "Above 1 the candidate runs the traced operation mix faster than master; the mix is the trace's "
                + "substrings, their roots and the program's other allocations, simulated on the layout and priced with the "
                + "cost profile.";

        List<String> lines = new ArrayList<>();
        lines.add(Runs.scenarioLine(ID, Source.FEATURE_22186));
        lines.add("trace: " + traceLine + " (" + t.rubyDescription() + ")");
        lines.add("script: " + t.script());
        lines.add(Runs.layoutLine(layout));
        lines.add("cost profile: " + costs.name());
        lines.add("candidate: " + candidateName);
        lines.add(String.format(Locale.ROOT, "model check: master's rule on %s made what the traced ruby made for %.1f%% of the substrings",
                layout.name(), 100 * TraceWhatIf.agreement(t, layout)));
        lines.add("version: " + Version.modelledBy());

        boolean bySite = s.get(BY).equals("site");
        Table table = table(t, layout, bySite, compared, lines);
        Table workload = workloadTable(t, compared, predictions, ownLayout);
        String headline = String.format(Locale.ROOT, "%s embeds %,.0f of the %,.0f substrings master shares; workload %.3fx, %,d -> %,d GCs",
                candidateName, total.embeddedByCandidate(), total.sharedOnMaster(), master.seconds() / predictions.get(1).seconds(),
                master.gcCount(), predictions.get(1).gcCount());
        List<String> allNotes = new ArrayList<>(notes);
        String pinNote = String.join("\n", notes);
        return new ScenarioRun(request, List.of(
                Runs.chart(LENGTHS, th -> Runs.explained(LengthHistogramChart.create(lengths, th), lengthsWhy, th), theme),
                Runs.chart(SOURCES, th -> Runs.explained(LengthHistogramChart.create(sources, th), sourcesWhy, th), theme),
                Runs.chart(GCS, th -> Runs.noted(Runs.explained(CategoryBarsChart.create(gcData, th), gcWhy, th), pinNote, th), theme),
                Runs.chart(SPEED, th -> Runs.noted(Runs.explained(CategoryBarsChart.createRatio(speedData, th), speedWhy, th), pinNote,
                        th), theme)),
                table, lines, headline, System.nanoTime() - t0, List.of(workload), allNotes);
    }

    /** What {@code slotlab predict your-program} prints: the per-site (or per-length) table, and in Markdown the workload's too. */
    @Override
    public List<Table> report(Settings settings, boolean markdown) {
        ScenarioRun run = compute(ScenarioRequest.of(settings), SlotlabTheme.standard(), () -> false);
        if (!markdown) {
            return List.of(run.table());
        }
        List<Table> out = new ArrayList<>();
        out.add(run.table());
        out.addAll(run.moreTables());
        return out;
    }

    private static String displayName(String spec) {
        return ProgramTraces.shipped(spec) ? spec.strip() : Path.of(spec.strip()).getFileName().toString();
    }

    /** The largest length the candidate embeds on the layout (the marker), or -1 for master. */
    static long markerLen(RubyLayout layout, String candidate) {
        CandidateSpec c = CandidateSpec.of(candidate);
        if (c.master()) {
            return -1;
        }
        if (c.alwaysEmbed()) {
            return layout.maxEmbeddedLen();
        }
        return ModelInputs.largestEmbeddedLen(layout, c.cutoff());
    }

    private static String markerLabel(RubyLayout layout, String candidate, long marker) {
        CandidateSpec c = CandidateSpec.of(candidate);
        if (marker < 0) {
            return "";
        }
        if (c.alwaysEmbed()) {
            return "always-embed: up to " + marker + " B";
        }
        return "largest embedded length: " + marker + " B" + (c.frozenRule() ? " (where sharing needs a new root)" : "");
    }

    /** Substrings per length bin: by (master, candidate) outcome and by source state. */
    static final class Histograms {
        final int binWidth;
        final int bins;
        final List<LengthHistogramChart.Series> byOutcome;
        final List<LengthHistogramChart.Series> bySource;
        final double beyond;
        final double beyondChanged;

        Histograms(int binWidth, int bins, List<LengthHistogramChart.Series> byOutcome, List<LengthHistogramChart.Series> bySource,
                double beyond, double beyondChanged) {
            this.binWidth = binWidth;
            this.bins = bins;
            this.byOutcome = byOutcome;
            this.bySource = bySource;
            this.beyond = beyond;
            this.beyondChanged = beyondChanged;
        }

        /** The note on what the length axis leaves off, or empty. */
        String beyondNote(RubyLayout layout) {
            if (beyond <= 0) {
                return "";
            }
            return String.format(Locale.ROOT, "%,.0f substrings of %d B or longer are not drawn%s.", beyond, end(),
                    beyondChanged > 0 ? String.format(Locale.ROOT, " (%,.0f of them embedded by the candidate)", beyondChanged)
                            : end() > layout.maxEmbeddedLen() ? " (no policy embeds them on " + layout.name() + ": the largest slot holds "
                            + layout.maxEmbeddedLen() + " B)" : " (none of them changes)");
        }

        /** First length past the drawn bins, bytes. */
        long end() {
            return (long) bins * binWidth;
        }
    }

    static final String EMBEDDED_BOTH = "embedded under both";
    static final String MOVED = "shared on master, embedded by the candidate";
    static final String SHARED_BOTH = "shared under both";
    static final String COPY_BOTH = "own buffer under both (not sharable)";

    /**
     * Bins of equal width from 0 B up to the longest traced length or the longest any policy can
     * embed on the layout (past it nothing changes), whichever is shorter; at most {@value #MAX_BINS}.
     */
    static Histograms histograms(SubstringTrace t, RubyLayout layout, List<TraceWhatIf.RowOutcome> outcomes, long marker) {
        long embeddable = layout.maxEmbeddedLen();
        double inRange = 0;
        long longest = 0;
        for (TraceWhatIf.RowOutcome o : outcomes) {
            longest = Math.max(longest, o.row().len());
            if (o.row().len() <= embeddable) {
                inRange += o.substrings();
            }
        }
        // the lengths where most of the program's changeable substrings are, and the marker
        double seen = 0;
        long usual = 0;
        List<TraceWhatIf.RowOutcome> byLen = new ArrayList<>(outcomes);
        byLen.sort((a, b) -> Long.compare(a.row().len(), b.row().len()));
        for (TraceWhatIf.RowOutcome o : byLen) {
            if (o.row().len() > embeddable) {
                break;
            }
            seen += o.substrings();
            usual = o.row().len();
            if (seen >= DRAWN_SHARE * inRange) {
                break;
            }
        }
        long end = Math.min(longest + 1, Math.max(embeddable + 1, 64));
        end = Math.min(end, Math.max(usual + 1, marker + 1) * 5 / 4 + 8);
        end = Math.max(end, 32);
        int width = 1;
        while ((end + width - 1) / width > MAX_BINS) {
            width *= 2;
        }
        int bins = (int) ((end + width - 1) / width);
        Map<String, double[]> outcome = new LinkedHashMap<>();
        for (String fixed : List.of(EMBEDDED_BOTH, MOVED, SHARED_BOTH)) {
            outcome.put(fixed, new double[bins]);
        }
        Map<String, double[]> source = new LinkedHashMap<>();
        for (SubstringTrace.State st : SubstringTrace.State.values()) {
            source.put(stateLabel(st), new double[bins]);
        }
        double beyond = 0;
        double beyondChanged = 0;
        for (TraceWhatIf.RowOutcome o : outcomes) {
            double n = o.substrings();
            int bin = (int) (o.row().len() / width);
            if (bin >= bins) {
                beyond += n;
                beyondChanged += o.embeddedByCandidate() ? n : 0;
                continue;
            }
            outcome.computeIfAbsent(outcomeLabel(o.master().representation(), o.candidate().representation()),
                    k -> new double[bins])[bin] += n;
            source.get(stateLabel(o.row().state()))[bin] += n;
        }
        List<LengthHistogramChart.Series> byOutcome = new ArrayList<>();
        outcome.forEach((k, v) -> {
            if (List.of(EMBEDDED_BOTH, MOVED, SHARED_BOTH).contains(k) || sum(v) > 0) {
                byOutcome.add(new LengthHistogramChart.Series(k, v));
            }
        });
        List<LengthHistogramChart.Series> bySource = new ArrayList<>();
        source.forEach((k, v) -> bySource.add(new LengthHistogramChart.Series(k, v)));
        return new Histograms(width, bins, byOutcome, bySource, beyond, beyondChanged);
    }

    /** Share of the substrings a policy could embed that the length axis covers (past it, a note counts them). */
    static final double DRAWN_SHARE = 0.995;

    static String outcomeLabel(Representation master, Representation candidate) {
        if (master == candidate) {
            return switch (master) {
                case EMBEDDED -> EMBEDDED_BOTH;
                case SHARED -> SHARED_BOTH;
                case HEAP -> COPY_BOTH;
            };
        }
        if (master == Representation.SHARED && candidate == Representation.EMBEDDED) {
            return MOVED;
        }
        return words(master) + " on master, " + words(candidate) + " by the candidate";
    }

    private static String words(Representation r) {
        return switch (r) {
            case EMBEDDED -> "embedded";
            case SHARED -> "shared";
            case HEAP -> "own buffer";
        };
    }

    static String stateLabel(SubstringTrace.State st) {
        return switch (st) {
            case FROZEN -> "frozen source (no new root)";
            case SHARED -> "already shared source (its root reused)";
            case EMBEDDED -> "embedded source (a root made to share)";
            case HEAP -> "own-buffer source (a root made to share)";
        };
    }

    private static double sum(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s;
    }

    private static String lengthsNote(String candidate, TraceWhatIf.Group total, Histograms h, RubyLayout layout) {
        if (total.sharedOnMaster() == 0) {
            return String.format(Locale.ROOT, "Master shares none of these substrings on %s: no cutoff changes them.", layout.name());
        }
        return String.format(Locale.ROOT, "%s embeds %,.0f of the %,.0f substrings master shares (%.0f%%): %.1f objects fewer per "
                + "1,000 substrings.%s", candidate, total.embeddedByCandidate(), total.sharedOnMaster(),
                100 * total.embeddedByCandidate() / total.sharedOnMaster(), total.objectsSavedPer1000(),
                h.beyond > 0 ? " " + h.beyondNote(layout) : "");
    }

    private static String gcNote(SubstringTrace t, TraceWorkload.Prediction master, boolean ownLayout) {
        if (!ownLayout) {
            return String.format(Locale.ROOT, "The traced run (ruby %s) ran %,d GCs on its own layout; these are modelled on another.",
                    t.rubyVersion(), t.gcCount());
        }
        long run = t.gcCount();
        long model = master.gcCount();
        String line = String.format(Locale.ROOT, "The traced run: %,d GCs; master modelled: %,d.", run, model);
        if (run > 0 && (model > 2 * run || 2 * model < run)) {
            line += " Far apart: the workload keeps alive what the trace saw survive, and a program that holds much else "
                    + "(parsed trees, caches) collects less often than its substrings alone suggest.";
        }
        return line;
    }

    private static Table table(SubstringTrace t, RubyLayout layout, boolean bySite, List<Compared> compared, List<String> lines) {
        Table.Builder b = Table.builder("What each policy does to the traced substrings, by " + (bySite ? "call site" : "length")
                        + " (" + layout.name() + ")")
                .column(Column.text("candidate"))
                .column(bySite ? Column.text("site") : Column.number("length (B)", 0))
                .column(Column.number("substrings", 0, true))
                .column(Column.number("shared on master", 0, true))
                .column(Column.number("embedded by candidate", 0, true))
                .column(Column.number("objects saved / 1,000", 1))
                .column(Column.number("retained bytes change", 0, true));
        for (Compared c : compared) {
            List<TraceWhatIf.RowOutcome> o = TraceWhatIf.outcomes(t, layout, c.policy());
            List<TraceWhatIf.Group> groups = new ArrayList<>(bySite ? TraceWhatIf.bySite(t, o) : TraceWhatIf.byLength(o));
            groups.add(TraceWhatIf.total(o, "(all)"));
            Map<String, String> shortNames = shortSiteNames(t);
            for (TraceWhatIf.Group g : groups) {
                Object key = g.key().equals("(all)") ? g.key() : bySite ? shortNames.getOrDefault(g.key(), g.key()) : Long.valueOf(g.key());
                b.row(c.label(), key, Math.round(g.substrings()), Math.round(g.sharedOnMaster()),
                        Math.round(g.embeddedByCandidate()), g.objectsSavedPer1000(), Math.round(g.retainedBytesDelta()));
            }
        }
        b.footer("objects saved / 1,000: objects master allocates minus the candidate's (a frozen root master makes to share), "
                + "per 1,000 substrings of the row; retained bytes change: what the substrings alive at exit hold, candidate "
                + "minus master");
        lines.forEach(b::footer);
        return b.build();
    }

    /**
     * Call sites as the table shows them: {@code file.rb:48} when no other site's file has that
     * name, the whole path otherwise (the path of every site is in the trace and the CLI's output).
     */
    static Map<String, String> shortSiteNames(SubstringTrace t) {
        Map<String, java.util.Set<String>> filesOfBase = new LinkedHashMap<>();
        Map<String, String[]> parts = new LinkedHashMap<>();
        for (SubstringTrace.Site site : t.sites()) {
            String n = site.name();
            int colon = n.lastIndexOf(':');
            String file = colon > 0 ? n.substring(0, colon) : n;
            String base = file.substring(file.lastIndexOf('/') + 1);
            parts.put(n, new String[] {base, colon > 0 ? n.substring(colon) : ""});
            filesOfBase.computeIfAbsent(base, k -> new java.util.HashSet<>()).add(file);
        }
        Map<String, String> out = new LinkedHashMap<>();
        parts.forEach((n, p) -> out.put(n, filesOfBase.get(p[0]).size() == 1 ? p[0] + p[1] : n));
        return out;
    }

    private static Table workloadTable(SubstringTrace t, List<Compared> compared, List<TraceWorkload.Prediction> predictions,
            boolean ownLayout) {
        Table.Builder b = Table.builder("The traced workload, modelled")
                .column(Column.text("policy"))
                .column(Column.number("GCs", 0, true))
                .column(Column.number("seconds", 4))
                .column(Column.ratio("speed ratio (master/policy)", 3));
        TraceWorkload.Prediction master = predictions.get(0);
        b.row("master", master.gcCount(), master.seconds(), 1.0);
        for (int i = 0; i < compared.size(); i++) {
            TraceWorkload.Prediction p = predictions.get(i + 1);
            b.row(compared.get(i).label(), p.gcCount(), p.seconds(), master.seconds() / p.seconds());
        }
        b.footer(String.format(Locale.ROOT, "the traced run: %,d GCs, %,d objects allocated by the program%s", t.gcCount(),
                t.programAllocations(), ownLayout ? "" : " (on its own Ruby's layout)"));
        return b.build();
    }
}
