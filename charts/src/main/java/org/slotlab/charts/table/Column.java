package org.slotlab.charts.table;

import java.util.Locale;
import java.util.Objects;

/**
 * One column of a {@link Table}: its header (which carries the unit, e.g. {@code len_bytes}
 * or {@code master (ns)}), its alignment and how a numeric cell becomes text (fixed decimals,
 * optional thousands separators, optional suffix such as {@code x} for ratios). Modelled on the
 * result tables benchmark-driver and ruby-bench print, whose numbers appear in 
 * Feature #22186 (https://bugs.ruby-lang.org/issues/22186) (e.g. {@code size100 34.029M 43.905M 1.29x}).
 *
 * @param header    header text including the unit, never blank
 * @param align     {@link Align#RIGHT} for numbers, {@link Align#LEFT} for text
 * @param decimals  digits after the decimal point for numeric cells (0..12)
 * @param thousands whether numeric cells get a {@code ,} thousands separator in display text
 * @param suffix    appended to numeric cells in display text (e.g. {@code "x"}); empty for none
 */
public record Column(String header, Align align, int decimals, boolean thousands, String suffix) {

    /** Largest number of decimals a column may ask for; more than this is noise, not data. */
    public static final int MAX_DECIMALS = 12;

    /** What a numeric cell shows when its value is NaN or infinite. */
    public static final String NOT_A_NUMBER = "n/a";

    public Column {
        Objects.requireNonNull(header, "column header");
        Objects.requireNonNull(align, "column align");
        Objects.requireNonNull(suffix, "column suffix");
        if (header.isBlank()) {
            throw new IllegalArgumentException("column header must not be blank");
        }
        if (decimals < 0 || decimals > MAX_DECIMALS) {
            throw new IllegalArgumentException("column '" + header + "': decimals must be in 0.."
                    + MAX_DECIMALS + " but was " + decimals);
        }
    }

    /** A left-aligned text column. */
    public static Column text(String header) {
        return new Column(header, Align.LEFT, 0, false, "");
    }

    /** A right-aligned numeric column with fixed decimals and no thousands separator. */
    public static Column number(String header, int decimals) {
        return new Column(header, Align.RIGHT, decimals, false, "");
    }

    /** A right-aligned numeric column with fixed decimals and, if asked, thousands separators. */
    public static Column number(String header, int decimals, boolean thousands) {
        return new Column(header, Align.RIGHT, decimals, thousands, "");
    }

    /** A right-aligned ratio column: {@code 1.2857} at 2 decimals shows as {@code 1.29x}. */
    public static Column ratio(String header, int decimals) {
        return new Column(header, Align.RIGHT, decimals, false, "x");
    }

    /** The cell as a reader sees it: fixed decimals, separators and suffix as configured. */
    public String display(Object cell) {
        return format(cell, thousands, suffix);
    }

    /** The cell for machines (CSV): fixed decimals, no separators, no suffix. */
    public String plain(Object cell) {
        return format(cell, false, "");
    }

    /** Rejects a cell that is neither text, a number nor null (what {@link #display} would refuse), without formatting it. */
    void check(Object cell) {
        if (cell != null && !(cell instanceof CharSequence) && !(cell instanceof Number)) {
            throw notACell(cell);
        }
    }

    private IllegalArgumentException notACell(Object cell) {
        return new IllegalArgumentException("column '" + header + "': a cell must be a String, a Number"
                + " or null, but was a " + cell.getClass().getSimpleName() + " (" + cell + ")");
    }

    private String format(Object cell, boolean grouping, String unitSuffix) {
        if (cell == null) {
            return "";
        }
        if (cell instanceof CharSequence text) {
            return text.toString();
        }
        if (cell instanceof Number number) {
            double value = number.doubleValue();
            if (Double.isNaN(value) || Double.isInfinite(value)) {
                return NOT_A_NUMBER;
            }
            String pattern = (grouping ? "%,." : "%.") + decimals + "f";
            return String.format(Locale.ROOT, pattern, value) + unitSuffix;
        }
        throw notACell(cell);
    }
}
