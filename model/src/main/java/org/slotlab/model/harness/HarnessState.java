package org.slotlab.model.harness;

import java.util.Objects;
import org.slotlab.model.layout.BootState;

/**
 * What a harness does to a timed loop on one Ruby, as measured there: the heap the loop finds,
 * the harness's own cost per iteration, and its warm-up.
 *
 * <p>Example (benchmark-ips on Ruby 3.4.5 here): the loop finds the heap RubyGems and
 * {@code require "benchmark/ips"} left (more pages and live objects in the 40 B heap than a
 * {@code --disable-gems} boot), each iteration pays a block call ({@code loopNs} about 30 ns), and
 * two seconds of warm-up run the same body first, so the timed part starts from a heap the body
 * itself has grown.
 *
 * @param harness         which harness
 * @param boot            pages, live and old objects per heap when the body first runs
 * @param loopNs          ns per iteration the harness adds around the body (an empty body's cost);
 *                        0 for a harness that subtracts its empty loop
 * @param warmupSeconds   seconds of warm-up of the same body in the same process before timing (0: none)
 * @param warmupPerTimedOp warm-up operations per timed operation, for harnesses whose warm-up is
 *                        counted in iterations (ruby-bench: 15 warm-up for 10 timed iterations); 0: none
 * @param gcNsPerGc       ns each GC costs in this harness's heap beyond what the cost terms price for
 *                        the same GC in a {@code --disable-gems} boot: the harness's own objects are
 *                        marked from its roots and the pages they hold, in every heap, swept each
 *                        cycle (gc_marks_start, gc_sweep_page); 0 for the bare harness and where not measured
 * @param provenance      how and on what it was measured
 */
public record HarnessState(Harness harness, BootState boot, double loopNs, double warmupSeconds, double warmupPerTimedOp,
        double gcNsPerGc, String provenance) {

    public HarnessState {
        Objects.requireNonNull(harness, "harness");
        Objects.requireNonNull(boot, "boot");
        if (!Double.isFinite(loopNs) || loopNs < 0) {
            throw new IllegalArgumentException("harness " + harness.id() + ": loop cost must be a finite number of ns >= 0, got " + loopNs);
        }
        if (!Double.isFinite(warmupSeconds) || warmupSeconds < 0 || !Double.isFinite(warmupPerTimedOp) || warmupPerTimedOp < 0) {
            throw new IllegalArgumentException("harness " + harness.id() + ": warm-up must be >= 0");
        }
        if (!Double.isFinite(gcNsPerGc) || gcNsPerGc < 0) {
            throw new IllegalArgumentException("harness " + harness.id() + ": GC cost per GC must be a finite number of ns >= 0, got " + gcNsPerGc);
        }
        provenance = provenance == null ? "" : provenance;
    }

    /** A harness state whose GCs cost what the bare probes price (no per-GC cost of its own measured). */
    public HarnessState(Harness harness, BootState boot, double loopNs, double warmupSeconds, double warmupPerTimedOp, String provenance) {
        this(harness, boot, loopNs, warmupSeconds, warmupPerTimedOp, 0, provenance);
    }

    /** The same state with {@code ns} per GC for the harness's heap, and {@code note} added to its provenance. */
    public HarnessState withGcNsPerGc(double ns, String note) {
        return new HarnessState(harness, boot, loopNs, warmupSeconds, warmupPerTimedOp, ns,
                provenance.isEmpty() ? note : provenance + "; " + note);
    }

    /** Warm-up operations before {@code timedOps} timed ones, for a body predicted to take {@code nsPerOp}. */
    public long warmupOps(long timedOps, double nsPerOp) {
        double ops = warmupPerTimedOp * timedOps;
        if (warmupSeconds > 0 && nsPerOp > 0) {
            ops += warmupSeconds * 1e9 / nsPerOp;
        }
        return (long) Math.min(ops, 1e15);
    }

    /** One line for reports: the harness and the heap it hands the loop. */
    public String describe() {
        StringBuilder sb = new StringBuilder(harness.id()).append(": pages per heap ")
                .append(java.util.Arrays.toString(boot.pages()));
        if (loopNs > 0) {
            sb.append(String.format(java.util.Locale.ROOT, ", %.1f ns per iteration", loopNs));
        } else if (harness.subtractsEmptyLoop()) {
            sb.append(", loop time subtracted");
        }
        if (gcNsPerGc != 0) {
            sb.append(String.format(java.util.Locale.ROOT, ", %.1f µs more per GC for its heap", gcNsPerGc / 1000));
        }
        if (warmupSeconds > 0) {
            sb.append(String.format(java.util.Locale.ROOT, ", %.0f s warm-up", warmupSeconds));
        }
        if (warmupPerTimedOp > 0) {
            sb.append(String.format(java.util.Locale.ROOT, ", warm-up %.1fx the timed operations", warmupPerTimedOp));
        }
        return sb.toString();
    }
}
