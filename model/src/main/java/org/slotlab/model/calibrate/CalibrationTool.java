package org.slotlab.model.calibrate;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.slotlab.model.calibrate.ProfileCalibration.HarnessLibraries;

/**
 * Runs a calibration and keeps its readings, for the validation lab:
 * {@code java -cp ... org.slotlab.model.calibrate.CalibrationTool RUBY MODE READINGS.json PROFILE.json [IPS_LIB] [RUBY_BENCH_DIR]},
 * or replays readings: {@code ... CalibrationTool --replay READINGS.json PROFILE.json}.
 */
public final class CalibrationTool {

    private CalibrationTool() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 3 && args[0].equals("--replay")) {
            ProfileCalibration.Calibration c = CalibrationReadings.load(Path.of(args[1])).replay();
            Files.writeString(Path.of(args[2]), c.fit().profile().toJson());
            report(c);
            return;
        }
        if (args.length < 4) {
            System.err.println("usage: CalibrationTool RUBY smoke|quick|thorough READINGS.json PROFILE.json [IPS_LIB] [RUBY_BENCH_DIR]");
            System.exit(2);
        }
        RubyProbeRunner runner = new RubyProbeRunner(Path.of(args[0]), Duration.ofMinutes(20));
        TimingMode mode = TimingMode.valueOf(args[1].toUpperCase(java.util.Locale.ROOT));
        HarnessLibraries libs = new HarnessLibraries(args.length > 4 ? Path.of(args[4]) : null, args.length > 5 ? Path.of(args[5]) : null);
        int retries = Integer.getInteger("slotlab.retries", 8);
        ProfileCalibration.Calibration c = ProfileCalibration.calibrate(runner, mode, libs,
                p -> System.err.print("\r" + p.probe() + " " + p.done() + "/" + p.total() + " " + p.step() + "          "), retries);
        System.err.println();
        String machine = System.getProperty("os.name") + " " + System.getProperty("os.arch") + ", "
                + Runtime.getRuntime().availableProcessors() + " cores";
        Files.writeString(Path.of(args[2]), CalibrationReadings.of(c, machine).toJson());
        Files.writeString(Path.of(args[3]), c.fit().profile().toJson());
        report(c);
    }

    static void report(ProfileCalibration.Calibration c) {
        CalibrationFit f = c.fit();
        System.out.println(f.profile().check().summary());
        f.profile().check().details().forEach(d -> System.out.println("  " + d));
        for (CalibrationFit.CoefficientFit k : f.coefficients()) {
            System.out.printf(java.util.Locale.ROOT, "%-26s %12.5g %-10s %s%n", k.name(), k.value(), k.unit(),
                    k.fitted() ? (Double.isNaN(k.standardError()) ? k.note() : String.format(java.util.Locale.ROOT, "± %.3g", k.standardError())) : k.note());
        }
        for (CalibrationFit.RowFit r : f.rows()) {
            System.out.printf(java.util.Locale.ROOT, "%-46s %9.1f %9.1f %9.1f  %+6.1f%% noise %4.1f%%%n", r.name(), r.measuredNs(), r.predictedNs(),
                    r.heldOutNs(), 100 * r.heldOutError(), 100 * r.noise());
        }
        c.harnesses().forEach(h -> System.out.println("harness " + h.harness().id() + ": pages " + java.util.Arrays.toString(h.pages())
                + " kept " + java.util.Arrays.toString(h.kept()) + " loop " + h.loopNs() + " block " + h.blockCallLoopNs()));
        c.harnessNotes().forEach(n -> System.out.println("harness " + n));
        f.profile().jsonParse().ifPresentOrElse(j -> {
            System.out.println("JSON.parse: " + j.summary());
            System.out.println("  " + j.describeTerms());
            j.rows().forEach(r -> System.out.printf(java.util.Locale.ROOT, "  %-30s measured %.3f ms (GC %.3f), model %.3f ms (GC %.3f), "
                    + "objects %.1f vs %.0f, GCs per parse %.3f vs %.3f%n", r.document(), r.measuredNs() / 1e6, r.measuredGcNs() / 1e6,
                    r.modelNs() / 1e6, r.modelGcNs() / 1e6, r.measuredObjects(), r.modelObjects(), r.measuredGcsPerParse(), r.modelGcsPerParse()));
        }, () -> System.out.println("JSON.parse: " + (c.json().note().isEmpty() ? "not measured" : c.json().note())));
    }
}
