package org.slotlab.app.workbench;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.layout.Region;

/**
 * Lays out the chart cells and the compare table so that the area is used: two columns when the
 * width holds two readable charts, else one; an odd cell out (the table after two charts, say)
 * spans the whole last row instead of leaving a quarter of the area empty; rows share the height
 * (the table's row takes less than a chart's) but never fall below a chart's readable height. When
 * the height is too small for that, the grid is taller than the area and the scroll pane around it
 * scrolls.
 */
final class ChartGrid extends Region {

    /** Narrowest chart that keeps its axis labels and legend readable, px. */
    static final double MIN_CHART_WIDTH = 420;
    /** Lowest chart cell that leaves a plot of about 150 px under its titles and legend, px. */
    static final double MIN_CHART_HEIGHT = 320;
    /**
     * Lowest chart cell when the charts are stacked in one column (a narrow area, the side panels
     * shown): the column scrolls anyway, so each chart gets room for its notes and legend too, px.
     */
    static final double MIN_STACKED_CHART_HEIGHT = 380;
    /** Lowest table cell: its heading, the pins and about four rows, px. */
    static final double MIN_TABLE_HEIGHT = 220;
    /** Share of the height a table row gets against a chart row's 1. */
    static final double TABLE_ROW_WEIGHT = 0.7;
    /** Width share of the chart when one chart sits beside the table. */
    static final double SINGLE_CHART_SHARE = 0.62;
    static final double GAP = 8;
    static final double PAD = 8;

    /** Where one cell goes, px, relative to the grid. */
    record Cell(double x, double y, double width, double height) {
        double area() {
            return width * height;
        }
    }

    private final List<Node> cells = new ArrayList<>();
    /** Whether the last cell is the compare table (it gets a lower row). */
    private boolean lastIsTable;

    ChartGrid() {
        getStyleClass().add("chart-grid");
    }

    /** Shows {@code nodes}, the last of them the table when {@code lastIsTable}. */
    void show(List<? extends Node> nodes, boolean lastIsTable) {
        cells.clear();
        cells.addAll(nodes);
        this.lastIsTable = lastIsTable;
        getChildren().setAll(nodes);
        requestLayout();
    }

    /** The cells of {@code count} items ({@code lastIsTable}: the last is the table) in a {@code width} x {@code height} area. */
    static List<Cell> arrange(int count, boolean lastIsTable, double width, double height) {
        List<Cell> out = new ArrayList<>();
        if (count <= 0) {
            return out;
        }
        double w = Math.max(0, width - 2 * PAD);
        double h = Math.max(0, height - 2 * PAD);
        if (count == 1) {
            out.add(new Cell(PAD, PAD, w, Math.max(h, lastIsTable ? MIN_TABLE_HEIGHT : MIN_CHART_HEIGHT)));
            return out;
        }
        int cols = w >= 2 * MIN_CHART_WIDTH + GAP ? 2 : 1;
        if (cols == 2 && count == 2) {
            // one chart beside the table (or two charts): one row, the chart the larger share
            double first = lastIsTable ? Math.round((w - GAP) * SINGLE_CHART_SHARE) : Math.round((w - GAP) / 2);
            double rowH = Math.max(h, MIN_CHART_HEIGHT);
            out.add(new Cell(PAD, PAD, first, rowH));
            out.add(new Cell(PAD + first + GAP, PAD, w - GAP - first, rowH));
            return out;
        }
        // rows: pairs of cells, an odd last cell alone across the row
        List<int[]> rows = new ArrayList<>();
        for (int i = 0; i < count; i += cols) {
            rows.add(new int[] {i, Math.min(count, i + cols)});
        }
        double[] weight = new double[rows.size()];
        double[] min = new double[rows.size()];
        double weights = 0;
        double mins = 0;
        for (int r = 0; r < rows.size(); r++) {
            boolean tableOnly = lastIsTable && rows.get(r)[1] - rows.get(r)[0] == 1 && rows.get(r)[1] == count;
            weight[r] = tableOnly ? TABLE_ROW_WEIGHT : 1;
            min[r] = tableOnly ? MIN_TABLE_HEIGHT : cols == 1 ? MIN_STACKED_CHART_HEIGHT : MIN_CHART_HEIGHT;
            weights += weight[r];
            mins += min[r];
        }
        double free = h - GAP * (rows.size() - 1);
        double y = PAD;
        for (int r = 0; r < rows.size(); r++) {
            double rowH = free >= mins ? rowHeight(free, weight, min, r) : min[r];
            int from = rows.get(r)[0];
            int to = rows.get(r)[1];
            double cellW = to - from == 1 ? w : (w - GAP * (cols - 1)) / cols;
            for (int i = from; i < to; i++) {
                out.add(new Cell(PAD + (i - from) * (cellW + GAP), y, cellW, rowH));
            }
            y += rowH + GAP;
        }
        return out;
    }

    /**
     * Row {@code r}'s share of {@code free} px by weight, where a row whose share would fall under its
     * minimum keeps the minimum and the others share what is left (two rounds suffice for three rows).
     */
    private static double rowHeight(double free, double[] weight, double[] min, int r) {
        boolean[] pinned = new boolean[weight.length];
        for (int round = 0; round < weight.length; round++) {
            double left = free;
            double weights = 0;
            for (int i = 0; i < weight.length; i++) {
                if (pinned[i]) {
                    left -= min[i];
                } else {
                    weights += weight[i];
                }
            }
            boolean changed = false;
            for (int i = 0; i < weight.length; i++) {
                if (!pinned[i] && left * weight[i] / weights < min[i]) {
                    pinned[i] = true;
                    changed = true;
                }
            }
            if (!changed) {
                return pinned[r] ? min[r] : Math.floor(left * weight[r] / weights);
            }
        }
        return min[r];
    }

    /** The height the cells need at {@code width}: the grid is never laid out lower (the scroll pane scrolls). */
    static double neededHeight(int count, boolean lastIsTable, double width) {
        List<Cell> c = arrange(count, lastIsTable, width, 0);
        double bottom = 0;
        for (Cell cell : c) {
            bottom = Math.max(bottom, cell.y() + cell.height());
        }
        return bottom + PAD;
    }

    @Override
    public Orientation getContentBias() {
        return Orientation.HORIZONTAL;
    }

    @Override
    protected double computeMinWidth(double height) {
        return MIN_CHART_WIDTH + 2 * PAD;
    }

    @Override
    protected double computeMinHeight(double width) {
        return neededHeight(cells.size(), lastIsTable, width < 0 ? getWidth() : width);
    }

    @Override
    protected double computePrefWidth(double height) {
        return 2 * MIN_CHART_WIDTH + GAP + 2 * PAD;
    }

    @Override
    protected double computePrefHeight(double width) {
        return computeMinHeight(width);
    }

    @Override
    protected void layoutChildren() {
        List<Cell> c = arrange(cells.size(), lastIsTable, getWidth(), getHeight());
        for (int i = 0; i < cells.size(); i++) {
            Cell cell = c.get(i);
            cells.get(i).resizeRelocate(snapPositionX(cell.x()), snapPositionY(cell.y()), snapSizeX(cell.width()),
                    snapSizeY(cell.height()));
        }
    }

    /** The cells as laid out now (for tests). */
    List<Cell> laidOut() {
        return arrange(cells.size(), lastIsTable, getWidth(), getHeight());
    }
}
