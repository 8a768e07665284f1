package org.slotlab.app.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.app.knob.Settings;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.charts.table.Table;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.ruby.RubyPreset;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.trace.SubstringTrace;
import org.slotlab.model.trace.TraceWhatIf;
import org.slotlab.model.trace.TraceWorkload;

class YourProgramScenarioTest {

    private static final YourProgramScenario SC = new YourProgramScenario();

    @TempDir
    Path dir;

    private static ScenarioRun run(Settings s, Pin... pins) {
        return SC.compute(new ScenarioRequest(s, List.of(pins), ScenarioRequest.POLICY_BASELINE), SlotlabTheme.standard(), () -> false);
    }

    private static Settings with(String knob, String text) {
        return SC.defaults().withText(knob, text);
    }

    private static JFreeChart chart(ScenarioRun r, ChartSpec spec) {
        return r.chart(spec.id()).orElseThrow().chart();
    }

    /** Sum of one named series of an XY histogram. */
    private static double seriesSum(JFreeChart c, String name) {
        XYDataset d = ((XYPlot) c.getPlot()).getDataset();
        for (int s = 0; s < d.getSeriesCount(); s++) {
            if (d.getSeriesKey(s).toString().equals(name)) {
                double sum = 0;
                for (int i = 0; i < d.getItemCount(s); i++) {
                    sum += d.getYValue(s, i);
                }
                return sum;
            }
        }
        return 0;
    }

    private static double allSeriesSum(JFreeChart c) {
        XYDataset d = ((XYPlot) c.getPlot()).getDataset();
        double sum = 0;
        for (int s = 0; s < d.getSeriesCount(); s++) {
            for (int i = 0; i < d.getItemCount(s); i++) {
                sum += d.getYValue(s, i);
            }
        }
        return sum;
    }

    private static List<Object> totalRow(Table t, String candidate) {
        return t.rows().stream().filter(r -> r.get(0).equals(candidate) && r.get(1).equals("(all)")).findFirst().orElseThrow();
    }

    @Test
    void defaults_readTheShippedFluentdTrace_onItsOwnRubysLayout() {
        // when
        Settings s = SC.defaults();
        // then: the shipped 3.4.5 trace, read as ruby-3.4
        assertThat(s.get(YourProgramScenario.TRACE)).isEqualTo(ProgramTraces.DEFAULT);
        assertThat(ModelInputs.layout(s).name()).isEqualTo("ruby-3.4");
        assertThat(ModelInputs.layout(with("trace", "fluentd_ltsv-ruby-3.1.2")).name()).isEqualTo("ruby-3.1");
        // a preset overrides it: a 3.1 trace asked about 3.4
        assertThat(ModelInputs.layout(with("trace", "fluentd_ltsv-ruby-3.1.2").withText("layout", "ruby-3.4")).name())
                .isEqualTo("ruby-3.4");
    }

    @Test
    void everyShippedTrace_isInTheBuild_andTheListNamesThemAll() throws Exception {
        for (String name : ProgramTraces.SHIPPED) {
            assertThat(ProgramTraces.load(name).substrings()).as(name).isPositive();
        }
        try (var files = Files.list(Path.of("..", "sample-data", "trace", "traces"))) {
            List<String> onDisk = files.map(p -> p.getFileName().toString().replaceAll("\\.trace\\.json(\\.gz)?$", "")).sorted().toList();
            assertThat(onDisk).containsExactlyInAnyOrderElementsOf(ProgramTraces.SHIPPED);
        }
    }

