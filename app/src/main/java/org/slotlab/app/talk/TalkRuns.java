package org.slotlab.app.talk;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slotlab.app.scenario.ScenarioRegistry;
import org.slotlab.app.scenario.ScenarioRequest;
import org.slotlab.app.scenario.ScenarioRun;
import org.slotlab.charts.SlotlabTheme;

/**
 * The runs of a talk's steps, computed once each on one background thread and kept, so stepping
 * back and forth only draws: {@link #prefetch} queues every step (the asked one first), and a
 * step's run is ready long before the speaker reaches it. Steps with equal states share a run.
 */
public final class TalkRuns implements AutoCloseable {

    private final ExecutorService pool = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "slotlab-talk");
        t.setDaemon(true);
        return t;
    });
    private final Map<ScenarioRequest, CompletableFuture<ScenarioRun>> runs = new HashMap<>();
    private volatile boolean closed;

    /** The run of {@code state}: already done, running or queued. */
    public synchronized CompletableFuture<ScenarioRun> run(ScenarioRequest state) {
        return runs.computeIfAbsent(state, s -> CompletableFuture.supplyAsync(() -> compute(s), pool));
    }

    /** Queues the steps' runs, {@code first} first. */
    public void prefetch(Talk talk, int first) {
        if (talk.size() == 0) {
            return;
        }
        run(talk.step(Math.max(0, Math.min(first, talk.size() - 1))).state());
        for (TalkStep s : talk.steps()) {
            run(s.state());
        }
    }

    private ScenarioRun compute(ScenarioRequest s) {
        if (closed) {
            throw new java.util.concurrent.CancellationException("talk closed");
        }
        return ScenarioRegistry.byId(s.settings().scenario()).compute(s, SlotlabTheme.standard(), () -> closed);
    }

    @Override
    public void close() {
        closed = true;
        pool.shutdownNow();
    }
}
