package org.slotlab.app.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.slotlab.app.knob.Knob;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.knob.Types;
import org.slotlab.app.report.Version;
import org.slotlab.charts.SlotSizeChart;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.charts.table.Column;
import org.slotlab.charts.table.ComparisonTable;
import org.slotlab.charts.table.Table;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.reference.ReferenceTable;
import org.slotlab.model.reference.Source;
import org.slotlab.model.workload.Experiments;
import org.slotlab.model.workload.Outcome;

/**
 * byroot's slot-size benchmark in Feature #22186 (https://bugs.ruby-lang.org/issues/22186): objects padded so
 * ObjectSpace.memsize_of equals one slot size, allocated N times and dropped at once. Larger slots
 * cost more per allocation and, with fewer slots per page (heap_slot_size,
 * gc/default/default.c:2256), trigger GC more often. Published overlay: slot_alloc_gc.csv.
 */
public final class SlotSizeScenario implements Scenario {

    public static final String ID = "slot-size";
    public static final ChartSpec SLOTS = new ChartSpec("slot-size", "ns/alloc and GC count per slot size",
            "time per allocation (bars) and GC runs per N allocations (line) for each heap's slot size");
    /** Allocations byroot's GC column is counted over (slot_alloc_gc.csv: gc_count_per_10M_allocs). */
    static final long PUBLISHED_ALLOCATIONS = 10_000_000;

    public static final Knob<LayoutChoice> LAYOUT = Knobs.LAYOUT.withDefault(LayoutChoice.preset("ruby-4.1-dev"));
    public static final Knob<String> PROFILE = Knobs.COST_PROFILE;
    public static final Knob<String> HARNESS = Knobs.HARNESS;
    public static final Knob<Long> ALLOCATIONS = Knob.of("allocations", "allocations", Types.longs(1, 10_000_000_000L),
                    PUBLISHED_ALLOCATIONS)
            .section("Workload (slot sizes)")
            .describe("Allocations per slot size, each object dead at once (byroot's table counts GC runs per 10M).");

    @Override
    public String id() {
        return ID;
    }

    @Override
    public List<String> aliases() {
        return List.of("slot-gc");
    }

    @Override
    public String title() {
        return "Slot sizes (byroot)";
    }

    @Override
    public String summary() {
        return "Allocate one object per slot size and drop it: ns/alloc and GC runs grow with the slot. "
                + "Published: byroot's table on ruby 4.1.0dev (Feature #22186).";
    }

    @Override
    public Source source() {
        return Source.FEATURE_22186;
    }

    @Override
    public List<Knob<?>> knobs() {
        return List.of(LAYOUT, PROFILE, HARNESS, ALLOCATIONS);
    }

    @Override
    public String status(Settings s) {
        return Runs.layoutStatus(s);
    }

    @Override
    public List<ChartSpec> charts() {
        return List.of(SLOTS);
    }

