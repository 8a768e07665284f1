package org.slotlab.charts;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A named series of {@link LengthPoint}s: one policy's results (e.g. {@code master},
 * {@code cutoff 256}) or one source's published numbers (named by {@link org.slotlab.model.reference.Source#label()}).
 * Charts draw one bar group or marker set per series; names are the legend entries.
 *
 * @param name   legend label, not blank
 * @param points at most one point per length, in any order
 */
public record LengthSeries(String name, List<LengthPoint> points) {

    public LengthSeries {
        Objects.requireNonNull(name, "series name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("series name must not be blank");
        }
        points = List.copyOf(Objects.requireNonNull(points, "points of series '" + name + "'"));
        Set<Integer> seen = new HashSet<>();
        for (LengthPoint p : points) {
            if (!seen.add(p.lenBytes())) {
                throw new IllegalArgumentException("series '" + name + "' has two points at len "
                        + p.lenBytes() + " B");
            }
        }
    }

    /** A series of published numbers, named after their source. */
    public static LengthSeries published(org.slotlab.model.reference.Source source, List<LengthPoint> points) {
        return new LengthSeries(source.label(), points);
    }
}
