package org.slotlab.model.calibrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Noiseless data must give back the coefficients it was made from. The design starts with a
 * diagonal block (entries 1..10), so it always has full column rank; the remaining rows are
 * drawn. Coefficients, design and noise are jqwik arbitraries, so a failure shrinks to the fewest
 * coefficients and rows and the simplest values that still fail.
 */
class LeastSquaresPropertyTest {

    private static final double TOLERANCE = 1e-7;

    /** Coefficients, a full-rank design and the noise added to each row's y (zero where noiseless). */
    record Problem(double[] beta, double[][] x, double[] noise) {
        List<String> names() {
            List<String> names = new ArrayList<>();
            for (int j = 0; j < beta.length; j++) {
                names.add("c" + j);
            }
            return names;
        }

        double[] y() {
            double[] y = new double[x.length];
            for (int i = 0; i < x.length; i++) {
                y[i] = noise[i];
                for (int j = 0; j < beta.length; j++) {
                    y[i] += x[i][j] * beta[j];
                }
            }
            return y;
        }

        int p() {
            return beta.length;
        }

        @Override
        public String toString() {
            return "beta " + java.util.Arrays.toString(beta) + ", x " + java.util.Arrays.deepToString(x) + ", noise "
                    + java.util.Arrays.toString(noise);
        }
    }

    @Property(tries = 200)
    void ordinary_noiselessData_recoversCoefficients(@ForAll("anyCoefficients") Problem pr) {
        LeastSquares.Fit fit = LeastSquares.ordinary(pr.names(), pr.x(), pr.y());

        for (int j = 0; j < pr.p(); j++) {
            assertThat(fit.estimates()[j]).isCloseTo(pr.beta()[j], within(TOLERANCE * (1 + Math.abs(pr.beta()[j]))));
        }
        assertThat(fit.residuals()).allSatisfy(r -> assertThat(r).isCloseTo(0.0, within(1e-6)));
    }

    @Property(tries = 200)
    void nonNegative_noiselessNonNegativeData_recoversCoefficients(@ForAll("nonNegativeCoefficients") Problem pr) {
        LeastSquares.Fit fit = LeastSquares.nonNegative(pr.names(), pr.x(), pr.y());

        for (int j = 0; j < pr.p(); j++) {
            assertThat(fit.estimates()[j]).isGreaterThanOrEqualTo(0).isCloseTo(pr.beta()[j], within(TOLERANCE * (1 + pr.beta()[j])));
        }
    }

    @Property(tries = 100)
    void nonNegative_neverReturnsANegativeCoefficient(@ForAll("noisyProblems") Problem pr) {
        double[] y = pr.y();
        LeastSquares.Fit fit = LeastSquares.nonNegative(pr.names(), pr.x(), y);

        assertThat(fit.coefficients()).allSatisfy(c -> assertThat(c.estimate()).isGreaterThanOrEqualTo(0));
        // Optimality: no held-at-zero coefficient could lower the residual (gradient <= 0 there).
        for (int j = 0; j < pr.p(); j++) {
            if (fit.coefficients().get(j).atZeroBound()) {
                double g = 0;
                for (int i = 0; i < y.length; i++) {
                    g += pr.x()[i][j] * fit.residuals().get(i);
                }
                assertThat(g).isLessThanOrEqualTo(1e-6 * (1 + Math.abs(g)));
            }
        }
    }

    @Provide
    Arbitrary<Problem> anyCoefficients() {
        return problems(Arbitraries.doubles().between(-100, 100), 8, 30, false);
    }

    @Provide
    Arbitrary<Problem> nonNegativeCoefficients() {
        Arbitrary<Double> beta = Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(1, Arbitraries.just(0.0)),
                net.jqwik.api.Tuple.of(3, Arbitraries.doubles().between(0, 100)));
        return problems(beta, 8, 30, false);
    }

    @Provide
    Arbitrary<Problem> noisyProblems() {
        return problems(Arbitraries.doubles().between(-50, 50), 6, 20, true);
    }

    /**
     * p coefficients (1..maxP), a diagonal block of p rows with entries 1..10, then 0..maxExtra
     * rows of entries 0..10; noise in -3..3 per row when noisy.
     */
    private static Arbitrary<Problem> problems(Arbitrary<Double> coefficient, int maxP, int maxExtra, boolean noisy) {
        return Arbitraries.integers().between(1, maxP).flatMap(p -> {
            Arbitrary<double[]> beta = coefficient.list().ofSize(p).map(LeastSquaresPropertyTest::toArray);
            Arbitrary<double[]> diagonal = Arbitraries.doubles().between(1, 10).list().ofSize(p)
                    .map(LeastSquaresPropertyTest::toArray);
            Arbitrary<List<double[]>> extra = Arbitraries.doubles().between(0, 10).list().ofSize(p)
                    .map(LeastSquaresPropertyTest::toArray).list().ofMaxSize(maxExtra);
            return Combinators.combine(beta, diagonal, extra).flatAs((b, d, e) -> {
                int n = p + e.size();
                double[][] x = new double[n][];
                for (int i = 0; i < p; i++) {
                    x[i] = new double[p];
                    x[i][i] = d[i];
                }
                for (int i = 0; i < e.size(); i++) {
                    x[p + i] = e.get(i);
                }
                Arbitrary<double[]> noise = noisy
                        ? Arbitraries.doubles().between(-3, 3).list().ofSize(n).map(LeastSquaresPropertyTest::toArray)
                        : Arbitraries.just(new double[n]);
                return noise.map(z -> new Problem(b, x, z));
            });
        });
    }

    private static double[] toArray(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
