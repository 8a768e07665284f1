package org.slotlab.app.scenario;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import org.slotlab.app.cli.SlotlabCommand;
import org.slotlab.charts.CategoryBarsChart;
import org.slotlab.charts.Provenance;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.charts.XyLinesChart;
import org.slotlab.charts.table.Column;
import org.slotlab.charts.table.Table;
import org.slotlab.model.buffers.JsonDocument;
import org.slotlab.model.buffers.JsonUnescapeWorkload;
import org.slotlab.model.string.StringBufferRules;
import org.slotlab.model.buffers.UnescapeCostProfile;
import org.slotlab.model.buffers.UnescapePolicy;
import org.slotlab.model.malloc.Allocator;
import org.slotlab.model.malloc.Allocators;
import org.slotlab.model.reference.ReferenceTable;

/**
 * Scenario S6, ruby/json PR #1135 (seed {@code 004_9c093df531fdd819.txt}): json 2.9.1's
 * json_string_unescape sizes the buffer for the escaped input with rb_str_buf_new and keeps it with
 * rb_str_set_len; the PR shrinks it with rb_str_resize (CRuby string.c:3321-3373), its rejected
 * first try copies into an exact-size string ({@link JsonUnescapeWorkload}). Two charts: the
 * capacity the 200 parsed strings retain per policy against json_unescape.csv (12.52 -> 7.76 MB),
 * and the maintainer's side, the net benefit of each policy over set_len as the parsed document
 * lives longer, with the break-even lifetimes marked. The document is the PR's (200 strings of
 * ~62.6 KB escaped text, {@code generated:escaped,200x62600}) by default. Its knobs are
 * {@link JsonUnescapeSettings} (document, policies, allocators, lifetimes); the era is ruby-3.4, the
 * PR's Ruby. Generated and shipped documents are built once per spec and kept
 * ({@link #document(String)}): the PR's takes ~2 s to generate.
 */
public final class JsonUnescapeScenario implements Scenario {

    public static final String ID = "json-unescape";
    public static final ChartSpec RETAINED = new ChartSpec("json-retained", "Retained capacity per policy",
            "capacity the parsed strings keep after json_string_unescape: set_len, resize, exact copy (the "
                    + "allocators' footprints are in the table)");
    public static final ChartSpec TRADEOFF = new ChartSpec("json-tradeoff", "Net benefit vs lifetime",
            "resident bytes saved x lifetime (as CPU time) minus the extra parse time, against set_len");
    /** Seed 004, where the published row comes from. */
    static final String SEED = "004";
    /** The PR's document: 200 strings of ~62,600 escaped bytes (JsonDocumentGenerator.Spec.pr1135). */
    static final String DOCUMENT = JsonUnescapeSettings.PR_DOCUMENT;
    /** The PR's Ruby (json_unescape.csv: ruby 3.4.12). */
    static final String ERA = "ruby-3.4";
    /** glibc (the CLI's default) and jemalloc-5 (what many Rails deployments preload). */
    static final List<String> ALLOCATORS = JsonUnescapeSettings.THREAD_ALLOCATORS;
    /** Allocator whose break-even lifetimes are marked and tabled when chosen; else the first chosen. */
    static final String MARKED_ALLOCATOR = "glibc";
    /** Lifetimes of the tradeoff chart: this many log-spaced points per decade. */
    static final int POINTS_PER_DECADE = 12;
    private static final double NS_PER_MS = 1e6;

    /**
     * Generated and shipped documents by spec: the PR's takes ~2 s to generate, so each is built
     * once per process (on the compute thread, never the FX thread). Files on disk are read anew.
     */
    private static final Map<String, JsonDocument> DOCUMENTS = new ConcurrentHashMap<>();

    /** The document a spec names, cached unless it is a file (which may change between runs). */
    static JsonDocument document(String spec) {
        if (spec.startsWith("generated:") || spec.startsWith("sample:")) {
            return DOCUMENTS.computeIfAbsent(spec, JsonDocument::resolve);
        }
        try {
            return JsonDocument.resolve(spec);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("json document: " + e.getMessage(), e);
        }
    }

    /** Whether a spec's document is already built (then a recompute takes milliseconds). */
    public static boolean cached(String spec) {
        return DOCUMENTS.containsKey(spec);
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "JSON unescape slack (json #1135)";
    }

    @Override
    public String summary() {
        return "json_string_unescape: keep the escaped-size buffer (rb_str_set_len), shrink it (rb_str_resize) or "
                + "copy it exactly. Seed 004: 12.52 -> 7.76 MB retained.";
    }

    @Override
    public Set<ParameterGroup> uses() {
        return EnumSet.of(ParameterGroup.JSON_UNESCAPE);
    }

    @Override
    public List<ChartSpec> charts() {
        return List.of(RETAINED, TRADEOFF);
    }

