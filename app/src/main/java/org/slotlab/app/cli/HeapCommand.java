package org.slotlab.app.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.heapdump.HeapDump;
import org.slotlab.model.heapdump.HeapDumpReader;
import org.slotlab.model.heapdump.HeapWhatIf;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SubseqPolicy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code slotlab heap DUMP.json [--layout L|--profile P] --candidate cutoff:128[,...] --by
 * length|site|heap --format csv|markdown}: reads an {@code ObjectSpace.dump_all} file as a stream
 * ({@link HeapDumpReader}) and prints, per candidate policy, which of its shared substrings the
 * policy would embed and which roots it would free ({@link HeapWhatIf}). A dump made elsewhere has
 * no lengths for shared strings: those are counted as undecided and the note says so.
 */
@Command(name = "heap", mixinStandardHelpOptions = true,
        description = {"What a substring policy would change in a real heap: reads an ObjectSpace.dump_all file",
            "(from 'slotlab dump', or a plain dump_all of ruby 3.1 to 3.4; gzip too)."},
        exitCodeListHeading = "Exit codes:%n", exitCodeList = {"0:printed", "2:the dump cannot be read, or bad options"})
public final class HeapCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DUMP.json", description = "an ObjectSpace.dump_all file (JSON lines, plain or gzip)")
    Path dump;

    @Mixin
    WhatIfOptions options = new WhatIfOptions("cutoff:128");

    @Option(names = "--by", defaultValue = "length", description = "length, site or heap (default: ${DEFAULT-VALUE})")
    String by;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        boolean csv = options.csv();
        List<SubseqPolicy> policies = options.policies();
        String key = switch (by.toLowerCase(Locale.ROOT)) {
            case "length" -> "len_bytes";
            case "site" -> "site";
            case "heap" -> "slot_size";
            default -> throw new IllegalArgumentException("--by: expected length, site or heap, got '" + by + "'");
        };
        CostProfile costs = options.costProfile();
        long t0 = System.nanoTime();
        HeapDump d;
        try {
            d = HeapDumpReader.read(dump);
        } catch (HeapDumpReader.HeapDumpException e) {
            throw new SlotlabCommand.UserInputException(RubyProcessOptions.oneLine(e.getMessage()));
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        RubyLayout layout = options.resolveLayout(costs, d.rubyVersion());
        List<HeapWhatIf.Result> results = new ArrayList<>();
        for (SubseqPolicy p : policies) {
            results.add(HeapWhatIf.compute(d, layout, p));
        }
        if (key.equals("slot_size")) {
            printHeaps(out, csv, results);
        } else {
            printGroups(out, csv, key, results);
        }
        if (!csv) {
            out.println();
            out.println(HeapWhatIf.notes(d, layout, seconds));
        }
        out.flush();
        return 0;
    }

    private void printGroups(PrintWriter out, boolean csv, String key, List<HeapWhatIf.Result> results) {
        List<String> cols = List.of("candidate", key, "strings", "shared_on_master", "embedded_by_candidate", "roots_freed",
                "bytes_delta", "objects_delta", "undecided");
        header(out, csv, cols);
        for (HeapWhatIf.Result r : results) {
            List<HeapWhatIf.Group> groups = new ArrayList<>(key.equals("site") ? r.bySite() : r.byLength());
            groups.add(r.total());
            for (HeapWhatIf.Group g : groups) {
                row(out, csv, List.of(r.candidate(), g.key(), Long.toString(g.strings()), Long.toString(g.sharedOnMaster()),
                        Long.toString(g.embeddedByCandidate()), Long.toString(g.rootsFreed()), Long.toString(g.bytesDelta()),
                        Long.toString(g.objectsDelta()), Long.toString(g.undecided())));
            }
        }
    }

    private void printHeaps(PrintWriter out, boolean csv, List<HeapWhatIf.Result> results) {
        header(out, csv, List.of("candidate", "slot_size", "objects_delta", "bytes_delta"));
        for (HeapWhatIf.Result r : results) {
            for (HeapWhatIf.HeapChange h : r.byHeap()) {
                row(out, csv, List.of(r.candidate(), Integer.toString(h.slotSize()), Long.toString(h.objectsDelta()),
                        Long.toString(h.bytesDelta())));
            }
        }
    }

    static void header(PrintWriter out, boolean csv, List<String> cols) {
        if (csv) {
            out.println(String.join(",", cols));
        } else {
            out.println("| " + String.join(" | ", cols) + " |");
            out.println("|" + "---|".repeat(cols.size()));
        }
    }

    static void row(PrintWriter out, boolean csv, List<String> cells) {
        if (csv) {
            out.println(String.join(",", cells.stream().map(WhatIfOptions::csvField).toList()));
        } else {
            out.println("| " + String.join(" | ", cells.stream().map(c -> c.replace("|", "\\|")).toList()) + " |");
        }
    }

}
