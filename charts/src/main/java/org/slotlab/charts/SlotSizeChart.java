package org.slotlab.charts;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.AxisLocation;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * The slot-size chart, byroot's table in Feature #22186 (https://bugs.ruby-lang.org/issues/22186)
 * ({@code sample-data/reference/slot_alloc_gc.csv}): objects padded so one allocation fills one slot
 * of 32..1024 bytes; time per allocation (bars, left axis) and GC runs per 10M allocations (line,
 * right axis) rise with the slot size (25.45 ns and 67 GCs at 32 B, 67.06 ns and 1604 GCs at 1024 B).
 * Published points are overlaid on both axes.
 */
public final class SlotSizeChart {

    /** X axis label. */
    public static final String X_LABEL = "slot size (bytes)";
    /**
     * X axis label when an object is more than its slot: on CRuby 3.1 an instance of a class of more
     * than 3 ivars keeps them in an array from the transient heap, and ObjectSpace.memsize_of counts
     * slot and array.
     */
    public static final String OBJECT_X_LABEL = "object size: ObjectSpace.memsize_of, slot + ivar array (bytes)";
    /** Left axis label. */
    public static final String TIME_LABEL = "time per allocation (ns)";
    /** Legend suffix of the time series. */
    public static final String TIME = "ns/alloc";
    /** Legend suffix of the GC series. */
    public static final String GC = "GC count";

    private SlotSizeChart() {
    }

    /**
     * One slot size's numbers.
     *
     * @param slotBytes   slot size in bytes (CRuby heap slot size, e.g. 40, 80, 160, 320, 640); &gt; 0
     * @param nsPerAlloc  mean time per allocation in nanoseconds; &gt;= 0
     * @param gcCount     GC runs during {@link Data#allocations()} allocations (count); &gt;= 0
     */
    public record SlotPoint(int slotBytes, double nsPerAlloc, double gcCount) {
        public SlotPoint {
            if (slotBytes <= 0) {
                throw new IllegalArgumentException("slotBytes must be > 0 but was " + slotBytes);
            }
            if (!(nsPerAlloc >= 0) || Double.isInfinite(nsPerAlloc)) {
                throw new IllegalArgumentException("nsPerAlloc at slot " + slotBytes + " B must be finite and >= 0 but was " + nsPerAlloc);
            }
            if (!(gcCount >= 0) || Double.isInfinite(gcCount)) {
                throw new IllegalArgumentException("gcCount at slot " + slotBytes + " B must be finite and >= 0 but was " + gcCount);
            }
        }
    }

    /**
     * A named set of slot points: the model's or one published source's.
     *
     * @param name   legend prefix (the model name, or {@link org.slotlab.model.reference.Source#label()})
     * @param points at most one point per slot size
     */
    public record SlotSeries(String name, List<SlotPoint> points) {
        public SlotSeries {
            Objects.requireNonNull(name, "slot series name");
            if (name.isBlank()) {
                throw new IllegalArgumentException("slot series name must not be blank");
            }
            points = List.copyOf(Objects.requireNonNull(points, "points of slot series '" + name + "'"));
            Set<Integer> seen = new HashSet<>();
            for (SlotPoint p : points) {
                if (!seen.add(p.slotBytes())) {
                    throw new IllegalArgumentException("slot series '" + name + "' has two points at slot "
                            + p.slotBytes() + " B");
                }
            }
        }

        public static SlotSeries published(org.slotlab.model.reference.Source source, List<SlotPoint> points) {
            return new SlotSeries(source.label(), points);
        }
    }

    /**
     * What the chart shows.
     *
     * @param title       chart title; may be empty
     * @param subtitle    one short line under the title; may be empty
     * @param allocations how many allocations each GC count covers (10,000,000 in the thread); &gt; 0
     * @param model       the modelled numbers (bars + line)
     * @param published   published numbers, one series per source (markers)
     * @param gcWhy       why each modelled GC count is what it is, in words (series name, then slot size
     *                    in bytes, e.g. "67 out of slots in the 32 B heap"): the GC marker's tooltip says it; may be empty
     * @param xLabel      the x axis: {@link #X_LABEL}, or {@link #OBJECT_X_LABEL} when the points are objects
     *                    bigger than their slots
     */
    public record Data(String title, String subtitle, long allocations, SlotSeries model, List<SlotSeries> published,
                       Map<String, Map<Integer, String>> gcWhy, String xLabel) {

        /** A chart whose GC markers say nothing about why the GCs ran. */
        public Data(String title, String subtitle, long allocations, SlotSeries model, List<SlotSeries> published) {
            this(title, subtitle, allocations, model, published, Map.of());
        }

        /** A chart of objects that fill their slots: the x axis is the slot size. */
        public Data(String title, String subtitle, long allocations, SlotSeries model, List<SlotSeries> published,
                Map<String, Map<Integer, String>> gcWhy) {
            this(title, subtitle, allocations, model, published, gcWhy, X_LABEL);
        }

        public Data {
            ChartSupport.requireText(title, "slot chart title");
            ChartSupport.requireText(subtitle, "slot chart subtitle");
            if (allocations <= 0) {
                throw new IllegalArgumentException("slot chart allocations must be > 0 but was " + allocations);
            }
            Objects.requireNonNull(model, "model");
            published = List.copyOf(Objects.requireNonNull(published, "published"));
            gcWhy = Map.copyOf(Objects.requireNonNull(gcWhy, "gcWhy"));
            ChartSupport.requireText(xLabel, "slot chart x label");
        }

        /** What the tooltips call one point: " B slots", or " B objects" when the x axis is memsize_of. */
        String unit() {
            return xLabel.equals(X_LABEL) ? " B slots" : " B objects";
        }

        /** {@link #gcWhy} keyed as the GC datasets name their series ("NAME: GC count"). */
        Map<String, Map<Integer, String>> gcWhyByRowKey() {
            Map<String, Map<Integer, String>> out = new java.util.HashMap<>();
            gcWhy.forEach((name, v) -> out.put(name + ": " + GC, v));
            return out;
        }
    }

