package org.slotlab.model.measured;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The normalised CSV that {@code slotlab import} writes and that {@code render} and the
 * workbench overlay: one row per {@link MeasuredPoint}, columns {@value #HEADER}. Values are
 * written with the shortest decimal that reads back to the same double
 * ({@code BigDecimal.valueOf(d)}, no exponent), so write-then-read is exact. Fields containing a
 * comma, quote or line break are quoted as RFC 4180 says: "a plain CSV that
 * render and the workbench can overlay".
 */
public final class MeasuredCsv {

    /** The header row, in column order. */
    public static final String HEADER = "tool,executable,benchmark,param_name,param_value,metric,value,unit";
    private static final int COLUMNS = 8;
    /** Format name of a set read back from this CSV. */
    public static final String FORMAT = "slotlab-csv";

    private MeasuredCsv() {
    }

    /** Writes {@code set} as the normalised CSV. */
    public static void write(MeasuredSet set, Writer out) {
        try {
            out.write(HEADER);
            out.write('\n');
            for (MeasuredPoint p : set.points()) {
                List<String> cells = List.of(set.tool(), p.executable(), p.benchmark(),
                        p.parameter().map(MappedParameter::name).orElse(""),
                        p.parameter().map(x -> Long.toString(x.value())).orElse(""),
                        p.metric(), number(p.value()), p.unit());
                for (int i = 0; i < cells.size(); i++) {
                    if (i > 0) {
                        out.write(',');
                    }
                    out.write(quote(cells.get(i)));
                }
                out.write('\n');
            }
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The normalised CSV as a string. */
    public static String toCsv(MeasuredSet set) {
        java.io.StringWriter w = new java.io.StringWriter();
        write(set, w);
        return w.toString();
    }

    /** Reads the normalised CSV back; the tool is taken from the rows (all rows must agree). */
    public static MeasuredSet read(Reader reader, String source) throws ImportException {
        List<String> lines = TextLines.read(reader, source);
        int i = 0;
        while (i < lines.size() && (lines.get(i).isBlank() || lines.get(i).startsWith("#"))) {
            i++;
        }
        if (i >= lines.size() || !lines.get(i).strip().equals(HEADER)) {
            throw new ImportException(source, Math.min(i + 1, Math.max(lines.size(), 1)), "expected the header '" + HEADER + "'");
        }
        String tool = null;
        Set<String> executables = new LinkedHashSet<>();
        List<MeasuredPoint> points = new ArrayList<>();
        for (i = i + 1; i < lines.size(); i++) {
            String line = lines.get(i);
            int n = i + 1;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            List<String> c = split(line, source, n);
            if (c.size() != COLUMNS) {
                throw new ImportException(source, n, "expected " + COLUMNS + " columns (" + HEADER + "), found " + c.size() + "; is the file truncated?");
            }
            if (tool == null) {
                tool = c.get(0);
            } else if (!tool.equals(c.get(0))) {
                throw new ImportException(source, n, "expected every row to come from tool '" + tool + "', found '" + c.get(0) + "'");
            }
            double v = TextLines.decimal(c.get(6));
            if (Double.isNaN(v)) {
                throw new ImportException(source, n, "expected a number in column value, found '" + c.get(6) + "'");
            }
            Optional<MappedParameter> param = Optional.empty();
            if (!c.get(3).isEmpty() || !c.get(4).isEmpty()) {
                long bytes = TextLines.wholeBytes(c.get(4));
                if (bytes < 0) {
                    throw new ImportException(source, n, "expected a whole number of bytes in param_value, found '" + c.get(4) + "'");
                }
                try {
                    param = Optional.of(new MappedParameter(c.get(3), bytes));
                } catch (IllegalArgumentException e) {
                    throw new ImportException(source, n, e.getMessage());
                }
            }
            executables.add(c.get(1));
            points.add(new MeasuredPoint(c.get(2), c.get(1), c.get(5), v, c.get(7), param));
        }
        if (points.isEmpty()) {
            throw new ImportException(source, lines.size(), "expected at least one row after the header");
        }
        return new MeasuredSet(source, tool, FORMAT, List.copyOf(executables), points);
    }

    /** Shortest decimal that reads back to {@code d}, without exponent or a trailing ".0". */
    static String number(double d) {
        BigDecimal b = BigDecimal.valueOf(d).stripTrailingZeros();
        return b.scale() < 0 ? b.setScale(0).toPlainString() : b.toPlainString();
    }

    static String quote(String s) {
        if (s.contains(",") || s.contains("\"") || s.contains("\n") || s.contains("\r")) {
            return "\"" + s.replace("\"", "\"\"") + "\"";
        }
        return s;
    }

    /** Splits one CSV line, honouring double-quoted fields. */
    static List<String> split(String line, String source, int n) throws ImportException {
        List<String> cells = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (quoted) {
                if (ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cur.append('"');
                    i++;
                } else if (ch == '"') {
                    quoted = false;
                } else {
                    cur.append(ch);
                }
            } else if (ch == '"' && cur.length() == 0) {
                quoted = true;
            } else if (ch == ',') {
                cells.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(ch);
            }
        }
        if (quoted) {
            throw new ImportException(source, n, "expected a closing '\"'; is the line truncated?");
        }
        cells.add(cur.toString());
        return cells;
    }
}
