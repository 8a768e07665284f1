package org.slotlab.charts.table;

/**
 * Horizontal alignment of a table column: numbers RIGHT so their digits line up, text LEFT.
 * The Markdown writer turns RIGHT into the GitHub-flavoured separator {@code --:}, the way
 * benchmark-driver's markdown output ({@code benchmark-driver/benchmark-driver},
 * {@code lib/benchmark_driver/output/markdown.rb}) pads every value to a fixed width.
 */
public enum Align {
    /** Text: padded on the right. */
    LEFT,
    /** Numbers: padded on the left so decimal points line up at fixed decimals. */
    RIGHT
}
