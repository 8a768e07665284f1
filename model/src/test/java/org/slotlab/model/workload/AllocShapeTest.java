package org.slotlab.model.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.cost.CostTerm;
import org.slotlab.model.cost.OpEvents;
import org.slotlab.model.heap.HeapSimulator;
import org.slotlab.model.heap.SimResult;
import org.slotlab.model.layout.RubyLayout;

/**
 * The loop shapes of the slot-size scenario: where an instance goes on each Ruby (CRuby 3.4 sizes it
 * from its class's max_iv_count, which a {@code def initialize} sets to the ivars it writes; 3.1 keeps
 * 3 ivars in its 40 B slot and gives an instance of a class with more an array of the class's count
 * from its transient heap when it is allocated), what each object's call costs, and what the heap
 * simulation counts for a loop of them. The memsize_of figures are those Debian 12's ruby 3.1.2 and
 * CRuby 3.4.5 print for byroot's classes (sample-data/measured/slot-shapes-*.json).
 */
class AllocShapeTest {

    static final RubyLayout L31 = RubyLayout.ruby31();
    static final RubyLayout L34 = RubyLayout.ruby34();
    static final RubyLayout L41 = RubyLayout.ruby41dev();

    @Test
    void ruby34_sizesEachInstanceFromItsClass_byrootsClassesFillTheFiveSlots() {
        AllocShape all = AllocShape.of(ExecutionMode.INTERPRETER, AllocCall.NEW, AllocShape.ALL_IVARS);
        int[] ivars = {3, 8, 18, 38, 78};
        int[] slots = {40, 80, 160, 320, 640};
        for (int i = 0; i < ivars.length; i++) {
            AllocShape.Instance o = all.instance(L34, ivars[i]);
            assertThat(o.slotBytes()).as("%d ivars", ivars[i]).isEqualTo(slots[i]);
            assertThat(o.ivarArrayBytes()).isZero();
            assertThat(o.memsizeBytes()).isEqualTo(slots[i]);
            assertThat(o.ivarsWritten()).isEqualTo(ivars[i]);
            assertThat(AllocShape.byrootIvars(slots[i])).isEqualTo(ivars[i]);
        }
        assertThat(all.instance(L34, 0).slotBytes()).as("rb_obj_embedded_size(0) = 16 B: the smallest slot").isEqualTo(40);
        assertThat(all.instance(L41, 2).slotBytes()).as("4.1-dev's 32 B slot holds 2 ivars").isEqualTo(32);
        assertThatThrownBy(() -> all.instance(L34, 79)).hasMessageContaining("more than the largest slot");
        // a def initialize sizes the instance by the ivars it writes (rb_estimate_iv_count), not by the padding
        AllocShape three = AllocShape.of(ExecutionMode.INTERPRETER, AllocCall.NEW, 3);
        assertThat(three.instance(L34, 78).slotBytes()).isEqualTo(40);
        assertThat(AllocShape.of(ExecutionMode.YJIT, AllocCall.NEW, 4).instance(L34, 78).slotBytes()).isEqualTo(80);
        assertThat(new AllocShape(ExecutionMode.YJIT, AllocCall.NEW, true, 0).instance(L41, 126).slotBytes())
                .as("an empty initialize: 16 B, 4.1-dev's 32 B slot").isEqualTo(32);
        assertThat(AllocShape.of(ExecutionMode.YJIT, AllocCall.ALLOCATE, 0).instance(L34, 78).slotBytes())
                .as("no initialize: the padding's count").isEqualTo(640);
        assertThat(three.sweep(L34)).as("every class writing 3 makes the same 40 B object").singleElement()
                .satisfies(o -> assertThat(o.classIvars()).isEqualTo(3));
    }

    @Test
    void ruby31_givesEveryInstanceOfAClassOfMoreThan3IvarsAnArrayOfThem_writtenOrNot() {
        // memsize_of on ruby 3.1.2: 40 + 8 x the class's ivars beyond 3, for new and allocate, whatever initialize writes
        for (AllocShape s : List.of(AllocShape.BYROOT, AllocShape.of(ExecutionMode.INTERPRETER, AllocCall.NEW, 3),
                AllocShape.of(ExecutionMode.YJIT, AllocCall.ALLOCATE, 0), AllocShape.of(ExecutionMode.INTERPRETER, AllocCall.NEW, 78))) {
            assertThat(s.instance(L31, 3).memsizeBytes()).as(s.describe()).isEqualTo(40);
            assertThat(s.instance(L31, 4).memsizeBytes()).as(s.describe()).isEqualTo(72);
            assertThat(s.instance(L31, 78).memsizeBytes()).as(s.describe()).isEqualTo(664);
            assertThat(s.instance(L31, 78).transientHeapBytes()).as("the array and its transient-heap header").isEqualTo(640);
            assertThat(s.sweep(L31)).extracting(AllocShape.Instance::memsizeBytes).containsExactly(40L, 104L, 184L, 344L, 664L);
        }
        assertThat(AllocShape.embeddedIvars(L31)).isEqualTo(3);
        assertThatThrownBy(() -> AllocShape.BYROOT.instance(L31, 257)).hasMessageContaining("transient heap");
    }

