package org.slotlab.app.cli;

import java.nio.charset.StandardCharsets;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.slotlab.model.calibrate.CalibrationException;
import org.slotlab.model.calibrate.ProfileCalibration;
import org.slotlab.model.calibrate.RubyProbeRunner;
import org.slotlab.model.calibrate.SubseqMeasurement;
import org.slotlab.app.knob.Types;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.measured.MeasuredCsv;
import org.slotlab.model.string.SlicePosition;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.workload.Experiments;
import org.slotlab.model.workload.KeepMode;
import org.slotlab.model.workload.Outcome;
import org.slotlab.model.workload.SliceLoop;
import org.slotlab.app.export.OutputFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/**
 * {@code slotlab measure --ruby PATH --len 1,23,50,100 [--source frozen|unfrozen-unshared]
 * [--count N] [--profile my.profile.json] --out measured.csv}: runs master's substring policy on
 * the real Ruby ({@link SubseqMeasurement}, the suffix {@code byteslice} loop of Feature #22186), writes
 * the points as the normalised CSV of {@code slotlab import} ({@link MeasuredCsv}) so the workbench
 * overlays them on the model's curve, and prints model vs measured per length with the error. The
 * model runs the same loop ({@link SliceLoop}, master's policy) on the profile's layout, or on the
 * layout read from this Ruby when the profile carries none.
 */
@Command(name = "measure", mixinStandardHelpOptions = true,
        description = {"Measure master's str_subseq on a real ruby (suffix byteslice loop) and compare with the model."},
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:measured and written", "1:the CSV could not be written",
            "2:the ruby is missing, too old, broken or hung, or bad options", "130:cancelled (Ctrl-C)"})
public final class MeasureCommand implements Callable<Integer> {

    @Mixin
    RubyProcessOptions rubyOptions = new RubyProcessOptions();

    @Option(names = "--len", defaultValue = "1,23,50,100,200,500,1000",
            description = "slice lengths, bytes: a list or ranges like 16-256:16 (default: ${DEFAULT-VALUE})")
    String lens;

    @Option(names = "--source", defaultValue = "frozen", description = "frozen (default) or unfrozen-unshared")
    String source;

    @Option(names = "--source-len", defaultValue = "10000", description = "source length, bytes (default: ${DEFAULT-VALUE})")
    long sourceLen;

    @Option(names = "--count", defaultValue = "1000000", description = "slices per repeat (default: ${DEFAULT-VALUE})")
    long count;

    @Option(names = "--repeats", defaultValue = "3", description = "repeats per length; the fastest counts (default: ${DEFAULT-VALUE})")
    int repeats;

    @Option(names = "--profile", paramLabel = "FILE",
            description = "cost profile for the model column (a calibrated one brings its layout; default: the shipped profile on this ruby's layout)")
    Path profile;

    @Option(names = "--out", required = true, paramLabel = "CSV", description = "where to write the measured points (normalised CSV)")
    Path out;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    /** The --profile file, or the shipped profile; a missing or broken file is named. */
    private CostProfile profile() {
        if (profile == null) {
            return CostProfile.defaultProfile();
        }
        try {
            org.slotlab.app.scenario.ModelInputs.checkInputFile(profile, org.slotlab.app.scenario.ModelInputs.MAX_PROFILE_BYTES,
                    "a cost profile (JSON)");
        } catch (IllegalArgumentException e) {
            throw new SlotlabCommand.UserInputException("--profile: " + e.getMessage());
        }
        try {
            return CostProfile.load(profile);
        } catch (CostProfile.ProfileFormatException e) {
            throw new SlotlabCommand.UserInputException("--profile: " + e.getMessage());
        }
    }

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        SourceState state = SourceState.parse(source);
        if (state == SourceState.ALREADY_SHARED) {
            throw new IllegalArgumentException("--source: already-shared cannot be measured; use frozen or unfrozen-unshared");
        }
        List<Long> lenList;
        try {
            lenList = Types.parseLongs(lens);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--len: " + e.getMessage());
        }
        CostProfile costs = profile();
        try {
            OutputFile.prepare(out);
        } catch (OutputFile.NotWritten e) {
            stderr.println("slotlab measure: " + RubyProcessOptions.oneLine(e.getMessage()));
            stderr.flush();
            return RubyProcessOptions.EXIT_WRITE_FAILED;
        }
        SubseqMeasurement m;
        RubyLayout layout;
        RubyProbeRunner runner;
        try {
            runner = rubyOptions.runner();
        } catch (CalibrationException e) {
            stderr.println("slotlab measure: " + RubyProcessOptions.oneLine(e.getMessage()));
            stderr.flush();
            return RubyProcessOptions.exitCodeOf(e);
        }
        try {
            ProgressPrinter progress = rubyOptions.progressPrinter(stderr, "measure");
            layout = costs.layout().isPresent() ? costs.layout().get()
                    : RubyProcessOptions.cancellable(stderr, "measure", progress, () -> ProfileCalibration.layoutOf(runner.readLayout()));
            m = RubyProcessOptions.cancellable(stderr, "measure", progress,
                    () -> SubseqMeasurement.run(runner, state, sourceLen, count, repeats, lenList, progress));
        } catch (CalibrationException e) {
            return RubyProcessOptions.exitCodeOf(e);
        }
        stdout.println("Measured " + m.rubyDescription() + ": " + m.source().label() + " source of " + m.sourceLen() + " B, "
                + m.count() + " suffix slices per repeat, loop overhead " + String.format(Locale.ROOT, "%.1f", m.loopOverheadNs())
                + " ns subtracted");
        stdout.println("Model: layout " + layout.name() + ", profile " + costs.name() + ", master's policy");
        stdout.printf(Locale.ROOT, "%8s %12s %12s %8s %10s %10s %8s%n", "len", "measured_ns", "model_ns", "error", "measured_gc",
                "model_gc", "objects");
        for (SubseqMeasurement.Point p : m.points()) {
            SliceLoop loop = new SliceLoop(p.len(), sourceLen, state, SlicePosition.SUFFIX, count, 0, KeepMode.FIRST);
            Outcome o = Experiments.run(layout, costs, loop.plan(layout, SubseqPolicies.master()));
            double err = p.nsPerOp() > 0 ? o.nsPerOp() / p.nsPerOp() - 1 : Double.NaN;
            stdout.printf(Locale.ROOT, "%8d %12.1f %12.1f %+7.1f%% %10d %10d %8.2f%n", p.len(), p.nsPerOp(), o.nsPerOp(), err * 100,
                    p.gcCount(), o.gcCount(), p.objectsPerOp());
        }
        String csv = MeasuredCsv.toCsv(m.toMeasuredSet(out.toString()));
        try {
            OutputFile.write(out, w -> w.write(csv.getBytes(StandardCharsets.UTF_8)));
        } catch (OutputFile.NotWritten e) {
            stderr.println("slotlab measure: " + RubyProcessOptions.oneLine(e.getMessage()));
            stderr.flush();
            return RubyProcessOptions.EXIT_WRITE_FAILED;
        }
        stdout.println("Wrote " + m.points().size() * 2 + " points to " + out);
        stdout.flush();
        return 0;
    }
}
