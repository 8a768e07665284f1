package org.slotlab.model.lab;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.slotlab.model.workload.OpPlan;
import org.slotlab.model.workload.Outcome;

/**
 * The validation lab's scoreboard: every patched build's speed ratio against the unpatched one
 * (measured, unless told otherwise: the fastest run of the unpatched build over the fastest run of the patched one; predicted:
 * the model's, from the unpatched build's calibration alone), and the GC counts of single-heap
 * loops, measured against simulated (under benchmark-ips over the whole report, its warm-up included:
 * what the lab's snapshots frame). Targets: at least 90% of the rows where the representation
 * changes within ±10%, none on the wrong side of 1.0 where the measured effect exceeds 10%, and GC
 * counts within ±5%.
 */
public final class Scoreboard {

    /** Share of a measured ratio within which a prediction counts as right. */
    public static final double RATIO_TOLERANCE = 0.10;
    /** A measured effect beyond this (ratio above 1.1 or below 1/1.1... taken as 0.9) must be predicted on its side of 1.0. */
    public static final double EFFECT = 0.10;
    /** Share of a measured GC count within which a simulated one counts as right. */
    public static final double GC_TOLERANCE = 0.05;

    /**
     * One patched build on one row.
     *
     * @param table the row's family ({@code frozen suffix}, {@code fresh 1,000 B source}, ...)
     * @param row the row's id
     * @param harness the harness it ran in
     * @param variant the build
     * @param changed whether the build's policy changes the representation (slot, root, objects) of this loop
     * @param measured base time / variant time, as the scoreboard's {@link Measured} statistic takes it
     * @param low lowest run ratio
     * @param high highest run ratio
     * @param predicted the model's base / variant
     * @param baseGcs median GCs of the base runs
     * @param variantGcs median GCs of the variant runs
     * @param predictedBaseGcs simulated GCs of the base loop
     * @param predictedVariantGcs simulated GCs of the variant loop
     */
    public record RatioRow(String table, String row, String harness, String variant, boolean changed, double measured, double low,
            double high, double predicted, double baseGcs, double variantGcs, double predictedBaseGcs, double predictedVariantGcs) {

        public double error() {
            return predicted / measured - 1;
        }

        public boolean within() {
            return Math.abs(error()) <= RATIO_TOLERANCE;
        }

        /** The measured effect exceeds 10% and the prediction is on the other side of 1.0 (or at it). */
        public boolean wrongSide() {
            if (measured > 1 + EFFECT) {
                return predicted <= 1;
            }
            if (measured < 1 - EFFECT) {
                return predicted >= 1;
            }
            return false;
        }
    }

    /**
     * One loop's GC count on one Ruby.
     *
     * @param row the row's id
     * @param harness the harness
     * @param ruby the Ruby
     * @param measured median GCs over the runs
     * @param predicted simulated GCs
     */
    public record GcRow(String row, String harness, String ruby, double measured, double predicted) {
        public double error() {
            return measured == 0 ? (predicted == 0 ? 0 : 1) : predicted / measured - 1;
        }

        public boolean within() {
            return Math.abs(error()) <= GC_TOLERANCE || Math.abs(predicted - measured) <= 1;
        }
    }

    private final List<RatioRow> ratios;
    private final List<GcRow> gcs;
    private final List<String> leftOut;

    private Scoreboard(List<RatioRow> ratios, List<GcRow> gcs, List<String> leftOut) {
        this.ratios = List.copyOf(ratios);
        this.gcs = List.copyOf(gcs);
        this.leftOut = List.copyOf(leftOut);
    }

    public List<RatioRow> ratios() {
        return ratios;
    }

    public List<GcRow> gcs() {
        return gcs;
    }

    public List<String> leftOut() {
        return leftOut;
    }