    @Test
    void eachShapePaysItsOwnCall_andNoShapeMallocs() {
        AllocShape.Instance three = AllocShape.BYROOT.instance(L34, 3);
        OpEvents byroot = AllocShape.BYROOT.events(three);
        assertThat(byroot.newCalls()).isZero();
        assertThat(byroot.perTerm()).containsOnlyKeys(CostTerm.YJIT_NEW_CALL).containsEntry(CostTerm.YJIT_NEW_CALL, 1.0);

        AllocShape interp = AllocShape.of(ExecutionMode.INTERPRETER, AllocCall.NEW, 0);
        assertThat(interp.events(three)).isEqualTo(new OpEvents(0, 1, 0, 0, 0, 0));

        AllocShape allocate = AllocShape.of(ExecutionMode.YJIT, AllocCall.ALLOCATE, 0);
        assertThat(allocate.events(three).perTerm()).containsOnlyKeys(CostTerm.YJIT_ALLOCATE_CALL);

        AllocShape writes = AllocShape.of(ExecutionMode.INTERPRETER, AllocCall.NEW, 8);
        OpEvents on31 = writes.events(writes.instance(L31, 18));
        assertThat(on31.newCalls()).isEqualTo(1);
        assertThat(on31.count(CostTerm.INITIALIZE_FRAME)).isEqualTo(1);
        assertThat(on31.count(CostTerm.IVAR_SET)).isEqualTo(8);
        assertThat(on31.count(CostTerm.IVAR_ARRAY)).isEqualTo(1);
        assertThat(on31.count(CostTerm.IVAR_ARRAY_BYTE)).isEqualTo(144);
        assertThat(on31.mallocs()).as("the transient heap is no malloc").isZero();
        OpEvents on34 = writes.events(writes.instance(L34, 18));
        assertThat(on34.count(CostTerm.IVAR_ARRAY)).isZero();
        assertThat(on34.mallocs()).isZero();
    }

    @Test
    void allocateWritesNoIvar_andOnlyARubyInitializeWritesThem() {
        assertThatThrownBy(() -> AllocShape.of(ExecutionMode.YJIT, AllocCall.ALLOCATE, 3))
                .hasMessageContaining("klass.allocate calls no initialize");
        assertThatThrownBy(() -> new AllocShape(ExecutionMode.YJIT, AllocCall.NEW, false, 2)).hasMessageContaining("only a Ruby initialize");
        assertThatThrownBy(() -> AllocShape.of(ExecutionMode.YJIT, AllocCall.NEW, -1)).hasMessageContaining(">= 0");
        assertThat(AllocShape.BYROOT.describe()).isEqualTo("YJIT, klass.new, no initialize of its own, no ivar written");
        assertThat(AllocShape.of(ExecutionMode.INTERPRETER, AllocCall.NEW, AllocShape.ALL_IVARS).describe())
                .isEqualTo("interpreter, klass.new, initialize writes all ivars");
    }

    @Test
    void priceOfAShape_differsFromAnotherByExactlyItsCallCoefficients() {
        CostProfile p = CostProfile.defaultProfile();
        AllocShape yjit = AllocShape.BYROOT;
        AllocShape interp = AllocShape.of(ExecutionMode.INTERPRETER, AllocCall.NEW, 0);
        AllocShape allocate = AllocShape.of(ExecutionMode.INTERPRETER, AllocCall.ALLOCATE, 0);
        AllocShape writes = AllocShape.of(ExecutionMode.INTERPRETER, AllocCall.NEW, 3);
        double y = Experiments.run(L34, p, yjit.plan(L34, 3, 1_000_000)).nsPerOp();
        double i = Experiments.run(L34, p, interp.plan(L34, 3, 1_000_000)).nsPerOp();
        double a = Experiments.run(L34, p, allocate.plan(L34, 3, 1_000_000)).nsPerOp();
        double w = Experiments.run(L34, p, writes.plan(L34, 3, 1_000_000)).nsPerOp();
        // the same slots and GCs: only the call's coefficient differs
        assertThat(i - y).isCloseTo(p.get(CostProfile.NEW_CALL) - p.get(CostProfile.YJIT_NEW_CALL), within(1e-9));
        assertThat(i - a).isCloseTo(p.get(CostProfile.NEW_CALL) - p.get(CostTerm.ALLOCATE_CALL.id()), within(1e-9));
        assertThat(w - i).isCloseTo(p.get(CostTerm.INITIALIZE_FRAME.id()) + 3 * p.get(CostTerm.IVAR_SET.id()), within(1e-9));
    }

