package org.slotlab.model.calibrate;

import java.util.List;
import org.slotlab.model.cost.CostProfile;

/**
 * The result of fitting a {@link CostProfile} to a real Ruby's probe timings
 * ({@link ProfileCalibration#fit}): the profile itself (with the layout it was measured on), and
 * for the report what each coefficient's estimate rests on (standard error, 95% interval, or why
 * the probes could not determine it), how well-posed the fit was (condition number of the scaled
 * design), how well the model's counted events explain each timed row, and how well the fit
 * predicts each row when that row is left out of it (cross-validation), against the row's own
 * run-to-run noise.
 *
 * @param profile the fitted profile; its layout is the calibrated one
 * @param coefficients one entry per {@link CostProfile#NAMES}, in that order
 * @param rows one entry per timing row used, in probe order
 * @param rSquared 1 - RSS/TSS over the rows' measured ns per op (loop overhead removed)
 * @param residualStandardError sqrt(RSS / degrees of freedom) of the unweighted residuals, ns per op
 * @param degreesOfFreedom rows minus fitted coefficients
 * @param conditionNumber of the weighted design with unit-norm columns (1 is ideal; above about 1e3
 *                        the coefficients trade off against each other)
 * @param cacheScan per scanned threshold combination: l2_cache_bytes, cycle_cache_bytes, slot_touch_window_bytes, weighted residual sum
 *                  of squares, slot_cycle_cache_bytes
 * @param skippedRows rows the model cannot price (e.g. a slot size the layout lacks), with the reason
 */
public record CalibrationFit(CostProfile profile, List<CoefficientFit> coefficients, List<RowFit> rows, double rSquared,
                             double residualStandardError, int degreesOfFreedom, double conditionNumber, List<double[]> cacheScan,
                             List<String> skippedRows) {

    public CalibrationFit {
        coefficients = List.copyOf(coefficients);
        rows = List.copyOf(rows);
        cacheScan = List.copyOf(cacheScan);
        skippedRows = List.copyOf(skippedRows);
    }

    /**
     * One coefficient of the fitted profile.
     *
     * @param name the coefficient's name ({@link CostProfile#NAMES})
     * @param value the value saved in the profile
     * @param unit its unit
     * @param fitted true when the probes determined it; false when it kept the default
     * @param standardError standard error of the estimate (NaN when not fitted or held at 0)
     * @param lower95 lower end of the 95% confidence interval (NaN when not fitted)
     * @param upper95 upper end of the 95% confidence interval (NaN when not fitted)
     * @param atZeroBound true when the non-negative fit holds it at 0
     * @param note why it kept the default, or empty
     */
    public record CoefficientFit(String name, double value, String unit, boolean fitted, double standardError, double lower95,
                                 double upper95, boolean atZeroBound, String note) {
    }

    /**
     * One timed row against the fitted profile.
     *
     * @param name the probe row's unit and name, e.g. {@code slices/middle_64}
     * @param group the probe row's group
     * @param measuredNs fastest repeat's ns per iteration minus the unit's loop overhead
     * @param predictedNs the fitted profile's ns per op for this row's events
     * @param residualNs measured - predicted
     * @param heldOutNs the prediction of a fit made without this row (cross-validation)
     * @param noise the row's run-to-run spread, (median - fastest) / fastest of its repeats
     */
    public record RowFit(String name, String group, double measuredNs, double predictedNs, double residualNs, double heldOutNs,
                         double noise) {

        /** Relative error of the held-out prediction. */
        public double heldOutError() {
            return measuredNs > 0 ? heldOutNs / measuredNs - 1 : 0;
        }
    }

    /** The same fit with another profile (the JSON parse probe's costs added to it). */
    public CalibrationFit withProfile(CostProfile other) {
        return new CalibrationFit(other, coefficients, rows, rSquared, residualStandardError, degreesOfFreedom, conditionNumber, cacheScan,
                skippedRows);
    }

    /** The entry of one coefficient. */
    public CoefficientFit coefficient(String name) {
        return coefficients.stream().filter(c -> c.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no coefficient named '" + name + "'"));
    }
}
