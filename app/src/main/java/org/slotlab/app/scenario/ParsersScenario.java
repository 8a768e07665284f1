package org.slotlab.app.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.slotlab.app.knob.Knob;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.knob.Types;
import org.slotlab.app.report.Version;
import org.slotlab.charts.CategoryBarsChart;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.charts.table.Column;
import org.slotlab.charts.table.Table;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.parsers.HeaderSet;
import org.slotlab.model.parsers.HeaderTable;
import org.slotlab.model.parsers.LtsvSet;
import org.slotlab.model.parsers.ValueRow;
import org.slotlab.model.parsers.ParserExperiments;
import org.slotlab.model.parsers.ParserModel;
import org.slotlab.model.parsers.ParserOutcome;
import org.slotlab.model.parsers.ParserSeries;
import org.slotlab.model.parsers.ParserWorkload;
import org.slotlab.model.parsers.Parsers;
import org.slotlab.model.reference.ReferenceTable;
import org.slotlab.model.reference.Source;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.string.SubseqPolicy;

/**
 * Parsers on real data (Feature #22186, https://bugs.ruby-lang.org/issues/22186: the thread's
 * Net::HTTPResponse#read_headers table): each header value is a str_subseq of the line (CRuby
 * string.c:3017-3053), embedded when short, otherwise sharing a frozen root made by
 * rb_str_new_frozen; the candidate's cutoff copies some of the shared ones instead. Two charts:
 * the values of each site stacked as embedded on master / copied by the candidate / still shared,
 * with http_headers.csv's per-site points; and the objects allocated per line by net-http, ltsv and
 * falcon on master and each candidate ({@link ParserSeries}). The sites chart shows the first
 * candidate; the command line's report also chooses parsers, LTSV sets, passes and its table.
 */
public final class ParsersScenario implements Scenario {

    public static final String ID = "parsers";
    public static final ChartSpec SITES = new ChartSpec("parser-sites", "Header values per site",
            "each site's header values: embedded on master, copied by the candidate, still shared with a frozen root");
    public static final ChartSpec PER_LINE = new ChartSpec("parser-objects", "Objects per line",
            "objects allocated per parsed line (header line or LTSV record), master vs the candidate");
    /** The header parser of the per-site chart: the thread's Net::HTTP. */
    static final String SITE_PARSER = "net-http";
    /** The cutoffs http_headers.csv has a copied_at_N column for, bytes. */
    static final List<Integer> PUBLISHED_CUTOFFS = List.of(128, 256);
    /**
     * Passes over the sample data: objects per line come from one pass's trace, so one pass is
     * enough (the CLI's 10,000 passes matter only for GC counts and time, not charted here).
     */
    static final long PASSES = 1;
    /** Passes of the command line's report: enough for GC counts and time per line. */
    static final long REPORT_PASSES = 10_000;

    public static final Knob<LayoutChoice> LAYOUT = Knobs.LAYOUT.withDefault(LayoutChoice.preset("ruby-4.1-dev"));
    public static final Knob<String> PROFILE = Knobs.COST_PROFILE;
    public static final Knob<String> HARNESS = Knobs.HARNESS;
    public static final Knob<List<String>> CANDIDATES = Knobs.CANDIDATES;
    public static final Knob<List<String>> PARSERS = Knob.of("parser", "parsers", Types.someOf("parser", Parsers.names(),
                    Parsers::byName), Parsers.names())
            .cliOnly().describe("parsers: net-http, ltsv, falcon");
    public static final Knob<Long> PASSES_KNOB = Knob.of("passes", "passes", Types.longs(1, 1_000_000_000L), REPORT_PASSES)
            .cliOnly().describe("passes over the sample data");
    public static final Knob<List<String>> LTSV = Knob.of("ltsv", "LTSV sets", Types.someOf("set",
                    LtsvSet.loadAll().stream().map(LtsvSet::name).toList(), x -> { }),
                    LtsvSet.loadAll().stream().map(LtsvSet::name).toList())
            .cliOnly().describe("LTSV sets of sample-data/ltsv/sets.csv the ltsv parser reads");
    public static final Knob<String> TABLE = Knob.of("table", "table", Types.oneOf("table", List.of("parsers", "sites",
                    "values")), "parsers")
            .cliOnly().describe("parsers (outcomes per parser and policy), sites (http_headers.csv's shape) or values "
                    + "(every header value); sites and values use the first header parser of --parser");

    /** Sample data of every parser, read once per process. */
    private static final class Holder {
        static final List<ParserWorkload> WORKLOADS = Parsers.names().stream().map(Parsers::byName)
                .map(ParserWorkload::withSampleData).toList();
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Parsers on real data (Feature #22186)";
    }

    @Override
    public Source source() {
        return Source.FEATURE_22186;
    }

    @Override
    public List<Knob<?>> knobs() {
        return List.of(LAYOUT, PROFILE, HARNESS, CANDIDATES, PARSERS, PASSES_KNOB, LTSV, TABLE);
    }

