package org.slotlab.model.calibrate;

import java.util.Locale;

/**
 * How long {@code probes/timing.rb} measures: the iteration counts live in the script's
 * {@code MODES} table (smoke: 2,000 iterations × 1 repeat, for tests; quick: 1,000,000 × 5, about
 * a minute on a loaded 2-core machine, issue 6's "quick mode (about 1 minute)"; thorough:
 * 3,000,000 × 11). The argument passed to the script is the lower-case name.
 */
public enum TimingMode {
    SMOKE, QUICK, THOROUGH;

    /** The script argument, e.g. {@code quick}. */
    public String argument() {
        return name().toLowerCase(Locale.ROOT);
    }
}
