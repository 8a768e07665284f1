package org.slotlab.model.calibrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link TimingReport} on the committed calibration readings of Debian 12's ruby 3.1.2 and of
 * ruby 3.4.5 built from Debian's source ({@code sample-data/measured/calibration-*.json.gz}):
 * what each probe unit measured, read back. The same data always gives the same report, so these
 * checks are about the reading, not about the machine's speed.
 */
class TimingReportTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    static final String READINGS_31 = "/sample-data/measured/calibration-ruby-3.1.2-debian12-x86_64.json.gz";
    static final String READINGS_34 = "/sample-data/measured/calibration-ruby-3.4.5-debian-exp1-x86_64.json.gz";

    static CalibrationReadings readings(String resource) throws Exception {
        try (InputStream in = TimingReportTest.class.getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            return CalibrationReadings.read(in, resource);
        }
    }

    static TimingReport timing(String resource) throws Exception {
        return TimingReport.fromUnits(readings(resource).timing(), resource);
    }

    @Test
    void fromUnits_ruby31_mergesTheProcessesOfEachUnit() throws Exception {
        TimingReport t = timing(READINGS_31);

        assertThat(t.mode()).isEqualTo("quick");
        assertThat(t.slotSizes()).containsExactly(40);
        assertThat(t.maxEmbeddedLen()).isEqualTo(23);
        // quick: every unit ran in 2 processes of 3 repeats each
        assertThat(t.rows()).allSatisfy(r -> assertThat(r.repeats()).hasSize(6));
        assertThat(t.rows()).allSatisfy(r -> assertThat(r.repeats()).extracting(TimingReport.Repeat::process).containsOnly(0, 1));
        // 3.1: a middle copy of 24+ bytes is a 40-byte slot + malloc(len + 1)
        assertThat(t.row("slices/middle_malloc_24").sampleMemsize()).isEqualTo(40 + 24 + 1);
        assertThat(t.row("slices/suffix_frozen_1000").sampleMemsize()).isEqualTo(40);
        // a fresh heap source: source + a new frozen root taking its buffer + slice
        assertThat(t.row("roots/fresh_1000_own_suffix_200").objectsPerIteration()).isCloseTo(3.0, within(1e-3));
        assertThat(t.row("roots/fresh_1000_frozen_suffix_200").objectsPerIteration()).isCloseTo(2.0, within(1e-3));
        assertThat(t.row("alloc/object_new").objectsPerIteration()).isCloseTo(1.0, within(1e-3));
        // a major GC per iteration marks every live object; a minor one marks the young
        assertThat(t.row("gc_boot/gc_major_boot").majorsPerIteration()).isCloseTo(1.0, within(1e-9));
        assertThat(t.row("gc_boot/gc_minor_boot").minorsPerIteration()).isCloseTo(1.0, within(1e-9));
        assertThat(t.row("alloc/object_new").minNsPerIteration()).isLessThanOrEqualTo(t.row("alloc/object_new").medianNsPerIteration());
    }

    @Test
    void fromUnits_ruby345_hasOneAllocationRowPerSlotSizeAndMeasuredFaults() throws Exception {
        TimingReport t = timing(READINGS_34);

        assertThat(t.slotSizes()).containsExactly(40, 80, 160, 320, 640);
        assertThat(t.faultsMeasured()).isTrue();
        for (int slot : List.of(80, 160, 320, 640)) {
            // padded objects land exactly in their slot
            assertThat(t.row("alloc/object_new_" + slot).sampleMemsize()).isEqualTo(slot);
        }
        // a buffer past glibc's largest mmap threshold (32 MiB) is mapped and unmapped each time: every page
        // faults (40,000,001 bytes: 9,766 pages); a 200,000-byte one is mapped only until glibc's dynamic
        // threshold grows past it, then reused from the heap
        assertThat(t.row("faults/string_malloc_len40000000").faultsPerIteration()).isBetween(9_700.0, 9_900.0);
        assertThat(t.row("faults/string_malloc_len200000").faultsPerIteration()).isLessThan(10.0);
        // the raised init slots of the footprint units give the 640 B heap more pages and fewer GCs
        assertThat(t.row("footprint_h4_200000/cycle_h4_200000").gcsPerIteration())
                .isLessThan(t.row("footprint_h4_2000/cycle_h4_2000").gcsPerIteration() / 10);
    }

    @Test
    void fromUnits_rowWithoutRepeats_namesTheRow() throws Exception {
        ObjectNode j = unit("slices");
        ObjectNode row = j.putArray("rows").addObject();
        row.put("group", "middle").put("name", "middle_8").put("expr", "SRC.byteslice(1, 8)").put("n", 10);
        row.putArray("repeats");

        assertThatThrownBy(() -> TimingReport.fromUnits(List.of(j), "t.json"))
                .isInstanceOf(CalibrationException.class)
                .hasMessageContaining("t.json: timing output slices/middle_8 has no repeat");
    }

    @Test
    void fromUnits_olderProbeVersion_saysToCalibrateAgain() throws Exception {
        ObjectNode j = unit("calls");
        j.put("probe_version", 1);
        j.putArray("rows");

        assertThatThrownBy(() -> TimingReport.fromUnits(List.of(j), "old.json"))
                .hasMessageContaining("old.json: timing output comes from timing probe version 1")
                .hasMessageContaining("run slotlab calibrate again");
    }

    @Test
    void fromUnits_twoRubies_isRejected() throws Exception {
        ObjectNode a = unit("calls");
        a.putArray("rows");
        ObjectNode b = unit("alloc");
        b.put("ruby_description", "ruby 3.1.2");
        b.putArray("rows");

        assertThatThrownBy(() -> TimingReport.fromUnits(List.of(a, b), "mix.json")).hasMessageContaining("mixes Rubies");
    }

    @Test
    void fromJson_layoutOutput_isRejected() throws Exception {
        JsonNode j = JSON.readTree("{\"probe\":\"layout\"}");

        assertThatThrownBy(() -> TimingReport.fromJson(j, "l.json")).hasMessageContaining("expected 'timing'");
    }

    private static ObjectNode unit(String id) {
        ObjectNode j = JSON.createObjectNode();
        j.put("probe", "timing").put("probe_version", TimingReport.PROBE_VERSION).put("unit", id).put("mode", "quick")
                .put("ruby_description", "ruby 3.4.5").put("faults_measured", true);
        return j;
    }
}
