package org.slotlab.app.workbench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Executor;
import java.util.function.UnaryOperator;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import java.util.LinkedHashMap;
import java.util.Map;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import org.slotlab.app.knob.Knob;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.export.Exports;
import org.slotlab.app.io.ScenarioFile;
import org.slotlab.app.measured.Overlay;
import org.slotlab.app.measured.OverlayCharts;
import org.slotlab.app.measured.OverlaySource;
import org.slotlab.model.measured.ImportException;
import org.slotlab.app.scenario.CandidateSpec;
import org.slotlab.app.scenario.Knobs;
import org.slotlab.app.scenario.LayoutChoice;
import org.slotlab.app.scenario.ModelInputs;
import org.slotlab.app.scenario.Pin;
import org.slotlab.app.scenario.Scenario;
import org.slotlab.app.scenario.ScenarioRegistry;
import org.slotlab.app.scenario.ScenarioRequest;
import org.slotlab.app.scenario.ScenarioRun;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.model.layout.RubyLayout;

/**
 * The state of the workbench window and every command on it, without the toolkit: read-only
 * properties for the views to bind, command methods for them to forward to (the AtlantaFX
 * sampler's split, {@code mkpaz/atlantafx} {@code sampler/}). Each scenario keeps its own
 * {@link Settings}; edits to any scenario's knobs, and switching scenario, are undoable (a burst
 * of edits to one knob, e.g. a slider drag, is one step); each edit queues a recompute on
 * the {@link Recomputer}, whose result arrives through the publisher (the FX thread in the app,
 * the calling thread in tests). A bad edit or a bad file changes nothing and returns a message.
 */
public final class WorkbenchViewModel implements AutoCloseable {

    /** Undo steps kept; older ones are dropped. */
    public static final int UNDO_LIMIT = 200;

    private final ReadOnlyObjectWrapper<Settings> settings = new ReadOnlyObjectWrapper<>(this, "settings");
    private final ReadOnlyObjectWrapper<Scenario> scenario = new ReadOnlyObjectWrapper<>(this, "scenario");
    private final ReadOnlyObjectWrapper<RubyLayout> layout = new ReadOnlyObjectWrapper<>(this, "layout");
    private final ReadOnlyObjectWrapper<ScenarioRun> run = new ReadOnlyObjectWrapper<>(this, "run");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private final ReadOnlyLongWrapper lastRecomputeMicros = new ReadOnlyLongWrapper(this, "lastRecomputeMicros", -1);
    private final ReadOnlyLongWrapper publishedGeneration = new ReadOnlyLongWrapper(this, "publishedGeneration", 0);
    private final ReadOnlyStringWrapper largestEmbedded = new ReadOnlyStringWrapper(this, "largestEmbedded", "");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyBooleanWrapper canUndo = new ReadOnlyBooleanWrapper(this, "canUndo");
    private final ReadOnlyBooleanWrapper canRedo = new ReadOnlyBooleanWrapper(this, "canRedo");
    private final ReadOnlyObjectWrapper<Path> file = new ReadOnlyObjectWrapper<>(this, "file");
    private final ReadOnlyStringWrapper compareBaseline = new ReadOnlyStringWrapper(this, "compareBaseline",
            ScenarioRequest.POLICY_BASELINE);
    /** Every scenario's pins; {@link #pins()} shows the current scenario's. */
    private final ObservableList<Pin> allPins = FXCollections.observableArrayList();
    private final FilteredList<Pin> pinsView = new FilteredList<>(FXCollections.unmodifiableObservableList(allPins));
    /** Whether the cutoff slider snaps to the layout's slot sizes: a preference of the editor, not a setting. */
    private final BooleanProperty snapToSlots = new SimpleBooleanProperty(this, "snapToSlots", false);
    private final ReadOnlyBooleanWrapper modified = new ReadOnlyBooleanWrapper(this, "modified");
    /** What the window last saved or opened (or started with): {@link #modified} compares against it. */
    private Object saved;
    private final ObservableList<Overlay> overlays = FXCollections.observableArrayList();
    private final ObservableList<Overlay> overlaysView = FXCollections.unmodifiableObservableList(overlays);
    /** What the background compute draws: a copy of {@link #overlays} taken on each change. */
    private volatile List<Overlay> overlaySnapshot = List.of();

