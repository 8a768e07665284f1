package org.slotlab.model.malloc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tukaani.xz.XZInputStream;

/**
 * The simulation of glibc's main arena, fed CRuby's own sequence of mallocs and frees: logs of real
 * loops on CRuby 3.4.5 (glibc 2.36), every malloc, calloc, realloc and free with the program break
 * after it ({@code scripts/ruby-lab/malloc-trace.sh}: the lab's fresh 10,000 B source with a 16 B or
 * 500 B suffix, 300,000 iterations, on the unpatched build and on the build that embeds every slice,
 * https://bugs.ruby-lang.org/issues/22186). Where the break went down, glibc's {@code systrim} gave
 * pages back; where it went up, brk mapped new ones, which the next writes fault in.
 *
 * <p>Replayed in the same order, the simulation trims at the same GCs, as many times and as many
 * pages. So the fault counts of these loops are decided by the order in which the heap simulation
 * hands the arena its mallocs and frees (when each GC's sweep frees which buffers), not by the arena.
 */
class MainArenaReplayTest {

    private static final String LAB = "/sample-data/measured/lab/";

    /** Per GC period of a log (between two GC marks): brk's trims and the pages they gave back, the pages brk added. */
    record Period(long trims, long trimmedPages, long grownPages) {
    }

    record Replayed(List<Period> real, List<Period> simulated, MainArena arena) {
        long realTrims() {
            return real.stream().mapToLong(Period::trims).sum();
        }

        long realTrimmedPages() {
            return real.stream().mapToLong(Period::trimmedPages).sum();
        }

        long realGrownPages() {
            return real.stream().mapToLong(Period::grownPages).sum();
        }
    }

    /** Replays a log: each malloc, calloc and aligned allocation as a malloc, each free as a free, a realloc as glibc does it. */
    static Replayed replay(String file) throws Exception {
        MainArena arena = new MainArena();
        Map<Long, long[]> live = new HashMap<>();
        List<long[]> real = new ArrayList<>();
        real.add(new long[3]);
        List<Period> simulated = new ArrayList<>();
        // the logger reads the break before it lets a free through: a free's trim shows at the next event
        int previousFreePeriod = -1;
        long trims0 = 0;
        long trimmed0 = 0;
        long grown0 = 0;
        long brk = -1;
        long reallocOld = 0;
        try (InputStream in = MainArenaReplayTest.class.getResourceAsStream(LAB + file)) {
            assertThat(in).as(file).isNotNull();
            BufferedReader r = new BufferedReader(new InputStreamReader(new XZInputStream(in), StandardCharsets.US_ASCII));
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                String[] f = line.split(" ");
                if (f[0].equals("G")) {
                    real.add(new long[3]);
                    simulated.add(new Period(arena.trims() - trims0, arena.trimmedPages() - trimmed0, arena.grownPages() - grown0));
                    trims0 = arena.trims();
                    trimmed0 = arena.trimmedPages();
                    grown0 = arena.grownPages();
                    continue;
                }
                long ptr = Long.parseUnsignedLong(f[1], 16);
                long size = Long.parseLong(f[2]);
                long now = Long.parseUnsignedLong(f[3], 16);
                switch (f[0]) {
                    case "m", "c", "a" -> {
                        if (ptr != 0) {
                            long request = Math.max(1, size);
                            live.put(ptr, new long[] {arena.malloc(request), request});
                        }
                    }
                    case "F" -> reallocOld = ptr; // realloc's old block: the new one follows
                    case "r" -> {
                        // glibc's realloc keeps a block it can shrink or extend in place (same address); else it
                        // mallocs the new block, copies, and only then frees the old one (_int_realloc)
                        if (ptr != 0 && ptr != reallocOld) {
                            long request = Math.max(1, size);
                            live.put(ptr, new long[] {arena.malloc(request), request});
                            long[] h = live.remove(reallocOld);
                            if (h != null) {
                                arena.free(h[0], h[1]);
                            }
                        }
                        reallocOld = 0;
                    }
                    case "f" -> {
                        long[] h = live.remove(ptr);
                        if (h != null) {
                            arena.free(h[0], h[1]);
                        }
                    }
                    default -> throw new IllegalStateException(file + ": unknown event '" + f[0] + "'");
                }
                long[] period = real.get(previousFreePeriod >= 0 ? previousFreePeriod : real.size() - 1);
                if (brk >= 0 && now < brk) {
                    period[0]++;
                    period[1] += (brk - now) / MainArena.PAGE;
                } else if (brk >= 0 && now > brk) {
                    period[2] += (now - brk) / MainArena.PAGE;
                }
                brk = now;
                previousFreePeriod = f[0].equals("f") ? real.size() - 1 : -1;
            }
        }
        simulated.add(new Period(arena.trims() - trims0, arena.trimmedPages() - trimmed0, arena.grownPages() - grown0));
        return new Replayed(real.stream().map(p -> new Period(p[0], p[1], p[2])).toList(), simulated, arena);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            // the embedded 16 B slice: glibc trims 410 times in the first GCs, giving back 27,291 pages
            "malloc-trace-always-embed-fresh10000-suffix-16-20261206.log.xz, 100",
            // the 500 B slice in 640 B slots: 3 trims of about 620 pages, in three of the first ten GCs
            "malloc-trace-always-embed-fresh10000-suffix-500-20261206.log.xz, 1",
            // the unpatched build, which shares the slice: 13 trims
            "malloc-trace-base-fresh10000-suffix-16-20261206.log.xz, 5"})
    void theArena_trimsWhereGlibcDid_givenCRubysMallocsAndFrees(String file, long atLeastTrims) throws Exception {
        Replayed r = replay(file);
        assertThat(r.realTrims()).as("glibc's trims in the log").isGreaterThanOrEqualTo(atLeastTrims);
        assertThat((double) r.arena().trims()).as("trims").isCloseTo(r.realTrims(), within(Math.max(1, 0.02 * r.realTrims())));
        assertThat((double) r.arena().trimmedPages()).as("pages given back")
                .isCloseTo(r.realTrimmedPages(), within(0.01 * r.realTrimmedPages()));
        assertThat((double) r.arena().grownPages()).as("pages brk added")
                .isCloseTo(r.realGrownPages(), within(0.01 * r.realGrownPages()));
        // and GC period by GC period: the periods in which glibc trimmed are the ones the arena trims in
        assertThat(r.simulated()).hasSameSizeAs(r.real());
        for (int i = 0; i < r.real().size(); i++) {
            assertThat(r.simulated().get(i).trims() > 0).as("GC period %d trims (glibc: %s, simulated: %s)", i, r.real().get(i),
                    r.simulated().get(i)).isEqualTo(r.real().get(i).trims() > 0);
        }
    }
}
