package org.slotlab.model.parsers;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The response header lines of one site, read from {@code sample-data/http/<file>} (an HTTP/1.1
 * response head: status line, then one {@code Name: value} per line; where each header came from
 * is in {@code <file>.README.md}). The list of sites is {@code sample-data/http/sites.csv}.
 *
 * @param site  the site's URL
 * @param file  the file under sample-data/http
 * @param lines the header lines, without CRLF
 */
public record HeaderSet(String site, String file, List<String> lines) {

    public HeaderSet {
        lines = List.copyOf(lines);
        if (lines.isEmpty()) {
            throw new IllegalArgumentException(file + ": no header lines");
        }
    }

    /** Header values (one per line). */
    public int values() {
        return lines.size();
    }

    /** Every site of sample-data/http/sites.csv, in its order. */
    public static List<HeaderSet> loadAll() {
        List<HeaderSet> out = new ArrayList<>();
        for (String[] row : SampleData.csvRows("http/sites.csv", 2)) {
            out.add(parse(row[0], row[1], SampleData.text("http/" + row[1])));
        }
        return out;
    }

    /** Parses a response head; a line without ':' is reported with its file and line number. */
    public static HeaderSet parse(String site, String file, String text) {
        List<String> lines = new ArrayList<>();
        String[] raw = text.split("\r?\n", -1);
        for (int i = 0; i < raw.length; i++) {
            String l = raw[i];
            if (i == 0 && l.startsWith("HTTP/")) {
                continue;
            }
            if (l.isEmpty()) {
                break;
            }
            if (l.indexOf(':') <= 0) {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": not a header line (needs 'Name: value'): " + l);
            }
            lines.add(l);
        }
        return new HeaderSet(site, file, lines);
    }

    /** Reads classpath resources under {@code sample-data/}. */
    static final class SampleData {
        private SampleData() {}

        static String text(String path) {
            String full = "/sample-data/" + path;
            try (InputStream in = HeaderSet.class.getResourceAsStream(full)) {
                if (in == null) {
                    throw new IllegalStateException("sample data not on the classpath: " + full);
                }
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** Rows of a simple CSV (no quoted commas), comments and the header skipped; each needs {@code columns} cells. */
        static List<String[]> csvRows(String path, int columns) {
            List<String[]> rows = new ArrayList<>();
            String[] lines = text(path).split("\r?\n");
            boolean header = true;
            for (int i = 0; i < lines.length; i++) {
                String l = lines[i];
                if (l.isBlank() || l.startsWith("#")) {
                    continue;
                }
                if (header) {
                    header = false;
                    continue;
                }
                String[] cells = l.split(",", -1);
                if (cells.length < columns) {
                    throw new IllegalStateException("sample-data/" + path + ":" + (i + 1) + ": needs " + columns + " columns");
                }
                rows.add(cells);
            }
            return rows;
        }
    }
}
