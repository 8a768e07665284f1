package org.slotlab.app.bench;

import java.util.Arrays;
import java.util.List;

import org.slotlab.app.knob.Settings;
import org.slotlab.app.scenario.Scenario;
import org.slotlab.app.scenario.ScenarioRegistry;
import org.slotlab.app.scenario.ScenarioRequest;
import org.slotlab.charts.SlotlabTheme;

/**
 * How long the model takes to recompute each scenario in a fresh JVM, from its first run on: what a
 * user who opens the workbench and starts dragging waits for, before and after the JIT has compiled
 * the model. Runs every scenario's default settings {@value #RUNS} times in turn, one scenario after
 * the other, and prints per scenario the first run, the median of runs 21-40 (the first half minute
 * of dragging) and the median of the last {@value #TAIL} runs, in ms. The JVM options are the
 * measurement's subject: {@code scripts/recompute-time.sh} runs it once with the launcher's options
 * and once with the JIT's optimizing compiler on, each in a fresh JVM. No assertion: a measurement.
 */
public final class RecomputeHarness {

    /** Runs per scenario. */
    static final int RUNS = 120;
    /** Runs at the end whose median is the steady recompute time. */
    static final int TAIL = 20;

    private RecomputeHarness() {}

    public static void main(String[] args) {
        List<Scenario> scenarios = args.length == 0 ? ScenarioRegistry.all()
                : Arrays.stream(args).map(ScenarioRegistry::byId).toList();
        SlotlabTheme theme = SlotlabTheme.standard();
        System.out.printf("%-18s %10s %14s %14s%n", "scenario", "first ms", "runs 21-40 ms", "last " + TAIL + " ms");
        for (Scenario sc : scenarios) {
            Settings s = sc.defaults();
            double[] t = new double[RUNS];
            for (int i = 0; i < RUNS; i++) {
                long t0 = System.nanoTime();
                sc.compute(ScenarioRequest.of(s), theme, () -> false);
                t[i] = (System.nanoTime() - t0) / 1e6;
            }
            System.out.printf("%-18s %10.0f %14.1f %14.1f%n", sc.id(), t[0], median(t, 20, 40), median(t, RUNS - TAIL, RUNS));
        }
    }

    private static double median(double[] t, int from, int to) {
        double[] part = Arrays.copyOfRange(t, from, to);
        Arrays.sort(part);
        return part[part.length / 2];
    }
}
