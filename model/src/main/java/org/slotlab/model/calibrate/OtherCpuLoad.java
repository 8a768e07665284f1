package org.slotlab.model.calibrate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * How busy the machine's other CPUs were while a probe ran, from {@code /proc/stat} (Linux; elsewhere
 * unknown). On a small shared machine another process's load slows a memory-bound loop by up to
 * 2x even on a CPU of its own, so a timing process that ran while the others were busy is run again
 * (up to a limit) rather than kept. The probe itself is pinned nowhere; all CPUs but the busiest one
 * in use by it are "the others": with a single-threaded probe, that is total busy time minus one
 * CPU's worth.
 */
public final class OtherCpuLoad {

    private static final Path STAT = Path.of("/proc/stat");
    private final long[] start;

    private OtherCpuLoad(long[] start) {
        this.start = start;
    }

    /** Starts measuring; {@link #busyShare()} then says how busy the other CPUs were since. */
    public static OtherCpuLoad start() {
        return new OtherCpuLoad(read());
    }

    /** Whether this machine reports CPU times. */
    public static boolean available() {
        return read() != null;
    }

    /**
     * Share (0..1) of the CPUs other than one that was busy since {@link #start()}: busy jiffies of
     * all CPUs minus those of the busiest one, over the others' total; 0 where it cannot be read.
     */
    public double busyShare() {
        long[] end = read();
        if (start == null || end == null || end.length != start.length || end.length < 4) {
            return 0;
        }
        int cpus = end.length / 2;
        long busyAll = 0;
        long totalAll = 0;
        long busiest = 0;
        long busiestTotal = 0;
        for (int i = 0; i < cpus; i++) {
            long busy = end[2 * i] - start[2 * i];
            long total = end[2 * i + 1] - start[2 * i + 1];
            busyAll += busy;
            totalAll += total;
            if (busy > busiest) {
                busiest = busy;
                busiestTotal = total;
            }
        }
        long others = totalAll - busiestTotal;
        return others <= 0 ? 0 : Math.min(1, Math.max(0, (double) (busyAll - busiest) / others));
    }

    /** Per CPU: busy and total jiffies, or null where /proc/stat is not there. */
    private static long[] read() {
        try {
            if (!Files.isReadable(STAT)) {
                return null;
            }
            List<String> cpus = Files.readAllLines(STAT).stream().filter(l -> l.matches("^cpu\\d+ .*")).toList();
            long[] out = new long[2 * cpus.size()];
            for (int i = 0; i < cpus.size(); i++) {
                String[] f = cpus.get(i).trim().split("\\s+");
                long total = 0;
                for (int j = 1; j < f.length; j++) {
                    total += Long.parseLong(f[j]);
                }
                long idle = Long.parseLong(f[4]) + (f.length > 5 ? Long.parseLong(f[5]) : 0);
                out[2 * i] = total - idle;
                out[2 * i + 1] = total;
            }
            return out;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
