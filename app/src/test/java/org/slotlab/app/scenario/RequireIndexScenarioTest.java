package org.slotlab.app.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.jfree.data.category.CategoryDataset;
import org.junit.jupiter.api.Test;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.model.buffers.RequireIndexWorkload;

class RequireIndexScenarioTest {

    private static final ScenarioRun RUN = new RequireIndexScenario().compute(
            ScenarioRequest.of(new RequireIndexScenario().defaults()),
            SlotlabTheme.standard(), () -> false);

    private static CategoryDataset bars(ChartSpec spec) {
        return RUN.chart(spec.id()).orElseThrow().chart().getCategoryPlot().getDataset(0);
    }

    @Test
    void keysChart_holdsTheModelsBytesPerAllocator() {
        var rows = RequireIndexWorkload.predict(RequireIndexScenario.params());
        CategoryDataset d = bars(RequireIndexScenario.KEYS);
        for (var r : rows) {
            assertThat(d.getValue(r.storage() + ": footprint", r.allocator()).doubleValue())
                    .isCloseTo(r.footprintBytes() / 1024.0, within(1e-9));
            assertThat(d.getValue(r.storage() + ": key bytes", r.allocator()).doubleValue())
                    .isCloseTo(r.keyBytes() / 1024.0, within(1e-9));
        }
        // indexing keeps far fewer key bytes than strdup'ing every distinct key
        assertThat(d.getValue("indexed: key bytes", "darwin").doubleValue())
                .isLessThan(d.getValue("strdup: key bytes", "darwin").doubleValue() / 5);
    }

    @Test
    void callsChart_stacksMallocAndFree() {
        var rows = RequireIndexWorkload.predict(RequireIndexScenario.params());
        var strdup = rows.stream().filter(r -> r.storage().equals("strdup")).findFirst().orElseThrow();
        CategoryDataset d = bars(RequireIndexScenario.CALLS);
        assertThat(d.getValue("malloc", "strdup").longValue()).isEqualTo(strdup.mallocCalls());
        assertThat(d.getValue("free", "strdup").longValue()).isEqualTo(strdup.freeCalls());
    }

    @Test
    void shareChart_isTheShareOfRequireIndexCsv() {
        var pub = RequireIndexScenario.published();
        assertThat(pub.bytesSaved()).isEqualTo(RequireIndexWorkload.PUBLISHED_BYTES_SAVED);
        assertThat(pub.callsEliminated()).isEqualTo(76_212);
        var cmp = RequireIndexWorkload.compare(RequireIndexScenario.params());
        CategoryDataset d = bars(RequireIndexScenario.SHARE);
        for (var c : cmp) {
            assertThat(d.getValue("bytes saved", c.allocator()).doubleValue())
                    .isCloseTo(100 * c.shareOfPublishedBytes(), within(1e-9));
            assertThat(d.getValue("calls saved", c.allocator()).doubleValue())
                    .isCloseTo(100 * c.shareOfPublishedCalls(), within(1e-9));
        }
        assertThat(RUN.table().footer().get(0)).contains("59,580,203").contains("76,212");
    }
}
