package org.slotlab.model.calibrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LeastSquaresTest {

    /** x = 1..5 with an intercept column; y = 2, 4, 5, 4, 5. Worked by hand below. */
    private static final double[][] X = {{1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}};
    private static final double[] Y = {2, 4, 5, 4, 5};

    @Test
    void ordinary_handExample_matchesHandComputedFit() {
        LeastSquares.Fit fit = LeastSquares.ordinary(List.of("intercept", "slope"), X, Y);

        // Sxx = 10, Sxy = 6 -> slope 0.6, intercept 4 - 0.6 * 3 = 2.2
        assertThat(fit.coefficient("slope").estimate()).isCloseTo(0.6, within(1e-12));
        assertThat(fit.coefficient("intercept").estimate()).isCloseTo(2.2, within(1e-12));
        // fitted 2.8 3.4 4.0 4.6 5.2 -> residuals; RSS = 2.4, TSS = 6, R² = 0.6
        assertThat(fit.residuals()).zipSatisfy(List.of(-0.8, 0.6, 1.0, -0.6, -0.2),
                (got, want) -> assertThat(got).isCloseTo(want, within(1e-12)));
        assertThat(fit.rSquared()).isCloseTo(0.6, within(1e-12));
        assertThat(fit.degreesOfFreedom()).isEqualTo(3);
        // sigma² = 2.4 / 3 = 0.8; SE(slope) = sqrt(0.8 / 10); SE(intercept) = sqrt(0.8 * (1/5 + 9/10))
        assertThat(fit.coefficient("slope").standardError()).isCloseTo(Math.sqrt(0.08), within(1e-12));
        assertThat(fit.coefficient("intercept").standardError()).isCloseTo(Math.sqrt(0.88), within(1e-12));
        // t(0.975, 3) = 3.182446305 -> 0.6 ± 0.900138
        assertThat(fit.coefficient("slope").lower95()).isCloseTo(0.6 - 3.182446305 * Math.sqrt(0.08), within(1e-7));
        assertThat(fit.coefficient("slope").upper95()).isCloseTo(0.6 + 3.182446305 * Math.sqrt(0.08), within(1e-7));
        assertThat(fit.predict(new double[] {1, 10})).isCloseTo(8.2, within(1e-12));
    }

    @ParameterizedTest
    @CsvSource({
        // df, two-sided 95% critical value from standard t tables
        "1, 12.70620474",
        "2, 4.30265273",
        "3, 3.18244631",
        "10, 2.22813885",
        "30, 2.04227246",
        "1000, 1.96233908",
    })
    void studentTQuantile_matchesTables(int df, double expected) {
        assertThat(LeastSquares.studentTQuantile(0.975, df)).isCloseTo(expected, within(1e-6));
    }

    @Test
    void nonNegative_whenOrdinaryGoesNegative_holdsCoefficientAtZero() {
        // y falls with x: the unconstrained slope is negative (-0.5), so NNLS keeps slope = 0
        // and the intercept becomes the mean of y.
        double[][] x = {{1, 1}, {1, 2}, {1, 3}, {1, 4}};
        double[] y = {4, 3.5, 3, 2.5};
        assertThat(LeastSquares.ordinary(List.of("a", "b"), x, y).coefficient("b").estimate()).isCloseTo(-0.5, within(1e-12));

        LeastSquares.Fit fit = LeastSquares.nonNegative(List.of("a", "b"), x, y);

        assertThat(fit.coefficient("b").estimate()).isZero();
        assertThat(fit.coefficient("b").atZeroBound()).isTrue();
        assertThat(fit.coefficient("b").standardError()).isNaN();
        assertThat(fit.coefficient("a").estimate()).isCloseTo(3.25, within(1e-12));
        assertThat(fit.coefficient("a").atZeroBound()).isFalse();
        assertThat(fit.degreesOfFreedom()).isEqualTo(3);
    }

    @Test
    void ordinary_dependentColumn_namesTheCoefficient() {
        double[][] x = {{1, 2, 1}, {2, 4, 0}, {3, 6, 1}, {4, 8, 0}};
        assertThatThrownBy(() -> LeastSquares.ordinary(List.of("bytes", "twiceBytes", "gc"), x, new double[] {1, 2, 3, 4}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'twiceBytes'")
                .hasMessageContaining("linear combination");
    }

    @Test
    void ordinary_raggedRow_namesTheRow() {
        double[][] x = {{1, 2}, {1}, {1, 3}};
        assertThatThrownBy(() -> LeastSquares.ordinary(List.of("a", "b"), x, new double[] {1, 2, 3}))
                .hasMessageContaining("row 1 has 1 values, expected 2");
    }

    @Test
    void ordinary_fewerRowsThanCoefficients_isRejected() {
        assertThatThrownBy(() -> LeastSquares.ordinary(List.of("a", "b"), new double[][] {{1, 2}}, new double[] {1}))
                .hasMessageContaining("1 rows for 2 coefficients");
    }

    @Test
    void ordinary_exactlyDetermined_hasNoDegreesOfFreedomAndNaNErrors() {
        LeastSquares.Fit fit = LeastSquares.ordinary(List.of("a", "b"), new double[][] {{1, 0}, {1, 1}}, new double[] {2, 5});
        assertThat(fit.estimates()).containsExactly(new double[] {2, 3}, within(1e-12));
        assertThat(fit.degreesOfFreedom()).isZero();
        assertThat(fit.coefficient("b").standardError()).isNaN();
    }
}
