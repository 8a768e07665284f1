package org.slotlab.app.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.slotlab.app.knob.Knob;
import org.slotlab.app.knob.KnobException;
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
import org.slotlab.model.workload.AllocCall;
import org.slotlab.model.workload.AllocShape;
import org.slotlab.model.workload.ExecutionMode;
import org.slotlab.model.workload.Experiments;
import org.slotlab.model.workload.Outcome;

/**
 * byroot's slot-size benchmark in Feature #22186 (https://bugs.ruby-lang.org/issues/22186): objects padded so
 * ObjectSpace.memsize_of equals one slot size, allocated N times and dropped at once. Larger slots
 * cost more per allocation and, with fewer slots per page (heap_slot_size,
 * gc/default/default.c:2256), trigger GC more often. Published overlay: slot_alloc_gc.csv.
 *
 * <p>The loop's shape is a setting ({@link AllocShape}): the interpreter or YJIT, {@code klass.new} or
 * {@code klass.allocate}, and how many ivars an {@code initialize} writes. byroot's (YJIT,
 * {@code klass.new}, no ivar written) is the default, so the published points apply; another shape
 * leaves them off with a note. On a Ruby with one slot size (3.1) the points are byroot's classes
 * for 3.4's heaps, each in the 40 B slot, and an instance of a class of more than 3 ivars gets an
 * array of them from the transient heap when it is allocated: the x axis is then memsize_of one
 * object, slot and array.
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
    private static final String SHAPE_SECTION = "Loop shape";
    /** Most ivars an initialize may write here (byroot's largest class, for the 1024 B slot, has 126). */
    static final int MAX_IVARS_WRITTEN = 1000;
    public static final Knob<String> YJIT = Knob.of("yjit", "YJIT", Types.oneOf("YJIT mode", ExecutionMode.options()),
                    AllocShape.BYROOT.mode().option())
            .section(SHAPE_SECTION)
            .describe("off: the loop runs in the interpreter; on: under YJIT (ruby --yjit), as byroot ran it. Each prices "
                    + "Class#new, Class#allocate, initialize and its ivar writes with its own coefficients; slots and GCs "
                    + "are the same C code in both.");
    public static final Knob<String> CALL = Knob.of("call", "call", Types.oneOf("call", AllocCall.options()),
                    AllocShape.BYROOT.call().option())
            .section(SHAPE_SECTION)
            .describe("new: klass.new, Class#new (rb_class_new_instance_pass_kw, object.c): allocate, then initialize; "
                    + "allocate: klass.allocate (rb_class_alloc_m), the slot alone, no initialize. Both take the slot "
                    + "rb_class_allocate_instance sizes for the class.");
    public static final Knob<String> IVARS_WRITTEN = Knob.of("ivars-written", "ivars written",
                    Types.suggesting(Types.text("N|all", SlotSizeScenario::checkIvarsWritten), List.of("0", "3", "8", "all")),
                    AllocShape.BYROOT.writtenText())
            .section(SHAPE_SECTION).editor(Knob.Editor.SUGGESTIONS)
            .describe("Ivars an initialize writes (setinstancevariable each), the class's first N; all: every ivar the "
                    + "class has. 0: the class defines no initialize, byroot's (its classes are padded with ivars once, so "
                    + "their instances are sized to a slot, but new writes none). On 3.1 an object keeps 3 ivars in its "
                    + "40 B slot; an instance of a class of more than 3 ivars gets, when it is allocated, an array of the class's ivar "
                    + "count from the transient heap (rb_init_iv_list, variable.c), written or not.");

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
        return "Allocate one object per slot size and drop it: ns/alloc and GC runs grow with the slot. Set the loop's "
                + "shape: YJIT or the interpreter, klass.new or klass.allocate, ivars written. "
                + "Published: byroot's table on ruby 4.1.0dev (Feature #22186).";
    }

    @Override
    public Source source() {
        return Source.FEATURE_22186;
    }

    @Override
    public List<Knob<?>> knobs() {
        return List.of(LAYOUT, PROFILE, HARNESS, ALLOCATIONS, YJIT, CALL, IVARS_WRITTEN);
    }

    @Override
    public void check(Settings s) {
        if (AllocCall.parse(s.get(CALL)) == AllocCall.ALLOCATE && ivarsWritten(s.get(IVARS_WRITTEN)) != 0) {
            throw new KnobException(IVARS_WRITTEN, "klass.allocate calls no initialize, so it writes no ivar: set ivars written to 0, "
                    + "or call to new");
        }
    }

    /** Accepts a whole number of ivars from 0 to {@link #MAX_IVARS_WRITTEN}, or {@code all}. */
    private static void checkIvarsWritten(String t) {
        ivarsWritten(t);
    }

    /** The ivars written as {@link AllocShape} counts them: a number, or {@link AllocShape#ALL_IVARS} for {@code all}. */
    static int ivarsWritten(String text) {
        String t = text.strip();
        if (t.equalsIgnoreCase("all")) {
            return AllocShape.ALL_IVARS;
        }
        long v;
        try {
            v = Long.parseLong(t.replace("_", "").replace(",", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + t + "' is not a number of ivars or all");
        }
        if (v < 0 || v > MAX_IVARS_WRITTEN) {
            throw new IllegalArgumentException("must be between 0 and " + MAX_IVARS_WRITTEN + " ivars or all, got " + t);
        }
        return (int) v;
    }

    /** The loop's shape the settings describe. */
    public static AllocShape shape(Settings s) {
        return AllocShape.of(ExecutionMode.parse(s.get(YJIT)), AllocCall.parse(s.get(CALL)), ivarsWritten(s.get(IVARS_WRITTEN)));
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
        AllocShape shape = shape(p);
        List<Experiments.ShapePoint> model = Experiments.shapeSweep(layout, ModelInputs.profile(p), shape, allocations,
                ModelInputs.harness(p, layout));
        SlotSizeChart.SlotSeries current = series("model: " + layout.name(), model);
        List<SlotSizeChart.SlotSeries> overlays = new ArrayList<>();
        List<SlotSizeChart.SlotSeries> pinned = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        ModelContext here = ModelContext.of(p);
        List<Pin> compared = new ArrayList<>();
        List<RubyLayout> pinnedLayouts = new ArrayList<>();
        List<List<Experiments.ShapePoint>> pinnedPoints = new ArrayList<>();
        for (Pin pin : request.pins()) {
            Runs.check(cancelled);
            Settings q = pin.settings();
            // layouts and loop shapes are what this chart compares; the ns must come from one profile and harness
            List<String> diff = here.differences(ModelContext.of(q), false);
            if (!diff.isEmpty()) {
                notes.add("pin " + pin.name() + " was made with " + String.join(", ", diff) + "; this chart models "
                        + here.describe(false) + ", so it is not drawn.");
                continue;
            }
            compared.add(pin);
            RubyLayout l = ModelInputs.layout(q);
            AllocShape pinShape = shape(q);
            List<Experiments.ShapePoint> points = Experiments.shapeSweep(l, ModelInputs.profile(q), pinShape, allocations,
                    ModelInputs.harness(q, l));
            pinned.add(series("pin " + pin.name() + ": " + l.name() + (pinShape.equals(shape) ? "" : ", " + shortShape(pinShape)), points));
            pinnedLayouts.add(l);
            pinnedPoints.add(points);
        }
        overlays.addAll(pinned);
        SlotSizeChart.SlotSeries published = published(allocations);
        Optional<String> publishedRuby = ModelContext.rubyVersion(published.name());
        boolean sameRuby = publishedRuby.isEmpty() || publishedRuby.equals(ModelContext.rubyVersion(layout));
        if (sameRuby && shape.isByroot()) {
            overlays.add(published);
        } else if (!sameRuby) {
            notes.add("the published points of " + Source.FEATURE_22186.title() + " were measured on Ruby " + publishedRuby.get()
                    + (shape.isByroot() ? "" : " with byroot's loop (" + AllocShape.BYROOT.describe() + ")")
                    + "; this chart models " + layout.name() + (shape.isByroot() ? "" : " with " + shape.describe())
                    + ", so they are not drawn.");
        } else {
            notes.add("the published points of " + Source.FEATURE_22186.title() + " were measured with byroot's loop ("
                    + AllocShape.BYROOT.describe() + "); this chart models " + shape.describe()
                    + ", another loop, so they are not drawn.");
        }
        String subtitle = layout.name() + ", " + shortShape(shape) + ", " + Runs.fmt(allocations)
                + " allocations per size, harness " + ModelInputs.harness(p, layout).harness().id() + ", cost profile "
                + ModelInputs.profile(p).name() + (ModelInputs.profile(p).check().trusted() ? "" : " (untrusted)");
        Map<String, Map<Integer, String>> gcWhy = new java.util.LinkedHashMap<>();
        gcWhy.put(current.name(), gcWhy(layout, model));
        for (int i = 0; i < pinned.size(); i++) {
            gcWhy.put(pinned.get(i).name(), gcWhy(pinnedLayouts.get(i), pinnedPoints.get(i)));
        }
        boolean arrays = model.stream().anyMatch(x -> x.instance().hasIvarArray())
                || pinnedPoints.stream().flatMap(List::stream).anyMatch(x -> x.instance().hasIvarArray());
        transientHeapNote(model).ifPresent(notes::add);
        mergedNote(layout, shape, model).ifPresent(notes::add);
        String note = String.join("\n", notes);
        // on 3.1 an object is its slot and its ivar array: the x axis is then its memsize_of, and the title says so
        String title = arrays ? "Cost of one allocation per object size" : "Cost of one allocation per slot size";
        var data = new SlotSizeChart.Data(title, subtitle, allocations, current, overlays, gcWhy,
                arrays ? SlotSizeChart.OBJECT_X_LABEL : SlotSizeChart.X_LABEL);
        List<String> lines = new ArrayList<>();
        lines.add(Runs.scenarioLine(ID, Source.FEATURE_22186));
        lines.add(Runs.layoutLine(layout));
        lines.add("cost profile: " + ModelInputs.profile(p).name());
        lines.addAll(ModelInputs.assumptions(p, layout));
        lines.add("allocations per slot size: " + Runs.fmt(allocations));
        lines.add(shapeLine(shape, layout, model));
        lines.add(pricedBy(shape, layout, ModelInputs.profile(p)));
        for (Pin pin : request.pins()) {
            lines.add("pin " + pin.name() + ": " + pin.settings().get(LAYOUT).name() + ", " + shortShape(shape(pin.settings())));
        }
        lines.add("version: " + Version.modelledBy());
        String key = arrays ? "memsize_bytes" : "slot_bytes";
        Table table = table(request, compared, current, pinned, overlays.contains(published) ? published : null, lines, key);
        return new ScenarioRun(request, List.of(Runs.chart(SLOTS, t -> Runs.noted(SlotSizeChart.create(data, t), note, t), theme)),
                table, lines, layout.name() + ": " + layout.heapCount() + " heaps, " + layout.slotSize(0) + "-"
                        + layout.largestSlotSize() + " B; " + shortShape(shape), System.nanoTime() - t0,
                List.of(gcTriggerTable(allocations, current, layout, model, pinned, pinnedLayouts, pinnedPoints, key)), notes);
    }

    /** "YJIT klass.new", "interpreter klass.allocate", "YJIT klass.new, 8 ivars written": the shape in a few words. */
    static String shortShape(AllocShape shape) {
        String w = shape.ivarsWritten() == 0 ? "" : ", " + (shape.ivarsWritten() == AllocShape.ALL_IVARS ? "all"
                : "up to " + shape.writtenText()) + " ivars written";
        return shape.mode().label() + " " + shape.call().expression() + w;
    }

    /** What the loop does per object, from the model's rules: the shape, and the objects' slots and ivar arrays. */
    static String shapeLine(AllocShape shape, RubyLayout layout, List<Experiments.ShapePoint> points) {
        List<String> per = new ArrayList<>();
        for (Experiments.ShapePoint x : points) {
            AllocShape.Instance o = x.instance();
            per.add(o.classIvars() + " ivars: " + o.slotBytes() + " B slot" + (o.ivarsWritten() > 0 ? ", " + o.ivarsWritten()
                    + " written" : "") + (o.hasIvarArray() ? ", a " + o.ivarArrayBytes() + " B ivar array from the transient heap" : ""));
        }
        return "loop: " + shape.describe() + (shape.isByroot() ? " (byroot's loop)" : "") + "; per object, by the class's ivars: "
                + String.join("; ", per);
    }

    /**
     * On 3.1, whether a GC cycle's ivar arrays outgrow the transient heap (32 MiB, dropped at every GC):
     * the rest would be malloc'd, which the model does not count. Empty when they fit (byroot's
     * dying loops use a few MB).
     */
    static Optional<String> transientHeapNote(List<Experiments.ShapePoint> points) {
        for (Experiments.ShapePoint x : points) {
            long perCycle = x.instance().transientHeapBytes() * (x.outcome().sim().ops() / (x.outcome().gcCount() + 1));
            if (perCycle > AllocShape.TRANSIENT_HEAP_BYTES) {
                return Optional.of(String.format(Locale.ROOT, "the %d-ivar class's arrays take %,d B of the transient heap per GC "
                        + "cycle, more than its %,d B: CRuby mallocs the rest, which this model does not count", x.instance().classIvars(),
                        perCycle, AllocShape.TRANSIENT_HEAP_BYTES));
            }
        }
        return Optional.empty();
    }

    /** The coefficients that price the shape's calls, with value, unit and provenance. */
    static String pricedBy(AllocShape shape, RubyLayout layout, CostProfile profile) {
        List<String> out = new ArrayList<>();
        for (org.slotlab.model.cost.CostTerm t : shape.callTerms(layout)) {
            org.slotlab.model.cost.Coefficient c = profile.coefficients().stream().filter(x -> x.name().equals(t.id())).findFirst()
                    .orElseThrow();
            out.add(String.format(Locale.ROOT, "%s = %.2f %s (%s)", c.name(), c.value(), c.unit(), c.provenance()));
        }
        return "its calls priced by: " + String.join("; ", out);
    }

    /** Why each point's GCs ran, as the heap simulation counted them: object size, then the words. */
    private static Map<Integer, String> gcWhy(RubyLayout layout, List<Experiments.ShapePoint> points) {
        Map<Integer, String> m = new java.util.HashMap<>();
        for (Experiments.ShapePoint x : points) {
            m.put((int) x.instance().memsizeBytes(), x.outcome().sim().gcTriggerParts(layout));
        }
        return m;
    }

    /** The GC count of each point and why those GCs ran, per modelled series (the model, then each pin); {@code key} names the size column. */
    static Table gcTriggerTable(long allocations, SlotSizeChart.SlotSeries current, RubyLayout layout, List<Experiments.ShapePoint> model,
            List<SlotSizeChart.SlotSeries> pinned, List<RubyLayout> pinnedLayouts, List<List<Experiments.ShapePoint>> pinnedPoints,
            String key) {
        Table.Builder b = Table.builder("Why the GCs ran, per " + Runs.fmt(allocations) + " allocations (modelled): "
                        + "a heap out of slots, or malloc_increase over malloc_limit")
                .column(Column.number(key, 0))
                .column(Column.text(current.name() + " GCs"));
        for (SlotSizeChart.SlotSeries s : pinned) {
            b.column(Column.text(s.name() + " GCs"));
        }
        for (Experiments.ShapePoint x : model) {
            long size = x.instance().memsizeBytes();
            List<Object> cells = new ArrayList<>(List.of(size, x.outcome().sim().gcTriggers(layout)));
            for (int i = 0; i < pinned.size(); i++) {
                RubyLayout l = pinnedLayouts.get(i);
                cells.add(pinnedPoints.get(i).stream().filter(y -> y.instance().memsizeBytes() == size).findFirst()
                        .map(y -> y.outcome().sim().gcTriggers(l)).orElse(""));
            }
            b.row(cells);
        }
        return b.build();
    }

    private static SlotSizeChart.SlotSeries series(String name, List<Experiments.ShapePoint> points) {
        List<SlotSizeChart.SlotPoint> pts = new ArrayList<>();
        for (Experiments.ShapePoint x : points) {
            Outcome o = x.outcome();
            pts.add(new SlotSizeChart.SlotPoint((int) x.instance().memsizeBytes(), o.nsPerOp(), o.gcCount()));
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
            List<SlotSizeChart.SlotSeries> pins, SlotSizeChart.SlotSeries published, List<String> lines, String key) {
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
                .key(Column.number(key, 0)).values("ns", 2, false).baseline(cols.get(base).name());
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

    /**
     * What {@code slotlab predict slot-size} prints: ns per allocation, GC counts and peak pages per slot size,
     * then the loop's shape per row (execution mode, call, the class's ivars, those written, the ivar array
     * and memsize_of one object).
     */
    @Override
    public List<Table> report(Settings s, boolean md) {
        CostProfile profile = ModelInputs.profile(s);
        RubyLayout layout = ModelInputs.layout(s);
        long allocations = s.get(ALLOCATIONS);
        AllocShape shape = shape(s);
        List<Experiments.ShapePoint> rows = Experiments.shapeSweep(layout, profile, shape, allocations, ModelInputs.harness(s, layout));
        Table.Builder b = Table.builder(md ? "Slot size vs allocation cost (" + layout.name() + ", " + shortShape(shape) + ")" : "")
                .column(Column.number("slot_bytes", 0))
                .column(Column.number("ns_per_alloc", md ? 2 : 3))
                .column(Column.number("gc_count", 0))
                .column(Column.number("minor_gc_count", 0))
                .column(Column.number("major_gc_count", 0))
                .column(Column.number("peak_pages", 0))
                .column(Column.text("yjit"))
                .column(Column.text("call"))
                .column(Column.number("class_ivars", 0))
                .column(Column.number("ivars_written", 0))
                .column(Column.number("ivar_array_bytes", 0))
                .column(Column.number("memsize_bytes", 0))
                .column(Column.text("harness"))
                .column(Column.text("cost_profile"));
        String harness = ModelInputs.harness(s, layout).harness().id();
        for (Experiments.ShapePoint x : rows) {
            Outcome o = x.outcome();
            AllocShape.Instance i = x.instance();
            b.row(i.slotBytes(), o.nsPerOp(), o.gcCount(), o.sim().minorGcs(), o.sim().majorGcs(), o.sim().peakPages()[i.heap()],
                    shape.mode().option(), shape.call().option(), i.classIvars(), i.ivarsWritten(), i.ivarArrayBytes(), i.memsizeBytes(),
                    harness, profile.name());
        }
        if (md) {
            b.footer("lower is better");
            b.footer(String.format(Locale.ROOT, "parameters: layout %s, %,d allocations per slot size, each dead at once, profile %s",
                    layout.name(), allocations, profile.name()));
            b.footer(shapeLine(shape, layout, rows));
            mergedNote(layout, shape, rows).ifPresent(b::footer);
            b.footer(pricedBy(shape, layout, profile));
            ModelInputs.assumptions(s, layout).forEach(b::footer);
            b.footer(shape.isByroot() ? "published: " + Source.FEATURE_22186.citation()
                    : "published: " + Source.FEATURE_22186.citation() + ", measured with byroot's loop (" + AllocShape.BYROOT.describe()
                            + "), not this one");
            b.footer("predicted by Slotlab " + Version.current());
        }
        return List.of(b.build());
    }

    /**
     * Why the sweep has fewer points than the layout has slot sizes, when it does: the classes byroot
     * pads for the larger slots make the same object as a smaller class once an initialize writes
     * fewer ivars than they have (3.2+ sizes an instance by the ivars it writes, rb_obj_embedded_size),
     * so {@link AllocShape#sweep} keeps one point per object. Empty when every slot size has its point.
     */
    static Optional<String> mergedNote(RubyLayout layout, AllocShape shape, List<Experiments.ShapePoint> points) {
        int[] slots = AllocShape.fixedWidthObjects(layout) ? RubyLayout.ruby34().slotSizes() : layout.slotSizes();
        List<String> merged = new ArrayList<>();
        for (int slot : slots) {
            int ivars = AllocShape.byrootIvars(slot);
            if (points.stream().noneMatch(x -> x.instance().classIvars() == ivars)) {
                merged.add(Integer.toString(slot));
            }
        }
        if (merged.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("no point for the classes byroot pads for the " + String.join(", ", merged) + " B slots: with "
                + shape.describe() + " they make the same object as a smaller class (an initialize that writes fewer ivars than "
                + "its class has sizes the instance by what it writes, rb_obj_embedded_size), so each object is one point");
    }

    private static double ns(SlotSizeChart.SlotSeries s, int slot) {
        return s.points().stream().filter(q -> q.slotBytes() == slot).mapToDouble(SlotSizeChart.SlotPoint::nsPerAlloc)
                .findFirst().orElse(Double.NaN);
    }
}
