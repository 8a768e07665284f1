package org.slotlab.app.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Consumer;
import org.slotlab.model.calibrate.ProbeProgress;

/**
 * Shows the progress of probes on a real Ruby on stderr, in one of two styles. On a terminal, one
 * bar redrawn in place ({@code calibrate [#########...........]  45% 92/205 timing.rb: str_subseq
 * len 100, about 40 s left}), as benchmark-driver's and rake's users see; otherwise (a file, a
 * pipe, a CI log) one plain line per step ({@code calibrate: [92/205] timing.rb: str_subseq len
 * 100 (about 40 s left)}), which greps and diffs well. The time left is estimated from the steps
 * of the current probe so far.
 */
final class ProgressPrinter implements Consumer<ProbeProgress> {

    /** How progress is shown: {@code auto} picks {@code bar} when stderr is a terminal. */
    enum Style {
        AUTO, BAR, LINES;

        /** The option value ({@code auto}, {@code bar}, {@code lines}). */
        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Columns of the bar itself, between its brackets. */
    static final int BAR_WIDTH = 24;
    /** Terminal width assumed when {@code COLUMNS} does not say. */
    static final int DEFAULT_COLUMNS = 80;

    private final PrintWriter err;
    private final String command;
    private final boolean bar;
    private final int columns;
    private String probe;
    private long probeStart;
    /** Whether a bar is drawn on the current line (so a message must start on a new one). */
    private boolean barShown;
    /**
     * Lines held until some step has finished: a Ruby that fails on its first probe leaves only the
     * error line, not a "starting" line before it.
     */
    private final java.util.List<String> held = new java.util.ArrayList<>();
    private boolean anyStepDone;

    ProgressPrinter(PrintWriter err, String command, boolean bar, int columns) {
        this.err = err;
        this.command = command;
        this.bar = bar;
        this.columns = Math.max(40, columns);
    }

    /** The printer for {@code style} on the real stderr of this process. */
    static ProgressPrinter forStderr(PrintWriter err, String command, Style style) {
        boolean bar = switch (style) {
            case BAR -> true;
            case LINES -> false;
            case AUTO -> stderrIsTerminal() && !"dumb".equals(System.getenv("TERM"));
        };
        return new ProgressPrinter(err, command, bar, columns(System.getenv("COLUMNS")));
    }

    boolean drawsBar() {
        return bar;
    }

    @Override
    public synchronized void accept(ProbeProgress p) {
        long now = System.nanoTime();
        if (!p.probe().equals(probe)) {
            probe = p.probe();
            probeStart = now;
        }
        long left = -1;
        if (p.done() > 0 && p.done() < p.total()) {
            double perStep = (now - probeStart) / 1e9 / p.done();
            left = Math.round(perStep * (p.total() - p.done()));
        }
        anyStepDone |= p.done() > 0;
        if (bar) {
            // the bar shows from the first step; held notes join it once a step has finished
            if (anyStepDone) {
                flushHeld();
            }
            err.print('\r' + barLine(p, left));
            barShown = true;
            err.flush();
        } else {
            emit(command + ": [" + p.done() + "/" + p.total() + "] " + p.probe() + ": " + p.step()
                    + (left >= 0 ? " (about " + left + " s left)" : ""));
        }
    }

    /** A line about the run as a whole ({@code command: text}), held like a starting step in plain lines. */
    synchronized void note(String text) {
        if (bar) {
            // on a terminal a note goes above the bar at once
            if (barShown) {
                err.println();
                barShown = false;
            }
            err.println(command + ": " + text);
            err.flush();
            return;
        }
        emit(command + ": " + text);
    }

    private void emit(String line) {
        held.add(line);
        if (anyStepDone) {
            flushHeld();
        }
    }

    private void flushHeld() {
        if (held.isEmpty()) {
            return;
        }
        if (barShown) {
            err.println();
            barShown = false;
        }
        held.forEach(err::println);
        held.clear();
        err.flush();
    }

    /** The bar for {@code p}, padded to the terminal's width less one (so it never wraps). */
    String barLine(ProbeProgress p, long secondsLeft) {
        int filled = (int) Math.round(p.fraction() * BAR_WIDTH);
        StringBuilder b = new StringBuilder(command).append(" [");
        b.append("#".repeat(filled)).append(".".repeat(BAR_WIDTH - filled)).append("] ");
        b.append(String.format(Locale.ROOT, "%3d%% ", Math.round(p.fraction() * 100)));
        b.append(p.done()).append('/').append(p.total()).append(' ').append(p.probe()).append(": ").append(p.step());
        if (secondsLeft >= 0) {
            b.append(", about ").append(secondsLeft).append(" s left");
        }
        int width = columns - 1;
        if (b.length() > width) {
            b.setLength(width);
        }
        while (b.length() < width) {
            b.append(' ');
        }
        return b.toString();
    }

    /** Ends the bar's line, so that what follows starts on a line of its own; plain lines need nothing. */
    synchronized void end() {
        if (barShown) {
            err.println();
            err.flush();
            barShown = false;
        }
    }

    /** {@code COLUMNS} as a number, or {@link #DEFAULT_COLUMNS}. */
    static int columns(String env) {
        try {
            return env == null ? DEFAULT_COLUMNS : Integer.parseInt(env.strip());
        } catch (NumberFormatException e) {
            return DEFAULT_COLUMNS;
        }
    }

    /**
     * Whether this process's stderr is a terminal. Java says so only for stdin and stdout
     * together ({@link System#console()}); on Linux, {@code /proc/self/fd/2} names the device
     * stderr is, a {@code /dev/pts/N} or {@code /dev/ttyN} for a terminal. Elsewhere the console
     * answers for both.
     */
    static boolean stderrIsTerminal() {
        Path fd2 = Path.of("/proc/self/fd/2");
        try {
            String target = Files.readSymbolicLink(fd2).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException notLinux) {
            return System.console() != null;
        }
    }
}
