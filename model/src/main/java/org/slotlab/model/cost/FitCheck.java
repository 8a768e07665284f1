package org.slotlab.model.cost;

import java.util.List;

/**
 * Whether a cost profile can be trusted to predict, and why: the outcome of checking its fit on
 * probe rows it was not fitted to (cross-validation by probe unit), against their own run-to-run
 * noise. A profile whose held-back rows miss by more than their noise is marked untrusted; the
 * command line and the workbench say so next to every prediction made with it.
 *
 * @param trusted  the held-back rows were predicted within their noise (and no coefficient the
 *                 predictions rest on was left undetermined)
 * @param summary  one line for users
 * @param details  a line per finding (held coefficients, worst held-back rows)
 */
public record FitCheck(boolean trusted, String summary, List<String> details) {

    /** A profile that was not cross-validated: trusted or not as the caller decides, with the reason. */
    public static FitCheck unchecked(boolean trusted, String why) {
        return new FitCheck(trusted, why, List.of());
    }

    public FitCheck {
        summary = summary == null ? "" : summary;
        details = List.copyOf(details);
    }
}
