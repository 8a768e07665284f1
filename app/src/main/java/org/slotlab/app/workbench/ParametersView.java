package org.slotlab.app.workbench;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Slider;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Line;
import javafx.util.Duration;
import org.controlsfx.control.ToggleSwitch;
import org.slotlab.app.scenario.CustomLayout;
import org.slotlab.app.scenario.ModelInputs;
import org.slotlab.app.scenario.JsonUnescapeSettings;
import org.slotlab.app.scenario.Parameters;
import org.slotlab.app.scenario.RequireIndexSettings;
import org.slotlab.app.scenario.StrBufSettings;
import org.slotlab.app.scenario.Scenario.ParameterGroup;
import org.slotlab.model.buffers.StrBufWorkload;
import org.slotlab.model.buffers.UnescapePolicy;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.malloc.Allocators;
import org.slotlab.model.string.SlicePosition;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.workload.KeepMode;

/**
 * The parameters panel (right): binds each control to {@link WorkbenchViewModel#parametersProperty()}
 * and forwards every change to a view-model command; nothing here decides anything. A rejected
 * value shows the view-model's message under the section and the control snaps back.
 */
public final class ParametersView extends ScrollPane {

    /** Arrow-key step of the cutoff slider, bytes: one VALUE (slot sizes are multiples of 8). */
    static final int CUTOFF_KEY_STEP = 8;
    /** Preset choice meaning "a custom layout". */
    static final String CUSTOM = "custom…";

    private final WorkbenchViewModel vm;
    private boolean updating;

    final Slider cutoffSlider = new Slider(0, 1024, 256);
    final TextField cutoffField = new TextField();
    final Label largestEmbedded = new Label();
    final CheckBox snap = new CheckBox("snap to slot sizes");
    final SlotTicks ticks = new SlotTicks();
    final ToggleSwitch frozenRule = new ToggleSwitch("frozen-source rule");
    final CheckBox secondMaster = new CheckBox("master's rule");
    final Spinner<Integer> secondCutoff = new Spinner<>(0, 1024, 256, 8);
    final ComboBox<SourceState> source = new ComboBox<>();
    final ComboBox<SlicePosition> position = new ComboBox<>();
    final ToggleSwitch alwaysEmbed = new ToggleSwitch("always embed (no cutoff)");
    final ToggleSwitch sharableMiddle = new ToggleSwitch("sharable middle (#19315)");
    final TextField baseline = new TextField();
    final ComboBox<String> layout = new ComboBox<>();
    final Button editLayout = new Button("Edit…");
    final Label profile = new Label();
    final Button loadProfile = new Button("Load JSON…");
    final Button defaultProfile = new Button("Default");
    final TextField lens = new TextField();
    final TextField rangeFrom = new TextField("0");
    final TextField rangeTo = new TextField("1000");
    final TextField rangeStep = new TextField("50");
    final Button applyRange = new Button("Apply");
    final TextField count = new TextField();
    final TextField retain = new TextField();
    final ComboBox<KeepMode> keep = new ComboBox<>();
    final CheckBox keepWhileTiming = new CheckBox("keep R while timing");
    final TextField sourceLen = new TextField();
    final TextField allocations = new TextField();
    // S5 (str-buf-min)
    final ComboBox<String> strBufEra = new ComboBox<>();
    final ComboBox<String> strBufWorkload = new ComboBox<>();
    final Map<String, CheckBox> strBufAllocators = new LinkedHashMap<>();
    final TextField strBufFrom = new TextField();
    final TextField strBufTo = new TextField();
    final TextField strBufStep = new TextField();
    final Button strBufApplyRange = new Button("Apply");
    final TextField strBufCount = new TextField();
    // S6 (json-unescape)
    final ComboBox<String> jsonDocument = new ComboBox<>();
    final Button jsonDocumentFile = new Button("File…");
    final Map<String, CheckBox> jsonPolicies = new LinkedHashMap<>();
    final Map<String, CheckBox> jsonAllocators = new LinkedHashMap<>();
    final TextField jsonLifetimeFrom = new TextField();
    final TextField jsonLifetimeTo = new TextField();
    final Button jsonApplyLifetimes = new Button("Apply");
    // S4 (require-index)
    final Label requireFeatures = new Label();
    final Button requireFeaturesFile = new Button("Choose file…");
    final Button requireFeaturesSample = new Button("Sample");
    final Map<String, CheckBox> requireAllocators = new LinkedHashMap<>();
    final Spinner<Integer> requireRebuilds = new Spinner<>(0, RequireIndexSettings.MAX_REBUILDS, 0, 1);
    private final Label message = new Label();
    final javafx.scene.control.ListView<org.slotlab.app.measured.Overlay> overlays = new javafx.scene.control.ListView<>();
    final Button removeOverlay = new Button("Remove");
    private final TitledPane overlayPane;
    private final TitledPane cutoffPane;
    private final TitledPane sourcePane;
    private final TitledPane layoutPane;
    private final TitledPane workloadPane;
    private final TitledPane slotPane;
    private final TitledPane strBufPane;
    private final TitledPane jsonPane;
    private final TitledPane requirePane;

