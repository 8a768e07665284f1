package org.slotlab.model.calibrate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;

/**
 * Linear least squares with named coefficients, for fitting a cost profile's coefficients (ns per
 * slot allocation, ns per copied byte, ...) to probe timings: {@code y ≈ X·β}, one row per
 * measured probe row, one column per coefficient. {@link #ordinary} is ordinary least squares
 * solved by Householder QR (no normal equations, so a badly scaled design loses less precision);
 * {@link #nonNegative} is the Lawson-Hanson active-set method (Lawson &amp; Hanson, "Solving Least
 * Squares Problems", 1974, ch. 23), for costs that cannot be negative. Each fit reports estimates,
 * standard errors from σ²(XᵀX)⁻¹ with σ² = RSS/(n − p), 95% confidence intervals from Student's t
 * with n − p degrees of freedom, per-row residuals and the centred R² (1 − RSS/TSS). Pure Java.
 *
 * <p>Worked example (in the tests): x = 1..5, y = 2, 4, 5, 4, 5 with an intercept column gives
 * slope 0.6 ± 0.283 (95% CI −0.300 .. 1.500, t = 3.182 at 3 degrees of freedom), intercept 2.2 and
 * R² = 0.6.
 */
public final class LeastSquares {

    /** Confidence level of the reported intervals. */
    public static final double CONFIDENCE = 0.95;
    /** Relative size of a QR diagonal below which a column counts as a combination of the others. */
    private static final double RANK_TOLERANCE = 1e-10;
    /** Lawson-Hanson stops when no gradient component exceeds this, relative to the scale of Xᵀy. */
    private static final double NNLS_TOLERANCE = 1e-12;

    private LeastSquares() {
    }

    /**
     * One fitted coefficient.
     *
     * @param name the coefficient's name, as given
     * @param estimate the fitted value
     * @param standardError its standard error (NaN with no degrees of freedom left, or when held at zero)
     * @param lower95 lower end of the 95% confidence interval
     * @param upper95 upper end of the 95% confidence interval
     * @param atZeroBound true when the non-negative fit holds it at 0
     */
    public record Coefficient(String name, double estimate, double standardError, double lower95, double upper95, boolean atZeroBound) {
    }

    /**
     * A finished fit.
     *
     * @param coefficients one per column, in the order given
     * @param residuals y − X·β per row, in row order
     * @param rSquared 1 − RSS/TSS with TSS about the mean of y (NaN when y is constant)
     * @param residualStandardError sqrt(RSS / degrees of freedom), NaN with none
     * @param degreesOfFreedom rows − free coefficients
     */
    public record Fit(List<Coefficient> coefficients, List<Double> residuals, double rSquared, double residualStandardError, int degreesOfFreedom) {
        public Fit {
            coefficients = List.copyOf(coefficients);
            residuals = List.copyOf(residuals);
        }

        /** The coefficient with this name. */
        public Coefficient coefficient(String name) {
            return coefficients.stream().filter(c -> c.name().equals(name)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no coefficient named '" + name + "'; the fit has " + names()));
        }

        /** The estimates in column order. */
        public double[] estimates() {
            return coefficients.stream().mapToDouble(Coefficient::estimate).toArray();
        }

        /** X·β for one row. */
        public double predict(double[] row) {
            if (row.length != coefficients.size()) {
                throw new IllegalArgumentException("row has " + row.length + " values, expected " + coefficients.size() + " (" + names() + ")");
            }
            double s = 0;
            for (int j = 0; j < row.length; j++) {
                s += row[j] * coefficients.get(j).estimate();
            }
            return s;
        }

        private List<String> names() {
            return coefficients.stream().map(Coefficient::name).toList();
        }
    }

    /** Ordinary least squares. */
    public static Fit ordinary(List<String> names, double[][] x, double[] y) {
        check(names, x, y);
        int p = names.size();
        boolean[] free = new boolean[p];
        Arrays.fill(free, true);
        return finish(names, x, y, solve(names, x, y, free), free);
    }

