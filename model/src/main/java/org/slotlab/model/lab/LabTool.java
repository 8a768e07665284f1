package org.slotlab.model.lab;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slotlab.model.cost.CostProfile;

/**
 * Prints the validation lab's scoreboard as Markdown (docs/FIT.md's lab section):
 * {@code java -cp ... org.slotlab.model.lab.LabTool --readings NAME=READINGS.json.gz [...] LAB.json.gz ...}
 * (calibration readings are fitted again with the model as it is now; {@code --profile NAME=FILE}
 * takes a saved profile instead; {@code --explain REGEX} prints, for the rows whose id matches, each
 * build's measured time, GCs and heap pages beside the model's time by part and simulated pages; {@code --paired} takes each measured
 * ratio as the median of the run pairs' ratios instead of fastest over fastest; {@code --set COEFFICIENT=VALUE}
 * replaces one coefficient in every profile: a check of a term's direction, never a scoreboard;
 * {@code --coefficients REGEX} prints each profile's coefficients whose name matches, with their provenance).
 * The first profile predicts every Ruby of a lab file that has no profile of its own name: the
 * patched builds are predicted from the unpatched build's profile.
 */
public final class LabTool {

    private LabTool() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, CostProfile> profiles = new LinkedHashMap<>();
        Map<String, Double> set = new LinkedHashMap<>();
        int i = 0;
        String explain = null;
        String coefficients = null;
        Scoreboard.Measured statistic = Scoreboard.Measured.FASTEST;
        while (i + 1 < args.length && (args[i].equals("--profile") || args[i].equals("--readings") || args[i].equals("--explain")
                || args[i].equals("--paired") || args[i].equals("--set") || args[i].equals("--coefficients"))) {
            if (args[i].equals("--paired")) {
                statistic = Scoreboard.Measured.PAIRED_MEDIAN;
                i++;
                continue;
            }
            if (args[i].equals("--explain")) {
                explain = args[i + 1];
                i += 2;
                continue;
            }
            if (args[i].equals("--coefficients")) {
                coefficients = args[i + 1];
                i += 2;
                continue;
            }
            String[] kv = args[i + 1].split("=", 2);
            if (kv.length != 2) {
                System.err.println("LabTool: " + args[i] + " takes NAME=VALUE, got '" + args[i + 1] + "'");
                System.exit(2);
            }
            if (args[i].equals("--set")) {
                if (!CostProfile.NAMES.contains(kv[0])) {
                    System.err.println("LabTool: --set: no coefficient named '" + kv[0] + "'");
                    System.exit(2);
                }
                try {
                    set.put(kv[0], Double.parseDouble(kv[1]));
                } catch (NumberFormatException e) {
                    System.err.println("LabTool: --set " + kv[0] + ": '" + kv[1] + "' is not a number");
                    System.exit(2);
                }
                i += 2;
                continue;
            }
            CostProfile p = args[i].equals("--profile") ? CostProfile.load(Path.of(kv[1]))
                    : org.slotlab.model.calibrate.CalibrationReadings.load(Path.of(kv[1])).replay().fit().profile();
            profiles.put(kv[0], p);
            i += 2;
        }
        if (coefficients != null) {
            java.util.regex.Pattern match = java.util.regex.Pattern.compile(coefficients);
            for (Map.Entry<String, CostProfile> e : profiles.entrySet()) {
                for (org.slotlab.model.cost.Coefficient c : e.getValue().coefficients()) {
                    if (match.matcher(c.name()).find()) {
                        System.out.printf(java.util.Locale.ROOT, "%s: %s = %.4g %s (%s)%n", e.getKey(), c.name(), c.value(), c.unit(), c.provenance());
                    }
                }
            }
        }
        Map<String, LabPredictor> predictors = new LinkedHashMap<>();
        for (Map.Entry<String, CostProfile> e : profiles.entrySet()) {
            CostProfile p = set.isEmpty() ? e.getValue() : e.getValue().with(set, e.getValue().name() + " with " + set);
            predictors.put(e.getKey(), new LabPredictor(p));
        }
        if (coefficients != null && !predictors.isEmpty() && i >= args.length) {
            return; // the coefficients were what was asked for
        }
        if (predictors.isEmpty() || i >= args.length) {
            System.err.println("usage: LabTool --profile NAME=PROFILE.json | --readings NAME=READINGS.json.gz [...] [--set COEFFICIENT=VALUE] [--coefficients REGEX] "
                    + "[--explain REGEX] [--paired] LAB.json.gz ...");
            System.exit(2);
        }
        for (; i < args.length; i++) {
            Path f = Path.of(args[i]);
            if (!Files.isRegularFile(f)) {
                System.err.println("LabTool: " + args[i] + ": no such lab file" + (args[i].startsWith("--")
                        ? " (options go before the lab files)" : ""));
                System.exit(2);
            }
            LabResults lab;
            try (InputStream in = Files.newInputStream(f)) {
                lab = LabResults.read(in, f.toString());
            }
            Map<String, LabPredictor> use = new LinkedHashMap<>();
            for (LabResults.Ruby r : lab.rubies()) {
                if (predictors.containsKey(r.name())) {
                    use.put(r.name(), predictors.get(r.name()));
                }
            }
            if (use.isEmpty()) {
                use.put(lab.rubies().get(0).name(), predictors.values().iterator().next());
            }
            if (explain != null) {
                explain(lab, use, explain);
                continue;
            }
            System.out.println("### " + f.getFileName() + " (" + lab.date() + ", " + lab.runs() + " runs)\n");
            Scoreboard s = Scoreboard.score(lab, use, statistic);
            System.out.println(s.markdown());
            if (!s.leftOut().isEmpty()) {
                System.out.println("Left out: " + String.join("; ", s.leftOut()) + "\n");
            }
        }
    }

    /** For each row matching {@code regex}: per build, the fastest run, its GCs and its heaps' pages beside the model's parts. */
    static void explain(LabResults lab, Map<String, LabPredictor> use, String regex) {
        LabPredictor first = use.values().iterator().next();
        for (LabResults.Row row : lab.rows()) {
            if (!row.id().matches(regex) || first.leftOut(row) != null) {
                continue;
            }
            System.out.println(row.id() + " (" + row.harness() + ")");
            for (Map.Entry<String, java.util.List<LabResults.Run>> e : row.runs().entrySet()) {
                LabPredictor p = use.getOrDefault(e.getKey(), first);
                LabResults.Run fastest = e.getValue().stream().min(java.util.Comparator.comparingDouble(LabResults.Run::nsPerOp)).orElseThrow();
                org.slotlab.model.workload.Outcome o = p.predict(row, e.getKey(), fastest.n());
                org.slotlab.model.cost.OpEvents events = p.plan(row, LabPredictor.policyOf(e.getKey()), fastest.n()).eventsPerOp();
                org.slotlab.model.harness.HarnessState harness = p.profile().harness(org.slotlab.model.harness.Harness.parse(row.harness()), p.layout());
                org.slotlab.model.cost.TimeBreakdown b = org.slotlab.model.cost.CostModel.price(p.profile(), p.layout(), o.sim(), events, harness);
                System.out.printf(java.util.Locale.ROOT, "  %-16s measured %7.1f ns/op (loop %.1f) %5d GCs %4d majors %.3f faults/op | model %7.1f ns/op %5d GCs %4d majors cycle %.2f MB faults %.3f%s%n    %s%n",
                        e.getKey(), fastest.nsPerOp(), fastest.emptyLoopNs() / (double) fastest.n(), fastest.gcs(), fastest.majors(),
                        fastest.minorFaults() / (double) fastest.n(), o.nsPerOp(), o.sim().gcCount(), o.sim().majorGcs(), b.cycleBytes() / 1e6,
                        b.faultsPerOp(), o.sim().arenaSimulated()
                                ? String.format(java.util.Locale.ROOT, " (buffers %.4f, trimmed %.4f pages/op in %.5f trims/op)",
                                        o.sim().mallocFaults() / (double) o.sim().ops(), o.sim().trimmedPages() / (double) o.sim().ops(),
                                        o.sim().trims() / (double) o.sim().ops())
                                : "",
                        b.describe());
                StringBuilder gcParts = new StringBuilder();
                org.slotlab.model.cost.CostModel.gcParts(p.profile(), p.layout(), o.sim(), events, harness)
                        .forEach((k, v) -> {
                            if (Math.abs(v) >= 0.05) {
                                gcParts.append(String.format(java.util.Locale.ROOT, " %s %.1f", k, v));
                            }
                        });
                // under benchmark-ips the snapshots frame its warm-up too: per iteration of the whole report
                long gcOps = row.harness().equals("benchmark-ips") ? p.iterationsInProcess(row, e.getKey(), fastest) : fastest.n();
                if (fastest.heapPages().length > 0) {
                    System.out.printf(java.util.Locale.ROOT, "    pages per heap after the loop measured %s | simulated %s%n",
                            java.util.Arrays.toString(fastest.heapPages()), java.util.Arrays.toString(o.sim().finalPages()));
                }
                System.out.printf(java.util.Locale.ROOT, "    GC time measured %s | model's GC:%s%n",
                        fastest.gcTimeMs() < 0 ? "not recorded" : String.format(java.util.Locale.ROOT, "%.1f ns/op", fastest.gcTimeMs() * 1e6 / gcOps),
                        gcParts);
                if (row.harness().equals("benchmark-ips")) {
                    long ops = p.iterationsInProcess(row, e.getKey(), fastest);
                    System.out.printf(java.util.Locale.ROOT, "    process: %d ops (%d warm-up) %d GCs less %d majors | simulated %d GCs%n",
                            ops, ops - fastest.n(), fastest.gcs(), fastest.majors(), p.processGcs(row, e.getKey(), ops - fastest.n(), fastest.n()));
                }
            }
        }
    }
}
