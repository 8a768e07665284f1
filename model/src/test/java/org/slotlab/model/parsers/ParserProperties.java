package org.slotlab.model.parsers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.string.SubseqPolicies;

/** Invariants of the parser replays, for random header sets (ruby-3.4). */
class ParserProperties {

    private static final RubyLayout L34 = RubyLayout.ruby34();

    private static List<String> head(List<Integer> valueLens) {
        List<String> lines = new ArrayList<>();
        for (int n : valueLens) {
            lines.add("X-H: " + "v".repeat(n));
        }
        return lines;
    }

    private static Trace trace(String parser, String policy, List<String> lines) {
        StringMachine m = new StringMachine(L34, SubseqPolicies.parse(policy));
        Parsers.byName(parser).parseHead(m, lines);
        return m.trace();
    }

    @Property(tries = 100)
    void aCutoffNeverAllocatesMoreObjects_andFalconAllocatesExactlyAsMany(
            @ForAll @Size(min = 1, max = 20) List<@IntRange(min = 0, max = 1200) Integer> valueLens,
            @ForAll @IntRange(min = 40, max = 640) int cutoff) {
        List<String> lines = head(valueLens);
        String policy = "cutoff:" + cutoff;
        assertThat(trace("net-http", policy, lines).objects()).isLessThanOrEqualTo(trace("net-http", "master", lines).objects());
        assertThat(trace("falcon", policy, lines).objects()).isEqualTo(trace("falcon", "master", lines).objects());
    }

    @Property(tries = 100)
    void aValueCostsTwoObjectsOnlyWhenSharedFromAnUnfrozenUnsharedSource(
            @ForAll @Size(min = 1, max = 20) List<@IntRange(min = 0, max = 1200) Integer> valueLens) {
        for (String parser : List.of("net-http", "falcon")) {
            for (ValueSlice v : trace(parser, "master", head(valueLens)).slices("value")) {
                assertThat(v.objects()).isBetween(1, 2);
                assertThat(v.objects() == 2).isEqualTo(v.shared() && v.sourceState() == SourceState.UNFROZEN_UNSHARED);
            }
        }
    }

    @Property(tries = 100)
    void mallocBytesAreNeverNegative_andEveryAllocationHasAHeap(
            @ForAll @Size(min = 1, max = 20) List<@IntRange(min = 0, max = 2000) Integer> valueLens) {
        for (String parser : List.of("net-http", "falcon")) {
            for (Allocation a : trace(parser, "cutoff:256", head(valueLens)).allocations()) {
                assertThat(a.mallocBytes()).isNotNegative();
                assertThat(L34.heapIndexOfSlot(a.slotBytes())).isNotNegative();
            }
        }
    }
}
