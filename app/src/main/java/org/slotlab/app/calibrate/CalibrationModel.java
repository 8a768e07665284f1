package org.slotlab.app.calibrate;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.LongSupplier;
import java.util.stream.IntStream;
import org.slotlab.model.calibrate.CalibrationFit;
import org.slotlab.model.calibrate.ProfileCalibration;
import org.slotlab.model.calibrate.RubyProbeRunner;
import org.slotlab.model.calibrate.TimingMode;
import org.slotlab.model.layout.RubyLayout;

/**
 * Tools > Calibrate against a Ruby, without the toolkit: which {@code ruby} (a path, or a name on
 * PATH, default {@code ruby}), quick or thorough timing, and where the profile goes. {@link #start}
 * runs {@link ProfileCalibration#calibrate} (layout.rb, then timing.rb) as a {@link ProbeJob} and
 * writes the fitted profile, which carries the layout it read, so the workbench can select it and
 * switch to that layout. {@link #summary} is the fit report the dialog shows: the layout read,
 * each coefficient with its 95% interval, R² (as {@code slotlab calibrate} prints it).
 * "Calibration".
 */
public final class CalibrationModel {

    /** Default {@code ruby}: looked up on PATH, as {@code slotlab calibrate --ruby} defaults. */
    public static final String DEFAULT_RUBY = "ruby";
    /** The probes a calibration runs, in order. */
    static final List<String> PROBES = List.of(RubyProbeRunner.LAYOUT_PROBE, RubyProbeRunner.TIMING_PROBE);

    /** What a finished calibration left: the fit and the file it was saved to. */
    public record Calibrated(ProfileCalibration.Calibration calibration, Path profile, String summary) {
    }

    private String ruby = DEFAULT_RUBY;
    private TimingMode mode = TimingMode.QUICK;
    private Path out;
    private Duration timeout = RubyProbeRunner.DEFAULT_TIMEOUT;

    public String ruby() { return ruby; }
    public void setRuby(String ruby) { this.ruby = ruby == null || ruby.isBlank() ? DEFAULT_RUBY : ruby.strip(); }
    public TimingMode mode() { return mode; }
    public void setMode(TimingMode mode) { this.mode = mode; }
    public Path out() { return out; }
    public void setOut(Path out) { this.out = out; }
    /** Time each probe may take before the Ruby is stopped (RubyProbeRunner.DEFAULT_TIMEOUT). */
    public void setTimeout(Duration timeout) { this.timeout = timeout; }

    /** Why {@link #start} cannot run yet, or empty. */
    public Optional<String> problem() {
        if (out == null) {
            return Optional.of("Choose where to save the profile (e.g. my.profile.json).");
        }
        Path dir = out.toAbsolutePath().getParent();
        if (dir != null && Files.exists(dir) && !Files.isDirectory(dir)) {
            return Optional.of(dir + " is not a folder.");
        }
        return Optional.empty();
    }

    /** Starts the calibration in the background. */
    public ProbeJob<Calibrated> start(Executor publisher, LongSupplier nanoClock) {
        String r = ruby;
        TimingMode m = mode;
        Path file = out;
        Duration limit = timeout;
        ProbeJob.Work<Calibrated> work = progress -> {
            if (file == null) {
                throw new IOException("Choose where to save the profile.");
            }
            RubyProbeRunner runner = new RubyProbeRunner(RubyProbeRunner.locate(r), limit);
            ProfileCalibration.Calibration c = ProfileCalibration.calibrate(runner, m, progress);
            Path parent = file.toAbsolutePath().getParent();
            try {
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                org.slotlab.model.io.AtomicWrite.writeString(file, c.fit().profile().toJson());
            } catch (IOException e) {
                throw new IOException("Cannot write " + file + ": " + e.getMessage(), e);
            }
            return new Calibrated(c, file, summary(c));
        };
        return new ProbeJob<>("slotlab-calibrate", PROBES, work, publisher, nanoClock).start();
    }

    /** The fit report: Ruby, layout read, coefficients with 95% intervals, R², residuals. */
    public static String summary(ProfileCalibration.Calibration c) {
        StringWriter s = new StringWriter();
        PrintWriter w = new PrintWriter(s);
        RubyLayout l = c.layout();
        CalibrationFit f = c.fit();
        w.println("Ruby: " + c.report().rubyDescription());
        w.println("Layout " + l.name() + ": slots " + Arrays.toString(l.slotSizes()) + " B, page " + l.pageSize() + " B, slots/page "
                + Arrays.toString(IntStream.range(0, l.heapCount()).map(l::slotsPerPage).toArray()));
        w.println("  embed offset " + l.embedOffset() + " B, termlen " + l.termLen() + ", " + l.embedRule()
                + (l.embedRule() == RubyLayout.EmbedRule.FIXED ? " capa " + l.fixedEmbedCapa() : "")
                + ", largest embedded len " + l.maxEmbeddedLen() + " B");
        w.printf(Locale.ROOT, "Fit: %d rows, R² %.3f, residual s.e. %.1f ns, condition number %.3g (each unit's empty loop subtracted)%n",
                f.rows().size(), f.rSquared(), f.residualStandardError(), f.conditionNumber());
        w.println("Check: " + f.profile().check().summary());
        f.profile().harnesses().values().forEach(h -> w.println("Harness " + h.describe()));
        c.harnessNotes().forEach(n -> w.println("Harness " + n));
        w.printf(Locale.ROOT, "%-24s %10s %-12s %s%n", "coefficient", "value", "unit", "95% CI / source");
        for (CalibrationFit.CoefficientFit k : f.coefficients()) {
            String src = !k.fitted() ? "default (" + k.note() + ")"
                    : k.atZeroBound() ? "fitted, held at 0" : num(k.lower95()) + " .. " + num(k.upper95());
            w.printf(Locale.ROOT, "%-24s %10s %-12s %s%n", k.name(), num(k.value()), k.unit(), src);
        }
        if (!f.skippedRows().isEmpty()) {
            w.println("Rows skipped: " + String.join("; ", f.skippedRows()));
        }
        w.flush();
        return s.toString().stripTrailing();
    }

    static String num(double v) {
        if (!Double.isFinite(v)) {
            return "n/a";
        }
        return String.format(Locale.ROOT, Math.abs(v) >= 100 || v == 0 ? "%.1f" : "%.4g", v);
    }
}