    /**
     * The default skin, with its viewport's bitmap cache turned off. ScrollPaneSkin sets
     * {@code cache} on the viewport (one image of the whole panel, for smooth scrolling); every
     * change inside it (the slider thumb, the live "largest embedded length") then re-renders all
     * 350 x 900 px of the panel into that image before one pulse can finish: on the software
     * renderer that was the costliest dirty region of a slider step (pulse log: "CacheFilter
     * rebuilding" on every step, 3-7 ms for a 28 x 16 px change).
     */
    @Override
    protected javafx.scene.control.Skin<?> createDefaultSkin() {
        javafx.scene.control.Skin<?> skin = super.createDefaultSkin();
        for (javafx.scene.Node n : getChildren()) {
            if (n.getStyleClass().contains("viewport")) {
                n.setCache(false);
            }
        }
        return skin;
    }

    public ParametersView(WorkbenchViewModel vm) {
        this.vm = vm;
        setId("parameters");
        setFitToWidth(true);
        setHbarPolicy(ScrollBarPolicy.NEVER);
        setPrefWidth(370);
        setMinWidth(300);

        cutoffSlider.setId("cutoffSlider");
        cutoffField.setId("cutoffField");
        largestEmbedded.setId("largestEmbedded");
        frozenRule.setId("frozenRule");
        source.setId("sourceState");
        cutoffField.setPrefColumnCount(5);
        largestEmbedded.getStyleClass().add("headline");
        cutoffSlider.setMaxWidth(Double.MAX_VALUE);
        cutoffSlider.setBlockIncrement(CUTOFF_KEY_STEP);

        VBox sliderBox = new VBox(0, cutoffSlider, ticks);
        SteadyBox cutoffFieldBox = new SteadyBox(cutoffField, false);
        cutoffField.textProperty().addListener((o, a, b) -> cutoffFieldBox.contentChanged());
        SteadyBox largestBox = new SteadyBox(largestEmbedded, true);
        largestEmbedded.textProperty().addListener((o, a, b) -> largestBox.contentChanged());
        HBox cutoffRow = row(new Label("cutoff"), cutoffFieldBox, new Label("B"), snap);
        VBox cutoffBox = new VBox(6, cutoffRow, sliderBox, largestBox,
                row(frozenRule), row(new Label("second cutoff"), secondCutoff, secondMaster), row(alwaysEmbed));
        cutoffPane = section("Cutoff (STR_SUBSEQ_EMBED_MAX_SIZE)", cutoffBox);

        source.getItems().setAll(SourceState.values());
        position.getItems().setAll(SlicePosition.values());
        source.setConverter(new LabelConverter<>(SourceState::label, SourceState::parse));
        position.setConverter(new LabelConverter<>(SlicePosition::label, SlicePosition::parse));
        keep.getItems().setAll(KeepMode.values());
        keep.setConverter(new LabelConverter<>(KeepMode::label, KeepMode::parse));
        secondCutoff.setEditable(true);
        secondCutoff.setPrefWidth(90);
        GridPane sourceGrid = grid();
        addRow(sourceGrid, 0, "source", source);
        addRow(sourceGrid, 1, "slice", position);
        addRow(sourceGrid, 2, "baseline", baseline);
        VBox sourceBox = new VBox(6, sourceGrid, sharableMiddle);
        sourcePane = section("Source and policies", sourceBox);

        layout.getItems().setAll(RubyLayout.presetNames());
        layout.getItems().add(Parameters.PROFILE_LAYOUT);
        layout.getItems().add(CUSTOM);
        layout.setId("layoutPreset");
        GridPane layoutGrid = grid();
        addRow(layoutGrid, 0, "layout", new HBox(6, layout, editLayout));
        addRow(layoutGrid, 1, "cost profile", new VBox(4, profile, new HBox(6, loadProfile, defaultProfile)));
        profile.setWrapText(true);
        layoutPane = section("Layout and cost profile", layoutGrid);

        lens.setId("lens");
        GridPane workGrid = grid();
        addRow(workGrid, 0, "lengths", lens);
        for (TextField f : List.of(rangeFrom, rangeTo, rangeStep)) {
            f.setPrefColumnCount(4);
        }
        HBox range = new HBox(4, rangeFrom, new Label(".."), rangeTo, new Label("step"), rangeStep, applyRange);
        range.setAlignment(Pos.CENTER_LEFT);
        applyRange.setMinWidth(Pane.USE_PREF_SIZE);
        addRow(workGrid, 1, "range", range);
        addRow(workGrid, 2, "count N", count);
        addRow(workGrid, 3, "retain R", retain);
        addRow(workGrid, 4, "keep", keep);
        addRow(workGrid, 5, "timing", keepWhileTiming);
        keepWhileTiming.setId("keepWhileTiming");
        addRow(workGrid, 6, "source len", sourceLen);
        workloadPane = section("Workload (byteslice loop)", workGrid);

        GridPane slotGrid = grid();
        addRow(slotGrid, 0, "allocations", allocations);
        slotPane = section("Workload (slot sizes)", slotGrid);

        strBufPane = section("String buffers (STR_BUF_MIN_SIZE, seed 003)", strBufControls());
        jsonPane = section("JSON unescape (json #1135, seed 004)", jsonControls());
        requirePane = section("require index (Feature #14460, seed 001)", requireControls());

        overlays.setId("overlays");
        overlays.setItems(vm.overlays());
        overlays.setPrefHeight(90);
        overlays.setPlaceholder(new Label("File > Import measured results…"));
        overlays.setCellFactory(lv -> new javafx.scene.control.ListCell<>() {
            @Override
            protected void updateItem(org.slotlab.app.measured.Overlay o, boolean empty) {
                super.updateItem(o, empty);
                setText(empty || o == null ? null : o.describe());
                setWrapText(true);
                setPrefWidth(0);
                setTooltip(empty || o == null ? null : new Tooltip(o.source().path() + "\nformat " + o.source().format()));
            }
        });
        removeOverlay.setId("removeOverlay");
        removeOverlay.disableProperty().bind(overlays.getSelectionModel().selectedItemProperty().isNull());
        removeOverlay.setOnAction(e -> {
            var o = overlays.getSelectionModel().getSelectedItem();
            if (o != null) {
                vm.removeOverlay(o);
            }
        });
        overlayPane = section("Measured overlays", new VBox(4, overlays, removeOverlay));
        message.setId("parameterMessage");
        message.setWrapText(true);
        message.getStyleClass().add("error-message");
        message.setManaged(false);
        message.setVisible(false);

        VBox content = new VBox(8, message, cutoffPane, sourcePane, layoutPane, workloadPane, slotPane, strBufPane, jsonPane,
                requirePane, overlayPane);
        content.setPadding(new Insets(8));
        setContent(content);

        largestEmbedded.textProperty().bind(vm.largestEmbeddedProperty());
        tooltips();
        wire();
        vm.parametersProperty().addListener((o, a, b) -> refresh());
        refresh();
    }

