package org.slotlab.app.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.jfree.chart.JFreeChart;
import org.slotlab.app.knob.Settings;
import org.junit.jupiter.api.Test;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.model.classnew.ClassNewPrediction;
import org.slotlab.model.classnew.ParamKind;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.RubyLayout;

class ClassNewScenarioTest {

    private static final Settings P = new ClassNewScenario().defaults();
    private static final ScenarioRun RUN = new ClassNewScenario().compute(ScenarioRequest.of(P),
            SlotlabTheme.standard(), () -> false);

    private static JFreeChart chart(ChartSpec spec) {
        return RUN.chart(spec.id()).orElseThrow().chart();
    }

    @Test
    void speedupChart_oneLinePerKindAndYjit_withTheModelsSpeedups() {
        JFreeChart c = chart(ClassNewScenario.SPEEDUP);
        assertThat(XyData.names(c, 0)).containsExactlyInAnyOrder("positional, YJIT off", "keyword, YJIT off",
                "positional, YJIT on", "keyword, YJIT on");
        for (ClassNewPrediction r : ClassNewScenario.predict(ModelInputs.layout(P), CostProfile.defaultProfile())) {
            assertThat(XyData.y(c, 0, r.kind().label() + ", YJIT " + r.yjit(), r.params())).isEqualTo(r.speedup());
        }
    }

    @Test
    void speedupChart_overlaysClassNewCsv() {
        JFreeChart c = chart(ClassNewScenario.SPEEDUP);
        // class_new.csv: positional 0-8 1.8x / 2.3x, keyword N=3 3.0x / 6.5x
        assertThat(XyData.y(c, 1, "article: positional, YJIT off", 5)).isEqualTo(1.8);
        assertThat(XyData.y(c, 1, "article: positional, YJIT on", 0)).isEqualTo(2.3);
        assertThat(XyData.y(c, 1, "article: keyword, YJIT off", 3)).isEqualTo(3.0);
        assertThat(XyData.y(c, 1, "article: keyword, YJIT on", 3)).isEqualTo(6.5);
        assertThat(XyData.y(c, 1, "article: keyword, YJIT on", 2)).isNaN();
    }

    @Test
    void speedupChart_marksTheKeywordLinesBeyondN3AsExtrapolated_andHoldsOne() {
        JFreeChart c = chart(ClassNewScenario.SPEEDUP);
        // the article measured keywords at N = 3 only; positional rows cover 0-8, so only keyword lines get a band
        String band = "the keyword (YJIT off and on) lines beyond N = 3 are extrapolated (Fast Allocations in Ruby 3.5 measured "
                + "them at N = 3 only)";
        assertThat(org.slotlab.charts.Regions.labels(c)).containsExactly(band);
        // the band carries one word; its sentence is written under the chart, where it covers no line
        assertThat(org.slotlab.charts.ChartNotes.all(c)).contains("Shaded: " + band);
        assertThat(org.slotlab.charts.Axes.isRatio(c)).isTrue();
    }

    @Test
    void objectsChart_keywordHashOn34Only() {
        JFreeChart c = chart(ClassNewScenario.OBJECTS);
        for (ClassNewPrediction r : ClassNewScenario.predict(ModelInputs.layout(P), CostProfile.defaultProfile())) {
            if (r.yjit().equals("off")) {
                assertThat(XyData.y(c, 0, r.kind().label() + ", 3.4 Class#new", r.params())).isEqualTo(r.objectsPerCall34());
                assertThat(XyData.y(c, 0, r.kind().label() + ", 3.5 opt_new", r.params())).isEqualTo(r.objectsPerCall35());
            }
        }
        assertThat(XyData.y(c, 0, ParamKind.KEYWORD.label() + ", 3.4 Class#new", 1)).isEqualTo(2);
        // class_new.csv: Foo.new(a: 1) allocates 2 objects on 3.4 and 1 on 3.5
        assertThat(XyData.names(c, 1)).anySatisfy(n -> assertThat(n).contains("keyword, 3.4"));
        String kw34 = XyData.names(c, 1).stream().filter(n -> n.contains("keyword, 3.4")).findFirst().orElseThrow();
        assertThat(XyData.y(c, 1, kw34, 1)).isEqualTo(2);
    }

