package org.slotlab.app.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.slotlab.model.trace.RubyScriptRunner;
import org.slotlab.model.trace.SubstringTrace;
import org.slotlab.model.trace.TraceFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code slotlab trace --ruby PATH --out TRACE.json [--sample N] -- SCRIPT [ARGS...]}: runs the
 * user's script under the substring tracer shipped in the jar ({@code ruby -r trace.rb SCRIPT
 * ARGS}, no shell, the process tree killed at the timeout) and writes the per-site histograms it
 * recorded; prints what it saw and what the probe cost.
 */
@Command(name = "trace", mixinStandardHelpOptions = true,
        description = {"Run a Ruby script under Slotlab's substring tracer and write what str_subseq made, per call site."},
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:traced and written", "1:the trace could not be written",
            "2:the ruby or script is missing, failed or hung, or bad options", "130:cancelled (Ctrl-C)"})
public final class TraceCommand implements Callable<Integer> {

    @Mixin
    RubyProcessOptions rubyOptions = new RubyProcessOptions();

    @Option(names = "--out", required = true, paramLabel = "TRACE.json", description = "where to write the trace")
    Path out;

    @Option(names = "--sample", defaultValue = "1", paramLabel = "N", description = "trace one substring call in N (default: ${DEFAULT-VALUE})")
    long sample;

    @Parameters(index = "0", paramLabel = "SCRIPT", description = "the Ruby script to run")
    Path script;

    @Parameters(index = "1..*", paramLabel = "ARGS", description = "the script's arguments (after --)")
    List<String> args = new ArrayList<>();

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (sample < 1) {
            throw new IllegalArgumentException("--sample must be >= 1 (1 traces every call), got " + sample);
        }
        PrintWriter err = spec.commandLine().getErr();
        int[] exit = new int[1];
        SubstringTrace t = ScriptProbeRun.run(err, "trace", rubyOptions, RubyScriptRunner.TRACE_PROBE, script, args, "SLOTLAB_TRACE_OUT",
                out, Map.of("SLOTLAB_TRACE_SAMPLE", Long.toString(sample)), TraceFile::read, exit);
        if (t == null) {
            return exit[0];
        }
        PrintWriter o = spec.commandLine().getOut();
        o.println(summary(t, out));
        o.flush();
        return 0;
    }

    static String summary(SubstringTrace t, Path out) {
        SubstringTrace.ProbeCost p = t.probe();
        return String.format(Locale.ROOT, "Traced %s on %s: %,.0f substrings at %,d call sites, %,d GCs.%n"
                + "Probe: %,d substring calls of %,d C method calls%s; %.2f s in its hooks of %.2f s wall (%.0f%%), %,d objects of its own.%n"
                + "Wrote %s", t.script(), t.rubyDescription(), t.substrings(), t.sites().size(), t.gcCount(), p.calls(), p.cMethodCalls(),
                t.sample() > 1 ? " (one in " + t.sample() + " traced)" : "", p.hookSeconds(), p.wallSeconds(),
                p.wallSeconds() > 0 ? 100 * p.hookSeconds() / p.wallSeconds() : 0, p.allocatedObjects(), out);
    }
}