    /** The current scenario and every scenario's settings: what undo restores. */
    private record State(String scenario, Map<String, Settings> settings) {
        State {
            settings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        }

        Settings current() {
            return settings.get(scenario);
        }

        State with(Settings s) {
            Map<String, Settings> m = new LinkedHashMap<>(settings);
            m.put(s.scenario(), s);
            return new State(s.scenario(), m);
        }

        State showing(String id) {
            Map<String, Settings> m = new LinkedHashMap<>(settings);
            m.computeIfAbsent(id, k -> ScenarioRegistry.byId(k).defaults());
            return new State(id, m);
        }
    }

    private State state;
    private final Deque<State> undo = new ArrayDeque<>();
    private final Deque<State> redo = new ArrayDeque<>();
    private String lastEditKey;
    private final Recomputer<ScenarioRequest, ScenarioRun> recomputer;
    /** Scale of the chart theme on screen; the grid cells are about 0.6 of the 1200 px export width. */
    public static final double SCREEN_CHART_SCALE = 0.72;
    private volatile double chartScale = SCREEN_CHART_SCALE;
    private final boolean background;
    private long requestedGeneration;
    /** Requests up to this generation were cancelled: a result of theirs already on its way is dropped. */
    private long cancelledThrough;
    private final javafx.beans.property.ReadOnlyBooleanWrapper computing =
            new javafx.beans.property.ReadOnlyBooleanWrapper(this, "computing", false);

    /**
     * @param publisher  where results are delivered (Platform::runLater in the app)
     * @param background whether to compute on the background thread (false: inline, for tests and the CLI)
     */
    public WorkbenchViewModel(Executor publisher, boolean background) {
        this.background = background;
        this.recomputer = new Recomputer<>(this::compute, publisher, new Recomputer.Listener<>() {
            @Override
            public void onResult(long generation, ScenarioRequest input, ScenarioRun output) {
                publish(generation, output);
            }

            @Override
            public void onError(long generation, ScenarioRequest input, RuntimeException e) {
                if (generation >= publishedGeneration.get() && generation > cancelledThrough) {
                    if (generation >= requestedGeneration) {
                        computing.set(false);
                    }
                    error.set(message(e));
                    publishedGeneration.set(generation);
                }
            }
        });
        Scenario first = ScenarioRegistry.all().get(0);
        setState(new State(first.id(), Map.of(first.id(), first.defaults())));
        saved = snapshot();
        recompute();
    }

    private ScenarioRun compute(ScenarioRequest r, java.util.function.BooleanSupplier cancelled) {
        SlotlabTheme theme = SlotlabTheme.of(chartScale);
        ScenarioRun run = ScenarioRegistry.byId(r.settings().scenario()).compute(r, theme, cancelled);
        return OverlayCharts.apply(run, overlaySnapshot, theme);
    }

    private void publish(long generation, ScenarioRun output) {
        if (generation < publishedGeneration.get() || generation <= cancelledThrough) {
            return;
        }
        if (generation >= requestedGeneration) {
            computing.set(false);
        }
        run.set(output);
        error.set("");
        lastRecomputeMicros.set(output.computeNanos() / 1_000);
        publishedGeneration.set(generation);
        updateStatus();
    }

    // ------------------------------------------------------------------ properties

