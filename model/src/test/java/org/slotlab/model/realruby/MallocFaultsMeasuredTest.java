package org.slotlab.model.realruby;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.harness.Harness;
import org.slotlab.model.heap.HeapSimulator;
import org.slotlab.model.heap.ObjectSpec;
import org.slotlab.model.heap.Phase;
import org.slotlab.model.heap.SimResult;
import org.slotlab.model.layout.RubyLayout;

/**
 * The simulation of glibc's main arena against minor faults measured on CRuby 3.4.5 (Debian 12,
 * glibc 2.36): loops of {@code s = X * len} plus a few empty arrays, each in a fresh
 * {@code ruby --disable-gems} process, 3 runs each (scripts/ruby-lab/faults.rb,
 * sample-data/measured/lab/faults-20261201.json; the counts repeat to the fault from run to run).
 * The heap the loops start from is the bare harness's, as the unpatched build's calibration
 * measured it. The bounds are where the simulation is now: the 10,000 B loops within 25%, the
 * others within a factor of 4 (the simulation trims more often than glibc did in the 1,000 to
 * 5,000 B loops; with the slice in 640 B slots it faults 2.9 times as often as measured).
 */
class MallocFaultsMeasuredTest {

    private static RubyLayout layout;
    private static final Map<String, double[]> MEASURED = new LinkedHashMap<>();
    /** Per loop on the unpatched build: brk trims and the pages they gave back, as strace counted them. */
    private static final Map<String, long[]> TRIMS = new LinkedHashMap<>();

    @BeforeAll
    static void load() throws Exception {
        CostProfile p = CostProfile.load(Path.of(MallocFaultsMeasuredTest.class
                .getResource("/sample-data/measured/lab/profile-ruby-3.4.5-base.json").toURI()));
        RubyLayout l = p.layout().orElseThrow();
        layout = l.withBoot(p.harness(Harness.BARE, l).boot());
        try (InputStream in = MallocFaultsMeasuredTest.class.getResourceAsStream("/sample-data/measured/lab/faults-20261201.json")) {
            JsonNode root = new ObjectMapper().readTree(in);
            for (JsonNode loop : root.path("loops")) {
                if (!loop.path("ruby").asText().equals("base")) {
                    continue;
                }
                JsonNode run = loop.path("runs").get(0);
                MEASURED.put(loop.path("id").asText(), new double[] {run.path("n").asLong(), run.path("gcs").asLong(),
                        run.path("minor_faults").asLong()});
            }
        }
        try (InputStream in = MallocFaultsMeasuredTest.class.getResourceAsStream("/sample-data/measured/lab/faults-brk-20261205.json")) {
            for (JsonNode loop : new ObjectMapper().readTree(in).path("loops")) {
                if (loop.path("ruby").asText().equals("base")) {
                    JsonNode brk = loop.path("runs").get(0).path("brk");
                    TRIMS.put(loop.path("id").asText(), new long[] {brk.path("trims").asLong(), brk.path("trimmed_pages").asLong()});
                }
            }
        }
    }

    /** One iteration of {@code s = X * len} followed by {@code arrays} empty array literals. */
    private static SimResult simulate(String id, long len, int arrays) {
        List<ObjectSpec> specs = new ArrayList<>();
        specs.add(new ObjectSpec(layout.rstringHeap(), len + 1, ObjectSpec.IMMEDIATE, "string"));
        for (int i = 0; i < arrays; i++) {
            specs.add(ObjectSpec.dying(layout.heapIndexOfSlot(40), "array"));
        }
        long n = (long) MEASURED.get(id)[0];
        return new HeapSimulator(layout).run(List.of(new Phase(n, specs)), true);
    }

    private static double measuredPerIteration(String id) {
        double[] m = MEASURED.get(id);
        return m[2] / m[0];
    }

    private static double simulatedPerIteration(SimResult r) {
        return r.mallocFaults() / (double) r.ops();
    }

