package org.slotlab.model.classnew;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.slotlab.model.cost.Coefficient;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.heap.SimResult;
import org.slotlab.model.layout.RubyLayout;

/**
 * Fits {@link ClassNewCosts} to class_new.csv (Fast Allocations in Ruby 3.5). Per execution mode the table gives two
 * numbers: the positional speedup r_p, constant for N = 0..8, and the keyword speedup r_k at N = 3.
 * With the slot and GC time per call A (instance only) and B (instance and keyword Hash) from the
 * heap simulation and the CostProfile, and two anchors taken as given (the initialize call I and
 * the push of one argument p), the model is
 * <pre>
 *   3.5, either kind:  I + A + N p
 *   3.4, positional:   I + A + F + N (p + c)
 *   3.4, keyword:      I + B + F + N (p + k)      (N >= 1; N = 0 passes no Hash)
 * </pre>
 * A ratio constant in N forces F = (r_p - 1)(I + A) and c = (r_p - 1) p; the keyword point gives
 * k = (r_k (I + A + 3p) - (I + B + F + 3p)) / 3. Three coefficients from three published
 * constraints: the published rows are met exactly, and every other point (keywords at N != 3, any
 * N beyond the table) is a prediction. The anchors' provenance is stated in the output.
 */
public final class ClassNewFit {

    /** Interpreter's initialize call over YJIT's (dimensionless), assumed: no interpreter timing in the article. */
    public static final double INTERPRETER_CALL_OVER_YJIT = 2.0;
    /** Interpreter: one putobject instruction pushing a literal argument, ns (assumed). */
    public static final double INTERPRETER_ARG_PUSH_NS = 2.0;
    /** YJIT: a literal argument compiled to one store, ns (assumed). */
    public static final double YJIT_ARG_PUSH_NS = 0.3;

    /** The keyword row of class_new.csv that carries a speedup. */
    public static final int KEYWORD_POINT = 3;

    private ClassNewFit() {}

    /**
     * An anchor taken as given rather than fitted.
     *
     * @param value      ns
     * @param provenance where it comes from
     */
    public record Anchor(double value, String provenance) {}

    /** The interpreter's anchors (assumed: no interpreter reading of a call in the article). */
    public static Anchor[] interpreterAnchors(CostProfile alloc) {
        return new Anchor[] {
            new Anchor(INTERPRETER_CALL_OVER_YJIT * alloc.get(CostProfile.YJIT_NEW_CALL),
                    "assumed: twice YJIT's (the default profile's yjit_new_call_ns); no interpreter timing of Class#new in the article"),
            new Anchor(INTERPRETER_ARG_PUSH_NS, "assumed: one putobject instruction dispatched by the interpreter, ~2 ns")};
    }

    /** YJIT's anchors: the initialize call is the default profile's yjit_new_call_ns (byroot's klass.new, 4.1.0dev + YJIT, opt_new). */
    public static Anchor[] yjitAnchors(CostProfile alloc) {
        return new Anchor[] {
            new Anchor(alloc.get(CostProfile.YJIT_NEW_CALL),
                    "default cost profile yjit_new_call_ns, fitted to slot_alloc_gc.csv (byroot: klass.new on 4.1.0dev + YJIT, which has opt_new)"),
            new Anchor(YJIT_ARG_PUSH_NS, "assumed: YJIT compiles a literal argument to one store, ~0.3 ns")};
    }

