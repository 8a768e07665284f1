package org.slotlab.app.workbench;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputDialog;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.slotlab.app.scenario.Pin;
import org.slotlab.app.scenario.ScenarioRequest;
import org.slotlab.app.scenario.ScenarioRun;
import org.slotlab.charts.table.Align;
import org.slotlab.charts.table.Column;
import org.slotlab.charts.table.Table;

/**
 * The compare panel: the pins (each with an unpin button), the "ratios against" choice and the
 * compare table of the last run, cells formatted by the charts module's {@link Column}s exactly
 * as the Markdown export prints them.
 */
public final class CompareView extends VBox {

    /** Narrowest table column, px: fits "1000" and "1.32x" at 13 px. */
    static final double MIN_COLUMN_PX = 70;
    /** Average width of a header character at the 13 px UI font, px. */
    static final double PX_PER_HEADER_CHAR = 6.6;
    /** Header cell padding plus sort-arrow room, px. */
    static final double COLUMN_PADDING_PX = 24;
    /** Widest table column, px; longer headers end in an ellipsis and show in full as a tooltip. */
    static final double MAX_COLUMN_PX = 200;

    /**
     * Height of every table row, px (one line of 13 px text plus Modena's cell padding). A fixed
     * height lets the table lay out a changed cell without measuring every row again, which it
     * otherwise does on each slider step.
     */
    static final double FIXED_ROW_PX = 24;

    private final WorkbenchViewModel vm;
    final TableView<Row> table = new TableView<>();
    final ComboBox<String> against = new ComboBox<>();
    private final FlowPane pinChips = new FlowPane(6, 6);
    private final Label title = new Label();
    private final Label legend = new Label();
    private boolean updating;

    public CompareView(WorkbenchViewModel vm) {
        this.vm = vm;
        setId("compare");
        getStyleClass().add("chart-cell");
        setSpacing(6);
        setPadding(new Insets(8));
        table.setId("compareTable");
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.setPlaceholder(new Label("computing…"));
        table.setFixedCellSize(FIXED_ROW_PX);
        title.getStyleClass().add("section-title");
        legend.getStyleClass().add("muted");
        legend.setWrapText(true);
        // the legend says which way the ratios read: it wraps, and the table gives way, rather than cut it off
        legend.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        Button pin = new Button("Pin current");
        pin.setId("pinButton");
        pin.setTooltip(new Tooltip("Keep the current settings as a named series on every chart (Ctrl+P), up to "
                + Pin.MAX_PINS));
        pin.setOnAction(e -> askAndPin());
        pin.disableProperty().bind(javafx.beans.binding.Bindings.size(vm.pins()).greaterThanOrEqualTo(Pin.MAX_PINS));
        against.setId("compareAgainst");
        against.setTooltip(new Tooltip("The series every ratio in the table divides: baseline ns / other ns"));
        against.valueProperty().addListener((o, a, b) -> {
            if (!updating && b != null) {
                vm.setCompareBaseline(b);
            }
        });
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Label vs = new Label("ratios vs");
        vs.setMinWidth(Region.USE_PREF_SIZE);
        pin.setMinWidth(Region.USE_PREF_SIZE);
        against.setMaxWidth(220);
        HBox controls = new HBox(8, vs, against, spacer, pin);
        controls.setAlignment(Pos.CENTER_LEFT);
        title.setWrapText(true);
        // The cells change on every slider step: in a SteadyBox the table lays out only itself.
        SteadyBox tableBox = new SteadyBox(table, true);
        VBox.setVgrow(tableBox, Priority.ALWAYS);
        getChildren().addAll(title, controls, pinChips, tableBox, legend);
        vm.pins().addListener((javafx.collections.ListChangeListener<Pin>) c -> refreshPins());
        vm.compareBaselineProperty().addListener((o, a, b) -> refreshPins());
        vm.scenarioProperty().addListener((o, a, b) -> refreshPins());
        vm.runProperty().addListener((o, a, b) -> show(b));
        refreshPins();
        show(vm.run());
    }

