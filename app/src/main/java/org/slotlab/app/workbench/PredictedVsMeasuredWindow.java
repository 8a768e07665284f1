package org.slotlab.app.workbench;

import java.util.List;
import java.util.Locale;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.geometry.Orientation;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.jfree.chart.fx.ChartViewer;
import org.slotlab.app.measured.PredictedVsMeasured;
import org.slotlab.charts.SlotlabTheme;

/**
 * Tools > Predicted vs measured: a window with the model's ns per slice (baseline policy, current
 * layout and profile) and every measured ns-per-op overlay on one chart, and a table with the
 * error per point ({@link PredictedVsMeasured}). It follows the workbench: it is redrawn when the
 * overlays or the parameters change.
 */
public final class PredictedVsMeasuredWindow extends Stage {

    private final WorkbenchViewModel vm;
    final ChartViewer viewer = new ChartViewer(null);
    final TableView<PredictedVsMeasured.Row> table = new TableView<>();

    public PredictedVsMeasuredWindow(WorkbenchViewModel vm, Window owner) {
        this.vm = vm;
        setTitle("Slotlab: predicted vs measured");
        if (owner != null) {
            initOwner(owner);
        }
        viewer.setId("pvmChart");
        table.setId("pvmTable");
        table.getColumns().add(column("series", r -> r.series()));
        table.getColumns().add(column("len (B)", r -> Long.toString(r.len())));
        table.getColumns().add(column("measured ns", r -> String.format(Locale.ROOT, "%.1f", r.measuredNs())));
        table.getColumns().add(column("model ns", r -> String.format(Locale.ROOT, "%.1f", r.modelNs())));
        table.getColumns().add(column("error", r -> Double.isNaN(r.error()) ? "n/a"
                : String.format(Locale.ROOT, "%+.1f%%", r.error() * 100)));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(new Label("No measured ns per op: Tools > Measure on this Ruby, or File > Import measured results"));
        SplitPane split = new SplitPane(viewer, table);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.62);
        setScene(new Scene(split, 900, 700));
        vm.overlays().addListener((ListChangeListener<Object>) c -> refresh());
        vm.settingsProperty().addListener((o, a, b) -> refresh());
    }

    private static TableColumn<PredictedVsMeasured.Row, String> column(String name,
            java.util.function.Function<PredictedVsMeasured.Row, String> f) {
        TableColumn<PredictedVsMeasured.Row, String> c = new TableColumn<>(name);
        c.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(f.apply(d.getValue())));
        return c;
    }

    /** Shows the window and redraws it. */
    public void showAndRefresh() {
        refresh();
        show();
        toFront();
    }

    void refresh() {
        if (!isShowing() && viewer.getChart() != null) {
            return;
        }
        var overlays = List.copyOf(vm.overlays());
        var p = vm.settingsOf(org.slotlab.app.scenario.SubstringCutoffScenario.ID);
        try {
            List<PredictedVsMeasured.Row> rows = PredictedVsMeasured.rows(overlays, p);
            table.setItems(FXCollections.observableArrayList(rows));
            ChartsView.setChart(viewer, PredictedVsMeasured.chart(overlays, p, rows,
                    SlotlabTheme.of(WorkbenchViewModel.SCREEN_CHART_SCALE)));
        } catch (IllegalArgumentException e) {
            table.setItems(FXCollections.observableArrayList());
            table.setPlaceholder(new Label("Cannot model: " + e.getMessage()));
        }
    }
}
