package org.slotlab.model.measured;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Everything imported from one results file: where it came from, which tool and format wrote
 * it ({@code benchmark-driver} / {@code benchmark-driver-markdown}, ...), the executables it
 * compared in the tool's order (benchmark-driver's {@code compare-ruby}, {@code built-ruby};
 * ruby-bench's {@code -e name::ruby}), and the points. Immutable; {@link #withMapping} returns a
 * copy with parameters filled in.
 */
public record MeasuredSet(String source, String tool, String format, List<String> executables,
                          List<MeasuredPoint> points) {

    public MeasuredSet {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(format, "format");
        executables = List.copyOf(executables);
        points = List.copyOf(points);
    }

    /** Benchmark names in first-seen order. */
    public List<String> benchmarks() {
        return points.stream().map(MeasuredPoint::benchmark).distinct().collect(Collectors.toList());
    }

    /** Metric names in first-seen order. */
    public List<String> metrics() {
        return List.copyOf(points.stream().map(MeasuredPoint::metric).collect(Collectors.toCollection(LinkedHashSet::new)));
    }

    /** The value of one point, if the file had it. */
    public Optional<MeasuredPoint> find(String benchmark, String executable, String metric) {
        return points.stream()
                .filter(p -> p.benchmark().equals(benchmark) && p.executable().equals(executable) && p.metric().equals(metric))
                .findFirst();
    }

    /** Points of one metric, in file order. */
    public List<MeasuredPoint> pointsOf(String metric) {
        return points.stream().filter(p -> p.metric().equals(metric)).collect(Collectors.toList());
    }

    /**
     * A copy in which every point that has no parameter yet gets the one {@code mapping} gives
     * its benchmark name; parameters the file itself set (CSV x column, heap slot size) are kept.
     */
    public MeasuredSet withMapping(NameMapping mapping) {
        List<MeasuredPoint> mapped = points.stream()
                .map(p -> p.parameter().isPresent() ? p
                        : mapping.map(p.benchmark()).map(p::withParameter).orElse(p))
                .collect(Collectors.toList());
        return new MeasuredSet(source, tool, format, executables, mapped);
    }
}
