package org.slotlab.app.scenario;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import org.slotlab.app.knob.Knob;
import org.slotlab.app.knob.KnobException;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.knob.Types;
import org.slotlab.app.report.Version;
import org.slotlab.charts.CategoryBarsChart;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.charts.XyLinesChart;
import org.slotlab.charts.table.Column;
import org.slotlab.charts.table.Table;
import org.slotlab.model.buffers.JsonDocument;
import org.slotlab.model.buffers.JsonDocumentGenerator;
import org.slotlab.model.buffers.JsonUnescapeWorkload;
import org.slotlab.model.string.StringBufferRules;
import org.slotlab.model.buffers.UnescapeCostProfile;
import org.slotlab.model.buffers.UnescapePolicy;
import org.slotlab.model.malloc.Allocator;
import org.slotlab.model.malloc.Allocators;
import org.slotlab.model.reference.ReferenceTable;
import org.slotlab.model.reference.Source;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.cost.JsonParseCosts;
import org.slotlab.model.buffers.JsonParseModel;
import org.slotlab.model.harness.HarnessState;

/**
 * ruby/json PR #1135 (https://github.com/ruby/json/pull/1135): json 2.9.1's
 * json_string_unescape sizes the buffer for the escaped input with rb_str_buf_new and keeps it with
 * rb_str_set_len; the PR shrinks it with rb_str_resize (CRuby string.c:3321-3373), its rejected
 * first try copies into an exact-size string ({@link JsonUnescapeWorkload}). Two charts: the
 * capacity the 200 parsed strings retain per policy against json_unescape.csv (12.52 -> 7.76 MB),
 * and the maintainer's side, the net benefit of each policy over set_len as the parsed document
 * lives longer, with the break-even lifetimes marked. The document is the PR's (200 strings of
 * ~62.6 KB escaped text, {@code generated:escaped,200x62600}) by default. Its knobs are the
 * document, the policies, the allocators, the lifetimes and the Ruby (3.4, the PR's, by default).
 * Generated and shipped documents are built once per spec and kept
 * ({@link #document(String)}): the PR's takes under a second to generate.
 */
public final class JsonUnescapeScenario implements Scenario {

    public static final String ID = "json-unescape";
    public static final ChartSpec RETAINED = new ChartSpec("json-retained", "Retained capacity per policy",
            "capacity the parsed strings keep after json_string_unescape: set_len, resize, exact copy (the "
                    + "allocators' footprints are in the table)");
    public static final ChartSpec TRADEOFF_CHART = new ChartSpec("json-tradeoff", "Net benefit vs lifetime",
            "resident bytes saved x lifetime (as CPU time) minus the extra parse time, against set_len");
    /** The PR's document: 200 strings of ~62,600 escaped bytes (JsonDocumentGenerator.Spec.pr1135). */
    public static final String PR_DOCUMENT = "generated:escaped,200x62600";
    /** The same strings without \\u escapes (json's default, ensure_ascii off). */
    public static final String PR_DOCUMENT_PLAIN = "generated:plain,200x62600";
    /** The samples shipped in sample-data/json. */
    public static final List<String> SAMPLES = List.of("sample:reviews_ensure_ascii.json", "sample:reviews_utf8.json");
    private static List<String> suggestions() {
        List<String> out = new ArrayList<>(List.of(PR_DOCUMENT, PR_DOCUMENT_PLAIN));
        out.addAll(SAMPLES);
        return out;
    }

    /** Allocator whose break-even lifetimes are marked and tabled when chosen; else the first chosen. */
    static final String MARKED_ALLOCATOR = "glibc";
    /** Lifetimes of the tradeoff chart: this many log-spaced points per decade. */
    static final int POINTS_PER_DECADE = 12;
    /** Longest lifetime accepted, s: about eleven and a half days of a long-lived process. */
    static final double MAX_LIFETIME = 1e6;
    private static final double NS_PER_MS = 1e6;
    private static final String SECTION = "JSON unescape";

