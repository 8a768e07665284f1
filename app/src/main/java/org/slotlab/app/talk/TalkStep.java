package org.slotlab.app.talk;

import java.util.List;
import java.util.Objects;
import org.slotlab.app.heapmap.HeapMaps;
import org.slotlab.app.scenario.ChartSpec;
import org.slotlab.app.scenario.ScenarioRegistry;
import org.slotlab.app.scenario.ScenarioRequest;

/**
 * One slide of a {@link Talk}: a scenario state (its settings, pins and compare baseline, as a
 * scenario file holds them), the charts to show (one, or two side by side), a title and a
 * one-line caption.
 *
 * @param title   the slide's heading
 * @param caption one line under the charts
 * @param state   what the charts compute
 * @param view    chart ids of the state's scenario, 1 or {@link #MAX_CHARTS}
 */
public record TalkStep(String title, String caption, ScenarioRequest state, List<String> view) {

    /** Charts one slide shows side by side at most: more cannot be read from the back of a room. */
    public static final int MAX_CHARTS = 2;

    public TalkStep {
        title = title == null ? "" : title;
        caption = caption == null ? "" : caption;
        Objects.requireNonNull(state, "state");
        view = List.copyOf(view);
        if (view.isEmpty() || view.size() > MAX_CHARTS) {
            throw new IllegalArgumentException("a step shows 1 or " + MAX_CHARTS + " charts, got " + view.size());
        }
        List<String> ids = ids(state);
        if (view.contains(HeapMaps.CHART_ID) && view.size() > 1) {
            throw new IllegalArgumentException("a step shows the heap map alone");
        }
        for (String id : view) {
            if (!ids.contains(id)) {
                throw new IllegalArgumentException("scenario " + state.settings().scenario() + " has no chart '" + id
                        + "' (charts: " + String.join(", ", ids) + ")");
            }
        }
    }

    /** A step showing the first chart of the state's scenario. */
    public static TalkStep of(String title, String caption, ScenarioRequest state) {
        return new TalkStep(title, caption, state, List.of(charts(state).get(0).id()));
    }

    /** The scenario's id. */
    public String scenario() {
        return state.settings().scenario();
    }

    public TalkStep withTitle(String t) {
        return new TalkStep(t, caption, state, view);
    }

    public TalkStep withCaption(String c) {
        return new TalkStep(title, c, state, view);
    }

    public TalkStep withView(List<String> v) {
        return new TalkStep(title, caption, state, v);
    }

    /** The views a step of this state may show: the scenario's charts, and the heap map where it draws one. */
    public static List<String> ids(ScenarioRequest state) {
        List<String> ids = new java.util.ArrayList<>(charts(state).stream().map(ChartSpec::id).toList());
        if (HeapMaps.supports(state.settings().scenario())) {
            ids.add(HeapMaps.CHART_ID);
        }
        return ids;
    }

    /** Whether the step shows the heap map. */
    public boolean heapMap() {
        return view.contains(HeapMaps.CHART_ID);
    }

    private static List<ChartSpec> charts(ScenarioRequest state) {
        return ScenarioRegistry.byId(state.settings().scenario()).charts();
    }
}
