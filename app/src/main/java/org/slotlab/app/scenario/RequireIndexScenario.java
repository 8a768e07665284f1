package org.slotlab.app.scenario;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.slotlab.app.knob.Knob;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.knob.Types;
import org.slotlab.app.report.Version;
import org.slotlab.charts.CategoryBarsChart;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.charts.table.Column;
import org.slotlab.charts.table.Table;
import org.slotlab.model.buffers.LoadedFeatures;
import org.slotlab.model.buffers.RequireIndexWorkload;
import org.slotlab.model.malloc.Allocators;
import org.slotlab.model.reference.ReferenceTable;
import org.slotlab.model.reference.Source;

/**
 * Feature #14460 (https://bugs.ruby-lang.org/issues/14460): CRuby 2.5 ruby_strdup'ed
 * every key of loaded_features_index (load.c features_index_add); r62404 (2.6) points the keys
 * into the feature strings and keeps one extension-less copy per feature
 * ({@link RequireIndexWorkload}). Three charts over the shipped Rails 7.1.3 $LOADED_FEATURES
 * (1,792 paths): key bytes and the allocator's footprint per allocator, strdup'ed vs indexed; the
 * malloc and free calls that build the index; and the model's share of the whole-app figures the
 * thread published (require_index.csv: 59,580,203 -> 57,057,395 bytes at Rails boot, 76,212 calls
 * eliminated). Its knobs (feature list, allocators, index rebuilds, Ruby) default to the thread's:
 * the shipped list, darwin malloc and glibc, no rebuilds, and 2.6-dev's strings, which embed up to
 * 23 B as the 2.4-dev preset's do.
 */
public final class RequireIndexScenario implements Scenario {

    public static final String ID = "require-index";
    public static final ChartSpec KEYS = new ChartSpec("require-keys", "Index keys per allocator",
            "bytes requested for the index keys and the allocator's footprint of them, strdup'ed vs indexed");
    public static final ChartSpec CALLS = new ChartSpec("require-calls", "malloc/free calls",
            "malloc and free calls made while building loaded_features_index");
    public static final ChartSpec SHARE = new ChartSpec("require-share", "Share of the published figures",
            "what the model saves as % of the thread's whole-app boot memory and call savings");
    /** Most rebuilds accepted: a boot that rebuilt the index more often than this has a bug of its own. */
    static final int MAX_REBUILDS = 10_000;
    /** The shipped feature list (sample-data/require/loaded_features.txt). */
    public static final String SAMPLE = "sample";
    private static final double KIB = 1024.0;
    private static final String SECTION = "require index";

    public static final Knob<String> RUBY = Knobs.RUBY.withDefault("ruby-2.4-after")
            .describe("The CRuby whose strings hold the extension-less copies of the indexed keys: 2.6-dev (the thread's) "
                    + "embeds up to 23 B, as the 2.4 presets do.");
    public static final Knob<String> FEATURES = Knob.of("features", "features file", Types.text("FILE|sample",
                    RequireIndexScenario::checkFeatures), SAMPLE)
            .section(SECTION).editor(Knob.Editor.FILE)
            .describe("$LOADED_FEATURES, one path per line: sample, the shipped Rails 7.1.3 list (1,792 paths), or your "
                    + "own (ruby -e 'puts $LOADED_FEATURES' after booting your app). Each feature adds its suffixes as "
                    + "keys of loaded_features_index (load.c features_index_add).");
    public static final Knob<List<String>> ALLOCATOR = Knobs.ALLOCATORS.withDefault(List.of("darwin", "glibc"))
            .describe("Malloc models: darwin (the thread's macOS) and glibc by default. On 2.5 every key is a "
                    + "ruby_strdup'ed block of len + 1 bytes; r62404 (2.6) points into the feature strings.");
    public static final Knob<Integer> REBUILDS = Knob.of("rebuilds", "rebuilds", Types.ints(0, MAX_REBUILDS), 0)
            .section(SECTION)
            .describe("How often the index is thrown away and rebuilt during boot (a $LOADED_FEATURES change the index "
                    + "cannot follow): each rebuild strdup's every key again on 2.5.");
    public static final Knob<Boolean> COMPARE = Knob.of("compare", "compare", Types.onOff(), false).cliOnly()
            .describe("Print strdup minus indexed against the published figures instead");

    /** The shipped feature list, read once per process (feature files on disk are read per run: they may change). */
    private static final class SampleHolder {
        static final LoadedFeatures SAMPLE = LoadedFeatures.sample();
    }

