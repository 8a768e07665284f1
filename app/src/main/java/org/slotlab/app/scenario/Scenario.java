package org.slotlab.app.scenario;

import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.slotlab.charts.SlotlabTheme;

/**
 * One question the workbench answers, shaped after the scenarios of the seed threads: it names
 * the parameter groups it reads, declares its charts ({@link ChartSpec}) and turns a
 * {@link ScenarioRequest} into a {@link ScenarioRun}. Adding a scenario is one class
 * implementing this plus a line in {@link ScenarioRegistry} (the registry pattern of Caffeine's
 * simulator, {@code ben-manes/caffeine} {@code simulator/.../Registry.java}).
 */
public interface Scenario {

    /** Stable id stored in scenario files, e.g. {@code substring-cutoff}. */
    String id();

    /** Title for the navigator. */
    String title();

    /** One or two sentences saying what the scenario asks and where it comes from. */
    String summary();

    /** Which parameter groups the parameters panel enables for this scenario. */
    Set<ParameterGroup> uses();

    /** The charts, in display order. */
    List<ChartSpec> charts();

    /**
     * Computes everything the charts and the table show. Runs off the FX thread; returns early by
     * throwing {@link java.util.concurrent.CancellationException} once {@code cancelled} says so.
     */
    ScenarioRun compute(ScenarioRequest request, SlotlabTheme screenTheme, BooleanSupplier cancelled);

    /**
     * The parameter groups of the right-hand panel: the byteslice and slot knobs, then one group
     * per issue-4 scenario (S5 str-buf, S6 json-unescape, S4 require-index).
     */
    enum ParameterGroup { CUTOFF, SOURCE, LAYOUT, WORKLOAD, SLOT_WORKLOAD, STR_BUF, JSON_UNESCAPE, REQUIRE_INDEX }
}
