package org.slotlab.app.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.slotlab.model.calibrate.CalibrationException;
import org.slotlab.model.calibrate.CalibrationFit;
import org.slotlab.model.calibrate.ProfileCalibration;
import org.slotlab.model.calibrate.RubyProbeRunner;
import org.slotlab.model.calibrate.TimingMode;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.app.export.OutputFile;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code slotlab calibrate --ruby PATH [--quick|--thorough] --out my.profile.json [--timeout 600]}:
 * runs the probes on the user's Ruby ({@link ProfileCalibration#calibrate}), prints progress on
 * stderr and a fit summary on stdout (the layout read, each coefficient with its 95% interval,
 * R², the per-row residuals), and saves the profile with its layout, so that
 * {@code predict subseq --profile my.profile.json} needs no {@code --layout}. A missing, old,
 * broken or hanging Ruby is one line on stderr and exit code 2; Ctrl-C stops the Ruby and exits
 * 130.
 */
@Command(name = "calibrate", mixinStandardHelpOptions = true,
        description = {"Read the heap layout of a real ruby and fit a cost profile to probe timings on it."},
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:calibrated and written", "1:the profile could not be written",
            "2:the ruby is missing, too old, broken or hung, or bad options", "130:cancelled (Ctrl-C)"})
public final class CalibrateCommand implements Callable<Integer> {

    @Mixin
    RubyProcessOptions rubyOptions = new RubyProcessOptions();

    @ArgGroup(exclusive = true)
    Mode mode;

    /** --quick (default), --thorough or the hidden --smoke that tests use. */
    static final class Mode {
        @Option(names = "--quick", description = "a few minutes of probes (default)")
        boolean quick;

        @Option(names = "--thorough", description = "about a quarter of an hour of probes, tighter intervals")
        boolean thorough;