    /** Fits one execution mode on {@code layout} to class_new.csv's rows for {@code yjit}. */
    public static ClassNewCosts fit(RubyLayout layout, CostProfile alloc, String yjit, Anchor initialize, Anchor push,
            long calls) {
        double rp = ClassNewModel.published(ParamKind.POSITIONAL, 0, yjit).orElseThrow(
                () -> new IllegalStateException("class_new.csv has no positional speedup for yjit=" + yjit));
        double rk = ClassNewModel.published(ParamKind.KEYWORD, KEYWORD_POINT, yjit).orElseThrow(
                () -> new IllegalStateException("class_new.csv has no keyword N=3 speedup for yjit=" + yjit));
        SimResult simA = ClassNewModel.simulate(layout, new ClassNewCall(ParamKind.POSITIONAL, 0, NewPath.OPT_NEW), calls);
        SimResult simB = ClassNewModel.simulate(layout, new ClassNewCall(ParamKind.KEYWORD, KEYWORD_POINT, NewPath.C_CLASS_NEW),
                calls);
        double a = ClassNewModel.allocNs(layout, alloc, simA);
        double b = ClassNewModel.allocNs(layout, alloc, simB);
        double i = initialize.value();
        double p = push.value();
        double f = (rp - 1) * (i + a);
        double c = (rp - 1) * p;
        double k = (rk * (i + a + KEYWORD_POINT * p) - (i + b + f + KEYWORD_POINT * p)) / KEYWORD_POINT;
        if (k < 0) {
            throw new IllegalStateException(String.format(Locale.ROOT,
                    "keyword speedup %.2f is below what the Hash's slot and GC alone give: k = %.3f ns < 0", rk, k));
        }
        String table = "class_new.csv (Fast Allocations in Ruby 3.5) yjit=" + yjit;
        String mode = yjit.equals("on") ? "YJIT" : "interpreter";
        List<Coefficient> cs = List.of(
                new Coefficient(ClassNewCosts.INITIALIZE_CALL, i, "ns/call",
                        "calling the empty Ruby initialize (send, frame push and pop), both paths", initialize.provenance()),
                new Coefficient(ClassNewCosts.ARG_PUSH, p, "ns/argument",
                        "pushing one argument on the VM stack at the call site, both paths", push.provenance()),
                new Coefficient(ClassNewCosts.CFUNC_FRAME, f, "ns/call",
                        "3.4 only: the C frame of Class#new and its re-dispatch of initialize",
                        String.format(Locale.ROOT, "fitted: %s positional speedup %.2f constant in N => F = (r-1)(I+A), A = %.3f ns",
                                table, rp, a)),
                new Coefficient(ClassNewCosts.ARG_COPY, c, "ns/argument",
                        "3.4 only: copying one positional argument from the VM stack into C and back",
                        String.format(Locale.ROOT, "fitted: %s positional speedup %.2f constant in N => c = (r-1)p", table, rp)),
                new Coefficient(ClassNewCosts.KW_HASH_ENTRY, k, "ns/keyword",
                        "3.4 only: storing one keyword into the Hash and unpacking it into initialize",
                        String.format(Locale.ROOT, "fitted: %s keyword speedup %.2f at N=3, B = %.3f ns (instance + Hash)",
                                table, rk, b)));
        return new ClassNewCosts("class-new-" + mode.toLowerCase(Locale.ROOT), yjit,
                "arm64-darwin24 (Fast Allocations in Ruby 3.5: ruby 3.4.2 vs 3.5.0dev)",
                "layout " + layout.name() + ", allocation costs " + alloc.name() + ", " + calls + " calls", cs);
    }

    /** The two shipped fits (ruby-3.4 layout, the default CostProfile, the article's 25M calls). */
    public static ClassNewCosts[] shipped() {
        RubyLayout layout = RubyLayout.ruby34();
        CostProfile alloc = CostProfile.defaultProfile();
        Anchor[] ia = interpreterAnchors(alloc);
        Anchor[] ya = yjitAnchors(alloc);
        return new ClassNewCosts[] {
            fit(layout, alloc, "off", ia[0], ia[1], ClassNewModel.ARTICLE_CALLS),
            fit(layout, alloc, "on", ya[0], ya[1], ClassNewModel.ARTICLE_CALLS)};
    }

    /** Regenerates the two JSON resources into {@code args[0]} (the resources folder of this package). */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: ClassNewFit <output folder>");
            System.exit(2);
        }
        ClassNewCosts[] fits = shipped();
        Files.writeString(Path.of(args[0], "interpreter.json"), fits[0].toJson());
        Files.writeString(Path.of(args[0], "yjit.json"), fits[1].toJson());
    }
}