    /** Least squares subject to every coefficient ≥ 0 (Lawson-Hanson). */
    public static Fit nonNegative(List<String> names, double[][] x, double[] y) {
        check(names, x, y);
        int n = x.length;
        int p = names.size();
        boolean[] passive = new boolean[p];
        double[] beta = new double[p];
        double scale = 0;
        for (double v : gradient(x, y, beta)) {
            scale = Math.max(scale, Math.abs(v));
        }
        double tol = NNLS_TOLERANCE * Math.max(1.0, scale) * Math.max(n, p);
        int maxOuter = 3 * p + 10;
        for (int outer = 0; outer < maxOuter; outer++) {
            double[] w = gradient(x, y, beta);
            int enter = -1;
            for (int j = 0; j < p; j++) {
                if (!passive[j] && w[j] > tol && (enter < 0 || w[j] > w[enter])) {
                    enter = j;
                }
            }
            if (enter < 0) {
                break;
            }
            passive[enter] = true;
            for (int inner = 0; inner <= p; inner++) {
                double[] s = solve(names, x, y, passive);
                double alpha = 1;
                boolean allPositive = true;
                for (int j = 0; j < p; j++) {
                    if (passive[j] && s[j] <= 0) {
                        allPositive = false;
                        double a = beta[j] / (beta[j] - s[j]);
                        alpha = Math.min(alpha, Double.isFinite(a) ? a : 0);
                    }
                }
                if (allPositive) {
                    beta = s;
                    break;
                }
                for (int j = 0; j < p; j++) {
                    beta[j] += alpha * (s[j] - beta[j]);
                    if (passive[j] && beta[j] <= tol * 1e-3) {
                        passive[j] = false;
                        beta[j] = 0;
                    }
                }
            }
        }
        return finish(names, x, y, beta, passive);
    }

    /** Xᵀ(y − Xβ). */
    private static double[] gradient(double[][] x, double[] y, double[] beta) {
        int p = beta.length;
        double[] g = new double[p];
        for (int i = 0; i < x.length; i++) {
            double r = y[i];
            for (int j = 0; j < p; j++) {
                r -= x[i][j] * beta[j];
            }
            for (int j = 0; j < p; j++) {
                g[j] += x[i][j] * r;
            }
        }
        return g;
    }

    /** Householder QR of the columns marked free; returns β with the other entries 0. */
    private static double[] solve(List<String> names, double[][] x, double[] y, boolean[] free) {
        int[] cols = columns(free);
        Qr qr = Qr.of(names, x, cols);
        double[] qty = qr.applyQt(y);
        double[] b = qr.backSolve(qty);
        double[] beta = new double[free.length];
        for (int k = 0; k < cols.length; k++) {
            beta[cols[k]] = b[k];
        }
        return beta;
    }

    private static int[] columns(boolean[] free) {
        int count = 0;
        for (boolean f : free) {
            count += f ? 1 : 0;
        }
        int[] cols = new int[count];
        for (int j = 0, k = 0; j < free.length; j++) {
            if (free[j]) {
                cols[k++] = j;
            }
        }
        return cols;
    }

    private static Fit finish(List<String> names, double[][] x, double[] y, double[] beta, boolean[] free) {
        int n = x.length;
        int p = names.size();
        List<Double> residuals = new ArrayList<>(n);
        double rss = 0;
        double mean = Arrays.stream(y).average().orElse(0);
        double tss = 0;
        for (int i = 0; i < n; i++) {
            double fit = 0;
            for (int j = 0; j < p; j++) {
                fit += x[i][j] * beta[j];
            }
            double r = y[i] - fit;
            residuals.add(r);
            rss += r * r;
            tss += (y[i] - mean) * (y[i] - mean);
        }
        int[] cols = columns(free);
        int df = n - cols.length;
        double sigma2 = df > 0 ? rss / df : Double.NaN;
        double t = df > 0 ? studentTQuantile(0.5 + CONFIDENCE / 2, df) : Double.NaN;
        double[] varDiag = cols.length == 0 ? new double[0] : Qr.of(names, x, cols).inverseGramDiagonal();
        List<Coefficient> out = new ArrayList<>(p);
        for (int j = 0, k = 0; j < p; j++) {
            if (free[j]) {
                double se = Math.sqrt(sigma2 * varDiag[k++]);
                out.add(new Coefficient(names.get(j), beta[j], se, beta[j] - t * se, beta[j] + t * se, false));
            } else {
                out.add(new Coefficient(names.get(j), 0.0, Double.NaN, Double.NaN, Double.NaN, true));
            }
        }
        double r2 = tss > 0 ? 1 - rss / tss : Double.NaN;
        return new Fit(out, residuals, r2, Math.sqrt(sigma2), df);
    }

