package org.slotlab.app.workbench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
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
import org.controlsfx.control.ToggleSwitch;
import org.slotlab.app.knob.Knob;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.measured.Overlay;
import org.slotlab.app.scenario.CandidateSpec;
import org.slotlab.app.scenario.CustomLayout;
import org.slotlab.app.scenario.Knobs;
import org.slotlab.app.scenario.LayoutChoice;
import org.slotlab.app.scenario.ModelInputs;
import org.slotlab.app.scenario.Scenario;
import org.slotlab.model.layout.RubyLayout;

/**
 * The parameters panel (right), generated from the current scenario's {@link Knob}s: one titled
 * section per knob section, one editor per knob chosen by its type (a text field, a switch, a
 * combo box, check boxes) or by its {@link Knob.Editor} (the cutoff slider of a str_subseq policy,
 * the layout with its custom-layout editor, the cost profile, a file), each with the knob's CRuby
 * description as its tooltip. Editors forward every change to a view-model command and show the
 * view-model's settings back; nothing here decides anything. A rejected value shows the rule under
 * the panel's title and the editor snaps back. The editors are built once per scenario switch; a
 * settings change only refreshes their values.
 */
public final class ParametersView extends ScrollPane {

    /** Arrow-key step of the cutoff slider, bytes: one VALUE (slot sizes are multiples of 8). */
    static final int CUTOFF_KEY_STEP = 8;
    private static final javafx.scene.input.KeyCombination UNDO = javafx.scene.input.KeyCombination.keyCombination("Shortcut+Z");
    private static final javafx.scene.input.KeyCombination REDO = javafx.scene.input.KeyCombination.keyCombination("Shortcut+Shift+Z");
    /** Most height of the validation banner, px: three lines of the panel's text (the tooltip has it all). */
    static final double MESSAGE_HEIGHT = 56;
    /** Layout choice meaning "a custom layout". */
    static final String CUSTOM = "custom…";
    /** Width a check-box flow wraps at, px: fits the panel's second column. */
    private static final double CHECKS_WRAP_PX = 230;

    private final WorkbenchViewModel vm;
    private boolean updating;
    private final VBox sections = new VBox(8);
    private final Label message = new Label();
    /** Refreshes of the shown editors, by knob name. */
    private final Map<String, Consumer<Settings>> refreshers = new LinkedHashMap<>();
    /** The shown editors' controls, by id (for tests and the latency harness). */
    private final Map<String, Control> controls = new LinkedHashMap<>();
    private Scenario shown;
    private CutoffEditor cutoff;

    final ListView<Overlay> overlays = new ListView<>();
    final Button removeOverlay = new Button("Remove");
    /** Loads a cost profile (the menu's Edit > Load cost profile fires it). */
    final Button loadProfile = new Button("Load JSON…");

