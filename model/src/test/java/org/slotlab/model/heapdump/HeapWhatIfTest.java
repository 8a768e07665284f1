package org.slotlab.model.heapdump;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SubseqPolicies;

class HeapWhatIfTest {

    private static final RubyLayout RUBY_34 = RubyLayout.byName("ruby-3.4");

    @Test
    void cutoff128_embedsBothSuffixesInA160Slot_andFreesTheirRoot() throws Exception {
        HeapDump d = HeapDumpReaderTest.read(HeapDumpReaderTest.DUMP);

        HeapWhatIf.Result r = HeapWhatIf.compute(d, RUBY_34, SubseqPolicies.cutoff(128));

        HeapWhatIf.Group all = r.total();
        assertThat(all.strings()).isEqualTo(3);
        assertThat(all.sharedOnMaster()).isEqualTo(2); // the dup of a literal is no substring
        assertThat(all.embeddedByCandidate()).isEqualTo(2);
        assertThat(all.rootsFreed()).isEqualTo(1);
        // two 160 B slots for two 40 B headers, less the 741 B root
        assertThat(all.bytesDelta()).isEqualTo(2 * (160 - 40) - 741);
        assertThat(all.objectsDelta()).isEqualTo(-1);
        assertThat(r.byHeap()).containsExactly(new HeapWhatIf.HeapChange(40, -3, -2 * 40 - 741),
                new HeapWhatIf.HeapChange(160, 2, 320));
        // the freed root is counted on the longest string it held
        assertThat(r.byLength()).extracting(HeapWhatIf.Group::key).containsExactly("30", "60", "100");
        assertThat(r.byLength().get(2).rootsFreed()).isEqualTo(1);
        assertThat(r.bySite().get(0).key()).isEqualTo("app.rb:3");
    }

    @Test
    void cutoff64_embedsNeither_rootStays() throws Exception {
        HeapDump d = HeapDumpReaderTest.read(HeapDumpReaderTest.DUMP);

        HeapWhatIf.Group all = HeapWhatIf.compute(d, RUBY_34, SubseqPolicies.cutoff(64)).total();

        // rb_str_embed_size(60 + 1) is 24 + 61 = 85 B, above a 64 B cutoff: both stay shared
        assertThat(all.embeddedByCandidate()).isZero();
        assertThat(all.rootsFreed()).isZero();
        assertThat(all.bytesDelta()).isZero();
    }

    @Test
    void master_changesNothing() throws Exception {
        HeapDump d = HeapDumpReaderTest.read(HeapDumpReaderTest.DUMP);

        HeapWhatIf.Group all = HeapWhatIf.compute(d, RUBY_34, SubseqPolicies.master()).total();

        assertThat(all.sharedOnMaster()).isEqualTo(2);
        assertThat(all.embeddedByCandidate()).isZero();
        assertThat(all.bytesDelta()).isZero();
    }

    @Test
    void rootHeldByAnObject_isNotFreed() throws Exception {
        HeapDump d = HeapDumpReaderTest.read(HeapDumpReaderTest.DUMP.replace("\"references\":[\"0x2028\", \"0x2050\"]",
                "\"references\":[\"0x2028\", \"0x2000\"]"));

        HeapWhatIf.Group all = HeapWhatIf.compute(d, RUBY_34, SubseqPolicies.cutoff(128)).total();

        assertThat(all.embeddedByCandidate()).isEqualTo(2);
        assertThat(all.rootsFreed()).isZero();
        assertThat(all.bytesDelta()).isEqualTo(2 * (160 - 40));
    }

    @Test
    void plainDump_lengthsUnknown_undecidedNotGuessed() throws Exception {
        String plain = HeapDumpReaderTest.DUMP.lines().filter(l -> !l.contains("SLOTLAB")).reduce("", (a, b) -> a + b + "\n");

        HeapWhatIf.Group all = HeapWhatIf.compute(HeapDumpReaderTest.read(plain), RUBY_34, SubseqPolicies.cutoff(128)).total();

        assertThat(all.undecided()).isEqualTo(2);
        assertThat(all.embeddedByCandidate()).isZero();
    }
}
