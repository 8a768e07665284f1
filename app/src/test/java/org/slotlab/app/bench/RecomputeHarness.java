package org.slotlab.app.bench;

import java.util.Arrays;

import org.slotlab.app.knob.Settings;
import org.slotlab.app.scenario.Scenario;
import org.slotlab.app.scenario.ScenarioRegistry;
import org.slotlab.app.scenario.ScenarioRequest;
import org.slotlab.charts.SlotlabTheme;

/**
 * How long the model takes to recompute one scenario in a fresh JVM, from its first run on: what a
 * user who opens the workbench on it and starts dragging waits for, before and after the JIT has
 * compiled the model. Runs the scenario's default settings {@value #RUNS} times and prints one line:
 * the first run, the median of runs 21-40 and the median of the last {@value #TAIL} runs, in ms.
 * Give one scenario id per JVM (a second scenario in the same JVM would find the model compiled
 * already); {@code --list} prints the ids, {@code --header} the column names. The JVM options are
 * the measurement's subject: {@code scripts/recompute-time.sh} runs every scenario with the
 * launcher's options and with the JIT's optimizing compiler on. No assertion: a measurement.
 */
public final class RecomputeHarness {

    /** Runs per scenario. */
    static final int RUNS = 120;
    /** Runs at the end whose median is the steady recompute time. */
    static final int TAIL = 20;

    private RecomputeHarness() {}

    public static void main(String[] args) {
        if (args.length == 1 && args[0].equals("--list")) {
            ScenarioRegistry.all().forEach(sc -> System.out.println(sc.id()));
            return;
        }
        if (args.length == 1 && args[0].equals("--header")) {
            System.out.printf("%-18s %10s %14s %14s%n", "scenario", "first ms", "runs 21-40 ms", "last " + TAIL + " ms");
            return;
        }
        if (args.length != 1) {
            System.err.println("usage: RecomputeHarness SCENARIO | --list | --header");
            System.exit(2);
        }
        Scenario sc;
        try {
            sc = ScenarioRegistry.byId(args[0]);
        } catch (IllegalArgumentException e) {
            System.err.println("RecomputeHarness: " + e.getMessage());
            System.exit(2);
            return;
        }
        SlotlabTheme theme = SlotlabTheme.standard();
        Settings s = sc.defaults();
        double[] t = new double[RUNS];
        for (int i = 0; i < RUNS; i++) {
            long t0 = System.nanoTime();
            sc.compute(ScenarioRequest.of(s), theme, () -> false);
            t[i] = (System.nanoTime() - t0) / 1e6;
        }
        System.out.printf("%-18s %10.0f %14.1f %14.1f%n", sc.id(), t[0], median(t, 20, 40), median(t, RUNS - TAIL, RUNS));
    }

    private static double median(double[] t, int from, int to) {
        double[] part = Arrays.copyOfRange(t, from, to);
        Arrays.sort(part);
        return part[part.length / 2];
    }
}
