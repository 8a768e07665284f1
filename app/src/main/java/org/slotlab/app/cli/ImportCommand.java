package org.slotlab.app.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.slotlab.model.measured.ImportException;
import org.slotlab.model.measured.Importers;
import org.slotlab.model.measured.MappedParameter;
import org.slotlab.model.measured.MeasuredCsv;
import org.slotlab.model.measured.MeasuredPoint;
import org.slotlab.model.measured.MeasuredSet;
import org.slotlab.model.measured.NameMapping;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code slotlab import FILE [--format auto|...] [--mapping FILE] --out measured.csv}: reads a
 * benchmark tool's output (benchmark-driver markdown or record YAML, benchmark-ips JSON or text,
 * ruby-bench JSON or harness-gc text, a plain CSV; see {@link Importers}), prints what it
 * recognised (tool, executables, benchmarks with their mapped parameter, values) and writes the
 * normalised CSV ({@link MeasuredCsv#HEADER}) that {@code render} and the workbench overlay.
 * Bad input is one line on stderr, {@code slotlab import: FILE:LINE: what was expected}, and exit
 * code {@value #EXIT_BAD_INPUT}; nothing is written then. So is an {@code --out} that cannot be
 * written (a directory, a missing permission): the CSV goes to a temporary file beside it and is
 * moved into place only when complete, so a failed write leaves no partial file.
 */
@Command(name = "import",
        description = {"Import measured results (benchmark-driver, benchmark-ips, ruby-bench, plain CSV) "
                + "and write them as a normalised CSV for overlays."},
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:imported and written", "2:bad input, bad options, or the CSV could not be written"})
public final class ImportCommand implements Callable<Integer> {

    /** Exit code for success. */
    public static final int EXIT_OK = 0;
    /** Exit code when the output cannot be written: the same as for bad input. */
    public static final int EXIT_WRITE_FAILED = 2;
    /** Exit code for malformed input, an unknown format or a bad mapping (picocli's usage code too). */
    public static final int EXIT_BAD_INPUT = 2;
    /** Significant digits of values in the printed summary (the CSV keeps every digit). */
    private static final MathContext SUMMARY_DIGITS = new MathContext(6);

    /** The --format values: auto, then every importer's format name. */
    static final class FormatCandidates implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            List<String> all = new ArrayList<>();
            all.add(Importers.AUTO);
            all.addAll(Importers.formats());
            return all.iterator();
        }
    }

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help and exit")
    private boolean help;

    @Parameters(index = "0", paramLabel = "FILE", description = "the tool's output file")
    private Path file;

    @Option(names = "--format", defaultValue = Importers.AUTO, completionCandidates = FormatCandidates.class,
            description = "one of: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE})")
    private String format;

    @Option(names = "--mapping", paramLabel = "FILE",
            description = "benchmark name rules, one 'regex => parameter' a line (default: size(\\d+) => len, len_?(\\d+) => len, (\\d+) => slot_size)")
    private Path mapping;

    @Option(names = "--out", required = true, paramLabel = "CSV", description = "where to write the normalised CSV")
    private Path out;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        if (!format.equals(Importers.AUTO) && Importers.byFormat(format).isEmpty()) {
            stderr.println("slotlab import: unknown --format '" + format + "'; expected " + String.join(", ", new FormatCandidates()));
            stderr.flush();
            return EXIT_BAD_INPUT;
        }
        if (Files.isDirectory(out)) {
            stderr.println("slotlab import: cannot write " + out + ": it is a directory; --out names the CSV file to write");
            stderr.flush();
            return EXIT_WRITE_FAILED;
        }
        MeasuredSet set;
        try {
            NameMapping rules = mapping == null ? NameMapping.defaults() : NameMapping.read(mapping);
            set = Importers.read(file, format, rules);
        } catch (ImportException e) {
            stderr.println("slotlab import: " + oneLine(e.getMessage()));
            stderr.flush();
            return EXIT_BAD_INPUT;
        }
        printSummary(set, stdout);
        try {
            org.slotlab.model.io.AtomicWrite.writeString(out, MeasuredCsv.toCsv(set));
        } catch (IOException | SecurityException e) {
            stderr.println("slotlab import: cannot write " + out + ": " + writeProblem(e));
            stderr.flush();
            return EXIT_WRITE_FAILED;
        }
        stdout.println("Wrote " + set.points().size() + " points to " + out);
        stdout.flush();
        return EXIT_OK;
    }

    private static void printSummary(MeasuredSet set, PrintWriter w) {
        w.println("Read " + set.source() + ": " + set.tool() + " (" + set.format() + ")");
        w.println("Executables: " + String.join(", ", set.executables()));
        List<String> benches = set.benchmarks().stream().map(b -> b + parameters(set, b)).collect(Collectors.toList());
        w.println("Benchmarks (" + benches.size() + "): " + String.join(", ", benches));
        w.println("Metrics: " + set.metrics().stream().map(m -> m + unitOf(set, m)).collect(Collectors.joining(", ")));
        int bw = width(set.points().stream().map(MeasuredPoint::benchmark).collect(Collectors.toList()));
        int ew = width(set.points().stream().map(MeasuredPoint::executable).collect(Collectors.toList()));
        int mw = width(set.metrics());
        for (MeasuredPoint p : set.points()) {
            w.printf("  %-" + bw + "s  %-" + ew + "s  %-" + mw + "s  %14s %s%s%n", p.benchmark(), p.executable(), p.metric(),
                    new BigDecimal(p.value()).round(SUMMARY_DIGITS).stripTrailingZeros().toPlainString(), p.unit(),
                    p.parameter().map(MappedParameter::toString).map(s -> "  [" + s + "]").orElse(""));
        }
    }

    /** " (len=100)" for one parameter, " (slot_size=40..640)" for a heap table's several, "" for none. */
    private static String parameters(MeasuredSet set, String bench) {
        List<MappedParameter> ps = set.points().stream().filter(p -> p.benchmark().equals(bench))
                .flatMap(p -> p.parameter().stream()).distinct().collect(Collectors.toList());
        if (ps.isEmpty()) {
            return "";
        }
        if (ps.size() == 1) {
            return " (" + ps.get(0) + ")";
        }
        long min = ps.stream().mapToLong(MappedParameter::value).min().orElseThrow();
        long max = ps.stream().mapToLong(MappedParameter::value).max().orElseThrow();
        String names = ps.stream().map(MappedParameter::name).distinct().collect(Collectors.joining("/"));
        return " (" + names + "=" + min + ".." + max + ")";
    }

    private static String unitOf(MeasuredSet set, String metric) {
        String unit = set.pointsOf(metric).get(0).unit();
        return unit.isEmpty() ? "" : " (" + unit + ")";
    }

    private static int width(List<String> names) {
        return Math.max(1, names.stream().mapToInt(String::length).max().orElse(1));
    }

    /** Why a write failed, in words and without the exception's class. */
    private static String writeProblem(Exception e) {
        if (e instanceof AccessDeniedException || e instanceof SecurityException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "its folder does not exist";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return oneLine(f.getReason());
        }
        return "the file system refused the write";
    }

    private static String oneLine(String s) {
        return s.replaceAll("\\s*\\R\\s*", " ");
    }
}
