package org.slotlab.app.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Every scenario Slotlab offers, in navigator order: the one place a scenario is registered
 * (Caffeine simulator's {@code Registry} pattern). The workbench's navigator, its parameters
 * panel, the scenario files and {@code slotlab predict} all read this list.
 */
public final class ScenarioRegistry {

    private static final List<Scenario> ALL = new CopyOnWriteArrayList<>(List.of(
            new SubstringCutoffScenario(),
            new SlotSizeScenario(),
            new StrBufMinScenario(),
            new JsonUnescapeScenario(),
            new RequireIndexScenario(),
            new ParsersScenario(),
            new SplitScenario(),
            new ClassNewScenario(),
            new YourProgramScenario()));

    private ScenarioRegistry() {}

    public static List<Scenario> all() {
        return List.copyOf(ALL);
    }

    /** The scenario with that id or alias; the message lists the known ids. */
    public static Scenario byId(String id) {
        for (Scenario s : ALL) {
            if (s.id().equals(id) || s.aliases().contains(id)) {
                return s;
            }
        }
        List<String> ids = new ArrayList<>();
        ALL.forEach(s -> ids.add(s.id()));
        throw new IllegalArgumentException("unknown scenario '" + id + "' (known: " + String.join(", ", ids) + ")");
    }

    /**
     * Registers a scenario after the shipped ones (a plug-in, or a test's own scenario); its id and
     * aliases must be new.
     */
    public static void register(Scenario s) {
        for (Scenario o : ALL) {
            if (o.id().equals(s.id()) || o.aliases().contains(s.id()) || s.aliases().contains(o.id())) {
                throw new IllegalArgumentException("scenario id '" + s.id() + "' is taken by " + o.title());
            }
        }
        ALL.add(s);
    }

    /** Removes a scenario {@link #register} added (tests clean up after themselves). */
    public static void unregister(String id) {
        ALL.removeIf(s -> s.id().equals(id));
    }
}
