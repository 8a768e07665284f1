package org.slotlab.model.classnew;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.cost.OpEvents;
import org.slotlab.model.heap.HeapSimulator;
import org.slotlab.model.heap.Phase;
import org.slotlab.model.heap.SimResult;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.reference.ReferenceTable;

/**
 * Class#new in Ruby 3.5 (Fast Allocations in Ruby 3.5, https://railsatscale.com/2025-05-21-fast-allocations-in-ruby-3-5): the article's loop, {@code Foo.new(...)} five times per iteration for
 * 5,000,000 iterations, on 3.4 (C Class#new) and on 3.5 (opt_new). Each call's objects go through
 * the heap simulation (its GC count and the slot and GC time the {@link CostProfile} prices), and
 * its frames, pushes, copies and keyword packing are priced by {@link ClassNewCosts}. Speedup =
 * 3.4 ns / 3.5 ns. The same layout serves both versions (3.5's heaps are 3.4's).
 */
public final class ClassNewModel {

    /** Foo.new calls per iteration of the article's loop. */
    public static final int CALLS_PER_ITERATION = 5;
    /** Iterations of the article's loop. */
    public static final long ITERATIONS = 5_000_000;
    /** Foo.new calls of one run of the article's benchmark: 5 x 5,000,000. */
    public static final long ARTICLE_CALLS = CALLS_PER_ITERATION * ITERATIONS;

    private ClassNewModel() {}

    /** The heap simulation of {@code calls} calls. */
    public static SimResult simulate(RubyLayout layout, ClassNewCall call, long calls) {
        return new HeapSimulator(layout).run(List.of(new Phase(calls, call.objects(layout))));
    }

    /** Slot and GC ns per call (the CostProfile's share; no call events). */
    public static double allocNs(RubyLayout layout, CostProfile alloc, SimResult sim) {
        return alloc.nsPerOp(layout, sim, OpEvents.NONE);
    }

    /** One point: both versions, simulated and priced. */
    public static ClassNewPrediction predict(RubyLayout layout, CostProfile alloc, ClassNewCosts costs, ParamKind kind,
            int params, long calls) {
        ClassNewCall c34 = new ClassNewCall(kind, params, NewPath.C_CLASS_NEW);
        ClassNewCall c35 = new ClassNewCall(kind, params, NewPath.OPT_NEW);
        SimResult s34 = simulate(layout, c34, calls);
        SimResult s35 = simulate(layout, c35, calls);
        double ns34 = allocNs(layout, alloc, s34) + costs.callNs(c34);
        double ns35 = allocNs(layout, alloc, s35) + costs.callNs(c35);
        return new ClassNewPrediction(kind, params, costs.jit(), c34.objectsPerCall(), c35.objectsPerCall(), s34.gcCount(),
                s35.gcCount(), ns34, ns35, ns34 / ns35, published(kind, params, costs.jit()), s34, s35);
    }

    /** Every point of a sweep: kinds x params, for one execution mode. */
    public static List<ClassNewPrediction> sweep(RubyLayout layout, CostProfile alloc, ClassNewCosts costs,
            List<ParamKind> kinds, List<Integer> params, long calls) {
        List<ClassNewPrediction> out = new ArrayList<>();
        for (ParamKind k : kinds) {
            for (int n : params) {
                out.add(predict(layout, alloc, costs, k, n, calls));
            }
        }
        return out;
    }

    /** class_new.csv's speedup for this point: positional rows cover 0-8, keyword rows name one N. */
    public static OptionalDouble published(ParamKind kind, int params, String yjit) {
        for (Map<String, String> row : ReferenceTable.load("class_new.csv").rows()) {
            if (!row.get("param_kind").equals(kind.label()) || !row.get("yjit").equals(yjit)) {
                continue;
            }
            if (!covers(row.get("params"), params)) {
                continue;
            }
            String s = row.get("speedup");
            if (s != null && !s.isBlank()) {
                return OptionalDouble.of(Double.parseDouble(s));
            }
        }
        return OptionalDouble.empty();
    }

    static boolean covers(String range, int n) {
        int dash = range.indexOf('-');
        if (dash < 0) {
            return Integer.parseInt(range.trim()) == n;
        }
        return n >= Integer.parseInt(range.substring(0, dash).trim()) && n <= Integer.parseInt(range.substring(dash + 1).trim());
    }
}
