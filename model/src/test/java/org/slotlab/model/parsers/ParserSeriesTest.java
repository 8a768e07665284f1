package org.slotlab.model.parsers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.slotlab.model.classnew.ClassNewCosts;
import org.slotlab.model.classnew.ClassNewModel;
import org.slotlab.model.classnew.ClassNewSeries;
import org.slotlab.model.classnew.ParamKind;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SubseqPolicies;

/** The chart-ready series add up to the tables they come from. */
class ParserSeriesTest {

    @Test
    void siteBars_stackToTheSitesValues() {
        HeaderTable t = HeaderTable.compute(RubyLayout.ruby34(), Parsers.byName("net-http"),
                List.of(SubseqPolicies.cutoff(128), SubseqPolicies.cutoff(256)));
        List<ParserSeries.SiteBar> bars = ParserSeries.siteBars(t, 1);
        assertThat(bars).hasSize(t.rows().size());
        for (int i = 0; i < bars.size(); i++) {
            ParserSeries.SiteBar b = bars.get(i);
            assertThat(b.policy()).isEqualTo("cutoff:256");
            assertThat(b.embeddedOnMasterValues() + b.copiedValues() + b.sharedValues()).isEqualTo(t.rows().get(i).values());
        }
    }

    @Test
    void speedupSeries_onePerKindAndYjit_publishedPointsKept() {
        var preds = new java.util.ArrayList<org.slotlab.model.classnew.ClassNewPrediction>();
        for (String jit : List.of("off", "on")) {
            preds.addAll(ClassNewModel.sweep(RubyLayout.ruby34(), CostProfile.defaultProfile(), ClassNewCosts.forJit(jit),
                    List.of(ParamKind.values()), List.of(3, 0, 1, 2), 1_000_000));
        }
        List<ClassNewSeries.Series> series = ClassNewSeries.speedupVsParams(preds);
        assertThat(series).extracting(ClassNewSeries.Series::name)
                .containsExactly("positional, YJIT off", "keyword, YJIT off", "positional, YJIT on", "keyword, YJIT on");
        assertThat(series.get(1).params()).containsExactly(0, 1, 2, 3);
        assertThat(series.get(3).published().get(3)).isEqualTo(6.5);
        assertThat(series.get(3).published().get(1)).isNaN();
    }
}