    /** The whole-app figures of require_index.csv. */
    record Published(long bootBytesBefore, long bootBytesAfter, long callsEliminated, String machine) {
        long bytesSaved() {
            return bootBytesBefore - bootBytesAfter;
        }
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "require index (Feature #14460)";
    }

    @Override
    public Source source() {
        return Source.FEATURE_14460;
    }

    @Override
    public List<Knob<?>> knobs() {
        return List.of(FEATURES, ALLOCATOR, REBUILDS, RUBY, COMPARE);
    }

    @Override
    public String status(Settings s) {
        return "features " + (usesSample(s.get(FEATURES)) ? "shipped sample" : s.get(FEATURES)) + "  |  malloc "
                + String.join(", ", s.get(ALLOCATOR)) + "  |  rebuilds " + s.get(REBUILDS);
    }

    static boolean usesSample(String features) {
        return features.isBlank() || SAMPLE.equals(features) || LoadedFeatures.SAMPLE.equals(features);
    }

    /** A feature list must exist and hold at least one path; the shipped sample always does. */
    static void checkFeatures(String spec) {
        if (usesSample(spec)) {
            return;
        }
        ModelInputs.checkInputFile(Path.of(spec), LoadedFeatures.MAX_FILE_BYTES,
                "a $LOADED_FEATURES list, one path per line, or sample");
        LoadedFeatures.resolve(spec);
    }

    @Override
    public String summary() {
        return "loaded_features_index: ruby_strdup every key (2.5) or index into the feature strings (2.6, r62404). "
                + "Published: Rails boot -2.5 MB, 76,212 calls.";
    }

    @Override
    public List<ChartSpec> charts() {
        return List.of(KEYS, CALLS, SHARE);
    }

    /** The thread's inputs. */
    static RequireIndexWorkload.Params params() {
        return params(new RequireIndexScenario().defaults());
    }

    /** The model's inputs for these settings; a bad feature file's message names it. */
    static RequireIndexWorkload.Params params(Settings s) {
        String f = s.get(FEATURES);
        LoadedFeatures features = usesSample(f) ? SampleHolder.SAMPLE : LoadedFeatures.resolve(f);
        return new RequireIndexWorkload.Params(features, ModelInputs.ruby(s).layout(),
                s.get(ALLOCATOR).stream().map(Allocators::byName).toList(), s.get(REBUILDS));
    }

    static Published published() {
        ReferenceTable t = ReferenceTable.load("require_index.csv");
        long before = 0;
        long after = 0;
        long calls = 0;
        String machine = "";
        for (Map<String, String> r : t.rows()) {
            switch (r.get("metric")) {
                case "rails_boot_memory" -> {
                    before = ReferenceTable.number(r, "before").orElseThrow().longValue();
                    after = ReferenceTable.number(r, "after").orElseThrow().longValue();
                    machine = r.get("machine");
                }
                case "system_calls_eliminated" -> calls = ReferenceTable.number(r, "after").orElseThrow().longValue();
                default -> { }
            }
        }
        return new Published(before, after, calls, machine);
    }

