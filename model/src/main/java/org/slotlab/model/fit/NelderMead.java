package org.slotlab.model.fit;

import java.util.Arrays;
import java.util.Comparator;
import java.util.function.ToDoubleFunction;

/** The Nelder-Mead simplex search (standard coefficients 1, 2, 0.5, 0.5), with restarts. */
final class NelderMead {

    private NelderMead() {}

    static double[] minimize(ToDoubleFunction<double[]> f, double[] x0, double step, int iterations) {
        double[] x = x0.clone();
        for (int restart = 0; restart < 4; restart++) {
            x = run(f, x, step, iterations);
        }
        return x;
    }

    private static double[] run(ToDoubleFunction<double[]> f, double[] x0, double step, int iterations) {
        int n = x0.length;
        double[][] p = new double[n + 1][];
        double[] fx = new double[n + 1];
        p[0] = x0.clone();
        for (int i = 0; i < n; i++) {
            p[i + 1] = x0.clone();
            p[i + 1][i] += step;
        }
        for (int i = 0; i <= n; i++) {
            fx[i] = f.applyAsDouble(p[i]);
        }
        Integer[] idx = new Integer[n + 1];
        for (int it = 0; it < iterations; it++) {
            for (int i = 0; i <= n; i++) {
                idx[i] = i;
            }
            final double[] fxf = fx;
            Arrays.sort(idx, Comparator.comparingDouble(i -> fxf[i]));
            double[][] ps = new double[n + 1][];
            double[] fs = new double[n + 1];
            for (int i = 0; i <= n; i++) {
                ps[i] = p[idx[i]];
                fs[i] = fx[idx[i]];
            }
            p = ps;
            fx = fs;
            double[] c = new double[n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    c[j] += p[i][j] / n;
                }
            }
            double[] xr = lerp(c, p[n], -1);
            double fr = f.applyAsDouble(xr);
            if (fr < fx[0]) {
                double[] xe = lerp(c, p[n], -2);
                double fe = f.applyAsDouble(xe);
                if (fe < fr) {
                    p[n] = xe;
                    fx[n] = fe;
                } else {
                    p[n] = xr;
                    fx[n] = fr;
                }
            } else if (fr < fx[n - 1]) {
                p[n] = xr;
                fx[n] = fr;
            } else {
                double[] xc = lerp(c, p[n], 0.5);
                double fc = f.applyAsDouble(xc);
                if (fc < fx[n]) {
                    p[n] = xc;
                    fx[n] = fc;
                } else {
                    for (int i = 1; i <= n; i++) {
                        p[i] = lerp(p[0], p[i], 0.5);
                        fx[i] = f.applyAsDouble(p[i]);
                    }
                }
            }
        }
        int best = 0;
        for (int i = 1; i <= n; i++) {
            if (fx[i] < fx[best]) {
                best = i;
            }
        }
        return p[best];
    }

    /** c + t * (x - c). */
    private static double[] lerp(double[] c, double[] x, double t) {
        double[] r = new double[c.length];
        for (int i = 0; i < c.length; i++) {
            r[i] = c[i] + t * (x[i] - c[i]);
        }
        return r;
    }
}