    /** The table a row belongs to, by its loop. */
    static String table(LabResults.Row r) {
        return switch (r.kind()) {
            case "subseq" -> switch (r.text("source")) {
                case "frozen" -> r.text("position").equals("middle") ? "frozen source, middle slice" : "frozen source, suffix";
                case "fresh" -> String.format(Locale.ROOT, "fresh %,d B source, suffix", r.param("src_len"));
                default -> "already-shared source, suffix";
            };
            case "split" -> "split(\":\", 2), " + r.text("receiver") + " receiver";
            case "new" -> "Class#new per slot size";
            case "strmul" -> "String#* per length";
            default -> r.kind();
        };
    }

    /**
     * Scores a lab file whose first Ruby is the unpatched build (or, for GC-only files, any set of
     * Rubies each with its own predictor, by name).
     */
    public static Scoreboard score(LabResults lab, Map<String, LabPredictor> predictors) {
        return score(lab, predictors, Measured.FASTEST);
    }

    /** How a row's measured ratio is taken from its runs. */
    public enum Measured {
        /** the unpatched build's fastest run over the patched build's fastest: the ratio a calibration of fastest repeats predicts */
        FASTEST,
        /**
         * the median over run pairs of base time / patched time, each pair taken seconds apart in the
         * interleaved order: what the machine's drift cancels out of best
         */
        PAIRED_MEDIAN
    }

