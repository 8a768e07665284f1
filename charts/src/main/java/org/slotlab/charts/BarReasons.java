package org.slotlab.charts;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import org.jfree.chart.labels.CategoryToolTipGenerator;
import org.jfree.data.category.CategoryDataset;

/**
 * A tooltip that says why a bar has its value: the value's own tooltip, then in brackets the words
 * given for that series and category, e.g. "master at 500 B: 15 GCs per 2M (15 out of slots in the
 * 40 B heap)". A bar without words gets the plain tooltip.
 */
final class BarReasons implements CategoryToolTipGenerator, Serializable {

    private static final long serialVersionUID = 1L;

    private final CategoryToolTipGenerator plain;
    /** Series key, then category key, then the words. */
    private final Map<String, Map<Integer, String>> reasons;

    BarReasons(CategoryToolTipGenerator plain, Map<String, Map<Integer, String>> reasons) {
        this.plain = Objects.requireNonNull(plain, "plain tooltip");
        this.reasons = new LinkedHashMap<>();
        reasons.forEach((k, v) -> this.reasons.put(k, Map.copyOf(v)));
    }

    @Override
    public String generateToolTip(CategoryDataset dataset, int row, int column) {
        String text = plain.generateToolTip(dataset, row, column);
        Map<Integer, String> bySeries = reasons.get(String.valueOf(dataset.getRowKey(row)));
        Object category = dataset.getColumnKey(column);
        String why = bySeries == null || !(category instanceof Integer c) ? null : bySeries.get(c);
        return why == null || why.isBlank() ? text : text + " (" + why + ")";
    }

    /** The words for a series and category, or null (for tests). */
    String reason(String series, int category) {
        Map<Integer, String> bySeries = reasons.get(series);
        return bySeries == null ? null : bySeries.get(category);
    }
}
