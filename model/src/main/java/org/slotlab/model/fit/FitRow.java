package org.slotlab.model.fit;

import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.workload.OpPlan;
import org.slotlab.model.heap.SimResult;
import org.slotlab.model.layout.RubyLayout;

/**
 * One published number the default profile is fitted to: an absolute ns/op, or a speed ratio
 * baseline/candidate. The heap counts do not depend on the profile, so they are simulated once
 * and the fit only re-prices them.
 *
 * @param table      reference CSV the number comes from
 * @param label      the row, e.g. "len 250, no-cutoff"
 * @param target     published value
 * @param tolerance  relative tolerance the acceptance test allows (0.10 = +-10%)
 */
public record FitRow(String table, String label, double target, double tolerance, RubyLayout layout,
        OpPlan baselinePlan, SimResult baselineSim, OpPlan candidatePlan, SimResult candidateSim) {

    /** An absolute ns/op row (no candidate). */
    public boolean absolute() {
        return candidatePlan == null;
    }

    /** The model's value of this row under {@code p}. */
    public double predict(CostProfile p) {
        double base = p.nsPerOp(layout, baselineSim, baselinePlan.eventsPerOp());
        if (absolute()) {
            return base;
        }
        return base / p.nsPerOp(layout, candidateSim, candidatePlan.eventsPerOp());
    }

    /** Relative error in units of the tolerance: |r| <= 1 passes. */
    public double residual(CostProfile p) {
        return (predict(p) / target - 1) / tolerance;
    }
}
