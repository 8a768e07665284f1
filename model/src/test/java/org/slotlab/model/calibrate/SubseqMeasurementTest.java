package org.slotlab.model.calibrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.io.StringReader;
import org.junit.jupiter.api.Test;
import org.slotlab.model.measured.MeasuredCsv;
import org.slotlab.model.measured.MeasuredSet;
import org.slotlab.model.measured.Metric;
import org.slotlab.model.string.SourceState;

/**
 * {@link SubseqMeasurement} on measure.rb's real output on Debian 12's ruby 3.1.2
 * ({@code calibrate/measure-frozen-ruby-3.1.2.json}: 20,000 suffix slices of a frozen
 * 10,000-byte source at len 1, 23 and 100, two repeats each).
 */
class SubseqMeasurementTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String FILE = "/calibrate/measure-frozen-ruby-3.1.2.json";

    private static JsonNode measured() throws Exception {
        try (InputStream in = SubseqMeasurementTest.class.getResourceAsStream(FILE)) {
            assertThat(in).as(FILE).isNotNull();
            return JSON.readTree(in);
        }
    }

    @Test
    void fromJson_ruby31_subtractsTheLoopAndKeepsTheFastestRepeat() throws Exception {
        JsonNode j = measured();
        SubseqMeasurement m = SubseqMeasurement.fromJson(j, FILE);

        assertThat(m.source()).isEqualTo(SourceState.FROZEN);
        assertThat(m.points()).extracting(SubseqMeasurement.Point::len).containsExactly(1L, 23L, 100L);
        double loop = Math.min(j.at("/empty_loop/0/elapsed_ns").asLong(), j.at("/empty_loop/1/elapsed_ns").asLong()) / 20_000.0;
        double fastest = Math.min(j.at("/rows/2/repeats/0/elapsed_ns").asLong(), j.at("/rows/2/repeats/1/elapsed_ns").asLong()) / 20_000.0;
        assertThat(m.loopOverheadNs()).isCloseTo(loop, within(1e-9));
        assertThat(m.points().get(2).nsPerOp()).isCloseTo(fastest - loop, within(1e-9));
        // a suffix slice of a frozen source allocates only the slice; 3.1 embeds 1 and 23 bytes, shares 100
        assertThat(m.points()).allSatisfy(p -> assertThat(p.objectsPerOp()).isCloseTo(1.0, within(1e-3)));
        assertThat(m.points()).extracting(SubseqMeasurement.Point::sampleMemsize).containsOnly(40L);
    }

    @Test
    void toMeasuredSet_writesAndReadsBackAsTheImportCsv() throws Exception {
        SubseqMeasurement m = SubseqMeasurement.fromJson(measured(), FILE);

        MeasuredSet back = MeasuredCsv.read(new StringReader(MeasuredCsv.toCsv(m.toMeasuredSet("m.csv"))), "m.csv");

        assertThat(back.tool()).isEqualTo(SubseqMeasurement.TOOL);
        assertThat(back.benchmarks()).containsExactly("subseq_frozen_len1", "subseq_frozen_len23", "subseq_frozen_len100");
        assertThat(back.pointsOf(Metric.NS_PER_OP)).extracting(p -> p.parameter().orElseThrow().value()).containsExactly(1L, 23L, 100L);
        assertThat(back.pointsOf(Metric.GC_COUNT).get(0).value()).isEqualTo(m.points().get(0).gcCount());
    }

    @Test
    void fromJson_otherProbe_isRejected() throws Exception {
        ObjectNode j = (ObjectNode) measured();
        j.put("probe", "timing");

        assertThatThrownBy(() -> SubseqMeasurement.fromJson(j, "m.json"))
                .isInstanceOf(CalibrationException.class).hasMessageContaining("m.json: measure output field 'probe' is 'timing'");
    }

    @Test
    void sourceArgument_alreadyShared_cannotBeMeasured() {
        assertThatThrownBy(() -> SubseqMeasurement.sourceArgument(SourceState.ALREADY_SHARED))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("use frozen or unfrozen-unshared");
    }
}
