package org.slotlab.model.measured;

import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A plain CSV of measurements against a length or a slot size, as people paste from their own
 * scripts (e.g. byroot's "size 32: 67" GC counts in Feature #22186 (https://bugs.ruby-lang.org/issues/22186) become
 * {@code slot_bytes,gc_count} rows). The first column is the x: its header says which parameter
 * ({@code len...} -> {@code len}, {@code slot...} -> {@code slot_size}), its values are whole
 * bytes; every other column is a metric named by its header ({@code ns_per_op}, {@code gc_count}),
 * unit from the name ({@link Metric#unitFromName}). Lines starting with {@code #} are comments;
 * {@code # executable: NAME} names the executable (default: the file name without extension),
 * {@code # tool: NAME} the tool (default {@value #TOOL}). Empty cells are missing values. A file
 * with {@link MeasuredCsv}'s normalised header is read as that.
 */
public final class PlainCsvImporter implements Importer {

    public static final String FORMAT = "csv";
    public static final String TOOL = "csv";

    private static final Pattern HEADER = Pattern.compile("^[A-Za-z_][A-Za-z0-9_]*(,[A-Za-z_][A-Za-z0-9_]*)+\\s*$");
    private static final Pattern DIRECTIVE = Pattern.compile("^#\\s*(executable|tool)\\s*:\\s*(\\S.*?)\\s*$");

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public String tool() {
        return TOOL;
    }

    @Override
    public boolean canRead(String firstLines) {
        return firstLines.lines().filter(l -> !l.isBlank() && !l.startsWith("#")).findFirst()
                .map(l -> HEADER.matcher(l).matches()).orElse(false);
    }

    @Override
    public MeasuredSet read(Reader reader, String source) throws ImportException {
        List<String> lines = TextLines.read(reader, source);
        String executable = stem(source);
        String tool = TOOL;
        int i = 0;
        for (; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher d = DIRECTIVE.matcher(line);
            if (d.matches()) {
                if (d.group(1).equals("executable")) {
                    executable = d.group(2);
                } else {
                    tool = d.group(2);
                }
            } else if (!line.isBlank() && !line.startsWith("#")) {
                break;
            }
        }
        if (i >= lines.size()) {
            throw new ImportException(source, lines.size(), "expected a header like 'len_bytes,ns_per_op' or 'slot_bytes,gc_count', found none");
        }
        if (lines.get(i).strip().equals(MeasuredCsv.HEADER)) {
            return MeasuredCsv.read(new StringReader(String.join("\n", lines)), source);
        }
        int headerLine = i + 1;
        if (!HEADER.matcher(lines.get(i)).matches()) {
            throw new ImportException(source, headerLine, "expected a header of names like 'len_bytes,ns_per_op', found '" + lines.get(i).strip() + "'");
        }
        List<String> header = List.of(lines.get(i).strip().split(","));
        String x = header.get(0);
        String param = parameterOf(x);
        if (param == null) {
            throw new ImportException(source, headerLine, "expected the first column to be a length (e.g. len_bytes) or a slot size "
                    + "(e.g. slot_bytes), found '" + x + "'");
        }
        List<MeasuredPoint> points = new ArrayList<>();
        for (i = i + 1; i < lines.size(); i++) {
            String line = lines.get(i);
            int n = i + 1;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            List<String> cells = MeasuredCsv.split(line, source, n);
            if (cells.size() != header.size()) {
                throw new ImportException(source, n, "expected " + header.size() + " columns (" + String.join(",", header)
                        + "), found " + cells.size() + "; is the file truncated?");
            }
            String xs = cells.get(0).strip();
            long bytes = TextLines.wholeBytes(xs);
            if (bytes < 0) {
                throw new ImportException(source, n, "expected a whole number of bytes in " + x + ", found '" + xs + "'");
            }
            MappedParameter p = new MappedParameter(param, bytes);
            String bench = x + "=" + xs;
            for (int c = 1; c < header.size(); c++) {
                String cell = cells.get(c).strip();
                if (cell.isEmpty()) {
                    continue;
                }
                double v = TextLines.decimal(cell);
                if (Double.isNaN(v)) {
                    throw new ImportException(source, n, "expected a number in " + header.get(c) + ", found '" + cell + "'");
                }
                points.add(MeasuredPoint.of(bench, executable, header.get(c), v, Metric.unitFromName(header.get(c))).withParameter(p));
            }
        }
        if (points.isEmpty()) {
            throw new ImportException(source, lines.size(), "expected at least one data row after the header on line " + headerLine);
        }
        return new MeasuredSet(source, tool, FORMAT, List.of(executable), points);
    }

    /** len... -> len, slot... -> slot_size, otherwise null. */
    static String parameterOf(String column) {
        String c = column.toLowerCase(Locale.ROOT);
        if (c.startsWith("len") || c.equals("length") || c.startsWith("length_")) {
            return MappedParameter.LEN;
        }
        if (c.startsWith("slot")) {
            return MappedParameter.SLOT_SIZE;
        }
        return null;
    }

    private static String stem(String source) {
        String name = source.replace('\\', '/');
        name = name.substring(name.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
