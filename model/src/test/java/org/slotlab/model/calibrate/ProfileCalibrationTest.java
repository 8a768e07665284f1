package org.slotlab.model.calibrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.harness.Harness;
import org.slotlab.model.layout.GcParams;
import org.slotlab.model.layout.RubyLayout;

/**
 * {@link ProfileCalibration} on the committed probe outputs of Debian 12's ruby 3.1.2 and of
 * ruby 3.4.5 built from Debian's source ({@code sample-data/measured/layout-*.json} and the
 * calibration readings {@code calibration-*.json.gz}): the layout mapping, the harness states, and
 * a cost fit that converges, reports how well-posed it is and recovers a known profile. Same
 * data, same fit: the checks are about the mapping and the fit, not the machine's speed.
 */
class ProfileCalibrationTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    static final String LAYOUT_31 = "/sample-data/measured/layout-ruby-3.1.2-debian12-x86_64.json";
    static final String LAYOUT_34 = "/sample-data/measured/layout-ruby-3.4.5-debian-exp1-x86_64.json";

    static RubyReport layout(String file) throws Exception {
        try (InputStream in = ProfileCalibrationTest.class.getResourceAsStream(file)) {
            assertThat(in).as(file).isNotNull();
            return RubyReport.fromJson(JSON.readTree(in), file);
        }
    }


    @Test
    void cachesAreReadFromGetconfWhereTheKernelHidesThem() {
        // an AMD EPYC guest whose kernel has no /sys/devices/system/cpu/cpu0/cache: glibc still reads cpuid
        String out = """
                LEVEL1_ICACHE_SIZE                 32768
                LEVEL1_ICACHE_ASSOC               \s
                LEVEL1_DCACHE_SIZE                 49152
                LEVEL1_DCACHE_LINESIZE             64
                LEVEL2_CACHE_SIZE                  1048576
                LEVEL3_CACHE_SIZE                  33554432
                LEVEL4_CACHE_SIZE                 \s
                """;
        var c = ProfileCalibration.parseGetconf(out);
        assertThat(c.l1dBytes()).isEqualTo(49152);
        assertThat(c.l2Bytes()).isEqualTo(1048576);
        assertThat(c.l3Bytes()).isEqualTo(33554432);
        assertThat(c.source()).isEqualTo("getconf -a");
        // a libc that reports no sizes (blank or 0) leaves them unknown, so the fit scans them
        var none = ProfileCalibration.parseGetconf("LEVEL1_DCACHE_SIZE 0\nLEVEL2_CACHE_SIZE\nLEVEL3_CACHE_SIZE 0\n");
        assertThat(none.known()).isFalse();
    }

    @Test
    void layoutOf_ruby31_isOneFortyByteSlotFixedEmbedCapa24() throws Exception {
        RubyLayout l = ProfileCalibration.layoutOf(layout(LAYOUT_31));

        assertThat(l.name()).isEqualTo("calibrated-ruby-3.1.2");
        assertThat(l.slotSizes()).containsExactly(40);
        assertThat(l.embedRule()).isEqualTo(RubyLayout.EmbedRule.FIXED);
        assertThat(l.fixedEmbedCapa()).isEqualTo(24);
        assertThat(l.embedCapa(40)).isEqualTo(24);
        assertThat(l.maxEmbeddedLen()).isEqualTo(23);
        assertThat(l.isEmbeddable(23, 1)).isTrue();
        assertThat(l.isEmbeddable(24, 1)).isFalse();
        assertThat(l.pageSize()).isEqualTo(16_384);
        assertThat(l.embedOffset()).isEqualTo(16);
        assertThat(l.termLen()).isEqualTo(1);
        assertThat(l.gc()).isEqualTo(GcParams.ruby31());
        // the same slots per page as the 3.1 preset (409 minus the aligned first slot)
        assertThat(l.slotsPerPage(0)).isEqualTo(RubyLayout.ruby31().slotsPerPage(0));
    }

    @Test
    void layoutOf_ruby34_isFiveHeaps40To640VariableWidth() throws Exception {
        RubyLayout l = ProfileCalibration.layoutOf(layout(LAYOUT_34));

        assertThat(l.slotSizes()).containsExactly(40, 80, 160, 320, 640);
        assertThat(l.embedRule()).isEqualTo(RubyLayout.EmbedRule.VARIABLE_WIDTH);
        assertThat(l.maxEmbeddedLen()).isEqualTo(615);
        assertThat(l.pageSize()).isEqualTo(65_536);
        assertThat(l.rstringSize()).isEqualTo(40);
        assertThat(l.gc()).isEqualTo(GcParams.ruby34());
        for (int h = 0; h < l.heapCount(); h++) {
            assertThat(l.slotsPerPage(h)).as("heap %d", h).isEqualTo(RubyLayout.ruby34().slotsPerPage(h));
        }
    }

    @Test
    void layoutOf_bootCycle_givesKeptSlotsPagesAndGcsSinceMajor() throws Exception {
        RubyReport r = layout(LAYOUT_34);
        RubyLayout l = ProfileCalibration.layoutOf(r);

        var cycle = r.raw().get("boot_cycle");
        for (int h = 0; h < l.heapCount(); h++) {
            assertThat(l.boot().live(h)).isEqualTo(cycle.get("cycles").get(h).get("kept").asLong());
            assertThat(l.boot().pages(h)).isEqualTo(cycle.get("heap_pages").get(h).asInt());
            assertThat(l.boot().old(h)).isBetween(0L, l.boot().live(h));
        }
        assertThat(l.boot().gcsSinceMajor()).isEqualTo(cycle.get("gcs_since_major").asInt());
    }

    @Test
    void layoutOf_readingWithoutBootCycle_fallsBackToBootStatAsUpperBound() throws Exception {
        RubyReport full = layout(LAYOUT_31);
        ObjectNode raw = ((ObjectNode) full.raw()).deepCopy();
        raw.remove("boot_cycle");

        RubyLayout l = ProfileCalibration.layoutOf(RubyReport.fromJson(raw, "no cycle"));

        assertThat(l.boot().pages(0)).isEqualTo(full.bootGcStat().get("heap_allocated_pages").intValue());
        assertThat(l.boot().live(0)).isEqualTo(full.bootGcStat().get("heap_live_slots"));
        assertThat(l.boot().provenance()).startsWith("upper bound");
    }

    @Test
    void fit_ruby31Quick_convergesWithFiniteNonNegativeCoefficients() throws Exception {
        CalibrationFit f = TimingReportTest.readings(TimingReportTest.READINGS_31).replay().fit();

        assertConverged(f);
        // 3.1 has one slot size: a slot's size cannot be told from taking it
        assertThat(f.coefficient(CostProfile.SLOT_BYTE).fitted()).isFalse();
        assertThat(f.profile().coefficients()).filteredOn(c -> c.name().equals(CostProfile.SLOT_BYTE))
                .singleElement().satisfies(c -> assertThat(c.provenance()).isEqualTo(ProfileCalibration.NOT_DETERMINED));
        assertThat(f.coefficient(CostProfile.METHOD_CALL).fitted()).isTrue();
        assertThat(f.coefficient(CostProfile.METHOD_CALL).lower95()).isPositive();
    }

    @Test
    void fit_ruby34Quick_fitsTheSlotSizeAndGcTermsAndSaysHowWellPosedItIs() throws Exception {
        CalibrationFit f = TimingReportTest.readings(TimingReportTest.READINGS_34).replay().fit();

        assertConverged(f);
        // five slot sizes vary the slot bytes independently of the slot count; GC.start rows isolate a GC's costs
        assertThat(f.coefficient(CostProfile.SLOT_BYTE).fitted()).isTrue();
        assertThat(f.coefficient(CostProfile.GC_MINOR).fitted()).isTrue();
        assertThat(f.coefficient(CostProfile.GC_MARK).fitted()).isTrue();
        assertThat(f.conditionNumber()).isFinite().isGreaterThanOrEqualTo(1.0);
        // every row has a held-out prediction, and the verdict says how many passed
        assertThat(f.rows()).allSatisfy(r -> assertThat(r.heldOutNs()).isFinite());
        assertThat(f.profile().check().summary()).containsPattern("(un)?trusted: ");
    }

    @Test
    void fit_readingsOfEveryHarness_giveEachItsHeap() throws Exception {
        CostProfile p = TimingReportTest.readings(TimingReportTest.READINGS_34).replay().fit().profile();

        assertThat(p.harnesses()).containsKeys(Harness.BARE, Harness.RUBYGEMS, Harness.BENCHMARK_DRIVER);
        // with RubyGems loaded, the 40 B heap the loop finds has more pages and keeps more objects
        assertThat(p.harnesses().get(Harness.RUBYGEMS).boot().pages(0)).isGreaterThan(p.harnesses().get(Harness.BARE).boot().pages(0));
        assertThat(p.harnesses().get(Harness.RUBYGEMS).boot().live(0)).isGreaterThan(p.harnesses().get(Harness.BARE).boot().live(0));
        // benchmark-driver takes its empty loop off; the bare loop's cost stays in
        assertThat(p.harnesses().get(Harness.BENCHMARK_DRIVER).loopNs()).isZero();
        assertThat(p.harnesses().get(Harness.BARE).loopNs()).isPositive();
    }

    @Test
    void theBareBoot_thatNeverCollected_holdsItsGarbage_theSlotsInUseAreAllItAllocated() throws Exception {
        CalibrationReadings r = TimingReportTest.readings(TimingReportTest.READINGS_34);
        RubyLayout l = r.replay().layout();
        JsonNode bareRaw = r.harnesses().stream().filter(h -> h.path("harness").asText().equals("bare")).findFirst().orElseThrow();
        ObjectNode o = bareRaw.deepCopy();
        ObjectNode start = (ObjectNode) o.path("at_start");
        start.put("gc_count", 0);
        var heaps = start.putArray("heaps");
        long[] allocated = {9_494, 1_113, 689, 15, 11};
        int[] pages = {6, 2, 2, 1, 1};
        for (int i = 0; i < allocated.length; i++) {
            heaps.addObject().put("slot_size", l.slotSize(i)).put("pages", pages[i]).put("allocated", allocated[i]).put("freed", 0);
        }
        o.putArray("kept_by_heap").add(6_504).add(962).add(668).add(4).add(5);
        org.slotlab.model.layout.BootState boot = HarnessReading.fromJson(o, "test").toState(l).boot();
        // what a GC would keep is live; until one runs, every object boot made holds its slot
        assertThat(boot.live(0)).isLessThan(9_494);
        assertThat(boot.occupied(0)).isEqualTo(9_494);
        assertThat(boot.occupied(4)).isEqualTo(11);
        // a reading without the per-heap counts: the kept slots stand for the slots in use
        heaps.forEach(h -> ((ObjectNode) h).remove(List.of("allocated", "freed")));
        org.slotlab.model.layout.BootState older = HarnessReading.fromJson(o, "test").toState(l).boot();
        assertThat(older.occupiedSlots()).isEqualTo(older.liveSlots());
    }

    /** A harness reading of the committed 3.4.5 readings with a GC-cost measurement added: {@code usPerGc} in its fastest of 4 repeats. */
    static HarnessReading withGcCycles(JsonNode raw, double usPerGc, long gcs) throws Exception {
        ObjectNode o = raw.deepCopy();
        var arr = o.putArray("gc_cycles");
        // the first repeat is dearer (it starts from the harness's heap mid-cycle) and must not count;
        // of the others the fastest counts, as in the timing probes (the host's drift only slows a repeat)
        double[] slower = {3, 1.4, 1, 1.2};
        for (double f : slower) {
            arr.addObject().put("n", 3_000_000).put("gcs", gcs).put("time_ms", f * usPerGc * gcs / 1000.0);
        }
        return HarnessReading.fromJson(o, "test");
    }

    @Test
    void harnessStates_gcCostPerGc_isWhatTheHarnessHeapAddsOverTheBareBoot() throws Exception {
        CalibrationReadings r = TimingReportTest.readings(TimingReportTest.READINGS_34);
        ProfileCalibration.Calibration c = r.replay();
        CostProfile p = c.fit().profile();
        RubyLayout l = c.layout();
        JsonNode bareRaw = r.harnesses().stream().filter(h -> h.path("harness").asText().equals("bare")).findFirst().orElseThrow();
        JsonNode gemsRaw = r.harnesses().stream().filter(h -> h.path("harness").asText().equals("rubygems")).findFirst().orElseThrow();

        HarnessReading bare = withGcCycles(bareRaw, 52, 600);
        List<org.slotlab.model.harness.HarnessState> at70 = ProfileCalibration.harnessStates(p, l, List.of(bare, withGcCycles(gemsRaw, 70, 900)));
        List<org.slotlab.model.harness.HarnessState> at80 = ProfileCalibration.harnessStates(p, l, List.of(bare, withGcCycles(gemsRaw, 80, 900)));
        List<org.slotlab.model.harness.HarnessState> cheap = ProfileCalibration.harnessStates(p, l, List.of(bare, withGcCycles(gemsRaw, 1, 900)));
        List<org.slotlab.model.harness.HarnessState> noBare = ProfileCalibration.harnessStates(p, l, List.of(withGcCycles(gemsRaw, 70, 900)));

        // the bare boot is what the probes were fitted in: nothing added there
        assertThat(at70.get(0).gcNsPerGc()).isZero();
        // 10 µs more measured per GC in the harness's heap is 10 µs more priced per GC, the first repeat left out
        assertThat(at80.get(1).gcNsPerGc() - at70.get(1).gcNsPerGc()).isCloseTo(10_000, withinPercentage(0.01));
        assertThat(at70.get(1).provenance()).contains("more per GC for its heap", "fastest of 3 repeats", "--disable-gems boot");
        // a GC cannot get cheaper for more objects to mark and sweep: a difference below 0 is noise
        assertThat(cheap.get(1).gcNsPerGc()).isZero();
        // without the bare boot's measurement there is nothing to compare with, and the state says so
        assertThat(noBare.get(0).gcNsPerGc()).isZero();
        assertThat(noBare.get(0).provenance()).contains("not priced");
        // readings taken before the probe measured it: no per-GC cost, and the provenance says why
        List<org.slotlab.model.harness.HarnessState> old = ProfileCalibration.harnessStates(p, l,
                List.of(HarnessReading.fromJson(bareRaw, "t"), HarnessReading.fromJson(gemsRaw, "t")));
        assertThat(old.get(1).gcNsPerGc()).isZero();
        assertThat(old.get(1).provenance()).contains("not measured");
    }

    @Test
    void harnessReading_badGcCycles_namesTheField() throws Exception {
        JsonNode gemsRaw = TimingReportTest.readings(TimingReportTest.READINGS_34).harnesses().get(1);
        ObjectNode o = gemsRaw.deepCopy();
        o.putArray("gc_cycles").addObject().put("n", 1000).put("gcs", 3);

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> HarnessReading.fromJson(o, "harness-rubygems.json"))
                .isInstanceOf(CalibrationException.class).hasMessageContaining("harness-rubygems.json").hasMessageContaining("gc_cycles");
    }

    @Test
    void fit_savedProfile_readsBackWithItsLayoutHarnessesAndVerdict(@TempDir Path dir) throws Exception {
        CalibrationFit f = TimingReportTest.readings(TimingReportTest.READINGS_34).replay().fit();
        Path file = dir.resolve("p.json");
        Files.writeString(file, f.profile().toJson());

        CostProfile back = CostProfile.load(file);

        assertThat(back.layout()).contains(f.profile().layout().orElseThrow());
        for (String name : CostProfile.NAMES) {
            assertThat(back.get(name)).as(name).isEqualTo(f.profile().get(name));
        }
        assertThat(back.harnesses().keySet()).isEqualTo(f.profile().harnesses().keySet());
        assertThat(back.harnesses().get(Harness.RUBYGEMS).boot()).isEqualTo(f.profile().harnesses().get(Harness.RUBYGEMS).boot());
        assertThat(back.harnesses().get(Harness.RUBYGEMS).gcNsPerGc()).isEqualTo(f.profile().harnesses().get(Harness.RUBYGEMS).gcNsPerGc());
        assertThat(back.check()).isEqualTo(f.profile().check());
        assertThat(back.mallocFaults().points()).hasSameSizeAs(f.profile().mallocFaults().points());
    }

    @Test
    void fit_timingsMadeByAKnownProfile_recoversItsDeterminedCoefficients() throws Exception {
        CalibrationReadings r = TimingReportTest.readings(TimingReportTest.READINGS_34);
        RubyLayout l = r.replay().layout();
        TimingReport raw = TimingReport.fromUnits(r.timing(), "readings");
        // the same counts in every repeat of a row, or the fit would see noise the known profile did not make
        List<TimingReport.Row> rows = new ArrayList<>(averaged(raw.rows()));
        // these readings predate the remembered Array's unit: its rows with the counts timing.rb read on 3.4.5
        rows.addAll(rememberedUnit());
        // and the idle heap's sweep
        rows.addAll(emptyUnit());
        TimingReport measured = new TimingReport("quick", "3.4.5", "readings", raw.slotSizes(), 615, true, rows, List.of());
        CostProfile defaults = CostProfile.defaultProfile();
        Map<String, Double> truth = new LinkedHashMap<>();
        int k = 0;
        for (String name : CostProfile.NAMES) {
            // every value differs from the default, so a coefficient left at its default would show;
            // the thresholds are values the scans try
            double v = switch (name) {
                case "cycle_cache_bytes" -> 32.0 * 1024 * 1024;
                case "slot_cycle_cache_bytes" -> 8.0 * 1024 * 1024;
                case "slot_cycle_miss_ns_per_byte" -> 0.2;
                case "l2_cache_bytes" -> 2.0 * 1024 * 1024;
                case "l2_miss_ns_per_slot" -> 40.0;
                // these readings predate the probe's GC-time rows: in every probe loop each allocated object dies, so
                // freeing it and allocating its slot cannot be told apart and the fit holds the sweep at its default
                case "gc_sweep_ns_per_freed" -> defaults.get(name);
                case "slot_touch_window_bytes" -> 192.0;
                // set by the calibration, not fitted: these readings have no malloc_cycle_N units, so every buffer stays in the term
                case "cycle_miss_large_buffer_exempt" -> 0.0;
                // chosen by the same contrast's rows: without them, the hyperbola
                case "cycle_miss_square_ramp" -> 0.0;
                // terms the default profile has at 0: values of the size they have on real machines
                case "gc_minor_ns" -> 21_000.0;
                case "gc_major_ns" -> 150_000.0;
                case "page_fault_ns" -> 900.0;
                case "memcpy_call_ns" -> 4.0;
                case "gc_sweep_ns_per_empty" -> 4.0;
                default -> defaults.get(name) * (1.5 + 0.25 * k++) + 0.5;
            };
            truth.put(name, v);
        }
        List<TimingReport.Row> synthetic = timedBy(measured, l, truth::get, 9.0, true);
        TimingReport st = new TimingReport("synthetic", "3.4.5", "made by a known profile", measured.slotSizes(), 615, true,
                synthetic, List.of());

        CalibrationFit f = ProfileCalibration.fit(st, l, defaults);

        assertThat(f.rSquared()).isGreaterThan(0.999);
        for (CalibrationFit.CoefficientFit c : f.coefficients()) {
            double expected = c.fitted() ? truth.get(c.name()) : defaults.get(c.name());
            assertThat(c.value()).as(c.name()).isCloseTo(expected, withinPercentage(2));
        }
        for (String name : List.of(CostProfile.METHOD_CALL, CostProfile.ALLOC, CostProfile.SLOT_BYTE, CostProfile.COPY,
                CostProfile.SHARED_SETUP, CostProfile.GC_MINOR, CostProfile.GC_MAJOR, CostProfile.GC_MARK, CostProfile.GC_REMEMBERED,
                CostProfile.GC_SWEEP_EMPTY, CostProfile.CYCLE_MISS)) {
            assertThat(f.coefficient(name).fitted()).as(name).isTrue();
        }
        assertThat(f.profile().check().trusted()).isTrue();
    }

    /**
     * The gc_remembered unit as timing.rb ran it on CRuby 3.4.5 (its counts; the times are replaced):
     * an Array of 200,000 old objects, 1,000 minor GCs after a new object dropped or stored into it
     * (GC.stat(:time) left unread, as in the readings they join).
     */
    static List<TimingReport.Row> rememberedUnit() {
        TimingReport.Repeat loop = new TimingReport.Repeat(1_500_000, 0, 0, 7, 195, 0, 207_833, 0, 310_999, -1);
        TimingReport.Repeat gcs = new TimingReport.Repeat(1_000_000_000, 1_000, 0, 1_000, 195, 0, 207_833, 0, 310_999, -1);
        return List.of(
                new TimingReport.Row("gc_remembered", "baseline", "empty_loop_rem", "nil", Map.of(), 100_000, 0, List.of(loop, loop, loop)),
                new TimingReport.Row("gc_remembered", "gc_start", "gc_minor_kept", "Object.new; GC.start(full_mark: false, immediate_sweep: true)",
                        Map.of("calls", 1L, "full", 0L), 1_000, 0, List.of(gcs, gcs, gcs)),
                new TimingReport.Row("gc_remembered", "gc_start", "gc_minor_remembered",
                        "KEEP[0] = Object.new; GC.start(full_mark: false, immediate_sweep: true)",
                        Map.of("calls", 1L, "full", 0L, "remembered_refs", 200_000L), 1_000, 0, List.of(gcs, gcs, gcs)));
    }

    /**
     * The gc_empty units as timing.rb ran them on CRuby 3.4.5 (one repeat of each row of the committed reading
     * calibration-ruby-3.4.5-base-20261203t, its counts; the times are replaced): the same dying Object.new loop
     * beside an idle 80 B heap of 124 pages full of old strings (dense) or holding one in 25 (sparse), as many GCs
     * in both (GC.stat(:time) left unread, as in the readings they join).
     */
    static List<TimingReport.Row> emptyUnit() {
        List<TimingReport.Row> rows = new ArrayList<>();
        for (String kind : List.of("dense", "sparse")) {
            boolean dense = kind.equals("dense");
            TimingReport.Repeat loop = dense
                    ? new TimingReport.Repeat(9_065_786, 0, 0, 0, 177, 0, 161_824, 0, 172_806, -1, List.of(9_254L, 260L, 544L, 379L, 485L))
                    : new TimingReport.Repeat(14_515_019, 0, 0, 0, 176, 0, 59_191, 0, 173_010, -1, List.of(15_887L, 96_259L, 953L, 380L, 280L));
            TimingReport.Repeat run = dense
                    ? new TimingReport.Repeat(266_407_107, 50, 0, 3_000_000, 177, 0, 161_703, 0, 172_806, -1, List.of(9_367L, 264L, 546L, 379L, 487L))
                    : new TimingReport.Repeat(403_745_621, 50, 0, 3_000_000, 174, 0, 59_070, 0, 172_499, -1, List.of(16_000L, 96_263L, 546L, 380L, 282L));
            rows.add(new TimingReport.Row("gc_empty." + kind, "baseline", "empty_loop_idle_" + kind, "nil", Map.of(), 1_000_000, 0,
                    List.of(loop, loop, loop)));
            rows.add(new TimingReport.Row("gc_empty." + kind, "alloc", "object_new_idle_" + kind, "Object.new",
                    Map.of("slots", 1L, "slot_size", 40L, "new_calls", 1L), 3_000_000, 40, List.of(run, run, run)));
        }
        return rows;
    }

    @Test
    void theIdleSweepColumn_countsTheFreeSlotsOfTheHeapsTheLoopLeavesIdle_atEveryGc() throws Exception {
        RubyLayout l = TimingReportTest.readings(TimingReportTest.READINGS_34).replay().layout();
        List<Integer> slots = java.util.Arrays.stream(l.slotSizes()).boxed().toList();
        TimingReport t = new TimingReport("quick", "3.4.5", "gc_empty", slots, 615, true, emptyUnit(), List.of());
        List<ProfileCalibration.DesignRow> design = ProfileCalibration.design(t, l, new ArrayList<>());
        ProfileCalibration.Thresholds any = new ProfileCalibration.Thresholds(8.0 * 1024 * 1024, 256, 1024 * 1024, 8.0 * 1024 * 1024);
        ProfileCalibration.DesignRow sparse = design.stream().filter(d -> d.row().name().equals("object_new_idle_sparse")).findFirst()
                .orElseThrow();
        // 50 GCs per 3,000,000 iterations, each sweeping the free slots of every heap but the 40 B one the loop allocates from
        assertThat(sparse.column(CostProfile.GC_SWEEP_EMPTY, any)).isCloseTo(50.0 / 3_000_000 * (96_263 + 546 + 380 + 282), within(1e-9));
        // and a reading without the units gives the column to no row
        List<TimingReport.Row> without = emptyUnit().stream().map(r -> new TimingReport.Row("idle_" + r.unit().substring(9), r.group(),
                r.name(), r.expr(), r.features(), r.n(), r.sampleMemsize(), r.repeats())).toList();
        TimingReport w = new TimingReport("quick", "3.4.5", "renamed", slots, 615, true, without, List.of());
        assertThat(ProfileCalibration.design(w, l, new ArrayList<>())).allSatisfy(d -> assertThat(d.column(CostProfile.GC_SWEEP_EMPTY, any))
                .isZero());
    }

    /** A term whose probe unit came after these readings: the remembered Array's walk, the idle heap's sweep. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"gc_remembered_ns_per_ref, gc_remembered", "gc_sweep_ns_per_empty, gc_empty"})
    void aReadingWithoutATermsUnit_keepsTheDefaultValue_andSaysWhy(String term, String unit) throws Exception {
        CalibrationReadings r = TimingReportTest.readings(TimingReportTest.READINGS_34);
        CalibrationFit f = r.replay().fit();
        assertThat(f.coefficient(term).fitted()).isFalse();
        assertThat(f.profile().get(term)).isEqualTo(CostProfile.defaultProfile().get(term));
        assertThat(f.coefficient(term).note()).contains("no '" + unit + "' probe unit");
    }

    /** Rows whose repeats all carry the mean counts of the row's repeats (so the fit's columns are exact). */
    private static List<TimingReport.Row> averaged(List<TimingReport.Row> rows) {
        List<TimingReport.Row> out = new ArrayList<>();
        for (TimingReport.Row r : rows) {
            TimingReport.Repeat first = r.repeats().get(0);
            List<TimingReport.Repeat> reps = new ArrayList<>();
            for (int i = 0; i < r.repeats().size(); i++) {
                reps.add(first);
            }
            out.add(new TimingReport.Row(r.unit(), r.group(), r.name(), r.expr(), r.features(), r.n(), r.sampleMemsize(), reps));
        }
        return out;
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({
        // file, slot sizes of its layout
        "profile-ruby-3.1.2-debian12-x86_64.json, 40",
        "profile-ruby-3.4.5-debian-exp1-x86_64.json, 40 80 160 320 640"})
    void committedProfiles_loadWithTheLayoutTheyWereFittedOn(String file, String slots, @TempDir Path dir) throws Exception {
        Path copy = dir.resolve(file);
        try (InputStream in = ProfileCalibrationTest.class.getResourceAsStream("/sample-data/measured/" + file)) {
            assertThat(in).as(file).isNotNull();
            Files.copy(in, copy);
        }

        CostProfile p = CostProfile.load(copy);

        assertThat(p.layout().orElseThrow().slotSizes())
                .containsExactly(java.util.Arrays.stream(slots.split(" ")).mapToInt(Integer::parseInt).toArray());
        assertThat(p.coefficients()).allSatisfy(c -> assertThat(c.provenance())
                .satisfiesAnyOf(v -> assertThat(v).startsWith("fitted: timing.rb quick"), v -> assertThat(v).startsWith("scanned: timing.rb quick"),
                        v -> assertThat(v).startsWith("read: the machine's L2 cache per core (L1d "),
                        v -> assertThat(v).startsWith("not in this profile file (written before the term existed): 0"),
                        v -> assertThat(v).isEqualTo(ProfileCalibration.NOT_DETERMINED)));
        assertThat(p.harnesses()).isNotEmpty();
    }

    static void assertConverged(CalibrationFit f) {
        assertThat(f.coefficients()).extracting(CalibrationFit.CoefficientFit::name).containsExactlyElementsOf(CostProfile.NAMES);
        assertThat(f.coefficients()).allSatisfy(c -> {
            assertThat(Double.isFinite(c.value())).as(c.name()).isTrue();
            assertThat(c.value()).as(c.name()).isGreaterThanOrEqualTo(0);
        });
        assertThat(f.coefficients()).filteredOn(CalibrationFit.CoefficientFit::fitted).hasSizeGreaterThanOrEqualTo(4);
        assertThat(f.rSquared()).isBetween(0.0, 1.0);
        assertThat(f.rows()).allSatisfy(r -> assertThat(r.residualNs()).isCloseTo(r.measuredNs() - r.predictedNs(),
                org.assertj.core.api.Assertions.within(1e-9)));
        assertThat(f.profile().layout()).isPresent();
    }

    /** A 3.4.5 quick reading of {@code row} and its unit's empty loop (20 ns per iteration). */
    private static TimingReport withEmptyLoop(TimingReport.Row row, boolean faultsMeasured) {
        List<TimingReport.Repeat> loopReps = List.of(new TimingReport.Repeat(20_000_000, 0, 0, 0, 30, 0, 10_000, 1, 40_000, 0));
        return new TimingReport("quick", "3.4.5", "ruby 3.4.5", List.of(40, 80, 160, 320, 640), 615, faultsMeasured, List.of(
                new TimingReport.Row(row.unit(), "baseline", "empty_loop", "nil", Map.of(), row.n(), 0, loopReps), row), List.of());
    }

    @Test
    void aRowWhoseGcTimeWasRead_isFittedAsItsGcTime_andItsTimeOutsideGc() {
        RubyLayout l = RubyLayout.ruby34();
        long n = 1_000_000;
        // two repeats: 90 ms with 40 ms of GC, 80 ms with 35 ms; the empty loop 20 ms
        List<TimingReport.Repeat> reps = List.of(
                new TimingReport.Repeat(90_000_000, 150, 0, n, 30, 0, 10_000, 1, 40_000, 40),
                new TimingReport.Repeat(80_000_000, 150, 0, n, 30, 0, 10_000, 1, 40_000, 35));
        TimingReport t = withEmptyLoop(new TimingReport.Row("slices", "middle", "middle_100", "SRC[1, 100]", Map.of("calls", 1L,
                "slots", 1L, "slot_size", 160L, "copied_bytes", 100L), n, 0, reps), true);

        List<ProfileCalibration.DesignRow> d = ProfileCalibration.design(t, l, new ArrayList<>());

        assertThat(d).extracting(ProfileCalibration.DesignRow::equation)
                .containsExactly(ProfileCalibration.Equation.OUTSIDE_GC, ProfileCalibration.Equation.GC_TIME);
        ProfileCalibration.DesignRow outside = d.get(0);
        // the least of each repeat's own time outside GC (45 and 50 ns), net of the empty loop
        assertThat(outside.y()).isEqualTo(45.0 - 20.0, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(outside.name()).isEqualTo("slices/middle_100 (outside GC)");
        for (String gc : ProfileCalibration.GC_TERMS) {
            assertThat(outside.columns().getOrDefault(gc, 0.0)).as(gc).isZero();
        }
        assertThat(outside.columns().get(CostProfile.COPY)).isEqualTo(100.0);
        ProfileCalibration.DesignRow gcTime = d.get(1);
        assertThat(gcTime.y()).isEqualTo(35.0, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(gcTime.columns().get(CostProfile.GC_SWEEP_FREE)).isEqualTo(1.0);
        assertThat(gcTime.columns()).doesNotContainKey(CostProfile.COPY);
    }

    @Test
    void aRowsPageFaults_areThoseOfTheRepeatWhoseTimeIsFitted_notTheMeanOfAll() {
        RubyLayout l = RubyLayout.ruby34();
        long n = 1_000_000;
        // glibc's mmap threshold grows within a process: one repeat reuses what the others mapped and
        // faults 10,000 times where they fault 780,000, and it is the fastest (700 ms against 1,500 ms)
        List<TimingReport.Repeat> reps = List.of(
                new TimingReport.Repeat(1_500_000_000, 100, 0, n, 30, 780_000, 10_000, 1, 40_000, 20),
                new TimingReport.Repeat(700_000_000, 100, 0, n, 30, 10_000, 10_000, 2, 40_000, 20),
                new TimingReport.Repeat(1_510_000_000, 100, 0, n, 30, 780_000, 10_000, 3, 40_000, 20));
        TimingReport.Row row = new TimingReport.Row("strings", "string_malloc", "string_malloc_len16000", "X * 16000", Map.of("calls", 1L,
                "slots", 1L, "slot_size", 40L, "malloc_bytes", 16_001L, "malloc_copied_bytes", 16_000L), n, 0, reps);
        TimingReport t = withEmptyLoop(row, true);

        List<ProfileCalibration.DesignRow> d = ProfileCalibration.design(t, l, new ArrayList<>());

        ProfileCalibration.DesignRow outside = d.get(0);
        assertThat(outside.equation()).isEqualTo(ProfileCalibration.Equation.OUTSIDE_GC);
        // the fastest repeat's 680 ns outside GC came with 0.01 faults per iteration; the mean (0.52) would price each fault at a third
        assertThat(outside.y()).isEqualTo(680.0 - 20.0, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(outside.columns().get(CostProfile.PAGE_FAULT)).isEqualTo(0.01, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(t.rows().get(1).faultsPerIteration()).isGreaterThan(0.5);
        // a reading without fault counts gives the column to no row
        TimingReport blind = withEmptyLoop(row, false);
        assertThat(ProfileCalibration.design(blind, l, new ArrayList<>())).allSatisfy(x -> assertThat(x.columns().getOrDefault(CostProfile.PAGE_FAULT, 0.0))
                .isZero());
    }

    @Test
    void aRowThatIsNearlyAllGc_keepsOneEquationOfItsWholeTime() {
        RubyLayout l = RubyLayout.ruby34();
        long n = 300;
        // GC.start(full_mark: true) per iteration: 180 ms of GC, 2 ms outside it, in whole milliseconds
        List<TimingReport.Repeat> reps = List.of(new TimingReport.Repeat(182_000_000, 0, 300, n, 30, 0, 10_000, 1, 40_000, 180));
        List<TimingReport.Repeat> loopReps = List.of(new TimingReport.Repeat(3_000, 0, 0, 0, 30, 0, 10_000, 1, 40_000, 0));
        TimingReport t = new TimingReport("quick", "3.4.5", "ruby 3.4.5", List.of(40, 80, 160, 320, 640), 615, true, List.of(
                new TimingReport.Row("gc_boot", "baseline", "empty_loop", "nil", Map.of(), n, 0, loopReps),
                new TimingReport.Row("gc_boot", "gc_start", "gc_major_boot", "GC.start(full_mark: true, immediate_sweep: true)",
                        Map.of("calls", 1L, "full", 1L), n, 0, reps)), List.of());

        List<ProfileCalibration.DesignRow> d = ProfileCalibration.design(t, l, new ArrayList<>());

        assertThat(d).extracting(ProfileCalibration.DesignRow::equation)
                .containsExactly(ProfileCalibration.Equation.WALL, ProfileCalibration.Equation.GC_TIME);
        assertThat(d.get(0).columns().get(CostProfile.GC_MAJOR)).as("the whole time keeps its GC terms").isGreaterThan(0);
    }

    /**
     * The rows of {@code measured}, every repeat timed at exactly what the profile {@code truth} (by
     * coefficient name) predicts for it over a loop of {@code loopNs}, its counts as measured; each
     * row's memsize kept, or 0.
     */
    static List<TimingReport.Row> timedBy(TimingReport measured, RubyLayout l, java.util.function.ToDoubleFunction<String> truth, double loopNs,
            boolean keepMemsize) throws CalibrationException {
        ProfileCalibration.Thresholds t = new ProfileCalibration.Thresholds(truth.applyAsDouble(CostProfile.CYCLE_CACHE),
                truth.applyAsDouble(CostProfile.SLOT_WINDOW), truth.applyAsDouble(CostProfile.L2_CACHE),
                truth.applyAsDouble(CostProfile.SLOT_CYCLE_CACHE));
        List<ProfileCalibration.DesignRow> design = ProfileCalibration.design(measured, l, new ArrayList<>());
        List<TimingReport.Row> synthetic = new ArrayList<>();
        for (TimingReport.Row row : measured.rows()) {
            double ns = loopNs;
            for (ProfileCalibration.DesignRow d : design) {
                if (d.row() == row) {
                    for (String name : CostProfile.NAMES) {
                        if (!ProfileCalibration.THRESHOLDS.contains(name)) {
                            ns += truth.applyAsDouble(name) * d.column(name, t);
                        }
                    }
                }
            }
            List<TimingReport.Repeat> reps = new ArrayList<>();
            for (TimingReport.Repeat rep : row.repeats()) {
                reps.add(new TimingReport.Repeat(Math.round(ns * row.n()), rep.minorGc(), rep.majorGc(), rep.allocatedObjects(),
                        rep.heapPages(), rep.minorFaults(), rep.liveSlots(), rep.process(), rep.heapSlots(), rep.gcTimeMs(), rep.heapFree()));
            }
            synthetic.add(new TimingReport.Row(row.unit(), row.group(), row.name(), row.expr(), row.features(), row.n(),
                    keepMemsize ? row.sampleMemsize() : 0, reps));
        }
        return synthetic;
    }

    @Test
    void unitsThatRanAgainForTheirNoise_areCountedInTheCheck() {
        java.util.function.IntFunction<TimingReport.Repeat> inProcess = p -> new TimingReport.Repeat(1_000, 0, 0, 0, 1, 0, 0, p);
        List<TimingReport.Row> rows = List.of(
                new TimingReport.Row("a", "call", "x", "x", Map.of(), 1, 0, List.of(inProcess.apply(0), inProcess.apply(1))),
                new TimingReport.Row("b", "call", "y", "y", Map.of(), 1, 0,
                        List.of(inProcess.apply(0), inProcess.apply(1), inProcess.apply(2), inProcess.apply(3))));

        String quick = ProfileCalibration.unitsRunAgain(new TimingReport("quick", "3.4.5", "test", List.of(40), 23, true, rows, List.of()));
        String thorough = ProfileCalibration.unitsRunAgain(new TimingReport("thorough", "3.4.5", "test", List.of(40), 23, true, rows,
                List.of()));

        assertThat(quick).startsWith("1 of 2 probe units ran in more than the 2 processes quick mode gives them");
        assertThat(thorough).startsWith("1 of 2 probe units ran in more than the 3 processes thorough mode gives them");
        assertThat(ProfileCalibration.unitsRunAgain(new TimingReport("synthetic", "3.4.5", "test", List.of(40), 23, true, rows, List.of())))
                .isNull();
    }
    @Test
    void aFreshBufferAndAnEmbeddedCopyPerIteration_areTwoSlotsOneBufferAndBothCopies() {
        RubyLayout l = RubyLayout.ruby34();
        TimingReport.Row row = new TimingReport.Row("cycle_copy_4000", "cycle_copy", "cycle_copy_4000", "s = X * 1000; SRC.byteslice(1, 500)",
                Map.of("calls", 2L, "source_len", 1000L, "copied_bytes", 500L, "slot_size", 640L, "init_slots", 4000L), 10, 0, List.of());
        ProfileCalibration.RowEvents e = ProfileCalibration.eventsOf(row, l, new StringBuilder());
        assertThat(e).isNotNull();
        // the fresh source's 40 B RString, and the slice's 640 B slot (501 bytes with the terminator do not fit 320 B)
        assertThat(e.slots()).containsExactly(40, 640);
        assertThat(e.mallocBytes()).as("the source's buffer, terminator included").isEqualTo(1001);
        assertThat(e.events().mallocs()).isEqualTo(1);
        assertThat(e.events().bytesCopied()).as("the fill of the buffer and the copy into the slot").isEqualTo(1500);
        assertThat(e.events().mallocBytesCopied()).isEqualTo(1000);
        assertThat(e.events().embeddedWrites()).as("only the slice is written into the slot it was given").isEqualTo(1);
        assertThat(e.events().methodCalls()).isEqualTo(2);
    }

    @Test
    void theHeapsOfACycleCopyRow_holdItsInitSlots_orWhatOneCycleHandsOut_whicheverIsMore() {
        TimingReport.Row row = new TimingReport.Row("cycle_copy_8000", "cycle_copy", "cycle_copy_8000", "s = X * 1000; SRC.byteslice(1, 500)",
                Map.of("calls", 2L, "source_len", 1000L, "copied_bytes", 500L, "slot_size", 640L, "init_slots", 8000L), 1_000_000, 0, List.of());
        // 4,000 iterations a GC cycle: the 640 B heap was given 8,000 slots at boot, the 40 B heap holds what one cycle hands out
        ProfileCalibration.DesignRow d = new ProfileCalibration.DesignRow(row, 300, 0.05, Map.of(), List.of(40, 640), 1681, 1 / 4000.0 - 1e-6);

        assertThat(d.heapBytes()).isCloseTo(8000 * 640 + 4000 * 40, within(2.0));
        ProfileCalibration.Thresholds below = new ProfileCalibration.Thresholds(1e9, 256, 1e6, 4e6);
        ProfileCalibration.Thresholds above = new ProfileCalibration.Thresholds(1e9, 256, 1e6, 8e6);
        assertThat(d.column(CostProfile.SLOT_CYCLE_MISS, below)).as("every slot byte, once the heaps hold more").isEqualTo(680.0);
        assertThat(d.column(CostProfile.SLOT_CYCLE_MISS, above)).isZero();
    }
}
