package org.slotlab.model.buffers;

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

/** Reads a published table from {@code sample-data/reference} on the classpath (comments skipped, quotes kept simple). */
final class ReferenceCsv {

    private ReferenceCsv() {
    }

    static List<Map<String, String>> read(String name) {
        String path = "sample-data/reference/" + name;
        InputStream in = ReferenceCsv.class.getClassLoader().getResourceAsStream(path);
        if (in == null) {
            throw new IllegalStateException("reference table not on the classpath: " + path);
        }
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            List<Map<String, String>> rows = new ArrayList<>();
            String[] header = null;
            String line;
            while ((line = r.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] cells = split(line);
                if (header == null) {
                    header = cells;
                    continue;
                }
                Map<String, String> row = new LinkedHashMap<>();
                for (int i = 0; i < header.length; i++) {
                    row.put(header[i], i < cells.length ? cells[i] : "");
                }
                rows.add(row);
            }
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException(path, e);
        }
    }

    private static String[] split(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (char c : line.toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        out.add(cur.toString());
        return out.toArray(String[]::new);
    }

    static Map<String, String> row(List<Map<String, String>> rows, String column, String value) {
        return rows.stream().filter(m -> value.equals(m.get(column))).findFirst()
                .orElseThrow(() -> new IllegalStateException("no row with " + column + " = " + value));
    }
}