    @Override
    public String status(Settings s) {
        return Runs.layoutStatus(s);
    }

    static List<SubseqPolicy> candidates(Settings s) {
        return s.get(CANDIDATES).stream().map(SubseqPolicies::parse).toList();
    }

    @Override
    public String summary() {
        return "Header and LTSV values are str_subseq slices of a line: embedded, shared with a frozen root, or copied "
                + "by the cutoff. Published: read_headers per site.";
    }

    @Override
    public List<ChartSpec> charts() {
        return List.of(SITES, PER_LINE);
    }

    /** One row of http_headers.csv. */
    record PublishedSite(String site, int values, int embeddedOnMaster, int sharedOnMaster, Map<Integer, Integer> copiedAt) {
    }

    static List<PublishedSite> published() {
        List<PublishedSite> out = new ArrayList<>();
        for (Map<String, String> r : ReferenceTable.load("http_headers.csv").rows()) {
            Map<Integer, Integer> copied = new java.util.LinkedHashMap<>();
            for (int n : PUBLISHED_CUTOFFS) {
                ReferenceTable.number(r, "copied_at_" + n).ifPresent(v -> copied.put(n, v.intValue()));
            }
            out.add(new PublishedSite(r.get("site"), ReferenceTable.number(r, "values").orElseThrow().intValue(),
                    ReferenceTable.number(r, "embedded_on_master").orElseThrow().intValue(),
                    ReferenceTable.number(r, "shared_on_master").orElseThrow().intValue(), copied));
        }
        return out;
    }

    /** The site as the axis shows it: without the scheme. */
    static String label(String site) {
        return site.replaceFirst("^https?://", "");
    }

    @Override
    public ScenarioRun compute(ScenarioRequest request, SlotlabTheme theme, BooleanSupplier cancelled) {
        long t0 = System.nanoTime();
        Settings p = request.settings();
        RubyLayout layout = ModelInputs.layout(p);
        List<SubseqPolicy> cands = candidates(p);
        SubseqPolicy candidate = cands.get(0);
        ParserModel siteParser = Parsers.byName(SITE_PARSER);
        HeaderTable table = HeaderTable.compute(layout, siteParser, cands);
        Runs.check(cancelled);

        List<CategoryBarsChart.Bar> siteBars = new ArrayList<>();
        for (ParserSeries.SiteBar b : ParserSeries.siteBars(table, 0)) {
            String site = label(b.site());
            siteBars.add(new CategoryBarsChart.Bar("embedded on master", site, b.embeddedOnMasterValues()));
            siteBars.add(new CategoryBarsChart.Bar("copied by " + b.policy(), site, b.copiedValues()));
            siteBars.add(new CategoryBarsChart.Bar("still shared", site, b.sharedValues()));
        }
        Integer publishedCutoff = PUBLISHED_CUTOFFS.stream()
                .filter(n -> candidate.name().equals("cutoff:" + n)).findFirst().orElse(null);
        List<CategoryBarsChart.Bar> pubMarks = new ArrayList<>();
        PublishedSite total = null;
        for (PublishedSite s : published()) {
            if (s.site().equals("total")) {
                total = s;
                continue;
            }
            pubMarks.add(new CategoryBarsChart.Bar("thread: embedded on master", label(s.site()), s.embeddedOnMaster()));
            if (publishedCutoff != null) {
                pubMarks.add(new CategoryBarsChart.Bar("thread: + copied at " + publishedCutoff, label(s.site()),
                        s.embeddedOnMaster() + s.copiedAt().get(publishedCutoff)));
            }
            pubMarks.add(new CategoryBarsChart.Bar("thread: all values", label(s.site()), s.values()));
        }
        var modelTotal = table.total();
        String subtitle = String.format(Locale.ROOT, "%s on %s: %d values, %d embedded on master, %d copied by %s",
                SITE_PARSER, layout.name(), modelTotal.values(), modelTotal.embeddedOnMaster(), modelTotal.copied().get(0),
                candidate.name());
        if (total != null) {
            subtitle += String.format(Locale.ROOT, "; thread: %d values, %d embedded%s", total.values(),
                    total.embeddedOnMaster(), publishedCutoff == null ? ""
                            : ", " + total.copiedAt().get(publishedCutoff) + " copied at " + publishedCutoff);
        }
        var siteData = new CategoryBarsChart.Data("read_headers values per site", subtitle, "site", "header values",
                siteBars, pubMarks, true, "0");

        List<ParserOutcome> outcomes = ParserExperiments.run(layout, ModelInputs.profile(p), Holder.WORKLOADS,
                cands, PASSES, ModelInputs.harness(p, layout));
        Runs.check(cancelled);
        List<CategoryBarsChart.Bar> perLine = new ArrayList<>();
        for (ParserSeries.AllocationsPerLine a : ParserSeries.allocationsPerLine(outcomes)) {
            perLine.add(new CategoryBarsChart.Bar(a.policy(), a.parser(), a.objectsPerLine()));
        }
        var perLineData = new CategoryBarsChart.Data("Objects allocated per line",
                "master vs " + String.join(", ", p.get(CANDIDATES)) + " on " + layout.name()
                        + ", the shipped sample data (modelled)",
                "parser", "objects per line", perLine, List.of(), false, "0.00");

        List<String> lines = new ArrayList<>();
        lines.add(Runs.scenarioLine(ID, Source.FEATURE_22186));
        lines.add(Runs.layoutLine(layout));
        lines.addAll(ModelInputs.assumptions(p, layout));
        lines.add("candidates: " + String.join(", ", p.get(CANDIDATES)) + " vs master; sites chart: " + candidate.name());
        lines.add("parsers: " + String.join(", ", Parsers.names()) + " on the shipped sample data; sites: " + SITE_PARSER);
        lines.add("published: " + Source.FEATURE_22186.citation() + " (read_headers per site)");
        lines.add("version: " + Version.modelledBy());
        String headline = String.format(Locale.ROOT, "%s copies %d of %d shared header values", candidate.name(),
                modelTotal.copied().get(0), modelTotal.sharedOnMaster());
        return new ScenarioRun(request, List.of(
                Runs.chart(SITES, t -> CategoryBarsChart.create(siteData, t), theme),
                Runs.chart(PER_LINE, t -> CategoryBarsChart.create(perLineData, t), theme)),
                table(outcomes, lines), lines, headline, System.nanoTime() - t0);
    }

