package org.slotlab.app.talk;

import java.util.List;
import org.slotlab.app.scenario.ScenarioRegistry;
import org.slotlab.app.scenario.ScenarioRequest;
import org.slotlab.app.scenario.SubstringCutoffScenario;

/** Talks the tests present and export. */
public final class TalkFixtures {

    private TalkFixtures() {}

    /** Three steps of the substring scenario at a small N: master, always-embed (two charts), cutoff 128. */
    public static Talk small() {
        var s = ScenarioRegistry.byId("substring-cutoff").defaults()
                .with(SubstringCutoffScenario.COUNT, 20_000L).with(SubstringCutoffScenario.RETAIN, 2_000L);
        return new Talk("small", List.of(
                new TalkStep("one", "first", ScenarioRequest.of(s), List.of("speed-ratio")),
                new TalkStep("two", "second", ScenarioRequest.of(s.with(SubstringCutoffScenario.CANDIDATE, "always-embed")),
                        List.of("speed-ratio", "gc-count")),
                new TalkStep("three", "third", ScenarioRequest.of(s.with(SubstringCutoffScenario.CANDIDATE, "cutoff:128")),
                        List.of("retained"))));
    }
}