    private void tooltips() {
        tip(Tips.CUTOFF, cutoffSlider, cutoffField, largestEmbedded);
        tip(Tips.SNAP, snap);
        tip(Tips.FROZEN_RULE, frozenRule);
        tip(Tips.SECOND_CUTOFF, secondCutoff, secondMaster);
        tip(Tips.SOURCE, source);
        tip(Tips.POSITION, position);
        tip(Tips.ALWAYS_EMBED, alwaysEmbed);
        tip(Tips.MIDDLE, sharableMiddle);
        tip(Tips.BASELINE, baseline);
        tip(Tips.LAYOUT, layout, editLayout);
        tip(Tips.PROFILE, profile, loadProfile, defaultProfile);
        tip(Tips.LENS, lens);
        tip(Tips.RANGE, rangeFrom, rangeTo, rangeStep, applyRange);
        tip(Tips.COUNT, count);
        tip(Tips.RETAIN, retain);
        tip(Tips.KEEP, keep);
        tip(Tips.KEEP_WHILE_TIMING, keepWhileTiming);
        tip(Tips.SOURCE_LEN, sourceLen);
        tip(Tips.ALLOCATIONS, allocations);
        tip(Tips.STR_BUF_ERA, strBufEra);
        tip(Tips.STR_BUF_WORKLOAD, strBufWorkload);
        tip(Tips.STR_BUF_ALLOCATORS, strBufAllocators.values().toArray(new javafx.scene.control.Control[0]));
        tip(Tips.STR_BUF_RANGE, strBufFrom, strBufTo, strBufStep, strBufApplyRange);
        tip(Tips.STR_BUF_COUNT, strBufCount);
        tip(Tips.JSON_DOCUMENT, jsonDocument, jsonDocumentFile);
        tip(Tips.JSON_POLICIES, jsonPolicies.values().toArray(new javafx.scene.control.Control[0]));
        tip(Tips.JSON_ALLOCATORS, jsonAllocators.values().toArray(new javafx.scene.control.Control[0]));
        tip(Tips.JSON_LIFETIMES, jsonLifetimeFrom, jsonLifetimeTo, jsonApplyLifetimes);
        tip(Tips.REQUIRE_FEATURES, requireFeatures, requireFeaturesFile, requireFeaturesSample);
        tip(Tips.REQUIRE_ALLOCATORS, requireAllocators.values().toArray(new javafx.scene.control.Control[0]));
        tip(Tips.REQUIRE_REBUILDS, requireRebuilds);
    }