    private static Table table(List<ParserOutcome> outcomes, List<String> params) {
        Table.Builder b = Table.builder("Objects per parsed line")
                .column(Column.text("parser"))
                .column(Column.text("policy"))
                .column(Column.number("lines", 0))
                .column(Column.number("objects_per_line", 2))
                .column(Column.number("frozen_roots_per_line", 2))
                .column(Column.number("values_embedded", 0))
                .column(Column.number("values_shared", 0))
                .column(Column.number("values_copied", 0));
        List<ParserSeries.AllocationsPerLine> per = ParserSeries.allocationsPerLine(outcomes);
        for (int i = 0; i < outcomes.size(); i++) {
            ParserOutcome o = outcomes.get(i);
            b.row(o.parser(), o.policy(), o.lines(), o.objectsPerLine(), per.get(i).frozenRootsPerLine(),
                    o.valuesEmbedded(), o.valuesShared(), o.valuesCopiedVsMaster());
        }
        b.footer("objects per line: every object a parse allocates (strings, frozen roots, arrays), per header line "
                + "or LTSV record");
        params.forEach(b::footer);
        return b.build();
    }

    /**
     * What {@code slotlab predict parsers} prints: outcomes per parser and policy over
     * {@code --passes} passes, the per-site header table in http_headers.csv's shape, or every
     * header value.
     */
    @Override
    public List<Table> report(Settings s, boolean md) {
        CostProfile profile = ModelInputs.profile(s);
        RubyLayout layout = ModelInputs.layout(s);
        List<ParserModel> ps = s.get(PARSERS).stream().map(Parsers::byName).toList();
        List<SubseqPolicy> cands = candidates(s);
        long passes = s.get(PASSES_KNOB);
        return switch (s.get(TABLE)) {
            case "sites" -> List.of(ParsersReport.sitesTable(HeaderTable.compute(layout, headerParser(ps), cands), md, layout));
            case "values" -> {
                ParserModel p = headerParser(ps);
                List<ValueRow> rows = HeaderTable.values(layout, p, cands, HeaderSet.loadAll());
                yield List.of(ParsersReport.valuesTable(rows, s.get(CANDIDATES), md, layout, p.name()));
            }
            default -> {
                List<LtsvSet> sets = LtsvSet.loadAll().stream().filter(x -> s.get(LTSV).contains(x.name())).toList();
                List<ParserWorkload> ws = new ArrayList<>();
                for (ParserModel p : ps) {
                    ws.add(p.input() == ParserModel.InputKind.LTSV ? new ParserWorkload(p, List.of(), sets)
                            : ParserWorkload.withSampleData(p));
                }
                List<ParserOutcome> rows = ParserExperiments.run(layout, profile, ws, cands, passes, ModelInputs.harness(s, layout));
                yield List.of(md ? ParsersReport.parsersMarkdown(rows, layout, profile, passes, ModelInputs.assumptions(s, layout))
                        : ParsersReport.parsersCsv(rows));
            }
        };
    }

    private static ParserModel headerParser(List<ParserModel> ps) {
        return ps.stream().filter(x -> x.input() == ParserModel.InputKind.HTTP_HEADERS).findFirst()
                .orElseThrow(() -> new org.slotlab.app.knob.KnobException(PARSERS,
                        "the sites and values tables need a header parser (net-http or falcon)"));
    }
}
