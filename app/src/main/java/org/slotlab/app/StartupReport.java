package org.slotlab.app;

import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The phases from launch to the first chart drawn, for {@code slotlab --startup-report}: one line
 * on stderr when the first chart has been handed to its viewer and the pulse that paints it has
 * been laid out. The first phase starts at the process's start as the operating system records
 * it ({@link ProcessHandle.Info#startInstant()}, 10 ms resolution on Linux); every later mark is
 * taken with {@link System#nanoTime()}. The line ends with the wall-clock time of the first chart
 * in epoch milliseconds, so a script that noted the time it launched the process can compute
 * launch to first chart itself ({@code scripts/startup-time.sh}).
 *
 * <p>Example: {@code startup: jvm 210 ms, toolkit 380 ms, window 260 ms, first run 120 ms,
 * first chart 45 ms, painted 150 ms; launch to first chart 1165 ms (epoch ms 1764590000123); cpu 1420 ms (FX thread 610 ms)}. Each figure is
 * the time since the previous mark; "first run" is the wait for the first scenario's background
 * computation after the window was shown (0 when it was ready first); "first chart" ends when the
 * pulse that paints the charts is laid out, "painted" when the renderer has put that frame in the
 * window (the end of launch to first chart); "cpu" is the CPU time all
 * of the process's threads had used by then, which a busy machine inflates much less than the
 * wall-clock figures, and "FX thread" the part of it the JavaFX application thread used up to
 * the first chart's layout (the thread every phase after the toolkit's start waits on).
 */
public final class StartupReport {

    /** The option that turns the report on; {@code --startup-report=exit} also quits after it. */
    public static final String OPTION = "--startup-report";

    private record Mark(String phase, long nanos) {}

    private static final long MAIN_NANOS = System.nanoTime();
    private static final Instant MAIN_INSTANT = Instant.now();
    private static final List<Mark> MARKS = new ArrayList<>();
    private static volatile boolean enabled;
    private static volatile boolean exitAfter;
    private static volatile boolean done;

    private StartupReport() {}

    /** Whether {@code arg} is the start-up report option (with or without {@code =exit}). */
    public static boolean isOption(String arg) {
        return arg.equals(OPTION) || arg.equals(OPTION + "=exit");
    }

    /** Turns the report on for {@code arg} (one of {@link #isOption}). */
    public static void enable(String arg) {
        enabled = true;
        exitAfter |= arg.endsWith("=exit");
    }

    public static boolean enabled() {
        return enabled;
    }

    /** Whether the workbench should quit once the report is printed (start-up measurements). */
    public static boolean exitAfterReport() {
        return exitAfter;
    }

    /** Notes that {@code phase} ended now (a no-op unless the report is on). */
    public static synchronized void mark(String phase) {
        if (enabled && !done) {
            MARKS.add(new Mark(phase, System.nanoTime()));
        }
    }

    /** CPU time of the FX thread when the first chart was laid out, ns (-1 before, or when unknown). */
    private static long fxCpuAtFirstChart = -1;

    /**
     * Notes, on the FX thread, that the pulse that paints the first chart has been laid out (the
     * charts are drawn into their canvases); {@link #painted} then ends the report.
     */
    public static synchronized void firstChartLaidOut() {
        if (enabled && !done) {
            MARKS.add(new Mark("first chart", System.nanoTime()));
            fxCpuAtFirstChart = threadCpuNanos();
        }
    }

    /**
     * Notes that the frame with the first chart has been rendered to the window (called from the
     * renderer, or right after {@link #firstChartLaidOut} where the toolkit does not say when a
     * frame is rendered: then {@code how} says so) and prints the line, once; returns whether it
     * printed, so the caller can quit for {@code =exit}.
     */
    public static synchronized boolean painted(PrintStream out, String how) {
        if (!enabled || done) {
            return false;
        }
        MARKS.add(new Mark(how, System.nanoTime()));
        done = true;
        long epochMillis = System.currentTimeMillis();
        out.println(line(MARKS, launchToMainNanos(), epochMillis) + cpuNote(cpuNanos(), fxCpuAtFirstChart));
        out.flush();
        return true;
    }

    /**
     * Time from the process's start to {@code main}, ns (0 when the OS does not say). On Linux it
     * is the process's age from {@code /proc/self/stat} (start time in clock ticks since boot)
     * and {@code /proc/uptime} (10 ms resolution both), read when the report is printed;
     * {@link ProcessHandle.Info#startInstant()} adds the boot time in whole seconds there, so it
     * can be off by up to a second. Elsewhere the start instant is used.
     */
    static long launchToMainNanos() {
        long sinceMain = System.nanoTime() - MAIN_NANOS;
        try {
            String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/self/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // Field 22 of proc(5), starttime; the fields after the command start at field 3.
            double startSeconds = Long.parseLong(f[22 - 3]) / (double) CLOCK_TICKS_PER_SECOND;
            String up = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/uptime"));
            double uptimeSeconds = Double.parseDouble(up.substring(0, up.indexOf(' ')));
            long age = Math.round((uptimeSeconds - startSeconds) * 1e9);
            return Math.max(0, age - sinceMain);
        } catch (java.io.IOException | RuntimeException notLinux) {
            return ProcessHandle.current().info().startInstant()
                    .map(start -> Math.max(0, java.time.Duration.between(start, MAIN_INSTANT).toNanos()))
                    .orElse(0L);
        }
    }

    /** USER_HZ, the unit of proc(5)'s start time: 100 on every Linux architecture JavaFX ships for. */
    private static final int CLOCK_TICKS_PER_SECOND = 100;

    /** CPU time the process has used so far (every thread, user and system), ns; -1 when unknown. */
    static long cpuNanos() {
        return ProcessHandle.current().info().totalCpuDuration().map(java.time.Duration::toNanos).orElse(-1L);
    }

    /** The report line for these marks. */
    static String line(List<Mark> marks, long launchToMain, long epochMillis) {
        StringBuilder b = new StringBuilder("startup: jvm ").append(ms(launchToMain)).append(" ms");
        long prev = MAIN_NANOS;
        for (Mark m : marks) {
            b.append(", ").append(m.phase()).append(' ').append(ms(Math.max(0, m.nanos() - prev))).append(" ms");
            prev = Math.max(prev, m.nanos());
        }
        long total = launchToMain + (marks.isEmpty() ? 0 : marks.get(marks.size() - 1).nanos() - MAIN_NANOS);
        b.append("; launch to first chart ").append(ms(total)).append(" ms (epoch ms ").append(epochMillis).append(')');
        return b.toString();
    }

    /**
     * CPU time of the calling thread (the FX thread: the report is printed from its pulse), ns; -1
     * when the JVM does not measure it. Every phase after the JVM's own runs on that thread, so
     * this is the start-up's critical path as work, without the waits.
     */
    static long threadCpuNanos() {
        try {
            java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
            return mx.isCurrentThreadCpuTimeSupported() ? mx.getCurrentThreadCpuTime() : -1;
        } catch (RuntimeException | LinkageError unavailable) {
            return -1;
        }
    }

    static String cpuNote(long cpuNanos, long fxThreadCpuNanos) {
        if (cpuNanos < 0) {
            return "";
        }
        return "; cpu " + ms(cpuNanos) + " ms" + (fxThreadCpuNanos < 0 ? "" : " (FX thread " + ms(fxThreadCpuNanos) + " ms)");
    }

    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%d", Math.round(nanos / 1e6));
    }

    /** For tests: a report line from marks at these offsets after main, ms. */
    static String lineForTest(long launchToMainMillis, String[] phases, long[] offsetsMillis) {
        List<Mark> marks = new ArrayList<>();
        for (int i = 0; i < phases.length; i++) {
            marks.add(new Mark(phases[i], MAIN_NANOS + offsetsMillis[i] * 1_000_000L));
        }
        return line(marks, launchToMainMillis * 1_000_000L, 0);
    }
}
