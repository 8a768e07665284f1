package org.slotlab.charts.preview;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Test-scope reader for the published reference tables packaged under {@code sample-data/reference/}
 * (comment lines start with {@code #}, fields may be double-quoted). Only what the chart previews
 * need; the model module owns the real loader.
 */
final class ReferenceCsv {

    private ReferenceCsv() {
    }

    /** Rows of {@code sample-data/reference/<name>} as header -> field maps, comments skipped. */
    static List<Map<String, String>> read(String name) {
        String resource = "sample-data/reference/" + name;
        try (InputStream in = ReferenceCsv.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is not on the classpath (built the model module?)");
            }
            String[] lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n");
            List<String> header = null;
            List<Map<String, String>> rows = new ArrayList<>();
            for (int i = 0; i < lines.length; i++) {
                String line = lines[i].strip();
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                List<String> fields = split(line);
                if (header == null) {
                    header = fields;
                    continue;
                }
                if (fields.size() != header.size()) {
                    throw new IllegalStateException(resource + ":" + (i + 1) + ": " + fields.size()
                            + " fields but the header has " + header.size());
                }
                Map<String, String> row = new LinkedHashMap<>();
                for (int c = 0; c < header.size(); c++) {
                    row.put(header.get(c), fields.get(c));
                }
                rows.add(row);
            }
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException(resource + ": " + e.getMessage(), e);
        }
    }

    private static List<String> split(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (quoted) {
                if (ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (ch == '"') {
                    quoted = false;
                } else {
                    field.append(ch);
                }
            } else if (ch == '"') {
                quoted = true;
            } else if (ch == ',') {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(ch);
            }
        }
        fields.add(field.toString());
        return fields;
    }
}