    /** Asks for a name (default the next letter) and pins the current settings. */
    public void askAndPin() {
        TextInputDialog d = new TextInputDialog(vm.nextPinName());
        d.setTitle("Pin current settings");
        d.setHeaderText("Name this baseline (" + summary(vm.settings()) + ")");
        d.showAndWait().ifPresent(name -> vm.pin(name).ifPresent(msg -> {
            var a = new javafx.scene.control.Alert(javafx.scene.control.Alert.AlertType.WARNING, msg);
            a.setHeaderText("Not pinned");
            a.showAndWait();
        }));
    }

    /** Dims the chip of every pin the run left off its charts (another layout or profile), its tooltip saying why. */
    private void markNotCompared(ScenarioRun run) {
        for (var n : pinChips.getChildren()) {
            if (!(n instanceof HBox chip) || !(chip.getUserData() instanceof String name)) {
                continue;
            }
            String why = notCompared(run, name);
            chip.getStyleClass().remove("not-compared");
            Label l = (Label) chip.getChildren().get(0);
            if (why.isEmpty()) {
                l.setTooltip(null);
            } else {
                chip.getStyleClass().add("not-compared");
                l.setTooltip(new Tooltip("Not compared: " + why));
            }
        }
    }

    /** The run's note about pin {@code name}, or empty when the pin is drawn. */
    static String notCompared(ScenarioRun run, String name) {
        return run.notes().stream().filter(n -> n.startsWith("pin " + name + " ")).findFirst().orElse("");
    }

    /** What sets these settings apart: the knobs changed from the thread's setting. */
    static String summary(org.slotlab.app.knob.Settings s) {
        List<String> changed = s.changes();
        return changed.isEmpty() ? "the thread's settings" : String.join(", ", changed);
    }

    private void refreshPins() {
        updating = true;
        try {
            pinChips.getChildren().clear();
            for (Pin p : vm.pins()) {
                Button x = new Button("✕");
                x.getStyleClass().add("chip-close");
                x.setTooltip(new Tooltip("Unpin " + p.name()));
                x.setOnAction(e -> vm.unpin(p.name()));
                Label l = new Label(p.name() + ": " + summary(p.settings()));
                HBox chip = new HBox(4, l, x);
                chip.setAlignment(Pos.CENTER_LEFT);
                chip.getStyleClass().add("chip");
                chip.setUserData(p.name());
                pinChips.getChildren().add(chip);
            }
            pinChips.setVisible(!vm.pins().isEmpty());
            pinChips.setManaged(!vm.pins().isEmpty());
            against.getItems().setAll(ScenarioRequest.POLICY_BASELINE);
            vm.pins().forEach(p -> against.getItems().add(p.name()));
            against.setValue(vm.compareBaselineProperty().get());
        } finally {
            updating = false;
        }
    }