    public static final Knob<String> RUBY = Knobs.RUBY_OR_PROFILE.withDefault("ruby-3.4");
    public static final Knob<String> PROFILE = Knobs.COST_PROFILE
            .describe("Cost profile JSON from 'slotlab calibrate': its coefficients price the strings' slots, mallocs, copies, "
                    + "page faults and GCs (from the heap simulation, in the heap plain ruby hands a loop), its JSON parse probe "
                    + "the json's own scanning and decoding, and its layout is the Ruby modelled unless --layout says otherwise. "
                    + "None: the published parse rate of ruby/json PR #1135 and assumed malloc, copy and slot costs.");
    public static final Knob<String> DOCUMENT = Knob.of("doc", "document", Types.suggesting(Types.text("DOC",
                    JsonUnescapeScenario::checkDocument), suggestions()), PR_DOCUMENT)
            .section(SECTION).editor(Knob.Editor.SUGGESTIONS)
            .describe("The document JSON.parse reads. generated:escaped,200x62600 is the PR's: 200 strings of ~62.6 KB "
                    + "with \\u escapes (ensure_ascii), so json_string_unescape sizes each buffer for the escaped text "
                    + "(rb_str_buf_new(escaped_length), parser.rl:917-1030). generated:plain has no escapes; sample:NAME "
                    + "reads sample-data/json; or a file. Generated documents take under a second the first time, then are kept.");
    public static final Knob<List<String>> POLICIES = Knob.of("policy", "policies", Types.someOf("unescape policy",
                    List.of("set_len", "resize", "exact", "temp_buffer"), UnescapePolicy::parse), List.of("set_len", "resize", "exact"))
            .section(SECTION)
            .describe("set_len: json 2.9.1 keeps the escaped-size buffer (rb_str_set_len). resize: the PR, rb_str_resize "
                    + "shrinks it when capa - len > min(len, 1024) (string.c:3321-3373). exact: the rejected first try, "
                    + "copy into an exact-size string and free the first buffer. temp_buffer: json before ruby/json PR #671 "
                    + "(json 2.6.1 of Debian's 3.1.2), every string decoded into a temporary buffer (malloc'd over 128 B) and "
                    + "made exact with rb_utf8_str_new.");
    public static final Knob<List<String>> ALLOCATOR = Knobs.ALLOCATORS.withDefault(List.of("glibc"))
            .describe("Malloc models whose footprint of the retained buffers is tabled; the bars show the first, the "
                    + "break-even lifetimes glibc (or the first).");
    public static final Knob<List<Double>> LIFETIMES = Knob.of("lifetime", "lifetimes",
                    Types.decimalsList(0, MAX_LIFETIME, "seconds"), List.of(0.001, 0.01, 0.1, 1.0, 10.0))
            .unit("s").section(SECTION)
            .describe("How long the parsed document lives, seconds: the rows of the tradeoff table, and the span of the "
                    + "tradeoff chart (smallest positive to largest). The resident bytes a shrink saves pay for its extra "
                    + "parse time only if the strings live long enough.");
    public static final Knob<Boolean> TRADEOFF = Knob.of("tradeoff", "tradeoff", Types.onOff(), false).cliOnly()
            .describe("Print the lifetime tradeoff against set_len instead of the policy table");

    /**
     * Generated and shipped documents by spec: the PR's takes under a second to generate, so each is built
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
        return "JSON unescape slack (ruby/json PR #1135)";
    }

    @Override
    public String summary() {
        return "json_string_unescape: keep the escaped-size buffer (rb_str_set_len), shrink it (rb_str_resize) or "
                + "copy it exactly. Published: 12.52 -> 7.76 MB retained.";
    }

    @Override
    public Source source() {
        return Source.JSON_PR_1135;
    }

    @Override
    public List<Knob<?>> knobs() {
        return List.of(RUBY, PROFILE, DOCUMENT, POLICIES, ALLOCATOR, LIFETIMES, TRADEOFF);
    }

    @Override
    public String status(Settings s) {
        String doc = s.get(DOCUMENT);
        boolean building = doc.startsWith("generated:") && !cached(doc);
        return "document " + doc + (building ? " (generating, under a second the first time)" : "") + "  |  malloc "
                + String.join(", ", s.get(ALLOCATOR)) + "  |  times: " + (s.get(PROFILE).isBlank() ? "published default"
                        : "cost profile " + java.nio.file.Path.of(s.get(PROFILE)).getFileName());
    }

    /**
     * A document spec: {@code generated:...} is checked for syntax (it is built off the FX thread),
     * {@code sample:NAME} must be shipped, a file must be readable.
     */
    static void checkDocument(String spec) {
        if (spec.isEmpty()) {
            throw new IllegalArgumentException("give generated:..., sample:NAME or a file path");
        }
        if (spec.startsWith("generated:")) {
            JsonDocumentGenerator.parse(spec);
        } else if (spec.startsWith("sample:")) {
            String res = "sample-data/json/" + spec.substring("sample:".length());
            if (JsonDocument.class.getClassLoader().getResource(res) == null) {
                throw new IllegalArgumentException("no shipped sample " + res + " (known: " + String.join(", ", SAMPLES) + ")");
            }
        } else {
            ModelInputs.checkInputFile(Path.of(spec), JsonDocument.MAX_FILE_BYTES, "a JSON document");
        }
    }

