package org.slotlab.model.classnew;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Chart-ready series of the Class#new model: speedup against N, one series per parameter kind x YJIT,
 * with the published points of class_new.csv beside the predicted ones. Pure function of
 * {@link ClassNewPrediction}s; the workbench draws it.
 */
public final class ClassNewSeries {

    private ClassNewSeries() {}

    /**
     * One series.
     *
     * @param name        e.g. "keyword, YJIT on"
     * @param params      N of each point
     * @param speedup     predicted speedup (3.4 ns / 3.5 ns) of each point
     * @param published   published speedup of each point, NaN where the table has none
     */
    public record Series(String name, List<Integer> params, List<Double> speedup, List<Double> published) {}

    /** Groups predictions by kind and YJIT, in the order they first appear, points in N order. */
    public static List<Series> speedupVsParams(List<ClassNewPrediction> predictions) {
        Map<String, List<ClassNewPrediction>> groups = new LinkedHashMap<>();
        for (ClassNewPrediction p : predictions) {
            groups.computeIfAbsent(p.kind().label() + ", YJIT " + p.yjit(), k -> new ArrayList<>()).add(p);
        }
        List<Series> out = new ArrayList<>();
        for (Map.Entry<String, List<ClassNewPrediction>> e : groups.entrySet()) {
            List<ClassNewPrediction> ps = new ArrayList<>(e.getValue());
            ps.sort(java.util.Comparator.comparingInt(ClassNewPrediction::params));
            out.add(new Series(e.getKey(), ps.stream().map(ClassNewPrediction::params).toList(),
                    ps.stream().map(ClassNewPrediction::speedup).toList(),
                    ps.stream().map(p -> p.publishedSpeedup().orElse(Double.NaN)).toList()));
        }
        return out;
    }
}
