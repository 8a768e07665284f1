package org.slotlab.app.scenario;

import java.util.List;
import java.util.function.BooleanSupplier;
import org.slotlab.app.knob.Knob;
import org.slotlab.app.knob.KnobException;
import org.slotlab.app.knob.Settings;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.charts.table.Table;
import org.slotlab.model.reference.Source;

/**
 * One question Slotlab answers, after one public thread: it declares its {@link Knob}s (name,
 * label, unit, CRuby meaning, the thread's setting as default, the rules), its charts
 * ({@link ChartSpec}) and turns a {@link ScenarioRequest} into a {@link ScenarioRun}. Both front
 * ends are made from that: the workbench's parameters panel and navigator entry, and the
 * command {@code slotlab predict <id>} with one option per knob. Adding a scenario is one class
 * implementing this (plus its model workload, and a chart factory only if none fits) and one
 * line in {@link ScenarioRegistry} (the registry of Caffeine's simulator,
 * {@code ben-manes/caffeine} {@code simulator/.../Registry.java}).
 */
public interface Scenario {

    /** Stable id: the scenario file's key and the {@code slotlab predict} command, e.g. {@code substring-cutoff}. */
    String id();

    /** Older command names {@code slotlab predict} still accepts (e.g. {@code subseq}). */
    default List<String> aliases() {
        return List.of();
    }

    /** Title for the navigator. */
    String title();

    /** One or two sentences saying what the scenario asks and where it comes from. */
    String summary();

    /** The public thread the scenario follows and its published numbers come from. */
    Source source();

    /** The knobs, in panel order; each default is the thread's setting. */
    List<Knob<?>> knobs();

    /** Every knob at its default. */
    default Settings defaults() {
        return Settings.defaults(id(), knobs());
    }

    /**
     * Rules between knobs (e.g. the kept slices cannot outnumber the slices taken); throws
     * {@link KnobException} naming the knob to change. Called before every compute and report.
     */
    default void check(Settings settings) {
    }

    /** The charts, in display order. */
    List<ChartSpec> charts();

    /**
     * Computes everything the charts and the table show. Runs off the FX thread; returns early by
     * throwing {@link java.util.concurrent.CancellationException} once {@code cancelled} says so.
     */
    ScenarioRun compute(ScenarioRequest request, SlotlabTheme screenTheme, BooleanSupplier cancelled);

    /**
     * What {@code slotlab predict <id>} prints: tables written as CSV (only the first) or Markdown
     * (each). By default the workbench's compare table; scenarios with a report of their own
     * (more columns for machines, a benchmark-driver style table) override it.
     */
    default List<Table> report(Settings settings, boolean markdown) {
        return List.of(compute(ScenarioRequest.of(settings), SlotlabTheme.standard(), () -> false).table());
    }

    /** The status bar's first part: what the current settings read. */
    default String status(Settings settings) {
        List<String> changed = settings.changes();
        return changed.isEmpty() ? "the thread's settings" : String.join("  |  ", changed);
    }
}