    @Test
    void byrootsShape_isTheSlotSweepItsPublishedFitPrices() {
        CostProfile p = CostProfile.defaultProfile();
        List<Outcome> sweep = Experiments.slotSweep(L41, p, 10_000_000);
        assertThat(sweep).hasSize(L41.heapCount());
        for (int h = 0; h < L41.heapCount(); h++) {
            OpPlan plan = AllocShape.BYROOT.plan(L41, AllocShape.byrootIvars(L41.slotSize(h)), 10_000_000);
            assertThat(sweep.get(h).nsPerOp()).isEqualTo(Experiments.run(L41, p, plan).nsPerOp());
            assertThat(plan.phases().get(0).perOp().get(0).heap()).isEqualTo(h);
            assertThat(plan.phases().get(0).perOp()).hasSize(1);
        }
    }

    /**
     * On 3.1 the ivar arrays come from the transient heap: no malloc, so a loop of them runs the GCs of a
     * loop of 3-ivar objects, one 40 B slot each.
     */
    @Property(tries = 40)
    void ruby31_ivarArrays_mallocNothing_andStartNoGc(@ForAll("classIvars") int ivars, @ForAll @LongRange(min = 50_000, max = 2_000_000) long n,
            @ForAll boolean yjit) {
        AllocShape all = AllocShape.of(yjit ? ExecutionMode.YJIT : ExecutionMode.INTERPRETER, AllocCall.NEW, AllocShape.ALL_IVARS);
        SimResult with = new HeapSimulator(L31).run(all.plan(L31, ivars, n).phases(), true);
        SimResult embedded = new HeapSimulator(L31).run(AllocShape.BYROOT.plan(L31, 3, n).phases(), true);
        assertThat(with.mallocCalls()).isZero();
        assertThat(with.mallocBytes()).isZero();
        assertThat(with.gcCount()).isEqualTo(embedded.gcCount());
        assertThat(with.allocations()[0]).isEqualTo(n);
        assertThat(all.instance(L31, ivars).ivarArrayBytes()).isEqualTo(8L * ivars);
    }

    /** Whatever the shape, an object is one slot that holds its header and the ivars it keeps inside, and one call makes it. */
    @Property(tries = 500)
    void everyShape_makesOneObjectPerCall_inASlotThatHoldsIt(@ForAll("layouts") RubyLayout l, @ForAll @IntRange(min = 0, max = 78) int ivars,
            @ForAll @IntRange(min = 0, max = 80) int written, @ForAll boolean yjit, @ForAll boolean allocate) {
        AllocShape s = AllocShape.of(yjit ? ExecutionMode.YJIT : ExecutionMode.INTERPRETER, allocate ? AllocCall.ALLOCATE : AllocCall.NEW,
                allocate ? 0 : written);
        AllocShape.Instance o = s.instance(l, ivars);
        OpEvents e = s.events(o);
        double calls = e.newCalls() + e.count(CostTerm.YJIT_NEW_CALL) + e.count(CostTerm.ALLOCATE_CALL) + e.count(CostTerm.YJIT_ALLOCATE_CALL);
        assertThat(calls).isEqualTo(1);
        assertThat(o.ivarsWritten()).isEqualTo(Math.min(s.ivarsWritten(), ivars));
        assertThat(e.count(CostTerm.IVAR_SET) + e.count(CostTerm.YJIT_IVAR_SET)).isEqualTo(o.ivarsWritten());
        assertThat(l.slotSizes()).contains(o.slotBytes());
        if (AllocShape.fixedWidthObjects(l)) {
            assertThat(o.ivarArrayBytes()).isEqualTo(ivars > 3 ? 8L * ivars : 0);
            assertThat(e.count(CostTerm.IVAR_ARRAY_BYTE)).isEqualTo(o.ivarArrayBytes());
        } else {
            // the ivars its max_iv_count holds: a def initialize's writes, else the class's padding
            int held = s.rubyInitialize() ? o.ivarsWritten() : ivars;
            assertThat(o.slotBytes()).isGreaterThanOrEqualTo(16 + 8 * held);
            int h = l.heapIndexOfSlot(o.slotBytes());
            assertThat(h == 0 || l.slotSize(h - 1) < 16 + 8 * held).as("the smallest slot that holds it").isTrue();
            assertThat(o.ivarArrayBytes()).isZero();
            assertThat(e.count(CostTerm.IVAR_ARRAY)).isZero();
        }
        assertThat(e.mallocs()).isZero();
    }

    @Provide
    Arbitrary<RubyLayout> layouts() {
        return Arbitraries.of(L31, L34, L41);
    }

    @Provide
    Arbitrary<Integer> classIvars() {
        return Arbitraries.of(4, 8, 18, 38, 78);
    }
}