    /** Right axis label, naming the allocation count: {@code GC count per 10M allocations}. */
    public static String gcLabel(long allocations) {
        return "GC count per " + ChartSupport.count(allocations) + " allocations";
    }

    /**
     * Four datasets over the same slot sizes: model ns (0), model GC (1), published ns (2), published GC (3).
     */
    public static List<DefaultCategoryDataset> createDataset(Data data) {
        SortedSet<Integer> slots = new TreeSet<>();
        data.model().points().forEach(p -> slots.add(p.slotBytes()));
        data.published().forEach(s -> s.points().forEach(p -> slots.add(p.slotBytes())));
        List<SlotSeries> model = List.of(data.model());
        return List.of(dataset(model, slots, true, ""), dataset(model, slots, false, ""),
                dataset(data.published(), slots, true, ": " + TIME),
                dataset(data.published(), slots, false, ": " + GC));
    }

    private static DefaultCategoryDataset dataset(List<SlotSeries> series, SortedSet<Integer> slots, boolean time,
                                                  String suffix) {
        DefaultCategoryDataset dataset = new DefaultCategoryDataset();
        for (SlotSeries s : series) {
            String key = s.name() + (suffix.isEmpty() ? ": " + (time ? TIME : GC) : suffix);
            for (Integer slot : slots) {
                dataset.addValue(null, key, slot);
            }
            for (SlotPoint p : s.points()) {
                dataset.setValue(time ? p.nsPerAlloc() : p.gcCount(), key, Integer.valueOf(p.slotBytes()));
            }
        }
        return dataset;
    }

    public static JFreeChart create(Data data) {
        return create(data, SlotlabTheme.standard());
    }

    public static JFreeChart create(Data data, SlotlabTheme theme) {
        List<DefaultCategoryDataset> sets = createDataset(data);
        NumberAxis time = ChartSupport.valueAxis(TIME_LABEL, true);
        NumberAxis gc = ChartSupport.valueAxis(gcLabel(data.allocations()), true);
        gc.setStandardTickUnits(NumberAxis.createIntegerTickUnits());

        BarRenderer bars = new BarRenderer();
        bars.setSeriesPaint(0, SlotlabTheme.SKY_BLUE);
        bars.setDefaultLegendShape(theme.legendSwatch());
        bars.setMaximumBarWidth(0.07);
        bars.setDefaultToolTipGenerator(ChartSupport.tooltip(data.unit(), " ns per allocation", "#,##0.00"));
        // no value labels: with two axes and overlay markers they collide; the axes carry the values

        LineAndShapeRenderer line = new LineAndShapeRenderer(true, true);
        line.setSeriesPaint(0, SlotlabTheme.ORANGE);
        line.setSeriesStroke(0, theme.lineStroke());
        line.setSeriesShape(0, theme.markerShape(4));
        line.setDefaultToolTipGenerator(new BarReasons(ChartSupport.tooltip(data.unit(), " GCs per "
                + ChartSupport.count(data.allocations()) + " allocations", "#,##0"), data.gcWhyByRowKey()));

        CategoryAxis x = ChartSupport.lengthAxis(data.xLabel());
        CategoryPlot plot = new CategoryPlot(sets.get(0), x, time, bars);
        plot.setRangeAxis(1, gc);
        plot.setRangeAxisLocation(1, AxisLocation.BOTTOM_OR_RIGHT);
        plot.setDataset(1, sets.get(1));
        plot.setRenderer(1, line);
        plot.mapDatasetToRangeAxis(1, 1);

        int sources = data.published().size();
        LineAndShapeRenderer publishedTime = ChartSupport.overlayRenderer(theme, sources, 0);
        LineAndShapeRenderer publishedGc = ChartSupport.overlayRenderer(theme, sources, 0);
        for (int i = 0; i < sources; i++) {
            publishedTime.setSeriesShape(i, theme.markerShape(2 * i));
            publishedGc.setSeriesShape(i, theme.markerShape(2 * i + 1));
            publishedGc.setSeriesPaint(i, i == 0 ? SlotlabTheme.VERMILLION : theme.publishedColor(i));
        }
        publishedTime.setDefaultToolTipGenerator(publishedOrPinned(ChartSupport.tooltip(data.unit(), " ns per allocation", "#,##0.00")));
        // pins are drawn as markers too: theirs say why their GCs ran
        publishedGc.setDefaultToolTipGenerator(new BarReasons(publishedOrPinned(ChartSupport.tooltip(data.unit(), " GCs", "#,##0")),
                data.gcWhyByRowKey()));
        plot.setDataset(2, sets.get(2));
        plot.setRenderer(2, publishedTime);
        plot.setDataset(3, sets.get(3));
        plot.setRenderer(3, publishedGc);
        plot.mapDatasetToRangeAxis(3, 1);
        plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);

        LegendItemCollection legend = ChartSupport.legendOf(plot);
        return ChartSupport.chart(data.title(), data.subtitle(), plot, theme, legend);
    }

    /** The marker's tooltip, with "(published)" after a published source's value and not after a pin's (modelled). */
    static org.jfree.chart.labels.CategoryToolTipGenerator publishedOrPinned(org.jfree.chart.labels.CategoryToolTipGenerator plain) {
        return (dataset, row, column) -> {
            String tip = plain.generateToolTip(dataset, row, column);
            return tip == null || dataset.getRowKey(row).toString().startsWith("pin ") ? tip : tip + " (published)";
        };
    }
}
