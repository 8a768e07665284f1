package org.slotlab.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.jfree.chart.JFreeChart;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.app.measured.Fixtures;
import org.slotlab.app.measured.OverlaySource;
import org.slotlab.app.scenario.Datasets;
import org.slotlab.app.scenario.SlotSizeScenario;
import org.slotlab.app.scenario.SubstringCutoffScenario;
import org.slotlab.model.measured.Importers;

/**
 * Measured overlays and keep-while-timing through the view-model, without the toolkit: imports
 * land on the matching chart, bad files import nothing, and both survive a scenario file.
 */
class WorkbenchOverlayTest {

    @TempDir
    Path dir;

    private final WorkbenchViewModel vm = new WorkbenchViewModel(Runnable::run, false);

    @AfterEach
    void close() {
        vm.close();
    }

    private JFreeChart chart(String id) {
        return vm.run().chart(id).orElseThrow().chart();
    }

    private static boolean hasRow(JFreeChart chart, String prefix) {
        return Datasets.of(chart).stream().anyMatch(r -> r.split("\\|")[1].startsWith(prefix));
    }

    @Test
    void importCompareTable_addsRatioMarkersAtTheChartsLengths() throws Exception {
        Path f = Fixtures.copy("bd_markdown_compare.md", dir);

        assertThat(vm.importMeasured(new OverlaySource(f.toString(), Importers.AUTO, ""))).isEmpty();

        assertThat(vm.overlays()).hasSize(1);
        JFreeChart speed = chart(SubstringCutoffScenario.SPEED.id());
        assertThat(hasRow(speed, "measured: bd_markdown_compare.md (benchmark-driver)")).isTrue();
        // len 23 is one of the thread's lengths: 23.377M / 19.934M
        assertThat(Datasets.of(speed)).anyMatch(r -> r.contains("built-ruby / compare-ruby|23|1.17"));
        // the legend names the file and tool
        assertThat(speed.getCategoryPlot().getLegendItems().get(speed.getCategoryPlot().getLegendItems().getItemCount() - 1)
                .getLabel()).startsWith("measured: bd_markdown_compare.md (benchmark-driver)");
        // and exports draw it too
        assertThat(hasRow(vm.run().chart(SubstringCutoffScenario.SPEED.id()).orElseThrow().forExport(), "measured: ")).isTrue();
    }

    @Test
    void markerTooltip_givesMeasuredModelAndError() throws Exception {
        Path f = Fixtures.copy("bd_markdown_compare.md", dir);
        vm.importMeasured(new OverlaySource(f.toString(), Importers.AUTO, ""));
        var plot = chart(SubstringCutoffScenario.SPEED.id()).getCategoryPlot();
        int last = plot.getDatasetCount() - 1;
        while (plot.getDataset(last) == null) {
            last--;
        }
        var d = plot.getDataset(last);
        int col = d.getColumnIndex(23);
        double model = Datasets.value(chart(SubstringCutoffScenario.SPEED.id()), "cutoff:256", 23);

        String tip = plot.getRenderer(last).getDefaultToolTipGenerator().generateToolTip(d, 0, col);

        double measured = d.getValue(0, col).doubleValue();
        assertThat(tip).startsWith("measured: bd_markdown_compare.md (benchmark-driver): built-ruby / compare-ruby: 1.17 at 23 B")
                .contains("model cutoff:256: " + String.format(java.util.Locale.ROOT, "%.3g", model))
                .contains(String.format(java.util.Locale.ROOT, "(error %+.1f%%)", (model / measured - 1) * 100));
    }

    @Test
    void lengthsNotSwept_areThoseTheChartCannotShow() throws Exception {
        Path f = Fixtures.copy("bd_markdown_compare.md", dir);
        vm.setText(null, "len", "1, 23, 50");
        vm.importMeasured(new OverlaySource(f.toString(), Importers.AUTO, ""));

        // the file measured 1, 23, 100 and 250
        assertThat(vm.lengthsNotSwept(vm.overlays().get(0))).containsExactly(100L, 250L);
    }

    @Test
    void importMalformed_returnsFileAndLine_andChangesNothing() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.json"), "[\n  {\"name\": \"size1\", \"ips\": \n");
        var before = Datasets.of(vm.run());

        var message = vm.importMeasured(new OverlaySource(bad.toString(), Importers.AUTO, ""));

        assertThat(message).isPresent();
        assertThat(message.get()).startsWith(bad.toString() + ":");
        assertThat(vm.overlays()).isEmpty();
        assertThat(Datasets.of(vm.run())).isEqualTo(before);
    }