    @Test
    void keywordHash_onRuby34_theObjectsChartAndTheExportsSayWhyTheGcCountStaysTheSame() {
        ClassNewPrediction kw3 = ClassNewScenario.predict(ModelInputs.layout(P), CostProfile.defaultProfile(), P).stream()
                .filter(r -> r.kind() == ParamKind.KEYWORD && r.params() == 3 && r.yjit().equals("off")).findFirst().orElseThrow();
        RubyLayout l34 = RubyLayout.ruby34();
        int h40 = l34.heapIndexForSize(40);
        int h160 = l34.heapIndexForSize(160);
        // what the model computed: one 40 B and one 160 B slot per call on 3.4, only the 40 B heap ran dry, on both
        assertThat(kw3.sim34().allocations()[h40]).isEqualTo(kw3.sim34().ops());
        assertThat(kw3.sim34().allocations()[h160]).isEqualTo(kw3.sim34().ops());
        assertThat(kw3.sim34().gcsBySlots(h40)).isEqualTo(kw3.gcCount34());
        assertThat(kw3.sim34().gcsBySlots(h160)).isZero();
        assertThat(kw3.gcCount34()).isEqualTo(kw3.gcCount35());

        String note = org.slotlab.charts.ChartNotes.get(chart(ClassNewScenario.OBJECTS), Runs.WHY_NOTE).orElseThrow();
        String gcs = String.format(java.util.Locale.ROOT, "%,d (all out of slots in the 40 B heap)", kw3.gcCount34());
        assertThat(note).startsWith("Keyword N = 3 on ruby-3.4: each call takes a 40 B slot (the instance) and a 160 B slot "
                        + "(the keyword Hash) on 3.4, a 40 B slot (the instance) on 3.5.")
                .contains("GCs on 3.4: " + gcs + "; on 3.5: " + gcs)
                .contains("Twice the objects, the same GCs: the 160 B heap the Hash lands in never ran dry")
                .contains(String.format(java.util.Locale.ROOT, "its %,d slots in %d pages", (long) kw3.sim34().peakPages()[h160]
                        * l34.slotsPerPage(h160), kw3.sim34().peakPages()[h160]));
        assertThat(RUN.notes()).contains(note);
        assertThat(org.slotlab.app.export.Exports.markdown(RUN)).contains("- " + note);
        assertThat(org.slotlab.app.export.Exports.forIssue(RUN)).contains("- " + note);
    }

    @Test
    void keywordHash_onRuby31_sharesTheInstancesHeap_andTheNoteSaysItRunsDryTwiceAsOften() {
        Settings q = P.with(Knobs.LAYOUT, LayoutChoice.preset("ruby-3.1"));
        ScenarioRun r = new ClassNewScenario().compute(ScenarioRequest.of(q), SlotlabTheme.standard(), () -> false);
        ClassNewPrediction kw3 = ClassNewScenario.predict(ModelInputs.layout(q), CostProfile.defaultProfile(), q).stream()
                .filter(x -> x.kind() == ParamKind.KEYWORD && x.params() == 3).findFirst().orElseThrow();

        String note = org.slotlab.charts.ChartNotes.get(r.chart(ClassNewScenario.OBJECTS.id()).orElseThrow().chart(), Runs.WHY_NOTE)
                .orElseThrow();

        assertThat(kw3.gcCount34()).isGreaterThan(kw3.gcCount35());
        assertThat(note).contains("two 40 B slots (the instance and the keyword Hash) on 3.4")
                .contains(String.format(java.util.Locale.ROOT, "both take 40 B slots, so that heap runs dry %.1fx as often",
                        (double) kw3.gcCount34() / kw3.gcCount35()))
                .doesNotContain("never ran dry");
    }

    @Test
    void positionalOnly_noKeywordHash_noNote() {
        Settings q = P.with(ClassNewScenario.KINDS, java.util.List.of("positional"));
        ScenarioRun r = new ClassNewScenario().compute(ScenarioRequest.of(q), SlotlabTheme.standard(), () -> false);

        assertThat(org.slotlab.charts.ChartNotes.get(r.chart(ClassNewScenario.OBJECTS.id()).orElseThrow().chart(), Runs.WHY_NOTE))
                .isEmpty();
        assertThat(r.notes()).isEmpty();
    }

    @Test
    void layout_isRead() {
        Settings q = P.with(Knobs.LAYOUT, LayoutChoice.preset("ruby-3.1"));
        ScenarioRun r = new ClassNewScenario().compute(ScenarioRequest.of(q), SlotlabTheme.standard(), () -> false);
        assertThat(r.parameterLines()).anySatisfy(l -> assertThat(l).startsWith("layout: ruby-3.1"));
    }
}
