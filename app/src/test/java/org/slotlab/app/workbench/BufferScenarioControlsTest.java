package org.slotlab.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.app.scenario.ChartSpec;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.scenario.Datasets;
import org.slotlab.app.scenario.JsonUnescapeScenario;
import org.slotlab.app.scenario.RequireIndexScenario;
import org.slotlab.app.scenario.StrBufMinScenario;
import org.slotlab.app.scenario.XyData;
import org.slotlab.model.buffers.StrBufWorkload;
import org.slotlab.model.malloc.Allocators;
import org.slotlab.model.ruby.RubyPreset;

/**
 * The knobs of the buffer scenarios (STR_BUF_MIN_SIZE, JSON unescape, require index) on the
 * view-model, without the toolkit: each edit changes the scenario's datasets the way the model
 * says, is one undo step, and a bad value changes nothing.
 */
class BufferScenarioControlsTest {

    private final WorkbenchViewModel vm = new WorkbenchViewModel(Runnable::run, false);

    @AfterEach
    void close() {
        vm.close();
    }

    private JFreeChart chart(ChartSpec spec) {
        assertThat(vm.errorProperty().get()).isEmpty();
        return vm.run().chart(spec.id()).orElseThrow().chart();
    }

    /** The i after which the line of {@code allocator} rises most: the model's step. */
    private long stepAt(String allocator) {
        JFreeChart c = chart(StrBufMinScenario.RSS);
        var ds = c.getXYPlot().getDataset(0);
        int s = XyData.names(c, 0).indexOf(allocator);
        double best = 0;
        long at = -1;
        for (int i = 1; i < ds.getItemCount(s); i++) {
            double rise = ds.getYValue(s, i) - ds.getYValue(s, i - 1);
            if (rise > best) {
                best = rise;
                at = (long) ds.getXValue(s, i);
            }
        }
        return at;
    }

    @Test
    void strBuf_defaultsAreTheThreads() {
        vm.selectScenario(StrBufMinScenario.ID);
        assertThat(vm.settings()).isEqualTo(new StrBufMinScenario().defaults());
        assertThat(vm.settings().get(StrBufMinScenario.RUBY)).isEqualTo("ruby-2.4-after");
        assertThat(vm.settings().get(StrBufMinScenario.COUNT)).isEqualTo(1_000_000);
        assertThat(stepAt("power-of-two")).isEqualTo(128);
        // the published overlay is drawn on the thread's setting
        assertThat(XyData.names(chart(StrBufMinScenario.RSS), 1)).singleElement().asString().contains("Feature #12025");
    }

    @Test
    void strBuf_ruby34_movesTheStepFrom127_128To135_136() {
        vm.selectScenario(StrBufMinScenario.ID);
        assertThat(vm.set(StrBufMinScenario.RUBY, "ruby-3.4")).isEmpty();
        // 24 + 135 + 1 = 160 fills the 160 B slot; 136 needs the 320 B one (string.c:226-241)
        assertThat(stepAt("power-of-two")).isEqualTo(136);
        assertThat(vm.statusProperty().get()).startsWith("Ruby ruby-3.4").contains("malloc power-of-two, glibc");
        JFreeChart c = chart(StrBufMinScenario.RSS);
        assertThat(XyData.y(c, 0, "power-of-two", 128)).isEqualTo(XyData.y(c, 0, "power-of-two", 127));
        // the published points were measured on 2.4-dev: not drawn over 3.4
        assertThat(c.getXYPlot().getDataset(1) == null || c.getXYPlot().getDataset(1).getSeriesCount() == 0).isTrue();
        vm.undo();
        assertThat(vm.settings().get(StrBufMinScenario.RUBY)).isEqualTo("ruby-2.4-after");
        assertThat(stepAt("power-of-two")).isEqualTo(128);
    }

    @Test
    void strBuf_removingAnAllocator_removesItsSeries_andTheLastIsRefused() {
        vm.selectScenario(StrBufMinScenario.ID);
        assertThat(XyData.names(chart(StrBufMinScenario.RSS), 0)).contains("glibc");
        assertThat(vm.setText(null, "allocator", "power-of-two,jemalloc-3,jemalloc-5,darwin")).isEmpty();
        assertThat(XyData.names(chart(StrBufMinScenario.RSS), 0)).doesNotContain("glibc").contains("power-of-two");
        assertThat(XyData.names(chart(StrBufMinScenario.WASTE), 0)).doesNotContain("glibc");
        assertThat(vm.setText(null, "allocator", "darwin")).isEmpty();
        Settings before = vm.settings();
        assertThat(vm.setText(null, "allocator", "")).get().asString().contains("at least one allocator");
        assertThat(vm.settings()).isEqualTo(before);
        assertThat(XyData.names(chart(StrBufMinScenario.RSS), 0)).containsExactly("darwin");
    }