    @Override
    public List<ChartSpec> charts() {
        return List.of(RETAINED, TRADEOFF_CHART);
    }

    /** The model's inputs: the thread's settings. */
    static JsonUnescapeWorkload.Params params() {
        return params(new JsonUnescapeScenario().defaults());
    }

    /** The model's inputs for these settings; a document that cannot be read is named. */
    static JsonUnescapeWorkload.Params params(Settings s) {
        JsonDocument doc;
        try {
            doc = document(s.get(DOCUMENT));
        } catch (IllegalArgumentException e) {
            throw new KnobException(DOCUMENT, e.getMessage().replaceFirst("^json document: ", ""));
        }
        StringBufferRules rules = ModelInputs.rules(s);
        return new JsonUnescapeWorkload.Params(doc, rules, policyKinds(s), allocators(s), UnescapeCostProfile.defaults(),
                calibrated(s, rules));
    }

    /** The calibrated profile the times come from, or null for the published default (no --profile). */
    static JsonUnescapeWorkload.Calibrated calibrated(Settings s, StringBufferRules rules) {
        if (s.get(PROFILE).isBlank()) {
            return null;
        }
        CostProfile p = ModelInputs.profile(s);
        // the heap the probe parsed in (plain ruby, RubyGems loaded, as an application parses)
        org.slotlab.model.harness.Harness h = p.jsonParse().filter(j -> !j.harness().isEmpty())
                .map(j -> org.slotlab.model.harness.Harness.parse(j.harness())).orElse(org.slotlab.model.harness.Harness.RUBYGEMS);
        HarnessState heap = p.harness(h, rules.layout());
        return new JsonUnescapeWorkload.Calibrated(p, heap);
    }

