package org.slotlab.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.app.io.ScenarioFile;
import org.slotlab.app.scenario.Datasets;
import org.slotlab.app.scenario.ModelInputs;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.scenario.Knobs;
import org.slotlab.app.scenario.LayoutChoice;
import org.slotlab.app.scenario.ScenarioRegistry;
import org.slotlab.app.scenario.SubstringCutoffScenario;
import org.slotlab.app.scenario.Pin;
import org.slotlab.app.scenario.SlotSizeScenario;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.workload.Experiments;

/** The view-model without the toolkit: computes inline, publishes on the calling thread. */
class WorkbenchViewModelTest {

    private final WorkbenchViewModel vm = new WorkbenchViewModel(Runnable::run, false);

    @AfterEach
    void close() {
        vm.close();
    }

    private double ratio(String series, int len) {
        return Datasets.value(vm.run().chart("speed-ratio").orElseThrow().chart(), series, len);
    }

    @Test
    void launch_showsTheThreadsSettings() {
        assertThat(vm.settings()).isEqualTo(new SubstringCutoffScenario().defaults());
        assertThat(vm.settings().get(Knobs.LAYOUT).name()).isEqualTo("ruby-4.1-dev");
        assertThat(vm.settings().get(SubstringCutoffScenario.SOURCE)).isEqualTo("frozen");
        assertThat(vm.largestEmbeddedProperty().get()).isEqualTo("largest embedded length: 231 B");
        assertThat(vm.run().charts()).hasSize(3);
        assertThat(vm.statusProperty().get()).contains("ruby-4.1-dev").contains("feature-22186-arm64-macos").contains("pinned: none");
        // the harness "auto" resolves to, and the heap it hands the loop
        assertThat(vm.statusProperty().get()).containsPattern("harness [a-z-]+, heap \\[[0-9, ]+\\] pages")
                .doesNotContain("untrusted");
        assertThat(vm.canUndoProperty().get()).isFalse();
    }

    @Test
    void setCutoff_belowALength_makesItShareAgain() {
        assertThat(ratio("cutoff:256", 200)).isGreaterThan(1.0);
        vm.setCutoff(128);
        // 24 + 200 + 1 = 225 > 128: shared as on master
        assertThat(ratio("cutoff:128", 200)).isEqualTo(1.0);
        assertThat(vm.largestEmbeddedProperty().get()).isEqualTo("largest embedded length: 103 B");
    }

    @Test
    void sliderBurst_isOneUndoStep_andRedoReturnsToItsEnd() {
        vm.setCutoff(300);
        vm.setCutoff(310);
        vm.setCutoff(320);
        vm.endEdit();
        vm.edit(null, p -> p.with(SubstringCutoffScenario.RETAIN, 1000L));
        vm.undo();
        assertThat(vm.settings().get(SubstringCutoffScenario.RETAIN)).isEqualTo(SubstringCutoffScenario.THREAD_RETAIN);
        assertThat(vm.cutoff()).isEqualTo(320);
        vm.undo();
        assertThat(vm.cutoff()).isEqualTo(256);
        assertThat(vm.canUndoProperty().get()).isFalse();
        vm.redo();
        assertThat(vm.cutoff()).isEqualTo(320);
        assertThat(ratio("cutoff:320", 231)).isGreaterThan(1.0);
    }

    @Test
    void snapToSlots_roundsTheCutoffToTheNearestSlotSize() {
        vm.snapToSlotsProperty().set(true);
        vm.setCutoff(250);
        assertThat(vm.cutoff()).isEqualTo(256);
        vm.setCutoff(600);
        assertThat(vm.cutoff()).isEqualTo(640);
    }

