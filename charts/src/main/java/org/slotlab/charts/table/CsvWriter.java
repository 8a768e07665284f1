package org.slotlab.charts.table;

import java.util.List;

/**
 * Writes a {@link Table} as CSV with RFC 4180 quoting: a field is quoted when it holds a comma,
 * a double quote (doubled inside), CR or LF, or starts with {@code #} (so it cannot be mistaken
 * for a comment line). The first row is the column headers; numbers use the column's fixed
 * decimals without separators or suffix. Footer lines are optional {@code # } comment lines at
 * the end, the convention of the reference tables in {@code sample-data/reference/*.csv}.
 * Lines end with LF (not RFC 4180's CRLF) so files diff cleanly in git; spreadsheet tools read both.
 */
public final class CsvWriter {

    private CsvWriter() {
    }

    /** The table as CSV: header row plus data rows, no footer. */
    public static String write(Table table) {
        return write(table, false);
    }

    /** The table as CSV; with {@code footerAsComments} the footer follows as {@code # line} rows. */
    public static String write(Table table, boolean footerAsComments) {
        StringBuilder out = new StringBuilder();
        List<Column> columns = table.columns();
        for (int c = 0; c < columns.size(); c++) {
            if (c > 0) {
                out.append(',');
            }
            out.append(quote(columns.get(c).header()));
        }
        out.append('\n');
        for (List<Object> row : table.rows()) {
            for (int c = 0; c < columns.size(); c++) {
                if (c > 0) {
                    out.append(',');
                }
                out.append(quote(columns.get(c).plain(row.get(c))));
            }
            out.append('\n');
        }
        if (footerAsComments) {
            for (String line : table.footer()) {
                for (String part : line.split("\\R", -1)) {
                    out.append(part.isEmpty() ? "#" : "# " + part).append('\n');
                }
            }
        }
        return out.toString();
    }

    /** One field, quoted only when RFC 4180 requires it (or it starts with a comment marker). */
    static String quote(String field) {
        boolean needsQuotes = field.startsWith("#")
                || field.indexOf(',') >= 0 || field.indexOf('"') >= 0
                || field.indexOf('\n') >= 0 || field.indexOf('\r') >= 0;
        if (!needsQuotes) {
            return field;
        }
        return '"' + field.replace("\"", "\"\"") + '"';
    }
}
