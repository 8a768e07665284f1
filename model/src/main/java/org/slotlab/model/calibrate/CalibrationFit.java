package org.slotlab.model.calibrate;

import java.util.List;
import org.slotlab.model.cost.CostProfile;

/**
 * The result of fitting a {@link CostProfile} to a real Ruby's probe timings
 * ({@link ProfileCalibration#fit}): the profile itself (with the layout it was measured on), and
 * for the report what each coefficient's estimate rests on and how well the model's counted events
 * explain each timed row. Issue 6: "residuals and confidence per coefficient reported".
 *
 * @param profile the fitted profile; its layout is the calibrated one
 * @param coefficients one entry per {@link CostProfile#NAMES}, in that order
 * @param rows one entry per timing row used, in probe order
 * @param rSquared 1 - RSS/TSS over the rows' measured ns per op (loop overhead removed)
 * @param residualStandardError sqrt(RSS / degrees of freedom) of the unweighted residuals, ns per op
 * @param degreesOfFreedom rows minus fitted coefficients
 * @param loopOverheadNs the {@code empty_loop} row's ns per iteration, subtracted from every row
 * @param skippedRows rows the model cannot price (e.g. a slot size the layout lacks), with the reason
 */
public record CalibrationFit(CostProfile profile, List<CoefficientFit> coefficients, List<RowFit> rows, double rSquared,
                             double residualStandardError, int degreesOfFreedom, double loopOverheadNs, List<String> skippedRows) {

    public CalibrationFit {
        coefficients = List.copyOf(coefficients);
        rows = List.copyOf(rows);
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
     * @param name the probe row's name, e.g. {@code middle_64}
     * @param group the probe row's group
     * @param measuredNs fastest repeat's ns per iteration minus the loop overhead
     * @param predictedNs the fitted profile's ns per op for the model's events of this row
     * @param residualNs measured - predicted
     */
    public record RowFit(String name, String group, double measuredNs, double predictedNs, double residualNs) {
    }

    /** The entry of one coefficient. */
    public CoefficientFit coefficient(String name) {
        return coefficients.stream().filter(c -> c.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no coefficient named '" + name + "'"));
    }
}
