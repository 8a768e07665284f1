package org.slotlab.model.calibrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link TimingReport} on timing.rb's quick run on Debian 12's ruby 3.1.2
 * ({@code sample-data/measured/timing-quick-ruby-3.1.2-debian12-x86_64.json}), and a cost fit on
 * it with {@link LeastSquares}: the same data always gives the same fit, so these checks are
 * about the reading and the fit, not about the machine's speed.
 */
class TimingReportTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String MEASURED_31 = "/sample-data/measured/timing-quick-ruby-3.1.2-debian12-x86_64.json";

    private static TimingReport measured31() throws Exception {
        try (InputStream in = TimingReportTest.class.getResourceAsStream(MEASURED_31)) {
            assertThat(in).as(MEASURED_31).isNotNull();
            return TimingReport.fromJson(JSON.readTree(in), MEASURED_31);
        }
    }

    @Test
    void fromJson_ruby31Quick_readsRowsRepeatsAndRepresentations() throws Exception {
        TimingReport t = measured31();

        assertThat(t.mode()).isEqualTo("quick");
        assertThat(t.slotSizes()).containsExactly(40);
        assertThat(t.maxEmbeddedLen()).isEqualTo(23);
        assertThat(t.rows()).allSatisfy(r -> assertThat(r.repeats()).hasSize(5));
        // 3.1: a middle copy of 24+ bytes is a 40-byte slot + malloc(len + 1)
        assertThat(t.row("middle_64").sampleMemsize()).isEqualTo(40 + 64 + 1);
        assertThat(t.row("suffix_frozen_1024").sampleMemsize()).isEqualTo(40);
        // an unfrozen heap source: source + new frozen root taking its buffer + slice
        assertThat(t.row("suffix_unfrozen_1024_32").objectsPerIteration()).isCloseTo(3.0, within(1e-3));
        assertThat(t.row("object_40").objectsPerIteration()).isCloseTo(1.0, within(1e-3));
        assertThat(t.row("empty_loop").objectsPerIteration()).isCloseTo(0.0, within(1e-3));
        // measured: dying objects never need a major GC; a ring of 50_000 live objects does
        // (survivors of 3 GCs are promoted, RVALUE_OLD_AGE, and die old: major_by oldgen)
        assertThat(t.row("gc_churn_object").repeats()).allSatisfy(r -> assertThat(r.majorGc()).isZero());
        assertThat(t.row("gc_ring_object_50000").repeats()).allSatisfy(r -> assertThat(r.majorGc()).isPositive());
        assertThat(t.row("objects_x4").objectsPerIteration()).isCloseTo(4.0, within(1e-3));
        assertThat(t.row("object_40").minNsPerIteration()).isLessThanOrEqualTo(t.row("object_40").medianNsPerIteration());
    }

    @Test
    void costFit_ruby31Quick_isPositiveAndExplainsMostOfTheTime() throws Exception {
        TimingReport t = measured31();
        List<String> names = List.of("loop_ns", "object_ns", "copied_byte_ns", "malloc_ns");
        List<double[]> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (TimingReport.Row r : t.rows()) {
            if (r.group().equals("gc")) {
                continue;
            }
            // one malloc when the row's result (or, for slices of a fresh source, the source) has a heap buffer
            boolean malloced = r.feature("source_len") > 0 ? r.feature("source_len") > t.maxEmbeddedLen()
                    : r.sampleMemsize() > 40 && !r.group().equals("suffix_frozen");
            x.add(new double[] {1, r.objectsPerIteration(), r.feature("copied_bytes"), malloced ? 1 : 0});
            y.add(r.minNsPerIteration());
        }

        LeastSquares.Fit fit = LeastSquares.nonNegative(names, x.toArray(double[][]::new), y.stream().mapToDouble(Double::doubleValue).toArray());

        assertThat(fit.coefficients()).allSatisfy(c -> assertThat(c.atZeroBound()).as(c.name()).isFalse());
        assertThat(fit.coefficient("copied_byte_ns").estimate()).isBetween(0.01, 1.0);
        // the multi-allocation and fresh-source rows separate the object cost from the loop
        assertThat(fit.coefficient("object_ns").lower95()).isPositive();
        assertThat(fit.coefficient("malloc_ns").lower95()).isPositive();
        assertThat(fit.rSquared()).isGreaterThan(0.8);
    }

    @Test
    void fromJson_ruby345Quick_hasOneAllocationRowPerSlotSize() throws Exception {
        String file = "/sample-data/measured/timing-quick-ruby-3.4.5-debian-exp1-x86_64.json";
        TimingReport t;
        try (InputStream in = TimingReportTest.class.getResourceAsStream(file)) {
            assertThat(in).as(file).isNotNull();
            t = TimingReport.fromJson(JSON.readTree(in), file);
        }

        assertThat(t.slotSizes()).containsExactly(40, 80, 160, 320, 640);
        for (int slot : t.slotSizes()) {
            // padded objects and the longest embedded string land exactly in their slot
            assertThat(t.row("object_" + slot).sampleMemsize()).isEqualTo(slot);
            assertThat(t.rows()).filteredOn(r -> r.group().equals("alloc_string") && r.feature("slot_size") == slot)
                    .singleElement().satisfies(r -> assertThat(r.sampleMemsize()).isEqualTo(slot));
        }
        // measured: the small 80-byte heap runs dry far more often than the 40-byte one
        // (any heap running out of slots starts a GC of all heaps)
        assertThat(t.row("object_80").gcsPerIteration()).isGreaterThan(2 * t.row("object_40").gcsPerIteration());
    }

    @Test
    void fromJson_rowWithoutRepeats_namesTheRow() throws Exception {
        ObjectNode j = JSON.createObjectNode();
        j.put("probe", "timing");
        ObjectNode row = j.putArray("rows").addObject();
        row.put("group", "copy_middle").put("name", "middle_8").put("expr", "SRC.byteslice(1, 8)").put("n", 10);
        row.putArray("repeats");

        assertThatThrownBy(() -> TimingReport.fromJson(j, "t.json"))
                .isInstanceOf(CalibrationException.class)
                .hasMessageContaining("t.json: timing output rows[0] (middle_8) has n = 10 and 0 repeats");
    }

    @Test
    void fromJson_layoutOutput_isRejected() throws Exception {
        JsonNode j = JSON.readTree("{\"probe\":\"layout\"}");

        assertThatThrownBy(() -> TimingReport.fromJson(j, "l.json")).hasMessageContaining("expected 'timing'");
    }
}
