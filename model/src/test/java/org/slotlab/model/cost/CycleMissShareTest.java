package org.slotlab.model.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import org.junit.jupiter.api.Test;

/**
 * {@code cycle_miss_square_ramp}: how the share of a GC cycle's bytes beyond the cache grows past
 * {@code cycle_cache_bytes}, between the hyperbola {@code 1 - cache / cycle} (0) and the square
 * ramp {@code min(1, cycle / cache - 1)^2} (1).
 */
class CycleMissShareTest {

    private static final double CACHE = 16.0 * 1024 * 1024;

    @Test
    void theHyperbola_isTheShareOfProfilesWithoutTheTerm() {
        for (double cycle : new double[] {CACHE / 2, CACHE, 1.25 * CACHE, 2 * CACHE, 7 * CACHE}) {
            assertThat(CostModel.cycleMissShare(cycle, CACHE, 0)).isEqualTo(CostModel.missFraction(cycle, CACHE));
        }
        // a profile written before the term existed reads it as 0
        assertThat(CostProfile.defaultProfile().get(CostProfile.CYCLE_MISS_SQUARE_RAMP)).isZero();
    }

    @Test
    void theSquareRamp_losesFewBytesJustPastTheCache_andAllByTwiceIt() {
        assertThat(CostModel.cycleMissShare(CACHE, CACHE, 1)).isZero();
        assertThat(CostModel.cycleMissShare(1.25 * CACHE, CACHE, 1)).isCloseTo(0.0625, within(1e-12));
        assertThat(CostModel.cycleMissShare(1.5 * CACHE, CACHE, 1)).isCloseTo(0.25, within(1e-12));
        assertThat(CostModel.cycleMissShare(2 * CACHE, CACHE, 1)).isEqualTo(1);
        assertThat(CostModel.cycleMissShare(5 * CACHE, CACHE, 1)).isEqualTo(1);
        // where the hyperbola gives 0.2 and 0.33
        assertThat(CostModel.missFraction(1.25 * CACHE, CACHE)).isCloseTo(0.2, within(1e-12));
    }

    @Test
    void aShareBetween_blendsTheTwo() {
        double cycle = 1.5 * CACHE;
        double h = CostModel.missFraction(cycle, CACHE);
        assertThat(CostModel.cycleMissShare(cycle, CACHE, 0.5)).isCloseTo(0.5 * h + 0.5 * 0.25, within(1e-12));
    }

    @Property
    void theShare_staysBetween0And1_andNeverFallsAsTheCycleGrows(@ForAll @DoubleRange(min = 0, max = 1) double ramp,
            @ForAll @DoubleRange(min = 0, max = 8) double a, @ForAll @DoubleRange(min = 0, max = 8) double b) {
        double lo = Math.min(a, b) * CACHE;
        double hi = Math.max(a, b) * CACHE;
        double sLo = CostModel.cycleMissShare(lo, CACHE, ramp);
        double sHi = CostModel.cycleMissShare(hi, CACHE, ramp);
        assertThat(sLo).isBetween(0.0, 1.0);
        assertThat(sHi).isBetween(0.0, 1.0).isGreaterThanOrEqualTo(sLo - 1e-12);
    }

    @Test
    void thePrice_ofBytesPastTheCache_followsTheShare() {
        CostProfile hyperbola = CostProfile.defaultProfile().with(Map.of(CostProfile.CYCLE_CACHE, CACHE), "hyperbola");
        CostProfile ramp = hyperbola.with(Map.of(CostProfile.CYCLE_MISS_SQUARE_RAMP, 1.0), "square ramp");
        double bytes = 10_000;
        double cycle = 1.25 * CACHE;
        assertThat(CostModel.memoryBeyondCache(bytes, cycle, 0, ramp.get(CostProfile.CYCLE_CACHE), ramp.get(CostProfile.CYCLE_MISS_SQUARE_RAMP)))
                .isCloseTo(bytes * 0.0625, within(1e-9));
        assertThat(CostModel.memoryBeyondCache(bytes, cycle, 0, hyperbola.get(CostProfile.CYCLE_CACHE),
                hyperbola.get(CostProfile.CYCLE_MISS_SQUARE_RAMP))).isCloseTo(bytes * 0.2, within(1e-9));
    }
}
