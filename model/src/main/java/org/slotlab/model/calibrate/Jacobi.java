package org.slotlab.model.calibrate;

/**
 * Eigenvalues of a small symmetric matrix by cyclic Jacobi rotations (Golub and Van Loan,
 * "Matrix Computations", section 8.5): used for the condition number of a fit's design.
 */
final class Jacobi {

    private static final int MAX_SWEEPS = 100;

    private Jacobi() {
    }

    static double[] eigenvalues(double[][] symmetric) {
        int n = symmetric.length;
        double[][] a = new double[n][];
        for (int i = 0; i < n; i++) {
            a[i] = symmetric[i].clone();
        }
        for (int sweep = 0; sweep < MAX_SWEEPS; sweep++) {
            double off = 0;
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    off += a[i][j] * a[i][j];
                }
            }
            if (off < 1e-30) {
                break;
            }
            for (int p = 0; p < n; p++) {
                for (int q = p + 1; q < n; q++) {
                    if (Math.abs(a[p][q]) < 1e-300) {
                        continue;
                    }
                    double theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
                    double t = Math.signum(theta) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
                    if (theta == 0) {
                        t = 1;
                    }
                    double c = 1 / Math.sqrt(t * t + 1);
                    double s = t * c;
                    for (int k = 0; k < n; k++) {
                        double akp = a[k][p];
                        double akq = a[k][q];
                        a[k][p] = c * akp - s * akq;
                        a[k][q] = s * akp + c * akq;
                    }
                    for (int k = 0; k < n; k++) {
                        double apk = a[p][k];
                        double aqk = a[q][k];
                        a[p][k] = c * apk - s * aqk;
                        a[q][k] = s * apk + c * aqk;
                    }
                }
            }
        }
        double[] e = new double[n];
        for (int i = 0; i < n; i++) {
            e[i] = a[i][i];
        }
        return e;
    }
}
