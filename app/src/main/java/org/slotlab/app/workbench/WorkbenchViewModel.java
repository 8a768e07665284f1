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
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.slotlab.app.export.Exports;
import org.slotlab.app.io.ScenarioFile;
import org.slotlab.app.measured.Overlay;
import org.slotlab.app.measured.OverlayCharts;
import org.slotlab.app.measured.OverlaySource;
import org.slotlab.model.measured.ImportException;
import org.slotlab.app.scenario.ModelInputs;
import org.slotlab.app.scenario.Parameters;
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
 * sampler's split, {@code mkpaz/atlantafx} {@code sampler/}). Parameter edits are undoable (a
 * burst of edits to one knob, e.g. a slider drag, is one step); each edit queues a recompute on
 * the {@link Recomputer}, whose result arrives through the publisher (the FX thread in the app,
 * the calling thread in tests). A bad edit or a bad file changes nothing and returns a message.
 */
public final class WorkbenchViewModel implements AutoCloseable {

    /** Undo steps kept; older ones are dropped. */
    public static final int UNDO_LIMIT = 200;

    private final ReadOnlyObjectWrapper<Parameters> parameters = new ReadOnlyObjectWrapper<>(this, "parameters");
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
    private final ObservableList<Pin> pins = FXCollections.observableArrayList();
    private final ObservableList<Pin> pinsView = FXCollections.unmodifiableObservableList(pins);
    private final ObservableList<Overlay> overlays = FXCollections.observableArrayList();
    private final ObservableList<Overlay> overlaysView = FXCollections.unmodifiableObservableList(overlays);
    /** What the background compute draws: a copy of {@link #overlays} taken on each change. */
    private volatile List<Overlay> overlaySnapshot = List.of();

