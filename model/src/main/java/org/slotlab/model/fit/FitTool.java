package org.slotlab.model.fit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.slotlab.model.cost.CostProfile;

/**
 * Re-runs the default profile's fit and prints the residual table (docs/FIT.md is its output):
 * {@code java -cp model/target/classes org.slotlab.model.fit.FitTool [--write FILE]}.
 */
public final class FitTool {

    private FitTool() {}

    public static void main(String[] args) throws Exception {
        List<FitRow> rows = PublishedFit.rows();
        CostProfile start = CostProfile.defaultProfile();
        CostProfile fitted = PublishedFit.fit(start, rows, 4000);
        System.out.println(report(fitted, rows));
        if (args.length == 2 && args[0].equals("--write")) {
            Files.writeString(Path.of(args[1]), fitted.toJson());
            System.out.println("wrote " + args[1]);
        }
    }

    /** The residual table of {@code p} over {@code rows}, Markdown. */
    public static String report(CostProfile p, List<FitRow> rows) {
        StringBuilder sb = new StringBuilder();
        sb.append("| table | row | published | model | error | tolerance |\n|---|---|--:|--:|--:|--:|\n");
        for (FitRow r : rows) {
            double m = r.predict(p);
            sb.append(String.format(Locale.ROOT, "| %s | %s | %.3f | %.3f | %+.1f%% | ±%.1f%% |%n", r.table(), r.label(),
                    r.target(), m, (m / r.target() - 1) * 100, r.tolerance() * 100));
        }
        sb.append(String.format(Locale.ROOT, "%nloss (sum of squared residuals in tolerance units): %.3f%n",
                PublishedFit.loss(p, rows)));
        sb.append("\n| coefficient | value | unit |\n|---|--:|---|\n");
        p.coefficients().forEach(c -> sb.append(String.format(Locale.ROOT, "| %s | %.4g | %s |%n", c.name(), c.value(), c.unit())));
        return sb.toString();
    }
}
