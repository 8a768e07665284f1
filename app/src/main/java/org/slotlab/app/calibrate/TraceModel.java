package org.slotlab.app.calibrate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.slotlab.model.calibrate.CalibrationException;
import org.slotlab.model.calibrate.RubyProbeRunner;
import org.slotlab.model.heapdump.HeapDump;
import org.slotlab.model.heapdump.HeapDumpReader;
import org.slotlab.model.trace.RubyScriptRunner;
import org.slotlab.model.trace.SubstringTrace;
import org.slotlab.model.trace.TraceFile;

/**
 * Tools > Trace a Ruby program: what {@code slotlab trace} (and, when asked, {@code slotlab dump})
 * does, run in the background: the user's script under the substring tracer shipped in the jar
 * ({@code ruby -r trace.rb SCRIPT ARGS}, no shell, the process tree killed at the time limit or
 * on Cancel), the trace written and read back, then optionally the heap dump at exit beside it.
 */
public final class TraceModel {

    /** What a run made. */
    public record Traced(Path trace, SubstringTrace substrings, Path dump, HeapDump heap) {
        /** What the dialog shows when the run is done. */
        public String summary() {
            SubstringTrace t = substrings;
            SubstringTrace.ProbeCost p = t.probe();
            StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                    "Traced %s on %s: %,.0f substrings at %,d call sites, %,d GCs.%n"
                            + "Probe: %,d substring calls of %,d C method calls%s; %.2f s in its hooks of %.2f s wall (%.0f%%), "
                            + "%,d objects of its own.%nWrote %s", t.script(), t.rubyDescription(), t.substrings(), t.sites().size(),
                    t.gcCount(), p.calls(), p.cMethodCalls(), t.sample() > 1 ? " (one in " + t.sample() + " traced)" : "",
                    p.hookSeconds(), p.wallSeconds(), p.wallSeconds() > 0 ? 100 * p.hookSeconds() / p.wallSeconds() : 0,
                    p.allocatedObjects(), trace));
            if (heap != null) {
                sb.append(String.format(Locale.ROOT, "%nDumped the heap at exit: %,d objects, %,d strings, %,d shared (%,d roots).%nWrote %s",
                        heap.objects(), heap.strings(), heap.shared().size(), heap.roots().size(), dump));
            }
            return sb.toString();
        }
    }

    /** The probes a run goes through, in order. */
    static final List<String> PROBES = List.of(RubyScriptRunner.TRACE_PROBE, RubyScriptRunner.DUMP_PROBE);

    private String ruby = "ruby";
    private String script = "";
    private String arguments = "";
    private long sample = 1;
    private String out = "";
    private boolean dump;
    private Duration timeout = Duration.ofSeconds(600);

    public void setRuby(String r) { ruby = r == null ? "" : r.strip(); }
    public void setScript(String s) { script = s == null ? "" : s.strip(); }
    public void setArguments(String a) { arguments = a == null ? "" : a; }
    public void setSample(long n) { sample = n; }
    public void setOut(String o) { out = o == null ? "" : o.strip(); }
    public void setDump(boolean d) { dump = d; }
    public void setTimeout(Duration d) { timeout = d; }

    /** Where the trace of {@code script} goes by default: beside it, {@code NAME.trace.json}. */
    public static Path defaultOut(Path script) {
        String name = script.getFileName().toString();
        String base = name.endsWith(".rb") ? name.substring(0, name.length() - 3) : name;
        Path dir = script.toAbsolutePath().getParent();
        return (dir == null ? Path.of(".") : dir).resolve(base + ".trace.json");
    }

    /** The dump written beside {@code trace}: {@code NAME.trace.json} gives {@code NAME.dump.json}. */
    public static Path dumpBeside(Path trace) {
        String name = trace.getFileName().toString();
        String base = name.endsWith(".trace.json") ? name.substring(0, name.length() - ".trace.json".length())
                : name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
        return trace.resolveSibling(base + ".dump.json");
    }

    /**
     * The script's arguments as the fields says them: separated by spaces, a double-quoted part
     * kept whole ({@code "my file.log" 3}); no shell expands anything.
     */
    public static List<String> arguments(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                quoted = !quoted;
                any = true;
            } else if (Character.isWhitespace(c) && !quoted) {
                if (any) {
                    out.add(cur.toString());
                    cur.setLength(0);
                    any = false;
                }
            } else {
                cur.append(c);
                any = true;
            }
        }
        if (quoted) {
            throw new IllegalArgumentException("arguments: a double quote is not closed");
        }
        if (any) {
            out.add(cur.toString());
        }
        return out;
    }

    /** What is wrong with the fields, if anything: the first problem, in the user's words. */
    public Optional<String> problem() {
        if (ruby.isEmpty()) {
            return Optional.of("Name the ruby to run: a path, or a name on PATH such as ruby.");
        }
        if (script.isEmpty()) {
            return Optional.of("Choose the Ruby script to trace.");
        }
        Path s = Path.of(script);
        if (!Files.isRegularFile(s)) {
            return Optional.of("Script not found: " + script + (Files.isDirectory(s) ? " is a directory." : " does not exist."));
        }
        if (sample < 1) {
            return Optional.of("Trace one call in N: N must be 1 or more (1 traces every call).");
        }
        try {
            arguments(arguments);
        } catch (IllegalArgumentException e) {
            return Optional.of("The script's " + e.getMessage() + ".");
        }
        if (out.isEmpty()) {
            return Optional.of("Choose where to write the trace.");
        }
        if (Files.isDirectory(Path.of(out))) {
            return Optional.of("The trace's file is a directory: " + out);
        }
        return Optional.empty();
    }

    /** Starts the run in the background; {@code output} gets the script's output lines (on the worker thread). */
    public ProbeJob<Traced> start(Executor publisher, LongSupplier nanoClock, Consumer<String> output) {
        String r = ruby;
        Path s = Path.of(script);
        List<String> args = arguments(arguments);
        long n = sample;
        Path traceOut = Path.of(out);
        boolean withDump = dump;
        Duration limit = timeout;
        ProbeJob.Work<Traced> work = progress -> {
            RubyScriptRunner runner = new RubyScriptRunner(RubyProbeRunner.locate(r), limit);
            SubstringTrace t = run(runner, RubyScriptRunner.TRACE_PROBE, s, args, "SLOTLAB_TRACE_OUT", traceOut,
                    Map.of("SLOTLAB_TRACE_SAMPLE", Long.toString(n)), output, TraceFile::read);
            if (!withDump) {
                return new Traced(traceOut, t, null, null);
            }
            Path dumpOut = dumpBeside(traceOut);
            HeapDump d = run(runner, RubyScriptRunner.DUMP_PROBE, s, args, "SLOTLAB_DUMP_OUT", dumpOut,
                    Map.of("SLOTLAB_DUMP_ALLOCATIONS", "1"), output, HeapDumpReader::read);
            return new Traced(traceOut, t, dumpOut, d);
        };
        return new ProbeJob<>("slotlab-trace", withDump ? PROBES : PROBES.subList(0, 1), work, publisher, nanoClock).start();
    }

    private static <T> T run(RubyScriptRunner runner, String probe, Path script, List<String> args, String variable, Path out,
            Map<String, String> env, Consumer<String> output, ScriptRun.Check<T> check) throws CalibrationException, IOException {
        try {
            return ScriptRun.run(runner, probe, script, args, variable, out, env, output, check);
        } catch (ScriptRun.Failed f) {
            throw new IOException(f.getMessage(), f);
        }
    }
}
