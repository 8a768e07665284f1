package org.slotlab.model.string;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.slotlab.model.layout.RubyLayout;

class StrSubseqTest {

    private static final RubyLayout L41 = RubyLayout.ruby41dev();
    private static final RubyLayout L34 = RubyLayout.ruby34();

    @ParameterizedTest(name = "cutoff {0}: len {1} -> {2}")
    @CsvSource({
        // embed offset 24 + len + termlen 1 <= cutoff
        "256, 231, 256",
        "256, 232, shared",
        "128, 103, 128",
        "128, 104, shared",
        "256, 50, 128",   // byroot's 4.1-dev set has no 80 B slot
        "256, 15, 40",    // master's rule still embeds <= 15 bytes, in the right-sized slot: 24+16 = 40
    })
    void subseq_cutoffDecidesEmbedOrShare_ruby41dev(int cutoff, long len, String slot) {
        SubseqOutcome o = StrSubseq.slice(L41, SubseqPolicies.cutoff(cutoff), SourceState.FROZEN, 10_000,
                SlicePosition.SUFFIX, len);
        assertThat(o.slotLabel()).isEqualTo(slot);
    }

    @ParameterizedTest(name = "always-embed len {0} -> {1}")
    @CsvSource({"1, 32", "23, 64", "50, 128", "100, 128", "200, 256", "250, 512", "500, 640", "999, 1024", "1000, shared"})
    void alwaysEmbed_usesSmallestSlotThatHoldsEmbedSize(long len, String slot) {
        assertThat(StrSubseq.slice(L41, SubseqPolicies.alwaysEmbed(), SourceState.FROZEN, 10_000, SlicePosition.SUFFIX, len)
                .slotLabel()).isEqualTo(slot);
    }

    @ParameterizedTest(name = "master len {0} -> {1}")
    @CsvSource({"0, 40", "15, 40", "16, shared", "23, shared", "1000, shared"})
    void master_embedsOnlyWhatFitsTheRStringSlot(long len, String slot) {
        assertThat(StrSubseq.slice(L34, SubseqPolicies.master(), SourceState.FROZEN, 10_000, SlicePosition.SUFFIX, len)
                .slotLabel()).isEqualTo(slot);
    }

    @Test
    void subseq_frozenSource_allocatesOneObject() {
        SubseqOutcome o = StrSubseq.slice(L34, SubseqPolicies.master(), SourceState.FROZEN, 10_000, SlicePosition.SUFFIX, 100);
        assertThat(o.representation()).isEqualTo(Representation.SHARED);
        assertThat(o.objectsAllocated()).isEqualTo(1);
        assertThat(o.sliceMemsize()).isEqualTo(40);
    }

    @Test
    void subseq_unfrozenUnsharedSource_sharedPathAllocatesSliceAndRoot() {
        SubseqOutcome o = StrSubseq.slice(L34, SubseqPolicies.master(), SourceState.UNFROZEN_UNSHARED, 10_000,
                SlicePosition.SUFFIX, 100);
        assertThat(o.objectsAllocated()).isEqualTo(2);
        // a long heap source: a 40 B root takes over its buffer, nothing copied
        assertThat(o.rootSlotBytes()).isEqualTo(40);
        assertThat(o.rootTookOverBuffer()).isTrue();
        assertThat(o.bytesCopied()).isZero();
    }

    @Test
    void subseq_unfrozenShortSource_rootIsEmbeddedCopyOfWholeSource() {
        SubseqOutcome o = StrSubseq.slice(L34, SubseqPolicies.master(), SourceState.UNFROZEN_UNSHARED, 200,
                SlicePosition.SUFFIX, 100);
        assertThat(o.objectsAllocated()).isEqualTo(2);
        assertThat(o.rootSlotBytes()).isEqualTo(320); // 24 + 201 = 225 -> 320 B heap
        assertThat(o.bytesCopied()).isEqualTo(200);
    }

    @Test
    void subseq_unfrozenUnsharedSource_embeddedPathAllocatesOneObject() {
        SubseqOutcome o = StrSubseq.slice(L34, SubseqPolicies.cutoff(256), SourceState.UNFROZEN_UNSHARED, 10_000,
                SlicePosition.SUFFIX, 100);
        assertThat(o.representation()).isEqualTo(Representation.EMBEDDED);
        assertThat(o.objectsAllocated()).isEqualTo(1);
    }

    @Test
    void subseq_alreadySharedSource_reusesItsRoot() {
        SubseqOutcome o = StrSubseq.slice(L34, SubseqPolicies.master(), SourceState.ALREADY_SHARED, 10_000,
                SlicePosition.SUFFIX, 100);
        assertThat(o.objectsAllocated()).isEqualTo(1);
    }

    @Test
    void subseq_middle_isAlwaysACopyUnlessSharableMiddle() {
        SubseqOutcome copy = StrSubseq.slice(L34, SubseqPolicies.master(), SourceState.FROZEN, 10_000, SlicePosition.MIDDLE, 1000);
        assertThat(copy.representation()).isEqualTo(Representation.HEAP);
        assertThat(copy.sliceMemsize()).isEqualTo(40 + 1001);
        SubseqOutcome embedded = StrSubseq.slice(L34, SubseqPolicies.master(), SourceState.FROZEN, 10_000, SlicePosition.MIDDLE, 100);
        assertThat(embedded.slotLabel()).isEqualTo("160");
        SubseqOutcome shared = StrSubseq.slice(L34, SubseqPolicies.parse("master+middle"), SourceState.FROZEN, 10_000,
                SlicePosition.MIDDLE, 1000);
        assertThat(shared.representation()).isEqualTo(Representation.SHARED);
    }

    @Test
    void frozenRule_cutsOffOnlyWhenARootWouldBeNeeded() {
        SubseqPolicy p = SubseqPolicies.parse("frozen-rule:128");
        assertThat(StrSubseq.slice(L34, p, SourceState.UNFROZEN_UNSHARED, 10_000, SlicePosition.SUFFIX, 100).slotLabel())
                .isEqualTo("160");
        assertThat(StrSubseq.slice(L34, p, SourceState.FROZEN, 10_000, SlicePosition.SUFFIX, 100).slotLabel())
                .isEqualTo("shared");
        assertThat(StrSubseq.slice(L34, SubseqPolicies.parse("frozen-rule:128:64"), SourceState.FROZEN, 10_000,
                SlicePosition.SUFFIX, 30).slotLabel()).isEqualTo("80");
    }

    @Test
    void ruby31_sharesOnlyAbove23Bytes() {
        RubyLayout l31 = RubyLayout.ruby31();
        assertThat(StrSubseq.slice(l31, SubseqPolicies.master(), SourceState.FROZEN, 100, SlicePosition.SUFFIX, 23).slotLabel())
                .isEqualTo("40");
        assertThat(StrSubseq.slice(l31, SubseqPolicies.master(), SourceState.FROZEN, 100, SlicePosition.SUFFIX, 24).slotLabel())
                .isEqualTo("shared");
    }

    @Test
    void policyNames_roundTrip() {
        for (String n : new String[] {"master", "always-embed", "cutoff:256", "frozen-rule:128", "frozen-rule:128:64",
                "cutoff:128+middle"}) {
            assertThat(SubseqPolicies.parse(n).name()).isEqualTo(n);
        }
    }

    @Test
    void policyParse_badName_saysWhatIsKnown() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SubseqPolicies.parse("cutof:12"))
                .hasMessageContaining("unknown policy 'cutof:12'").hasMessageContaining("cutoff:N");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SubseqPolicies.parse("cutoff:abc"))
                .hasMessageContaining("whole number of bytes");
    }
}