    /** The scoreboard with each measured ratio taken as {@code statistic} says. */
    public static Scoreboard score(LabResults lab, Map<String, LabPredictor> predictors, Measured statistic) {
        List<RatioRow> ratios = new ArrayList<>();
        List<GcRow> gcs = new ArrayList<>();
        List<String> leftOut = new ArrayList<>();
        String base = lab.rubies().get(0).name();
        for (LabResults.Row row : lab.rows()) {
            for (LabResults.Ruby ruby : lab.rubies()) {
                LabPredictor p = predictors.getOrDefault(ruby.name(), predictors.get(base));
                String why = p.leftOut(row);
                List<LabResults.Run> runs = row.runs().getOrDefault(ruby.name(), List.of());
                if (why != null) {
                    if (ruby.name().equals(base)) {
                        leftOut.add(row.id() + " (" + row.harness() + "): " + why);
                    }
                    continue;
                }
                if (runs.isEmpty()) {
                    continue;
                }
                long n = runs.get(0).n();
                Outcome o = p.predict(row, ruby.name(), n);
                double[] gc = gcCounts(p, row, ruby.name(), runs, o);
                double measuredGcs = gc[0];
                boolean singleHeap = !row.kind().equals("split") && !row.text("source").equals("fresh");
                boolean sameLoopOnEveryBuild = predictors.size() > 1 || ruby.name().equals(base);
                if (singleHeap && sameLoopOnEveryBuild && isSingleHeap(o) && !Double.isNaN(gc[1])) {
                    gcs.add(new GcRow(row.id(), row.harness(), ruby.name(), measuredGcs, gc[1]));
                }
                if (ruby.name().equals(base) || predictors.size() > 1) {
                    continue;
                }
                List<LabResults.Run> baseRuns = row.runs().getOrDefault(base, List.of());
                int pairs = Math.min(baseRuns.size(), runs.size());
                if (pairs == 0) {
                    continue;
                }
                List<Double> r = new ArrayList<>();
                for (int i = 0; i < pairs; i++) {
                    r.add(baseRuns.get(i).nsPerOp() / runs.get(i).nsPerOp());
                }
                Outcome b = p.predict(row, base, baseRuns.get(0).n());
                double[] baseGc = gcCounts(p, row, base, baseRuns, b);
                OpPlan bp = p.plan(row, LabPredictor.policyOf(base), 1000);
                OpPlan vp = p.plan(row, LabPredictor.policyOf(ruby.name()), 1000);
                boolean changed = !bp.representation().equals(vp.representation()) || bp.objectsPerOp() != vp.objectsPerOp()
                        || bp.eventsPerOp().frozenRoots() != vp.eventsPerOp().frozenRoots();
                double baseGcs = baseGc[0];
                // the fastest run of each build: on a shared machine other work only ever adds time, and the
                // same code on two builds agrees within a few per cent this way where medians scatter by 30%
                double fastest = baseRuns.stream().mapToDouble(LabResults.Run::nsPerOp).min().orElse(Double.NaN)
                        / runs.stream().mapToDouble(LabResults.Run::nsPerOp).min().orElse(Double.NaN);
                double measured = statistic == Measured.PAIRED_MEDIAN ? LabPredictor.median(r) : fastest;
                ratios.add(new RatioRow(table(row), row.id(), row.harness(), ruby.name(), changed, measured,
                        r.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN),
                        r.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN), b.nsPerOp() / o.nsPerOp(), baseGcs,
                        measuredGcs, baseGc[1], gc[1]));
            }
        }
        return new Scoreboard(ratios, gcs, leftOut);
    }

    /**
     * {@code GC.start} calls inside one benchmark-ips report that the lab's GC counts hold:
     * {@code Timing.clean_env} before the warm-up and again before the timing (benchmark-ips 2.14,
     * lib/benchmark/ips/job.rb {@code run_warmup} and {@code run_benchmark}).
     */
    static final int IPS_GC_STARTS = 2;

    /**
     * {median measured, median simulated} GCs of one Ruby's runs of a row, over the same iterations.
     * In a bare loop or under RubyGems the snapshots frame the timed loop: its GCs against the
     * simulation's {@code timed}. Under benchmark-ips they frame the whole report, warm-up included, so
     * each run's iterations are read from the objects it allocated (its body's objects per iteration:
     * benchmark-ips' own few per 100 ms round do not move the count) and the simulation runs as many
     * from the heap the harness hands the body, against the GCs measured less its two {@code GC.start}.
     * Simulated is NaN where a lab file predates the allocation counts.
     */
    static double[] gcCounts(LabPredictor p, LabResults.Row row, String ruby, List<LabResults.Run> runs, Outcome timed) {
        if (!row.harness().equals("benchmark-ips")) {
            return new double[] {LabPredictor.median(runs.stream().map(x -> (double) x.gcs()).toList()), timed.gcCount()};
        }
        List<Double> measured = new ArrayList<>();
        List<Double> simulated = new ArrayList<>();
        for (LabResults.Run r : runs) {
            measured.add((double) Math.max(0, r.gcs() - IPS_GC_STARTS));
            long ops = p.iterationsInProcess(row, ruby, r);
            simulated.add(ops < r.n() ? Double.NaN : (double) p.processGcs(row, ruby, ops - r.n(), r.n()));
        }
        boolean any = simulated.stream().anyMatch(d -> Double.isNaN(d));
        return new double[] {LabPredictor.median(measured), any ? Double.NaN : LabPredictor.median(simulated)};
    }

    private static boolean isSingleHeap(Outcome o) {
        int used = 0;
        for (long a : o.sim().allocations()) {
            if (a > 0) {
                used++;
            }
        }
        return used == 1;
    }

    /** Counts of one family of ratio rows. */
    public record Tally(int rows, int within, int wrongSide, int bigEffects) {
        public double share() {
            return rows == 0 ? 1 : (double) within / rows;
        }
    }

    /** The rows where the representation changes, per table (and "all"). */
    public Map<String, Tally> tallies() {
        Map<String, List<RatioRow>> by = new LinkedHashMap<>();
        for (RatioRow r : ratios) {
            if (r.changed()) {
                by.computeIfAbsent(r.table() + " (" + r.harness() + ")", k -> new ArrayList<>()).add(r);
                by.computeIfAbsent("all", k -> new ArrayList<>()).add(r);
            }
        }
        Map<String, Tally> out = new LinkedHashMap<>();
        by.forEach((k, v) -> out.put(k, new Tally(v.size(), (int) v.stream().filter(RatioRow::within).count(),
                (int) v.stream().filter(RatioRow::wrongSide).count(),
                (int) v.stream().filter(x -> x.measured() > 1 + EFFECT || x.measured() < 1 - EFFECT).count())));
        return out;
    }

    /** Single-heap GC rows within ±5%, of all. */
    public int gcWithin() {
        return (int) gcs.stream().filter(GcRow::within).count();
    }

    /** The scoreboard as Markdown tables (docs/FIT.md's lab section). */
    public String markdown() {
        StringBuilder sb = new StringBuilder();
        sb.append("| table (harness) | rows where the representation changes | within ±10% | wrong side of 1.0 (of effects > 10%) |\n");
        sb.append("|---|--:|--:|--:|\n");
        tallies().forEach((k, t) -> sb.append(String.format(Locale.ROOT, "| %s | %d | %d (%.0f%%) | %d (of %d) |%n", k, t.rows(), t.within(),
                100 * t.share(), t.wrongSide(), t.bigEffects())));
        sb.append("\n| row | harness | build | measured (min..max) | predicted | error | GCs base/build measured | simulated |\n");
        sb.append("|---|---|---|--:|--:|--:|--:|--:|\n");
        for (RatioRow r : ratios) {
            if (!r.changed()) {
                continue;
            }
            sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %.3f (%.3f..%.3f) | %.3f | %+.1f%%%s | %.0f / %.0f | %.0f / %.0f |%n", r.row(),
                    r.harness(), r.variant(), r.measured(), r.low(), r.high(), r.predicted(), 100 * r.error(),
                    r.wrongSide() ? " **wrong side**" : r.within() ? "" : " (out)", r.baseGcs(), r.variantGcs(), r.predictedBaseGcs(),
                    r.predictedVariantGcs()));
        }
        long same = identicalCodeRows(false);
        long sameWithin = identicalCodeRows(true);
        sb.append(String.format(Locale.ROOT, "%nRows where the policy changes nothing (predicted 1.00): %d, measured within ±10%% of it: %d.%n",
                same, sameWithin));
        if (!resolvesTolerance()) {
            sb.append(String.format(Locale.ROOT, "Where the truth is known (identical code, 1.00) this file's measurement lands within ±10%% "
                    + "in fewer than %.0f%% of the rows: it cannot test a ±10%% prediction, and its scores above say more about the host "
                    + "than about the model.%n", 100 * RESOLVING_SHARE));
        }
        if (!gcs.isEmpty()) {
            sb.append(String.format(Locale.ROOT, "%n| single-heap loop | harness | Ruby | GCs measured | simulated | error |%n|---|---|---|--:|--:|--:|%n"));
            for (GcRow g : gcs) {
                sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %.0f | %.0f | %+.1f%%%s |%n", g.row(), g.harness(), g.ruby(), g.measured(),
                        g.predicted(), 100 * g.error(), g.within() ? "" : " (out)"));
            }
            sb.append(String.format(Locale.ROOT, "%nGC counts within ±5%%: %d of %d.%n", gcWithin(), gcs.size()));
        }
        return sb.toString();
    }

    /** Rows where the policy changes nothing (identical code, 1.00 the truth); with {@code within}, those measured within ±10% of it. */
    private long identicalCodeRows(boolean within) {
        return ratios.stream().filter(r -> !r.changed() && (!within || r.within())).count();
    }

    /**
     * Share of the identical-code rows (both builds run the same code, so 1.00 is the truth) that a
     * lab file must measure within ±10% of 1.00 for its other rows to test a ±10% prediction: 19 in
     * 20. A file below it measured the host's noise as much as the builds (sample-data/measured/lab).
     */
    public static final double RESOLVING_SHARE = 0.95;

    /** Whether this file's identical-code rows land within ±10% of 1.00 often enough ({@link #RESOLVING_SHARE}); true without any. */
    public boolean resolvesTolerance() {
        long same = identicalCodeRows(false);
        return same == 0 || identicalCodeRows(true) >= RESOLVING_SHARE * same;
    }

}
