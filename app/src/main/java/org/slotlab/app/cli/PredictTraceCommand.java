package org.slotlab.app.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SubseqPolicy;
import org.slotlab.model.trace.SubstringTrace;
import org.slotlab.model.trace.TraceFile;
import org.slotlab.model.trace.TraceWhatIf;
import org.slotlab.model.trace.TraceWorkload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code slotlab predict trace TRACE.json --candidate cutoff:256[,...] --by site|length --format
 * csv|markdown}: what each candidate policy does to the substrings a {@code slotlab trace} run
 * recorded ({@link TraceWhatIf}), per call site or per length, and the predicted GC count and
 * speed ratio of the traced workload through the heap simulation and the cost profile
 * ({@link TraceWorkload}).
 */
@Command(name = "trace", mixinStandardHelpOptions = true,
        description = {"Predict what candidate substring policies do to a traced program (a file from 'slotlab trace'),",
            "per call site or per length, with the workload's GC count and speed ratio."},
        exitCodeListHeading = "Exit codes:%n", exitCodeList = {"0:printed", "2:the trace cannot be read, or bad options"})
public final class PredictTraceCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "TRACE.json", description = "a trace written by 'slotlab trace'")
    Path trace;

    @Mixin
    WhatIfOptions options = new WhatIfOptions("cutoff:256");

    @Option(names = "--by", defaultValue = "site", description = "site or length (default: ${DEFAULT-VALUE})")
    String by;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    /** One candidate's what-if and its workload prediction against master. */
    record CandidateResult(String candidate, List<TraceWhatIf.Group> groups, TraceWhatIf.Group total, TraceWorkload.Prediction master,
            TraceWorkload.Prediction candidatePrediction) {
        double speedRatio() {
            return master.seconds() / candidatePrediction.seconds();
        }
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        boolean csv = options.csv();
        List<SubseqPolicy> policies = options.policies();
        boolean bySite = switch (by.toLowerCase(Locale.ROOT)) {
            case "site" -> true;
            case "length" -> false;
            default -> throw new IllegalArgumentException("--by: expected site or length, got '" + by + "'");
        };
        CostProfile costs = options.costProfile();
        SubstringTrace t;
        try {
            t = TraceFile.read(trace);
        } catch (TraceFile.TraceFormatException e) {
            throw new SlotlabCommand.UserInputException(RubyProcessOptions.oneLine(e.getMessage()));
        }
        RubyLayout layout = options.resolveLayout(costs, t.rubyVersion());
        List<TraceWorkload.Prediction> predictions = new TraceWorkload(t, layout).predict(costs, policies, null);
        List<CandidateResult> results = new ArrayList<>();
        for (int i = 0; i < policies.size(); i++) {
            List<TraceWhatIf.RowOutcome> o = TraceWhatIf.outcomes(t, layout, policies.get(i));
            results.add(new CandidateResult(policies.get(i).name(), bySite ? TraceWhatIf.bySite(t, o) : TraceWhatIf.byLength(o),
                    TraceWhatIf.total(o, "(all)"), predictions.get(0), predictions.get(i + 1)));
        }
        String key = bySite ? "site" : "len_bytes";
        List<String> cols = List.of("candidate", key, "substrings", "shared_on_master", "embedded_by_candidate",
                "objects_saved_per_1000", "retained_bytes_delta", "gc_count_master", "gc_count_candidate", "speed_ratio");
        HeapCommand.header(out, csv, cols);
        for (CandidateResult r : results) {
            List<TraceWhatIf.Group> groups = new ArrayList<>(r.groups());
            groups.add(r.total());
            for (TraceWhatIf.Group g : groups) {
                HeapCommand.row(out, csv, List.of(r.candidate(), g.key(), WhatIfOptions.num(Math.round(g.substrings())),
                        WhatIfOptions.num(Math.round(g.sharedOnMaster())), WhatIfOptions.num(Math.round(g.embeddedByCandidate())),
                        String.format(Locale.ROOT, "%.1f", g.objectsSavedPer1000()), WhatIfOptions.num(Math.round(g.retainedBytesDelta())),
                        Long.toString(r.master().gcCount()), Long.toString(r.candidatePrediction().gcCount()),
                        String.format(Locale.ROOT, "%.4f", r.speedRatio())));
            }
        }
        if (!csv) {
            out.println();
            out.println(notes(t, layout, costs, results));
        }
        out.flush();
        return 0;
    }

    private static String notes(SubstringTrace t, RubyLayout layout, CostProfile costs, List<CandidateResult> results) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%s: %s, %s; %,d call sites, %,.0f substrings%s; layout %s, profile %s.", t.file(),
                t.script(), t.rubyDescription(), t.sites().size(), t.substrings(),
                t.sample() > 1 ? " (one call in " + t.sample() + " traced, counts scaled)" : "", layout.name(), costs.name()));
        sb.append(String.format(Locale.ROOT, "%nMaster's rule on %s made what the traced ruby made for %.1f%% of the substrings.",
                layout.name(), 100 * TraceWhatIf.agreement(t, layout)));
        sb.append(String.format(Locale.ROOT, "%nThe traced run: %,d GCs, %,d objects allocated by the program.", t.gcCount(),
                t.programAllocations()));
        for (CandidateResult r : results) {
            sb.append(String.format(Locale.ROOT, "%nWorkload (the trace's operation mix, modelled): master %,d GCs, %.3f s; %s %,d GCs, %.3f s:"
                    + " speed ratio %.4f (above 1 = the candidate is faster).", r.master().gcCount(), r.master().seconds(), r.candidate(),
                    r.candidatePrediction().gcCount(), r.candidatePrediction().seconds(), r.speedRatio()));
        }
        sb.append(String.format(Locale.ROOT, "%nobjects_saved_per_1000: objects master allocates minus the candidate's, per 1,000"
                + " substrings of the row; retained_bytes_delta: bytes the substrings alive at exit hold, candidate minus master."));
        return sb.toString();
    }
}
