package org.slotlab.app.scenario;

import java.util.List;
import java.util.Locale;
import org.slotlab.app.report.Version;
import org.slotlab.charts.table.Column;
import org.slotlab.charts.table.Table;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.workload.Comparison;
import org.slotlab.model.workload.SliceLoop;

/**
 * The substring comparison as a table: CSV with every column named with its unit, or a
 * benchmark-driver style Markdown table with the ratio, a "higher is better" legend and the
 * parameters under it: what {@code slotlab predict substring-cutoff} prints.
 */
final class SubseqReport {

    public static final String LEGEND = "speed_ratio = baseline ns / candidate ns: higher is better; above 1 = the candidate is faster";

    private SubseqReport() {}

    /** Every column, for CSV; the last names the harness the times assume (its heap and loop cost). */
    static Table csvTable(List<Comparison> rows, List<String> assumptions) {
        String param = rows.isEmpty() ? "len_bytes" : rows.get(0).parameter();
        Table.Builder b = Table.builder("")
                .column(Column.number(param, 0))
                .column(Column.text("baseline_slot_bytes"))
                .column(Column.text("candidate_slot_bytes"))
                .column(Column.number("baseline_ns_per_op", 3))
                .column(Column.number("candidate_ns_per_op", 3))
                .column(Column.number("speed_ratio", 3))
                .column(Column.number("baseline_gc_count", 0))
                .column(Column.number("candidate_gc_count", 0))
                .column(Column.number("baseline_retained_bytes", 0))
                .column(Column.number("candidate_retained_bytes", 0))
                .column(Column.number("baseline_objects_per_op", 0))
                .column(Column.number("candidate_objects_per_op", 0))
                .column(Column.text("harness"));
        String harness = assumptions.isEmpty() ? "" : assumptions.get(0).replaceFirst("^harness: ([a-z-]+).*", "$1");
        for (Comparison c : rows) {
            b.row(c.value(), c.baseline().representation(), c.candidate().representation(), c.baseline().nsPerOp(),
                    c.candidate().nsPerOp(), c.speedRatio(), c.baseline().gcCount(), c.candidate().gcCount(),
                    c.baseline().retainedBytes(), c.candidate().retainedBytes(), c.baseline().objectsPerOp(),
                    c.candidate().objectsPerOp(), harness);
        }
        assumptions.forEach(b::footer);
        return b.build();
    }

    /** The table for an issue comment: lengths, slots, ns/op, ratio, GC counts, retained MiB; legend and parameters under it. */
    static Table markdownTable(List<Comparison> rows, String baseline, String candidate, RubyLayout layout,
            CostProfile profile, SliceLoop loop, List<String> assumptions) {
        String param = rows.isEmpty() ? "len_bytes" : rows.get(0).parameter();
        String paramHeader = switch (param) {
            case "cutoff_bytes" -> "cutoff (B)";
            case "retain" -> "kept slices";
            default -> "len (B)";
        };
        Table.Builder b = Table.builder("str_subseq: " + baseline + " vs " + candidate + " (" + layout.name() + ")")
                .column(Column.number(paramHeader, 0))
                .column(Column.text(baseline + " slot"))
                .column(Column.text(candidate + " slot"))
                .column(Column.number(baseline + " (ns/op)", 2))
                .column(Column.number(candidate + " (ns/op)", 2))
                .column(Column.ratio("ratio (base/other)", 2))
                .column(Column.number(baseline + " GCs", 0, true))
                .column(Column.number(candidate + " GCs", 0, true))
                .column(Column.number(baseline + " retained (MiB)", 1))
                .column(Column.number(candidate + " retained (MiB)", 1));
        for (Comparison c : rows) {
            b.row(c.value(), c.baseline().representation(), c.candidate().representation(), c.baseline().nsPerOp(),
                    c.candidate().nsPerOp(), c.speedRatio(), c.baseline().gcCount(), c.candidate().gcCount(),
                    c.baseline().retainedBytes() / 1048576.0, c.candidate().retainedBytes() / 1048576.0);
        }
        b.footer(LEGEND);
        b.footer(String.format(Locale.ROOT,
                "parameters: layout %s, source %s (%,d B), %s slices, count %,d, retain %,d (%s, %s), profile %s",
                layout.name(), loop.source().label(), loop.sourceLen(), loop.position().label(), loop.count(),
                loop.retain(), loop.keep().label(), loop.keepWhileTiming() ? "kept while timed" : "measured apart from the timed run",
                profile.name()));
        assumptions.forEach(b::footer);
        b.footer("predicted by Slotlab " + Version.current() + " (model: counted events x fitted cost coefficients)");
        return b.build();
    }
}
