package org.slotlab.app.measured;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.LongSupplier;
import org.slotlab.app.calibrate.ProbeJob;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.scenario.SubstringCutoffScenario;
import org.slotlab.model.calibrate.RubyProbeRunner;
import org.slotlab.model.calibrate.SubseqMeasurement;
import org.slotlab.model.measured.MeasuredCsv;
import org.slotlab.model.measured.PlainCsvImporter;
import org.slotlab.model.string.SourceState;

/**
 * Tools > Measure on this Ruby, without the toolkit: runs master's {@code str_subseq} on the
 * user's Ruby for the workbench's current lengths, source state and source length
 * ({@link SubseqMeasurement#run}, probes/measure.rb: the suffix {@code byteslice} loop of Feature #22186),
 * writes the points as {@code slotlab import}'s CSV ({@link MeasuredCsv}) and returns them as an
 * {@link Overlay}, so they are drawn over the model and re-imported when the scenario is opened.
 * Only frozen and unfrozen-unshared sources can be built on a real Ruby.
 */
public final class MeasureModel {

    /** Slices per repeat when none is set: {@code slotlab measure}'s default (--count 1000000); the dialog offers the workbench's N. */
    public static final long DEFAULT_COUNT = 1_000_000;

    /** A finished measurement: what was measured, the CSV written and its overlay. */
    public record Measured(SubseqMeasurement measurement, Path csv, Overlay overlay) {
    }

    private String ruby = "ruby";
    private long count = DEFAULT_COUNT;
    private Path out;
    private Duration timeout = RubyProbeRunner.DEFAULT_TIMEOUT;

    public String ruby() { return ruby; }
    public void setRuby(String ruby) { this.ruby = ruby == null || ruby.isBlank() ? "ruby" : ruby.strip(); }
    public long count() { return count; }
    public void setCount(long count) { this.count = count; }
    public Path out() { return out; }
    public void setOut(Path out) { this.out = out; }
    public void setTimeout(Duration timeout) { this.timeout = timeout; }

    /** Why the current parameters cannot be measured, or empty. */
    public Optional<String> problem(Settings p) {
        SourceState source = SourceState.parse(p.get(SubstringCutoffScenario.SOURCE));
        List<Long> lens = p.get(SubstringCutoffScenario.LENS);
        long sourceLen = p.get(SubstringCutoffScenario.SOURCE_LEN);
        if (source == SourceState.ALREADY_SHARED) {
            return Optional.of("An already-shared source cannot be built on a real Ruby; choose frozen or unfrozen-unshared.");
        }
        if (count < 1) {
            return Optional.of("count must be >= 1, got " + count);
        }
        long longest = lens.stream().mapToLong(Long::longValue).max().orElse(0);
        if (longest > sourceLen) {
            return Optional.of("the longest length " + longest + " B exceeds the source length " + sourceLen + " B");
        }
        if (out == null) {
            return Optional.of("Choose where to save the measured CSV.");
        }
        return Optional.empty();
    }

    /** Starts measure.rb in the background with the lengths, source and source length of the substring settings {@code p}. */
    public ProbeJob<Measured> start(Settings p, Executor publisher, LongSupplier nanoClock) {
        SourceState source = SourceState.parse(p.get(SubstringCutoffScenario.SOURCE));
        List<Long> lens = p.get(SubstringCutoffScenario.LENS);
        long sourceLen = p.get(SubstringCutoffScenario.SOURCE_LEN);
        Optional<String> problem = problem(p);
        String r = ruby;
        long n = count;
        Path file = out;
        Duration limit = timeout;
        ProbeJob.Work<Measured> work = progress -> {
            if (problem.isPresent()) {
                throw new IOException(problem.get());
            }
            RubyProbeRunner runner = new RubyProbeRunner(RubyProbeRunner.locate(r), limit);
            SubseqMeasurement m = SubseqMeasurement.run(runner, source, sourceLen, n, SubseqMeasurement.DEFAULT_REPEATS,
                    lens, progress);
            var set = m.toMeasuredSet(file.toString());
            Path parent = file.toAbsolutePath().getParent();
            try {
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                org.slotlab.model.io.AtomicWrite.writeString(file, MeasuredCsv.toCsv(set));
            } catch (IOException e) {
                throw new IOException("Cannot write " + file + ": " + e.getMessage(), e);
            }
            OverlaySource overlay = new OverlaySource(file.toAbsolutePath().toString(), PlainCsvImporter.FORMAT, "");
            String label = String.format(java.util.Locale.ROOT, "measured: %s (%s, N = %,d)", m.executable(), SubseqMeasurement.TOOL,
                    m.count());
            return new Measured(m, file, Overlay.of(overlay, set, label));
        };
        return new ProbeJob<>("slotlab-measure", List.of(SubseqMeasurement.PROBE), work, publisher, nanoClock).start();
    }
}
