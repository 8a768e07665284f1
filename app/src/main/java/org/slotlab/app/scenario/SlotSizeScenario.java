package org.slotlab.app.scenario;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import org.slotlab.app.cli.SlotlabCommand;
import org.slotlab.charts.Provenance;
import org.slotlab.charts.SlotSizeChart;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.charts.table.Column;
import org.slotlab.charts.table.ComparisonTable;
import org.slotlab.charts.table.Table;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.reference.ReferenceTable;
import org.slotlab.model.workload.Experiments;
import org.slotlab.model.workload.Outcome;

/**
 * byroot's slot-size benchmark in seed {@code 000_30e668f7bc580535.txt}: objects padded so
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

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Slot sizes (byroot)";
    }

    @Override
    public String summary() {
        return "Allocate one object per slot size and drop it: ns/alloc and GC runs grow with the slot. "
                + "Seed 000: byroot's table on ruby 4.1.0dev.";
    }

    @Override
    public Set<ParameterGroup> uses() {
        return EnumSet.of(ParameterGroup.LAYOUT, ParameterGroup.SLOT_WORKLOAD);
    }

    @Override
    public List<ChartSpec> charts() {
        return List.of(SLOTS);
    }

    @Override
    public ScenarioRun compute(ScenarioRequest request, SlotlabTheme theme, BooleanSupplier cancelled) {
        long t0 = System.nanoTime();
        Parameters p = request.parameters();
        RubyLayout layout = ModelInputs.layout(p);
        List<Outcome> model = Experiments.slotSweep(layout, ModelInputs.profile(p), p.allocations());
        SlotSizeChart.SlotSeries current = series("model: " + layout.name(), layout, model);
        List<SlotSizeChart.SlotSeries> overlays = new ArrayList<>();
        List<SlotSizeChart.SlotSeries> pinned = new ArrayList<>();
        for (Pin pin : request.pins()) {
            if (cancelled.getAsBoolean()) {
                throw new CancellationException("superseded by a newer request");
            }
            Parameters q = pin.parameters();
            RubyLayout l = ModelInputs.layout(q);
            pinned.add(series("pin " + pin.name() + ": " + l.name(), l,
                    Experiments.slotSweep(l, ModelInputs.profile(q), p.allocations())));
        }
        overlays.addAll(pinned);
        overlays.add(published(p.allocations()));
        String subtitle = layout.name() + ", " + SubstringCutoffScenario.fmt(p.allocations())
                + " allocations per slot size, cost profile " + ModelInputs.profile(p).name();
        var data = new SlotSizeChart.Data("Cost of one allocation per slot size", subtitle, p.allocations(), current,
                overlays);
        List<String> lines = new ArrayList<>();
        lines.add("scenario: " + ID + " (seed 000, byroot's slot table)");
        lines.add("layout: " + layout.name() + " (slot sizes " + java.util.Arrays.toString(layout.slotSizes()) + " B)");
        lines.add("cost profile: " + ModelInputs.profile(p).name());
        lines.add("allocations per slot size: " + SubstringCutoffScenario.fmt(p.allocations()));
        for (Pin pin : request.pins()) {
            lines.add("pin " + pin.name() + ": " + pin.parameters().layout());
        }
        lines.add("version: Slotlab " + SlotlabCommand.version() + " (modelled, not measured)");
        Table table = table(request, current, pinned, overlays.get(overlays.size() - 1), lines);
        return new ScenarioRun(request, List.of(SubstringCutoffScenario.chart(SLOTS, t -> SlotSizeChart.create(data, t), theme)), table, lines,
                layout.name() + ": " + layout.heapCount() + " heaps, " + layout.slotSize(0) + "-" + layout.largestSlotSize()
                        + " B", System.nanoTime() - t0);
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
        return SlotSizeChart.SlotSeries.published(new Provenance("byroot", machine, SubstringCutoffScenario.SEED), pts);
    }

    private static Table table(ScenarioRequest request, SlotSizeChart.SlotSeries current,
            List<SlotSizeChart.SlotSeries> pins, SlotSizeChart.SlotSeries published, List<String> lines) {
        List<SlotSizeChart.SlotSeries> cols = new ArrayList<>();
        cols.add(current);
        cols.addAll(pins);
        cols.add(published);
        int base = 0;
        for (int i = 0; i < request.pins().size(); i++) {
            if (request.pins().get(i).name().equals(request.compareBaseline())) {
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
        t.legend("ratio = baseline ns / other ns; above 1 = the other is faster");
        for (String line : lines) {
            int colon = line.indexOf(": ");
            t.parameter(colon > 0 ? line.substring(0, colon) : "run", colon > 0 ? line.substring(colon + 2) : line);
        }
        return t.build();
    }

    private static double ns(SlotSizeChart.SlotSeries s, int slot) {
        return s.points().stream().filter(q -> q.slotBytes() == slot).mapToDouble(SlotSizeChart.SlotPoint::nsPerAlloc)
                .findFirst().orElse(Double.NaN);
    }
}