    /**
     * What the times assume, for footers, the chart's notes and the CSV's last columns: the profile,
     * the Ruby and the json the parse speed was measured with, and where each cost comes from.
     */
    static List<String> timingLines(JsonUnescapeWorkload.Params p) {
        List<String> out = new ArrayList<>();
        UnescapeCostProfile c = p.cost();
        JsonUnescapeWorkload.Calibrated cal = p.calibrated();
        if (cal == null) {
            out.add(String.format(Locale.ROOT, "times: the published default, no cost profile: stock json parses ruby/json PR "
                            + "#1135's 130 KB escaped document in 0.127 ms (ruby 3.4.12, json 3.1.0), %.4f ns per document byte; "
                            + "malloc %.0f ns, free %.0f ns, realloc %.0f ns, copy %.2f ns/B, slot %.0f ns are assumptions for glibc "
                            + "on a current x86-64 core; give --profile FILE from slotlab calibrate for your Ruby's",
                    c.nsPerRawByte(), c.nsPerMalloc(), c.nsPerFree(), c.nsPerRealloc(), c.nsPerByteCopied(), c.nsPerSlotAllocation()));
        } else {
            CostProfile prof = cal.profile();
            JsonParseCosts json = cal.json();
            out.add("times: cost profile " + prof.name() + " (" + prof.machine() + "): " + prof.check().summary());
            if (json != null) {
                out.add("parse speed: " + json.describe() + ", measured by slotlab calibrate's JSON parse probe: "
                        + json.describeTerms() + " (ns per string, per byte outside strings with escapes, per raw byte of "
                        + "strings with escapes)");
                UnescapePolicy own = JsonParseModel.ownPolicy(json);
                out.add("json " + json.jsonVersion() + (json.keepsEscapedCapacity()
                        ? " keeps a string with escapes at its escaped size (rb_str_buf_new, rb_str_set_len): its own parse is the "
                                + own.cliName() + " row"
                        : " makes every string exact through a temporary buffer (rb_utf8_str_new): its own parse is the "
                                + own.cliName() + " row; the others change its escaped strings' allocations only"));
            } else {
                out.add(String.format(Locale.ROOT, "parse speed: the published default, %.4f ns per document byte (ruby/json PR #1135, "
                        + "ruby 3.4.12, json 3.1.0): profile %s has no JSON parse measurement (it was calibrated before the probe "
                        + "existed, or its Ruby could not load json); run slotlab calibrate again to measure JSON.parse on that Ruby",
                        c.nsPerRawByte(), prof.name()));
            }
            out.add(String.format(Locale.ROOT, "allocations priced by the profile: slots (slot_alloc_ns %.3g ns), mallocs "
                            + "(malloc_free_ns %.3g ns), copies (copy_ns_per_byte %.3g, malloc_copy_ns_per_byte %.3g ns/B), page faults "
                            + "and each GC's work, counted by the heap simulation of a loop of parses (%s); a shrinking realloc has no "
                            + "coefficient of its own and is priced as one malloc_free_ns, an early free as gc_free_ns_per_buffer (%.3g ns)",
                    prof.get(CostProfile.ALLOC), prof.get(CostProfile.MALLOC), prof.get(CostProfile.COPY), prof.get(CostProfile.MALLOC_COPY),
                    cal.heap() == null ? "the layout's boot heap" : "from the heap plain ruby hands a script, "
                            + cal.heap().harness().id() + " pages per heap " + java.util.Arrays.toString(cal.heap().boot().pages()),
                    prof.get(CostProfile.GC_FREE)));
            prof.layout().filter(l -> !l.name().equals(p.rules().layout().name())).ifPresent(l -> out.add("the profile was "
                    + "measured on " + l.name() + "; this run models " + p.rules().name() + " (--layout)"));
        }
        out.add(String.format(Locale.ROOT, "1 resident B-s = %.3f CPU ns (an assumption from cloud list prices)", c.cpuNsPerByteSecond()));
        return out;
    }

    /** The CSV's last columns: cost profile, Ruby and json the times assume. */
    static String[] timingColumns(JsonUnescapeWorkload.Params p) {
        JsonUnescapeWorkload.Calibrated cal = p.calibrated();
        if (cal == null) {
            return new String[] {"published default (ruby/json PR #1135)", "ruby 3.4.12 (the PR's)", "3.1.0 (the PR's)"};
        }
        JsonParseCosts json = cal.json();
        return new String[] {cal.profile().name(), cal.profile().machine(),
                json == null ? "not measured (published parse rate)" : json.jsonVersion()};
    }

    static List<UnescapePolicy> policyKinds(Settings s) {
        return s.get(POLICIES).stream().map(UnescapePolicy::parse).toList();
    }

    static List<Allocator> allocators(Settings s) {
        return s.get(ALLOCATOR).stream().map(Allocators::byName).toList();
    }

    /** Smallest positive lifetime of the settings, s (1 ms when none is positive). */
    static double lifetimeFrom(Settings s) {
        return s.get(LIFETIMES).stream().filter(v -> v > 0).mapToDouble(Double::doubleValue).min().orElse(1e-3);
    }

    /** Largest lifetime, s; a decade above the smallest when there is only one. */
    static double lifetimeTo(Settings s) {
        double to = s.get(LIFETIMES).stream().mapToDouble(Double::doubleValue).max().orElse(0);
        return to > lifetimeFrom(s) ? to : lifetimeFrom(s) * 10;
    }

    /**
     * The tradeoff chart's lifetimes, s: from the smallest, {@value #POINTS_PER_DECADE} log-spaced
     * points per decade (so whole decades of the smallest are points), and the largest.
     */
    static List<Double> lifetimes(Settings s) {
        double from = lifetimeFrom(s);
        double to = lifetimeTo(s);
        List<Double> out = new ArrayList<>();
        for (int k = 0; ; k++) {
            double v = from * Math.pow(10, (double) k / POINTS_PER_DECADE);
            if (v >= to * (1 - 1e-9)) {
                break;
            }
            out.add(v);
        }
        out.add(to);
        return out;
    }

