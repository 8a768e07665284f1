package org.slotlab.model.workload;

/**
 * Baseline and candidate outcomes of one parameter value (a length, a slot size) and the speed
 * ratio baseline ns / candidate ns: above 1 the candidate is faster (ruby-bench convention).
 */
public record Comparison(String parameter, long value, Outcome baseline, Outcome candidate) {

    public double speedRatio() {
        return candidate.nsPerOp() == 0 ? 1.0 : baseline.nsPerOp() / candidate.nsPerOp();
    }

    /** Retained bytes of the candidate over the baseline's (1.0 when the baseline retains nothing). */
    public double retainedRatio() {
        return baseline.retainedBytes() == 0 ? 1.0 : (double) candidate.retainedBytes() / baseline.retainedBytes();
    }
}