    @Override
    public ScenarioRun compute(ScenarioRequest request, SlotlabTheme theme, BooleanSupplier cancelled) {
        long t0 = System.nanoTime();
        Settings p = request.settings();
        long allocations = p.get(ALLOCATIONS);
        RubyLayout layout = ModelInputs.layout(p);
        List<Outcome> model = Experiments.slotSweep(layout, ModelInputs.profile(p), allocations, ModelInputs.harness(p, layout));
        SlotSizeChart.SlotSeries current = series("model: " + layout.name(), layout, model);
        List<SlotSizeChart.SlotSeries> overlays = new ArrayList<>();
        List<SlotSizeChart.SlotSeries> pinned = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        ModelContext here = ModelContext.of(p);
        List<Pin> compared = new ArrayList<>();
        List<RubyLayout> pinnedLayouts = new ArrayList<>();
        List<List<Outcome>> pinnedOutcomes = new ArrayList<>();
        for (Pin pin : request.pins()) {
            Runs.check(cancelled);
            Settings q = pin.settings();
            // layouts are what this chart compares; the ns must come from one profile and harness
            List<String> diff = here.differences(ModelContext.of(q), false);
            if (!diff.isEmpty()) {
                notes.add("pin " + pin.name() + " was made with " + String.join(", ", diff) + "; this chart models "
                        + here.describe(false) + ", so it is not drawn.");
                continue;
            }
            compared.add(pin);
            RubyLayout l = ModelInputs.layout(q);
            List<Outcome> outcomes = Experiments.slotSweep(l, ModelInputs.profile(q), allocations, ModelInputs.harness(q, l));
            pinned.add(series("pin " + pin.name() + ": " + l.name(), l, outcomes));
            pinnedLayouts.add(l);
            pinnedOutcomes.add(outcomes);
        }
        overlays.addAll(pinned);
        SlotSizeChart.SlotSeries published = published(allocations);
        Optional<String> publishedRuby = ModelContext.rubyVersion(published.name());
        if (publishedRuby.isEmpty() || publishedRuby.equals(ModelContext.rubyVersion(layout))) {
            overlays.add(published);
        } else {
            notes.add("the published points of " + Source.FEATURE_22186.title() + " were measured on Ruby " + publishedRuby.get()
                    + "; this chart models " + layout.name() + ", so they are not drawn.");
        }
        String note = String.join("\n", notes);
        String subtitle = layout.name() + ", " + Runs.fmt(allocations)
                + " allocations per slot size, cost profile " + ModelInputs.profile(p).name();
        Map<String, Map<Integer, String>> gcWhy = new java.util.LinkedHashMap<>();
        gcWhy.put(current.name(), gcWhy(layout, model));
        for (int i = 0; i < pinned.size(); i++) {
            gcWhy.put(pinned.get(i).name(), gcWhy(pinnedLayouts.get(i), pinnedOutcomes.get(i)));
        }
        var data = new SlotSizeChart.Data("Cost of one allocation per slot size", subtitle, allocations, current,
                overlays, gcWhy);
        List<String> lines = new ArrayList<>();
        lines.add(Runs.scenarioLine(ID, Source.FEATURE_22186));
        lines.add(Runs.layoutLine(layout));
        lines.add("cost profile: " + ModelInputs.profile(p).name());
        lines.addAll(ModelInputs.assumptions(p, layout));
        lines.add("allocations per slot size: " + Runs.fmt(allocations));
        for (Pin pin : request.pins()) {
            lines.add("pin " + pin.name() + ": " + pin.settings().get(LAYOUT).name());
        }
        lines.add("version: " + Version.modelledBy());
        Table table = table(request, compared, current, pinned, overlays.contains(published) ? published : null, lines);
        return new ScenarioRun(request, List.of(Runs.chart(SLOTS, t -> Runs.noted(SlotSizeChart.create(data, t), note, t), theme)),
                table, lines, layout.name() + ": " + layout.heapCount() + " heaps, " + layout.slotSize(0) + "-"
                        + layout.largestSlotSize() + " B", System.nanoTime() - t0,
                List.of(gcTriggerTable(allocations, current, layout, model, pinned, pinnedLayouts, pinnedOutcomes)), notes);
    }

    /** Why each slot size's GCs ran, as the heap simulation counted them: slot size, then the words. */
    private static Map<Integer, String> gcWhy(RubyLayout layout, List<Outcome> outcomes) {
        Map<Integer, String> m = new java.util.HashMap<>();
        for (int h = 0; h < outcomes.size(); h++) {
            m.put(layout.slotSize(h), outcomes.get(h).sim().gcTriggerParts(layout));
        }
        return m;
    }

    /** The GC count of each slot size and why those GCs ran, per modelled series (the model, then each pin). */
    static Table gcTriggerTable(long allocations, SlotSizeChart.SlotSeries current, RubyLayout layout, List<Outcome> model,
            List<SlotSizeChart.SlotSeries> pinned, List<RubyLayout> pinnedLayouts, List<List<Outcome>> pinnedOutcomes) {
        Table.Builder b = Table.builder("Why the GCs ran, per " + Runs.fmt(allocations) + " allocations (modelled): "
                        + "a heap out of slots, or malloc_increase over malloc_limit")
                .column(Column.number("slot_bytes", 0))
                .column(Column.text(current.name() + " GCs"));
        for (SlotSizeChart.SlotSeries s : pinned) {
            b.column(Column.text(s.name() + " GCs"));
        }
        for (int h = 0; h < model.size(); h++) {
            int slot = layout.slotSize(h);
            List<Object> cells = new ArrayList<>(List.of(slot, model.get(h).sim().gcTriggers(layout)));
            for (int i = 0; i < pinned.size(); i++) {
                RubyLayout l = pinnedLayouts.get(i);
                int k = l.heapIndexForSize(slot);
                cells.add(k >= 0 && l.slotSize(k) == slot && k < pinnedOutcomes.get(i).size()
                        ? pinnedOutcomes.get(i).get(k).sim().gcTriggers(l) : "");
            }
            b.row(cells);
        }
        return b.build();
    }

    private static SlotSizeChart.SlotSeries series(String name, RubyLayout layout, List<Outcome> outcomes) {
        List<SlotSizeChart.SlotPoint> pts = new ArrayList<>();
        for (int h = 0; h < outcomes.size(); h++) {
            Outcome o = outcomes.get(h);
            pts.add(new SlotSizeChart.SlotPoint(layout.slotSize(h), o.nsPerOp(), o.gcCount()));
        }
        return new SlotSizeChart.SlotSeries(name, pts);
    }

