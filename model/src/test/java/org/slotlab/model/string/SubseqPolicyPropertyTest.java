package org.slotlab.model.string;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.slotlab.model.layout.RubyLayout;

/**
 * A policy never embeds what the layout cannot allocate: whatever a policy decides, an embedded
 * slice is one that STR_EMBEDDABLE_P accepts (CRuby: string.c), in a slot size the layout has, whose
 * embed capacity holds the bytes and the terminator; every slice and root sits in a slot the
 * layout has. Layouts, policies and slices are jqwik arbitraries (presets and made-up layouts of
 * either embed rule), so a failure shrinks to the smallest layout and slice that break it.
 */
class SubseqPolicyPropertyTest {

    record Slice(SourceState source, long sourceLen, SlicePosition position, long len) {}

    @Property(tries = 2000)
    void policy_neverEmbedsWhatTheLayoutCannotAllocate(@ForAll("layouts") RubyLayout l, @ForAll("policies") SubseqPolicy p,
                                                        @ForAll("slices") Slice s) {
        SubseqOutcome o;
        try {
            o = StrSubseq.slice(l, p, s.source(), s.sourceLen(), s.position(), s.len());
        } catch (IllegalArgumentException e) {
            // only a copy whose buffer would pass LONG_MAX may be refused, as CRuby refuses it
            assertThat(e).hasMessageStartingWith("string size too big");
            assertThat(s.len()).isGreaterThan(Long.MAX_VALUE - l.termLen());
            return;
        }

        String where = l + ", " + p.name() + ", " + s + " -> " + o;
        assertThat(o.sliceMallocBytes()).as("malloc'd bytes, %s", where).isNotNegative();
        if (o.representation() == Representation.HEAP) {
            assertThat(o.sliceMallocBytes()).as("a heap copy's buffer holds the bytes, %s", where).isGreaterThan(s.len());
        }
        if (o.representation() == Representation.EMBEDDED) {
            assertThat(l.isEmbeddable(s.len(), l.termLen())).as("STR_EMBEDDABLE_P, %s", where).isTrue();
            assertThat(s.len() + l.termLen()).as("embed capacity of the slot, %s", where)
                    .isLessThanOrEqualTo(l.embedCapa(o.sliceSlotBytes()));
            assertThat(o.sliceMallocBytes()).as("an embedded slice owns no buffer, %s", where).isZero();
        }
        assertThat(l.slotSizes()).as("slice slot, %s", where).contains(o.sliceSlotBytes());
        if (o.allocatedRoot()) {
            assertThat(l.slotSizes()).as("root slot, %s", where).contains(o.rootSlotBytes());
        }
    }

    @Provide
    Arbitrary<RubyLayout> layouts() {
        Arbitrary<RubyLayout> made = Combinators.combine(
                Arbitraries.integers().between(2, 256).map(k -> k * 8).set().ofMinSize(1).ofMaxSize(6),
                Arbitraries.integers().between(2, 8).map(k -> k * 8),
                Arbitraries.integers().between(16, 63),
                Arbitraries.integers().between(1, 4),
                Arbitraries.of(RubyLayout.EmbedRule.values()),
                Arbitraries.integers().between(2, 48)).as((slots, rstring, offset, term, rule, capa) -> {
                    int[] sizes = slots.stream().mapToInt(Integer::intValue).sorted().toArray();
                    if (offset >= rstring || sizes[sizes.length - 1] < rstring
                            || (rule == RubyLayout.EmbedRule.FIXED && (capa <= term || offset + capa > rstring))) {
                        return null;
                    }
                    return RubyLayout.builder("made-up").slotSizes(sizes).rstringSize(rstring).embedOffset(offset).termLen(term)
                            .embedRule(rule).fixedEmbedCapa(capa).build();
                }).filter(java.util.Objects::nonNull);
        return Arbitraries.oneOf(Arbitraries.of(RubyLayout.ruby31(), RubyLayout.ruby34(), RubyLayout.ruby41dev()), made);
    }

    @Provide
    Arbitrary<SubseqPolicy> policies() {
        Arbitrary<Integer> cutoff = Arbitraries.integers().between(0, 4096);
        Arbitrary<SubseqPolicy> base = Arbitraries.oneOf(
                Arbitraries.just(SubseqPolicies.master()),
                Arbitraries.just(SubseqPolicies.alwaysEmbed()),
                cutoff.map(SubseqPolicies::cutoff),
                cutoff.map(SubseqPolicies::frozenRule),
                Combinators.combine(cutoff, cutoff).as(SubseqPolicies::frozenRule));
        return Combinators.combine(base, Arbitraries.of(false, true)).as((p, middle) -> middle ? SubseqPolicies.withSharableMiddle(p) : p);
    }

    @Provide
    Arbitrary<Slice> slices() {
        // lengths a slot can hold, and lengths near LONG_MAX where len + termlen + the header overflow
        Arbitrary<Long> sourceLens = Arbitraries.oneOf(Arbitraries.longs().between(0, 5000),
                Arbitraries.longs().between(Long.MAX_VALUE - 100, Long.MAX_VALUE));
        return sourceLens.flatMap(sourceLen -> Combinators.combine(
                Arbitraries.of(SourceState.values()), Arbitraries.of(SlicePosition.values()),
                Arbitraries.longs().between(Math.max(0, sourceLen - 5000), sourceLen)).as((state, pos, len) -> new Slice(state, sourceLen, pos, len)));
    }
}