    /** S5: era, workload, allocators, i range, count. */
    private javafx.scene.Node strBufControls() {
        strBufEra.setId("strBufEra");
        strBufEra.getItems().setAll(StrBufSettings.ERAS);
        strBufWorkload.setId("strBufWorkload");
        strBufWorkload.getItems().setAll(StrBufSettings.WORKLOADS);
        strBufWorkload.setConverter(new LabelConverter<>(w -> w + ": " + StrBufWorkload.Workload.parse(w).ruby(),
                t -> t.substring(0, t.indexOf(':'))));
        strBufCount.setId("strBufCount");
        strBufApplyRange.setId("strBufApplyRange");
        strBufApplyRange.setMinWidth(Pane.USE_PREF_SIZE);
        for (TextField f : List.of(strBufFrom, strBufTo, strBufStep)) {
            f.setPrefColumnCount(3);
            f.setMinWidth(Pane.USE_PREF_SIZE);
        }
        strBufFrom.setId("strBufFrom");
        strBufTo.setId("strBufTo");
        strBufStep.setId("strBufStep");
        GridPane g = grid();
        addRow(g, 0, "era", strBufEra);
        addRow(g, 1, "workload", strBufWorkload);
        addTopRow(g, 2, "allocators", checks("strBufAllocator-", Allocators.names(), strBufAllocators));
        addRow(g, 3, "i range", row(strBufFrom, new Label(".."), strBufTo, fixed(new Label("step")), strBufStep));
        addRow(g, 4, "", strBufApplyRange);
        addRow(g, 5, "count", strBufCount);
        return g;
    }

    /** S6: document, policies, allocators, lifetimes. */
    private javafx.scene.Node jsonControls() {
        jsonDocument.setId("jsonDocument");
        jsonDocument.setEditable(true);
        jsonDocument.getItems().setAll(JsonUnescapeSettings.PR_DOCUMENT, JsonUnescapeSettings.PR_DOCUMENT_PLAIN);
        jsonDocument.getItems().addAll(JsonUnescapeSettings.SAMPLES);
        jsonDocument.setMaxWidth(Double.MAX_VALUE);
        jsonDocument.setPrefWidth(250);
        jsonDocumentFile.setMinWidth(Pane.USE_PREF_SIZE);
        VBox doc = new VBox(4, jsonDocument, jsonDocumentFile);
        jsonLifetimeFrom.setPrefColumnCount(5);
        jsonLifetimeTo.setPrefColumnCount(5);
        jsonLifetimeFrom.setId("jsonLifetimeFrom");
        jsonLifetimeTo.setId("jsonLifetimeTo");
        jsonApplyLifetimes.setMinWidth(Pane.USE_PREF_SIZE);
        GridPane g = grid();
        addTopRow(g, 0, "document", doc);
        addTopRow(g, 1, "policies", checks("jsonPolicy-", java.util.Arrays.stream(UnescapePolicy.values())
                .map(UnescapePolicy::cliName).toList(), jsonPolicies));
        addTopRow(g, 2, "allocators", checks("jsonAllocator-", Allocators.names(), jsonAllocators));
        addRow(g, 3, "lifetime", row(jsonLifetimeFrom, new Label(".."), jsonLifetimeTo, new Label("s"), jsonApplyLifetimes));
        return g;
    }

    /** S4: feature list, allocators, rebuilds. */
    private javafx.scene.Node requireControls() {
        requireFeatures.setId("requireFeatures");
        requireFeatures.setWrapText(true);
        requireFeaturesFile.setId("requireFeaturesFile");
        requireRebuilds.setId("requireRebuilds");
        requireRebuilds.setEditable(true);
        requireRebuilds.setPrefWidth(90);
        GridPane g = grid();
        addTopRow(g, 0, "features", new VBox(4, requireFeatures, row(requireFeaturesFile, requireFeaturesSample)));
        addTopRow(g, 1, "allocators", checks("requireAllocator-", Allocators.names(), requireAllocators));
        addRow(g, 2, "rebuilds", requireRebuilds);
        return g;
    }

