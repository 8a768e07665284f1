package org.slotlab.model.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.heap.HeapSimulator;
import org.slotlab.model.heap.ObjectSpec;
import org.slotlab.model.heap.Phase;
import org.slotlab.model.heap.SimResult;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SlicePosition;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.workload.Comparison;
import org.slotlab.model.workload.Experiments;
import org.slotlab.model.workload.KeepMode;
import org.slotlab.model.workload.SliceLoop;

/**
 * How fast the model answers: the default sweep (11 lengths x 2 policies x 2M slices, the
 * workbench's recompute) and raw simulated allocations per second with and without the
 * steady-state extrapolation. Run with scripts/bench-model.sh (JMH, one core).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SweepBenchmark {

    static final List<Long> LENS = List.of(1L, 23L, 50L, 100L, 200L, 231L, 232L, 250L, 500L, 999L, 1000L);
    final RubyLayout layout = RubyLayout.ruby41dev();
    final CostProfile profile = CostProfile.defaultProfile();
    final SliceLoop loop = new SliceLoop(1, 10_000, SourceState.FROZEN, SlicePosition.SUFFIX, 2_000_000, 200_000,
            KeepMode.FIRST);
    final List<Phase> tenMillion = List.of(new Phase(10_000_000, List.of(ObjectSpec.dying(3, "obj"))));
    final List<Phase> oneMillion = List.of(new Phase(1_000_000, List.of(ObjectSpec.dying(3, "obj"))));

    /** The default sweep: 11 lengths x (master, cutoff:256) x 2M slices, 200k kept. */
    @Benchmark
    public List<Comparison> defaultSweep() {
        return Experiments.subseqSweep(layout, profile, SubseqPolicies.master(), SubseqPolicies.cutoff(256), loop, LENS);
    }

    /** 10M allocations with steady-state extrapolation (simulated allocs/s = 1e7 / time). */
    @Benchmark
    public SimResult tenMillionAllocsExtrapolated() {
        return new HeapSimulator(layout).run(tenMillion, true);
    }

    /** 1M allocations simulated GC by GC, no extrapolation. */
    @Benchmark
    public SimResult oneMillionAllocsFull() {
        return new HeapSimulator(layout).run(oneMillion, false);
    }
}