        @Option(names = "--smoke", hidden = true, description = "a few seconds; the fit runs but says little (for tests)")
        boolean smoke;
    }

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "where to write the profile JSON")
    Path out;

    @Option(names = "--save-readings", paramLabel = "FILE", description = "also write every probe's output (JSON; gzip-compressed "
            + "when FILE ends in .gz), so the fit can be made again without the Ruby")
    Path readings;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    TimingMode timingMode() {
        if (mode == null || mode.quick) {
            return TimingMode.QUICK;
        }
        return mode.thorough ? TimingMode.THOROUGH : TimingMode.SMOKE;
    }

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        ProfileCalibration.Calibration c;
        RubyProbeRunner runner;
        try {
            OutputFile.prepare(out);
            if (readings != null) {
                OutputFile.prepare(readings);
            }
        } catch (OutputFile.NotWritten e) {
            stderr.println("slotlab calibrate: " + RubyProcessOptions.oneLine(e.getMessage()));
            stderr.flush();
            return RubyProcessOptions.EXIT_WRITE_FAILED;
        }
        try {
            runner = rubyOptions.runner();
        } catch (CalibrationException e) {
            stderr.println("slotlab calibrate: " + RubyProcessOptions.oneLine(e.getMessage()));
            stderr.flush();
            return RubyProcessOptions.exitCodeOf(e);
        }
        try {
            ProgressPrinter progress = rubyOptions.progressPrinter(stderr, "calibrate");
            c = RubyProcessOptions.cancellable(stderr, "calibrate", progress, () -> {
                progress.note(runner.ruby() + " is ruby " + runner.version() + "; timing mode " + timingMode().argument());
                return ProfileCalibration.calibrate(runner, timingMode(), progress);
            });
        } catch (CalibrationException e) {
            return RubyProcessOptions.exitCodeOf(e);
        }
        print(c, stdout);
        String json = c.fit().profile().toJson();
        try {
            OutputFile.write(out, w -> w.write(json.getBytes(StandardCharsets.UTF_8)));
        } catch (OutputFile.NotWritten e) {
            stderr.println("slotlab calibrate: " + RubyProcessOptions.oneLine(e.getMessage()));
            stderr.flush();
            return RubyProcessOptions.EXIT_WRITE_FAILED;
        }
        if (readings != null) {
            String machine = System.getProperty("os.name") + " " + System.getProperty("os.arch") + ", "
                    + Runtime.getRuntime().availableProcessors() + " cores";
            byte[] text = org.slotlab.model.calibrate.CalibrationReadings.of(c, machine).toJson().getBytes(StandardCharsets.UTF_8);
            try {
                OutputFile.write(readings, w -> {
                    if (readings.getFileName().toString().endsWith(".gz")) {
                        java.util.zip.GZIPOutputStream z = new java.util.zip.GZIPOutputStream(w);
                        z.write(text);
                        z.finish();
                    } else {
                        w.write(text);
                    }
                });
            } catch (OutputFile.NotWritten e) {
                stderr.println("slotlab calibrate: " + RubyProcessOptions.oneLine(e.getMessage()));
                stderr.flush();
                return RubyProcessOptions.EXIT_WRITE_FAILED;
            }
            stdout.println("Wrote " + readings + " (every probe's output)");
        }
        stdout.println("Wrote " + out + " (use: slotlab predict subseq --profile " + out + ")");
        stdout.flush();
        return 0;
    }

    /** The fit summary: layout, boot state, coefficients with intervals, R², residuals. */
    static void print(ProfileCalibration.Calibration c, PrintWriter w) {
        RubyLayout l = c.layout();
        CalibrationFit f = c.fit();
        w.println("Ruby: " + c.report().rubyDescription());
        w.println("Layout " + l.name() + ": slots " + Arrays.toString(l.slotSizes()) + " B, page " + l.pageSize()
                + " B, slots/page " + Arrays.toString(java.util.stream.IntStream.range(0, l.heapCount()).map(l::slotsPerPage).toArray())
                + ", embed offset " + l.embedOffset() + ", termlen " + l.termLen() + ", " + l.embedRule()
                + (l.embedRule() == RubyLayout.EmbedRule.FIXED ? " capa " + l.fixedEmbedCapa() : "")
                + ", max embedded len " + l.maxEmbeddedLen() + " B, shared suffix from " + c.reading().sharedSuffixMinLen() + " B");
        w.println("Boot state: pages " + Arrays.toString(l.boot().pages()) + ", live " + Arrays.toString(l.boot().liveSlots())
                + ", old " + Arrays.toString(l.boot().oldSlots()) + ", GCs since major "
                + (l.boot().gcsSinceMajor() < 0 ? "unknown" : l.boot().gcsSinceMajor()));
        w.printf(Locale.ROOT, "Fit: %d rows of timing.rb %s in %d probe units (each unit's empty loop subtracted), R² %.3f, residual s.e. %.1f ns, "
                + "%d degrees of freedom, condition number %.3g%n", f.rows().size(), c.timing().mode(), c.timing().units().size(), f.rSquared(),
                f.residualStandardError(), f.degreesOfFreedom(), f.conditionNumber());
        w.println("Check: " + f.profile().check().summary());
        f.profile().check().details().forEach(d -> w.println("  " + d));
        f.profile().harnesses().values().forEach(h -> w.println("Harness " + h.describe()));
        c.harnessNotes().forEach(n -> w.println("Harness " + n));
        w.printf(Locale.ROOT, "%-24s %12s %-13s %10s  %-24s %s%n", "coefficient", "value", "unit", "± s.e.", "95% CI", "source");
        for (CalibrationFit.CoefficientFit k : f.coefficients()) {
            String se = k.fitted() && !k.atZeroBound() ? num(k.standardError()) : "";
            String ci = k.fitted() && !k.atZeroBound() ? num(k.lower95()) + " .. " + num(k.upper95()) : "";
            // thresholds are scanned or read off the machine, and say which in their note
            String src = !k.fitted() ? "default: " + k.note() : k.atZeroBound() ? "fitted, held at 0"
                    : k.note().isEmpty() ? "fitted" : k.note();
            w.printf(Locale.ROOT, "%-24s %12s %-13s %10s  %-24s %s%n", k.name(), num(k.value()), k.unit(), se, ci, src);
        }
        w.printf(Locale.ROOT, "%-44s %10s %10s %10s %10s %7s%n", "row (ns/op)", "measured", "model", "residual", "held out", "noise");
        for (CalibrationFit.RowFit r : f.rows()) {
            w.printf(Locale.ROOT, "%-44s %10.1f %10.1f %+10.1f %10.1f %6.1f%%%n", r.name(), r.measuredNs(), r.predictedNs(), r.residualNs(),
                    r.heldOutNs(), 100 * r.noise());
        }
        printJson(c, w);
        w.flush();
    }

    /** The JSON parse probe: the json it loaded, its three coefficients and each document, measured against the model. */
    static void printJson(ProfileCalibration.Calibration c, PrintWriter w) {
        var json = c.fit().profile().jsonParse();
        if (json.isEmpty()) {
            w.println("JSON.parse: " + (c.json().note().isEmpty() ? "not measured" : c.json().note())
                    + "; predictions price parsing at the published default (ruby/json PR #1135)");
            return;
        }
        var j = json.get();
        w.println("JSON.parse: " + j.summary());
        w.println("  json loaded from " + (j.loadedFrom().isEmpty() ? "(unknown)" : j.loadedFrom()) + ", in the " + j.harness() + " heap");
        for (var t : j.terms()) {
            w.printf(Locale.ROOT, "  %-24s %12s %-10s %10s  %s%n", t.name(), num(t.value()), t.unit(), num(t.standardError()), t.description());
        }
        w.printf(Locale.ROOT, "  %-30s %11s %11s %9s %9s %9s %9s%n", "document (per parse)", "measured ms", "model ms", "GC ms", "model GC",
                "objects", "model obj");
        for (var r : j.rows()) {
            w.printf(Locale.ROOT, "  %-30s %11.3f %11.3f %9s %9.3f %9.1f %9d%n", r.document(), r.measuredNs() / 1e6, r.modelNs() / 1e6,
                    r.measuredGcNs() < 0 ? "n/a" : String.format(Locale.ROOT, "%.3f", r.measuredGcNs() / 1e6), r.modelGcNs() / 1e6,
                    r.measuredObjects(), (long) r.modelObjects());
        }
    }

    private static String num(double v) {
        if (!Double.isFinite(v)) {
            return "n/a";
        }
        return String.format(Locale.ROOT, Math.abs(v) >= 100 || v == 0 ? "%.1f" : "%.4g", v);
    }
}