    /** One check box per name, wrapped in a flow; the boxes are kept in {@code into} by name. */
    private static FlowPane checks(String idPrefix, List<String> names, Map<String, CheckBox> into) {
        FlowPane flow = new FlowPane(10, 4);
        flow.setPrefWrapLength(230);
        for (String n : names) {
            CheckBox c = new CheckBox(n);
            c.setMnemonicParsing(false); // set_len, not "setlen" with an underlined l
            c.setId(idPrefix + n);
            into.put(n, c);
            flow.getChildren().add(c);
        }
        return flow;
    }

    private static void tip(String text, javafx.scene.control.Control... controls) {
        for (var c : controls) {
            Tooltip t = new Tooltip(text);
            t.setWrapText(true);
            t.setMaxWidth(420);
            t.setShowDelay(Duration.millis(400));
            t.setShowDuration(Duration.seconds(30));
            c.setTooltip(t);
        }
    }

    private void wire() {
        cutoffSlider.valueProperty().addListener((o, a, b) -> {
            if (!updating) {
                show(vm.setCutoff((int) Math.round(b.doubleValue())));
            }
        });
        cutoffSlider.valueChangingProperty().addListener((o, a, changing) -> {
            if (!changing) {
                vm.endEdit();
            }
        });
        commitOnAction(cutoffField, t -> vm.setCutoff(parseInt(t, "cutoff")));
        snap.selectedProperty().addListener((o, a, b) -> forward(null, p -> p.withSnapToSlots(b)));
        frozenRule.selectedProperty().addListener((o, a, b) -> forward(null, p -> p.withFrozenRule(b)));
        secondMaster.selectedProperty().addListener((o, a, b) ->
                forward(null, p -> p.withFrozenRuleSecondCutoff(b ? null : secondCutoff.getValue())));
        secondCutoff.valueProperty().addListener((o, a, b) -> {
            if (b != null && !secondMaster.isSelected()) {
                forward("second-cutoff", p -> p.withFrozenRuleSecondCutoff(b));
            }
        });
        source.valueProperty().addListener((o, a, b) -> {
            if (b != null) {
                forward(null, p -> p.withSource(b));
            }
        });
        position.valueProperty().addListener((o, a, b) -> {
            if (b != null) {
                forward(null, p -> p.withPosition(b));
            }
        });
        keep.valueProperty().addListener((o, a, b) -> {
            if (b != null) {
                forward(null, p -> p.withKeep(b));
            }
        });
        keepWhileTiming.selectedProperty().addListener((o, a, b) -> forward(null, p -> p.withKeepWhileTiming(b)));
        alwaysEmbed.selectedProperty().addListener((o, a, b) -> forward(null, p -> p.withAlwaysEmbed(b)));
        sharableMiddle.selectedProperty().addListener((o, a, b) -> forward(null, p -> p.withSharableMiddle(b)));
        commitOnAction(baseline, t -> vm.edit(null, p -> p.withBaselinePolicy(t.trim())));
        layout.valueProperty().addListener((o, a, b) -> {
            if (updating || b == null) {
                return;
            }
            if (CUSTOM.equals(b)) {
                editCustomLayout();
            } else {
                show(vm.edit(null, p -> p.withLayout(b, null)));
            }
        });
        editLayout.setOnAction(e -> editCustomLayout());
        loadProfile.setOnAction(e -> FileChoosers.open(getScene().getWindow(), "Load a cost profile", null,
                FileChoosers.json("Cost profile")).ifPresent(f -> loadProfile(f.toPath())));
        defaultProfile.setOnAction(e -> show(vm.useDefaultProfile()));
        commitOnAction(lens, vm::setLens);
        applyRange.setOnAction(e -> {
            try {
                show(vm.setLensRange(parseLong(rangeFrom.getText(), "range from"), parseLong(rangeTo.getText(), "range to"),
                        parseLong(rangeStep.getText(), "range step")));
            } catch (IllegalArgumentException ex) {
                show(Optional.of(ex.getMessage()));
            }
        });
        commitOnAction(count, t -> vm.edit(null, p -> p.withCount(parseLong(t, "count N"))));
        commitOnAction(retain, t -> vm.edit(null, p -> p.withRetain(parseLong(t, "retain R"))));
        commitOnAction(sourceLen, t -> vm.edit(null, p -> p.withSourceLen(parseLong(t, "source length"))));
        commitOnAction(allocations, t -> vm.edit(null, p -> p.withAllocations(parseLong(t, "allocations"))));

        strBufEra.valueProperty().addListener((o, a, b) -> {
            if (b != null) {
                forward(null, p -> p.withStrBuf(p.strBuf().withEra(b)));
            }
        });
        strBufWorkload.valueProperty().addListener((o, a, b) -> {
            if (b != null) {
                forward(null, p -> p.withStrBuf(p.strBuf().withWorkload(b)));
            }
        });
        strBufAllocators.forEach((name, box) -> box.selectedProperty().addListener((o, a, b) -> {
            if (!updating) {
                show(vm.setStrBufAllocator(name, b));
            }
        }));
        Runnable strBufRange = () -> {
            try {
                show(vm.setStrBufRange(parseLong(strBufFrom.getText(), "i from"), parseLong(strBufTo.getText(), "i to"),
                        parseLong(strBufStep.getText(), "i step")));
            } catch (IllegalArgumentException ex) {
                show(Optional.of(ex.getMessage()));
            }
        };
        strBufApplyRange.setOnAction(e -> strBufRange.run());
        for (TextField f : List.of(strBufFrom, strBufTo, strBufStep)) {
            f.setOnAction(e -> strBufRange.run());
        }
        commitOnAction(strBufCount, t -> vm.edit(null, p -> p.withStrBuf(p.strBuf().withCount(parseLong(t, "count")))));

        jsonDocument.valueProperty().addListener((o, a, b) -> {
            if (!updating && b != null && !b.equals(vm.parameters().jsonUnescape().document())) {
                show(vm.setJsonDocument(b));
            }
        });
        jsonDocumentFile.setOnAction(e -> FileChoosers.open(getScene().getWindow(), "Choose a JSON document", null,
                FileChoosers.json("JSON")).ifPresent(f -> show(vm.setJsonDocument(f.toPath().toString()))));
        jsonPolicies.forEach((name, box) -> box.selectedProperty().addListener((o, a, b) -> {
            if (!updating) {
                show(vm.setJsonPolicy(name, b));
            }
        }));
        jsonAllocators.forEach((name, box) -> box.selectedProperty().addListener((o, a, b) -> {
            if (!updating) {
                show(vm.setJsonAllocator(name, b));
            }
        }));
        Runnable lifetimes = () -> {
            try {
                show(vm.setJsonLifetimes(parseSeconds(jsonLifetimeFrom.getText(), "lifetime from"),
                        parseSeconds(jsonLifetimeTo.getText(), "lifetime to")));
            } catch (IllegalArgumentException ex) {
                show(Optional.of(ex.getMessage()));
            }
        };
        jsonApplyLifetimes.setOnAction(e -> lifetimes.run());
        jsonLifetimeFrom.setOnAction(e -> lifetimes.run());
        jsonLifetimeTo.setOnAction(e -> lifetimes.run());

        requireFeaturesFile.setOnAction(e -> FileChoosers.open(getScene().getWindow(),
                "Choose a $LOADED_FEATURES list (one path per line)", null)
                .ifPresent(f -> show(vm.setRequireFeatures(f.toPath().toString()))));
        requireFeaturesSample.setOnAction(e -> show(vm.setRequireFeatures(RequireIndexSettings.SAMPLE)));
        requireAllocators.forEach((name, box) -> box.selectedProperty().addListener((o, a, b) -> {
            if (!updating) {
                show(vm.setRequireAllocator(name, b));
            }
        }));
        requireRebuilds.valueProperty().addListener((o, a, b) -> {
            if (!updating && b != null) {
                show(vm.setRequireRebuilds(b));
            }
        });
    }

