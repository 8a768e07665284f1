package org.slotlab.model.calibrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
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
import org.slotlab.model.layout.RubyLayout;

/**
 * The probes on the real {@code ruby} found on PATH (CI installs Debian's); skipped when there is
 * none. On 3.1 it checks the layout Ruby 3.1 has: one 40-byte slot class and an embed capacity
 * of 24 bytes including the NUL (longest embedded string 23). On other versions it checks the
 * relations that must hold everywhere.
 */
class ProbesOnRealRubyTest {

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
    void harnessGcCycles_repeatUntilTheFastestIsSeenThreeTimes_orTwentyOneRepeats() throws Exception {
        HarnessReading h = runner().readHarness(org.slotlab.model.harness.Harness.BARE, null);
        com.fasterxml.jackson.databind.JsonNode cycles = h.raw().path("gc_cycles");
        assertThat(cycles.size()).isBetween(7, 21);
        java.util.List<Double> perGc = new java.util.ArrayList<>();
        for (int i = 1; i < cycles.size(); i++) {
            perGc.add(cycles.get(i).path("time_ms").asDouble() / cycles.get(i).path("gcs").asDouble());
        }
        double best = perGc.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        if (cycles.size() < 21) {
            // stopped early only once two more steady repeats landed within 5% of the fastest
            assertThat(perGc.stream().filter(x -> x <= best * 1.05).count()).isGreaterThanOrEqualTo(3);
        }
        // the reading is the fastest steady repeat, in ns per GC
        assertThat(h.gcCycles().nsPerGc()).isCloseTo(best * 1e6, org.assertj.core.data.Offset.offset(1.0));
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
    void readTiming_smoke_runsEveryUnitInItsOwnProcess() throws Exception {
        List<ProbeProgress> progress = new ArrayList<>();
        TimingReport t = runner().readTiming(TimingMode.SMOKE, progress::add);

        assertThat(t.mode()).isEqualTo("smoke");
        assertThat(t.units()).contains("calls", "faults", "gc_boot", "ring", "alloc.object_new", "slices.suffix_frozen_1000")
                .anyMatch(u -> u.startsWith("footprint_h0_"));
        // the contrasts between heaps run one row per process, beside its own empty loop, as a benchmark's loop does
        for (String family : List.of("alloc", "strings", "slices", "split", "roots")) {
            List<String> own = t.units().stream().filter(u -> u.startsWith(family + ".")).toList();
            assertThat(own).as(family).hasSizeGreaterThan(1);
            for (String u : own) {
                assertThat(t.unit(u)).as(u).hasSize(2).filteredOn(r -> !r.group().equals("baseline")).singleElement()
                        .satisfies(r -> assertThat(r.key()).isEqualTo(family + "/" + r.name()));
            }
        }
        assertThat(t.rows()).extracting(TimingReport.Row::group)
                .contains("baseline", "call", "alloc", "string", "string_malloc", "middle", "suffix_frozen", "fresh_root", "gc_start", "footprint");
        // every unit measures its own empty loop, so the loop comes off within the process that timed the row
        for (String u : t.units()) {
            assertThat(t.unit(u)).as(u).anyMatch(r -> r.group().equals("baseline"));
        }
        // the remembered Array's contrast: minor GCs only, or a major (major_by :nofree) would mark all 200,000 objects
        assertThat(t.unit("gc_remembered")).filteredOn(r -> r.group().equals("gc_start")).hasSize(2).allSatisfy(r -> {
            for (TimingReport.Repeat rep : r.repeats()) {
                assertThat(rep.majorGc()).as(r.key()).isZero();
                assertThat(rep.minorGc()).as(r.key()).isEqualTo(r.n());
            }
        });
        // the idle heap's contrast, where this Ruby has more than one heap and counts objects per heap (3.3 on): beside an
        // idle heap full of old strings and beside one that holds one in 25, as many free slots apart as the setups made
        // (how many GCs each runs is checked on a full calibration's reading: smoke mode runs too few iterations for one)
        if (t.slotSizes().size() > 1 && t.rubyVersion().compareTo("3.3") >= 0) {
            TimingReport.Row dense = t.row("gc_empty.dense/object_new_idle_dense");
            TimingReport.Row sparse = t.row("gc_empty.sparse/object_new_idle_sparse");
            for (TimingReport.Row r : List.of(dense, sparse)) {
                assertThat(r.repeats()).as(r.key()).allSatisfy(rep -> assertThat(rep.heapFree()).as(r.key()).hasSize(t.slotSizes().size()));
            }
            java.util.Set<Integer> loopHeap = java.util.Set.of(0);
            assertThat(sparse.meanIdleFreeSlots(loopHeap) - dense.meanIdleFreeSlots(loopHeap)).isGreaterThan(90_000);
        } else {
            assertThat(t.units()).noneMatch(u -> u.startsWith("gc_empty"));
            assertThat(t.rows()).allSatisfy(r -> assertThat(r.repeats()).allSatisfy(rep -> assertThat(rep.heapFree()).isEmpty()));
        }
        assertThat(progress.get(progress.size() - 1).fraction()).isEqualTo(1.0);
    }

    @Test
    void timing_smoke_allocationRowsMakeTheObjectsTheirFeaturesSay() throws Exception {
        TimingReport t = runner().readTiming(TimingMode.SMOKE, null);

        List<TimingReport.Row> alloc = t.rows().stream().filter(r -> r.unit().startsWith("alloc.")).toList();
        assertThat(alloc).filteredOn(r -> !r.group().equals("baseline")).hasSizeGreaterThanOrEqualTo(4);
        for (TimingReport.Row row : alloc) {
            if (row.group().equals("baseline")) {
                // the unit's first timed loop: its first call makes the interpreter's call caches (a few imemo objects)
                assertThat(row.objectsPerIteration() * row.n()).as(row.key()).isLessThan(16);
                continue;
            }
            for (TimingReport.Repeat rep : row.repeats()) {
                assertThat(rep.elapsedNs()).as(row.key()).isPositive();
                // Object.new and [] make exactly features.slots objects per iteration
                assertThat(rep.allocatedObjects()).as(row.key()).isEqualTo(row.n() * row.feature("slots"));
            }
        }
        assertThat(t.row("alloc/object_new_x2").objectsPerIteration()).isEqualTo(2.0);
    }

    @Test
    void timing_smoke_everyContrastRowMakesTheObjectsTheModelCounts() throws Exception {
        RubyProbeRunner r = runner();
        RubyLayout layout = ProfileCalibration.layoutOf(r.readLayout());
        TimingReport t = r.readTiming(TimingMode.SMOKE, null);

        List<TimingReport.Row> rows = t.rows().stream()
                .filter(x -> !x.group().equals("baseline") && List.of("strings", "slices", "split", "roots").contains(x.key().split("/")[0]))
                .toList();
        assertThat(rows).extracting(TimingReport.Row::group).contains("split", "middle", "suffix_frozen", "string");
        for (TimingReport.Row row : rows) {
            StringBuilder why = new StringBuilder();
            ProfileCalibration.RowEvents ev = ProfileCalibration.eventsOf(row, layout, why);
            assertThat(ev).as(row.key() + ": " + why).isNotNull();
            // what the fit prices is what the Ruby allocated (the first call's few call-cache objects aside)
            assertThat(row.objectsPerIteration()).as(row.key() + " on " + r.version()).isCloseTo(ev.slots().size(), within(0.01));
        }
    }
}
