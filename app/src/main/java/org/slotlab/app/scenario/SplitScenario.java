package org.slotlab.app.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import org.slotlab.app.knob.Knob;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.knob.Types;
import org.slotlab.app.report.Version;
import org.slotlab.charts.CategoryBarsChart;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.charts.table.Table;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.parsers.SplitStep;
import org.slotlab.model.reference.Source;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.string.SubseqPolicy;

/**
 * The one step the parsers of Feature #22186 repeat: {@code "key:value".split(":", 2)}, whose
 * value is a str_subseq of the receiver (CRuby string.c rb_str_split_m, str_subseq). Sharing the
 * value from an unfrozen receiver first makes a frozen root (one object more); a candidate's
 * cutoff copies short values into their own slot instead ({@link SplitStep}). Two charts: objects
 * per call and the speed ratio against master, per value length and receiver.
 */
public final class SplitScenario implements Scenario {

    public static final String ID = "split";
    public static final ChartSpec OBJECTS = new ChartSpec("split-objects", "Objects per split",
            "objects one \"key:value\".split(\":\", 2) allocates: the Array, key, value and any frozen root");
    public static final ChartSpec SPEED = new ChartSpec("split-speed", "Speed ratio per value length",
            "master ns / policy ns per call; above 1 the policy is faster");
    private static final String SECTION = "Workload (split)";

