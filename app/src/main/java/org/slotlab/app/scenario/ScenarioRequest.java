package org.slotlab.app.scenario;

import java.util.List;
import java.util.Objects;

/**
 * What one recompute is asked for: the current parameters, the pinned ones, and which series the
 * compare table divides by ({@link #POLICY_BASELINE} or a pin's name).
 */
public record ScenarioRequest(Parameters parameters, List<Pin> pins, String compareBaseline) {

    /** Compare against the baseline policy of the current parameters (master in the thread). */
    public static final String POLICY_BASELINE = "baseline policy";

    public ScenarioRequest {
        Objects.requireNonNull(parameters, "parameters");
        pins = List.copyOf(Objects.requireNonNull(pins, "pins"));
        compareBaseline = compareBaseline == null ? POLICY_BASELINE : compareBaseline;
    }

    public static ScenarioRequest of(Parameters p) {
        return new ScenarioRequest(p, List.of(), POLICY_BASELINE);
    }
}