    private final Deque<Parameters> undo = new ArrayDeque<>();
    private final Deque<Parameters> redo = new ArrayDeque<>();
    private String lastEditKey;
    private final Recomputer<ScenarioRequest, ScenarioRun> recomputer;
    /** Scale of the chart theme on screen; the grid cells are about 0.6 of the 1200 px export width. */
    public static final double SCREEN_CHART_SCALE = 0.72;
    private volatile double chartScale = SCREEN_CHART_SCALE;
    private final boolean background;
    private long requestedGeneration;

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
                if (generation >= publishedGeneration.get()) {
                    error.set(message(e));
                    publishedGeneration.set(generation);
                }
            }
        });
        setParameters(Parameters.threadDefaults());
        recompute();
    }

    private ScenarioRun compute(ScenarioRequest r, java.util.function.BooleanSupplier cancelled) {
        SlotlabTheme theme = SlotlabTheme.of(chartScale);
        ScenarioRun run = ScenarioRegistry.byId(r.parameters().scenario()).compute(r, theme, cancelled);
        return OverlayCharts.apply(run, overlaySnapshot, theme);
    }

    private void publish(long generation, ScenarioRun output) {
        if (generation < publishedGeneration.get()) {
            return;
        }
        run.set(output);
        error.set("");
        lastRecomputeMicros.set(output.computeNanos() / 1_000);
        publishedGeneration.set(generation);
        updateStatus();
    }

    // ------------------------------------------------------------------ properties

    public ReadOnlyObjectProperty<Parameters> parametersProperty() { return parameters.getReadOnlyProperty(); }
    public Parameters parameters() { return parameters.get(); }
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
    /** "largest embedded length: 231 B" for the current layout and cutoff. */
    public ReadOnlyStringProperty largestEmbeddedProperty() { return largestEmbedded.getReadOnlyProperty(); }
    /** The status bar line: layout, cost profile, last recompute, pins. */
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty canUndoProperty() { return canUndo.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty canRedoProperty() { return canRedo.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<Path> fileProperty() { return file.getReadOnlyProperty(); }
    public ReadOnlyStringProperty compareBaselineProperty() { return compareBaseline.getReadOnlyProperty(); }
    public ObservableList<Pin> pins() { return pinsView; }
    /** Imported measured results drawn over the charts, in import order. */
    public ObservableList<Overlay> overlays() { return overlaysView; }
    public long requestedGeneration() { return requestedGeneration; }
    /** Background runs stopped or dropped because a newer request arrived. */
    public long cancelledRuns() { return recomputer.cancelledRuns(); }

    // ------------------------------------------------------------------ parameter commands

    /**
     * Applies an edit. Consecutive edits with the same {@code key} (a slider drag) make one undo
     * step. Returns the reason when the edit is invalid; then nothing changes.
     */
    public Optional<String> edit(String key, UnaryOperator<Parameters> change) {
        Parameters before = parameters.get();
        Parameters after;
        try {
            after = change.apply(before);
            ModelInputs.layout(after);
            ModelInputs.profile(after);
            after.candidatePolicy();
            after.baseline();
            after.loop();
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
        if (after.equals(before)) {
            return Optional.empty();
        }
        if (key == null || !key.equals(lastEditKey)) {
            undo.push(before);
            while (undo.size() > UNDO_LIMIT) {
                undo.removeLast();
            }
        }
        lastEditKey = key;
        redo.clear();
        setParameters(after);
        recompute();
        return Optional.empty();
    }

    /**
     * Loads a cost profile file (one undo step); a profile that carries a layout (written by
     * {@code slotlab calibrate} or Tools > Calibrate) switches the layout to it too.
     */
    public Optional<String> loadProfile(Path path) {
        String file = path.toString();
        ModelInputs.forget(file);
        return edit(null, p -> {
            Parameters q = p.withCostProfile(file);
            return ModelInputs.profile(q).layout().isPresent() ? q.withLayout(Parameters.PROFILE_LAYOUT, null) : q;
        });
    }

    /** Back to the shipped profile; a layout taken from the old profile goes back to the thread's. */
    public Optional<String> useDefaultProfile() {
        return edit(null, p -> {
            Parameters q = p.withCostProfile(null);
            return Parameters.PROFILE_LAYOUT.equals(q.layout()) ? q.withLayout(Parameters.threadDefaults().layout(), null) : q;
        });
    }

    /** Ends the current edit burst: the next edit is its own undo step (slider released). */
    public void endEdit() {
        lastEditKey = null;
    }

    /** Sets the cutoff, snapped to the nearest slot size when snapping is on. */
    public Optional<String> setCutoff(int bytes) {
        int v = parameters.get().snapToSlots() ? snap(bytes) : bytes;
        return edit("cutoff", p -> p.withCutoff(v));
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
            redo.push(parameters.get());
            lastEditKey = null;
            setParameters(undo.pop());
            recompute();
        }
    }

    public void redo() {
        if (!redo.isEmpty()) {
            undo.push(parameters.get());
            lastEditKey = null;
            setParameters(redo.pop());
            recompute();
        }
    }

    /** Back to the #22186 thread's settings (undoable). */
    public void resetToThreadDefaults() {
        String id = parameters.get().scenario();
        edit(null, p -> Parameters.threadDefaults().withScenario(id));
    }

    public Optional<String> selectScenario(String id) {
        try {
            ScenarioRegistry.byId(id);
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
        return edit(null, p -> p.withScenario(id));
    }

    /** Parses a comma/space separated length list, e.g. "1, 23, 50". */
    public Optional<String> setLens(String text) {
        List<Long> lens;
        try {
            lens = parseLens(text);
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
        return edit(null, p -> p.withLens(lens));
    }

    /** Lengths {@code from}, {@code from + step}, ... up to {@code to} inclusive. */
    public Optional<String> setLensRange(long from, long to, long step) {
        if (step < 1) {
            return Optional.of("range: step must be >= 1 byte, got " + step);
        }
        if (from < 0 || to < from) {
            return Optional.of("range: need 0 <= from <= to, got " + from + ".." + to);
        }
        if ((to - from) / step + 1 > Parameters.MAX_LENS) {
            return Optional.of("range: " + ((to - from) / step + 1) + " lengths; at most " + Parameters.MAX_LENS
                    + " (raise the step)");
        }
        List<Long> lens = new ArrayList<>();
        for (long v = from; v <= to; v += step) {
            lens.add(v);
        }
        return edit(null, p -> p.withLens(lens));
    }

    // ------------------------------------------------------------------ issue-4 scenarios (S5, S6, S4)

    /** S5's i sweep: {@code from}, {@code from + step}, ... up to {@code to}; one undo step. */
    public Optional<String> setStrBufRange(long from, long to, long step) {
        return edit(null, p -> p.withStrBuf(p.strBuf().withRange(from, to, step)));
    }

    /** Adds or removes one of S5's allocators; removing the last is refused. */
    public Optional<String> setStrBufAllocator(String name, boolean on) {
        return edit(null, p -> p.withStrBuf(p.strBuf().withAllocator(name, on)));
    }

    /**
     * S6's document: {@code generated:...}, {@code sample:NAME} or a file. A file that does not
     * exist or cannot be read is refused here, with its path; a generated spec is checked for syntax
     * (it is built off the FX thread when the charts recompute).
     */
    public Optional<String> setJsonDocument(String spec) {
        String s = spec == null ? "" : spec.trim();
        if (!s.isEmpty() && !s.startsWith("generated:")) {
            if (s.startsWith("sample:")) {
                String res = "sample-data/json/" + s.substring("sample:".length());
                if (org.slotlab.model.buffers.JsonDocument.class.getClassLoader().getResource(res) == null) {
                    return Optional.of("json document: no shipped sample " + res + " (known: "
                            + String.join(", ", org.slotlab.app.scenario.JsonUnescapeSettings.SAMPLES) + ")");
                }
            } else if (!java.nio.file.Files.isReadable(Path.of(s)) || java.nio.file.Files.isDirectory(Path.of(s))) {
                return Optional.of("json document: cannot read " + s + " (no such file, or not a readable file)");
            }
        }
        return edit(null, p -> p.withJsonUnescape(p.jsonUnescape().withDocument(s)));
    }

    public Optional<String> setJsonPolicy(String policy, boolean on) {
        return edit(null, p -> p.withJsonUnescape(p.jsonUnescape().withPolicy(policy, on)));
    }

    public Optional<String> setJsonAllocator(String name, boolean on) {
        return edit(null, p -> p.withJsonUnescape(p.jsonUnescape().withAllocator(name, on)));
    }

    /** The tradeoff chart's lifetimes, seconds. */
    public Optional<String> setJsonLifetimes(double fromSeconds, double toSeconds) {
        return edit(null, p -> p.withJsonUnescape(p.jsonUnescape().withLifetimes(fromSeconds, toSeconds)));
    }

    /**
     * S4's feature list: a file with one path per line, or {@link org.slotlab.app.scenario.RequireIndexSettings#SAMPLE}.
     * The file is read now; a missing, unreadable or empty one is refused with a message naming it
     * (file:line for a bad line) and nothing changes.
     */
    public Optional<String> setRequireFeatures(String pathOrSample) {
        org.slotlab.app.scenario.RequireIndexSettings next;
        try {
            next = parameters.get().requireIndex().withFeatures(pathOrSample);
            next.load();
        } catch (IllegalArgumentException | IllegalStateException e) {
            return Optional.of("features file: " + e.getMessage());
        }
        return edit(null, p -> p.withRequireIndex(next));
    }

    public Optional<String> setRequireAllocator(String name, boolean on) {
        return edit(null, p -> p.withRequireIndex(p.requireIndex().withAllocator(name, on)));
    }

    /** Index rebuilds during boot; a spinner's clicks make one undo step. */
    public Optional<String> setRequireRebuilds(int rebuilds) {
        return edit("require-rebuilds", p -> p.withRequireIndex(p.requireIndex().withRebuilds(rebuilds)));
    }

    public static List<Long> parseLens(String text) {
        List<Long> out = new ArrayList<>();
        for (String part : text.trim().split("[,\\s]+")) {
            if (part.isEmpty()) {
                continue;
            }
            try {
                out.add(Long.parseLong(part.replace("_", "")));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("lengths: '" + part + "' is not a whole number of bytes");
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("lengths: give at least one slice length");
        }
        return out;
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
        if (pins.size() >= Pin.MAX_PINS) {
            return Optional.of("at most " + Pin.MAX_PINS + " pins; unpin one first");
        }
        if (pins.stream().anyMatch(q -> q.name().equals(n)) || n.equals(ScenarioRequest.POLICY_BASELINE)) {
            return Optional.of("a pin named '" + n + "' already exists");
        }
        pins.add(new Pin(n, parameters.get()));
        recompute();
        return Optional.empty();
    }

    public String nextPinName() {
        for (char c = 'A'; c <= 'Z'; c++) {
            String n = String.valueOf(c);
            if (pins.stream().noneMatch(q -> q.name().equals(n))) {
                return n;
            }
        }
        return "pin" + pins.size();
    }

    public void unpin(String name) {
        pins.removeIf(q -> q.name().equals(name));
        if (name.equals(compareBaseline.get())) {
            compareBaseline.set(ScenarioRequest.POLICY_BASELINE);
        }
        recompute();
    }

    public void clearPins() {
        pins.clear();
        compareBaseline.set(ScenarioRequest.POLICY_BASELINE);
        recompute();
    }

    /** Which series the compare table divides by: {@link ScenarioRequest#POLICY_BASELINE} or a pin's name. */
    public Optional<String> setCompareBaseline(String name) {
        if (!ScenarioRequest.POLICY_BASELINE.equals(name) && pins.stream().noneMatch(q -> q.name().equals(name))) {
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
                s.points().keySet().stream().filter(len -> !parameters.get().lens().contains(len)).forEach(missing::add);
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

    /** The request the charts show (current parameters, pins, compare baseline). */
    public ScenarioRequest request() {
        return new ScenarioRequest(parameters.get(), List.copyOf(pins), compareBaseline.get());
    }

    /**
     * Opens a scenario file; on error nothing changes and the exception says why. Overlays whose
     * results file is gone or no longer imports are left out; the returned lines say which and why.
     */
    public List<String> open(Path path) throws ScenarioFile.ScenarioFormatException {
        ScenarioFile.Contents c = ScenarioFile.loadContents(path);
        ScenarioRequest r = c.request();
        List<Overlay> loaded = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (OverlaySource s : c.overlays()) {
            try {
                loaded.add(Overlay.load(s));
            } catch (ImportException | IllegalArgumentException e) {
                problems.add("overlay not loaded: " + e.getMessage());
            }
        }
        Parameters before = parameters.get();
        if (!r.parameters().equals(before)) {
            undo.push(before);
            redo.clear();
        }
        lastEditKey = null;
        pins.setAll(r.pins());
        compareBaseline.set(r.compareBaseline());
        overlays.clear();
        loaded.forEach(this::addOverlayQuietly);
        overlaySnapshot = List.copyOf(overlays);
        setParameters(r.parameters());
        file.set(path);
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

    /** Saves parameters, pins, compare baseline and the overlays' sources. */
    public void save(Path path) throws IOException {
        ScenarioFile.save(request(), overlays.stream().map(Overlay::source).toList(), path);
        file.set(path);
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
        return requestedGeneration;
    }

    /** Derived values first, the parameters last: listeners of {@code parameters} see a consistent state. */
    private void setParameters(Parameters p) {
        RubyLayout l = ModelInputs.layout(p);
        layout.set(l);
        scenario.set(ScenarioRegistry.byId(p.scenario()));
        long largest = ModelInputs.largestEmbeddedLen(l, p.cutoff());
        largestEmbedded.set(p.alwaysEmbed() ? "always-embed: up to " + l.maxEmbeddedLen() + " B embeds"
                : "largest embedded length: " + (largest < 0 ? "none" : largest + " B"));
        canUndo.set(!undo.isEmpty());
        canRedo.set(!redo.isEmpty());
        parameters.set(p);
    }

    private void updateStatus() {
        Parameters p = parameters.get();
        canUndo.set(!undo.isEmpty());
        canRedo.set(!redo.isEmpty());
        String recompute = lastRecomputeMicros.get() < 0 ? "-"
                : String.format(Locale.ROOT, "%.1f ms", lastRecomputeMicros.get() / 1000.0);
        String pinned = pins.isEmpty() ? "none" : String.join(", ", pins.stream().map(Pin::name).toList())
                + " (table vs " + compareBaseline.get() + ")";
        status.set(inputs(p) + "  |  last recompute " + recompute + "  |  pinned: " + pinned);
    }

    /** The status bar's first part: what the current scenario reads (layout and profile, or its issue-4 knobs). */
    private String inputs(Parameters p) {
        var uses = scenario.get().uses();
        if (uses.contains(Scenario.ParameterGroup.STR_BUF)) {
            return "era " + p.strBuf().era() + "  |  " + p.strBuf().workloadKind().ruby() + " x "
                    + String.format(Locale.ROOT, "%,d", p.strBuf().count()) + "  |  malloc " + String.join(", ", p.strBuf().allocators());
        }
        if (uses.contains(Scenario.ParameterGroup.JSON_UNESCAPE)) {
            String doc = p.jsonUnescape().document();
            boolean building = doc.startsWith("generated:") && !org.slotlab.app.scenario.JsonUnescapeScenario.cached(doc);
            return "document " + doc + (building ? " (generating, ~2 s the first time)" : "") + "  |  malloc "
                    + String.join(", ", p.jsonUnescape().allocators());
        }
        if (uses.contains(Scenario.ParameterGroup.REQUIRE_INDEX)) {
            var r = p.requireIndex();
            return "features " + (r.usesSample() ? "shipped sample" : r.features()) + "  |  malloc "
                    + String.join(", ", r.allocators()) + "  |  rebuilds " + r.rebuilds();
        }
        return "layout " + layout.get().name() + " " + Arrays.toString(layout.get().slotSizes()) + " B  |  cost profile "
                + ModelInputs.profile(p).name();
    }

    static String message(RuntimeException e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    @Override
    public void close() {
        recomputer.close();
    }
}
