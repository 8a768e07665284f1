package org.slotlab.app.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.slotlab.charts.table.Column;
import org.slotlab.charts.table.CsvWriter;
import org.slotlab.charts.table.MarkdownWriter;
import org.slotlab.charts.table.Table;
import org.slotlab.model.classnew.ClassNewCosts;
import org.slotlab.model.classnew.ClassNewModel;
import org.slotlab.model.classnew.ClassNewPrediction;
import org.slotlab.model.classnew.ParamKind;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.RubyLayout;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code slotlab predict class-new}: Foo.new with N arguments, 3.4's C Class#new vs 3.5's opt_new (seed 002). */
@Command(name = "class-new", mixinStandardHelpOptions = true,
        description = "Foo.new(...) on 3.4 (C Class#new) vs 3.5 (opt_new): objects per call, GCs, speedup (seed 002).")
public final class PredictClassNew implements Callable<Integer> {

    public static final String LEGEND = "speedup = 3.4 ns / 3.5 ns: above 1 = opt_new is faster (the article's ratio)";

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    ModelOptions model = new ModelOptions();

    @Option(names = "--kind", defaultValue = "positional,keyword", description = "positional, keyword (comma-separated)")
    String kinds;

    @Option(names = "--params", defaultValue = "0-8", description = "numbers of arguments: a list or a range like 0-8")
    String params;

    @Option(names = "--yjit", defaultValue = "off,on", description = "off (interpreter costs), on (YJIT costs), or both")
    String yjit;

    @Option(names = "--calls", defaultValue = "25000000", description = "Foo.new calls (default the article's 5 x 5,000,000)")
    long calls;

    @Override
    public Integer call() {
        CostProfile profile = model.profile();
        RubyLayout layout = model.layout(profile);
        List<ParamKind> ks = new ArrayList<>();
        for (String s : kinds.split(",")) {
            if (!s.isBlank()) {
                ks.add(ParamKind.parse("--kind", s));
            }
        }
        if (ks.isEmpty()) {
            throw new IllegalArgumentException("--kind: needs positional and/or keyword");
        }
        List<Integer> ns = new ArrayList<>();
        for (long n : Lists.parseLongs("--params", params)) {
            if (n > 1000) {
                throw new IllegalArgumentException("--params: at most 1000 arguments, got " + n);
            }
            ns.add((int) n);
        }
        if (calls < 1) {
            throw new IllegalArgumentException("--calls: must be >= 1, got " + calls);
        }
        List<ClassNewPrediction> rows = new ArrayList<>();
        List<ClassNewCosts> costs = new ArrayList<>();
        for (String j : yjit.split(",")) {
            if (!j.isBlank()) {
                ClassNewCosts c = ClassNewCosts.forJit(j.trim());
                costs.add(c);
                rows.addAll(ClassNewModel.sweep(layout, profile, c, ks, ns, calls));
            }
        }
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("--yjit: needs off and/or on");
        }
        PrintWriter out = spec.commandLine().getOut();
        out.print(model.markdown() ? MarkdownWriter.write(markdown(rows, layout, profile, costs, calls))
                : CsvWriter.write(csv(rows)));
        out.flush();
        return 0;
    }

    static Table csv(List<ClassNewPrediction> rows) {
        Table.Builder b = Table.builder("")
                .column(Column.text("param_kind"))
                .column(Column.number("params", 0))
                .column(Column.text("yjit"))
                .column(Column.number("objects_per_call_3_4", 0))
                .column(Column.number("objects_per_call_3_5", 0))
                .column(Column.number("gc_count_3_4", 0))
                .column(Column.number("gc_count_3_5", 0))
                .column(Column.number("ns_per_call_3_4", 3))
                .column(Column.number("ns_per_call_3_5", 3))
                .column(Column.number("speedup", 3))
                .column(Column.text("published_speedup"));
        for (ClassNewPrediction p : rows) {
            b.row(p.kind().label(), p.params(), p.yjit(), p.objectsPerCall34(), p.objectsPerCall35(), p.gcCount34(),
                    p.gcCount35(), p.nsPerCall34(), p.nsPerCall35(), p.speedup(),
                    p.publishedSpeedup().isPresent() ? String.format(Locale.ROOT, "%.1f", p.publishedSpeedup().getAsDouble()) : "");
        }
        return b.build();
    }

    static Table markdown(List<ClassNewPrediction> rows, RubyLayout layout, CostProfile profile, List<ClassNewCosts> costs,
            long calls) {
        Table.Builder b = readableTable("Foo.new: C Class#new (3.4) vs opt_new (3.5), " + layout.name(), rows);
        b.footer("published: class_new.csv (seed 002; positional rows cover N = 0-8, keyword only N = 3)");
        StringBuilder names = new StringBuilder();
        for (ClassNewCosts c : costs) {
            names.append(names.length() == 0 ? "" : ", ").append(c.name());
        }
        b.footer(String.format(Locale.ROOT, "parameters: layout %s, %,d calls, allocation costs %s, call costs %s", layout.name(),
                calls, profile.name(), names));
        b.footer("predicted by Slotlab " + SlotlabCommand.version());
        return b.build();
    }

    /**
     * The human-readable table of {@code rows} (kind, N, YJIT, objects and GCs per version, ns per
     * call, speedup, the article's speedup) with the {@link #LEGEND} footer: the Markdown of
     * {@code predict class-new} and the workbench's Class#new scenario table; callers add their
     * own parameter footers.
     */
    public static Table.Builder readableTable(String title, List<ClassNewPrediction> rows) {
        Table.Builder b = Table.builder(title)
                .column(Column.text("kind"))
                .column(Column.number("N", 0))
                .column(Column.text("YJIT"))
                .column(Column.number("objects 3.4", 0))
                .column(Column.number("objects 3.5", 0))
                .column(Column.number("GCs 3.4", 0, true))
                .column(Column.number("GCs 3.5", 0, true))
                .column(Column.number("3.4 (ns)", 1))
                .column(Column.number("3.5 (ns)", 1))
                .column(Column.ratio("speedup", 2))
                .column(Column.text("published"));
        for (ClassNewPrediction p : rows) {
            b.row(p.kind().label(), p.params(), p.yjit(), p.objectsPerCall34(), p.objectsPerCall35(), p.gcCount34(), p.gcCount35(),
                    p.nsPerCall34(), p.nsPerCall35(), p.speedup(),
                    p.publishedSpeedup().isPresent() ? String.format(Locale.ROOT, "%.1fx", p.publishedSpeedup().getAsDouble()) : "");
        }
        b.footer(LEGEND);
        return b;
    }
}