    @Override
    public ScenarioRun compute(ScenarioRequest request, SlotlabTheme theme, BooleanSupplier cancelled) {
        long t0 = System.nanoTime();
        Settings set = request.settings();
        RequireIndexWorkload.Params params = params(set);
        List<RequireIndexWorkload.Row> rows = RequireIndexWorkload.predict(params);
        List<RequireIndexWorkload.Comparison> compare = RequireIndexWorkload.compare(params);
        Runs.check(cancelled);
        List<String> allocators = set.get(ALLOCATOR);
        int rebuilds = set.get(REBUILDS);
        Published pub = published();

        List<CategoryBarsChart.Bar> keyBars = new ArrayList<>();
        for (RequireIndexWorkload.Row r : rows) {
            keyBars.add(new CategoryBarsChart.Bar(r.storage() + ": key bytes", r.allocator(), r.keyBytes() / KIB));
            keyBars.add(new CategoryBarsChart.Bar(r.storage() + ": footprint", r.allocator(), r.footprintBytes() / KIB));
        }
        RequireIndexWorkload.Row first = rows.get(0);
        String who = String.format(Locale.ROOT, "%,d features, %,d keys (%,d distinct), %s%s",
                first.features(), first.keys(), first.distinctKeys(),
                usesSample(set.get(FEATURES)) ? "Rails 7.1.3 sample" : params.features().name(),
                rebuilds == 0 ? "" : ", " + rebuilds + " rebuilds");
        var keyData = new CategoryBarsChart.Data("loaded_features_index keys: strdup'ed vs indexed", who, "allocator",
                "KiB", keyBars, List.of(), false, "#,##0");

        List<CategoryBarsChart.Bar> callBars = new ArrayList<>();
        for (RequireIndexWorkload.Row r : rows) {
            if (r.allocator().equals(allocators.get(0))) {
                callBars.add(new CategoryBarsChart.Bar("malloc", r.storage(), r.mallocCalls()));
                callBars.add(new CategoryBarsChart.Bar("free", r.storage(), r.freeCalls()));
            }
        }
        long saved = compare.get(0).callsSaved();
        var callData = new CategoryBarsChart.Data("Calls while building the index", String.format(Locale.ROOT,
                allocators.get(0) + ": model saves %,d malloc + free calls; the thread: %,d system calls eliminated (whole app)", saved,
                pub.callsEliminated()), "key storage", "calls", callBars, List.of(), true, "#,##0");

        List<CategoryBarsChart.Bar> shareBars = new ArrayList<>();
        for (RequireIndexWorkload.Comparison c : compare) {
            shareBars.add(new CategoryBarsChart.Bar("bytes saved", c.allocator(), 100.0 * c.bytesSaved() / pub.bytesSaved()));
            shareBars.add(new CategoryBarsChart.Bar("calls saved", c.allocator(),
                    100.0 * c.callsSaved() / pub.callsEliminated()));
        }
        var shareData = new CategoryBarsChart.Data("The index's share of the published savings",
                String.format(Locale.ROOT, "100%% = Rails boot %,d -> %,d B (%,d B) and %,d calls, %s (%s)",
                        pub.bootBytesBefore(), pub.bootBytesAfter(), pub.bytesSaved(), pub.callsEliminated(),
                        pub.machine(), Source.FEATURE_14460.title()), "allocator", "% of the published figure", shareBars, List.of(), false,
                "0.0");

        List<String> lines = new ArrayList<>();
        lines.add(Runs.scenarioLine(ID, Source.FEATURE_14460));
        lines.add("features: " + params.features().name() + " (" + params.features().paths().size() + " paths)");
        lines.add("layout of the ext-less copies: " + params.layout().name());
        lines.add("allocators: " + String.join(", ", allocators) + "; index rebuilds: " + rebuilds);
        lines.add("published: " + Source.FEATURE_14460.citation() + " (" + pub.machine() + ")");
        lines.add("version: " + Version.modelledBy());
        RequireIndexWorkload.Comparison c0 = compare.get(0);
        String headline = String.format(Locale.ROOT, "%s: indexing saves %,d B and %,d calls (%.0f%% / %.0f%% of the published)",
                c0.allocator(), c0.bytesSaved(), c0.callsSaved(), 100 * c0.shareOfPublishedBytes(),
                100 * c0.shareOfPublishedCalls());
        return new ScenarioRun(request, List.of(
                Runs.chart(KEYS, t -> CategoryBarsChart.create(keyData, t), theme),
                Runs.chart(CALLS, t -> CategoryBarsChart.create(callData, t), theme),
                Runs.chart(SHARE, t -> CategoryBarsChart.create(shareData, t), theme)),
                table(rows, compare, pub, lines), lines, headline, System.nanoTime() - t0);
    }

    private static Table table(List<RequireIndexWorkload.Row> rows, List<RequireIndexWorkload.Comparison> compare,
            Published pub, List<String> params) {
        Table.Builder b = Table.builder("loaded_features_index per key storage and allocator")
                .column(Column.text("storage"))
                .column(Column.text("allocator"))
                .column(Column.number("key_bytes", 0))
                .column(Column.number("footprint_bytes", 0))
                .column(Column.number("retained_mallocs", 0))
                .column(Column.number("mallocs", 0))
                .column(Column.number("frees", 0))
                .column(Column.number("retained_slots", 0));
        for (RequireIndexWorkload.Row r : rows) {
            b.row(r.storage(), r.allocator(), r.keyBytes(), r.footprintBytes(), r.retainedMallocs(), r.mallocCalls(),
                    r.freeCalls(), r.retainedSlots());
        }
        b.footer(String.format(Locale.ROOT, "published (%s): Rails boot %,d -> %,d B, %,d calls "
                + "eliminated", Source.FEATURE_14460.citation(), pub.bootBytesBefore(), pub.bootBytesAfter(),
                pub.callsEliminated()));
        for (RequireIndexWorkload.Comparison c : compare) {
            b.footer(String.format(Locale.ROOT, "%s: saves %,d B (%.1f%% of the published) and %,d calls (%.1f%%)",
                    c.allocator(), c.bytesSaved(), 100 * c.shareOfPublishedBytes(), c.callsSaved(),
                    100 * c.shareOfPublishedCalls()));
        }
        params.forEach(b::footer);
        return b.build();
    }

