package org.slotlab.app.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.slotlab.charts.table.CsvWriter;
import org.slotlab.charts.table.MarkdownWriter;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SlicePosition;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.string.SubseqPolicy;
import org.slotlab.model.workload.Comparison;
import org.slotlab.model.workload.Experiments;
import org.slotlab.model.workload.KeepMode;
import org.slotlab.model.workload.SliceLoop;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code slotlab predict subseq}: the seed-000 substring sweep, baseline vs candidate policy, per length. */
@Command(name = "subseq", mixinStandardHelpOptions = true,
        description = "str_subseq: baseline vs candidate substring policy per slice length (seed 000, Feature #22186).")
public final class PredictSubseq implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    ModelOptions model = new ModelOptions();

    @Option(names = "--baseline", defaultValue = "master", description = "policy: master, always-embed, cutoff:N, frozen-rule:N[:M], +middle")
    String baseline;

    @Option(names = "--candidate", defaultValue = "cutoff:256", description = "policy (default cutoff:256)")
    String candidate;

    @Option(names = "--source", defaultValue = "frozen", description = "frozen, unfrozen-unshared or already-shared")
    String source;

    @Option(names = "--source-len", defaultValue = "10000", description = "source length, bytes (default 10000)")
    long sourceLen;

    @Option(names = "--position", defaultValue = "suffix", description = "suffix (may share) or middle (copied unless +middle)")
    String position;

    @Option(names = "--len", defaultValue = "1,23,50,100,200,231,232,250,500,999,1000",
            description = "slice lengths, bytes: a list or ranges like 16-256:16")
    String lens;

    @Option(names = "--count", defaultValue = "2000000", description = "slices taken (N)")
    long count;

    @Option(names = "--retain", defaultValue = "0", description = "slices kept (R)")
    long retain;

    @Option(names = "--keep", defaultValue = "first", description = "first (an array of the first R, kept to the end) or ring (the last R)")
    String keep;

    @Option(names = "--keep-while-timing",
            description = "keep the R slices during the timed N-slice run (GC pressure under retention); by default, "
                    + "as in the thread, the timed run drops every slice and R kept slices are measured on their own")
    boolean keepWhileTiming;

    @Option(names = "--sweep", defaultValue = "len",
            description = "what varies: len (default, over --len), cutoff (over --values, at the first --len) or retain (over --values)")
    String sweep;

    @Option(names = "--values", description = "values of a cutoff or retain sweep, e.g. 40-1024:8 or 0,1000,200000")
    String values;

    private String requireValues() {
        if (values == null) {
            throw new IllegalArgumentException("--sweep " + sweep + " needs --values (e.g. 40-1024:8)");
        }
        return values;
    }

    /** The candidate at cutoff {@code v}: the --candidate with {} replaced by v, or cutoff:v. */
    private SubseqPolicy candidateAt(long v) {
        return SubseqPolicies.parse(candidate.contains("{}") ? candidate.replace("{}", Long.toString(v)) : "cutoff:" + v);
    }

    @Override
    public Integer call() {
        CostProfile profile = model.profile();
        RubyLayout layout = model.layout(profile);
        SubseqPolicy base = SubseqPolicies.parse(baseline);
        SubseqPolicy cand = SubseqPolicies.parse(candidate.replace("{}", "256"));
        List<Long> lenList = Lists.parseLongs("--len", lens);
        long maxLen = lenList.stream().mapToLong(Long::longValue).max().orElse(0);
        if (sourceLen < maxLen) {
            throw new IllegalArgumentException("--source-len (" + sourceLen + ") must be >= the largest --len (" + maxLen + ")");
        }
        SliceLoop loop = new SliceLoop(lenList.get(0), sourceLen, SourceState.parse(source), SlicePosition.parse(position),
                count, retain, KeepMode.parse(keep), keepWhileTiming);
        List<Comparison> rows = switch (sweep) {
            case "len" -> Experiments.subseqSweep(layout, profile, base, cand, loop, lenList);
            case "cutoff" -> Experiments.cutoffSweep(layout, profile, base, v -> candidateAt(v), loop,
                    Lists.parseLongs("--values", requireValues()));
            case "retain" -> Experiments.retainSweep(layout, profile, base, cand, loop,
                    Lists.parseLongs("--values", requireValues()));
            default -> throw new IllegalArgumentException("--sweep: '" + sweep + "' is not len, cutoff or retain");
        };
        PrintWriter out = spec.commandLine().getOut();
        if (model.markdown()) {
            out.print(MarkdownWriter.write(SubseqReport.markdownTable(rows, base.name(), cand.name(), layout, profile, loop,
                    SlotlabCommand.version())));
        } else {
            out.print(CsvWriter.write(SubseqReport.csvTable(rows)));
        }
        out.flush();
        return 0;
    }
}
