package org.slotlab.model.workload;

import java.util.List;
import org.slotlab.model.cost.OpEvents;
import org.slotlab.model.heap.Phase;

/**
 * A workload made concrete for one layout and policy: the phases the heap simulation runs, the
 * non-heap events each op performs, and the objects the measured operation itself allocates per
 * op (excluding setup such as building a fresh source).
 */
public record OpPlan(List<Phase> phases, OpEvents eventsPerOp, double objectsPerOp, String representation) {
    public OpPlan {
        phases = List.copyOf(phases);
    }

    public long ops() {
        long n = 0;
        for (Phase p : phases) {
            n += p.ops();
        }
        return n;
    }
}
