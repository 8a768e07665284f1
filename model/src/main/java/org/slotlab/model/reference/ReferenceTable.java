package org.slotlab.model.reference;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One published table from {@code sample-data/reference/}: the numbers a public thread published,
 * each row's {@code source} column the thread's URL ({@link Source#byUrl}), read once from the
 * classpath so a packaged jar has them. Lines starting with {@code #} are comments; fields may be
 * double-quoted (RFC 4180). A column named twice is refused (a row would silently keep only the
 * last of the two).
 */
public final class ReferenceTable {

    private final String name;
    private final List<String> header;
    private final List<Map<String, String>> rows;
    private final List<String> comments;

    private ReferenceTable(String name, List<String> header, List<Map<String, String>> rows, List<String> comments) {
        this.name = name;
        this.header = List.copyOf(header);
        this.rows = List.copyOf(rows);
        this.comments = List.copyOf(comments);
    }

    /** Tables already read: they ship with the jar and never change, so each is read once per process. */
    private static final Map<String, ReferenceTable> LOADED = new java.util.concurrent.ConcurrentHashMap<>();

    /** {@code sample-data/reference/<file>} from the classpath, read once. */
    public static ReferenceTable load(String file) {
        return LOADED.computeIfAbsent(file, ReferenceTable::read);
    }

    private static ReferenceTable read(String file) {
        String path = "/sample-data/reference/" + file;
        try (InputStream in = ReferenceTable.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("reference table not on the classpath: " + path);
            }
            return parse(file, in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ReferenceTable parse(String name, InputStream in) throws IOException {
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        List<String> header = null;
        List<Map<String, String>> rows = new ArrayList<>();
        List<String> comments = new ArrayList<>();
        String line;
        int no = 0;
        while ((line = r.readLine()) != null) {
            no++;
            if (line.isBlank()) {
                continue;
            }
            if (line.startsWith("#")) {
                comments.add(line.substring(1).trim());
                continue;
            }
            List<String> fields = split(line);
            if (header == null) {
                for (int c = 1; c < fields.size(); c++) {
                    int first = fields.subList(0, c).indexOf(fields.get(c));
                    if (first >= 0) {
                        throw new IllegalStateException(name + ":" + no + ": column '" + fields.get(c) + "' appears twice (column "
                                + (first + 1) + " and column " + (c + 1) + "); each column may appear once");
                    }
                }
                header = fields;
                continue;
            }
            if (fields.size() != header.size()) {
                throw new IllegalStateException(name + ":" + no + ": expected " + header.size() + " fields, got " + fields.size());
            }
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.put(header.get(i), fields.get(i));
            }
            rows.add(row);
        }
        if (header == null) {
            throw new IllegalStateException(name + ": no header line");
        }
        return new ReferenceTable(name, header, rows, comments);
    }

    static List<String> split(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        cur.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    cur.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        out.add(cur.toString());
        return out;
    }

    public String name() {
        return name;
    }

    public List<String> header() {
        return header;
    }

    public List<Map<String, String>> rows() {
        return rows;
    }

    public List<String> comments() {
        return comments;
    }

    /** Rows whose column {@code column} equals {@code value}. */
    public List<Map<String, String>> where(String column, String value) {
        List<Map<String, String>> out = new ArrayList<>();
        for (Map<String, String> row : rows) {
            if (value.equals(row.get(column))) {
                out.add(row);
            }
        }
        return out;
    }

    /** A numeric cell, empty when blank or not a number. */
    public static Optional<Double> number(Map<String, String> row, String column) {
        String v = row.get(column);
        if (v == null || v.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Double.parseDouble(v.trim()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
