package org.slotlab.app.scenario;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.slotlab.app.cli.SlotlabCommand;
import org.slotlab.charts.CategoryBarsChart;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.charts.table.Column;
import org.slotlab.charts.table.Table;
import org.slotlab.model.buffers.LoadedFeatures;
import org.slotlab.model.buffers.RequireIndexWorkload;
import org.slotlab.model.string.StringBufferRules;
import org.slotlab.model.malloc.Allocators;
import org.slotlab.model.reference.ReferenceTable;

/**
 * Scenario S4, Feature #14460 (seed {@code 001_08788c9ff6bd8cb1.txt}): CRuby 2.5 ruby_strdup'ed
 * every key of loaded_features_index (load.c features_index_add); r62404 (2.6) points the keys
 * into the feature strings and keeps one extension-less copy per feature
 * ({@link RequireIndexWorkload}). Three charts over the shipped Rails 7.1.3 $LOADED_FEATURES
 * (1,792 paths): key bytes and the allocator's footprint per allocator, strdup'ed vs indexed; the
 * malloc and free calls that build the index; and the model's share of the whole-app figures the
 * thread published (require_index.csv: 59,580,203 -> 57,057,395 bytes at Rails boot, 76,212 calls
 * eliminated). Its knobs are {@link RequireIndexSettings} (feature list, allocators, index
 * rebuilds), defaulting to the thread's: the shipped list, darwin malloc and glibc, no rebuilds. The
 * era is the thread's (2.6-dev strings embed up to 23 B, the 2.4-dev preset).
 */
public final class RequireIndexScenario implements Scenario {

    public static final String ID = "require-index";
    public static final ChartSpec KEYS = new ChartSpec("require-keys", "Index keys per allocator",
            "bytes requested for the index keys and the allocator's footprint of them, strdup'ed vs indexed");
    public static final ChartSpec CALLS = new ChartSpec("require-calls", "malloc/free calls",
            "malloc and free calls made while building loaded_features_index");
    public static final ChartSpec SHARE = new ChartSpec("require-share", "Share of the published figures",
            "what the model saves as % of the thread's whole-app boot memory and call savings");
    /** Seed 001, where the published figures come from. */
    static final String SEED = "001";
    /** The thread's macOS malloc and glibc (PredictRequireIndex's default list). */
    static final List<String> ALLOCATORS = RequireIndexSettings.THREAD_ALLOCATORS;
    /** The index is built once (PredictRequireIndex --rebuilds default). */
    static final int REBUILDS = 0;
    private static final double KIB = 1024.0;

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
    public String summary() {
        return "loaded_features_index: ruby_strdup every key (2.5) or index into the feature strings (2.6, r62404). "
                + "Seed 001: Rails boot -2.5 MB, 76,212 calls.";
    }

    @Override
    public Set<ParameterGroup> uses() {
        return EnumSet.of(ParameterGroup.REQUIRE_INDEX);
    }

    @Override
    public List<ChartSpec> charts() {
        return List.of(KEYS, CALLS, SHARE);
    }

    /** The thread's inputs. */
    static RequireIndexWorkload.Params params() {
        return params(RequireIndexSettings.threadDefaults());
    }

