package org.slotlab.charts.table;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * An immutable results table ready to export: a title, typed {@link Column}s, rows of cells and
 * footer lines (legend and run parameters). It is the plain-data hand-off between whatever
 * computed the numbers and {@link CsvWriter} / {@link MarkdownWriter}, shaped after the tables
 * posted in Feature #22186 (https://bugs.ruby-lang.org/issues/22186) (len, slot used, speed vs master).
 *
 * <p>A cell is a {@link String}, a {@link Number} or {@code null} (an empty cell); the column
 * decides how a number is printed.
 *
 * @param title   shown above the Markdown table; may be empty
 * @param columns at least one column
 * @param rows    each row has exactly {@code columns.size()} cells
 * @param footer  lines written under the table (legend first, then parameters); may be empty
 */
public record Table(String title, List<Column> columns, List<List<Object>> rows, List<String> footer) {

    public Table {
        Objects.requireNonNull(title, "table title");
        columns = List.copyOf(Objects.requireNonNull(columns, "table columns"));
        footer = List.copyOf(Objects.requireNonNull(footer, "table footer"));
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("table '" + title + "' needs at least one column");
        }
        Objects.requireNonNull(rows, "table rows");
        List<List<Object>> copy = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            List<Object> row = Objects.requireNonNull(rows.get(i), "table row " + (i + 1));
            if (row.size() != columns.size()) {
                throw new IllegalArgumentException("table '" + title + "': row " + (i + 1) + " has "
                        + row.size() + " cells but the table has " + columns.size() + " columns");
            }
            for (int c = 0; c < row.size(); c++) {
                columns.get(c).check(row.get(c)); // rejects cells that are neither text nor number
            }
            copy.add(Collections.unmodifiableList(new ArrayList<>(row)));
        }
        rows = Collections.unmodifiableList(copy);
    }

    /** Starts a table with the given title. */
    public static Builder builder(String title) {
        return new Builder(title);
    }

    /** Collects columns, rows and footer lines in order. */
    public static final class Builder {
        private final String title;
        private final List<Column> columns = new ArrayList<>();
        private final List<List<Object>> rows = new ArrayList<>();
        private final List<String> footer = new ArrayList<>();

        private Builder(String title) {
            this.title = title;
        }

        public Builder column(Column column) {
            columns.add(column);
            return this;
        }

        /** Adds a row; {@code null} cells stay empty. */
        public Builder row(Object... cells) {
            rows.add(Arrays.asList(cells.clone()));
            return this;
        }

        public Builder row(List<?> cells) {
            rows.add(new ArrayList<>(cells));
            return this;
        }

        public Builder footer(String line) {
            footer.add(Objects.requireNonNull(line, "footer line"));
            return this;
        }

        public Table build() {
            return new Table(title, columns, rows, footer);
        }
    }
}