    static double parseSeconds(String text, String what) {
        try {
            return Double.parseDouble(text.trim().replace(",", "").replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + ": '" + text + "' is not a number of seconds");
        }
    }

    /** Loads a cost profile file into the parameters (used by the button and the menu). */
    public void loadProfile(Path path) {
        show(vm.loadProfile(path));
    }

    /** Opens the custom layout editor; OK applies the validated layout. */
    public void editCustomLayout() {
        Parameters p = vm.parameters();
        CustomLayout start = p.customLayout() != null ? p.customLayout() : CustomLayout.from(vm.layoutProperty().get());
        new LayoutEditorDialog(start).showAndWait().ifPresent(c -> show(vm.edit(null, q -> q.withLayout(c.name(), c))));
        refresh();
    }

    private void forward(String key, java.util.function.UnaryOperator<Parameters> change) {
        if (!updating) {
            show(vm.edit(key, change));
        }
    }

    private void commitOnAction(TextField field, Function<String, Optional<String>> command) {
        Runnable commit = () -> {
            if (updating) {
                return;
            }
            try {
                show(command.apply(field.getText()));
            } catch (IllegalArgumentException e) {
                show(Optional.of(e.getMessage()));
            }
        };
        field.setOnAction(e -> commit.run());
        field.focusedProperty().addListener((o, a, focused) -> {
            if (!focused) {
                commit.run();
            }
        });
    }

    private void show(Optional<String> problem) {
        message.setText(problem.orElse(""));
        message.setVisible(problem.isPresent());
        message.setManaged(problem.isPresent());
        if (problem.isPresent()) {
            refresh();
        }
    }

