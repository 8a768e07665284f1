package org.slotlab.app.scenario;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.slotlab.app.cli.SlotlabCommand;
import org.slotlab.charts.CategoryBarsChart;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.charts.table.Column;
import org.slotlab.charts.table.Table;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.parsers.HeaderTable;
import org.slotlab.model.parsers.ParserExperiments;
import org.slotlab.model.parsers.ParserModel;
import org.slotlab.model.parsers.ParserOutcome;
import org.slotlab.model.parsers.ParserSeries;
import org.slotlab.model.parsers.ParserWorkload;
import org.slotlab.model.parsers.Parsers;
import org.slotlab.model.reference.ReferenceTable;
import org.slotlab.model.string.SubseqPolicy;

/**
 * Scenario S3, parsers on real data (seed {@code 000_30e668f7bc580535.txt}, the #22186 thread's
 * Net::HTTPResponse#read_headers table): each header value is a str_subseq of the line (CRuby
 * string.c:3017-3053), embedded when short, otherwise sharing a frozen root made by
 * rb_str_new_frozen; the candidate's cutoff copies some of the shared ones instead. Two charts:
 * the values of each site stacked as embedded on master / copied by the candidate / still shared,
 * with http_headers.csv's per-site points; and the objects allocated per line by net-http, ltsv and
 * falcon on master and the candidate ({@link ParserSeries}). Reads the workbench's layout and
 * candidate (cutoff, frozen-source rule, always-embed, sharable middle).
 */
public final class ParsersScenario implements Scenario {

    public static final String ID = "parsers";
    public static final ChartSpec SITES = new ChartSpec("parser-sites", "Header values per site",
            "each site's header values: embedded on master, copied by the candidate, still shared with a frozen root");
    public static final ChartSpec PER_LINE = new ChartSpec("parser-objects", "Objects per line",
            "objects allocated per parsed line (header line or LTSV record), master vs the candidate");
    /** Seed 000, where http_headers.csv comes from. */
    static final String SEED = "000";
    /** The header parser of the per-site chart: the thread's Net::HTTP. */
    static final String SITE_PARSER = "net-http";
    /** The cutoffs http_headers.csv has a copied_at_N column for, bytes. */
    static final List<Integer> PUBLISHED_CUTOFFS = List.of(128, 256);
    /**
     * Passes over the sample data: objects per line come from one pass's trace, so one pass is
     * enough (the CLI's 10,000 passes matter only for GC counts and time, not charted here).
     */
    static final long PASSES = 1;

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
        return "Parsers on real data (#22186)";
    }

    @Override
    public String summary() {
        return "Header and LTSV values are str_subseq slices of a line: embedded, shared with a frozen root, or copied "
                + "by the cutoff. Seed 000: read_headers per site.";
    }

    @Override
    public Set<ParameterGroup> uses() {
        return EnumSet.of(ParameterGroup.CUTOFF, ParameterGroup.LAYOUT);
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
        Parameters p = request.parameters();
        RubyLayout layout = ModelInputs.layout(p);
        SubseqPolicy candidate = p.candidatePolicy();
        ParserModel siteParser = Parsers.byName(SITE_PARSER);
        HeaderTable table = HeaderTable.compute(layout, siteParser, List.of(candidate));
        StrBufMinScenario.check(cancelled);

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
                List.of(candidate), PASSES);
        StrBufMinScenario.check(cancelled);
        List<CategoryBarsChart.Bar> perLine = new ArrayList<>();
        for (ParserSeries.AllocationsPerLine a : ParserSeries.allocationsPerLine(outcomes)) {
            perLine.add(new CategoryBarsChart.Bar(a.policy(), a.parser(), a.objectsPerLine()));
        }
        var perLineData = new CategoryBarsChart.Data("Objects allocated per line",
                "master vs " + candidate.name() + " on " + layout.name() + ", the shipped sample data (modelled)",
                "parser", "objects per line", perLine, List.of(), false, "0.00");

        List<String> lines = new ArrayList<>();
        lines.add("scenario: " + ID + " (seed 000, #22186 read_headers)");
        lines.add("layout: " + layout.name() + " (slot sizes " + java.util.Arrays.toString(layout.slotSizes()) + " B)");
        lines.add("candidate: " + candidate.name() + " vs master");
        lines.add("parsers: " + String.join(", ", Parsers.names()) + " on the shipped sample data; sites: " + SITE_PARSER);
        lines.add("published: http_headers.csv (seed 000)");
        lines.add("version: Slotlab " + SlotlabCommand.version() + " (modelled, not measured)");
        String headline = String.format(Locale.ROOT, "%s copies %d of %d shared header values", candidate.name(),
                modelTotal.copied().get(0), modelTotal.sharedOnMaster());
        return new ScenarioRun(request, List.of(
                SubstringCutoffScenario.chart(SITES, t -> CategoryBarsChart.create(siteData, t), theme),
                SubstringCutoffScenario.chart(PER_LINE, t -> CategoryBarsChart.create(perLineData, t), theme)),
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
}
