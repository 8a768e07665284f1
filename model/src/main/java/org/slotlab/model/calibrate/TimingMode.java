package org.slotlab.model.calibrate;

import java.util.Locale;

/**
 * How long {@code probes/timing.rb} measures: the iteration counts live in the script's
 * {@code MODES} table (smoke: a few thousand iterations, 1 repeat, for tests; quick: the full
 * counts, 3 repeats; thorough: twice the counts, 7 repeats), and {@link #rounds()} says how many
 * fresh processes each unit runs in, round-robin over the units. The argument passed to the script
 * is the lower-case name.
 */
public enum TimingMode {
    SMOKE(1), QUICK(2), THOROUGH(3);

    private final int rounds;

    TimingMode(int rounds) {
        this.rounds = rounds;
    }

    /** Fresh processes per probe unit: the units run round-robin this many times. */
    public int rounds() {
        return rounds;
    }

    /** The script argument, e.g. {@code quick}. */
    public String argument() {
        return name().toLowerCase(Locale.ROOT);
    }
}
