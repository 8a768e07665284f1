package org.slotlab.app.scenario;

import java.util.List;

/**
 * Every scenario the workbench offers, in navigator order; the one place a new scenario is
 * registered (Caffeine simulator's {@code Registry} pattern).
 */
public final class ScenarioRegistry {

    private static final List<Scenario> ALL = List.of(new SubstringCutoffScenario(), new SlotSizeScenario(),
            new StrBufMinScenario(), new JsonUnescapeScenario(),
            new RequireIndexScenario(), new ParsersScenario(),
            new ClassNewScenario());

    private ScenarioRegistry() {}

    public static List<Scenario> all() {
        return ALL;
    }

    /** The scenario with that id; the message lists the known ids. */
    public static Scenario byId(String id) {
        return ALL.stream().filter(s -> s.id().equals(id)).findFirst().orElseThrow(() -> new IllegalArgumentException(
                "unknown scenario '" + id + "' (known: " + String.join(", ", ALL.stream().map(Scenario::id).toList()) + ")"));
    }
}