    @Test
    void invalidEdit_returnsTheReason_andChangesNothing() {
        Settings before = vm.settings();
        assertThat(vm.setText(null, "len", "1, 23, x")).contains("lengths: 'x' is not a whole number or a range like 16-256:16");
        assertThat(vm.edit(null, p -> p.with(SubstringCutoffScenario.RETAIN, 3_000_000L))).hasValueSatisfying(m ->
                assertThat(m).contains("retain R").contains("at most count N"));
        assertThat(vm.setText(null, "baseline", "cutof:1")).hasValueSatisfying(m ->
                assertThat(m).contains("unknown policy 'cutof:1'"));
        assertThat(vm.setText(null, "len", "0-10000:1")).hasValueSatisfying(m -> assertThat(m).contains("at most 64"));
        assertThat(vm.settings()).isEqualTo(before);
        assertThat(vm.canUndoProperty().get()).isFalse();
    }

    @Test
    void lensRange_replacesTheLengths() {
        assertThat(vm.setText(null, "len", "100-300:100")).isEmpty();
        assertThat(vm.settings().get(SubstringCutoffScenario.LENS)).containsExactly(100L, 200L, 300L);
    }

    @Test
    void frozenRule_withUnfrozenSource_ratiosAreTheModels() {
        vm.edit(null, p -> p.with(SubstringCutoffScenario.SOURCE, "unfrozen-unshared"));
        vm.edit(null, p -> p.with(SubstringCutoffScenario.CANDIDATE, "cutoff:128"));
        vm.edit(null, p -> p.with(SubstringCutoffScenario.CANDIDATE, "frozen-rule:128"));
        Settings p = vm.settings();
        var expected = Experiments.subseqSweep(RubyLayout.ruby41dev(), ModelInputs.profile(p), SubseqPolicies.master(),
                SubseqPolicies.frozenRule(128), SubstringCutoffScenario.loop(p), p.get(SubstringCutoffScenario.LENS));
        for (var c : expected) {
            assertThat(ratio("frozen-rule:128", (int) c.value())).isEqualTo(c.speedRatio());
        }
    }

    @Test
    void pins_upToThree_thenRefused_andTheStatusNamesThem() {
        assertThat(vm.pin("A")).isEmpty();
        vm.setCutoff(128);
        assertThat(vm.pin(null)).isEmpty();
        assertThat(vm.pin("A")).contains("a pin named 'A' already exists");
        assertThat(vm.pins()).extracting(Pin::name).containsExactly("A", "B");
        assertThat(vm.pin("C")).isEmpty();
        assertThat(vm.pin("D")).contains("at most 3 pins; unpin one first");
        assertThat(vm.statusProperty().get()).contains("pinned: A, B, C");
        assertThat(vm.setCompareBaseline("B")).isEmpty();
        assertThat(vm.run().table().columns().get(1).header()).startsWith("B (cutoff:128)");
        vm.unpin("B");
        assertThat(vm.compareBaselineProperty().get()).isEqualTo("baseline policy");
    }

    @Test
    void saveThenOpen_reproducesIdenticalDatasets(@TempDir Path dir) throws Exception {
        vm.edit(null, p -> p.with(SubstringCutoffScenario.CANDIDATE, "cutoff:160").with(SubstringCutoffScenario.SOURCE, "already-shared"));
        vm.pin("A");
        vm.setCompareBaseline("A");
        var before = Datasets.of(vm.run());
        String table = org.slotlab.app.export.Exports.markdown(vm.run());
        Path f = dir.resolve("x.slotlab.json");
        vm.save(f);
        try (WorkbenchViewModel other = new WorkbenchViewModel(Runnable::run, false)) {
            other.open(f);
            assertThat(Datasets.of(other.run())).isEqualTo(before);
            assertThat(org.slotlab.app.export.Exports.markdown(other.run())).isEqualTo(table);
            assertThat(other.fileProperty().get()).isEqualTo(f);
        }
    }

