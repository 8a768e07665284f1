package org.slotlab.model.measured;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.slotlab.model.measured.Fixtures.value;

import org.junit.jupiter.api.Test;

class RubyBenchImportersTest {

    private static final double EXACT = 1e-9;
    private final Importer json = new RubyBenchJsonImporter();
    private final Importer gc = new HarnessGcImporter();

    @Test
    void json_meanOfBenchIterationsInMs_andRatioAgainstFirstExecutable() throws ImportException {
        MeasuredSet set = json.read(Fixtures.path("ruby_bench_output_001.json"));

        assertThat(set.tool()).isEqualTo("ruby-bench");
        assertThat(set.executables()).containsExactly("master", "branch");
        assertThat(set.benchmarks()).containsExactly("fib", "str_concat");
        double masterFib = (0.19470808900001657 + 0.19514129999998886 + 0.20021806799996966) / 3 * 1000;
        double branchFib = (0.21342751899999257 + 0.2716186709999988 + 0.2486073000000033) / 3 * 1000;
        assertThat(value(set, "fib", "master", Metric.MS)).isCloseTo(masterFib, within(EXACT));
        assertThat(value(set, "fib", "branch", Metric.MS)).isCloseTo(branchFib, within(EXACT));
        // ruby-bench's own table printed master/branch 0.804 for this run
        assertThat(value(set, "fib", "branch", Metric.SPEED_RATIO)).isCloseTo(masterFib / branchFib, within(EXACT))
                .isCloseTo(0.804, within(0.0005));
        assertThat(set.find("fib", "master", Metric.SPEED_RATIO)).isEmpty();
        assertThat(value(set, "str_concat", "branch", Metric.RSS)).isEqualTo(31408128.0);
    }

    @Test
    void json_harnessGc_addsMeanGcCounts() throws ImportException {
        MeasuredSet set = json.read(Fixtures.path("ruby_bench_gc_output_001.json"));

        assertThat(value(set, "subseq_slices", "master", Metric.GC_COUNT)).isCloseTo(4.0 / 3, within(EXACT));
        assertThat(value(set, "subseq_slices", "master", "gc_major_count")).isCloseTo(1.0 / 3, within(EXACT));
        assertThat(value(set, "subseq_slices", "master", "gc_minor_count")).isEqualTo(1.0);
    }

    @Test
    void json_gcHeapFinal_becomesPointsPerSlotSize() throws ImportException {
        String text = "{\"metadata\":{\"m\":\"ruby 3.4\"},\"raw_data\":{\"m\":{\"b\":{\"bench\":[0.5],"
                + "\"gc_heap_final\":{\"0\":{\"slot_size\":40,\"heap_eden_slots\":1638,\"heap_live_slots\":1000},"
                + "\"1\":{\"slot_size\":80,\"heap_eden_slots\":819,\"heap_live_slots\":10}}}}}}";

        MeasuredSet set = Fixtures.read(json, text, "heap.json");

        assertThat(set.pointsOf("live_slots")).extracting(p -> p.parameter().orElseThrow())
                .containsExactly(new MappedParameter("slot_size", 40), new MappedParameter("slot_size", 80));
        assertThat(value(set, "b", "m", Metric.MS)).isEqualTo(500.0);
    }

    @Test
    void json_truncated_fails() {
        String t = Fixtures.text("ruby_bench_output_001.json");
        String cut = t.substring(0, t.length() / 2);

        assertThatThrownBy(() -> Fixtures.read(json, cut, "cut.json"))
                .isInstanceOf(ImportException.class)
                .hasMessageStartingWith("cut.json:1: ")
                .hasMessageContaining("truncated");
    }

    @Test
    void json_emptyBench_namesTheResult() {
        String t = "{\"metadata\":{},\"raw_data\":{\"master\":{\n\"fib\":{\"bench\":[]}}}}";

        assertThatThrownBy(() -> Fixtures.read(json, t, "e.json"))
                .hasMessage("e.json:2: expected a non-empty array 'bench' in raw_data.master.fib (iteration times in seconds)");
    }

    @Test
    void harnessGc_runLog_readsAverageAndGcCountsOfTheLastIterations() throws ImportException {
        MeasuredSet set = gc.read(Fixtures.path("harness_gc_run.txt"));

        // run_benchmarks.rb lists "master: ruby ..." after the runs
        assertThat(set.executables()).containsExactly("master");
        assertThat(set.benchmarks()).containsExactly("subseq_slices");
        assertThat(value(set, "subseq_slices", "master", Metric.MS)).isEqualTo(36.0);
        // "Average of last 3": iterations #2..#4 had gc_count 2, 1, 1
        assertThat(value(set, "subseq_slices", "master", Metric.GC_COUNT)).isCloseTo(4.0 / 3, within(EXACT));
        assertThat(value(set, "subseq_slices", "master", "gc_major_count")).isCloseTo(1.0 / 3, within(EXACT));
    }

    @Test
    void harnessGc_heapTable_givesSlotSizeParameters() throws ImportException {
        MeasuredSet set = gc.read(Fixtures.path("harness_gc_heap_table_format_sample.txt"));
        String exe = "ruby 3.4 (format sample: constructed numbers, not a measurement)";
        String bench = "harness_gc_heap_table_format_sample";

        assertThat(set.executables()).containsExactly(exe);
        assertThat(value(set, bench, exe, Metric.MS)).isEqualTo(398.0);
        assertThat(value(set, bench, exe, "gc_marking_ms")).isEqualTo(28.2);
        assertThat(value(set, bench, exe, Metric.GC_COUNT)).isCloseTo(37.0 / 3, within(EXACT));
        assertThat(set.pointsOf("live_slots")).extracting(MeasuredPoint::value).containsExactly(151204.0, 35022.0, 11876.0, 1790.0, 311.0);
        assertThat(set.pointsOf("live_slots")).extracting(p -> p.parameter().orElseThrow().value()).containsExactly(40L, 80L, 160L, 320L, 640L);
        assertThat(set.pointsOf("mem_KiB").get(4).unit()).isEqualTo("KiB");
    }

    @Test
    void harnessGc_heapRowCut_failsWithLine() {
        String cut = Fixtures.cutInside("harness_gc_heap_table_format_sample.txt", 14, 25);

        assertThatThrownBy(() -> Fixtures.read(gc, cut, "gc.txt"))
                .hasMessageStartingWith("gc.txt:15: the file stops in the middle of this line")
                .hasMessageContaining("truncated");
    }

    @Test
    void harnessGc_iterationsWithoutAverage_isTruncated() {
        String cut = Fixtures.firstLines("harness_gc_run.txt", 7);

        assertThatThrownBy(() -> Fixtures.read(gc, cut, "gc.txt"))
                .hasMessage("gc.txt:7: expected 'Average of last N, non-warmup iters: Xms' after the iterations of subseq_slices; is the output truncated?");
    }

    @Test
    void harnessGc_iterationRowCut_failsWithColumnCount() {
        String cut = Fixtures.cutInside("harness_gc_run.txt", 5, 21);

        assertThatThrownBy(() -> Fixtures.read(gc, cut, "gc.txt"))
                .hasMessageStartingWith("gc.txt:6: the file stops in the middle of this line");
    }
}