    /** byroot's table, its GC column scaled from 10M to {@code allocations}. */
    static SlotSizeChart.SlotSeries published(long allocations) {
        ReferenceTable t = ReferenceTable.load("slot_alloc_gc.csv");
        List<SlotSizeChart.SlotPoint> pts = new ArrayList<>();
        String machine = "";
        double scale = (double) allocations / PUBLISHED_ALLOCATIONS;
        for (Map<String, String> r : t.rows()) {
            var slot = ReferenceTable.number(r, "slot_bytes");
            var ns = ReferenceTable.number(r, "ns_per_alloc");
            var gc = ReferenceTable.number(r, "gc_count_per_10M_allocs");
            if (slot.isPresent() && ns.isPresent() && gc.isPresent()) {
                pts.add(new SlotSizeChart.SlotPoint(slot.get().intValue(), ns.get(), gc.get() * scale));
                machine = r.get("machine");
            }
        }
        return SlotSizeChart.SlotSeries.published(Source.FEATURE_22186.measuredBy("byroot", machine), pts);
    }

    private static Table table(ScenarioRequest request, List<Pin> compared, SlotSizeChart.SlotSeries current,
            List<SlotSizeChart.SlotSeries> pins, SlotSizeChart.SlotSeries published, List<String> lines) {
        List<SlotSizeChart.SlotSeries> cols = new ArrayList<>();
        cols.add(current);
        cols.addAll(pins);
        if (published != null) {
            cols.add(published);
        }
        int base = 0;
        for (int i = 0; i < compared.size(); i++) {
            if (compared.get(i).name().equals(request.compareBaseline())) {
                base = i + 1;
            }
        }
        ComparisonTable t = ComparisonTable.builder().title("ns per allocation, ratio = " + cols.get(base).name() + " / other")
                .key(Column.number("slot_bytes", 0)).values("ns", 2, false).baseline(cols.get(base).name());
        for (int i = 0; i < cols.size(); i++) {
            if (i != base) {
                t.candidate(cols.get(i).name());
            }
        }
        for (SlotSizeChart.SlotPoint pt : current.points()) {
            double b = ns(cols.get(base), pt.slotBytes());
            double[] others = new double[cols.size() - 1];
            int k = 0;
            for (int i = 0; i < cols.size(); i++) {
                if (i != base) {
                    others[k++] = ns(cols.get(i), pt.slotBytes());
                }
            }
            t.row(pt.slotBytes(), b, others);
        }
        Runs.parameters(t, lines);
        return t.build();
    }

    /** What {@code slotlab predict slot-size} prints: ns per allocation, GC counts and peak pages per slot size. */
    @Override
    public List<Table> report(Settings s, boolean md) {
        CostProfile profile = ModelInputs.profile(s);
        RubyLayout layout = ModelInputs.layout(s);
        long allocations = s.get(ALLOCATIONS);
        List<Outcome> rows = Experiments.slotSweep(layout, profile, allocations, ModelInputs.harness(s, layout));
        Table.Builder b = Table.builder(md ? "Slot size vs allocation cost (" + layout.name() + ")" : "")
                .column(Column.number("slot_bytes", 0))
                .column(Column.number("ns_per_alloc", md ? 2 : 3))
                .column(Column.number("gc_count", 0))
                .column(Column.number("minor_gc_count", 0))
                .column(Column.number("major_gc_count", 0))
                .column(Column.number("peak_pages", 0));
        int[] slots = layout.slotSizes();
        for (int i = 0; i < slots.length; i++) {
            Outcome o = rows.get(i);
            b.row(slots[i], o.nsPerOp(), o.gcCount(), o.sim().minorGcs(), o.sim().majorGcs(), o.sim().peakPages()[i]);
        }
        if (md) {
            b.footer("lower is better");
            b.footer(String.format(Locale.ROOT, "parameters: layout %s, %,d allocations per slot size, each dead at once, profile %s",
                    layout.name(), allocations, profile.name()));
            ModelInputs.assumptions(s, layout).forEach(b::footer);
            b.footer("published: " + Source.FEATURE_22186.citation());
            b.footer("predicted by Slotlab " + Version.current());
        }
        return List.of(b.build());
    }

    private static double ns(SlotSizeChart.SlotSeries s, int slot) {
        return s.points().stream().filter(q -> q.slotBytes() == slot).mapToDouble(SlotSizeChart.SlotPoint::nsPerAlloc)
                .findFirst().orElse(Double.NaN);
    }
}