    /**
     * The default skin, with its viewport's bitmap cache turned off. ScrollPaneSkin sets
     * {@code cache} on the viewport (one image of the whole panel, for smooth scrolling); every
     * change inside it (the slider thumb, the live "largest embedded length") then re-renders all
     * 350 x 900 px of the panel into that image before one pulse can finish: on the software
     * renderer that was the costliest dirty region of a slider step.
     */
    @Override
    protected javafx.scene.control.Skin<?> createDefaultSkin() {
        javafx.scene.control.Skin<?> skin = super.createDefaultSkin();
        for (Node n : getChildren()) {
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
        loadProfile.setId("loadProfile");
        loadProfile.setOnAction(e -> FileChoosers.open(getScene().getWindow(), "Load a cost profile", null,
                FileChoosers.json("Cost profile")).ifPresent(f -> loadProfile(f.toPath())));

        overlays.setId("overlays");
        overlays.setItems(vm.overlays());
        overlays.setPrefHeight(90);
        overlays.setPlaceholder(new Label("File > Import measured results…"));
        overlays.setCellFactory(lv -> new ListCell<>() {
            @Override
            protected void updateItem(Overlay o, boolean empty) {
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
        TitledPane overlayPane = section("Measured overlays", new VBox(4, overlays, removeOverlay));
        message.setId("parameterMessage");
        message.setWrapText(true);
        message.getStyleClass().add("error-message");
        // a banner over the top of the panel, not a line in it: a message that comes or goes never moves the controls
        message.setMaxHeight(MESSAGE_HEIGHT);
        message.setMaxWidth(Double.MAX_VALUE);
        message.setTextOverrun(javafx.scene.control.OverrunStyle.ELLIPSIS);
        message.getStyleClass().add("message-banner");
        message.setVisible(false);

        VBox content = new VBox(8, sections, overlayPane);
        content.setPadding(new Insets(8));
        javafx.scene.layout.StackPane withBanner = new javafx.scene.layout.StackPane(content, message);
        javafx.scene.layout.StackPane.setAlignment(message, javafx.geometry.Pos.TOP_CENTER);
        setContent(withBanner);
        vm.settingsProperty().addListener((o, a, b) -> refresh());
        refresh();
    }

    /** The control of the shown scenario with that id ({@code layout}, {@code cutoffSlider}, {@code allocator-glibc}), if shown. */
    public Optional<Control> control(String id) {
        return Optional.ofNullable(controls.get(id));
    }

    /** Every control of the shown editors, in panel order. */
    public List<Control> controls() {
        return List.copyOf(controls.values());
    }

    /** Loads a cost profile file into the settings (used by the button and the menu). */
    public void loadProfile(Path path) {
        show(vm.loadProfile(path));
    }

    /** Opens the custom layout editor; OK applies the validated layout. */
    public void editCustomLayout() {
        Settings s = vm.settings();
        if (!WorkbenchViewModel.hasLayoutChoice(s)) {
            return;
        }
        LayoutChoice c = s.get(Knobs.LAYOUT);
        CustomLayout start = c.custom() != null ? c.custom() : CustomLayout.from(vm.layoutProperty().get());
        new LayoutEditorDialog(start).showAndWait().ifPresent(l -> show(vm.set(Knobs.LAYOUT, LayoutChoice.custom(l))));
        refresh();
    }

    /** Builds the editors when the scenario changed, then pushes the settings into them without echoing back. */
    void refresh() {
        Settings s = vm.settings();
        updating = true;
        try {
            Scenario sc = vm.scenarioProperty().get();
            if (sc != shown) {
                build(sc, s);
                shown = sc;
            }
            refreshers.values().forEach(r -> r.accept(s));
        } finally {
            updating = false;
        }
    }

    private void build(Scenario sc, Settings s) {
        refreshers.clear();
        controls.clear();
        cutoff = null;
        Map<String, GridPane> grids = new LinkedHashMap<>();
        List<TitledPane> panes = new ArrayList<>();
        for (Knob<?> k : s.knobs()) {
            if (!k.inPanel()) {
                continue;
            }
            GridPane g = grids.computeIfAbsent(k.section(), title -> {
                GridPane grid = grid();
                panes.add(section(title, grid));
                return grid;
            });
            int row = g.getRowCount();
            Node editor = editor(k);
            if (k.editor() == Knob.Editor.CUTOFF_POLICY) {
                g.add(editor, 0, row, 2, 1);
                GridPane.setHgrow(editor, Priority.ALWAYS);
            } else {
                addRow(g, row, k.label() + (k.unit().isEmpty() ? "" : " (" + k.unit() + ")"), editor,
                        editor instanceof FlowPane || editor instanceof VBox);
            }
        }
        sections.getChildren().setAll(panes);
        if (panes.isEmpty()) {
            sections.getChildren().add(new Label(sc.title() + " has no settings."));
        }
    }

    // ------------------------------------------------------------------ editors by knob

    private Node editor(Knob<?> k) {
        return switch (k.editor()) {
            case CUTOFF_POLICY -> {
                cutoff = new CutoffEditor(k.name());
                yield cutoff.node;
            }
            case LAYOUT -> layoutEditor(k);
            case COST_PROFILE -> profileEditor(k);
            case FILE -> fileEditor(k);
            case SUGGESTIONS -> comboEditor(k, true);
            case DEFAULT -> byType(k);
        };
    }

    private Node byType(Knob<?> k) {
        if (k.defaultValue() instanceof Boolean) {
            CheckBox box = new CheckBox();
            register(k.name(), box, k);
            box.selectedProperty().addListener((o, a, b) -> {
                if (!updating) {
                    show(vm.setText(null, k.name(), Boolean.toString(b)));
                }
            });
            refreshers.put(k.name(), s -> box.setSelected((Boolean) s.value(k.name())));
            return box;
        }
        if (k.type().many()) {
            return checksEditor(k);
        }
        if (!k.type().choices().isEmpty()) {
            return comboEditor(k, false);
        }
        TextField f = new TextField();
        register(k.name(), f, k);
        commitOnAction(f, t -> vm.setText(null, k.name(), t));
        // whole numbers read with thousands separators (2,000,000); the knob reads them back
        refreshers.put(k.name(), s -> setIfNotFocused(f, s.value(k.name()) instanceof Long n
                ? String.format(java.util.Locale.ROOT, "%,d", n) : s.text(k.name())));
        return f;
    }

    private Node comboEditor(Knob<?> k, boolean editable) {
        ComboBox<String> combo = new ComboBox<>();
        combo.getItems().setAll(k.type().choices());
        combo.setEditable(editable);
        if (!editable && k.type().choices().stream().anyMatch(c -> !k.type().choiceLabel(c).equals(c))) {
            combo.setConverter(new javafx.util.StringConverter<>() {
                @Override
                public String toString(String c) {
                    return c == null ? "" : k.type().choiceLabel(c);
                }

                @Override
                public String fromString(String text) {
                    return k.type().choices().stream().filter(c -> k.type().choiceLabel(c).equals(text)).findFirst()
                            .orElse(text);
                }
            });
        }
        combo.setMaxWidth(Double.MAX_VALUE);
        register(k.name(), combo, k);
        combo.valueProperty().addListener((o, a, b) -> {
            if (!updating && b != null && !b.equals(vm.settings().text(k.name()))) {
                show(vm.setText(null, k.name(), b));
            }
        });
        refreshers.put(k.name(), s -> combo.setValue(s.text(k.name())));
        return combo;
    }

    private Node checksEditor(Knob<?> k) {
        FlowPane flow = new FlowPane(10, 4);
        flow.setPrefWrapLength(CHECKS_WRAP_PX);
        Map<String, CheckBox> boxes = new LinkedHashMap<>();
        for (String choice : k.type().choices()) {
            CheckBox c = new CheckBox(choice);
            c.setMnemonicParsing(false); // set_len, not "setlen" with an underlined l
            register(k.name() + "-" + choice, c, k);
            boxes.put(choice, c);
            flow.getChildren().add(c);
            c.selectedProperty().addListener((o, a, b) -> {
                if (!updating) {
                    List<String> on = new ArrayList<>();
                    boxes.forEach((n, box) -> {
                        if (box.isSelected()) {
                            on.add(n);
                        }
                    });
                    show(vm.setText(null, k.name(), String.join(",", on)));
                }
            });
        }
        refreshers.put(k.name(), s -> {
            List<String> text = List.of(s.text(k.name()).split(","));
            boxes.forEach((n, box) -> box.setSelected(text.contains(n)));
        });
        return flow;
    }

    private Node layoutEditor(Knob<?> k) {
        ComboBox<String> combo = new ComboBox<>();
        combo.getItems().setAll(k.type().choices());
        combo.getItems().add(CUSTOM);
        Button edit = new Button("Edit…");
        register(k.name(), combo, k);
        register(k.name() + "Edit", edit, k);
        combo.valueProperty().addListener((o, a, b) -> {
            if (updating || b == null) {
                return;
            }
            if (CUSTOM.equals(b)) {
                editCustomLayout();
            } else {
                show(vm.setText(null, k.name(), b));
            }
        });
        edit.setOnAction(e -> editCustomLayout());
        refreshers.put(k.name(), s -> {
            LayoutChoice c = (LayoutChoice) s.value(k.name());
            combo.setValue(c.custom() != null ? CUSTOM : c.name());
            edit.setDisable(c.custom() == null);
        });
        return row(combo, edit);
    }

    private Node profileEditor(Knob<?> k) {
        Label name = new Label();
        name.setWrapText(true);
        Button byDefault = new Button("Default");
        register("profile", name, k);
        register("loadProfile", loadProfile, k);
        register("defaultProfile", byDefault, k);
        byDefault.setOnAction(e -> show(vm.useDefaultProfile()));
        // a profile whose held-out probe rows missed, or whose readings were too noisy, says so where it is chosen
        Label trust = new Label();
        trust.setWrapText(true);
        trust.getStyleClass().add("error-message");
        trust.setId("profileTrust");
        refreshers.put(k.name(), s -> {
            String path = (String) s.value(k.name());
            org.slotlab.model.cost.CostProfile p = ModelInputs.profile(s);
            name.setText(p.name() + (path.isEmpty() ? " (default)" : "\n" + path));
            boolean untrusted = !p.check().trusted();
            trust.setText(untrusted ? "Untrusted: " + p.check().summary().replaceFirst("^untrusted: ", "") : "");
            trust.setVisible(untrusted);
            trust.setManaged(untrusted);
            trust.setTooltip(untrusted && !p.check().details().isEmpty() ? new Tooltip(String.join("\n", p.check().details())) : null);
        });
        return new VBox(4, name, trust, row(loadProfile, byDefault));
    }

    private Node fileEditor(Knob<?> k) {
        Label path = new Label();
        path.setWrapText(true);
        Button choose = new Button("Choose file…");
        Button back = new Button("Default");
        register(k.name(), path, k);
        register(k.name() + "File", choose, k);
        register(k.name() + "Default", back, k);
        choose.setOnAction(e -> FileChoosers.open(getScene().getWindow(), "Choose: " + k.label(), null)
                .ifPresent(f -> show(vm.setText(null, k.name(), f.toPath().toString()))));
        back.setOnAction(e -> show(vm.setText(null, k.name(), defaultText(k))));
        if (k.type().choices().isEmpty()) {
            refreshers.put(k.name(), s -> path.setText(s.text(k.name())));
            return new VBox(4, path, row(choose, back));
        }
        // files the build ships (the sample traces): picked by name, the chooser for the user's own
        ComboBox<String> shipped = new ComboBox<>();
        shipped.getItems().setAll(k.type().choices());
        shipped.setPromptText("shipped…");
        shipped.setMaxWidth(Double.MAX_VALUE);
        register(k.name() + "Shipped", shipped, k);
        shipped.valueProperty().addListener((o, a, b) -> {
            if (!updating && b != null && !b.equals(vm.settings().text(k.name()))) {
                show(vm.setText(null, k.name(), b));
            }
        });
        refreshers.put(k.name(), s -> {
            String text = s.text(k.name());
            boolean isShipped = k.type().choices().contains(text);
            path.setText(isShipped ? text + " (shipped)" : text);
            shipped.setValue(isShipped ? text : null);
        });
        return new VBox(4, shipped, path, row(choose, back));
    }

    private static <T> String defaultText(Knob<T> k) {
        return k.format(k.defaultValue());
    }

    /** The str_subseq policy as the cutoff slider, its field and slot ticks, and the policy's switches. */
    final class CutoffEditor {
        final Slider slider = new Slider(0, 1024, CandidateSpec.DEFAULT_CUTOFF);
        final TextField field = new TextField();
        final Label largest = new Label();
        final CheckBox snap = new CheckBox("snap to slot sizes");
        final SlotTicks ticks = new SlotTicks();
        final ToggleSwitch frozenRule = new ToggleSwitch("frozen-source rule");
        final CheckBox secondMaster = new CheckBox("master's rule");
        final Spinner<Integer> second = new Spinner<>(0, 1024, CandidateSpec.DEFAULT_CUTOFF, CUTOFF_KEY_STEP);
        final ToggleSwitch alwaysEmbed = new ToggleSwitch("always embed (no cutoff)");
        final ToggleSwitch middle = new ToggleSwitch("sharable middle (Feature #19315)");
        final VBox node;
        private final String knob;

        CutoffEditor(String knob) {
            this.knob = knob;
            Knob<?> k = vm.settings().knob(knob);
            field.setPrefColumnCount(5);
            largest.getStyleClass().add("headline");
            slider.setMaxWidth(Double.MAX_VALUE);
            slider.setBlockIncrement(CUTOFF_KEY_STEP);
            second.setEditable(true);
            second.setPrefWidth(90);
            register("cutoffSlider", slider, k);
            register("cutoffField", field, k);
            register("largestEmbedded", largest, k);
            register("snap", snap, k);
            register("frozenRule", frozenRule, k);
            register("secondCutoff", second, k);
            register("secondMaster", secondMaster, k);
            register("alwaysEmbed", alwaysEmbed, k);
            register("sharableMiddle", middle, k);
            tip("Snap the cutoff to a heap's slot size (heap_slot_size, gc/default/default.c:2256): cutoffs between two "
                    + "slot sizes behave like the smaller one.", snap);
            tip("byroot's frozen-source rule: apply the cutoff only when sharing would first allocate a frozen root "
                    + "(rb_str_new_frozen / str_new_frozen_buffer, string.c:1577-1629), i.e. for an unfrozen, unshared "
                    + "source. Other sources use the second cutoff or master's rule.", frozenRule);
            tip("Cutoff for sources that are already frozen or shared (no root to allocate). Off = master's rule: embed "
                    + "only what fits the sizeof(RString) slot str_alloc_heap took.", second, secondMaster);
            tip("Feature #22186's first patch: embed whenever STR_EMBEDDABLE_P (string.c:267-270), i.e. whenever "
                    + "24 + len + 1 fits the largest slot: no cutoff.", alwaysEmbed);
            tip("Feature #19315 (https://bugs.ruby-lang.org/issues/19315): SHARABLE_MIDDLE_SUBSTRING (0 in CRuby 3.4) lets "
                    + "middle substrings share the source's buffer too.", middle);
            largest.textProperty().bind(vm.largestEmbeddedProperty());
            snap.selectedProperty().bindBidirectional(vm.snapToSlotsProperty());
            VBox sliderBox = new VBox(0, slider, ticks);
            SteadyBox fieldBox = new SteadyBox(field, false);
            field.textProperty().addListener((o, a, b) -> fieldBox.contentChanged());
            SteadyBox largestBox = new SteadyBox(largest, true);
            largest.textProperty().addListener((o, a, b) -> largestBox.contentChanged());
            node = new VBox(6, row(new Label("cutoff"), fieldBox, new Label("B"), snap), sliderBox, largestBox,
                    row(frozenRule), row(new Label("second cutoff"), second, secondMaster), row(alwaysEmbed), row(middle));
            slider.valueProperty().addListener((o, a, b) -> {
                if (!updating) {
                    show(vm.setCutoff((int) Math.round(b.doubleValue())));
                }
            });
            slider.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
                int dir = switch (e.getCode()) {
                    case RIGHT, UP, KP_RIGHT, KP_UP -> 1;
                    case LEFT, DOWN, KP_LEFT, KP_DOWN -> -1;
                    default -> 0;
                };
                if (dir != 0 && !slider.isDisabled()) {
                    e.consume();
                    show(vm.stepCutoff(dir, CUTOFF_KEY_STEP));
                    vm.endEdit();
                }
            });
            slider.valueChangingProperty().addListener((o, a, changing) -> {
                if (!changing) {
                    vm.endEdit();
                }
            });
            commitOnAction(field, t -> vm.setCutoff(parseInt(t, "cutoff")));
            frozenRule.selectedProperty().addListener((o, a, b) -> compose());
            secondMaster.selectedProperty().addListener((o, a, b) -> compose());
            second.valueProperty().addListener((o, a, b) -> {
                if (!updating && b != null && !secondMaster.isSelected()) {
                    show(vm.edit("second-cutoff", s -> s.withText(knob, spec().policy())));
                }
            });
            alwaysEmbed.selectedProperty().addListener((o, a, b) -> compose());
            middle.selectedProperty().addListener((o, a, b) -> compose());
            refreshers.put(knob, this::refresh);
        }

        /** The policy the controls show now. */
        CandidateSpec spec() {
            return new CandidateSpec((int) Math.round(slider.getValue()), frozenRule.isSelected(),
                    secondMaster.isSelected() ? null : second.getValue(), alwaysEmbed.isSelected(), middle.isSelected(), false);
        }

        private void compose() {
            if (!updating) {
                show(vm.edit(null, s -> s.withText(knob, spec().policy())));
            }
        }

        void refresh(Settings s) {
            CandidateSpec c = CandidateSpec.of((String) s.value(knob));
            RubyLayout l = vm.layoutProperty().get();
            slider.setMax(l.largestSlotSize());
            if (!c.alwaysEmbed()) {
                // always-embed names no cutoff: the slider keeps the last one, for when the switch goes off
                slider.setValue(Math.min(c.cutoff(), l.largestSlotSize()));
                setIfNotFocused(field, Integer.toString(c.cutoff()));
            }
            ticks.setSlots(l.slotSizes(), l.largestSlotSize());
            frozenRule.setSelected(c.frozenRule());
            secondMaster.setSelected(c.secondCutoff() == null);
            if (c.secondCutoff() != null) {
                second.getValueFactory().setValue(c.secondCutoff());
            }
            second.setDisable(!c.frozenRule() || c.secondCutoff() == null || c.alwaysEmbed());
            secondMaster.setDisable(!c.frozenRule() || c.alwaysEmbed());
            frozenRule.setDisable(c.alwaysEmbed());
            slider.setDisable(c.alwaysEmbed());
            field.setDisable(c.alwaysEmbed());
            alwaysEmbed.setSelected(c.alwaysEmbed());
            middle.setSelected(c.sharableMiddle());
        }
    }

    // ------------------------------------------------------------------ plumbing

    private void register(String id, Control c, Knob<?> k) {
        c.setId(id);
        controls.put(id, c);
        if (LazyTooltip.text(c).isEmpty() && !k.description().isEmpty()) {
            tip(k.description(), c);
        }
    }

    private void commitOnAction(TextField field, Function<String, Optional<String>> command) {
        Runnable commit = () -> {
            if (updating) {
                return;
            }
            // what the user typed counts as shown while it is applied, so the model's answer replaces it
            Object before = field.getProperties().put(SHOWN, field.getText());
            Optional<String> problem;
            try {
                problem = command.apply(field.getText());
            } catch (IllegalArgumentException e) {
                problem = Optional.of(e.getMessage());
            }
            if (problem.isPresent()) {
                // refused: the typed text stays, as an edit, next to the message
                if (before == null) {
                    field.getProperties().remove(SHOWN);
                } else {
                    field.getProperties().put(SHOWN, before);
                }
            }
            show(problem);
        };
        field.setOnAction(e -> commit.run());
        field.focusedProperty().addListener((o, a, focused) -> {
            // leaving a field applies what was typed there, and nothing when nothing was
            if (!focused && edited(field)) {
                commit.run();
            }
        });
        // Ctrl+Z in a field the user has not typed into undoes the model, as everywhere else
        field.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (!edited(field) && (UNDO.match(e) || REDO.match(e))) {
                e.consume();
                if (REDO.match(e)) {
                    vm.redo();
                } else {
                    vm.undo();
                }
            }
        });
    }

