package org.slotlab.model.string;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.slotlab.model.buffers.StrBufWorkload;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Buffer placement per era (Feature #12025, RUBY_FACTS.md) and the growth rule's overflow guard. */
class StringBufferRulesTest {

    @ParameterizedTest(name = "{0} {1}({2}) -> memsize {3}")
    @CsvSource({
            // Feature #12025: " " * i on 2.4-dev is 40 B + malloc(i + 1) above 23 bytes
            "ruby-2.4-after, times, 23, 40",
            "ruby-2.4-after, times, 127, 168",
            "ruby-2.4-after, times, 128, 169",
            // rb_str_buf_new(100): malloc(129) before r55686, malloc(128) after
            "ruby-2.4-before, buf-new, 100, 169",
            "ruby-2.4-after, buf-new, 100, 168",
            // RUBY_FACTS 3.1.2: String.new(capacity: 0..63) -> 104; 100 -> 141
            "ruby-3.1, capacity, 0, 104",
            "ruby-3.1, capacity, 63, 104",
            "ruby-3.1, capacity, 100, 141",
            // RUBY_FACTS 3.4.5: capacity 0-15 -> 40, 16-55 -> 80, 62-135 -> 160, 296-615 -> 640, 616 -> 40 + 617
            "ruby-3.4, capacity, 0, 40",
            "ruby-3.4, capacity, 16, 80",
            "ruby-3.4, capacity, 135, 160",
            "ruby-3.4, capacity, 615, 640",
            "ruby-3.4, capacity, 616, 657",
            "ruby-3.4, buf-new, 100, 160",
            "ruby-3.4, times, 616, 657",
    })
    void memsize_matchesTheEra(String era, String workload, long size, long memsize) {
        StringAllocation s = StrBufWorkload.element(StringBufferRules.byName(era),
                StrBufWorkload.Workload.parse(workload), size);
        assertThat(s.memsizeBytes()).isEqualTo(memsize);
    }

    @Test
    void stringSubclass_on34_getsTheSixtyThreeFloor() {
        // RUBY_FACTS: Class.new(String).new(capacity: 0..63) -> memsize 104 = 40 + 64
        assertThat(StringBufferRules.ruby34().newWithCapacity(10, true).memsizeBytes()).isEqualTo(104);
    }

    @Property
    void termlenGrowth_neverFallsShortAndNeverWraps(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long capa,
                                                    @ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long total,
                                                    @ForAll @IntRange(min = 1, max = 4) int termLen) {
        Assume.that(!GrowthRule.requestOverflows(capa, termLen)); // an existing buffer of capa + termlen bytes
        long grown = GrowthRule.DOUBLE_PLUS_TERMLEN.grow(capa, total, termLen);
        assertThat(grown).isGreaterThanOrEqualTo(Math.max(capa, total));
        if (total < Long.MAX_VALUE / 2) {
            assertThat(GrowthRule.requestOverflows(grown, termLen)).isFalse();
        }
    }

    @Property
    void termlenGrowth_doublesTheMallocRequest(@ForAll @LongRange(min = 0, max = 1L << 20) long capa,
                                               @ForAll @LongRange(min = 0, max = 1L << 40) long total,
                                               @ForAll @IntRange(min = 1, max = 4) int termLen) {
        // capa + termlen is multiplied by a power of two: 127 + 1 = 128 stays a power of two
        long grown = GrowthRule.DOUBLE_PLUS_TERMLEN.grow(capa, total, termLen);
        long ratio = (grown + termLen) / (capa + termLen);
        assertThat((grown + termLen) % (capa + termLen)).isZero();
        assertThat(Long.bitCount(ratio)).isEqualTo(1);
    }

    @Test
    void plusOneGrowth_atHalfLongMax_wrapsTheMallocRequest() {
        // Naohisa Goto (Feature #12025): "integer overflow may occur if capa == LONG_MAX / 2"
        long capa = Long.MAX_VALUE / 2;
        long grown = GrowthRule.DOUBLE_PLUS_ONE.grow(capa, capa + 1, 1);
        assertThat(grown).isEqualTo(Long.MAX_VALUE);
        assertThat(GrowthRule.requestOverflows(grown, 1)).isTrue();
        // r55692 takes capa = total instead
        assertThat(GrowthRule.DOUBLE_PLUS_TERMLEN.grow(capa, capa + 1, 1)).isEqualTo(capa + 1);
    }

    @Test
    void growthFromStrBufMin_keepsMallocRequestsPowersOfTwo() {
        StringBufferRules after = StringBufferRules.ruby24devAfter();
        assertThat(after.appendCapacity(127, 127, 1)).isEqualTo(255);
        assertThat(after.appendCapacity(255, 255, 300)).isEqualTo(1023);
        assertThat(StringBufferRules.ruby24devBefore().appendCapacity(128, 128, 1)).isEqualTo(256);
    }

    @Test
    void append_whoseLengthOverflows_raisesStringSizesTooBig() {
        assertThatThrownBy(() -> StringBufferRules.ruby34().appendCapacity(100, Long.MAX_VALUE - 10, 11))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("string sizes too big");
    }

    @Test
    void unknownEra_listsKnownOnes() {
        assertThatThrownBy(() -> StringBufferRules.byName("ruby-1.9"))
                .hasMessageContaining("unknown string-buffer era 'ruby-1.9'")
                .hasMessageContaining("ruby-3.4");
    }
}