    @Test
    void table_totalsAreTheWhatIfsOfTheTrace() {
        // given
        SubstringTrace t = ProgramTraces.load(ProgramTraces.DEFAULT);
        RubyLayout l = RubyPreset.byName("ruby-3.4").layout();
        TraceWhatIf.Group expected = TraceWhatIf.total(TraceWhatIf.outcomes(t, l, SubseqPolicies.parse("cutoff:128")), "(all)");
        // when
        ScenarioRun r = run(SC.defaults());
        // then
        List<Object> total = totalRow(r.table(), "cutoff:128");
        assertThat(total.get(2)).isEqualTo(Math.round(expected.substrings()));
        assertThat(total.get(3)).isEqualTo(Math.round(expected.sharedOnMaster()));
        assertThat(total.get(4)).isEqualTo(Math.round(expected.embeddedByCandidate()));
        assertThat(expected.embeddedByCandidate()).isPositive();
        // per site, the rows add up to the total
        long sum = r.table().rows().stream().filter(row -> row.get(0).equals("cutoff:128") && !row.get(1).equals("(all)"))
                .mapToLong(row -> (Long) row.get(2)).sum();
        assertThat(sum).isEqualTo(Math.round(expected.substrings()));
    }

    @Test
    void lengthsChart_drawsEverySubstringOnceOrCountsItOffTheAxis() {
        // given
        ScenarioRun r = run(SC.defaults());
        SubstringTrace t = ProgramTraces.load(ProgramTraces.DEFAULT);
        // when
        JFreeChart lengths = chart(r, YourProgramScenario.LENGTHS);
        JFreeChart sources = chart(r, YourProgramScenario.SOURCES);
        // then: the two histograms draw the same substrings, and with those past the axis make the whole trace
        assertThat(allSeriesSum(lengths)).isEqualTo(allSeriesSum(sources), org.assertj.core.data.Offset.offset(0.5));
        YourProgramScenario.Histograms h = YourProgramScenario.histograms(t, RubyPreset.byName("ruby-3.4").layout(),
                TraceWhatIf.outcomes(t, RubyPreset.byName("ruby-3.4").layout(), SubseqPolicies.parse("cutoff:128")), 103);
        assertThat(allSeriesSum(lengths) + h.beyond).isEqualTo(t.substrings(), org.assertj.core.data.Offset.offset(0.5));
    }

    @Test
    void movingTheCutoff_movesSubstringsFromSharedToEmbedded_andTheMarkerWithIt() {
        // when
        ScenarioRun low = run(with("candidate", "cutoff:48"));
        ScenarioRun high = run(with("candidate", "cutoff:128"));
        // then: 48 embeds up to 23 B, 128 up to 103 B (24 + len + 1 <= cutoff)
        JFreeChart a = chart(low, YourProgramScenario.LENGTHS);
        JFreeChart b = chart(high, YourProgramScenario.LENGTHS);
        assertThat(marker(a)).isEqualTo(23.5);
        assertThat(marker(b)).isEqualTo(103.5);
        double movedLow = seriesSum(a, YourProgramScenario.MOVED);
        double movedHigh = seriesSum(b, YourProgramScenario.MOVED);
        assertThat(movedHigh).isGreaterThan(movedLow);
        // what 128 embeds beyond 48 came out of "shared under both", drawn on the same axis
        assertThat(seriesSum(a, YourProgramScenario.SHARED_BOTH) - seriesSum(b, YourProgramScenario.SHARED_BOTH))
                .isCloseTo(movedHigh - movedLow, org.assertj.core.data.Offset.offset(0.5));
    }

    private static double marker(JFreeChart c) {
        var markers = ((XYPlot) c.getPlot()).getDomainMarkers(org.jfree.chart.ui.Layer.FOREGROUND);
        return ((ValueMarker) markers.iterator().next()).getValue();
    }