    private void show(Optional<String> problem) {
        message.setText(problem.orElse(""));
        message.setTooltip(problem.map(Tooltip::new).orElse(null));
        message.setVisible(problem.isPresent());
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

    /**
     * Shows {@code text} unless the user is typing in the field or it already shows it (a
     * TextField replaces its content even for an equal text, and refresh runs on every slider step).
     */
    /**
     * Shows the model's value in {@code f}, unless the user has typed into it since it last showed one
     * (then their text waits for Enter or Tab). A reset, undo or open with the focus in the field
     * therefore shows the new value at once, and the next Tab does not apply the old one again.
     */
    private static void setIfNotFocused(TextField f, String text) {
        if (!f.isFocused() || !edited(f)) {
            if (!text.equals(f.getText())) {
                f.setText(text);
            }
            f.getProperties().put(SHOWN, text);
        }
    }

    /** Key of the text a field last showed from the model. */
    private static final String SHOWN = "slotlab.shown";

    /** Whether the user changed {@code f}'s text since it last showed the model's value. */
    static boolean edited(TextField f) {
        Object shown = f.getProperties().get(SHOWN);
        return shown != null && !shown.equals(f.getText());
    }

    /** Drops what the user typed into any field and shows the model's values (reset, undo, redo, open). */
    public void discardEdits() {
        for (Control c : controls.values()) {
            if (c instanceof TextField f && f.getProperties().get(SHOWN) instanceof String shown) {
                f.setText(shown);
            }
        }
        refresh();
    }

    /** Explains these controls: the tooltip is made when the pointer first enters one ({@link LazyTooltip}). */
    private static void tip(String text, Control... cs) {
        for (Control c : cs) {
            LazyTooltip.set(c, text);
        }
    }

    /** The tooltip text a control of this panel shows (made or still waiting for the pointer). */
    static Optional<String> tooltipText(Control c) {
        return LazyTooltip.text(c);
    }

    private static TitledPane section(String title, Node content) {
        TitledPane t = new TitledPane(title, content);
        t.setCollapsible(true);
        t.setAnimated(false);
        return t;
    }

    private static HBox row(Node... nodes) {
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

    private static void addRow(GridPane g, int row, String label, Node node, boolean top) {
        Label l = new Label(label);
        l.setMinWidth(Pane.USE_PREF_SIZE);
        g.add(l, 0, row);
        g.add(node, 1, row);
        GridPane.setHgrow(node, Priority.ALWAYS);
        if (top) {
            GridPane.setValignment(l, javafx.geometry.VPos.TOP);
        }
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
}
