package org.slotlab.model.measured;

import java.util.Objects;
import java.util.Optional;

/**
 * One number a benchmark tool reported: benchmark {@code size23} on executable
 * {@code built-ruby} ran at {@code 52.254M} {@code i/s} (Feature #22186, https://bugs.ruby-lang.org/issues/22186,
 * benchmark-driver markdown). The metric is one of {@link Metric}'s names, the unit is the
 * tool's own ({@code i/s}, {@code ns}, {@code ms}, {@code x}, {@code count}, {@code bytes}).
 * The parameter is what the benchmark measures in model terms, once a {@link NameMapping} or
 * the file itself (a CSV's x column, a heap table's slot size) says so.
 */
public record MeasuredPoint(String benchmark, String executable, String metric, double value, String unit,
                            Optional<MappedParameter> parameter) {

    public MeasuredPoint {
        Objects.requireNonNull(benchmark, "benchmark");
        Objects.requireNonNull(executable, "executable");
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(parameter, "parameter");
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("value of " + metric + " for " + benchmark + " must be finite, was " + value);
        }
    }

    /** A point with no mapped parameter yet. */
    public static MeasuredPoint of(String benchmark, String executable, String metric, double value, String unit) {
        return new MeasuredPoint(benchmark, executable, metric, value, unit, Optional.empty());
    }

    /** The same point with {@code p} as its parameter. */
    public MeasuredPoint withParameter(MappedParameter p) {
        return new MeasuredPoint(benchmark, executable, metric, value, unit, Optional.of(p));
    }
}