    @Test
    void workloadCharts_areTheTraceWorkloadsPrediction_withPinsBeside() {
        // given
        SubstringTrace t = ProgramTraces.load(ProgramTraces.DEFAULT);
        RubyLayout l = RubyPreset.byName("ruby-3.4").layout();
        List<TraceWorkload.Prediction> p = new TraceWorkload(t, l).predict(CostProfile.defaultProfile(),
                List.of(SubseqPolicies.parse("cutoff:128"), SubseqPolicies.parse("cutoff:256")), null);
        // when
        ScenarioRun r = run(SC.defaults(), new Pin("wide", with("candidate", "cutoff:256")));
        // then
        CategoryPlot gcs = (CategoryPlot) chart(r, YourProgramScenario.GCS).getPlot();
        assertThat(gcs.getDataset().getValue("modelled", "master").longValue()).isEqualTo(p.get(0).gcCount());
        assertThat(gcs.getDataset().getValue("modelled", "cutoff:128").longValue()).isEqualTo(p.get(1).gcCount());
        assertThat(gcs.getDataset().getValue("modelled", "pin wide: cutoff:256").longValue()).isEqualTo(p.get(2).gcCount());
        CategoryPlot speed = (CategoryPlot) chart(r, YourProgramScenario.SPEED).getPlot();
        assertThat(speed.getDataset().getValue("modelled", "cutoff:128").doubleValue())
                .isEqualTo(p.get(0).seconds() / p.get(1).seconds());
        assertThat(r.moreTables()).singleElement().satisfies(w -> assertThat(w.rows()).hasSize(3));
        assertThat(r.headline()).startsWith("cutoff:128 embeds ");
    }

    @Test
    void aPinOfAnotherTrace_isNotDrawn_andSaysWhy() {
        // when
        ScenarioRun r = run(SC.defaults(), new Pin("json", with("trace", "json_parse-ruby-3.4.5")));
        // then
        assertThat(r.notes()).singleElement().asString().startsWith("pin json was made with another trace (json_parse-ruby-3.4.5)");
        CategoryPlot gcs = (CategoryPlot) chart(r, YourProgramScenario.GCS).getPlot();
        assertThat(gcs.getDataset().getColumnKeys()).containsExactly("master", "cutoff:128");
    }

    @Test
    void aTraceOf312_onItsOwnLayout_changesNothing() {
        // 3.1 has one 40 B heap: nothing over 23 B embeds, so no cutoff moves a substring
        ScenarioRun r = run(with("trace", "fluentd_ltsv-ruby-3.1.2"));
        assertThat(totalRow(r.table(), "cutoff:128").get(4)).isEqualTo(0L);
        assertThat(seriesSum(chart(r, YourProgramScenario.LENGTHS), YourProgramScenario.MOVED)).isZero();
    }

    @Test
    void byLength_listsLengthsInOrder() {
        Table t = run(with("by", "length")).table();
        List<Long> lens = t.rows().stream().filter(row -> row.get(0).equals("cutoff:128") && row.get(1) instanceof Long)
                .map(row -> (Long) row.get(1)).toList();
        assertThat(lens).isSorted().isNotEmpty();
    }

    @Test
    void aFileThatIsNotATrace_isRefusedWithItsName() throws Exception {
        Path bad = dir.resolve("notes.json");
        Files.writeString(bad, "{\"format\":\"something else\"}");
        assertThatThrownBy(() -> with("trace", bad.toString()))
                .hasMessageContaining("notes.json").hasMessageContaining("not a Slotlab trace");
        assertThatThrownBy(() -> with("trace", dir.resolve("missing.json").toString())).hasMessageContaining("missing.json");
    }

    @Test
    void aTraceFileOfTheUsers_isRead_andNamedByItsFileInTheStatus() throws Exception {
        // given: a shipped trace copied to a file of the user's
        Path mine = dir.resolve("mine.trace.json");
        try (var in = getClass().getResourceAsStream(ProgramTraces.resource("net_http_headers-ruby-3.4.5"))) {
            Files.copy(in, mine);
        }
        // when
        Settings s = with("trace", mine.toString());
        // then
        assertThat(SC.status(s)).startsWith("trace mine.trace.json");
        assertThat(totalRow(run(s).table(), "cutoff:128").get(2))
                .isEqualTo(totalRow(run(with("trace", "net_http_headers-ruby-3.4.5")).table(), "cutoff:128").get(2));
    }

    @Test
    void shortSiteNames_dropTheDirectory_unlessTwoFilesShareAName() {
        SubstringTrace t = ProgramTraces.load(ProgramTraces.DEFAULT);
        Map<String, String> names = YourProgramScenario.shortSiteNames(t);
        assertThat(names.values()).allMatch(n -> n.startsWith("fluentd_ltsv.rb:"));
    }
}