    /** The current scenario's settings. */
    public ReadOnlyObjectProperty<Settings> settingsProperty() { return settings.getReadOnlyProperty(); }
    public Settings settings() { return settings.get(); }
    /** The settings scenario {@code id} has now (its defaults if it was never shown). */
    public Settings settingsOf(String id) {
        Settings s = state.settings().get(id);
        return s != null ? s : ScenarioRegistry.byId(id).defaults();
    }
    /** The cutoff of the current candidate policy, bytes. */
    public int cutoff() { return CandidateSpec.of(settings.get().get(Knobs.CANDIDATE)).cutoff(); }
    public BooleanProperty snapToSlotsProperty() { return snapToSlots; }
    public ReadOnlyObjectProperty<Scenario> scenarioProperty() { return scenario.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<RubyLayout> layoutProperty() { return layout.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<ScenarioRun> runProperty() { return run.getReadOnlyProperty(); }
    public ScenarioRun run() { return run.get(); }
    /** The last recompute's error, empty when it succeeded. */
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }
    /** Compute time of the last published run, microseconds. */
    public ReadOnlyLongProperty lastRecomputeMicrosProperty() { return lastRecomputeMicros.getReadOnlyProperty(); }
    /** Generation of the last published result (or error). */
    public ReadOnlyLongProperty publishedGenerationProperty() { return publishedGeneration.getReadOnlyProperty(); }
    /** "largest embedded length: 231 B" for the current layout and cutoff; empty for a scenario without a cutoff. */
    public ReadOnlyStringProperty largestEmbeddedProperty() { return largestEmbedded.getReadOnlyProperty(); }
    /** Whether a recompute is queued or running whose charts are not shown yet. */
    public javafx.beans.property.ReadOnlyBooleanProperty computingProperty() { return computing.getReadOnlyProperty(); }

    /**
     * Cancels the recompute in flight and goes back to the settings of the charts shown, so that
     * settings and charts agree again; Redo brings the cancelled settings back. Returns whether
     * there was anything to cancel.
     */
    public boolean cancelRecompute() {
        if (!computing.get()) {
            return false;
        }
        recomputer.cancel();
        cancelledThrough = requestedGeneration;
        computing.set(false);
        ScenarioRun shown = run.get();
        if (shown != null && !shown.request().settings().equals(state.current())) {
            State cancelled = state;
            State back = state.with(shown.request().settings());
            if (!undo.isEmpty() && undo.peek().equals(back)) {
                undo.pop();
            }
            redo.push(cancelled);
            lastEditKey = null;
            setState(back);
        }
        updateStatus();
        return true;
    }

    /** The status bar line: layout, cost profile, last recompute, pins. */
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty canUndoProperty() { return canUndo.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty canRedoProperty() { return canRedo.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<Path> fileProperty() { return file.getReadOnlyProperty(); }
    /** Whether anything a scenario file keeps changed since it was last saved or opened (undo back to it: unchanged). */
    public ReadOnlyBooleanProperty modifiedProperty() { return modified.getReadOnlyProperty(); }
    public boolean modified() { return modified.get(); }
    public ReadOnlyStringProperty compareBaselineProperty() { return compareBaseline.getReadOnlyProperty(); }
    /** The current scenario's pins. */
    public ObservableList<Pin> pins() { return pinsView; }
    /** Imported measured results drawn over the charts, in import order. */
    public ObservableList<Overlay> overlays() { return overlaysView; }
    public long requestedGeneration() { return requestedGeneration; }
    /** Background runs stopped or dropped because a newer request arrived. */
    public long cancelledRuns() { return recomputer.cancelledRuns(); }

    /**
     * Publishes a result that is computed and waiting for the FX thread, now (call it on the FX
     * thread); never waits for the model. Returns whether there was one.
     */
    public boolean deliverPending() { return recomputer.deliverPending(); }

    /** Changes Cancel dropped before the worker started them (they never ran, so they are not {@link #cancelledRuns}). */
    public long droppedChanges() { return recomputer.droppedRequests(); }

    /** Whether the background worker has nothing queued or running (tests spin on it instead of sleeping; the latency harness times Cancel by it). */
    public boolean workerIdle() { return recomputer.idle(); }

    // ------------------------------------------------------------------ settings commands

    /**
     * Applies an edit to the current scenario's settings. Consecutive edits with the same
     * {@code key} (a slider drag) make one undo step. Returns the reason when the edit is
     * invalid (the knob's label and the broken rule); then nothing changes.
     */
    public Optional<String> edit(String key, UnaryOperator<Settings> change) {
        Settings before = settings.get();
        Settings after;
        try {
            after = change.apply(before);
            validate(after);
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
        if (after.equals(before)) {
            return Optional.empty();
        }
        commit(key, state.with(after));
        return Optional.empty();
    }

    /** Sets one knob of the current scenario (one undo step). */
    public <T> Optional<String> set(Knob<T> knob, T value) {
        return edit(null, s -> s.with(knob, value));
    }

    /** Sets one knob from text, as its text field or CLI option gives it (one undo step per {@code key} burst). */
    public Optional<String> setText(String key, String knob, String text) {
        return edit(key, s -> s.withText(knob, text));
    }

    /** The rules every settings value must pass before the charts see it: the scenario's and the model's. */
    private static void validate(Settings s) {
        ScenarioRegistry.byId(s.scenario()).check(s);
        ModelInputs.profile(s);
        if (s.has(Knobs.LAYOUT.name())) {
            ModelInputs.layout(s);
        }
    }

    private void commit(String key, State next) {
        if (key == null || !key.equals(lastEditKey)) {
            undo.push(state);
            while (undo.size() > UNDO_LIMIT) {
                undo.removeLast();
            }
        }
        lastEditKey = key;
        redo.clear();
        setState(next);
        recompute();
    }

    /**
     * Loads a cost profile file (one undo step); a profile that carries a layout (written by
     * {@code slotlab calibrate} or Tools > Calibrate) switches the layout to it too.
     */
    public Optional<String> loadProfile(Path path) {
        String f = path.toString();
        ModelInputs.forget(f);
        if (!settings.get().has(Knobs.COST_PROFILE)) {
            return Optional.of(ScenarioRegistry.byId(settings.get().scenario()).title() + " uses no cost profile");
        }
        return edit(null, s -> ModelInputs.layoutFromProfile(s.with(Knobs.COST_PROFILE, f)));
    }

    /** Back to the shipped profile; a layout taken from the old profile goes back to the scenario's default. */
    public Optional<String> useDefaultProfile() {
        if (!settings.get().has(Knobs.COST_PROFILE)) {
            return Optional.empty();
        }
        return edit(null, s -> {
            Settings q = s.with(Knobs.COST_PROFILE, "");
            if (hasLayoutChoice(q) && q.get(Knobs.LAYOUT).fromProfile()) {
                @SuppressWarnings("unchecked")
                Knob<LayoutChoice> own = (Knob<LayoutChoice>) q.knob(Knobs.LAYOUT.name());
                q = q.with(Knobs.LAYOUT, own.defaultValue());
            } else if (ModelInputs.takesRubyOrProfile(q) && LayoutChoice.FROM_PROFILE.equals(q.get(Knobs.RUBY_OR_PROFILE))) {
                @SuppressWarnings("unchecked")
                Knob<String> own = (Knob<String>) q.knob(Knobs.RUBY_OR_PROFILE.name());
                q = q.with(Knobs.RUBY_OR_PROFILE, own.defaultValue());
            }
            return q;
        });
    }

    /** Whether the settings' layout knob takes a {@link LayoutChoice} (presets, from profile, custom). */
    static boolean hasLayoutChoice(Settings s) {
        return s.has(Knobs.LAYOUT.name()) && s.knob(Knobs.LAYOUT.name()).type() == Knobs.LAYOUT.type();
    }

    /** Ends the current edit burst: the next edit is its own undo step (slider released). */
    public void endEdit() {
        lastEditKey = null;
    }

    /** Sets the candidate policy's cutoff, snapped to the nearest slot size when snapping is on. */
    public Optional<String> setCutoff(int bytes) {
        int v = snapToSlots.get() ? snap(bytes) : bytes;
        if (!settings.get().has(Knobs.CANDIDATE) || !(settings.get().value(Knobs.CANDIDATE.name()) instanceof String)) {
            return Optional.of("this scenario has no cutoff");
        }
        int largest = layout.get().largestSlotSize();
        if (v < 0 || v > largest) {
            return Optional.of(String.format(Locale.ROOT, "cutoff must be from 0 to %,d B, the largest slot size of %s; got %,d B "
                    + "(to embed whatever fits a slot, switch on always embed)", largest, layout.get().name(), v));
        }
        return edit("cutoff", s -> s.with(Knobs.CANDIDATE, CandidateSpec.of(s.get(Knobs.CANDIDATE)).withCutoff(v).policy()));
    }

    /**
     * One key step of the cutoff in {@code direction} (+1 up, -1 down): to the next slot size of the
     * layout when snapping (a step of {@code step} bytes would snap back to where it was), else by
     * {@code step} bytes, kept within 0 and the largest slot size.
     */
    public Optional<String> stepCutoff(int direction, int step) {
        if (!settings.get().has(Knobs.CANDIDATE) || !(settings.get().value(Knobs.CANDIDATE.name()) instanceof String)) {
            return Optional.of("this scenario has no cutoff");
        }
        int now = cutoff();
        int largest = layout.get().largestSlotSize();
        int next = Math.max(0, Math.min(largest, now + direction * step));
        if (snapToSlots.get()) {
            int[] slots = layout.get().slotSizes();
            next = now;
            for (int i = 0; i < slots.length; i++) {
                int sz = slots[direction > 0 ? i : slots.length - 1 - i];
                if (direction > 0 ? sz > now : sz < now) {
                    next = sz;
                    break;
                }
            }
        }
        int v = next;
        return edit(null, s -> s.with(Knobs.CANDIDATE, CandidateSpec.of(s.get(Knobs.CANDIDATE)).withCutoff(v).policy()));
    }

    /** Nearest slot size of the current layout. */
    public int snap(int bytes) {
        int best = bytes;
        int dist = Integer.MAX_VALUE;
        for (int s : layout.get().slotSizes()) {
            if (Math.abs(s - bytes) < dist) {
                dist = Math.abs(s - bytes);
                best = s;
            }
        }
        return best;
    }

    public void undo() {
        if (!undo.isEmpty()) {
            redo.push(state);
            lastEditKey = null;
            setState(undo.pop());
            recompute();
        }
    }

    public void redo() {
        if (!redo.isEmpty()) {
            undo.push(state);
            lastEditKey = null;
            setState(redo.pop());
            recompute();
        }
    }

    /** Back to the thread's settings of the current scenario (undoable). */
    public void resetToThreadDefaults() {
        String id = settings.get().scenario();
        edit(null, s -> ScenarioRegistry.byId(id).defaults());
    }

    public Optional<String> selectScenario(String id) {
        Scenario s;
        try {
            s = ScenarioRegistry.byId(id);
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
        if (s.id().equals(state.scenario())) {
            return Optional.empty();
        }
        commit(null, state.showing(s.id()));
        return Optional.empty();
    }

    /** Scales chart text on screen (View > larger/smaller chart text); exports keep the standard theme. */
    public void scaleChartText(double factor) {
        chartScale = Math.max(0.4, Math.min(2.0, chartScale * factor));
        recompute();
    }

    public void resetChartText() {
        chartScale = SCREEN_CHART_SCALE;
        recompute();
    }

    // ------------------------------------------------------------------ compare

    /** Pins the current parameters under {@code name}; a message when full or the name is taken. */
    public Optional<String> pin(String name) {
        String n = name == null || name.isBlank() ? nextPinName() : name.trim();
        if (pinsView.size() >= Pin.MAX_PINS) {
            return Optional.of("at most " + Pin.MAX_PINS + " pins; unpin one first");
        }
        if (pinsView.stream().anyMatch(q -> q.name().equals(n)) || n.equals(ScenarioRequest.POLICY_BASELINE)) {
            return Optional.of("a pin named '" + n + "' already exists");
        }
        allPins.add(new Pin(n, settings.get()));
        recompute();
        return Optional.empty();
    }

    public String nextPinName() {
        for (char c = 'A'; c <= 'Z'; c++) {
            String n = String.valueOf(c);
            if (pinsView.stream().noneMatch(q -> q.name().equals(n))) {
                return n;
            }
        }
        return "pin" + pinsView.size();
    }

    public void unpin(String name) {
        String id = settings.get().scenario();
        allPins.removeIf(q -> q.name().equals(name) && q.settings().scenario().equals(id));
        if (name.equals(compareBaseline.get())) {
            compareBaseline.set(ScenarioRequest.POLICY_BASELINE);
        }
        recompute();
    }

    public void clearPins() {
        String id = settings.get().scenario();
        allPins.removeIf(q -> q.settings().scenario().equals(id));
        compareBaseline.set(ScenarioRequest.POLICY_BASELINE);
        recompute();
    }

    /** Which series the compare table divides by: {@link ScenarioRequest#POLICY_BASELINE} or a pin's name. */
    public Optional<String> setCompareBaseline(String name) {
        if (!ScenarioRequest.POLICY_BASELINE.equals(name) && pinsView.stream().noneMatch(q -> q.name().equals(name))) {
            return Optional.of("no pin named '" + name + "'");
        }
        compareBaseline.set(name);
        recompute();
        return Optional.empty();
    }

    // ------------------------------------------------------------------ measured overlays

    /**
     * Imports a results file as an overlay; on a malformed file or mapping nothing is added and
     * the importer's {@code file:line:} message is returned.
     */
    public Optional<String> importMeasured(OverlaySource source) {
        try {
            addOverlay(Overlay.load(source));
            return Optional.empty();
        } catch (ImportException e) {
            return Optional.of(e.getMessage());
        } catch (IllegalArgumentException e) {
            return Optional.of(source.path() + ": " + e.getMessage());
        }
    }

    /** Adds an overlay already read; a second one with the same label is numbered so legends stay apart. */
    public void addOverlay(Overlay o) {
        Overlay named = o;
        for (int n = 2; labelTaken(named.label()); n++) {
            named = Overlay.of(o.source(), o.set(), o.label() + " #" + n);
        }
        overlays.add(named);
        overlaysChanged();
    }

    private boolean labelTaken(String label) {
        return overlays.stream().anyMatch(q -> q.label().equals(label));
    }

    /** Lengths an overlay measured that the current sweep does not compute, so its charts cannot show them. */
    public List<Long> lengthsNotSwept(Overlay o) {
        java.util.TreeSet<Long> missing = new java.util.TreeSet<>();
        for (var s : o.series()) {
            if (s.chart().equals(org.slotlab.app.measured.OverlaySeries.SPEED_RATIO)
                    || s.chart().equals(org.slotlab.app.measured.OverlaySeries.GC_COUNT)) {
                List<Long> lens = settingsOf(org.slotlab.app.scenario.SubstringCutoffScenario.ID)
                        .get(org.slotlab.app.scenario.SubstringCutoffScenario.LENS);
                s.points().keySet().stream().filter(len -> !lens.contains(len)).forEach(missing::add);
            }
        }
        return List.copyOf(missing);
    }

    public void removeOverlay(Overlay o) {
        if (overlays.remove(o)) {
            overlaysChanged();
        }
    }

    public void clearOverlays() {
        overlays.clear();
        overlaysChanged();
    }

    private void overlaysChanged() {
        overlaySnapshot = List.copyOf(overlays);
        recompute();
    }

    // ------------------------------------------------------------------ files and exports

    /** The request the charts show (current settings, their scenario's pins, compare baseline). */
    public ScenarioRequest request() {
        String base = pinsView.stream().anyMatch(p -> p.name().equals(compareBaseline.get())) ? compareBaseline.get()
                : ScenarioRequest.POLICY_BASELINE;
        return new ScenarioRequest(settings.get(), List.copyOf(pinsView), base);
    }

    /**
     * Opens a scenario file; on error nothing changes and the exception says why. Overlays whose
     * results file is gone or no longer imports are left out; the returned lines say which and why.
     */
    public List<String> open(Path path) throws ScenarioFile.ScenarioFormatException {
        ScenarioFile.Contents c = ScenarioFile.loadContents(path);
        List<Overlay> loaded = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (OverlaySource s : c.overlays()) {
            try {
                loaded.add(Overlay.load(s));
            } catch (ImportException | IllegalArgumentException e) {
                problems.add("overlay not loaded: " + e.getMessage());
            }
        }
        Map<String, Settings> all = new LinkedHashMap<>(state.settings());
        all.putAll(c.settings());
        State next = new State(c.scenario(), all);
        if (!next.equals(state)) {
            undo.push(state);
            redo.clear();
        }
        lastEditKey = null;
        // the file's pins replace those of every scenario it has pins for; other scenarios keep theirs
        java.util.Set<String> pinned = new java.util.HashSet<>();
        pinned.add(c.scenario());
        c.pins().forEach(q -> pinned.add(q.settings().scenario()));
        allPins.removeIf(q -> pinned.contains(q.settings().scenario()));
        allPins.addAll(c.pins());
        compareBaseline.set(c.compareBaseline());
        overlays.clear();
        loaded.forEach(this::addOverlayQuietly);
        overlaySnapshot = List.copyOf(overlays);
        setState(next);
        file.set(path);
        saved = snapshot();
        recompute();
        return problems;
    }

    private void addOverlayQuietly(Overlay o) {
        Overlay named = o;
        for (int n = 2; labelTaken(named.label()); n++) {
            named = Overlay.of(o.source(), o.set(), o.label() + " #" + n);
        }
        overlays.add(named);
    }

    /** Saves every scenario's settings and pins, the compare baseline and the overlays' sources. */
    public void save(Path path) throws IOException {
        ScenarioRequest r = request();
        ScenarioFile.save(new ScenarioFile.Contents(state.scenario(), state.settings(), List.copyOf(allPins), r.compareBaseline(),
                overlays.stream().map(Overlay::source).toList()), path);
        file.set(path);
        saved = snapshot();
        updateModified();
    }

    /** What a scenario file would keep now: every scenario's settings, the pins, the baseline and the overlays. */
    private Object snapshot() {
        return List.of(state, List.copyOf(allPins), compareBaseline.get(), overlays.stream().map(Overlay::source).toList());
    }

    private void updateModified() {
        modified.set(saved != null && !saved.equals(snapshot()));
    }

    /** The Markdown a user pastes into an issue thread (table, legend, parameters). */
    public Optional<String> issueText() {
        ScenarioRun r = run.get();
        return r == null ? Optional.empty() : Optional.of(Exports.forIssue(r));
    }

    // ------------------------------------------------------------------ recompute

    /** Queues a recompute of the current request; returns its generation. */
    public long recompute() {
        ScenarioRequest r = request();
        if (background) {
            requestedGeneration = recomputer.submit(r);
            computing.set(true);
        } else {
            requestedGeneration++;
            try {
                publish(requestedGeneration, compute(r, () -> false));
            } catch (CancellationException e) {
                // never cancelled inline
            } catch (RuntimeException e) {
                error.set(message(e));
                publishedGeneration.set(requestedGeneration);
            }
        }
        updateStatus();
        updateModified();
        return requestedGeneration;
    }

    /** Derived values first, the settings last: listeners of {@code settings} see a consistent state. */
    private void setState(State next) {
        boolean switched = state == null || !state.scenario().equals(next.scenario());
        state = next;
        Settings s = next.current();
        Scenario sc = ScenarioRegistry.byId(s.scenario());
        RubyLayout l = s.has(Knobs.LAYOUT.name()) ? ModelInputs.layout(s) : null;
        layout.set(l);
        if (switched) {
            // a new predicate refilters the pins and redraws the compare panel's chips: only when the scenario changes
            String id = s.scenario();
            pinsView.setPredicate(p -> p.settings().scenario().equals(id));
        }
        scenario.set(sc);
        largestEmbedded.set(l != null && s.has(Knobs.CANDIDATE) && s.value(Knobs.CANDIDATE.name()) instanceof String c
                ? ModelInputs.largestEmbedded(l, c) : "");
        canUndo.set(!undo.isEmpty());
        canRedo.set(!redo.isEmpty());
        settings.set(s);
    }

    private void updateStatus() {
        Settings s = settings.get();
        canUndo.set(!undo.isEmpty());
        canRedo.set(!redo.isEmpty());
        String recompute = lastRecomputeMicros.get() < 0 ? "-"
                : String.format(Locale.ROOT, "%.1f ms", lastRecomputeMicros.get() / 1000.0);
        String pinned = pinsView.isEmpty() ? "none" : String.join(", ", pinsView.stream().map(Pin::name).toList())
                + " (table vs " + request().compareBaseline() + ")";
        String inputs;
        try {
            inputs = scenario.get().status(s);
        } catch (IllegalArgumentException e) {
            inputs = message(e);
        }
        status.set(inputs + harnessStatus(s) + "  |  last recompute " + recompute + "  |  pinned: " + pinned);
    }

    /**
     * For a scenario that times its loop in a harness: the harness the "auto" setting resolves to and
     * the heap it hands the loop (pages per heap), and whether the profile is untrusted; empty otherwise.
     */
    static String harnessStatus(Settings s) {
        if (!s.has(Knobs.HARNESS)) {
            return "";
        }
        try {
            org.slotlab.model.layout.RubyLayout l = ModelInputs.layout(s);
            org.slotlab.model.harness.HarnessState h = ModelInputs.harness(s, l);
            return "  |  harness " + h.harness().id() + ", heap " + java.util.Arrays.toString(h.boot().pages()) + " pages"
                    + (ModelInputs.profile(s).check().trusted() ? "" : "  |  profile untrusted");
        } catch (IllegalArgumentException e) {
            return "";
        }
    }

    static String message(RuntimeException e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    @Override
    public void close() {
        recomputer.close();
    }
}
