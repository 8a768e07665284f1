package org.slotlab.app.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.data.category.CategoryDataset;
import org.junit.jupiter.api.Test;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.model.buffers.JsonUnescapeWorkload;
import org.slotlab.model.buffers.UnescapePolicy;
import org.slotlab.model.malloc.Allocators;

class JsonUnescapeScenarioTest {

    private static final ScenarioRun RUN = new JsonUnescapeScenario().compute(
            ScenarioRequest.of(new JsonUnescapeScenario().defaults()),
            SlotlabTheme.standard(), () -> false);

    private static JFreeChart chart(ChartSpec spec) {
        return RUN.chart(spec.id()).orElseThrow().chart();
    }

    @Test
    void retainedChart_barsAreTheModelsCapacity_nearThePublished() {
        CategoryDataset bars = chart(JsonUnescapeScenario.RETAINED).getCategoryPlot().getDataset(0);
        var rows = JsonUnescapeWorkload.predict(JsonUnescapeScenario.params());
        double setLen = rows.stream().filter(r -> r.policy().equals("set_len")).findFirst().orElseThrow().retainedCapacityMb();
        double resize = rows.stream().filter(r -> r.policy().equals("resize")).findFirst().orElseThrow().retainedCapacityMb();
        assertThat(bars.getValue("retained capacity (model)", "set_len").doubleValue()).isEqualTo(setLen);
        assertThat(bars.getValue("retained capacity (model)", "resize").doubleValue()).isEqualTo(resize);
        // the PR's document: 12.52 MB before, 7.76 MB after (json_unescape.csv), within 1%
        assertThat(setLen).isCloseTo(12.52, within(0.13));
        assertThat(resize).isCloseTo(7.76, within(0.08));
    }

    @Test
    void retainedChart_overlaysJsonUnescapeCsv() {
        CategoryDataset pub = chart(JsonUnescapeScenario.RETAINED).getCategoryPlot().getDataset(1);
        String who = pub.getRowKey(0).toString();
        assertThat(who).contains("ruby/json PR #1135");
        assertThat(pub.getValue(who, "set_len").doubleValue()).isEqualTo(12.52);
        assertThat(pub.getValue(who, "resize").doubleValue()).isEqualTo(7.76);
        assertThat(pub.getValue(who, "exact")).isNull();
    }

    @Test
    void tradeoffChart_netBenefitAndBreakEvenMarkers() {
        JFreeChart c = chart(JsonUnescapeScenario.TRADEOFF_CHART);
        var p = JsonUnescapeScenario.params();
        var model = JsonUnescapeWorkload.tradeoff(p, List.of(1.0));
        double resizeGlibc = model.stream().filter(t -> t.policy().equals("resize") && t.allocator().equals("glibc"))
                .findFirst().orElseThrow().netBenefitNs();
        assertThat(XyData.y(c, 0, "resize, glibc", 1.0) * 1e6).isCloseTo(resizeGlibc, within(1e-3));
        // the CLI's and the workbench's default now agree: glibc alone
        assertThat(XyData.names(c, 0)).containsExactly("resize, glibc", "exact, glibc");
        double be = JsonUnescapeWorkload.breakEvenSeconds(p, UnescapePolicy.EXACT, Allocators.byName("glibc"));
        assertThat(c.getXYPlot().getDomainMarkers(org.jfree.chart.ui.Layer.FOREGROUND)).anySatisfy(
                m -> assertThat(((ValueMarker) m).getValue()).isEqualTo(be));
        // exact copy loses at 1 ms and wins at 10 s: the break-even lies between
        assertThat(be).isBetween(1e-3, 10.0);
    }

    @Test
    void table_hasEveryPolicyAndAllocator() {
        assertThat(RUN.table().rows()).hasSize(3 * JsonUnescapeScenario.ALLOCATOR.defaultValue().size());
        assertThat(RUN.table().footer().get(0)).contains("12.52").contains("7.76");
    }
}
