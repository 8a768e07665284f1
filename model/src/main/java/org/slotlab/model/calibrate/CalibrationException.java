package org.slotlab.model.calibrate;

import java.util.Objects;

/**
 * A calibration step failed for a reason the user can act on: the {@code ruby} they named is
 * missing, not executable, too old, crashed, hung, or printed something that is not the probe's
 * JSON. The message is written for the user (it names the executable, the probe and what to do)
 * and is meant to be shown as is, without a stack trace; {@link #kind()} lets callers react
 * (e.g. offer to pick another {@code ruby}). The failure cases: a missing, too old, broken or
 * hanging {@code ruby}, each with a clear message, never a hang or a stack trace.
 */
public final class CalibrationException extends Exception {

    private static final long serialVersionUID = 1L;

    /** What went wrong, coarsely. */
    public enum Kind {
        /** The executable does not exist (or no {@code ruby} on PATH). */
        NOT_FOUND,
        /** The file exists but may not be executed. */
        NOT_EXECUTABLE,
        /** The Ruby is older than the probes support. */
        TOO_OLD,
        /** The process exited with a non-zero status. */
        EXIT_NONZERO,
        /** The process did not finish within the timeout and was stopped. */
        TIMEOUT,
        /** The calling thread was interrupted; the process was stopped. */
        CANCELLED,
        /** The process printed something that is not the expected JSON. */
        BAD_OUTPUT,
        /** Local I/O failed (temporary files, starting the process). */
        IO
    }

    private final Kind kind;

    public CalibrationException(Kind kind, String message) {
        super(Objects.requireNonNull(message, "message"));
        this.kind = Objects.requireNonNull(kind, "kind");
    }

    public CalibrationException(Kind kind, String message, Throwable cause) {
        super(Objects.requireNonNull(message, "message"), cause);
        this.kind = Objects.requireNonNull(kind, "kind");
    }

    public Kind kind() {
        return kind;
    }
}
