package org.slotlab.model.measured;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.slotlab.model.measured.Fixtures.value;

import org.junit.jupiter.api.Test;

class BenchmarkDriverRecordImporterTest {

    private final Importer importer = new BenchmarkDriverRecordImporter();

    @Test
    void record_readsBenchmarkResultsNotWarmup() throws ImportException {
        MeasuredSet set = importer.read(Fixtures.path("benchmark_driver.record.yml"));

        assertThat(set.format()).isEqualTo("benchmark-driver-yaml");
        assertThat(set.executables()).containsExactly("compare-ruby", "built-ruby");
        assertThat(set.benchmarks()).containsExactly("size1", "size23", "size100", "size250");
        // the 'false' (benchmark) value, not the 'true' (warmup) 16995256.744259533
        assertThat(value(set, "size1", "compare-ruby", Metric.IPS)).isEqualTo(19965461.154909376);
        assertThat(value(set, "size1", "built-ruby", Metric.IPS)).isEqualTo(21617623.64005313);
        assertThat(value(set, "size250", "built-ruby", Metric.IPS)).isEqualTo(11691107.310938088);
        assertThat(set.points()).hasSize(8).allMatch(p -> p.unit().equals("i/s"));
    }

    @Test
    void cutInsideTheFile_failsWithALine() {
        String cut = Fixtures.cutInside("benchmark_driver.record.yml", 120, 6);

        assertThatThrownBy(() -> Fixtures.read(importer, cut, "cut.yml"))
                .isInstanceOf(ImportException.class)
                .satisfies(e -> assertThat(((ImportException) e).line()).isPositive())
                .hasMessageStartingWith("cut.yml:");
    }

    @Test
    void withoutMetricsAtTheEnd_isTruncated() {
        String text = Fixtures.text("benchmark_driver.record.yml");
        String cut = text.substring(0, text.indexOf("metrics:\n- *3"));

        assertThatThrownBy(() -> Fixtures.read(importer, cut, "cut.yml"))
                .hasMessageContaining("expected a 'metrics' list at the end")
                .hasMessageContaining("truncated");
    }

    @Test
    void onlyWarmupForAJob_isTruncated() {
        // cut right after size1's warmup result, then close the document with a metrics key
        String[] lines = Fixtures.text("benchmark_driver.record.yml").split("\n");
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 27; i++) {
            sb.append(lines[i]).append('\n');
        }
        sb.append("metrics: []\n");

        assertThatThrownBy(() -> Fixtures.read(importer, sb.toString(), "warm.yml"))
                .hasMessageStartingWith("warm.yml:")
                .hasMessageContaining("expected benchmark results ('false:') for job size1");
    }

    @Test
    void notANumber_failsAtItsLine() {
        String text = Fixtures.text("benchmark_driver.record.yml").replace("*3 : 19965461.154909376", "*3 : fast");

        assertThatThrownBy(() -> Fixtures.read(importer, text, "nan.yml"))
                .hasMessage("nan.yml:36: expected a number for size1 on compare-ruby, found 'fast'");
    }

    @Test
    void otherYaml_isRejected() {
        assertThatThrownBy(() -> Fixtures.read(importer, "type: job\nbenchmark: x\n", "job.yml"))
                .hasMessageContaining("expected 'type: recorded'");
    }
}