    @Test
    void aFreshTenKilobyteString_faultsAsMeasured_andTwoArraysMore_faultEightTimesLess() {
        SimResult alone = simulate("str10000", 10_000, 0);
        SimResult arrays = simulate("str10000-2arrays", 10_000, 2);

        assertThat(alone.gcCount()).isEqualTo(88);
        assertThat(simulatedPerIteration(alone)).isCloseTo(measuredPerIteration("str10000"),
                org.assertj.core.data.Percentage.withPercentage(25));
        // measured 0.141 vs 0.0148 per iteration: the loop with more slots per iteration GCs twice
        // as often, by slots, and its majors' sweeps leave no free run of buffers at the heap's top
        assertThat(simulatedPerIteration(alone)).isGreaterThan(4 * simulatedPerIteration(arrays));
    }

    /** The slots each major GC's incremental marking lasts in a run of {@code specs}, in order. */
    private static List<Long> markingSlotsOfMajors(List<ObjectSpec> specs, long n) {
        List<Long> out = new ArrayList<>();
        new HeapSimulator(layout).run(List.of(new Phase(n, specs)), e -> {
            if (e.major()) {
                out.add(e.markingSlots());
            }
        });
        return out;
    }

    private static long median(List<Long> v) {
        List<Long> s = v.stream().sorted().toList();
        return s.get((s.size() - 1) / 2);
    }

    @Test
    void aMajorMarksForAsManySlotsAsTraced() {
        // LD_PRELOAD log of malloc and free on the unpatched 3.4.5: a major's sweep freed its first
        // buffer 2,012-2,642 slots after the major started with one slot per iteration, 2,007-2,016
        // with three, 3,126-3,790 with two slots in two heaps (the always-embed build's loop)
        ObjectSpec str = new ObjectSpec(layout.rstringHeap(), 10_001, ObjectSpec.IMMEDIATE, "string");
        ObjectSpec array = ObjectSpec.dying(layout.heapIndexOfSlot(40), "array");
        ObjectSpec slice = ObjectSpec.dying(layout.heapIndexOfSlot(80), "slice");
        Object[][] loops = {
            {List.of(str), 2_012L, 2_642L},
            {List.of(str, array, array), 2_007L, 2_016L},
            {List.of(str, slice), 3_126L, 3_790L},
        };
        for (Object[] l : loops) {
            @SuppressWarnings("unchecked")
            List<ObjectSpec> specs = (List<ObjectSpec>) l[0];
            List<Long> marking = markingSlotsOfMajors(specs, 300_000);
            assertThat(marking).as("majors of %d objects per iteration", specs.size()).isNotEmpty();
            assertThat(median(marking)).as("slots marked per major, %d objects per iteration: %s", specs.size(), marking)
                    .isBetween(Math.round((Long) l[1] * 0.9), Math.round((Long) l[2] * 1.1));
        }
    }

    /** {@code s = X * 10000} and a slice of it embedded in a slot of {@code slotSize} bytes. */
    private static SimResult simulateWithEmbeddedSlice(long n, int slotSize) {
        List<ObjectSpec> specs = List.of(new ObjectSpec(layout.rstringHeap(), 10_001, ObjectSpec.IMMEDIATE, "string"),
                ObjectSpec.dying(layout.heapIndexOfSlot(slotSize), "slice"));
        return new HeapSimulator(layout).run(List.of(new Phase(n, specs)), true);
    }

    @Test
    void anEmbeddedSliceInASecondHeap_makesTheMajorsMarkLonger_andFaultsAsMeasured() {
        // measured 0.116 per iteration (89 GCs): with a second heap the majors mark for about
        // 3,100-3,800 slots where the loop alone marks for about 2,000, and more buffers pile up
        SimResult r = simulateWithEmbeddedSlice((long) MEASURED.get("str10000-embedded-middle")[0], 80);

        assertThat(r.gcCount()).isBetween(85L, 93L);
        assertThat(simulatedPerIteration(r)).isCloseTo(measuredPerIteration("str10000-embedded-middle"),
                org.assertj.core.data.Percentage.withPercentage(25));
    }