    /** The thread's whole-app figures as a footer line, read from require_index.csv. */
    static String publishedLine(Published pub) {
        return String.format(Locale.ROOT, "published (%s, %s, whole Rails app): boot memory %,d -> %,d B (-%,d B); "
                + "%,d system calls eliminated", Source.FEATURE_14460.citation(), pub.machine(), pub.bootBytesBefore(),
                pub.bootBytesAfter(), pub.bytesSaved(), pub.callsEliminated());
    }

    /** What {@code slotlab predict require-index} prints: both storages per allocator, or ({@code --compare}) the savings. */
    @Override
    public List<Table> report(Settings s, boolean md) {
        RequireIndexWorkload.Params p = params(s);
        if (s.get(COMPARE)) {
            return List.of(compareTable(p, md));
        }
        return md ? List.of(rowsTable(p, true), compareTable(p, true)) : List.of(rowsTable(p, false));
    }

    private static String parameters(RequireIndexWorkload.Params p) {
        return String.format(Locale.ROOT, "parameters: features %s (%,d paths), layout %s, %d index rebuilds, "
                        + "%.0f ns per malloc+free pair (an assumption: the tiny path of macOS's magazine malloc takes tens of ns)",
                p.features().name(), p.features().paths().size(), p.layout().name(), p.indexRebuilds(),
                RequireIndexWorkload.NS_PER_MALLOC_FREE);
    }

    private static Table rowsTable(RequireIndexWorkload.Params p, boolean md) {
        Table.Builder b = Table.builder(md ? "loaded_features_index keys: strdup'ed vs indexed" : "")
                .column(Column.text("storage"))
                .column(Column.text("allocator"))
                .column(Column.number("features", 0, md))
                .column(Column.number("keys", 0, md))
                .column(Column.number("distinct_keys", 0, md))
                .column(Column.number("retained_mallocs", 0, md))
                .column(Column.number("key_bytes", 0, md))
                .column(Column.number("malloc_calls", 0, md))
                .column(Column.number("free_calls", 0, md))
                .column(Column.number("retained_slots", 0, md))
                .column(Column.number("footprint_bytes", 0, md))
                .column(Column.number("rss_kib", md ? 0 : 1, md))
                .column(Column.number("predicted_malloc_ms", 3));
        for (RequireIndexWorkload.Row r : RequireIndexWorkload.predict(p)) {
            b.row(r.storage(), r.allocator(), r.features(), r.keys(), r.distinctKeys(), r.retainedMallocs(),
                    r.keyBytes(), r.mallocCalls(), r.freeCalls(), r.retainedSlots(), r.footprintBytes(), r.rssKib(),
                    r.predictedMallocNs() / 1e6);
        }
        if (md) {
            b.footer("lower is better; key_bytes = malloc requests (len + 1) of the retained key blocks; "
                    + "footprint_bytes adds allocator rounding and, for indexed, the slots of the ext-less copies");
            b.footer(parameters(p));
            b.footer("predicted by Slotlab " + Version.current());
        }
        return b.build();
    }

    private static Table compareTable(RequireIndexWorkload.Params p, boolean md) {
        Table.Builder b = Table.builder(md ? "What indexing saves, against the thread's whole-app figures" : "")
                .column(Column.text("allocator"))
                .column(Column.number("bytes_saved", 0, md))
                .column(Column.number("published_bytes_saved", 0, md))
                .column(Column.number("share_of_published_bytes_pct", md ? 1 : 3))
                .column(Column.number("calls_saved", 0, md))
                .column(Column.number("published_calls_eliminated", 0, md))
                .column(Column.number("share_of_published_calls_pct", md ? 1 : 3));
        for (RequireIndexWorkload.Comparison c : RequireIndexWorkload.compare(p)) {
            b.row(c.allocator(), c.bytesSaved(), RequireIndexWorkload.PUBLISHED_BYTES_SAVED,
                    100 * c.shareOfPublishedBytes(), c.callsSaved(), RequireIndexWorkload.PUBLISHED_CALLS_ELIMINATED,
                    100 * c.shareOfPublishedCalls());
        }
        if (md) {
            b.footer("higher is better; the published figures are whole-process (hash table, transient substrings "
                    + "and everything require does), so the share is how much of them the index keys alone explain");
            b.footer(parameters(p));
            b.footer(publishedLine(published()));
            b.footer("predicted by Slotlab " + Version.current());
        }
        return b.build();
    }
}
