package org.slotlab.app.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.slotlab.app.knob.Settings;
import org.junit.jupiter.api.Test;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.workload.Experiments;

class SubstringCutoffScenarioTest {

    private static ScenarioRun run(Settings p, Pin... pins) {
        return new SubstringCutoffScenario().compute(new ScenarioRequest(p, List.of(pins), ScenarioRequest.POLICY_BASELINE),
                SlotlabTheme.standard(), () -> false);
    }

    @Test
    void largestEmbeddedLen_cutoff256_is231OnBothVwaLayouts() {
        assertThat(ModelInputs.largestEmbeddedLen(RubyLayout.ruby41dev(), 256)).isEqualTo(231);
        assertThat(ModelInputs.largestEmbeddedLen(RubyLayout.ruby34(), 256)).isEqualTo(231);
        // 24 + len + 1 <= 128 -> 103, the cutoff-128 row of subseq_retained.csv
        assertThat(ModelInputs.largestEmbeddedLen(RubyLayout.ruby41dev(), 128)).isEqualTo(103);
        // no length embeds below the header plus terminator
        assertThat(ModelInputs.largestEmbeddedLen(RubyLayout.ruby41dev(), 10)).isEqualTo(-1);
    }

    @Test
    void gcChart_tooltipsAndExports_sayWhichTriggerStartedTheGcs_asTheHeapSimulationCounted() {
        Settings p = new SubstringCutoffScenario().defaults().with(SubstringCutoffScenario.CANDIDATE, "always-embed");
        ScenarioRun r = run(p);
        RubyLayout l = RubyLayout.ruby41dev();
        var model = Experiments.subseqSweep(l, ModelInputs.profile(p), SubseqPolicies.master(), SubseqPolicies.alwaysEmbed(),
                SubstringCutoffScenario.loop(p), List.of(500L), ModelInputs.harness(p, l)).get(0);
        var chart = r.chart(SubstringCutoffScenario.GC.id()).orElseThrow().chart();
        var plot = chart.getCategoryPlot();
        var d = plot.getDataset(0);
        String tip = plot.getRenderer(0).getDefaultToolTipGenerator().generateToolTip(d, d.getRowIndex("always-embed"),
                d.getColumnIndex(500));
        // a 500 B slice embeds in a 640 B slot: that heap runs dry, every GC is its
        assertThat(model.candidate().sim().gcsBySlots(l.heapIndexForSize(640))).isEqualTo(model.candidate().gcCount());
        assertThat(tip).endsWith("(" + model.candidate().sim().gcTriggerParts(l) + "; per slice "
                + SubstringCutoffScenario.objectsByHeap(model.candidate().sim(), l) + ")").contains("out of slots in the 640 B heap");
        // always-embed puts the 500 B slice in a 640 B slot: one object per slice, in that heap only
        assertThat(tip).endsWith("per slice 1.00 in 640 B slots)");
        String master = plot.getRenderer(0).getDefaultToolTipGenerator().generateToolTip(d, d.getRowIndex("master"),
                d.getColumnIndex(500));
        assertThat(master).contains("out of slots in the 40 B heap");

        String cell = model.candidate().gcCount() + " GCs: all out of slots in the 640 B heap";
        String issue = org.slotlab.app.export.Exports.forIssue(r);
        String md = org.slotlab.app.export.Exports.markdown(r);
        for (String text : List.of(issue, md)) {
            assertThat(text).contains("Why the GCs ran, per N = 2,000,000 slices");
            assertThat(text.lines().filter(line -> line.matches("\\|\\s+500 \\|.*")))
                    .anySatisfy(line -> assertThat(line).contains(cell).contains("out of slots in the 40 B heap"));
        }
    }

    @Test
    void threadDefaults_speedRatios_areTheModelsComparisons() {
        Settings p = new SubstringCutoffScenario().defaults();
        ScenarioRun r = run(p);
        var model = Experiments.subseqSweep(RubyLayout.ruby41dev(), ModelInputs.profile(p), SubseqPolicies.master(),
                SubseqPolicies.cutoff(256), SubstringCutoffScenario.loop(p), p.get(SubstringCutoffScenario.LENS));
        var chart = r.chart(SubstringCutoffScenario.SPEED.id()).orElseThrow().chart();
        for (var c : model) {
            assertThat(Datasets.value(chart, "cutoff:256", (int) c.value())).isEqualTo(c.speedRatio());
        }
        // 232 no longer embeds under 256: shared as on master
        assertThat(Datasets.value(chart, "cutoff:256", 232)).isEqualTo(1.0);
        assertThat(r.headline()).isEqualTo("largest embedded length: 231 B");
    }

    @Test
    void frozenSource_overlaysThePublishedPoints_labelledWithSourceAndMachine() {
        var chart = run(new SubstringCutoffScenario().defaults()).chart("speed-ratio").orElseThrow().chart();
        var published = chart.getCategoryPlot().getDataset(1);
        List<String> keys = published.getRowKeys().stream().map(Object::toString).toList();
        assertThat(keys).anySatisfy(k -> assertThat(k).contains("himura467").contains("arm64 macOS").contains("Feature #22186"))
                .anySatisfy(k -> assertThat(k).contains("byroot"));
        // himura467, cutoff-256, len 50: 1.30 (subseq_len_sweep.csv)
        assertThat(published.getValue(0, published.getColumnIndex(50)).doubleValue()).isEqualTo(1.30);
    }

