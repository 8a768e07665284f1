package org.slotlab.app.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.slotlab.charts.table.CsvWriter;
import org.slotlab.charts.table.MarkdownWriter;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.parsers.SplitStep;
import org.slotlab.model.string.SubseqPolicy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code slotlab predict split}: the single {@code "key:value".split(":", 2)} step the parsers repeat. */
@Command(name = "split", mixinStandardHelpOptions = true,
        description = "\"key:value\".split(\":\", 2): objects per call, GCs and speed by value length and receiver (seed 000).")
public final class PredictSplit implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    ModelOptions model = new ModelOptions();

    @Option(names = "--value-len", defaultValue = "10,30,60,100,200,300",
            description = "value lengths, bytes: a list or ranges like 16-256:16")
    String valueLens;

    @Option(names = "--receiver", defaultValue = "reuse,fresh", description = "fresh, reuse or frozen (comma-separated)")
    String receivers;

    @Option(names = "--candidate", defaultValue = "cutoff:256", description = "candidate policies compared with master")
    String candidates;

    @Option(names = "--key-len", defaultValue = "3", description = "key length, bytes (default 3)")
    long keyLen;

    @Option(names = "--calls", defaultValue = "1000000", description = "calls to split (default 1,000,000)")
    long calls;

    @Override
    public Integer call() {
        CostProfile profile = model.profile();
        RubyLayout layout = model.layout(profile);
        List<Long> lens = Lists.parseLongs("--value-len", valueLens);
        List<SplitStep.Receiver> rs = new ArrayList<>();
        for (String s : receivers.split(",")) {
            if (!s.isBlank()) {
                rs.add(SplitStep.Receiver.parse("--receiver", s));
            }
        }
        if (rs.isEmpty()) {
            throw new IllegalArgumentException("--receiver: needs at least one of fresh, reuse, frozen");
        }
        if (keyLen < 0) {
            throw new IllegalArgumentException("--key-len: must be >= 0 bytes, got " + keyLen);
        }
        if (calls < 1) {
            throw new IllegalArgumentException("--calls: must be >= 1, got " + calls);
        }
        List<SubseqPolicy> cands = PredictParsers.policies("--candidate", candidates);
        List<SplitStep.Row> rows = SplitStep.sweep(layout, profile, keyLen, lens, rs, cands, calls);
        PrintWriter out = spec.commandLine().getOut();
        out.print(model.markdown() ? MarkdownWriter.write(ParsersReport.splitMarkdown(rows, layout, profile, keyLen, calls))
                : CsvWriter.write(ParsersReport.splitCsv(rows)));
        out.flush();
        return 0;
    }
}
