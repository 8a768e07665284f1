package org.slotlab.model.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.slotlab.model.heap.HeapSimulator;
import org.slotlab.model.heap.SimResult;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SlicePosition;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.workload.KeepMode;
import org.slotlab.model.workload.OpPlan;
import org.slotlab.model.workload.SliceLoop;

/**
 * {@code cycle_miss_large_buffer_exempt}: where a calibration timed 10,000 B buffers apart from
 * larger ones, buffers of 64 KiB or more (and the copy into them) leave the cycle's byte term,
 * and smaller ones keep it; at 0 every buffer pays it, as profiles without that contrast do.
 */
class LargeBufferExemptTest {

    private static final RubyLayout L34 = RubyLayout.ruby34();
    private static final double NS_PER_BYTE = 0.04;

    /** Only the cycle's byte term is on, beyond 1 KiB (so every loop here is past it). */
    private static CostProfile profile(double exempt) {
        return CostProfile.defaultProfile().with(Map.of(CostProfile.CYCLE_MISS, NS_PER_BYTE, CostProfile.CYCLE_CACHE, 1024.0,
                CostProfile.CYCLE_MISS_CALL, 0.0, CostProfile.L2_MISS, 0.0, CostProfile.SLOT_CYCLE_MISS, 0.0,
                CostProfile.LARGE_BUFFER_EXEMPT, exempt), "large buffers exempt " + exempt);
    }

    /** A fresh source of {@code sourceLen} bytes a loop iteration and its 50 B suffix embedded. */
    private static double memoryPart(long sourceLen, double exempt) {
        OpPlan plan = new SliceLoop(50, sourceLen, SourceState.UNFROZEN_UNSHARED, SlicePosition.SUFFIX, 20_000, 0, KeepMode.FIRST)
                .plan(L34, SubseqPolicies.parse("always-embed"));
        SimResult sim = new HeapSimulator(L34).run(plan.phases(), true);
        return CostModel.price(profile(exempt), L34, sim, plan.eventsPerOp(), null).parts().get(TimeBreakdown.CYCLE_MISS);
    }

    @Test
    void aBufferOf200000Bytes_leavesTheTerm_whereTheCalibrationMeasuredItApart() {
        double paid = memoryPart(200_000, 0);
        double exempt = memoryPart(200_000, 1);

        // all of it: the buffer, its two slots, and the copy into the buffer (not larger than the cache's share)
        assertThat(paid).isGreaterThan(200_000 * NS_PER_BYTE * 0.9);
        // the 40 B RString and the 80 B slot of its suffix alone
        assertThat(exempt).isPositive().isLessThan(120 * NS_PER_BYTE * 1.01);
    }

    @Test
    void aBufferOf10000Bytes_paysTheTermEitherWay() {
        assertThat(memoryPart(10_000, 1)).isCloseTo(memoryPart(10_000, 0), within(1e-9)).isGreaterThan(10_000 * NS_PER_BYTE * 0.9);
    }

    @Test
    void theRule_followsTheAverageBufferOfALoop() {
        assertThat(CostModel.cycledMallocBytes(70_000, 1, 1)).isZero();
        assertThat(CostModel.cycledMallocBytes(70_000, 1, 0)).isEqualTo(70_000);
        // two 35,000 B buffers an op: each under 64 KiB
        assertThat(CostModel.cycledMallocBytes(70_000, 2, 1)).isEqualTo(70_000);
        assertThat(CostModel.cycledMallocBytes(0, 0, 1)).isZero();
    }
}