    public static final Knob<LayoutChoice> LAYOUT = Knobs.LAYOUT.withDefault(LayoutChoice.preset("ruby-3.4"));
    public static final Knob<String> PROFILE = Knobs.COST_PROFILE;
    public static final Knob<String> HARNESS = Knobs.HARNESS;
    public static final Knob<List<String>> CANDIDATES = Knobs.CANDIDATES.withDefault(List.of("cutoff:256"));
    /** Longest value the model splits off, bytes: the key length's bound (1 MiB), far beyond a parsed field. */
    public static final long MAX_VALUE_LEN = 1L << 20;
    public static final Knob<List<Long>> VALUE_LENS = Knob.of("value-len", "value lengths", Types.wholeNumbers(64, MAX_VALUE_LEN),
                    List.of(10L, 30L, 60L, 100L, 200L, 300L))
            .unit("B").section(SECTION)
            .describe("Value lengths, bytes: a list or ranges like 16-256:16.");
    public static final Knob<List<String>> RECEIVERS = Knob.of("receiver", "receivers", Types.someOf("receiver",
                    List.of("fresh", "reuse", "frozen"), x -> { }), List.of("reuse", "fresh"))
            .section(SECTION)
            .describe("fresh: a new unfrozen string each call (its cost paid by every policy); reuse: the same unfrozen "
                    + "string, which sharing freezes into a root once; frozen: a frozen literal, its own root.");
    public static final Knob<String> SEPARATOR = Knob.of("separator", "separator", Types.oneOf("separator", List.of("frozen", "new")), "frozen")
            .section(SECTION)
            .describe("frozen: the \":\" literal in a file with # frozen_string_literal: true, one string for every call. new: "
                    + "a file without that comment (or code run by eval), where every call makes a new 40 B string of it "
                    + "(CRuby 3.4's chilled strings too); it is the caller's object, not counted in objects per split.");
    public static final Knob<Long> KEY_LEN = Knob.of("key-len", "key length", Types.longs(0, 1L << 20), 3L)
            .unit("B").section(SECTION).describe("Key length, bytes.");
    public static final Knob<Long> CALLS = Knob.of("calls", "calls", Types.longs(1, 10_000_000_000L), 1_000_000L)
            .section(SECTION).describe("Calls to split; GC counts are per this many calls.");

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "key:value split (Feature #22186)";
    }

    @Override
    public String summary() {
        return "\"key:value\".split(\":\", 2): objects, GCs and speed per call by value length and receiver, the step "
                + "every header parser repeats.";
    }

    @Override
    public Source source() {
        return Source.FEATURE_22186;
    }

    @Override
    public List<Knob<?>> knobs() {
        return List.of(LAYOUT, PROFILE, HARNESS, CANDIDATES, VALUE_LENS, RECEIVERS, SEPARATOR, KEY_LEN, CALLS);
    }

    @Override
    public List<ChartSpec> charts() {
        return List.of(OBJECTS, SPEED);
    }

    @Override
    public String status(Settings s) {
        return Runs.layoutStatus(s);
    }

    static List<SplitStep.Row> rows(Settings s) {
        List<SplitStep.Receiver> rs = s.get(RECEIVERS).stream().map(r -> SplitStep.Receiver.parse("receiver", r)).toList();
        List<SubseqPolicy> cands = s.get(CANDIDATES).stream().map(SubseqPolicies::parse).toList();
        RubyLayout layout = ModelInputs.layout(s);
        return SplitStep.sweep(layout, ModelInputs.profile(s), s.get(KEY_LEN), s.get(VALUE_LENS), rs, cands,
                s.get(CALLS), ModelInputs.harness(s, layout), s.get(SEPARATOR).equals("new"));
    }

    @Override
    public ScenarioRun compute(ScenarioRequest request, SlotlabTheme theme, BooleanSupplier cancelled) {
        long t0 = System.nanoTime();
        Settings s = request.settings();
        RubyLayout layout = ModelInputs.layout(s);
        List<SplitStep.Row> rows = rows(s);
        Runs.check(cancelled);
        List<CategoryBarsChart.Bar> objects = new ArrayList<>();
        List<CategoryBarsChart.Bar> speed = new ArrayList<>();
        for (SplitStep.Row r : rows) {
            String series = r.receiver() + ", " + r.policy();
            String len = r.valueLenBytes() + " B";
            objects.add(new CategoryBarsChart.Bar(series, len, r.objectsPerCall()));
            if (!r.policy().equals("master")) {
                speed.add(new CategoryBarsChart.Bar(series, len, r.speedRatio()));
            }
        }
        String subtitle = String.format(Locale.ROOT, "%s, key %d B, %,d calls (modelled)", layout.name(), s.get(KEY_LEN),
                s.get(CALLS));
        var objectData = new CategoryBarsChart.Data("Objects per \"key:value\".split(\":\", 2)", subtitle, "value length",
                "objects per call", objects, List.of(), false, "0");
        var speedData = new CategoryBarsChart.Data("Speed ratio against master", subtitle, "value length",
                "master ns / policy ns", speed, List.of(), false, "0.00");
        List<String> lines = new ArrayList<>();
        lines.add(Runs.scenarioLine(ID, Source.FEATURE_22186));
        lines.add(Runs.layoutLine(layout));
        lines.add("cost profile: " + ModelInputs.profile(s).name());
        lines.addAll(ModelInputs.assumptions(s, layout));
        lines.add("candidates: " + String.join(", ", s.get(CANDIDATES)) + "; receivers: " + String.join(", ", s.get(RECEIVERS)));
        lines.add("version: " + Version.modelledBy());
        Table table = Runs.withFooters(ParsersReport.splitTable(rows, layout, ModelInputs.profile(s), s.get(KEY_LEN),
                s.get(CALLS)), lines);
        SplitStep.Row first = rows.stream().filter(r -> !r.policy().equals("master")).findFirst().orElse(rows.get(0));
        String headline = String.format(Locale.ROOT, "%d B %s value, %s: %d objects per call, %.2fx", first.valueLenBytes(),
                first.receiver(), first.policy(), first.objectsPerCall(), first.speedRatio());
        return new ScenarioRun(request, List.of(
                Runs.chart(OBJECTS, t -> CategoryBarsChart.create(objectData, t), theme),
                Runs.chart(SPEED, t -> CategoryBarsChart.create(speedData, t), theme)),
                table, lines, headline, System.nanoTime() - t0);
    }

    /** What {@code slotlab predict split} prints: one row per value length, receiver and policy. */
    @Override
    public List<Table> report(Settings s, boolean md) {
        List<SplitStep.Row> rows = rows(s);
        if (!md) {
            return List.of(ParsersReport.splitCsv(rows));
        }
        Table.Builder b = ParsersReport.splitTable(rows, ModelInputs.layout(s), ModelInputs.profile(s), s.get(KEY_LEN),
                s.get(CALLS));
        ModelInputs.assumptions(s, ModelInputs.layout(s)).forEach(b::footer);
        b.footer("predicted by Slotlab " + Version.current());
        return List.of(b.build());
    }
}
