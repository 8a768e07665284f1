package org.slotlab.model.fit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.heap.HeapSimulator;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.reference.ReferenceTable;
import org.slotlab.model.string.SlicePosition;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.string.SubseqPolicy;
import org.slotlab.model.workload.KeepMode;
import org.slotlab.model.workload.OpPlan;
import org.slotlab.model.workload.SliceLoop;
import org.slotlab.model.workload.AllocShape;

/**
 * The default profile's fit to the Feature #22186 tables (https://bugs.ruby-lang.org/issues/22186; arm64 macOS, ruby 4.1.0dev): which published rows it
 * uses, how, and a Nelder-Mead search over the free coefficients (in log space, so they stay
 * positive) minimising the sum of squared residuals in tolerance units. Rows where both policies
 * take the same path (e.g. len 1000, shared either way) are 1.00 by construction and left out of
 * the fit; they are checked by tests. docs/FIT.md explains the choices and lists the residuals.
 */
public final class PublishedFit {

    /** Source length assumed for himura467's "fresh unshared source every iteration" (not stated in the thread). */
    public static final long UNFROZEN_SOURCE_LEN = 1000;
    /** Source length of the frozen-source benchmarks (irrelevant to counts: a frozen source is its own root). */
    public static final long FROZEN_SOURCE_LEN = 10_000;
    /** Slices per benchmark row, the default sweep's N. */
    public static final long SLICES = 2_000_000;
    /** Allocations per row of byroot's slot table. */
    public static final long SLOT_ALLOCATIONS = 10_000_000;
    /** The tolerance of the unfrozen-unshared acceptance band, as a fraction of its middle. */
    static final double UNFROZEN_TOLERANCE = 0.05 / 1.175;

    /** Coefficients the fit moves; the others keep their documented values. */
    public static final List<String> FREE = List.of(CostProfile.METHOD_CALL, CostProfile.YJIT_NEW_CALL, CostProfile.ALLOC,
            CostProfile.SLOT_BYTE, CostProfile.COPY, CostProfile.SHARED_SETUP, CostProfile.FROZEN_ROOT, CostProfile.GC_PAGE);

    private PublishedFit() {}

    /** The rows of the thread's tables the profile is fitted to, with their counts simulated. */
    public static List<FitRow> rows() {
        RubyLayout layout = RubyLayout.ruby41dev();
        HeapSimulator sim = new HeapSimulator(layout);
        List<FitRow> rows = new ArrayList<>();
        ReferenceTable slot = ReferenceTable.load("slot_alloc_gc.csv");
        for (Map<String, String> r : slot.rows()) {
            int s = Integer.parseInt(r.get("slot_bytes"));
            // byroot's loop: YJIT, klass.new of a class padded to the slot, no initialize
            OpPlan p = AllocShape.BYROOT.plan(layout, AllocShape.byrootIvars(s), SLOT_ALLOCATIONS);
            rows.add(new FitRow(slot.name(), "slot " + s + " B ns/alloc", Double.parseDouble(r.get("ns_per_alloc")), 0.10,
                    layout, p, sim.run(p.phases()), null, null));
        }
        SubseqPolicy master = SubseqPolicies.master();
        SubseqPolicy always = SubseqPolicies.alwaysEmbed();
        SubseqPolicy cut256 = SubseqPolicies.cutoff(256);
        ReferenceTable ips = ReferenceTable.load("subseq_byroot_ips.csv");
        for (Map<String, String> r : ips.rows()) {
            long len = Long.parseLong(r.get("len_bytes"));
            double factor = Double.parseDouble(r.get("factor"));
            double ratio = "branch".equals(r.get("faster")) ? factor : 1 / factor;
            if (!layout.isEmbeddable(len, layout.termLen())) {
                continue; // shared by both: 1.00 by construction
            }
            rows.add(ratioRow(ips.name(), "byroot size" + len, ratio, 0.15, layout, sim, master, always,
                    frozen(len)));
        }
        ReferenceTable sweep = ReferenceTable.load("subseq_len_sweep.csv");
        for (Map<String, String> r : sweep.rows()) {
            if (!"frozen".equals(r.get("source_state")) || "shared".equals(r.get("slot_bytes_used"))) {
                continue;
            }
            long len = Long.parseLong(r.get("len_bytes"));
            double speedup = Double.parseDouble(r.get("speedup"));
            SubseqPolicy cand = "no-cutoff".equals(r.get("variant")) ? always : cut256;
            rows.add(ratioRow(sweep.name(), r.get("variant") + " len " + len, speedup, 0.15, layout, sim, master, cand,
                    frozen(len)));
        }
        for (long len : new long[] {50, 100, 200, 231}) {
            SliceLoop loop = new SliceLoop(len, UNFROZEN_SOURCE_LEN, SourceState.UNFROZEN_UNSHARED, SlicePosition.SUFFIX,
                    SLICES, 0, KeepMode.FIRST);
            rows.add(ratioRow(sweep.name(), "cutoff-256 unfrozen-unshared len " + len, 1.175, UNFROZEN_TOLERANCE, layout,
                    sim, master, cut256, loop));
        }
        return rows;
    }

    static SliceLoop frozen(long len) {
        return new SliceLoop(len, FROZEN_SOURCE_LEN, SourceState.FROZEN, SlicePosition.SUFFIX, SLICES, 0, KeepMode.FIRST);
    }

    private static FitRow ratioRow(String table, String label, double target, double tol, RubyLayout layout,
            HeapSimulator sim, SubseqPolicy base, SubseqPolicy cand, SliceLoop loop) {
        OpPlan b = loop.plan(layout, base);
        OpPlan c = loop.plan(layout, cand);
        return new FitRow(table, label, target, tol, layout, b, sim.run(b.phases()), c, sim.run(c.phases()));
    }

    /** Sum of squared residuals. */
    public static double loss(CostProfile p, List<FitRow> rows) {
        double s = 0;
        for (FitRow r : rows) {
            double e = r.residual(p);
            s += e * e;
        }
        return s;
    }

    /** Fits the free coefficients of {@code start} to {@code rows}. */
    public static CostProfile fit(CostProfile start, List<FitRow> rows, int iterations) {
        int n = FREE.size();
        double[] x0 = new double[n];
        for (int i = 0; i < n; i++) {
            x0[i] = Math.log(Math.max(1e-6, start.get(FREE.get(i))));
        }
        double[] best = NelderMead.minimize(x -> loss(profile(start, x), rows), x0, 0.3, iterations);
        return profile(start, best);
    }

    static CostProfile profile(CostProfile start, double[] logValues) {
        Map<String, Double> v = new LinkedHashMap<>();
        for (int i = 0; i < FREE.size(); i++) {
            v.put(FREE.get(i), Math.exp(logValues[i]));
        }
        return start.with(v, start.name());
    }
}
