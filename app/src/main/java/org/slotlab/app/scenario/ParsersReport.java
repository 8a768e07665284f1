package org.slotlab.app.scenario;

import java.util.List;
import java.util.Locale;
import org.slotlab.app.report.Version;
import org.slotlab.charts.table.Column;
import org.slotlab.charts.table.Table;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.parsers.HeaderTable;
import org.slotlab.model.parsers.ParserOutcome;
import org.slotlab.model.parsers.SiteRow;
import org.slotlab.model.parsers.SplitStep;
import org.slotlab.model.parsers.ValueRow;

/**
 * Tables of the parsers and split scenarios (Feature #22186): the parsers' outcomes, the per-site header table
 * in the shape of http_headers.csv, and the split step. CSV columns are named with their units;
 * Markdown tables carry a legend and the parameters under them.
 */
public final class ParsersReport {

    public static final String LEGEND = "speed_ratio = master ns / policy ns: higher is better; above 1 = the policy is faster";

    private ParsersReport() {}

    public static Table parsersCsv(List<ParserOutcome> rows) {
        Table.Builder b = Table.builder("")
                .column(Column.text("parser"))
                .column(Column.text("policy"))
                .column(Column.number("lines_per_pass", 0))
                .column(Column.number("values_per_pass", 0))
                .column(Column.number("objects_per_line", 3))
                .column(Column.number("objects_per_value", 3))
                .column(Column.number("values_embedded_per_pass", 0))
                .column(Column.number("values_shared_per_pass", 0))
                .column(Column.number("values_copied_vs_master_per_pass", 0))
                .column(Column.number("frozen_roots_per_pass", 0))
                .column(Column.number("slot_bytes_per_line", 1))
                .column(Column.number("gc_count", 0))
                .column(Column.number("ns_per_line", 2))
                .column(Column.number("speed_ratio", 3));
        for (ParserOutcome o : rows) {
            b.row(o.parser(), o.policy(), o.lines(), o.values(), o.objectsPerLine(), o.objectsPerValue(), o.valuesEmbedded(),
                    o.valuesShared(), o.valuesCopiedVsMaster(), o.frozenRootsPerPass(), o.slotBytesPerLine(), o.gcCount(),
                    o.nsPerLine(), o.speedRatio());
        }
        return b.build();
    }

    public static Table parsersMarkdown(List<ParserOutcome> rows, RubyLayout layout, CostProfile profile, long passes,
            List<String> assumptions) {
        Table.Builder b = Table.builder("Parsers on the sample data (" + layout.name() + ")")
                .column(Column.text("parser"))
                .column(Column.text("policy"))
                .column(Column.number("objects/line", 2))
                .column(Column.number("objects/value", 2))
                .column(Column.number("copied vs master", 0))
                .column(Column.number("frozen roots/pass", 0))
                .column(Column.number("GCs", 0, true))
                .column(Column.number("ns/line", 1))
                .column(Column.ratio("ratio (master/policy)", 3));
        for (ParserOutcome o : rows) {
            b.row(o.parser(), o.policy(), o.objectsPerLine(), o.objectsPerValue(), o.valuesCopiedVsMaster(),
                    o.frozenRootsPerPass(), o.gcCount(), o.nsPerLine(), o.speedRatio());
        }
        b.footer(LEGEND);
        b.footer("objects/value: the value slice (1) plus the frozen root sharing made (Net::HTTP, LTSV: their sources are not frozen)");
        b.footer(String.format(Locale.ROOT, "parameters: layout %s, %,d passes over sample-data/http (net-http, falcon) "
                + "or sample-data/ltsv (ltsv), profile %s", layout.name(), passes, profile.name()));
        assumptions.forEach(b::footer);
        b.footer("predicted by Slotlab " + Version.current() + " (model: parsers replayed on CRuby's string rules x fitted costs)");
        return b.build();
    }

    /** The http_headers.csv column a candidate's copied count goes to: copied_at_N for cutoff:N. */
    public static String copiedColumn(String policy) {
        return policy.startsWith("cutoff:") ? "copied_at_" + policy.substring("cutoff:".length())
                : "copied_by_" + policy.replaceAll("[^A-Za-z0-9]+", "_");
    }