    @Test
    void removeOverlay_takesItOffTheChart() throws Exception {
        Path f = Fixtures.copy("bd_markdown_compare.md", dir);
        vm.importMeasured(new OverlaySource(f.toString(), Importers.AUTO, ""));

        vm.removeOverlay(vm.overlays().get(0));

        assertThat(vm.overlays()).isEmpty();
        assertThat(hasRow(chart(SubstringCutoffScenario.SPEED.id()), "measured: ")).isFalse();
    }

    @Test
    void slotGcTable_onTheSlotScenario_goesOnTheGcAxis() throws Exception {
        Path f = Fixtures.copy("byroot_slot_gc_count.csv", dir);
        vm.selectScenario(SlotSizeScenario.ID);

        vm.importMeasured(new OverlaySource(f.toString(), Importers.AUTO, ""));

        var plot = chart(SlotSizeScenario.SLOTS.id()).getCategoryPlot();
        int last = plot.getDatasetCount() - 1;
        while (plot.getDataset(last) == null) {
            last--;
        }
        assertThat(plot.getDataset(last).getRowKey(0).toString()).startsWith("measured: byroot_slot_gc_count.csv");
        assertThat(plot.getRangeAxisIndex(plot.getRangeAxisForDataset(last))).isEqualTo(1);
        assertThat(plot.getDataset(last).getValue(0, plot.getDataset(last).getColumnIndex(32))).isEqualTo(67.0);
    }

    @Test
    void overlays_andEditedMapping_surviveSaveAndOpen() throws Exception {
        Path f = Fixtures.copy("bd_markdown_compare.md", dir);
        vm.importMeasured(new OverlaySource(f.toString(), Importers.AUTO, "size(\\d+) => len"));
        Path scenario = dir.resolve("s.slotlab.json");

        vm.save(scenario);
        WorkbenchViewModel other = new WorkbenchViewModel(Runnable::run, false);
        var problems = other.open(scenario);

        assertThat(problems).isEmpty();
        assertThat(Files.readString(scenario)).contains("\"path\" : \"bd_markdown_compare.md\"").contains("\"format\" : \"auto\"");
        assertThat(other.overlays()).hasSize(1);
        assertThat(other.overlays().get(0).source().mapping()).isEqualTo("size(\\d+) => len");
        assertThat(other.overlays().get(0).label()).isEqualTo(vm.overlays().get(0).label());
        assertThat(Datasets.of(other.run())).isEqualTo(Datasets.of(vm.run()));
        other.close();
    }

    @Test
    void open_withAMissingOverlayFile_opensTheRest_andSaysWhich() throws Exception {
        Path f = Fixtures.copy("bd_markdown_compare.md", dir);
        vm.importMeasured(new OverlaySource(f.toString(), Importers.AUTO, ""));
        Path scenario = dir.resolve("s.slotlab.json");
        vm.save(scenario);
        Files.delete(f);

        var problems = vm.open(scenario);

        assertThat(problems).singleElement().asString().contains("bd_markdown_compare.md");
        assertThat(vm.overlays()).isEmpty();
    }

    @Test
    void keepWhileTiming_roundTrips_andTheGcSubtitleSaysWhich() throws Exception {
        assertThat(vm.settings().get(SubstringCutoffScenario.KEEP_WHILE_TIMING)).isFalse();
        assertThat(subtitles(chart(SubstringCutoffScenario.GC.id()))).contains("nothing kept while timed");

        vm.edit(null, p -> p.with(SubstringCutoffScenario.KEEP_WHILE_TIMING, true));
        Path scenario = dir.resolve("k.slotlab.json");
        vm.save(scenario);
        WorkbenchViewModel other = new WorkbenchViewModel(Runnable::run, false);
        other.open(scenario);

        assertThat(other.settings().get(SubstringCutoffScenario.KEEP_WHILE_TIMING)).isTrue();
        assertThat(subtitles(other.run().chart(SubstringCutoffScenario.GC.id()).orElseThrow().chart())).contains("kept while timed")
                .doesNotContain("nothing kept");
        other.close();
    }

    @Test
    void keepWhileTiming_changesTheModelledGcCount() {
        var before = Datasets.of(chart(SubstringCutoffScenario.GC.id()));

        vm.edit(null, p -> p.with(SubstringCutoffScenario.KEEP_WHILE_TIMING, true));

        assertThat(Datasets.of(chart(SubstringCutoffScenario.GC.id()))).isNotEqualTo(before);
    }

    private static String subtitles(JFreeChart c) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < c.getSubtitleCount(); i++) {
            if (c.getSubtitle(i) instanceof org.jfree.chart.title.TextTitle t) {
                sb.append(t.getText()).append('\n');
            }
        }
        return sb.toString();
    }
}
