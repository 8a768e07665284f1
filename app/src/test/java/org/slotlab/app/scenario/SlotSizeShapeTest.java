package org.slotlab.app.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.slotlab.app.export.Exports;
import org.slotlab.app.knob.Settings;
import org.slotlab.charts.SlotSizeChart;
import org.slotlab.charts.SlotlabTheme;

/**
 * The slot-size scenario's loop shape in the workbench's run: byroot's shape keeps the published
 * points; another shape leaves them off with a note that says why; pins of another shape are drawn
 * and named by it; on 3.1, whose instances of classes of more than 3 ivars carry an ivar array, the x
 * axis is the object's memsize_of, slot and array.
 */
class SlotSizeShapeTest {

    private static ScenarioRun run(Settings s, List<Pin> pins) {
        return new SlotSizeScenario().compute(new ScenarioRequest(s, pins, ScenarioRequest.POLICY_BASELINE), SlotlabTheme.standard(),
                () -> false);
    }

    private static Settings with(String... kv) {
        Settings s = new SlotSizeScenario().defaults();
        for (int i = 0; i < kv.length; i += 2) {
            s = s.withText(kv[i], kv[i + 1]);
        }
        return s;
    }

    @Test
    void byrootsShape_keepsThePublishedPoints() {
        ScenarioRun r = run(with(), List.of());
        assertThat(Datasets.of(r)).anyMatch(x -> x.contains("byroot"));
        assertThat(r.notes()).isEmpty();
        assertThat(r.parameterLines()).anyMatch(l -> l.startsWith("loop: YJIT, klass.new, no initialize of its own, no ivar written (byroot's loop)"));
    }

    @Test
    void anotherShape_leavesThePublishedPointsOff_andSaysWhy() {
        ScenarioRun r = run(with("yjit", "off"), List.of());
        assertThat(Datasets.of(r)).noneMatch(x -> x.contains("byroot"));
        assertThat(r.notes()).singleElement().asString().contains("measured with byroot's loop")
                .contains("this chart models interpreter, klass.new").contains("so they are not drawn");
        assertThat(Exports.markdown(r)).contains("measured with byroot's loop");
        assertThat(r.table().columns()).noneMatch(c -> c.header().contains("byroot"));
    }

    @Test
    void otherRubyAndOtherShape_theNoteNamesBoth() {
        ScenarioRun r = run(with("layout", "ruby-3.4", "call", "allocate"), List.of());
        assertThat(r.notes()).singleElement().asString().contains("measured on Ruby 4.1 with byroot's loop")
                .contains("models ruby-3.4 with YJIT, klass.allocate");
    }

    @Test
    void classesThatMakeTheSameObject_areOnePoint_andTheNoteSaysWhichAndWhy() {
        // an initialize writing 8 ivars sizes every larger class's instance at 80 B: the 160-640 B classes are the 80 B point
        ScenarioRun r = run(with("layout", "ruby-3.4", "ivars-written", "8"), List.of());
        assertThat(r.notes()).anyMatch(n -> n.contains("no point for the classes byroot pads for the 160, 320, 640 B slots")
                && n.contains("rb_obj_embedded_size"));
        assertThat(run(with("layout", "ruby-3.4"), List.of()).notes()).noneMatch(n -> n.contains("no point for"));
        String csv = new SlotSizeScenario().report(with("layout", "ruby-3.4", "ivars-written", "8"), false).get(0).columns().stream()
                .map(c -> c.header()).reduce((x, y) -> x + "," + y).orElseThrow();
        assertThat(csv).endsWith("memsize_bytes,harness,cost_profile");
    }

    @Test
    void pinOfAnotherShape_isDrawnAndNamedByItsShape() {
        Settings yjit = with("layout", "ruby-3.4");
        ScenarioRun r = run(yjit.withText("yjit", "off"), List.of(new Pin("A", yjit)));
        assertThat(Datasets.of(r)).anyMatch(x -> x.contains("pin A: ruby-3.4, YJIT klass.new"));
        assertThat(r.table().columns()).anyMatch(c -> c.header().contains("pin A"));
    }

    @Test
    void ruby31_drawsObjectsByTheirMemsize_slotAndIvarArray() {
        ScenarioRun r = run(with("layout", "ruby-3.1", "ivars-written", "all"), List.of());
        var chart = r.chart(SlotSizeScenario.SLOTS.id()).orElseThrow().chart();
        assertThat(chart.getCategoryPlot().getDomainAxis().getLabel()).isEqualTo(SlotSizeChart.OBJECT_X_LABEL);
        assertThat(chart.getCategoryPlot().getDataset(0).getColumnKeys()).containsExactly(40, 104, 184, 344, 664);
        assertThat(r.parameterLines()).anyMatch(l -> l.contains("78 ivars: 40 B slot, 78 written, a 624 B ivar array from the transient heap"));
        assertThat(r.parameterLines()).anyMatch(l -> l.startsWith("its calls priced by: ivar_set_ns = ") || l.contains("ivar_array_ns = "));
        assertThat(r.parameterLines()).anyMatch(l -> l.startsWith("its calls priced by: ") && l.contains("yjit_new_call_ns = ")
                && l.contains("ivar_array_ns = ") && l.contains("ivar_array_ns_per_byte = ") && !l.contains("malloc_free_ns"));
        assertThat(r.notes()).noneMatch(n -> n.contains("transient heap"));

        ScenarioRun three = run(with("layout", "ruby-3.4", "ivars-written", "3"), List.of());
        var plain = three.chart(SlotSizeScenario.SLOTS.id()).orElseThrow().chart();
        assertThat(plain.getCategoryPlot().getDomainAxis().getLabel()).isEqualTo(SlotSizeChart.X_LABEL);
        assertThat(plain.getCategoryPlot().getDataset(0).getColumnKeys()).as("def initialize writing 3 sizes every class alike")
                .containsExactly(40);
    }

    @Test
    void allocateWithIvarsWritten_isRefusedNamingTheKnob() {
        Settings s = with("call", "allocate", "ivars-written", "2");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new SlotSizeScenario().check(s))
                .isInstanceOf(org.slotlab.app.knob.KnobException.class)
                .hasMessageStartingWith("ivars written: klass.allocate calls no initialize");
    }
}