    /** The model's inputs: the thread's settings (the PR's document, every policy, glibc and jemalloc-5). */
    static JsonUnescapeWorkload.Params params() {
        return params(JsonUnescapeSettings.threadDefaults());
    }

    /** The model's inputs for these settings on the PR's era. */
    static JsonUnescapeWorkload.Params params(JsonUnescapeSettings s) {
        return new JsonUnescapeWorkload.Params(document(s.document()), StringBufferRules.byName(ERA), s.policyKinds(),
                s.allocatorModels(), UnescapeCostProfile.defaults());
    }

    /** The tradeoff chart's lifetimes, log-spaced from..to with {@value #POINTS_PER_DECADE} per decade, s. */
    static List<Double> lifetimes(JsonUnescapeSettings s) {
        double decades = Math.log10(s.lifetimeToSeconds() / s.lifetimeFromSeconds());
        int n = Math.max(1, (int) Math.ceil(decades * POINTS_PER_DECADE));
        List<Double> out = new ArrayList<>();
        for (int k = 0; k <= n; k++) {
            out.add(s.lifetimeFromSeconds() * Math.pow(10, decades * k / n));
        }
        return out;
    }

    static String marked(JsonUnescapeSettings s) {
        return s.allocators().contains(MARKED_ALLOCATOR) ? MARKED_ALLOCATOR : s.allocators().get(0);
    }

    @Override
    public ScenarioRun compute(ScenarioRequest request, SlotlabTheme theme, BooleanSupplier cancelled) {
        long t0 = System.nanoTime();
        JsonUnescapeSettings set = request.parameters().jsonUnescape();
        JsonUnescapeWorkload.Params p = params(set);
        StrBufMinScenario.check(cancelled);
        List<JsonUnescapeWorkload.Row> rows = JsonUnescapeWorkload.predict(p);
        StrBufMinScenario.check(cancelled);
        String barAllocator = set.allocators().get(0);
        boolean prDocument = set.document().equals(DOCUMENT);

        List<CategoryBarsChart.Bar> bars = new ArrayList<>();
        for (JsonUnescapeWorkload.Row r : rows) {
            if (r.allocator().equals(barAllocator)) {
                bars.add(new CategoryBarsChart.Bar("retained capacity (model)", r.policy(), r.retainedCapacityMb()));
            }
        }
        JsonUnescapeWorkload.Row first = rows.get(0);
        String subtitle = String.format(Locale.ROOT, "%s: %d strings, %.2f MB decoded, %s; modelled bars%s",
                p.document().name(), first.valueStrings(), first.contentBytes() / JsonUnescapeWorkload.MB, ERA,
                prDocument ? ", published markers" : " (published markers only for the PR's document)");
        List<CategoryBarsChart.Bar> pub = prDocument ? published().stream()
                .filter(bar -> set.policies().contains(bar.category())).toList() : List.of();
        var retainedData = new CategoryBarsChart.Data("Capacity kept by the parsed strings", subtitle,
                "unescape policy", "MB (10^6 B)", bars, pub, false, "0.00");

        Map<String, List<XyLinesChart.Point>> net = new LinkedHashMap<>();
        for (JsonUnescapeWorkload.TradeoffRow t : JsonUnescapeWorkload.tradeoff(p, lifetimes(set))) {
            if (t.policy().equals(UnescapePolicy.SET_LEN.cliName())) {
                continue;
            }
            net.computeIfAbsent(t.policy() + ", " + t.allocator(), k -> new ArrayList<>())
                    .add(new XyLinesChart.Point(t.lifetimeSeconds(), t.netBenefitNs() / NS_PER_MS));
        }
        StrBufMinScenario.check(cancelled);
        String markedName = marked(set);
        Allocator marked = Allocators.byName(markedName);
        Map<UnescapePolicy, Double> breakEven = new LinkedHashMap<>();
        List<XyLinesChart.Marker> markers = new ArrayList<>();
        for (UnescapePolicy policy : set.policyKinds()) {
            if (policy == UnescapePolicy.SET_LEN) {
                continue;
            }
            double s = JsonUnescapeWorkload.breakEvenSeconds(p, policy, marked);
            breakEven.put(policy, s);
            if (Double.isFinite(s) && s >= set.lifetimeFromSeconds() && s <= set.lifetimeToSeconds()) {
                markers.add(new XyLinesChart.Marker(s, policy.cliName() + ": " + seconds(s)));
            }
        }
        var tradeoffData = new XyLinesChart.Data("Does shrinking pay off? Net benefit over set_len",
                String.format(Locale.ROOT, "1 resident B-s = %.3f CPU ns (UnescapeCostProfile.defaults); break-even on %s%s",
                        p.cost().cpuNsPerByteSecond(), markedName, net.isEmpty() ? "; choose resize or exact to see lines" : ""),
                "lifetime of the parsed document (s)", "net benefit (ms CPU)", StrBufMinScenario.lines(net), List.of(),
                markers, true, false, true, false);

        List<String> lines = new ArrayList<>();
        lines.add("scenario: " + ID + " (seed 004, ruby/json PR #1135)");
        lines.add("document: " + p.document().name() + " (" + String.format(Locale.ROOT, "%,d", p.document().bytes())
                + " bytes)");
        lines.add("era: " + p.rules().name() + " (" + p.rules().description() + ")");
        lines.add("policies: " + String.join(", ", set.policies()) + "; allocators: " + String.join(", ", set.allocators()));
        lines.add(String.format(Locale.ROOT, "lifetimes: %s to %s, %d per decade", seconds(set.lifetimeFromSeconds()),
                seconds(set.lifetimeToSeconds()), POINTS_PER_DECADE));
        lines.add(prDocument ? "published: json_unescape.csv (seed 004, ruby 3.4.12, json 3.1.0)"
                : "published: json_unescape.csv not drawn (it measured the PR's document)");
        lines.add("version: Slotlab " + SlotlabCommand.version() + " (modelled, not measured)");
        StringBuilder headline = new StringBuilder("retained");
        String sep = " ";
        for (JsonUnescapeWorkload.Row r : rows) {
            if (r.allocator().equals(barAllocator)) {
                headline.append(sep).append(String.format(Locale.ROOT, "%.2f MB (%s)", r.retainedCapacityMb(), r.policy()));
                sep = " -> ";
            }
        }
        if (breakEven.containsKey(UnescapePolicy.RESIZE)) {
            headline.append("; resize pays off after ").append(seconds(breakEven.get(UnescapePolicy.RESIZE)));
        }
        return new ScenarioRun(request, List.of(
                SubstringCutoffScenario.chart(RETAINED, t -> CategoryBarsChart.create(retainedData, t), theme),
                SubstringCutoffScenario.chart(TRADEOFF, t -> XyLinesChart.create(tradeoffData, t), theme)),
                table(rows, breakEven, markedName, lines), lines, headline.toString(), System.nanoTime() - t0);
    }

