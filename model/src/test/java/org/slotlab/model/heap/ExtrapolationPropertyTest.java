package org.slotlab.model.heap;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.slotlab.model.layout.RubyLayout;

/**
 * Extrapolated runs (steady-state periods skipped) give exactly the counts of a full simulation.
 * jqwik prints the seed of a failing sample.
 */
class ExtrapolationPropertyTest {

    @Property(tries = 60)
    void extrapolatedCounts_equalFullSimulation(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long seed) {
        Random r = new Random(seed);
        List<RubyLayout> layouts = List.of(RubyLayout.ruby34(), RubyLayout.ruby41dev(), RubyLayout.ruby31());
        RubyLayout layout = layouts.get(r.nextInt(layouts.size()));
        List<Phase> phases = new ArrayList<>();
        int nPhases = 1 + r.nextInt(2);
        for (int p = 0; p < nPhases; p++) {
            List<ObjectSpec> specs = new ArrayList<>();
            int n = 1 + r.nextInt(3);
            for (int i = 0; i < n; i++) {
                int heap = r.nextInt(layout.heapCount());
                long malloc = r.nextInt(4) == 0 ? 1 + r.nextInt(20_000) : 0;
                long lifetime = switch (r.nextInt(4)) {
                    case 0 -> ObjectSpec.IMMEDIATE;
                    case 1 -> 1 + r.nextInt(50_000);
                    case 2 -> p == 0 && nPhases > 1 ? ObjectSpec.RETAINED : ObjectSpec.IMMEDIATE;
                    default -> ObjectSpec.IMMEDIATE;
                };
                specs.add(new ObjectSpec(heap, malloc, lifetime, "o" + i));
            }
            long ops = p == 0 && nPhases > 1 ? 1 + r.nextInt(50_000) : 100_000 + r.nextInt(900_001);
            phases.add(new Phase(ops, specs));
        }
        HeapSimulator sim = new HeapSimulator(layout);
        SimResult fast = sim.run(phases, true);
        SimResult full = sim.run(phases, false);
        assertThat(fast.sameCounts(full)).as("seed %d, layout %s, phases %s%nfast %s%nfull %s", seed, layout.name(), phases,
                fast, full).isTrue();
    }
}
