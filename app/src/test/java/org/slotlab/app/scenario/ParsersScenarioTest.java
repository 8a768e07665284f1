package org.slotlab.app.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.jfree.data.category.CategoryDataset;
import org.slotlab.app.knob.Settings;
import org.junit.jupiter.api.Test;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.parsers.HeaderTable;
import org.slotlab.model.parsers.ParserSeries;
import org.slotlab.model.parsers.Parsers;
import org.slotlab.model.string.SubseqPolicies;

class ParsersScenarioTest {

    private static ScenarioRun run(Settings p) {
        return new ParsersScenario().compute(ScenarioRequest.of(p), SlotlabTheme.standard(), () -> false);
    }

    private static CategoryDataset data(ScenarioRun r, ChartSpec spec, int d) {
        return r.chart(spec.id()).orElseThrow().chart().getCategoryPlot().getDataset(d);
    }

    @Test
    void sitesChart_stacksTheModelsValuesAtTheCutoff() {
        Settings p = new ParsersScenario().defaults().with(ParsersScenario.CANDIDATES, List.of("cutoff:256"));
        ScenarioRun r = run(p);
        HeaderTable t = HeaderTable.compute(ModelInputs.layout(p), Parsers.byName("net-http"),
                List.of(SubseqPolicies.cutoff(256)));
        CategoryDataset d = data(r, ParsersScenario.SITES, 0);
        for (ParserSeries.SiteBar b : ParserSeries.siteBars(t, 0)) {
            String site = ParsersScenario.label(b.site());
            assertThat(d.getValue("embedded on master", site).intValue()).isEqualTo(b.embeddedOnMasterValues());
            assertThat(d.getValue("copied by cutoff:256", site).intValue()).isEqualTo(b.copiedValues());
            assertThat(d.getValue("still shared", site).intValue()).isEqualTo(b.sharedValues());
        }
    }

    @Test
    void sitesChart_overlaysHttpHeadersCsv_copiedColumnOfTheCutoff() {
        ScenarioRun r = run(new ParsersScenario().defaults().with(ParsersScenario.CANDIDATES, List.of("cutoff:128")));
        CategoryDataset pub = data(r, ParsersScenario.SITES, 1);
        // github.com: 6 embedded on master, 7 more copied at 128, 18 values (http_headers.csv)
        assertThat(pub.getValue("thread: embedded on master", "github.com").intValue()).isEqualTo(6);
        assertThat(pub.getValue("thread: + copied at 128", "github.com").intValue()).isEqualTo(13);
        assertThat(pub.getValue("thread: all values", "github.com").intValue()).isEqualTo(18);
        String subtitle = ((org.jfree.chart.title.TextTitle) r.chart(ParsersScenario.SITES.id()).orElseThrow().chart()
                .getSubtitle(0)).getText();
        assertThat(subtitle).contains("thread: 109 values, 44 embedded, 44 copied at 128");
    }

    @Test
    void sitesChart_otherCutoff_hasNoCopiedOverlay() {
        ScenarioRun r = run(new ParsersScenario().defaults().with(ParsersScenario.CANDIDATES, List.of("cutoff:200")));
        CategoryDataset pub = data(r, ParsersScenario.SITES, 1);
        assertThat(pub.getRowKeys()).map(Object::toString).containsExactly("thread: embedded on master",
                "thread: all values");
    }

    @Test
    void objectsChart_masterAndCandidatePerParser() {
        ScenarioRun r = run(new ParsersScenario().defaults().with(ParsersScenario.CANDIDATES, List.of("cutoff:256")));
        CategoryDataset d = data(r, ParsersScenario.PER_LINE, 0);
        assertThat(d.getColumnKeys()).map(Object::toString).containsExactlyElementsOf(Parsers.names());
        assertThat(d.getRowKeys()).map(Object::toString).containsExactly("master", "cutoff:256");
        // copying a value instead of sharing it saves the frozen root: never more objects than master
        for (String parser : Parsers.names()) {
            assertThat(d.getValue("cutoff:256", parser).doubleValue()).isLessThanOrEqualTo(
                    d.getValue("master", parser).doubleValue());
        }
        var model = org.slotlab.model.parsers.ParserExperiments.run(RubyLayout.byName("ruby-4.1-dev"),
                org.slotlab.model.cost.CostProfile.defaultProfile(),
                List.of(org.slotlab.model.parsers.ParserWorkload.withSampleData(Parsers.byName("ltsv"))),
                List.of(SubseqPolicies.cutoff(256)), 1);
        for (var o : model) {
            assertThat(d.getValue(o.policy(), "ltsv").doubleValue()).isEqualTo(o.objectsPerLine());
        }
    }
}
