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
        assertThat(org.slotlab.charts.Regions.labels(c)).singleElement().asString()
                .startsWith("keyword, YJIT off; keyword, YJIT on: extrapolated beyond N = 3");
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
    void layout_isRead() {
        Settings q = P.with(Knobs.LAYOUT, LayoutChoice.preset("ruby-3.1"));
        ScenarioRun r = new ClassNewScenario().compute(ScenarioRequest.of(q), SlotlabTheme.standard(), () -> false);
        assertThat(r.parameterLines()).anySatisfy(l -> assertThat(l).startsWith("layout: ruby-3.1"));
    }
}
