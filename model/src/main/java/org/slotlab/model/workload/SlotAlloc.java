package org.slotlab.model.workload;

import java.util.List;
import org.slotlab.model.cost.OpEvents;
import org.slotlab.model.heap.ObjectSpec;
import org.slotlab.model.heap.Phase;
import org.slotlab.model.layout.RubyLayout;

/**
 * {@code klass.new} N times in the interpreter for a class whose instances fill one slot size
 * exactly (ivars padded so ObjectSpace.memsize_of == slot size; CRuby 3.4 object.c:97-149
 * rb_obj_embedded_size) and that defines no initialize, each instance dead at once: the loops of the
 * calibration and the lab, which run without YJIT. byroot's benchmark in Feature #22186 ran it under
 * YJIT, and other loops call allocate or write ivars: {@link AllocShape} models every such shape.
 */
public record SlotAlloc(int slotBytes, long count) {

    public SlotAlloc {
        if (count < 1) {
            throw new IllegalArgumentException("allocations must be >= 1, got " + count);
        }
    }

    public OpPlan plan(RubyLayout layout) {
        int heap = layout.heapIndexOfSlot(slotBytes);
        if (heap < 0) {
            throw new IllegalArgumentException("layout " + layout.name() + " has no " + slotBytes + " B slots (slot sizes: "
                    + java.util.Arrays.toString(layout.slotSizes()) + ")");
        }
        return new OpPlan(List.of(new Phase(count, List.of(ObjectSpec.dying(heap, "object")))),
                new OpEvents(0, 1, 0, 0, 0, 0), 1, Integer.toString(slotBytes));
    }
}
