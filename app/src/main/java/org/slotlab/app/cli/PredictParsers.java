package org.slotlab.app.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.slotlab.charts.table.CsvWriter;
import org.slotlab.charts.table.MarkdownWriter;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.parsers.HeaderSet;
import org.slotlab.model.parsers.HeaderTable;
import org.slotlab.model.parsers.ValueRow;
import org.slotlab.model.parsers.LtsvSet;
import org.slotlab.model.parsers.ParserExperiments;
import org.slotlab.model.parsers.ParserModel;
import org.slotlab.model.parsers.ParserOutcome;
import org.slotlab.model.parsers.ParserWorkload;
import org.slotlab.model.parsers.Parsers;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.string.SubseqPolicy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code slotlab predict parsers}: Net::HTTP, fluentd LTSV and Falcon on the sample data, master vs candidates (seed 000). */
@Command(name = "parsers", mixinStandardHelpOptions = true,
        description = "Parsers on real data: objects per line and value, GCs, speed; or the per-site header table (seed 000).")
public final class PredictParsers implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    ModelOptions model = new ModelOptions();

    @Option(names = "--parser", defaultValue = "net-http,ltsv,falcon", description = "parsers: net-http, ltsv, falcon")
    String parsers;

    @Option(names = "--candidate", defaultValue = "cutoff:128,cutoff:256",
            description = "candidate policies compared with master: cutoff:N, always-embed, frozen-rule:N[:M], +middle")
    String candidates;

    @Option(names = "--passes", defaultValue = "10000", description = "passes over the sample data (default 10000)")
    long passes;

    @Option(names = "--ltsv", defaultValue = "access,ruby-bench-fluentd",
            description = "LTSV sets of sample-data/ltsv/sets.csv the ltsv parser reads (default: all)")
    String ltsvSets;

    @Option(names = "--table", defaultValue = "parsers",
            description = "parsers (outcomes per parser and policy), sites (http_headers.csv's shape) or values (every header "
                    + "value); sites and values use the first header parser of --parser")
    String table;

    @Override
    public Integer call() {
        CostProfile profile = model.profile();
        RubyLayout layout = model.layout(profile);
        List<ParserModel> ps = Parsers.parseList("--parser", parsers);
        List<SubseqPolicy> cands = policies("--candidate", candidates);
        if (passes < 1) {
            throw new IllegalArgumentException("--passes: must be >= 1, got " + passes);
        }
        boolean md = model.markdown();
        PrintWriter out = spec.commandLine().getOut();
        switch (table) {
            case "parsers" -> {
                List<ParserWorkload> ws = new ArrayList<>();
                List<LtsvSet> sets = ltsvSets(ltsvSets);
                for (ParserModel p : ps) {
                    ParserWorkload w = ParserWorkload.withSampleData(p);
                    ws.add(p.input() == ParserModel.InputKind.LTSV ? new ParserWorkload(p, List.of(), sets) : w);
                }
                List<ParserOutcome> rows = ParserExperiments.run(layout, profile, ws, cands, passes);
                out.print(md ? MarkdownWriter.write(ParsersReport.parsersMarkdown(rows, layout, profile, passes))
                        : CsvWriter.write(ParsersReport.parsersCsv(rows)));
            }
            case "sites" -> {
                ParserModel p = headerParser(ps, "sites");
                HeaderTable t = HeaderTable.compute(layout, p, cands);
                out.print(md ? MarkdownWriter.write(ParsersReport.sitesTable(t, true, layout))
                        : CsvWriter.write(ParsersReport.sitesTable(t, false, layout)));
            }
            case "values" -> {
                ParserModel p = headerParser(ps, "values");
                List<ValueRow> rows = HeaderTable.values(layout, p, cands, HeaderSet.loadAll());
                List<String> names = cands.stream().map(SubseqPolicy::name).toList();
                out.print(md ? MarkdownWriter.write(ParsersReport.valuesTable(rows, names, true, layout, p.name()))
                        : CsvWriter.write(ParsersReport.valuesTable(rows, names, false, layout, p.name())));
            }
            default -> throw new IllegalArgumentException("--table: '" + table + "' is not parsers, sites or values");
        }
        out.flush();
        return 0;
    }

    private static ParserModel headerParser(List<ParserModel> ps, String table) {
        return ps.stream().filter(x -> x.input() == ParserModel.InputKind.HTTP_HEADERS).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("--table " + table
                        + ": needs a header parser in --parser (net-http or falcon)"));
    }

    static List<LtsvSet> ltsvSets(String text) {
        List<LtsvSet> all = LtsvSet.loadAll();
        List<LtsvSet> out = new ArrayList<>();
        for (String s : text.split(",")) {
            if (s.isBlank()) {
                continue;
            }
            out.add(all.stream().filter(x -> x.name().equals(s.trim())).findFirst().orElseThrow(() -> new IllegalArgumentException(
                    "--ltsv: unknown set '" + s.trim() + "' (known: " + String.join(", ", all.stream().map(LtsvSet::name).toList()) + ")")));
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("--ltsv: needs at least one set");
        }
        return out;
    }

    static List<SubseqPolicy> policies(String option, String text) {
        List<SubseqPolicy> out = new ArrayList<>();
        for (String s : text.split(",")) {
            if (s.isBlank()) {
                continue;
            }
            try {
                out.add(SubseqPolicies.parse(s));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(option + ": " + e.getMessage());
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException(option + ": needs at least one policy");
        }
        return out;
    }
}
