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
 * takes a saved profile instead).
 * The first profile predicts every Ruby of a lab file that has no profile of its own name: the
 * patched builds are predicted from the unpatched build's profile.
 */
public final class LabTool {

    private LabTool() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, LabPredictor> predictors = new LinkedHashMap<>();
        int i = 0;
        while (i + 1 < args.length && (args[i].equals("--profile") || args[i].equals("--readings"))) {
            String[] kv = args[i + 1].split("=", 2);
            CostProfile p = args[i].equals("--profile") ? CostProfile.load(Path.of(kv[1]))
                    : org.slotlab.model.calibrate.CalibrationReadings.load(Path.of(kv[1])).replay().fit().profile();
            predictors.put(kv[0], new LabPredictor(p));
            i += 2;
        }
        if (predictors.isEmpty() || i >= args.length) {
            System.err.println("usage: LabTool --profile NAME=PROFILE.json [...] LAB.json.gz ...");
            System.exit(2);
        }
        for (; i < args.length; i++) {
            Path f = Path.of(args[i]);
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
            System.out.println("### " + f.getFileName() + " (" + lab.date() + ", " + lab.runs() + " runs)\n");
            Scoreboard s = Scoreboard.score(lab, use);
            System.out.println(s.markdown());
            if (!s.leftOut().isEmpty()) {
                System.out.println("Left out: " + String.join("; ", s.leftOut()) + "\n");
            }
        }
    }
}
