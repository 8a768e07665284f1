package org.slotlab.model.calibrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Noiseless data must give back the coefficients it was made from. The design starts with a
 * diagonal block (entries 1..10), so it always has full column rank; the remaining rows are
 * random. Random draws come from a jqwik-generated seed, so a failure prints a reproducible case.
 */
class LeastSquaresPropertyTest {

    private static final double TOLERANCE = 1e-7;

    @Property(tries = 200)
    void ordinary_noiselessData_recoversCoefficients(@ForAll @IntRange(min = 1, max = 8) int p,
                                                     @ForAll @IntRange(min = 0, max = 30) int extraRows,
                                                     @ForAll long seed) {
        Random rnd = new Random(seed);
        double[] beta = new double[p];
        for (int j = 0; j < p; j++) {
            beta[j] = (rnd.nextDouble() - 0.5) * 200;
        }
        Problem pr = problem(rnd, beta, extraRows);

        LeastSquares.Fit fit = LeastSquares.ordinary(pr.names, pr.x, pr.y);

        for (int j = 0; j < p; j++) {
            assertThat(fit.estimates()[j]).isCloseTo(beta[j], within(TOLERANCE * (1 + Math.abs(beta[j]))));
        }
        assertThat(fit.residuals()).allSatisfy(r -> assertThat(r).isCloseTo(0.0, within(1e-6)));
    }

    @Property(tries = 200)
    void nonNegative_noiselessNonNegativeData_recoversCoefficients(@ForAll @IntRange(min = 1, max = 8) int p,
                                                                   @ForAll @IntRange(min = 0, max = 30) int extraRows,
                                                                   @ForAll long seed) {
        Random rnd = new Random(seed);
        double[] beta = new double[p];
        for (int j = 0; j < p; j++) {
            beta[j] = rnd.nextInt(4) == 0 ? 0 : rnd.nextDouble() * 100;
        }
        Problem pr = problem(rnd, beta, extraRows);

        LeastSquares.Fit fit = LeastSquares.nonNegative(pr.names, pr.x, pr.y);

        for (int j = 0; j < p; j++) {
            assertThat(fit.estimates()[j]).isGreaterThanOrEqualTo(0).isCloseTo(beta[j], within(TOLERANCE * (1 + beta[j])));
        }
    }

    @Property(tries = 100)
    void nonNegative_neverReturnsANegativeCoefficient(@ForAll @IntRange(min = 1, max = 6) int p,
                                                      @ForAll @IntRange(min = 0, max = 20) int extraRows,
                                                      @ForAll long seed) {
        Random rnd = new Random(seed);
        double[] beta = new double[p];
        for (int j = 0; j < p; j++) {
            beta[j] = (rnd.nextDouble() - 0.5) * 100;
        }
        Problem pr = problem(rnd, beta, extraRows);
        for (int i = 0; i < pr.y.length; i++) {
            pr.y[i] += rnd.nextGaussian();
        }

        LeastSquares.Fit fit = LeastSquares.nonNegative(pr.names, pr.x, pr.y);

        assertThat(fit.coefficients()).allSatisfy(c -> assertThat(c.estimate()).isGreaterThanOrEqualTo(0));
        // Optimality: no held-at-zero coefficient could lower the residual (gradient <= 0 there).
        for (int j = 0; j < p; j++) {
            if (fit.coefficients().get(j).atZeroBound()) {
                double g = 0;
                for (int i = 0; i < pr.y.length; i++) {
                    g += pr.x[i][j] * fit.residuals().get(i);
                }
                assertThat(g).isLessThanOrEqualTo(1e-6 * (1 + Math.abs(g)));
            }
        }
    }

    private record Problem(List<String> names, double[][] x, double[] y) {
    }

    private static Problem problem(Random rnd, double[] beta, int extraRows) {
        int p = beta.length;
        int n = p + extraRows;
        double[][] x = new double[n][p];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < p; j++) {
                x[i][j] = i < p ? (i == j ? 1 + rnd.nextDouble() * 9 : 0) : rnd.nextDouble() * 10;
            }
        }
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < p; j++) {
                y[i] += x[i][j] * beta[j];
            }
        }
        List<String> names = new ArrayList<>();
        for (int j = 0; j < p; j++) {
            names.add("c" + j);
        }
        return new Problem(names, x, y);
    }
}