    static String marked(Settings s) {
        return s.get(ALLOCATOR).contains(MARKED_ALLOCATOR) ? MARKED_ALLOCATOR : s.get(ALLOCATOR).get(0);
    }

    @Override
    public ScenarioRun compute(ScenarioRequest request, SlotlabTheme theme, BooleanSupplier cancelled) {
        long t0 = System.nanoTime();
        Settings set = request.settings();
        JsonUnescapeWorkload.Params p = params(set);
        Runs.check(cancelled);
        List<JsonUnescapeWorkload.Row> rows = JsonUnescapeWorkload.predict(p);
        Runs.check(cancelled);
        String barAllocator = set.get(ALLOCATOR).get(0);
        boolean prDocument = set.get(DOCUMENT).equals(PR_DOCUMENT);

        List<CategoryBarsChart.Bar> bars = new ArrayList<>();
        for (JsonUnescapeWorkload.Row r : rows) {
            if (r.allocator().equals(barAllocator)) {
                bars.add(new CategoryBarsChart.Bar("retained capacity (model)", r.policy(), r.retainedCapacityMb()));
            }
        }
        JsonUnescapeWorkload.Row first = rows.get(0);
        String subtitle = String.format(Locale.ROOT, "%s: %d strings, %.2f MB decoded, %s; modelled bars%s",
                p.document().name(), first.valueStrings(), first.contentBytes() / JsonUnescapeWorkload.MB, p.rules().layout().name(),
                prDocument ? ", published markers" : " (published markers only for the PR's document)");
        List<CategoryBarsChart.Bar> pub = prDocument ? published().stream()
                .filter(bar -> set.get(POLICIES).contains(bar.category())).toList() : List.of();
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
        Runs.check(cancelled);
        String markedName = marked(set);
        Allocator marked = Allocators.byName(markedName);
        Map<UnescapePolicy, Double> breakEven = new LinkedHashMap<>();
        List<XyLinesChart.Marker> markers = new ArrayList<>();
        for (UnescapePolicy policy : policyKinds(set)) {
            if (policy == UnescapePolicy.SET_LEN) {
                continue;
            }
            double s = JsonUnescapeWorkload.breakEvenSeconds(p, policy, marked);
            breakEven.put(policy, s);
            if (Double.isFinite(s) && s >= lifetimeFrom(set) && s <= lifetimeTo(set)) {
                markers.add(new XyLinesChart.Marker(s, policy.cliName() + ": " + seconds(s)));
            }
        }
        String[] assumed = timingColumns(p);
        var tradeoffData = new XyLinesChart.Data("Does shrinking pay off? Net benefit over set_len",
                String.format(Locale.ROOT, "parse times: %s, %s, json %s; 1 resident B-s = %.3f CPU ns (an assumption from cloud "
                                + "list prices); break-even on %s%s", assumed[0], assumed[1], assumed[2],
                        p.cost().cpuNsPerByteSecond(), markedName, net.isEmpty() ? "; choose resize or exact to see lines" : ""),
                "lifetime of the parsed document (s)", "net benefit (ms CPU)", Runs.lines(net), List.of(),
                markers, true, false, true, false);

        List<String> lines = new ArrayList<>();
        lines.add(Runs.scenarioLine(ID, Source.JSON_PR_1135));
        lines.add("document: " + p.document().name() + " (" + String.format(Locale.ROOT, "%,d", p.document().bytes())
                + " bytes)");
        lines.add("Ruby: " + set.get(RUBY) + ", string rules " + p.rules().name() + " (" + p.rules().description() + ")");
        lines.add("policies: " + String.join(", ", set.get(POLICIES)) + "; allocators: " + String.join(", ", set.get(ALLOCATOR)));
        lines.addAll(timingLines(p));
        lines.add(String.format(Locale.ROOT, "lifetimes: %s to %s, %d per decade", seconds(lifetimeFrom(set)),
                seconds(lifetimeTo(set)), POINTS_PER_DECADE));
        lines.add(prDocument ? "published: " + Source.JSON_PR_1135.citation() + " (ruby 3.4.12, json 3.1.0)"
                : "published: " + Source.JSON_PR_1135.citation() + ", not drawn (it measured the PR's document)");
        lines.add("version: " + Version.modelledBy());
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
                Runs.chart(RETAINED, t -> CategoryBarsChart.create(retainedData, t), theme),
                Runs.chart(TRADEOFF_CHART, t -> XyLinesChart.create(tradeoffData, t), theme)),
                table(rows, breakEven, markedName, lines), lines, headline.toString(), System.nanoTime() - t0);
    }

    static String seconds(double s) {
        if (!Double.isFinite(s)) {
            return "never";
        }
        if (s <= 0) {
            // the policy parses no slower than set_len: it pays off for any lifetime
            return "at once";
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
            String who = Source.JSON_PR_1135.measuredBy("fuzzyrichie", r.get("machine")).label();
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
        StringBuilder pub = new StringBuilder("published (" + Source.JSON_PR_1135.citation() + "):");
        for (CategoryBarsChart.Bar bar : published()) {
            pub.append(String.format(Locale.ROOT, " %s %.2f MB;", bar.category(), bar.value()));
        }
        b.footer(pub.toString());
        params.forEach(b::footer);
        return b.build();
    }

    /** The published row of json_unescape.csv as a footer line: retained capacity before and after, read once. */
    static String publishedLine() {
        StringBuilder b = new StringBuilder("published (" + Source.JSON_PR_1135.citation() + ", ruby 3.4.12, json 3.1.0, "
                + "200 strings with \\uXXXX escapes): retained capacity");
        for (CategoryBarsChart.Bar bar : published()) {
            b.append(String.format(Locale.ROOT, " %.2f MB with %s;", bar.value(), bar.category()));
        }
        return b.append(" parse of a 130 KB escaped document 0.125-0.129 ms vs 0.131 ms; exact copy +19%").toString();
    }

    /**
     * What {@code slotlab predict json-unescape} prints: the policy table (CSV), both tables
     * (Markdown), or the lifetime tradeoff against set_len ({@code --tradeoff}).
     */
    @Override
    public List<Table> report(Settings s, boolean md) {
        JsonUnescapeWorkload.Params params = params(s);
        List<UnescapePolicy> against = params.policies().stream().filter(x -> x != UnescapePolicy.SET_LEN).toList();
        if (s.get(TRADEOFF) && against.isEmpty()) {
            throw new KnobException(TRADEOFF, "compares policies against set_len: add resize or exact to the policies");
        }
        List<Double> lives = s.get(LIFETIMES);
        if (s.get(TRADEOFF)) {
            return List.of(tradeoffTable(params, against, lives, md));
        }
        if (md && !against.isEmpty()) {
            return List.of(policyTable(params, true), tradeoffTable(params, against, lives, true));
        }
        return List.of(policyTable(params, md));
    }

    private static String parameters(JsonUnescapeWorkload.Params p) {
        return String.format(Locale.ROOT, "parameters: document %s (%,d bytes), string rules %s, layout %s",
                p.document().name(), p.document().bytes(), p.rules().name(), p.rules().layout().name());
    }

    private static Table policyTable(JsonUnescapeWorkload.Params p, boolean md) {
        Table.Builder b = Table.builder(md ? "JSON unescape: retained capacity per policy (" + p.document().name() + ")"
                        : "")
                .column(Column.text("policy"))
                .column(Column.text("allocator"))
                .column(Column.number("value_strings", 0))
                .column(Column.number("escaped_strings", 0))
                .column(Column.number("content_bytes", 0, md))
                .column(Column.number("retained_capacity_bytes", 0, md))
                .column(Column.number("retained_capacity_mb", md ? 2 : 6))
                .column(Column.number("slack_bytes", 0, md))
                .column(Column.number("slack_pct", md ? 1 : 3))
                .column(Column.number("malloc_calls", 0, md))
                .column(Column.number("realloc_calls", 0, md))
                .column(Column.number("free_calls", 0, md))
                .column(Column.number("bytes_copied", 0, md))
                .column(Column.number("slot_bytes", 0, md))
                .column(Column.number("malloc_buffer_bytes", 0, md))
                .column(Column.number("malloc_footprint_bytes", 0, md))
                .column(Column.number("malloc_rss_kib", md ? 0 : 1, md))
                .column(Column.number("predicted_parse_ms", md ? 3 : 6))
                .column(Column.number("gc_per_parse", md ? 3 : 6))
                .column(Column.number("objects_per_parse", 0, md));
        if (!md) {
            b.column(Column.text("cost_profile")).column(Column.text("ruby")).column(Column.text("json"));
        }
        String[] assumed = timingColumns(p);
        for (JsonUnescapeWorkload.Row r : JsonUnescapeWorkload.predict(p)) {
            List<Object> cells = new ArrayList<>(List.of(r.policy(), r.allocator(), r.valueStrings(), r.escapedStrings(), r.contentBytes(),
                    r.retainedCapacityBytes(), r.retainedCapacityMb(), r.slackBytes(), r.slackPct(), r.mallocCalls(),
                    r.reallocCalls(), r.freeCalls(), r.bytesCopied(), r.slotBytes(), r.mallocBufferBytes(),
                    r.mallocFootprintBytes(), r.mallocRssKib(), r.predictedParseNs() / 1e6, r.gcsPerParse(), r.objectsPerParse()));
            if (!md) {
                cells.addAll(List.of(assumed));
            }
            b.row(cells);
        }
        if (md) {
            b.footer("lower is better for retained capacity, slack and parse time; MB = 10^6 bytes (the PR's unit); "
                    + "slack_pct = (retained capacity - content) / content; slot_bytes counts discarded slots too; gc_per_parse "
                    + "and objects_per_parse: a loop of parses whose results die at once, counted by the heap simulation");
            b.footer(parameters(p));
            timingLines(p).forEach(b::footer);
            b.footer(publishedLine());
            b.footer("predicted by Slotlab " + Version.current());
        }
        return b.build();
    }

    private static Table tradeoffTable(JsonUnescapeWorkload.Params all, List<UnescapePolicy> against, List<Double> lives,
                                boolean md) {
        JsonUnescapeWorkload.Params p = new JsonUnescapeWorkload.Params(all.document(), all.rules(), against,
                all.allocators(), all.cost(), all.calibrated());
        Table.Builder b = Table.builder(md ? "JSON unescape: net benefit over set_len by document lifetime" : "")
                .column(Column.text("policy"))
                .column(Column.text("allocator"))
                .column(Column.number("lifetime_s", md ? 3 : 6))
                .column(Column.number("extra_cpu_ns", md ? 0 : 1, md))
                .column(Column.number("saved_byte_seconds", md ? 0 : 3, md))
                .column(Column.number("saved_cpu_ns_equivalent", md ? 0 : 1, md))
                .column(Column.number("net_benefit_ns", md ? 0 : 1, md))
                .column(Column.number("break_even_s", md ? 4 : 9));
        if (!md) {
            b.column(Column.text("cost_profile")).column(Column.text("ruby")).column(Column.text("json"));
        }
        String[] assumed = timingColumns(p);
        List<JsonUnescapeWorkload.TradeoffRow> rows = JsonUnescapeWorkload.tradeoff(p, lives);
        Map<String, Double> breakEven = new HashMap<>();
        for (UnescapePolicy policy : p.policies()) {
            for (Allocator a : p.allocators()) {
                breakEven.put(policy.cliName() + "/" + a.name(), JsonUnescapeWorkload.breakEvenSeconds(p, policy, a));
            }
        }
        for (JsonUnescapeWorkload.TradeoffRow r : rows) {
            List<Object> cells = new ArrayList<>(List.of(r.policy(), r.allocator(), r.lifetimeSeconds(), r.extraCpuNs(),
                    r.savedByteSeconds(), r.savedCpuNsEquivalent(), r.netBenefitNs(), breakEven.get(r.policy() + "/" + r.allocator())));
            if (!md) {
                cells.addAll(List.of(assumed));
            }
            b.row(cells);
        }
        if (md) {
            b.footer("higher net_benefit_ns is better; above 0 = the policy pays for its extra parse work within the "
                    + "lifetime; break_even_s = lifetime from which it does (n/a = never)");
            b.footer(parameters(p));
            timingLines(p).forEach(b::footer);
            b.footer("maintainer (" + Source.JSON_PR_1135.citation() + "): \"not worth risking a realloc for a string "
                    + "that will likely be thrown away soon\"");
            b.footer("predicted by Slotlab " + Version.current());
        }
        return b.build();
    }
}