    private void show(ScenarioRun run) {
        if (run == null) {
            return;
        }
        markNotCompared(run);
        Table t = run.table();
        title.setText(t.title());
        legend.setText(t.footer().isEmpty() ? "" : t.footer().get(0));
        boolean sameShape = sameShape(t);
        if (sameShape) {
            // Only headers changed (a candidate's label names the cutoff): relabel in place. New
            // TableColumns would make the TableView recreate every cell on each slider step.
            List<Integer> order = displayOrder(t);
            for (int p = 0; p < order.size(); p++) {
                @SuppressWarnings("unchecked")
                TableColumn<Row, String> tc = (TableColumn<Row, String>) table.getColumns().get(p);
                Column col = t.columns().get(order.get(p));
                tc.setUserData(col);
                if (tc.getGraphic() instanceof Label header && !header.getText().equals(col.header())) {
                    header.setText(col.header());
                    header.getTooltip().setText(col.header());
                    // Widen only when the new header needs it: a column that changes width on
                    // every slider step makes the table lay out all its cells again.
                    if (prefWidth(col) > tc.getPrefWidth()) {
                        tc.setPrefWidth(prefWidth(col));
                    }
                }
            }
        } else {
            table.getColumns().clear();
            // On screen the ratios come right after the key: they are what the table is for.
            for (int i : displayOrder(t)) {
                final int c = i;
                Column col = t.columns().get(i);
                TableColumn<Row, String> tc = new TableColumn<>(col.header());
                tc.setUserData(col);
                tc.setCellValueFactory(cd -> cd.getValue().cell(c));
                tc.setSortable(false);
                tc.setPrefWidth(col.align() == Align.RIGHT ? prefWidth(col) : prefWidth(col, t, c));
                Label header = new Label(col.header());
                header.setTooltip(new Tooltip(col.header()));
                tc.setText(null);
                tc.setGraphic(header);
                if (col.align() == Align.RIGHT) {
                    tc.setStyle("-fx-alignment: CENTER-RIGHT;");
                }
                table.getColumns().add(tc);
            }
        }
        if (sameShape && table.getItems().size() == t.rows().size()) {
            // Same rows: only the texts that changed are set, so the table lays out no new cells.
            for (int r = 0; r < t.rows().size(); r++) {
                table.getItems().get(r).update(t.rows().get(r), t.columns());
            }
        } else {
            List<Row> rows = new ArrayList<>(t.rows().size());
            for (List<Object> values : t.rows()) {
                Row row = new Row(t.columns().size());
                row.update(values, t.columns());
                rows.add(row);
            }
            table.getItems().setAll(rows);
        }
        table.setUserData(t);
    }

    /**
     * One row on screen: the display text of each cell (in the table's column order of the
     * {@link Table}, not the on-screen order), kept as properties the cells observe, so that a new
     * run with the same rows changes only the texts that differ.
     */
    static final class Row {
        private final SimpleStringProperty[] cells;

        Row(int columns) {
            cells = new SimpleStringProperty[columns];
            for (int i = 0; i < columns; i++) {
                cells[i] = new SimpleStringProperty("");
            }
        }

        ObservableValue<String> cell(int column) {
            return cells[column];
        }

        /** Sets each cell's text; a property set to an equal text notifies no one. */
        void update(List<Object> values, List<Column> columns) {
            for (int i = 0; i < cells.length; i++) {
                cells[i].set(columns.get(i).display(values.get(i)));
            }
        }
    }

    /** Column indices: the key, then ratio columns (suffix "x"), then the values. */
    static List<Integer> displayOrder(Table t) {
        List<Integer> order = new java.util.ArrayList<>();
        order.add(0);
        for (int i = 1; i < t.columns().size(); i++) {
            if (t.columns().get(i).suffix().equals("x")) {
                order.add(i);
            }
        }
        for (int i = 1; i < t.columns().size(); i++) {
            if (!order.contains(i)) {
                order.add(i);
            }
        }
        return order;
    }

    /** A text column as wide as its longest cell (a call site, a series name) or header, within the bounds. */
    private static double prefWidth(Column col, Table t, int index) {
        int chars = col.header().length();
        for (List<Object> r : t.rows()) {
            chars = Math.max(chars, col.display(r.get(index)).length());
        }
        return Math.min(MAX_COLUMN_PX, Math.max(MIN_COLUMN_PX, chars * PX_PER_HEADER_CHAR + COLUMN_PADDING_PX));
    }

    private static double prefWidth(Column col) {
        return Math.min(MAX_COLUMN_PX,
                Math.max(MIN_COLUMN_PX, col.header().length() * PX_PER_HEADER_CHAR + COLUMN_PADDING_PX));
    }

    /** Same columns but for their headers: same count, alignment, decimals, grouping and suffix. */
    private boolean sameShape(Table t) {
        if (!(table.getUserData() instanceof Table old) || old.columns().size() != t.columns().size()
                || table.getColumns().size() != t.columns().size()) {
            return false;
        }
        for (int i = 0; i < t.columns().size(); i++) {
            Column a = old.columns().get(i);
            Column b = t.columns().get(i);
            if (a.align() != b.align() || a.decimals() != b.decimals() || a.thousands() != b.thousands()
                    || !a.suffix().equals(b.suffix())) {
                return false;
            }
        }
        return true;
    }
}