    private static void check(List<String> names, double[][] x, double[] y) {
        Objects.requireNonNull(names, "names");
        Objects.requireNonNull(x, "x");
        Objects.requireNonNull(y, "y");
        int p = names.size();
        if (p == 0) {
            throw new IllegalArgumentException("at least one coefficient is needed");
        }
        if (new HashSet<>(names).size() != p) {
            throw new IllegalArgumentException("coefficient names must be distinct, got " + names);
        }
        if (x.length != y.length) {
            throw new IllegalArgumentException("design has " + x.length + " rows but y has " + y.length + " values");
        }
        if (x.length < p) {
            throw new IllegalArgumentException("need at least as many rows as coefficients: " + x.length + " rows for " + p + " coefficients " + names);
        }
        for (int i = 0; i < x.length; i++) {
            if (x[i] == null || x[i].length != p) {
                throw new IllegalArgumentException("row " + i + " has " + (x[i] == null ? 0 : x[i].length) + " values, expected " + p + " (one per coefficient " + names + ")");
            }
            for (int j = 0; j < p; j++) {
                if (!Double.isFinite(x[i][j])) {
                    throw new IllegalArgumentException("row " + i + ", coefficient '" + names.get(j) + "': value " + x[i][j] + " is not finite");
                }
            }
            if (!Double.isFinite(y[i])) {
                throw new IllegalArgumentException("row " + i + ": y = " + y[i] + " is not finite");
            }
        }
    }

    /**
     * The p-quantile of Student's t with df degrees of freedom, by bisection on its distribution
     * function (regularized incomplete beta, continued fraction as in Numerical Recipes §6.4).
     */
    static double studentTQuantile(double p, int df) {
        if (!(p > 0 && p < 1) || df < 1) {
            throw new IllegalArgumentException("need 0 < p < 1 and df >= 1, got p=" + p + ", df=" + df);
        }
        if (p == 0.5) {
            return 0;
        }
        if (p < 0.5) {
            return -studentTQuantile(1 - p, df);
        }
        double lo = 0;
        double hi = 1;
        while (studentTCdf(hi, df) < p) {
            hi *= 2;
        }
        for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
            double mid = (lo + hi) / 2;
            if (studentTCdf(mid, df) < p) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }

    static double studentTCdf(double t, int df) {
        double xb = df / (df + t * t);
        double tail = 0.5 * regularizedBeta(xb, df / 2.0, 0.5);
        return t >= 0 ? 1 - tail : tail;
    }

    private static double regularizedBeta(double x, double a, double b) {
        if (x <= 0) {
            return 0;
        }
        if (x >= 1) {
            return 1;
        }
        double lnFront = logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x);
        if (x < (a + 1) / (a + b + 2)) {
            return Math.exp(lnFront) * betaFraction(x, a, b) / a;
        }
        return 1 - Math.exp(lnFront) * betaFraction(1 - x, b, a) / b;
    }

    /** Continued fraction for the incomplete beta function, modified Lentz's method. */
    private static double betaFraction(double x, double a, double b) {
        final double tiny = 1e-300;
        double c = 1;
        double d = 1 - (a + b) * x / (a + 1);
        d = 1 / (Math.abs(d) < tiny ? tiny : d);
        double h = d;
        for (int m = 1; m <= 300; m++) {
            int m2 = 2 * m;
            double aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
            d = 1 + aa * d;
            d = 1 / (Math.abs(d) < tiny ? tiny : d);
            c = 1 + aa / c;
            c = Math.abs(c) < tiny ? tiny : c;
            h *= d * c;
            aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
            d = 1 + aa * d;
            d = 1 / (Math.abs(d) < tiny ? tiny : d);
            c = 1 + aa / c;
            c = Math.abs(c) < tiny ? tiny : c;
            double del = d * c;
            h *= del;
            if (Math.abs(del - 1) < 1e-15) {
                break;
            }
        }
        return h;
    }