    @Test
    void strBuf_workloadRangeAndCount_followTheModel() {
        vm.selectScenario(StrBufMinScenario.ID);
        assertThat(vm.setText(null, "i", "0-200:10")).isEmpty();
        JFreeChart c = chart(StrBufMinScenario.RSS);
        assertThat(c.getXYPlot().getDataset(0).getItemCount(0)).isEqualTo(21);
        assertThat(vm.edit(null, p -> p.with(StrBufMinScenario.WORKLOAD, "buf-new").with(StrBufMinScenario.RUBY,
                "ruby-2.4-before"))).isEmpty();
        var model = StrBufWorkload.predict(new StrBufWorkload.Params(RubyPreset.ruby24Before().strings(),
                vm.settings().get(StrBufMinScenario.ALLOCATOR).stream().map(Allocators::byName).toList(), List.of(100L),
                2_000, StrBufWorkload.Workload.BUF_NEW, StrBufWorkload.THREAD_BASELINE_KIB));
        assertThat(vm.set(StrBufMinScenario.COUNT, 2_000L)).isEmpty();
        assertThat(XyData.y(chart(StrBufMinScenario.RSS), 0, "power-of-two", 100)).isEqualTo(model.get(0).rssKib());
        assertThat(vm.setText(null, "i", "10-5:1")).get().asString().contains("start <= end");
        assertThat(vm.setText(null, "i", "0-100000:1")).get().asString().contains("at most");
    }

