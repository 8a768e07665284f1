package org.slotlab.app.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.slotlab.app.export.Exports;
import org.slotlab.app.knob.Settings;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.workload.Experiments;

/** The slot-size chart's GC markers and its exports say which trigger started the GCs of each slot size. */
class SlotSizeGcTriggersTest {

    @Test
    void gcMarkerTooltip_andExports_nameTheHeapThatRanDry() {
        Settings p = new SlotSizeScenario().defaults();
        ScenarioRun r = new SlotSizeScenario().compute(ScenarioRequest.of(p), SlotlabTheme.standard(), () -> false);
        RubyLayout l = ModelInputs.layout(p);
        var model = Experiments.slotSweep(l, ModelInputs.profile(p), p.get(SlotSizeScenario.ALLOCATIONS), ModelInputs.harness(p, l));
        int h640 = l.heapIndexForSize(640);
        var sim = model.get(h640).sim();
        assertThat(sim.gcsBySlots(h640)).isEqualTo(sim.gcCount());

        var plot = r.chart(SlotSizeScenario.SLOTS.id()).orElseThrow().chart().getCategoryPlot();
        var d = plot.getDataset(1);
        String tip = plot.getRenderer(1).getDefaultToolTipGenerator().generateToolTip(d, 0, d.getColumnIndex(640));
        assertThat(tip).endsWith("(all out of slots in the 640 B heap)");

        for (String text : List.of(Exports.forIssue(r), Exports.markdown(r))) {
            assertThat(text).contains("Why the GCs ran, per 10,000,000 allocations");
            assertThat(text.lines().filter(line -> line.matches("\\|\\s+640 \\|.*")))
                    .anySatisfy(line -> assertThat(line).contains(sim.gcTriggers(l)));
        }
    }
}
