package org.slotlab.app.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The harness's arithmetic, without a window: percentiles, the verdict line, the drag's values. */
class SliderLatencyHarnessTest {

    @Test
    void pct_isTheNearestRank() {
        double[] sorted = new double[100];
        for (int i = 0; i < 100; i++) {
            sorted[i] = i + 1;
        }
        assertThat(SliderLatencyHarness.pct(sorted, 50)).isEqualTo(50);
        assertThat(SliderLatencyHarness.pct(sorted, 99)).isEqualTo(99);
        assertThat(SliderLatencyHarness.pct(sorted, 100)).isEqualTo(100);
        assertThat(SliderLatencyHarness.pct(new double[0], 99)).isNaN();
    }

    @Test
    void verdict_comparesTheP99WithTheTarget() {
        double[] fast = new double[200];
        java.util.Arrays.fill(fast, 3.0);
        fast[199] = 40; // one outlier in 200 is above p99
        double[] slow = fast.clone();
        slow[0] = 17;
        slow[1] = 17;
        slow[2] = 17;
        assertThat(SliderLatencyHarness.verdict(fast)).isEqualTo("met (3.0 ms)");
        assertThat(SliderLatencyHarness.verdict(slow)).isEqualTo("NOT met (17.0 ms)");
    }

    @Test
    void nextValue_staysInTheSlotRange_andAlwaysMoves() {
        int v = 256;
        for (int i = 0; i < 10_000; i++) {
            int next = SliderLatencyHarness.nextValue(v, i);
            assertThat(next).isBetween(SliderLatencyHarness.LOW, SliderLatencyHarness.HIGH).isNotEqualTo(v);
            v = next;
        }
    }
}
