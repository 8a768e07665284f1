package org.slotlab.charts.table;

import java.util.ArrayList;
import java.util.List;

/**
 * Writes a {@link Table} as a GitHub-flavoured pipe table for an issue thread, in the style of
 * benchmark-driver's markdown output ({@code benchmark-driver/benchmark-driver},
 * {@code lib/benchmark_driver/output/markdown.rb}) and ruby-bench's result tables: every cell is
 * padded to its column's width so the raw text lines up too, numeric columns are right-aligned
 * with a {@code --:} separator, text columns left-aligned with {@code :--}. The title comes first
 * in bold, the footer (legend line, then parameter lines) after a blank line under the table.
 *
 * <p>Example (one candidate, 2 decimals):
 * <pre>
 * | len_bytes | master (ns) | cutoff-256 (ns) | master/cutoff-256 |
 * |----------:|------------:|----------------:|------------------:|
 * |        50 |       29.12 |           22.40 |             1.30x |
 * </pre>
 */
public final class MarkdownWriter {

    private MarkdownWriter() {
    }

    /** The whole table: optional bold title, pipe table, blank line, footer lines. */
    public static String write(Table table) {
        List<Column> columns = table.columns();
        int n = columns.size();
        List<String[]> body = new ArrayList<>();
        int[] width = new int[n];
        String[] header = new String[n];
        for (int c = 0; c < n; c++) {
            header[c] = escape(columns.get(c).header());
            // three is the narrowest separator GitHub accepts with an alignment colon
            width[c] = Math.max(3, header[c].length());
        }
        for (List<Object> row : table.rows()) {
            String[] cells = new String[n];
            for (int c = 0; c < n; c++) {
                cells[c] = escape(columns.get(c).display(row.get(c)));
                width[c] = Math.max(width[c], cells[c].length());
            }
            body.add(cells);
        }

        StringBuilder out = new StringBuilder();
        if (!table.title().isBlank()) {
            out.append("**").append(table.title().strip()).append("**\n\n");
        }
        appendRow(out, header, columns, width);
        for (int c = 0; c < n; c++) {
            out.append('|');
            if (columns.get(c).align() == Align.RIGHT) {
                out.append("-".repeat(width[c] + 1)).append(':');
            } else {
                out.append(':').append("-".repeat(width[c] + 1));
            }
        }
        out.append("|\n");
        for (String[] cells : body) {
            appendRow(out, cells, columns, width);
        }
        if (!table.footer().isEmpty()) {
            out.append('\n');
            for (String line : table.footer()) {
                out.append(line).append('\n');
            }
        }
        return out.toString();
    }

    private static void appendRow(StringBuilder out, String[] cells, List<Column> columns, int[] width) {
        for (int c = 0; c < cells.length; c++) {
            String pad = " ".repeat(width[c] - cells[c].length());
            out.append("| ");
            if (columns.get(c).align() == Align.RIGHT) {
                out.append(pad).append(cells[c]);
            } else {
                out.append(cells[c]).append(pad);
            }
            out.append(' ');
        }
        out.append("|\n");
    }

    /** A literal pipe would end the cell; line breaks would end the row. */
    private static String escape(String text) {
        return text.replace("|", "\\|").replace("\r\n", " ").replace('\n', ' ').replace('\r', ' ');
    }
}