    static int parseInt(String text, String what) {
        try {
            return Integer.parseInt(text.trim().replace(",", "").replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + ": '" + text + "' is not a whole number");
        }
    }

    static long parseLong(String text, String what) {
        try {
            return Long.parseLong(text.trim().replace(",", "").replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + ": '" + text + "' is not a whole number");
        }
    }

    /** Pushes the view-model's parameters into the controls without echoing them back. */
    void refresh() {
        Parameters p = vm.parameters();
        RubyLayout l = vm.layoutProperty().get();
        updating = true;
        try {
            cutoffSlider.setMax(l.largestSlotSize());
            cutoffSlider.setValue(Math.min(p.cutoff(), l.largestSlotSize()));
            setIfNotFocused(cutoffField, Integer.toString(p.cutoff()));
            ticks.setSlots(l.slotSizes(), l.largestSlotSize());
            snap.setSelected(p.snapToSlots());
            frozenRule.setSelected(p.frozenRule());
            secondMaster.setSelected(p.frozenRuleSecondCutoff() == null);
            secondCutoff.setDisable(!p.frozenRule() || p.frozenRuleSecondCutoff() == null || p.alwaysEmbed());
            secondMaster.setDisable(!p.frozenRule() || p.alwaysEmbed());
            if (p.frozenRuleSecondCutoff() != null) {
                secondCutoff.getValueFactory().setValue(p.frozenRuleSecondCutoff());
            }
            frozenRule.setDisable(p.alwaysEmbed());
            cutoffSlider.setDisable(p.alwaysEmbed());
            cutoffField.setDisable(p.alwaysEmbed());
            source.setValue(p.source());
            position.setValue(p.position());
            alwaysEmbed.setSelected(p.alwaysEmbed());
            sharableMiddle.setSelected(p.sharableMiddle());
            setIfNotFocused(baseline, p.baselinePolicy());
            layout.setValue(p.customLayout() != null ? CUSTOM : p.layout());
            editLayout.setDisable(p.customLayout() == null);
            profile.setText(ModelInputs.profile(p).name() + (p.costProfile() == null ? " (default)" : "\n" + p.costProfile()));
            setIfNotFocused(lens, String.join(", ", p.lens().stream().map(String::valueOf).toList()));
            setIfNotFocused(count, String.format(java.util.Locale.ROOT, "%,d", p.count()));
            setIfNotFocused(retain, String.format(java.util.Locale.ROOT, "%,d", p.retain()));
            setIfNotFocused(sourceLen, String.format(java.util.Locale.ROOT, "%,d", p.sourceLen()));
            setIfNotFocused(allocations, String.format(java.util.Locale.ROOT, "%,d", p.allocations()));
            keep.setValue(p.keep());
            keepWhileTiming.setSelected(p.keepWhileTiming());
            StrBufSettings sb = p.strBuf();
            strBufEra.setValue(sb.era());
            strBufWorkload.setValue(sb.workload());
            strBufAllocators.forEach((n, box) -> box.setSelected(sb.allocators().contains(n)));
            setIfNotFocused(strBufFrom, Long.toString(sb.from()));
            setIfNotFocused(strBufTo, Long.toString(sb.to()));
            setIfNotFocused(strBufStep, Long.toString(sb.step()));
            setIfNotFocused(strBufCount, String.format(java.util.Locale.ROOT, "%,d", sb.count()));
            JsonUnescapeSettings js = p.jsonUnescape();
            jsonDocument.setValue(js.document());
            jsonPolicies.forEach((n, box) -> box.setSelected(js.policies().contains(n)));
            jsonAllocators.forEach((n, box) -> box.setSelected(js.allocators().contains(n)));
            setIfNotFocused(jsonLifetimeFrom, seconds(js.lifetimeFromSeconds()));
            setIfNotFocused(jsonLifetimeTo, seconds(js.lifetimeToSeconds()));
            RequireIndexSettings rs = p.requireIndex();
            requireFeatures.setText(rs.usesSample() ? "shipped sample (Rails 7.1.3, sample-data/require)" : rs.features());
            requireAllocators.forEach((n, box) -> box.setSelected(rs.allocators().contains(n)));
            requireRebuilds.getValueFactory().setValue(rs.rebuilds());
            var uses = vm.scenarioProperty().get().uses();
            setGroup(cutoffPane, uses.contains(ParameterGroup.CUTOFF));
            setGroup(sourcePane, uses.contains(ParameterGroup.SOURCE));
            setGroup(layoutPane, uses.contains(ParameterGroup.LAYOUT));
            setGroup(workloadPane, uses.contains(ParameterGroup.WORKLOAD));
            setGroup(slotPane, uses.contains(ParameterGroup.SLOT_WORKLOAD));
            setGroup(strBufPane, uses.contains(ParameterGroup.STR_BUF));
            setGroup(jsonPane, uses.contains(ParameterGroup.JSON_UNESCAPE));
            setGroup(requirePane, uses.contains(ParameterGroup.REQUIRE_INDEX));
        } finally {
            updating = false;
        }
    }

