package org.slotlab.charts;

/**
 * One value at one substring length: the unit of x in the substring charts of 
 * Feature #22186 (https://bugs.ruby-lang.org/issues/22186) (len 50, 100, 200, 231, 250, 500, 999, 1000).
 * The unit of {@code value} is fixed by the chart that takes it (speed ratio, GC count, MiB).
 *
 * @param lenBytes substring length in bytes ({@code len} of CRuby's {@code str_subseq}), 0 or more
 * @param value    the measured or modelled value; finite
 */
public record LengthPoint(int lenBytes, double value) {

    public LengthPoint {
        if (lenBytes < 0) {
            throw new IllegalArgumentException("lenBytes must be >= 0 but was " + lenBytes);
        }
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("value at len " + lenBytes + " B must be finite but was " + value);
        }
    }
}