    /** ln Γ(x) for x > 0, Lanczos approximation (g = 7, 9 terms). */
    private static double logGamma(double x) {
        final double[] c = {0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
            -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7};
        if (x < 0.5) {
            return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
        }
        double z = x - 1;
        double a = c[0];
        double t = z + 7.5;
        for (int i = 1; i < 9; i++) {
            a += c[i] / (z + i);
        }
        return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
    }

    /** Householder QR of selected columns of X (n × k, n ≥ k). */
    private static final class Qr {
        private final double[][] a;
        private final double[] rDiag;
        private final int n;
        private final int k;

        private Qr(double[][] a, double[] rDiag) {
            this.a = a;
            this.rDiag = rDiag;
            this.n = a.length;
            this.k = rDiag.length;
        }

        static Qr of(List<String> names, double[][] x, int[] cols) {
            int n = x.length;
            int k = cols.length;
            double[][] a = new double[n][k];
            double[] colNorm = new double[k];
            for (int i = 0; i < n; i++) {
                for (int c = 0; c < k; c++) {
                    a[i][c] = x[i][cols[c]];
                    colNorm[c] = Math.hypot(colNorm[c], a[i][c]);
                }
            }
            double[] rDiag = new double[k];
            for (int c = 0; c < k; c++) {
                double norm = 0;
                for (int i = c; i < n; i++) {
                    norm = Math.hypot(norm, a[i][c]);
                }
                if (norm <= RANK_TOLERANCE * Math.max(colNorm[c], Double.MIN_NORMAL)) {
                    throw new IllegalArgumentException("coefficient '" + names.get(cols[c]) + "' cannot be fitted: its column is "
                            + (colNorm[c] == 0 ? "all zero" : "a linear combination of the columns before it") + "; add rows that vary it independently");
                }
                if (a[c][c] < 0) {
                    norm = -norm;
                }
                for (int i = c; i < n; i++) {
                    a[i][c] /= norm;
                }
                a[c][c] += 1;
                for (int j = c + 1; j < k; j++) {
                    double s = 0;
                    for (int i = c; i < n; i++) {
                        s += a[i][c] * a[i][j];
                    }
                    s = -s / a[c][c];
                    for (int i = c; i < n; i++) {
                        a[i][j] += s * a[i][c];
                    }
                }
                rDiag[c] = -norm;
            }
            return new Qr(a, rDiag);
        }

        double[] applyQt(double[] y) {
            double[] v = y.clone();
            for (int c = 0; c < k; c++) {
                double s = 0;
                for (int i = c; i < n; i++) {
                    s += a[i][c] * v[i];
                }
                s = -s / a[c][c];
                for (int i = c; i < n; i++) {
                    v[i] += s * a[i][c];
                }
            }
            return v;
        }

        private double r(int i, int j) {
            return i == j ? rDiag[i] : (i < j ? a[i][j] : 0);
        }

        double[] backSolve(double[] qty) {
            double[] b = new double[k];
            for (int i = k - 1; i >= 0; i--) {
                double s = qty[i];
                for (int j = i + 1; j < k; j++) {
                    s -= r(i, j) * b[j];
                }
                b[i] = s / rDiag[i];
            }
            return b;
        }

        /** diag((XᵀX)⁻¹) = diag(R⁻¹R⁻ᵀ): row sums of squares of R⁻¹. */
        double[] inverseGramDiagonal() {
            double[][] inv = new double[k][k];
            for (int j = 0; j < k; j++) {
                inv[j][j] = 1 / rDiag[j];
                for (int i = j - 1; i >= 0; i--) {
                    double s = 0;
                    for (int m = i + 1; m <= j; m++) {
                        s += r(i, m) * inv[m][j];
                    }
                    inv[i][j] = -s / rDiag[i];
                }
            }
            double[] d = new double[k];
            for (int i = 0; i < k; i++) {
                for (int j = i; j < k; j++) {
                    d[i] += inv[i][j] * inv[i][j];
                }
            }
            return d;
        }
    }
}