    /** Seconds as typed back into a field: 0.001, 10 (no trailing zeros, no exponent for the usual range). */
    static String seconds(double s) {
        return java.math.BigDecimal.valueOf(s).stripTrailingZeros().toPlainString();
    }

    /**
     * Shows {@code text} unless the user is typing in the field or it already shows it (a
     * TextField replaces its content even for an equal text, and refresh runs on every slider step).
     */
    private static void setIfNotFocused(TextField f, String text) {
        if (!f.isFocused() && !text.equals(f.getText())) {
            f.setText(text);
        }
    }

    private static void setGroup(TitledPane pane, boolean used) {
        pane.setVisible(used);
        pane.setManaged(used);
    }

    private static TitledPane section(String title, javafx.scene.Node content) {
        TitledPane t = new TitledPane(title, content);
        t.setCollapsible(true);
        t.setAnimated(false);
        return t;
    }

    private static HBox row(javafx.scene.Node... nodes) {
        HBox h = new HBox(6, nodes);
        h.setAlignment(Pos.CENTER_LEFT);
        return h;
    }

    private static GridPane grid() {
        GridPane g = new GridPane();
        g.setHgap(8);
        g.setVgap(6);
        return g;
    }

    private static void addRow(GridPane g, int row, String label, javafx.scene.Node node) {
        Label l = new Label(label);
        l.setMinWidth(Pane.USE_PREF_SIZE);
        g.add(l, 0, row);
        g.add(node, 1, row);
        GridPane.setHgrow(node, Priority.ALWAYS);
    }

    /** A row whose label sits at the top: for check-box flows and other multi-line controls. */
    private static void addTopRow(GridPane g, int row, String label, javafx.scene.Node node) {
        addRow(g, row, label, node);
        g.getChildren().stream().filter(n -> GridPane.getRowIndex(n) == row && GridPane.getColumnIndex(n) == 0)
                .forEach(n -> GridPane.setValignment(n, javafx.geometry.VPos.TOP));
    }

    private static Label fixed(Label l) {
        l.setMinWidth(Pane.USE_PREF_SIZE);
        return l;
    }

    /** Marks under the cutoff slider at each slot size of the layout. */
    static final class SlotTicks extends Pane {
        /** Half the slider thumb's width: where the track starts and ends, px (Modena's default thumb). */
        static final double THUMB_HALF_WIDTH = 8;
        private int[] slots = new int[0];
        private double max = 1;

        SlotTicks() {
            setPrefHeight(26);
            setMinHeight(26);
            getStyleClass().add("slot-ticks");
        }

        void setSlots(int[] slots, double max) {
            if (java.util.Arrays.equals(this.slots, slots) && this.max == max) {
                return;
            }
            this.slots = slots.clone();
            this.max = max;
            getChildren().clear();
            for (int s : slots) {
                Line line = new Line(0, 0, 0, 6);
                line.getStyleClass().add("slot-tick");
                Label label = new Label(Integer.toString(s));
                label.getStyleClass().add("slot-tick-label");
                getChildren().addAll(line, label);
            }
            requestLayout();
        }

        @Override
        protected void layoutChildren() {
            double w = getWidth() - 2 * THUMB_HALF_WIDTH;
            double lastRight = -1e9;
            for (int i = 0; i < slots.length; i++) {
                double x = THUMB_HALF_WIDTH + w * slots[i] / max;
                Line line = (Line) getChildren().get(2 * i);
                Label label = (Label) getChildren().get(2 * i + 1);
                line.setStartX(x);
                line.setEndX(x);
                label.autosize();
                double lw = label.getWidth();
                double lx = Math.max(0, Math.min(getWidth() - lw, x - lw / 2));
                label.relocate(lx, 7);
                // Crowded slot sizes (32, 40, 64): keep the first label of a cluster only.
                label.setVisible(lx >= lastRight + 2);
                if (label.isVisible()) {
                    lastRight = lx + lw;
                }
            }
        }
    }

    /** Shows an enum by its CRuby-style label. */
    static final class LabelConverter<T> extends javafx.util.StringConverter<T> {
        private final Function<T, String> toLabel;
        private final Function<String, T> parse;

        LabelConverter(Function<T, String> toLabel, Function<String, T> parse) {
            this.toLabel = toLabel;
            this.parse = parse;
        }

        @Override
        public String toString(T t) {
            return t == null ? "" : toLabel.apply(t);
        }

        @Override
        public T fromString(String s) {
            return parse.apply(s);
        }
    }
}
