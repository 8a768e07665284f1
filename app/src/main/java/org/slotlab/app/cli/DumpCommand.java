package org.slotlab.app.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.slotlab.model.heapdump.HeapDump;
import org.slotlab.model.heapdump.HeapDumpReader;
import org.slotlab.model.trace.RubyScriptRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code slotlab dump --ruby PATH --out DUMP.json [--no-allocation-sites] -- SCRIPT [ARGS...]}: runs
 * the script under the heap dumper shipped in the jar; at exit, after a full GC, it writes the
 * standard {@code ObjectSpace.dump_all} lines plus one {@code SLOTLAB_STRING} line per shared
 * string with its length (which {@code dump_all} leaves out) and a {@code SLOTLAB_META} line;
 * other dump tools skip types they do not know.
 */
@Command(name = "dump", mixinStandardHelpOptions = true,
        description = {"Run a Ruby script and, at its exit, write ObjectSpace.dump_all with the lengths of shared strings."},
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:dumped and written", "1:the dump could not be written",
            "2:the ruby or script is missing, failed or hung, or bad options", "130:cancelled (Ctrl-C)"})
public final class DumpCommand implements Callable<Integer> {

    @Mixin
    RubyProcessOptions rubyOptions = new RubyProcessOptions();

    @Option(names = "--out", required = true, paramLabel = "DUMP.json", description = "where to write the dump")
    Path out;

    @Option(names = "--no-allocation-sites", negatable = false,
            description = "do not trace allocations (no file, line and method per object; the script runs faster)")
    boolean noAllocationSites;

    @Parameters(index = "0", paramLabel = "SCRIPT", description = "the Ruby script to run")
    Path script;

    @Parameters(index = "1..*", paramLabel = "ARGS", description = "the script's arguments (after --)")
    List<String> args = new ArrayList<>();

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        int[] exit = new int[1];
        HeapDump d = ScriptProbeRun.run(err, "dump", rubyOptions, RubyScriptRunner.DUMP_PROBE, script, args, "SLOTLAB_DUMP_OUT", out,
                Map.of("SLOTLAB_DUMP_ALLOCATIONS", noAllocationSites ? "0" : "1"), HeapDumpReader::read, exit);
        if (d == null) {
            return exit[0];
        }
        PrintWriter o = spec.commandLine().getOut();
        o.println(String.format(Locale.ROOT, "Dumped %s on ruby %s: %,d objects, %,d strings, %,d shared strings (%,d with their length),"
                + " %,d roots; %.1f MB.%nWrote %s", script, d.rubyVersion(), d.objects(), d.strings(), d.shared().size(),
                d.shared().size() - d.unknownLengths(), d.roots().size(), d.bytesRead() / 1e6, out));
        o.flush();
        return 0;
    }
}