    public static Table sitesTable(HeaderTable t, boolean markdown, RubyLayout layout) {
        Table.Builder b = Table.builder(markdown ? "Header values per site, " + t.parser() + " (" + layout.name() + ")" : "")
                .column(Column.text("site"))
                .column(Column.number("values", 0))
                .column(Column.number("embedded_on_master", 0))
                .column(Column.number("shared_on_master", 0));
        for (String c : t.candidates()) {
            b.column(Column.number(copiedColumn(c), 0));
        }
        for (SiteRow r : t.rows()) {
            b.row(siteCells(r));
        }
        b.row(siteCells(t.total()));
        if (markdown) {
            b.footer("copied_at_N: values shared on master that a cutoff of N bytes would copy instead (the method of Feature #22186)");
            b.footer("data: sample-data/http (where each header came from: <file>.README.md); counts are what this data gives");
        }
        return b.build();
    }

    private static Object[] siteCells(SiteRow r) {
        Object[] cells = new Object[4 + r.copied().size()];
        cells[0] = r.site();
        cells[1] = r.values();
        cells[2] = r.embeddedOnMaster();
        cells[3] = r.sharedOnMaster();
        for (int i = 0; i < r.copied().size(); i++) {
            cells[4 + i] = r.copied().get(i);
        }
        return cells;
    }

    /** Every header value: its length, master's slot and objects, each candidate's. */
    public static Table valuesTable(List<ValueRow> rows, List<String> candidates, boolean markdown, RubyLayout layout,
            String parser) {
        Table.Builder b = Table.builder(markdown ? "Header values, " + parser + " (" + layout.name() + ")" : "")
                .column(Column.text("site"))
                .column(Column.text("header"))
                .column(Column.number("value_len_bytes", 0))
                .column(Column.number("line_len_bytes", 0))
                .column(Column.text("master_slot_bytes"))
                .column(Column.number("master_objects_per_value", 0));
        for (String c : candidates) {
            String n = c.replaceAll("[^A-Za-z0-9]+", "_");
            b.column(Column.text(n + "_slot_bytes"));
            b.column(Column.number(n + "_objects_per_value", 0));
        }
        for (ValueRow r : rows) {
            Object[] cells = new Object[6 + 2 * candidates.size()];
            cells[0] = r.site();
            cells[1] = r.header();
            cells[2] = r.valueLenBytes();
            cells[3] = r.lineLenBytes();
            cells[4] = r.masterSlot();
            cells[5] = r.masterObjects();
            for (int i = 0; i < candidates.size(); i++) {
                cells[6 + 2 * i] = r.candidateSlots().get(i);
                cells[7 + 2 * i] = r.candidateObjects().get(i);
            }
            b.row(cells);
        }
        if (markdown) {
            b.footer("slot: 'shared' or the slot size (B) the value is embedded in; objects: the value plus a frozen root sharing made");
        }
        return b.build();
    }

    public static Table splitCsv(List<SplitStep.Row> rows) {
        Table.Builder b = Table.builder("")
                .column(Column.number("value_len_bytes", 0))
                .column(Column.text("receiver"))
                .column(Column.text("policy"))
                .column(Column.text("value_slot_bytes"))
                .column(Column.number("objects_per_call", 0))
                .column(Column.number("frozen_roots_per_call", 0))
                .column(Column.number("gc_count", 0))
                .column(Column.number("ns_per_call", 3))
                .column(Column.number("speed_ratio", 3));
        for (SplitStep.Row r : rows) {
            b.row(r.valueLenBytes(), r.receiver(), r.policy(), r.valueSlot(), r.objectsPerCall(), r.rootsPerCall(), r.gcCount(),
                    r.nsPerCall(), r.speedRatio());
        }
        return b.build();
    }

    /** The readable split table with its legend and parameters; callers add their footers. */
    public static Table.Builder splitTable(List<SplitStep.Row> rows, RubyLayout layout, CostProfile profile, long keyLen,
            long calls) {
        Table.Builder b = Table.builder("\"key:value\".split(\":\", 2) (" + layout.name() + ")")
                .column(Column.number("value (B)", 0))
                .column(Column.text("receiver"))
                .column(Column.text("policy"))
                .column(Column.text("value slot"))
                .column(Column.number("objects/call", 0))
                .column(Column.number("GCs", 0, true))
                .column(Column.number("ns/call", 2))
                .column(Column.ratio("ratio (master/policy)", 3));
        for (SplitStep.Row r : rows) {
            b.row(r.valueLenBytes(), r.receiver(), r.policy(), r.valueSlot(), r.objectsPerCall(), r.gcCount(), r.nsPerCall(),
                    r.speedRatio());
        }
        b.footer(LEGEND);
        b.footer("receiver: fresh = a new unfrozen string each call (its cost paid by every policy); reuse = the same unfrozen "
                + "string; frozen = a frozen literal");
        b.footer(String.format(Locale.ROOT, "parameters: layout %s, key %d B, %,d calls, profile %s", layout.name(), keyLen,
                calls, profile.name()));
        return b;
    }
}
