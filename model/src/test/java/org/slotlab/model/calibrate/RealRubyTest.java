package org.slotlab.model.calibrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.junit.jupiter.api.Assumptions.abort;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The probes on the real {@code ruby} found on PATH (CI installs Debian's); skipped when there is
 * none. On 3.1 it checks the layout issue 6 names: one 40-byte slot class and an embed capacity
 * of 24 bytes including the NUL (longest embedded string 23). On other versions it checks the
 * relations that must hold everywhere.
 */
class RealRubyTest {

    private static Path ruby;

    @BeforeAll
    static void findRuby() {
        try {
            ruby = RubyProbeRunner.locate("ruby");
        } catch (CalibrationException e) {
            abort("no ruby on PATH: " + e.getMessage());
        }
    }

    private static RubyProbeRunner runner() {
        return new RubyProbeRunner(ruby, Duration.ofMinutes(2));
    }

    @Test
    void layout_realRuby_isSelfConsistent() throws Exception {
        LayoutReading l = LayoutReading.of(runner().readLayout());

        for (Map.Entry<Integer, Integer> e : l.embedCapaBySlot().entrySet()) {
            assertThat(e.getValue()).as("embed capa of slot %d", e.getKey()).isEqualTo(e.getKey() - l.embedOffset());
        }
        assertThat(l.maxEmbedCapa()).isEqualTo(l.embedCapaBySlot().values().stream().mapToInt(Integer::intValue).max().orElseThrow());
        assertThat(l.baseSlotSize()).isEqualTo(l.slotSizes().get(0));
        assertThat(l.sharedSuffixMinLen()).isGreaterThan(0);
        assertThat(l.bootHeapAllocatedPages()).isPositive();
    }

    @Test
    void layout_ruby31_hasOneFortyByteSlotAndEmbedCapa24() throws Exception {
        RubyProbeRunner r = runner();
        assumeThat(r.version().isAtLeast(3, 1) && !r.version().isAtLeast(3, 2)).as("ruby on PATH is %s, not 3.1", r.version()).isTrue();

        LayoutReading l = LayoutReading.of(r.readLayout());

        assertThat(l.slotSizes()).containsExactly(40);
        assertThat(l.embedCapaBySlot()).containsEntry(40, 24).hasSize(1);
        assertThat(l.maxEmbeddedLen()).isEqualTo(23);
        assertThat(l.termLen()).isEqualTo(1);
        assertThat(l.embedOffset()).isEqualTo(16);
    }

    @Test
    void layout_ruby34_hasFiveHeapsAndEmbedOffset24() throws Exception {
        RubyProbeRunner r = runner();
        assumeThat(r.version().isAtLeast(3, 4) && !r.version().isAtLeast(3, 5)).as("ruby on PATH is %s, not 3.4", r.version()).isTrue();

        LayoutReading l = LayoutReading.of(r.readLayout());

        assertThat(l.slotSizes()).containsExactly(40, 80, 160, 320, 640);
        assertThat(l.embedOffset()).isEqualTo(24);
        assertThat(l.maxEmbeddedLen()).isEqualTo(615);
        assertThat(l.sharedSuffixMinLen()).isEqualTo(16);
    }

    @Test
    void readTiming_smoke_readsEveryRow() throws Exception {
        TimingReport t = runner().readTiming(TimingMode.SMOKE, null);

        assertThat(t.mode()).isEqualTo("smoke");
        assertThat(t.rows()).extracting(TimingReport.Row::group)
                .contains("baseline", "alloc_object", "alloc_string", "copy_middle", "suffix_frozen", "suffix_unfrozen", "gc");
        assertThat(t.row("objects_x4").objectsPerIteration()).isEqualTo(4.0);
    }

    @Test
    void timing_smoke_reportsEveryRowWithItsAllocations() throws Exception {
        List<ProbeProgress> progress = new ArrayList<>();

        ProbeResult res = runner().run(RubyProbeRunner.TIMING_PROBE, List.of("smoke"), progress::add);

        JsonNode rows = res.json().get("rows");
        assertThat(rows.size()).isGreaterThan(10);
        assertThat(progress).isNotEmpty();
        assertThat(progress.get(progress.size() - 1).fraction()).isEqualTo(1.0);
        int n = res.json().get("n").asInt();
        for (JsonNode row : rows) {
            for (JsonNode rep : row.get("repeats")) {
                assertThat(rep.get("elapsed_ns").asLong()).as(row.get("name").asText()).isPositive();
                if (row.get("group").asText().startsWith("alloc")) {
                    // allocation rows make exactly features.objects (default 1) objects per iteration
                    long perIteration = row.path("features").path("objects").asLong(1);
                    assertThat(rep.get("allocated_objects").asLong()).as(row.get("name").asText()).isEqualTo(n * perIteration);
                }
            }
        }
    }
}
