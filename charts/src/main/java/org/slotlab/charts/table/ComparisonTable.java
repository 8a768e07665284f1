package org.slotlab.charts.table;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Builds the table a performance thread posts to compare a baseline with one or more candidates:
 * one row per parameter value (e.g. substring length), the baseline's value, each candidate's
 * value, then one ratio column {@code base/other} per candidate formatted like {@code 1.29x}, and
 * under the table a legend line and the run parameters. It follows the comparison tables of
 * ruby-bench ({@code ruby/ruby-bench}: a {@code master/branch} time-ratio column) quoted in 
 * Feature #22186 (https://bugs.ruby-lang.org/issues/22186) and {@code sample-data/reference/ruby_bench_apps.csv}.
 *
 * <p>The values must be lower-is-better (a time such as ns per call) for the default legend to be
 * true: then {@code base/other > 1} means the candidate is faster.
 */
public final class ComparisonTable {

    /**
     * The legend for a time comparison, in ruby-bench's words ({@code base/other}, above 1 the other
     * is faster), naming the baseline so that it reads the right way round whichever series is the
     * baseline: a pin, the policy baseline or another build.
     */
    public static String legendFor(String baseline, String unit) {
        return "ratio = " + baseline + " / other" + (unit.isBlank() ? "" : " (" + unit + " / " + unit + ")")
                + ": above 1, the other is faster than " + baseline + "; below 1, the other is slower than " + baseline;
    }

    /** Decimals of the ratio columns: {@code 1.29x}, the precision benchmark-driver prints. */
    public static final int DEFAULT_RATIO_DECIMALS = 2;

    private String title = "";
    private Column key = Column.number("len_bytes", 0);
    private String baseline = "baseline";
    private final List<String> candidates = new ArrayList<>();
    private String unit = "ns";
    private int valueDecimals = 2;
    private boolean thousands;
    private int ratioDecimals = DEFAULT_RATIO_DECIMALS;
    /** Null: {@link #legendFor} the baseline. */
    private String legend;
    private final List<String> parameters = new ArrayList<>();
    private final List<Object> keys = new ArrayList<>();
    private final List<double[]> values = new ArrayList<>();

    private ComparisonTable() {
    }

    /** Starts an empty comparison (key column {@code len_bytes}, values in ns, 2 decimals). */
    public static ComparisonTable builder() {
        return new ComparisonTable();
    }

    public ComparisonTable title(String title) {
        this.title = Objects.requireNonNull(title, "title");
        return this;
    }

    /** The key column, e.g. {@code Column.number("len_bytes", 0)} or {@code Column.text("bench")}. */
    public ComparisonTable key(Column key) {
        this.key = Objects.requireNonNull(key, "key column");
        return this;
    }

    /** Value unit shown in headers ({@code master (ns)}), fixed decimals, thousands separators. */
    public ComparisonTable values(String unit, int decimals, boolean thousands) {
        this.unit = Objects.requireNonNull(unit, "unit");
        this.valueDecimals = decimals;
        this.thousands = thousands;
        return this;
    }

    public ComparisonTable baseline(String name) {
        this.baseline = requireName(name, "baseline name");
        return this;
    }

    /** Adds a candidate; each gets a value column and a ratio column, in the order added. */
    public ComparisonTable candidate(String name) {
        candidates.add(requireName(name, "candidate name"));
        return this;
    }

    public ComparisonTable ratioDecimals(int decimals) {
        this.ratioDecimals = decimals;
        return this;
    }

    /** The line under the table; {@link #legendFor} the baseline unless replaced, empty to omit. */
    public ComparisonTable legend(String legend) {
        this.legend = Objects.requireNonNull(legend, "legend");
        return this;
    }

    /** A run parameter, written under the legend as {@code - name: value}. */
    public ComparisonTable parameter(String name, String value) {
        parameters.add("- " + requireName(name, "parameter name") + ": " + Objects.requireNonNull(value, "value"));
        return this;
    }

    /**
     * One row: the key, the baseline value and one value per candidate (same unit).
     * A NaN value leaves its cell and ratio as {@code n/a}.
     */
    public ComparisonTable row(Object key, double baselineValue, double... candidateValues) {
        Objects.requireNonNull(key, "row key");
        double[] row = new double[1 + candidateValues.length];
        row[0] = baselineValue;
        System.arraycopy(candidateValues, 0, row, 1, candidateValues.length);
        keys.add(key);
        values.add(row);
        return this;
    }

    /** baseline / candidate; NaN when either is missing or the candidate is zero. */
    public static double ratio(double baselineValue, double candidateValue) {
        if (Double.isNaN(baselineValue) || Double.isNaN(candidateValue) || candidateValue == 0.0) {
            return Double.NaN;
        }
        return baselineValue / candidateValue;
    }

    /** The finished table; every row must carry one value per candidate. */
    public Table build() {
        Table.Builder table = Table.builder(title).column(key)
                .column(Column.number(header(baseline), valueDecimals, thousands));
        for (String candidate : candidates) {
            table.column(Column.number(header(candidate), valueDecimals, thousands));
        }
        for (String candidate : candidates) {
            table.column(Column.ratio(baseline + "/" + candidate, ratioDecimals));
        }
        for (int r = 0; r < keys.size(); r++) {
            double[] row = values.get(r);
            if (row.length != 1 + candidates.size()) {
                throw new IllegalArgumentException("comparison '" + title + "': row " + (r + 1) + " (key "
                        + keys.get(r) + ") has " + (row.length - 1) + " candidate values but "
                        + candidates.size() + " candidates were declared " + candidates);
            }
            List<Object> cells = new ArrayList<>();
            cells.add(keys.get(r));
            Arrays.stream(row).forEach(cells::add);
            for (int c = 1; c < row.length; c++) {
                cells.add(ratio(row[0], row[c]));
            }
            table.row(cells);
        }
        String line = legend == null ? legendFor(baseline, unit) : legend;
        if (!line.isBlank()) {
            table.footer(line);
        }
        parameters.forEach(table::footer);
        return table.build();
    }

    private String header(String name) {
        return unit.isBlank() ? name : name + " (" + unit + ")";
    }

    private static String requireName(String name, String what) {
        Objects.requireNonNull(name, what);
        if (name.isBlank()) {
            throw new IllegalArgumentException(what + " must not be blank");
        }
        return name;
    }
}