    static String seconds(double s) {
        if (!Double.isFinite(s)) {
            return "never";
        }
        return s < 1 ? String.format(Locale.ROOT, "%.1f ms", s * 1000) : String.format(Locale.ROOT, "%.2f s", s);
    }

    /** json_unescape.csv's retained-capacity row: before (set_len) and after (resize), MB. */
    static List<CategoryBarsChart.Bar> published() {
        ReferenceTable t = ReferenceTable.load("json_unescape.csv");
        List<CategoryBarsChart.Bar> out = new ArrayList<>();
        for (Map<String, String> r : t.rows()) {
            if (!r.get("metric").startsWith("retained_capacity")) {
                continue;
            }
            String who = new Provenance("byroot's PR", r.get("machine"), SEED).label();
            ReferenceTable.number(r, "before_set_len").ifPresent(v -> out.add(new CategoryBarsChart.Bar(who, "set_len", v)));
            ReferenceTable.number(r, "after_resize").ifPresent(v -> out.add(new CategoryBarsChart.Bar(who, "resize", v)));
        }
        return out;
    }

    private static Table table(List<JsonUnescapeWorkload.Row> rows, Map<UnescapePolicy, Double> breakEven,
            String markedAllocator, List<String> params) {
        Table.Builder b = Table.builder("json_string_unescape per policy and allocator")
                .column(Column.text("policy"))
                .column(Column.text("allocator"))
                .column(Column.number("retained_mb", 2))
                .column(Column.number("slack_pct", 1))
                .column(Column.number("footprint_mb", 2))
                .column(Column.number("mallocs", 0))
                .column(Column.number("reallocs", 0))
                .column(Column.number("frees", 0))
                .column(Column.number("parse_ms", 3))
                .column(Column.text("break_even"));
        for (JsonUnescapeWorkload.Row r : rows) {
            UnescapePolicy policy = UnescapePolicy.parse(r.policy());
            String be = policy == UnescapePolicy.SET_LEN || !r.allocator().equals(markedAllocator) ? ""
                    : seconds(breakEven.get(policy));
            b.row(r.policy(), r.allocator(), r.retainedCapacityMb(), r.slackPct(),
                    r.mallocFootprintBytes() / JsonUnescapeWorkload.MB, r.mallocCalls(), r.reallocCalls(), r.freeCalls(),
                    r.predictedParseNs() / NS_PER_MS, be);
        }
        StringBuilder pub = new StringBuilder("published (json_unescape.csv, seed 004):");
        for (CategoryBarsChart.Bar bar : published()) {
            pub.append(String.format(Locale.ROOT, " %s %.2f MB;", bar.category(), bar.value()));
        }
        b.footer(pub.toString());
        params.forEach(b::footer);
        return b.build();
    }
}
