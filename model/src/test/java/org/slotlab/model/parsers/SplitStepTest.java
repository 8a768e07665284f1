package org.slotlab.model.parsers;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SubseqPolicies;

/** {@code "key:value".split(":", 2)}: objects per call by receiver and policy (ruby-3.4). */
class SplitStepTest {

    @ParameterizedTest(name = "value {0} B, {1}, {2}: {3} objects, value {4}")
    @CsvSource({
        // Array + key + value, + a frozen root when sharing from an unfrozen, unshared receiver
        "30,  fresh,  master,     4, shared",
        "30,  fresh,  cutoff:256, 3, 80",
        "10,  fresh,  master,     3, 40",
        "30,  frozen, master,     3, shared",
        "30,  reuse,  master,     4, shared",     // an embedded receiver is copied for every root
        "700, reuse,  master,     3, shared",     // a heap receiver hands its buffer to a root once
        "700, fresh,  master,     4, shared",
        "300, fresh,  cutoff:256, 4, shared",     // 24 + 300 + 1 > 256: shared as on master
    })
    void objectsPerCall(long valueLen, String receiver, String policy, int objects, String slot) {
        SplitStep s = new SplitStep(3, valueLen, SplitStep.Receiver.parse("--receiver", receiver), 1000);
        SplitStep.Call c = s.call(RubyLayout.ruby34(), SubseqPolicies.parse(policy));
        assertThat(c.objects()).isEqualTo(objects);
        assertThat(c.value().shared() ? "shared" : Integer.toString(c.value().outcome().sliceSlotBytes())).isEqualTo(slot);
    }

    /**
     * Measured on CRuby 3.4.5 (always-embed build, a reused receiver with a 100 B value):
     * {@code S.split(":", 2)} allocates 4 objects in a file without {@code frozen_string_literal: true}
     * and 3 with it; the difference is the {@code ":"} literal, made anew every call.
     */
    @Test
    void aSeparatorLiteralWithoutTheFrozenComment_isOneMore40ByteStringPerCall_outsideSplitsOwnCount() {
        RubyLayout l = RubyLayout.ruby34();
        SplitStep frozen = new SplitStep(4, 100, SplitStep.Receiver.REUSE, 1000);
        SplitStep literal = new SplitStep(4, 100, SplitStep.Receiver.REUSE, 1000, true);

        assertThat(literal.call(l, SubseqPolicies.master()).objects()).isEqualTo(frozen.call(l, SubseqPolicies.master()).objects());
        var withLiteral = literal.plan(l, SubseqPolicies.parse("cutoff:256")).phases().get(0).perOp();
        var without = frozen.plan(l, SubseqPolicies.parse("cutoff:256")).phases().get(0).perOp();
        assertThat(withLiteral).hasSize(without.size() + 1);
        assertThat(withLiteral).filteredOn(o -> o.role().equals("separator")).singleElement()
                .satisfies(o -> assertThat(l.slotSize(o.heap())).isEqualTo(40));
    }
}
