package org.slotlab.model.buffers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.heap.ObjectSpec;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.StringBufferRules;

/**
 * Feature #12025's loop (https://bugs.ruby-lang.org/issues/12025) timed on a calibrated profile: what each
 * element allocates on each Ruby, and what that does to the loop's GCs and time.
 */
class StrBufTimingTest {

    static CostProfile profile(RubyLayout layout) {
        CostProfile d = CostProfile.defaultProfile();
        return new CostProfile("test", "ruby [x86_64-linux]", d.coefficients(), null, layout);
    }

    @Test
    void perElement_theLiteralDiesTheStringIsKeptByTheArray() {
        List<ObjectSpec> on31 = StrBufTiming.perElement(StringBufferRules.ruby31(), StrBufWorkload.Workload.TIMES, 127);
        assertThat(on31).hasSize(2);
        assertThat(on31.get(0).lifetime()).isEqualTo(ObjectSpec.IMMEDIATE);
        assertThat(on31.get(1).lifetime()).isEqualTo(ObjectSpec.RETAINED);
        assertThat(on31.get(1).heldByOld()).isTrue();
        assertThat(on31.get(1).mallocBytes()).isEqualTo(128); // i + 1 past 3.1's 23 B embed limit

        List<ObjectSpec> on34 = StrBufTiming.perElement(StringBufferRules.ruby34(), StrBufWorkload.Workload.TIMES, 127);
        assertThat(on34.get(1).mallocBytes()).isZero(); // 3.4 embeds it in a 160 B slot
        assertThat(RubyLayout.ruby34().slotSize(on34.get(1).heap())).isEqualTo(160);
        // the C API buffer has no literal
        assertThat(StrBufTiming.perElement(StringBufferRules.ruby34(), StrBufWorkload.Workload.BUF_NEW, 127)).hasSize(1);
    }

    @Test
    void loop_on31_collectsMoreOftenThanOn34_forTheSameStrings() {
        // 3.1: two 40 B slots per element in the one heap; 3.4: the literal in 40 B, the string in 160 B
        var r31 = StrBufTiming.predict(StringBufferRules.ruby31(), StrBufWorkload.Workload.TIMES, List.of(127L), 200_000,
                profile(RubyLayout.ruby31()), null).get(0);
        var r34 = StrBufTiming.predict(StringBufferRules.ruby34(), StrBufWorkload.Workload.TIMES, List.of(127L), 200_000,
                profile(RubyLayout.ruby34()), null).get(0);
        assertThat(r31.gcCount()).isPositive();
        assertThat(r34.gcCount()).isPositive();
        assertThat(r31.gcCount()).isEqualTo(r31.minorGcs() + r31.majorGcs());
        assertThat(r31.loopMs()).isEqualTo(r31.nsPerString() * 200_000 / 1e6);
    }

    @Test
    void mallocdStrings_costMoreThanEmbeddedOnes_onTheSameRuby() {
        CostProfile p = profile(RubyLayout.ruby34());
        var rows = StrBufTiming.predict(StringBufferRules.ruby34(), StrBufWorkload.Workload.TIMES, List.of(615L, 616L), 100_000, p, null);
        // 615 embeds (640 B slot); 616 is a 40 B RString and malloc(617)
        assertThat(rows.get(1).parts().part(org.slotlab.model.cost.TimeBreakdown.MALLOC)).isPositive();
        assertThat(rows.get(0).parts().part(org.slotlab.model.cost.TimeBreakdown.MALLOC)).isZero();
    }

    @Test
    void yield_isBenchmarkIpsLoopMinusTheBareLoop_whenBothWereMeasured_elseAMethodCall() {
        CostProfile none = profile(RubyLayout.ruby34());
        assertThat(StrBufTiming.yieldCost(none).ns()).isEqualTo(none.get(CostProfile.METHOD_CALL));
        assertThat(StrBufTiming.yieldCost(none).provenance()).contains("method_call_ns");

        RubyLayout l = RubyLayout.ruby34();
        var bare = new org.slotlab.model.harness.HarnessState(org.slotlab.model.harness.Harness.BARE, l.boot(), 10, 0, 0, "test");
        var ips = new org.slotlab.model.harness.HarnessState(org.slotlab.model.harness.Harness.BENCHMARK_IPS, l.boot(), 25, 2, 0, "test");
        CostProfile both = new CostProfile("test", "ruby", CostProfile.defaultProfile().coefficients(), null, l,
                org.slotlab.model.cost.CacheSizes.UNKNOWN, List.of(bare, ips), org.slotlab.model.harness.Harness.BARE,
                org.slotlab.model.cost.MallocFaults.NONE, org.slotlab.model.cost.FitCheck.unchecked(true, "test"));
        assertThat(StrBufTiming.yieldCost(both).ns()).isEqualTo(15.0);
    }
}
