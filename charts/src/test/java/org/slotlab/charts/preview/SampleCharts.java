package org.slotlab.charts.preview;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

import org.jfree.chart.JFreeChart;
import org.slotlab.charts.GcCountChart;
import org.slotlab.charts.LengthPoint;
import org.slotlab.charts.LengthSeries;
import org.slotlab.model.reference.Source;
import org.slotlab.charts.RetainedChart;
import org.slotlab.charts.SlotSizeChart;
import org.slotlab.charts.SlotSizeChart.SlotPoint;
import org.slotlab.charts.SlotSizeChart.SlotSeries;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.charts.SpeedRatioChart;

/**
 * Every Slotlab chart filled with the published numbers of Feature #22186 (https://bugs.ruby-lang.org/issues/22186)
 * (read from {@code sample-data/reference/*.csv}), so the charts can be looked at before the model
 * exists. Where a chart needs a "model" series the thread does not publish, it is derived in the
 * open: GC counts per length by interpolating byroot's slot table at the slot size himura467
 * reported, retained MiB as R x slot bytes, the slot model as a least-squares line through
 * byroot's table. These are previews, not results.
 */
final class SampleCharts {

    /** himura467's memory run kept R = 200,000 slices (subseq_retained.csv). */
    static final long KEPT_SLICES = 200_000;
    /** byroot counted GC runs over 10M allocations (slot_alloc_gc.csv). */
    static final long ALLOCATIONS = 10_000_000;
    /** A shared substring costs one default RString slot: 40 B on 64-bit (subseq_retained.csv, master row). */
    static final int SHARED_SLOT_BYTES = 40;
    /** Under the 256 B cutoff, 231 B is the largest embedded length (subseq_len_sweep.csv). */
    static final int LARGEST_EMBEDDED_AT_256 = 231;
    /** Bytes per MiB. */
    static final double MIB = 1024.0 * 1024.0;

    static final Source HIMURA = Source.FEATURE_22186.measuredBy("himura467", "arm64 macOS");
    static final Source BYROOT = Source.FEATURE_22186.measuredBy("byroot", "arm64-darwin25");

    private SampleCharts() {
    }

    /** Charts by file name stem. */
    static Map<String, JFreeChart> all(SlotlabTheme theme) {
        Map<String, JFreeChart> charts = new LinkedHashMap<>();
        LengthSeries noCutoff = sweep("no-cutoff", "no cutoff");
        LengthSeries cutoff256 = sweep("cutoff-256", "cutoff 256");
        charts.put("speed-single", SpeedRatioChart.create(new SpeedRatioChart.Data(
                "str_subseq speed vs master", "frozen source \u00b7 master vs cutoff 256",
                List.of(cutoff256), OptionalInt.of(LARGEST_EMBEDDED_AT_256),
                List.of(LengthSeries.published(HIMURA, noCutoff.points()), byrootRatios())), theme));
        charts.put("speed-multi", SpeedRatioChart.create(new SpeedRatioChart.Data(
                "str_subseq speed vs master", "frozen source \u00b7 two candidates",
                List.of(noCutoff, cutoff256), OptionalInt.of(LARGEST_EMBEDDED_AT_256),
                List.of(byrootRatios())), theme));
        charts.put("gc", GcCountChart.create(new GcCountChart.Data(
                "GC runs while slicing", "frozen source \u00b7 N = 10M substrings", ALLOCATIONS,
                gcPerLength("master", false), List.of(gcPerLength("no cutoff", true)), List.of()), theme));
        charts.put("retained", RetainedChart.create(new RetainedChart.Data(
                "Memory kept by substrings", "", KEPT_SLICES, retained("master", Integer.MIN_VALUE),
                List.of(retained("no cutoff", Integer.MAX_VALUE), retained("cutoff 256", LARGEST_EMBEDDED_AT_256))),
                theme));
        charts.put("slots", SlotSizeChart.create(new SlotSizeChart.Data(
                "Cost of larger slots", "Class.new padded to fill one slot \u00b7 +YJIT", ALLOCATIONS,
                slotFit(), List.of(SlotSeries.published(BYROOT, slotTable()))), theme));
        charts.put("speed-empty", SpeedRatioChart.create(new SpeedRatioChart.Data(
                "str_subseq speed vs master", "nothing computed yet", List.of(), OptionalInt.empty(), List.of()), theme));
        return charts;
    }

