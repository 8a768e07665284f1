package org.slotlab.model.measured;

import java.io.Reader;
import java.util.ArrayList;
import java.util.List;

/**
 * ruby-bench's {@code output_NNN.csv}, written by lib/benchmark_runner.rb {@code write_csv}
 * (ruby/ruby-bench 09b76c8): one row per executable with its {@code RUBY_DESCRIPTION}
 * ({@code base,ruby 3.4.5 (...)}), an empty row, then the results table, read by
 * {@link RubyBenchTable}. The first executable is the base.
 */
public final class RubyBenchCsvImporter extends NamedImporter {

    public static final String FORMAT = "ruby-bench-csv";
    public static final String TOOL = "ruby-bench";

    public RubyBenchCsvImporter() {
        super(FORMAT, TOOL);
    }

    @Override
    public boolean canRead(String firstLines) {
        List<String> lines = firstLines.lines().toList();
        return !lines.isEmpty() && description(lines.get(0)) != null
                && lines.stream().anyMatch(l -> l.startsWith("bench,") && l.contains(" (ms)"));
    }

    /** The executable of a {@code name,ruby X.Y...} row, or null. */
    private static String description(String line) {
        int comma = line.indexOf(',');
        if (comma <= 0) {
            return null;
        }
        String rest = line.substring(comma + 1);
        return rest.startsWith("ruby ") || rest.startsWith("\"ruby ") ? line.substring(0, comma) : null;
    }

    @Override
    public MeasuredSet read(Reader reader, String source) throws ImportException {
        TextLines.Text text = TextLines.readText(reader, source);
        text.requireLastLineEnded(source);
        List<String> lines = text.lines();
        List<String> executables = new ArrayList<>();
        int i = 0;
        for (; i < lines.size() && !lines.get(i).isBlank(); i++) {
            List<String> cells = MeasuredCsv.split(lines.get(i), source, i + 1);
            if (cells.size() != 2 || !cells.get(1).startsWith("ruby ")) {
                throw new ImportException(source, i + 1, "expected an executable and its description ('base,ruby 3.4.5 ...'), found "
                        + TextLines.quote(lines.get(i)));
            }
            String exe = Points.checkName(source, i + 1, cells.get(0), "executable");
            if (executables.contains(exe)) {
                throw new ImportException(source, i + 1, "executable " + TextLines.quote(exe) + " is described twice: on line "
                        + (executables.indexOf(exe) + 1) + " and on line " + (i + 1));
            }
            executables.add(exe);
        }
        if (executables.isEmpty()) {
            throw new ImportException(source, 1, "expected the executables' descriptions first ('base,ruby 3.4.5 ...')");
        }
        while (i < lines.size() && lines.get(i).isBlank()) {
            i++;
        }
        if (i == lines.size()) {
            throw new ImportException(source, lines.size(), "expected the results table ('bench,base (ms),...') after the "
                    + "descriptions; is the file truncated?");
        }
        int headerLine = i + 1;
        List<String> header = MeasuredCsv.split(lines.get(i), source, headerLine);
        List<List<String>> rows = new ArrayList<>();
        List<Integer> rowLines = new ArrayList<>();
        for (i++; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            rows.add(MeasuredCsv.split(lines.get(i), source, i + 1));
            rowLines.add(i + 1);
        }
        Points points = new Points(source);
        RubyBenchTable.read(points, source, executables, header, headerLine, rows, rowLines, false);
        return points.set(TOOL, FORMAT, executables, headerLine, "expected at least one benchmark row under the header; "
                + "is the file truncated?");
    }
}
