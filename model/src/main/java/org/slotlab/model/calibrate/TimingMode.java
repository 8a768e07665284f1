package org.slotlab.model.calibrate;

import java.util.Locale;

/**
 * How long {@code probes/timing.rb} measures: the iteration counts live in the script's
 * {@code MODES} table (smoke: a few thousand iterations, 1 repeat, for tests; quick: the full
 * counts, 3 repeats; thorough: twice the counts, 7 repeats), and {@link #rounds()} says how many
 * fresh processes each unit runs in, round-robin over the units; {@link #extraRounds()} how many
 * more a unit whose timings still spread widely after them may take. The argument passed to the
 * script is the lower-case name.
 */
public enum TimingMode {
    SMOKE(1, 0), QUICK(2, 2), THOROUGH(3, 3);

    private final int rounds;
    private final int extraRounds;

    TimingMode(int rounds, int extraRounds) {
        this.rounds = rounds;
        this.extraRounds = extraRounds;
    }

    /** Fresh processes per probe unit: the units run round-robin this many times. */
    public int rounds() {
        return rounds;
    }

    /**
     * Fresh processes a unit may run in beyond {@link #rounds()} when its timed rows are noisy
     * (the fastest repeat is what the fit reads, and more tries on a busy machine find it).
     */
    public int extraRounds() {
        return extraRounds;
    }

    /** The script argument, e.g. {@code quick}. */
    public String argument() {
        return name().toLowerCase(Locale.ROOT);
    }
}
