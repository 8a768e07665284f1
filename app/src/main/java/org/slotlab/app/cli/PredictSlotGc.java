package org.slotlab.app.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.slotlab.charts.table.Column;
import org.slotlab.charts.table.CsvWriter;
import org.slotlab.charts.table.MarkdownWriter;
import org.slotlab.charts.table.Table;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.workload.Experiments;
import org.slotlab.model.workload.Outcome;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code slotlab predict slot-gc}: byroot's benchmark, ns per allocation and GC count per slot size (seed 000). */
@Command(name = "slot-gc", mixinStandardHelpOptions = true,
        description = "Allocation cost and GC count per slot size for N allocations (byroot's benchmark, seed 000).")
public final class PredictSlotGc implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    ModelOptions model = new ModelOptions();

    @Option(names = "--allocations", defaultValue = "10000000", description = "allocations per slot size (default 10M)")
    long allocations;

    @Override
    public Integer call() {
        if (allocations < 1) {
            throw new IllegalArgumentException("--allocations must be >= 1, got " + allocations);
        }
        CostProfile profile = model.profile();
        RubyLayout layout = model.layout(profile);
        List<Outcome> rows = Experiments.slotSweep(layout, profile, allocations);
        boolean md = model.markdown();
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
            b.footer("predicted by Slotlab " + SlotlabCommand.version());
        }
        PrintWriter out = spec.commandLine().getOut();
        out.print(md ? MarkdownWriter.write(b.build()) : CsvWriter.write(b.build()));
        out.flush();
        return 0;
    }
}