    @Test
    void saveThenOpen_keepsThePinsOfEveryScenario_notOnlyTheOneShown(@TempDir Path dir) throws Exception {
        vm.setCutoff(128);
        vm.pin("cutoff 128");
        assertThat(vm.selectScenario(SlotSizeScenario.ID)).isEmpty();
        vm.pin("slot sizes as shipped");
        Path f = dir.resolve("two.slotlab.json");
        vm.save(f);
        try (WorkbenchViewModel other = new WorkbenchViewModel(Runnable::run, false)) {
            other.open(f);
            // the file shows the slot-size scenario with its pin; the substring scenario's pin is still there
            assertThat(other.pins()).extracting(Pin::name).containsExactly("slot sizes as shipped");
            assertThat(other.selectScenario(SubstringCutoffScenario.ID)).isEmpty();
            assertThat(other.pins()).extracting(Pin::name).containsExactly("cutoff 128");
            assertThat(other.pins().get(0).settings().get(SubstringCutoffScenario.CANDIDATE)).contains("128");
        }
    }

    @Test
    void openBadFile_keepsTheCurrentState(@TempDir Path dir) throws Exception {
        vm.setCutoff(300);
        vm.pin("A");
        Settings before = vm.settings();
        Path f = dir.resolve("bad.slotlab.json");
        Files.writeString(f, "{\"slotlabScenarioVersion\": 3, \"settings\": {}}");
        assertThatThrownBy(() -> vm.open(f)).isInstanceOf(ScenarioFile.ScenarioFormatException.class)
                .hasMessageContaining("newer than this Slotlab reads");
        assertThat(vm.settings()).isEqualTo(before);
        assertThat(vm.pins()).hasSize(1);
    }

    @Test
    void selectScenario_slotSizes_computesItsChart() {
        assertThat(vm.selectScenario(SlotSizeScenario.ID)).isEmpty();
        assertThat(vm.run().charts()).extracting(c -> c.spec().id()).containsExactly("slot-size");
        assertThat(vm.selectScenario("nope")).hasValueSatisfying(m -> assertThat(m).contains("unknown scenario"));
    }

    @Test
    void issueText_hasTableLegendAndParameters() {
        String text = vm.issueText().orElseThrow();
        assertThat(text).contains("| len_bytes |").contains("master/cutoff:256")
                .contains("ratio = master / other (ns / ns): above 1, the other is faster than master")
                .contains("- layout: ruby-4.1-dev").contains("Slotlab ");
    }

    @Test
    void customLayout_invalid_isRefusedWithTheBuildersMessage() {
        var c = new org.slotlab.app.scenario.CustomLayout("mine", "ruby-3.4", java.util.List.of(40, 80, 64), 65_536, 40,
                24, 1);
        assertThat(vm.set(Knobs.LAYOUT, LayoutChoice.custom(c))).hasValueSatisfying(m ->
                assertThat(m).contains("strictly increasing"));
        var ok = new org.slotlab.app.scenario.CustomLayout("mine", "ruby-3.4", java.util.List.of(40, 80, 160, 320), 65_536,
                40, 24, 1);
        assertThat(vm.set(Knobs.LAYOUT, LayoutChoice.custom(ok))).isEmpty();
        assertThat(vm.layoutProperty().get().largestSlotSize()).isEqualTo(320);
    }

    @Test
    void badCostProfileFile_isRefusedWithTheFileAndProblem(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("p.json");
        Files.writeString(f, "{\"slotlabProfileVersion\": 1, \"coefficients\": 3}");
        assertThat(vm.edit(null, p -> p.with(Knobs.COST_PROFILE, f.toString()))).hasValueSatisfying(m ->
                assertThat(m).contains(f.toString()).contains("'coefficients' must be an array"));
        assertThat(vm.settings().get(Knobs.COST_PROFILE)).isEmpty();
    }

    @Test
    void costProfileFile_isUsedAndNamedInTheStatus(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("mine.json");
        var mine = org.slotlab.model.cost.CostProfile.defaultProfile().with(java.util.Map.of(
                org.slotlab.model.cost.CostProfile.COPY, 1.0), "my-laptop");
        Files.writeString(f, mine.toJson());
        double before = ratio("cutoff:256", 200);
        assertThat(vm.edit(null, p -> p.with(Knobs.COST_PROFILE, f.toString()))).isEmpty();
        assertThat(vm.statusProperty().get()).contains("cost profile my-laptop");
        assertThat(ratio("cutoff:256", 200)).isNotEqualTo(before);
    }
}