    /** The model's inputs for these settings; a bad feature file's message names it. */
    static RequireIndexWorkload.Params params(RequireIndexSettings s) {
        LoadedFeatures features = s.usesSample() ? SampleHolder.SAMPLE : s.load();
        return new RequireIndexWorkload.Params(features, StringBufferRules.ruby24devAfter().layout(), s.allocatorModels(),
                s.rebuilds());
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
        RequireIndexSettings set = request.parameters().requireIndex();
        RequireIndexWorkload.Params params = params(set);
        List<RequireIndexWorkload.Row> rows = RequireIndexWorkload.predict(params);
        List<RequireIndexWorkload.Comparison> compare = RequireIndexWorkload.compare(params);
        StrBufMinScenario.check(cancelled);
        Published pub = published();

        List<CategoryBarsChart.Bar> keyBars = new ArrayList<>();
        for (RequireIndexWorkload.Row r : rows) {
            keyBars.add(new CategoryBarsChart.Bar(r.storage() + ": key bytes", r.allocator(), r.keyBytes() / KIB));
            keyBars.add(new CategoryBarsChart.Bar(r.storage() + ": footprint", r.allocator(), r.footprintBytes() / KIB));
        }
        RequireIndexWorkload.Row first = rows.get(0);
        String who = String.format(Locale.ROOT, "%,d features, %,d keys (%,d distinct), %s%s",
                first.features(), first.keys(), first.distinctKeys(),
                set.usesSample() ? "Rails 7.1.3 sample" : params.features().name(),
                set.rebuilds() == 0 ? "" : ", " + set.rebuilds() + " rebuilds");
        var keyData = new CategoryBarsChart.Data("loaded_features_index keys: strdup'ed vs indexed", who, "allocator",
                "KiB", keyBars, List.of(), false, "#,##0");

        List<CategoryBarsChart.Bar> callBars = new ArrayList<>();
        for (RequireIndexWorkload.Row r : rows) {
            if (r.allocator().equals(set.allocators().get(0))) {
                callBars.add(new CategoryBarsChart.Bar("malloc", r.storage(), r.mallocCalls()));
                callBars.add(new CategoryBarsChart.Bar("free", r.storage(), r.freeCalls()));
            }
        }
        long saved = compare.get(0).callsSaved();
        var callData = new CategoryBarsChart.Data("Calls while building the index", String.format(Locale.ROOT,
                set.allocators().get(0) + ": model saves %,d malloc + free calls; the thread: %,d system calls eliminated (whole app)", saved,
                pub.callsEliminated()), "key storage", "calls", callBars, List.of(), true, "#,##0");

        List<CategoryBarsChart.Bar> shareBars = new ArrayList<>();
        for (RequireIndexWorkload.Comparison c : compare) {
            shareBars.add(new CategoryBarsChart.Bar("bytes saved", c.allocator(), 100.0 * c.bytesSaved() / pub.bytesSaved()));
            shareBars.add(new CategoryBarsChart.Bar("calls saved", c.allocator(),
                    100.0 * c.callsSaved() / pub.callsEliminated()));
        }
        var shareData = new CategoryBarsChart.Data("The index's share of the published savings",
                String.format(Locale.ROOT, "100%% = Rails boot %,d -> %,d B (%,d B) and %,d calls, %s (seed %s)",
                        pub.bootBytesBefore(), pub.bootBytesAfter(), pub.bytesSaved(), pub.callsEliminated(),
                        pub.machine(), SEED), "allocator", "% of the published figure", shareBars, List.of(), false,
                "0.0");

        List<String> lines = new ArrayList<>();
        lines.add("scenario: " + ID + " (seed 001, Feature #14460)");
        lines.add("features: " + params.features().name() + " (" + params.features().paths().size() + " paths)");
        lines.add("layout of the ext-less copies: " + params.layout().name());
        lines.add("allocators: " + String.join(", ", set.allocators()) + "; index rebuilds: " + set.rebuilds());
        lines.add("published: require_index.csv (seed 001, " + pub.machine() + ")");
        lines.add("version: Slotlab " + SlotlabCommand.version() + " (modelled, not measured)");
        RequireIndexWorkload.Comparison c0 = compare.get(0);
        String headline = String.format(Locale.ROOT, "%s: indexing saves %,d B and %,d calls (%.0f%% / %.0f%% of the published)",
                c0.allocator(), c0.bytesSaved(), c0.callsSaved(), 100 * c0.shareOfPublishedBytes(),
                100 * c0.shareOfPublishedCalls());
        return new ScenarioRun(request, List.of(
                SubstringCutoffScenario.chart(KEYS, t -> CategoryBarsChart.create(keyData, t), theme),
                SubstringCutoffScenario.chart(CALLS, t -> CategoryBarsChart.create(callData, t), theme),
                SubstringCutoffScenario.chart(SHARE, t -> CategoryBarsChart.create(shareData, t), theme)),
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
        b.footer(String.format(Locale.ROOT, "published (require_index.csv, seed 001): Rails boot %,d -> %,d B, %,d calls "
                + "eliminated", pub.bootBytesBefore(), pub.bootBytesAfter(), pub.callsEliminated()));
        for (RequireIndexWorkload.Comparison c : compare) {
            b.footer(String.format(Locale.ROOT, "%s: saves %,d B (%.1f%% of the published) and %,d calls (%.1f%%)",
                    c.allocator(), c.bytesSaved(), 100 * c.shareOfPublishedBytes(), c.callsSaved(),
                    100 * c.shareOfPublishedCalls()));
        }
        params.forEach(b::footer);
        return b.build();
    }
}