    @Test
    void json_policyAllocatorAndLifetimes_changeTheCharts() {
        vm.selectScenario(JsonUnescapeScenario.ID);
        assertThat(vm.settings()).isEqualTo(new JsonUnescapeScenario().defaults());
        assertThat(vm.setText(null, "allocator", "glibc,jemalloc-5")).isEmpty();
        assertThat(Datasets.of(chart(JsonUnescapeScenario.RETAINED))).anyMatch(r -> r.contains("|exact|"));
        assertThat(vm.setText(null, "policy", "set_len,resize")).isEmpty();
        assertThat(Datasets.of(chart(JsonUnescapeScenario.RETAINED))).noneMatch(r -> r.startsWith("0|") && r.contains("|exact|"));
        assertThat(XyData.names(chart(JsonUnescapeScenario.TRADEOFF_CHART), 0)).containsExactly("resize, glibc",
                "resize, jemalloc-5");
        assertThat(vm.setText(null, "allocator", "glibc")).isEmpty();
        assertThat(XyData.names(chart(JsonUnescapeScenario.TRADEOFF_CHART), 0)).containsExactly("resize, glibc");
        assertThat(vm.setText(null, "lifetime", "0.1,1")).isEmpty();
        var tradeoff = chart(JsonUnescapeScenario.TRADEOFF_CHART).getXYPlot().getDataset(0);
        assertThat(tradeoff.getXValue(0, 0)).isCloseTo(0.1, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(tradeoff.getXValue(0, tradeoff.getItemCount(0) - 1)).isCloseTo(1, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(tradeoff.getItemCount(0)).isEqualTo(13);
        assertThat(vm.setText(null, "lifetime", "0.1,soon")).get().asString().contains("'soon' is not a number of seconds");
        vm.undo();
        vm.undo();
        vm.undo();
        vm.undo();
        assertThat(vm.settings()).isEqualTo(new JsonUnescapeScenario().defaults());
    }

    @Test
    void json_documentSample_replacesTheGeneratedOne_andAMissingFileIsRefused(@TempDir Path dir) {
        vm.selectScenario(JsonUnescapeScenario.ID);
        assertThat(vm.run().headline()).contains("12.5");
        assertThat(vm.setText(null, "doc", "sample:reviews_ensure_ascii.json")).isEmpty();
        assertThat(vm.run().parameterLines()).anyMatch(l -> l.startsWith("document: sample-data/json/reviews_ensure_ascii.json"));
        // published markers belong to the PR's document only
        assertThat(Datasets.of(chart(JsonUnescapeScenario.RETAINED))).noneMatch(r -> r.startsWith("1|"));
        Settings before = vm.settings();
        assertThat(vm.setText(null, "doc", dir.resolve("nope.json").toString())).get().asString()
                .contains("no such file").contains("nope.json");
        assertThat(vm.setText(null, "doc", "generated:wavy,1x1")).isPresent();
        assertThat(vm.settings()).isEqualTo(before);
    }

    @Test
    void require_allocatorsRebuildsAndFeatures_changeTheCharts(@TempDir Path dir) throws Exception {
        vm.selectScenario(RequireIndexScenario.ID);
        assertThat(vm.settings()).isEqualTo(new RequireIndexScenario().defaults());
        assertThat(vm.statusProperty().get()).startsWith("features shipped sample  |  malloc darwin, glibc");
        List<String> keys = Datasets.of(chart(RequireIndexScenario.KEYS));
        assertThat(keys).anyMatch(r -> r.contains("|darwin|"));
        assertThat(vm.setText(null, "allocator", "glibc")).isEmpty();
        assertThat(Datasets.of(chart(RequireIndexScenario.KEYS))).noneMatch(r -> r.contains("|darwin|"))
                .anyMatch(r -> r.contains("|glibc|"));
        double mallocsBefore = mallocs();
        assertThat(vm.set(RequireIndexScenario.REBUILDS, 3)).isEmpty();
        assertThat(mallocs()).isGreaterThan(mallocsBefore);

        Path list = dir.resolve("features.txt");
        Files.writeString(list, "/app/lib/a.rb\n/app/lib/b.rb\n");
        assertThat(vm.setText(null, "features", list.toString())).isEmpty();
        assertThat(chart(RequireIndexScenario.KEYS).getSubtitle(0).toString()).isNotNull();
        assertThat(vm.run().parameterLines()).anyMatch(l -> l.contains("features: " + list) && l.contains("(2 paths)"));

        Settings before = vm.settings();
        Path empty = dir.resolve("empty.txt");
        Files.writeString(empty, "# nothing\n");
        assertThat(vm.setText(null, "features", empty.toString())).get().asString().startsWith("features file: ")
                .contains("empty.txt").contains("no feature paths");
        assertThat(vm.setText(null, "features", dir.resolve("missing.txt").toString())).get().asString()
                .startsWith("features file: ").contains("no such file").contains("missing.txt");
        assertThat(vm.settings()).isEqualTo(before);
    }

    private double mallocs() {
        return Datasets.of(chart(RequireIndexScenario.CALLS)).stream()
                .filter(r -> r.startsWith("0|malloc|strdup|")).mapToDouble(r -> Double.parseDouble(r.substring(r.lastIndexOf('|') + 1)))
                .sum();
    }

    @Test
    void saveAndOpen_reproduceIdenticalDatasets_ofEveryScenarioShown(@TempDir Path dir) throws Exception {
        vm.selectScenario(JsonUnescapeScenario.ID);
        vm.setText(null, "policy", "resize,exact");
        vm.setText(null, "lifetime", "0.01,100");
        vm.selectScenario(RequireIndexScenario.ID);
        vm.set(RequireIndexScenario.REBUILDS, 2);
        vm.setText(null, "allocator", "darwin,glibc,power-of-two");
        vm.selectScenario(StrBufMinScenario.ID);
        vm.edit(null, p -> p.with(StrBufMinScenario.RUBY, "ruby-3.1").with(StrBufMinScenario.WORKLOAD, "capacity")
                .with(StrBufMinScenario.COUNT, 5_000L));
        vm.setText(null, "allocator", "power-of-two,glibc,jemalloc-5,darwin");
        vm.setText(null, "i", "20-300:4");
        List<String> strBuf = xyRows();
        Settings saved = vm.settings();
        Path f = dir.resolve("s.slotlab.json");
        vm.save(f);
        try (WorkbenchViewModel other = new WorkbenchViewModel(Runnable::run, false)) {
            other.open(f);
            assertThat(other.settings()).isEqualTo(saved);
            assertThat(xyRows(other)).isEqualTo(strBuf);
            for (String id : List.of(JsonUnescapeScenario.ID, RequireIndexScenario.ID)) {
                vm.selectScenario(id);
                other.selectScenario(id);
                assertThat(Datasets.of(other.run().charts().get(0).chart()))
                        .isEqualTo(Datasets.of(vm.run().charts().get(0).chart()));
            }
        }
    }

    private List<String> xyRows() {
        return xyRows(vm);
    }

    private static List<String> xyRows(WorkbenchViewModel m) {
        List<String> out = new java.util.ArrayList<>();
        for (var rc : m.run().charts()) {
            var plot = rc.chart().getXYPlot();
            for (int d = 0; d < plot.getDatasetCount(); d++) {
                var ds = plot.getDataset(d);
                for (int s = 0; ds != null && s < ds.getSeriesCount(); s++) {
                    for (int i = 0; i < ds.getItemCount(s); i++) {
                        out.add(rc.spec().id() + "|" + d + "|" + ds.getSeriesKey(s) + "|" + ds.getXValue(s, i) + "|"
                                + ds.getYValue(s, i));
                    }
                }
            }
        }
        return out;
    }
}