    /** Speed ratios of one variant, frozen source, numeric lengths only. */
    static LengthSeries sweep(String variant, String name) {
        List<LengthPoint> points = new ArrayList<>();
        for (Map<String, String> row : org.slotlab.model.reference.ReferenceTable.load("subseq_len_sweep.csv").rows()) {
            if (row.get("variant").equals(variant) && row.get("source_state").equals("frozen")
                    && row.get("len_bytes").matches("\\d+")) {
                points.add(new LengthPoint(Integer.parseInt(row.get("len_bytes")), Double.parseDouble(row.get("speedup"))));
            }
        }
        return new LengthSeries(name, points);
    }

    /** byroot's ips run: branch ips / master ips = master ns / branch ns. */
    static LengthSeries byrootRatios() {
        List<LengthPoint> points = new ArrayList<>();
        for (Map<String, String> row : org.slotlab.model.reference.ReferenceTable.load("subseq_byroot_ips.csv").rows()) {
            double ratio = Double.parseDouble(row.get("branch_ips_millions")) / Double.parseDouble(row.get("master_ips_millions"));
            points.add(new LengthPoint(Integer.parseInt(row.get("len_bytes")), ratio));
        }
        return LengthSeries.published(BYROOT, points);
    }

    /** Slot himura467 reported per length for the no-cutoff patch; 40 B where the result is shared. */
    static Map<Integer, Integer> slotUsedNoCutoff() {
        Map<Integer, Integer> slots = new LinkedHashMap<>();
        for (Map<String, String> row : org.slotlab.model.reference.ReferenceTable.load("subseq_len_sweep.csv").rows()) {
            if (row.get("variant").equals("no-cutoff")) {
                String slot = row.get("slot_bytes_used");
                slots.put(Integer.parseInt(row.get("len_bytes")), slot.equals("shared") ? SHARED_SLOT_BYTES : Integer.parseInt(slot));
            }
        }
        return slots;
    }

    static LengthSeries gcPerLength(String name, boolean embeds) {
        List<SlotPoint> table = slotTable();
        List<LengthPoint> points = new ArrayList<>();
        slotUsedNoCutoff().forEach((len, slot) ->
                points.add(new LengthPoint(len, Math.round(interpolateGc(table, embeds ? slot : SHARED_SLOT_BYTES)))));
        return new LengthSeries(name, points);
    }

    static LengthSeries retained(String name, int largestEmbedded) {
        List<LengthPoint> points = new ArrayList<>();
        slotUsedNoCutoff().forEach((len, slot) -> {
            int bytes = len <= largestEmbedded ? slot : SHARED_SLOT_BYTES;
            points.add(new LengthPoint(len, KEPT_SLICES * bytes / MIB));
        });
        return new LengthSeries(name, points);
    }

    static double interpolateGc(List<SlotPoint> table, int slot) {
        for (int i = 1; i < table.size(); i++) {
            SlotPoint lo = table.get(i - 1);
            SlotPoint hi = table.get(i);
            if (slot <= hi.slotBytes()) {
                double t = (slot - lo.slotBytes()) / (double) (hi.slotBytes() - lo.slotBytes());
                return lo.gcCount() + Math.max(0, t) * (hi.gcCount() - lo.gcCount());
            }
        }
        return table.get(table.size() - 1).gcCount();
    }

    static List<SlotPoint> slotTable() {
        List<SlotPoint> points = new ArrayList<>();
        for (Map<String, String> row : org.slotlab.model.reference.ReferenceTable.load("slot_alloc_gc.csv").rows()) {
            points.add(new SlotPoint(Integer.parseInt(row.get("slot_bytes")), Double.parseDouble(row.get("ns_per_alloc")),
                    Double.parseDouble(row.get("gc_count_per_10M_allocs"))));
        }
        return points;
    }

    /** Least-squares lines (ns and GC against slot bytes) through byroot's table: a stand-in model. */
    static SlotSeries slotFit() {
        List<SlotPoint> table = slotTable();
        double[] ns = fit(table, true);
        double[] gc = fit(table, false);
        List<SlotPoint> points = new ArrayList<>();
        for (SlotPoint p : table) {
            points.add(new SlotPoint(p.slotBytes(), ns[0] + ns[1] * p.slotBytes(), Math.max(0, gc[0] + gc[1] * p.slotBytes())));
        }
        return new SlotSeries("linear fit", points);
    }

    private static double[] fit(List<SlotPoint> table, boolean time) {
        double n = table.size();
        double sx = 0;
        double sy = 0;
        double sxx = 0;
        double sxy = 0;
        for (SlotPoint p : table) {
            double x = p.slotBytes();
            double y = time ? p.nsPerAlloc() : p.gcCount();
            sx += x;
            sy += y;
            sxx += x * x;
            sxy += x * y;
        }
        double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
        return new double[] {(sy - slope * sx) / n, slope};
    }
}