    @Test
    void unfrozenSource_hidesFrozenSourceOverlays() {
        var chart = run(new SubstringCutoffScenario().defaults().with(SubstringCutoffScenario.SOURCE, "unfrozen-unshared"))
                .chart("speed-ratio").orElseThrow().chart();
        var published = chart.getCategoryPlot().getDataset(1);
        assertThat(published == null || published.getRowCount() == 0).isTrue();
    }

    @Test
    void pins_addASeriesToEveryChart() {
        Settings p = new SubstringCutoffScenario().defaults();
        ScenarioRun r = run(p, new Pin("A", p.with(SubstringCutoffScenario.CANDIDATE, "cutoff:128")), new Pin("B", p.with(SubstringCutoffScenario.CANDIDATE, "always-embed")));
        var speed = r.chart("speed-ratio").orElseThrow().chart().getCategoryPlot().getDataset(0);
        assertThat(speed.getRowKeys()).map(Object::toString).contains("cutoff:256", "A (cutoff:128)", "B (always-embed)");
        var gc = r.chart("gc-count").orElseThrow().chart().getCategoryPlot().getDataset(0);
        assertThat(gc.getRowKeys()).map(Object::toString).contains("master", "cutoff:256", "A (cutoff:128)");
        var retained = r.chart("retained").orElseThrow().chart().getCategoryPlot().getDataset(0);
        assertThat(retained.getRowKeys()).map(Object::toString).contains("B (always-embed)");
        assertThat(r.table().columns()).extracting(c -> c.header()).contains("master/A (cutoff:128)");
    }

    @Test
    void compareBaseline_pin_dividesByThePin() {
        Settings p = new SubstringCutoffScenario().defaults();
        ScenarioRun r = new SubstringCutoffScenario().compute(new ScenarioRequest(p, List.of(new Pin("A", p)), "A"),
                SlotlabTheme.standard(), () -> false);
        assertThat(r.table().columns().get(1).header()).isEqualTo("A (cutoff:256) (ns)");
        // the current settings equal the pin: ratio 1.00 in every row
        int ratioCol = r.table().columns().size() - 1;
        assertThat(r.table().columns().get(ratioCol).header()).isEqualTo("A (cutoff:256)/cutoff:256");
        assertThat(r.table().rows()).allSatisfy(row -> assertThat((Double) row.get(ratioCol)).isEqualTo(1.0));
    }

    @Test
    void cancelled_stopsEarly() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new SubstringCutoffScenario().compute(
                ScenarioRequest.of(new SubstringCutoffScenario().defaults()), SlotlabTheme.standard(), () -> true))
                .isInstanceOf(java.util.concurrent.CancellationException.class);
    }

    @Test
    void slotScenario_modelAndByrootOverlay() {
        Settings p = new SlotSizeScenario().defaults();
        ScenarioRun r = new SlotSizeScenario().compute(ScenarioRequest.of(p), SlotlabTheme.standard(), () -> false);
        var rows = Datasets.of(r.chart("slot-size").orElseThrow().chart());
        assertThat(rows).anySatisfy(s -> assertThat(s).contains("byroot").contains("|1024|"));
        assertThat(r.table().rows()).hasSize(RubyLayout.ruby41dev().heapCount());
    }

    @Test
    void frozenRuleOnAFrozenSource_saysWhyEveryRatioIs1_andDrawsNoCutoffLine() {
        Settings p = new SubstringCutoffScenario().defaults().withText(SubstringCutoffScenario.CANDIDATE.name(), "frozen-rule:256");

        ScenarioRun r = run(p);

        var chart = r.chart(SubstringCutoffScenario.SPEED.id()).orElseThrow().chart();
        assertThat(Datasets.value(chart, "frozen-rule:256", 50)).isEqualTo(1.0);
        assertThat(r.notes()).anySatisfy(n -> assertThat(n).startsWith("frozen-rule:256 embeds only where sharing would first make "
                + "a frozen root; a frozen source is its own root, so it shares as master does and every ratio is 1.00"));
        assertThat(r.headline()).isEqualTo("largest embedded length: as master (frozen source)");
        // the Markdown export carries the note under its table
        assertThat(org.slotlab.app.export.Exports.markdown(r)).contains("\nNotes:\n- frozen-rule:256 embeds only where sharing");
    }

    @Test
    void frozenRuleOnAFreshSource_isAtWork_withoutThatNote() {
        Settings p = new SubstringCutoffScenario().defaults().withText(SubstringCutoffScenario.CANDIDATE.name(), "frozen-rule:256")
                .with(SubstringCutoffScenario.SOURCE, "unfrozen-unshared");

        ScenarioRun r = run(p);

        assertThat(r.notes()).noneSatisfy(n -> assertThat(n).contains("shares as master does"));
        assertThat(r.headline()).isEqualTo("largest embedded length: 231 B");
    }

    @Test
    void retainedChart_tooltipsSayWhereTheKeptBytesAre_slotsOrBuffers() {
        // given: R = 200,000 kept 500 B slices; master shares them with the frozen source, always-embed copies each into a 640 B slot
        Settings p = new SubstringCutoffScenario().defaults().with(SubstringCutoffScenario.CANDIDATE, "always-embed");
        ScenarioRun r = run(p);
        var plot = r.chart(SubstringCutoffScenario.RETAINED.id()).orElseThrow().chart().getCategoryPlot();
        var d = plot.getDataset(0);
        // when
        String embedded = plot.getRenderer(0).getDefaultToolTipGenerator().generateToolTip(d, d.getRowIndex("always-embed"),
                d.getColumnIndex(500));
        // then: every kept byte is in slots: 200,000 x 640 B = 122.07 MiB, no buffer of their own
        assertThat(embedded).endsWith("(in slots 122.07 MiB, in malloc'd buffers 0.00 MiB)");
    }
}
