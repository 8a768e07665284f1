package org.slotlab.model.measured;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.slotlab.model.measured.Fixtures.value;

import org.junit.jupiter.api.Test;

/** ruby-bench's harness-gc console log and JSON with one to three executables, from real runs. */
class HarnessGcRealOutputsTest {

    private final Importer gc = new HarnessGcImporter();

    @Test
    void twoExecutables_secondHeapTableAfterTheFirst() throws ImportException {
        MeasuredSet set = gc.read(Fixtures.path("rb_gc_2exe.console.txt"));

        assertThat(set.executables()).containsExactly("base", "always-embed");
        assertThat(value(set, "byteslice_suffix", "base", Metric.MS)).isEqualTo(20.0);
        // mean gc_count of the last 3 iterations: 21, 20, 20
        assertThat(value(set, "byteslice_suffix", "base", Metric.GC_COUNT)).isCloseTo(61 / 3.0, within(1e-12));
        MeasuredPoint eden = set.points().stream().filter(p -> p.executable().equals("always-embed")
                && p.benchmark().equals("byteslice_suffix") && p.metric().equals("eden_slots")
                && p.parameter().orElseThrow().value() == 160).findFirst().orElseThrow();
        assertThat(eden.value()).isEqualTo(16352.0);
        // the results table at the end of the log gives the ratios
        assertThat(value(set, "byteslice_suffix", "always-embed", Metric.SPEED_RATIO)).isEqualTo(0.979);
    }

    @Test
    void threeExecutables_aRubyWithoutStatHeapHasNoHeapTable() throws ImportException {
        MeasuredSet set = gc.read(Fixtures.path("rb_gc_3exe.console.txt"));

        assertThat(set.executables()).containsExactly("base", "always-embed", "ruby-3.1");
        assertThat(set.points().stream().filter(p -> p.executable().equals("ruby-3.1") && p.metric().equals("eden_slots"))).isEmpty();
        assertThat(value(set, "byteslice_suffix", "ruby-3.1", Metric.SPEED_RATIO)).isEqualTo(0.557);
    }

    @Test
    void interleaved_executableFromTheRunningLine() throws ImportException {
        MeasuredSet set = gc.read(Fixtures.path("rb_gc_2exe_interleave.console.txt"));

        assertThat(set.executables()).containsExactlyInAnyOrder("base", "always-embed");
        assertThat(set.pointsOf(Metric.MS)).hasSize(4);
    }

    @Test
    void json_threeExecutables_meansAndHeapCounts() throws ImportException {
        MeasuredSet set = new RubyBenchJsonImporter().read(Fixtures.path("rb_gc_3exe.json"));

        assertThat(set.executables()).containsExactly("base", "always-embed", "ruby-3.1");
        assertThat(value(set, "byteslice_kept", "base", Metric.MS)).isCloseTo(3.3164866666387147, within(1e-9));
        assertThat(value(set, "byteslice_suffix", "ruby-3.1", Metric.GC_COUNT)).isCloseTo(52 / 3.0, within(1e-12));
        assertThat(value(set, "byteslice_suffix", "ruby-3.1", Metric.SPEED_RATIO))
                .isCloseTo(22.8908336666791 / 41.111058666804944, within(1e-9));
    }

    @Test
    void heapRowCutShort_oneDecimalMissing_isRefused() {
        // "192.0" cut to "19" still looks like a number: harness.rb prints mem_KiB with one decimal
        String t = Fixtures.text("rb_gc_2exe.console.txt").replaceFirst("0\\.0%    192\\.0\\n", "0.0%    19\n");

        assertThatThrownBy(() -> Fixtures.read(gc, t, "gc.txt"))
                .hasMessageStartingWith("gc.txt:")
                .hasMessageContaining("expected mem_KiB written with one decimal like 448.0, found '19'");
    }
}
