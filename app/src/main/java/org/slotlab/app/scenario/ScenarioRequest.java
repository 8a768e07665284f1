package org.slotlab.app.scenario;

import java.util.List;
import java.util.Objects;
import org.slotlab.app.knob.Settings;

/**
 * What one recompute is asked for: the current settings, the pinned ones of the same scenario,
 * and which series the compare table divides by ({@link #POLICY_BASELINE} or a pin's name).
 */
public record ScenarioRequest(Settings settings, List<Pin> pins, String compareBaseline) {

    /** Compare against the baseline of the current settings (master in Feature #22186). */
    public static final String POLICY_BASELINE = "baseline policy";

    public ScenarioRequest {
        Objects.requireNonNull(settings, "settings");
        pins = List.copyOf(Objects.requireNonNull(pins, "pins"));
        compareBaseline = compareBaseline == null ? POLICY_BASELINE : compareBaseline;
        for (Pin p : pins) {
            if (!p.settings().scenario().equals(settings.scenario())) {
                throw new IllegalArgumentException("pin " + p.name() + " belongs to scenario " + p.settings().scenario()
                        + ", not " + settings.scenario());
            }
        }
    }

    public static ScenarioRequest of(Settings s) {
        return new ScenarioRequest(s, List.of(), POLICY_BASELINE);
    }
}