    @Test
    void theSliceInBigSlots_faultsLess_thoughNotAsMuchLessAsMeasured() {
        // the always-embed build, 300,000 iterations (the validation lab's fresh 10,000 B rows,
        // lab-3.4.5-variants-bare-20261201, the loop started from the unpatched build's bare heap):
        // 36,440 faults with the slice in 80 B slots, 27,450 in 320 B, 11,160 in 640 B. The
        // simulation has the 80 B count and fewer faults in 640 B, but not the measured drop: it
        // counts about as many in 320 B as in 80 B, and 2.9 times the measured count in 640 B.
        long f80 = simulateWithEmbeddedSlice(300_000, 80).mallocFaults();
        long f640 = simulateWithEmbeddedSlice(300_000, 640).mallocFaults();

        assertThat(f80 / 300_000.0).isCloseTo(36_440 / 300_000.0, org.assertj.core.data.Percentage.withPercentage(25));
        assertThat(f640).as("640 B vs 80 B").isLessThan(f80);
    }

    @Test
    void theTenKilobyteLoops_giveBackAsManyPagesAsTheKernelCounted() {
        // strace's count of the brk calls between the loop's two reads of /proc/self/stat
        // (faults.rb --brk): 34,105 pages in about 300 trims, and with the slice in 80 B slots
        // 26,457 pages in about 1,300. The pages are the simulation's; the trims are not yet: it
        // gives the pages back in 19 and 28 trims of hundreds of pages each, where CRuby's sweep
        // (a malloc and free log of the same loop) reaches the buffers at the top of the heap one
        // at a time, newest first, and each free is a trim of 2 or 3 pages
        SimResult alone = simulate("str10000", 10_000, 0);
        SimResult slice = simulateWithEmbeddedSlice(300_000, 80);

        assertThat(alone.trimmedPages()).isCloseTo(TRIMS.get("str10000")[1], org.assertj.core.data.Percentage.withPercentage(15));
        assertThat(slice.trimmedPages()).isCloseTo(TRIMS.get("str10000-embedded-middle")[1], org.assertj.core.data.Percentage.withPercentage(15));
        assertThat(alone.trims()).isPositive().isLessThanOrEqualTo(alone.trimmedPages());
    }

    @Test
    void theFaultsAreAStartUpTransient_twiceTheIterationsFaultAsOftenInAll() {
        SimResult short1 = simulate("str10000", 10_000, 0);
        SimResult long1 = simulate("str10000-600k", 10_000, 0);

        // measured 42,240 and 42,227 faults: the steady state reuses the same chunks and trims nothing
        assertThat(MEASURED.get("str10000-600k")[2]).isCloseTo(MEASURED.get("str10000")[2],
                org.assertj.core.data.Percentage.withPercentage(2));
        assertThat(long1.mallocFaults()).isEqualTo(short1.mallocFaults());
        assertThat(long1.trimmedPages()).isEqualTo(short1.trimmedPages());
    }

    @Test
    void otherLengthsAndMoreObjects_faultWithinAFactorOfFour() {
        Object[][] loops = {
            {"str2000", 2_000L, 0}, {"str5000", 5_000L, 0}, {"str20000", 20_000L, 0}, {"str20000-2arrays", 20_000L, 2},
            {"str1000", 1_000L, 0}, {"str1000-1array", 1_000L, 1}, {"str1000-3arrays", 1_000L, 3},
        };
        for (Object[] l : loops) {
            String id = (String) l[0];
            double sim = simulatedPerIteration(simulate(id, (Long) l[1], (Integer) l[2]));
            double meas = measuredPerIteration(id);
            assertThat(sim / meas).as("%s: simulated %.4f, measured %.4f faults per iteration", id, sim, meas).isBetween(0.25, 4.0);
        }
    }
}
