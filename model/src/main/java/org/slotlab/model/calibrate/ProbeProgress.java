package org.slotlab.model.calibrate;

/**
 * One progress line of a probe, which the probe writes on stderr as
 * {@code slotlab-progress DONE TOTAL NAME} before each measured row (see {@code timing.rb}).
 * Lets the command line print "which probe, how long left" and the workbench fill a progress bar.
 *
 * @param probe the probe script's resource name
 * @param done rows finished so far
 * @param total rows in this run
 * @param step the row about to run (or {@code done})
 */
public record ProbeProgress(String probe, int done, int total, String step) {

    /** The marker that starts a progress line on the probe's stderr. */
    public static final String MARKER = "slotlab-progress";

    /** Fraction finished, 0..1. */
    public double fraction() {
        return total <= 0 ? 0 : Math.min(1.0, (double) done / total);
    }

    /** Parses a stderr line; null when it is not a progress line. */
    static ProbeProgress parse(String probe, String line) {
        String[] parts = line.strip().split(" ", 4);
        if (parts.length < 3 || !parts[0].equals(MARKER)) {
            return null;
        }
        try {
            return new ProbeProgress(probe, Integer.parseInt(parts[1]), Integer.parseInt(parts[2]), parts.length > 3 ? parts[3] : "");
        } catch (NumberFormatException notProgress) {
            return null;
        }
    }
}
