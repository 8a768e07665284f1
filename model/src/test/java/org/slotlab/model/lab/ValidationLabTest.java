package org.slotlab.model.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slotlab.model.calibrate.CalibrationFit;
import org.slotlab.model.calibrate.CalibrationReadings;
import org.slotlab.model.calibrate.TimingReport;
import org.slotlab.model.cost.CostProfile;

/**
 * Replays the validation lab's committed measurements (sample-data/measured/lab): CRuby 3.4.5 and
 * four builds of it patched the way the Feature #22186 thread proposes
 * (https://bugs.ruby-lang.org/issues/22186), each predicted from the calibration of the
 * <b>unpatched</b> build alone (its readings fitted again with the model as it is now), never from
 * the patched runs; and the GC counts of single-heap loops on 3.4.5 and 3.1.2. The assertions are
 * the scoreboard's levels as docs/FIT.md reports them, so a change to the model that makes any of
 * them worse fails here; they are not the lab's targets (docs/FIT.md says how far from them the
 * model is, and why).
 */
class ValidationLabTest {

    private static final String LAB = "/sample-data/measured/lab/";

    @Test
    void theSecondHost_withTheProbeOfABufferAndAnEmbeddedCopyPerCycle() throws Exception {
        // the same AMD EPYC virtual machine that afternoon, its calibration with the cycle_copy units
        CostProfile p = profile("calibration-ruby-3.4.5-base-20261205b.json.gz");
        assertThat(p.trusted()).isTrue();
        assertThat(p.caches().source()).isEqualTo("getconf -a");
        // the cycle_copy units place the step where a copy's first lines start to wait for DRAM: each memcpy call
        // beyond an 8 MiB cache at 7.6 ± 1.6 ns, the byte term small beside it
        assertThat(p.get(CostProfile.CYCLE_CACHE)).isLessThan(32.0 * 1024 * 1024);
        assertThat(p.get(CostProfile.CYCLE_MISS_CALL)).isBetween(4.0, 12.0);
        Scoreboard s = variants("lab-3.4.5-variants-harness-20261205b.json.gz", new LabPredictor(p));
        Scoreboard.Tally all = s.tallies().get("all");
        assertThat(s.resolvesTolerance()).isTrue();
        assertThat(all.rows()).isEqualTo(46);
        // 41 of 46 within ±10%; one row on the wrong side of 1.0, by a hair and inside its own runs' spread: the
        // 200 B suffix of a fresh 1,000 B source under benchmark-ips on cutoff-256, predicted 0.990 against 1.122
        // (its runs 0.911..1.411; always-embed runs the same code and measured 1.095, predicted 0.991)
        assertThat(all.within()).as("rows within ±10%").isGreaterThanOrEqualTo(41);
        assertThat(s.ratios()).filteredOn(r -> r.changed() && r.wrongSide())
                .allSatisfy(r -> assertThat(r.row() + " " + r.harness() + " " + r.variant())
                        .isEqualTo("subseq-fresh1000-suffix-200 benchmark-ips cutoff-256"));
        assertThat(s.gcs()).isNotEmpty().allSatisfy(g -> assertThat(g.within()).as(g.row() + " " + g.harness()).isTrue());

        // its bare loops: 90 of 109 within ±10%, none on the wrong side
        Scoreboard bare = variants("lab-3.4.5-variants-bare-20261205b.json.gz", new LabPredictor(p));
        Scoreboard.Tally bareAll = bare.tallies().get("all");
        assertThat(bare.resolvesTolerance()).isTrue();
        assertThat(bareAll.rows()).isEqualTo(109);
        assertThat(bareAll.within()).as("bare rows within ±10%").isGreaterThanOrEqualTo(90);
        assertThat(bareAll.wrongSide()).as("bare rows on the wrong side of 1.0").isZero();
        assertThat(bare.gcs()).isNotEmpty().allSatisfy(g -> assertThat(g.within()).as(g.row() + " on " + g.ruby()).isTrue());
    }

    @Test
    void theSecondHostOnceMore_afterTheMemoryTermPricedEachCopy_onFilesItNeverSaw() throws Exception {
        // the same AMD EPYC virtual machine, 2026-12-06 00:31-01:40 UTC, measured after the per-copy term was chosen
        CostProfile p = profile("calibration-ruby-3.4.5-base-20261206a.json.gz");
        assertThat(p.trusted()).isTrue();
        assertThat(p.get(CostProfile.CYCLE_CACHE)).isLessThan(32.0 * 1024 * 1024);
        assertThat(p.get(CostProfile.CYCLE_MISS_CALL)).isBetween(4.0, 14.0);
        Scoreboard s = variants("lab-3.4.5-variants-harness-20261206a.json.gz", new LabPredictor(p));
        Scoreboard.Tally all = s.tallies().get("all");
        assertThat(s.resolvesTolerance()).isTrue();
        assertThat(all.rows()).isEqualTo(46);
        // 44 of 46 within ±10% (96%); one row on the wrong side, the same noisy one as the afternoon before: the 200 B
        // suffix of a fresh 1,000 B source on cutoff-256 under benchmark-ips, 1.159 measured (its runs 0.966..1.663),
        // 0.979 predicted
        assertThat(all.within()).as("rows within ±10%").isGreaterThanOrEqualTo(44);
        assertThat(s.ratios()).filteredOn(r -> r.changed() && r.wrongSide())
                .allSatisfy(r -> assertThat(r.row() + " " + r.harness() + " " + r.variant())
                        .isEqualTo("subseq-fresh1000-suffix-200 benchmark-ips cutoff-256"));
        assertThat(s.gcs()).isNotEmpty().allSatisfy(g -> assertThat(g.within()).as(g.row() + " " + g.harness()).isTrue());

        // its bare loops: 102 of 109 within ±10% (93 before the lazy sweep was simulated page by page, which brought the
        // fresh 10,000 B source's rows in); two on the wrong side, the fresh 1,000 B source's 500 and 615 B suffixes in
        // 640 B slots (0.81 measured, 1.05 and 1.04 predicted), the step this host takes past an 8 MiB cycle
        Scoreboard bare = variants("lab-3.4.5-variants-bare-20261206a.json.gz", new LabPredictor(p));
        Scoreboard.Tally bareAll = bare.tallies().get("all");
        assertThat(bareAll.rows()).isEqualTo(109);
        assertThat(bareAll.within()).as("bare rows within ±10%").isGreaterThanOrEqualTo(102);
        assertThat(bare.ratios()).filteredOn(r -> r.changed() && r.wrongSide())
                .allSatisfy(r -> assertThat(r.row() + " " + r.harness() + " " + r.variant())
                        .matches("subseq-fresh1000-suffix-(500|615) bare always-embed"));
        assertThat(bare.gcs()).isNotEmpty().allSatisfy(g -> assertThat(g.within()).as(g.row() + " on " + g.ruby()).isTrue());
    }

    @Test
    void aHostThatNamesItsCaches_withSevenHarnessRuns() throws Exception {
        // an AMD EPYC virtual machine whose /sys names its caches (L2 1 MiB, L3 32 MiB), 2026-12-06 20:24-21:36 UTC
        CostProfile p = profile("calibration-ruby-3.4.5-base-20261206b.json.gz");
        assertThat(p.trusted()).isTrue();
        assertThat(p.caches().source()).isEqualTo("/sys/devices/system/cpu/cpu0/cache");
        assertThat(p.caches().l2Bytes()).isEqualTo(1L << 20);
        assertThat(p.get(CostProfile.L2_CACHE)).isEqualTo(1024.0 * 1024);
        Scoreboard s = variants("lab-3.4.5-variants-harness-20261206b.json.gz", new LabPredictor(p));
        Scoreboard.Tally all = s.tallies().get("all");
        assertThat(s.resolvesTolerance()).isTrue();
        assertThat(all.rows()).isEqualTo(46);
        // 40 of 46 within ±10% (87%); on the wrong side only the 200 B suffix of a fresh 1,000 B source embedded under
        // benchmark-ips, where the model charges 53 ns for memory beyond the cache that the measured runs do not pay
        assertThat(all.within()).as("rows within ±10%").isGreaterThanOrEqualTo(40);
        assertThat(s.ratios()).filteredOn(r -> r.changed() && r.wrongSide())
                .allSatisfy(r -> assertThat(r.row() + " " + r.harness() + " " + r.variant())
                        .matches("subseq-fresh1000-suffix-200 benchmark-ips (always-embed|cutoff-256)"));
        assertThat(s.gcs()).isNotEmpty().allSatisfy(g -> assertThat(g.within()).as(g.row() + " " + g.harness()).isTrue());

        // its bare loops, on a host too noisy that half hour to test ±10% (identical code within it in 113 of 119 rows)
        Scoreboard bare = variants("lab-3.4.5-variants-bare-20261206b.json.gz", new LabPredictor(p));
        Scoreboard.Tally bareAll = bare.tallies().get("all");
        assertThat(bare.resolvesTolerance()).isFalse();
        assertThat(bareAll.rows()).isEqualTo(109);
        assertThat(bareAll.within()).as("bare rows within ±10%").isGreaterThanOrEqualTo(80);
        assertThat(bareAll.wrongSide()).as("bare rows on the wrong side").isLessThanOrEqualTo(2);
        assertThat(bare.gcs()).isNotEmpty().allSatisfy(g -> assertThat(g.within()).as(g.row() + " on " + g.ruby()).isTrue());
    }

    @Test
    void aThirdHost_calibratedWithTheSliceInBothLargeSlotSizes_onFilesItNeverSaw() throws Exception {
        // an AMD EPYC virtual machine of CPU family 26 (L2 1 MiB per core, L3 32 MiB), 2026-12-06 23:03-23:45 UTC; the
        // calibration's cycle_copy units copy the slice into 640 B and into 320 B slots at the same malloc'd bytes
        CostProfile p = profile("calibration-ruby-3.4.5-base-20261206c.json.gz");
        assertThat(p.trusted()).isTrue();
        assertThat(p.caches().l2Bytes()).isEqualTo(1L << 20);
        assertThat(p.get(CostProfile.SLOT_CYCLE_MISS)).as("the slots' own cost beyond the heaps' size is fitted, not held").isPositive();
        assertThat(p.coefficients()).filteredOn(c -> c.name().equals(CostProfile.SLOT_CYCLE_CACHE)).singleElement()
                .satisfies(c -> assertThat(c.provenance()).startsWith("scanned"));

        Scoreboard s = variants("lab-3.4.5-variants-harness-20261206c.json.gz", new LabPredictor(p));
        Scoreboard.Tally all = s.tallies().get("all");
        assertThat(s.resolvesTolerance()).isTrue();
        assertThat(all.rows()).isEqualTo(46);
        assertThat(all.within()).as("rows within ±10%").isGreaterThanOrEqualTo(45);
        assertThat(all.wrongSide()).as("rows on the wrong side").isZero();
        // the unpatched build under RubyGems: 853-854 GCs measured, 896 simulated
        assertThat(s.gcs()).isNotEmpty().allSatisfy(g -> assertThat(Math.abs(g.error())).as(g.row() + " " + g.harness()).isLessThan(0.051));
        assertThat(s.gcs()).filteredOn(Scoreboard.GcRow::within).hasSizeGreaterThanOrEqualTo(13);

        // a quiet hour: identical code within ±10% in 119 of 119 bare rows, so the file tests a ±10% prediction
        Scoreboard bare = variants("lab-3.4.5-variants-bare-20261206c.json.gz", new LabPredictor(p));
        Scoreboard.Tally bareAll = bare.tallies().get("all");
        assertThat(bare.resolvesTolerance()).isTrue();
        assertThat(bareAll.rows()).isEqualTo(109);
        assertThat(bareAll.within()).as("bare rows within ±10%").isGreaterThanOrEqualTo(88);
        assertThat(bareAll.wrongSide()).as("bare rows on the wrong side").isZero();
        // the miss this host shows: a fresh 10,000 B source, embedding builds measured 0.40-0.49, predicted 0.73-0.84
        assertThat(bare.ratios()).filteredOn(r -> r.changed() && !r.within() && !r.row().startsWith("subseq-fresh10000-")).hasSizeLessThanOrEqualTo(2);
        assertThat(bare.gcs()).isNotEmpty().allSatisfy(g -> assertThat(g.within()).as(g.row() + " on " + g.ruby()).isTrue());
    }

    @Test
    void theThirdHostAgain_withTheMallocLimitContrast_placesTheBufferTermBelowItsL3() throws Exception {
        // the same AMD EPYC host, 2026-12-07 01:23-02:02 UTC; the calibration times 10,000 B strings with the malloc
        // limit held at 8 to 48 MB (malloc_cycle_N), apart from the faults unit's 100,000-400,000 B ones
        CostProfile p = profile("calibration-ruby-3.4.5-base-20261207a.json.gz");
        assertThat(p.trusted()).isTrue();
        assertThat(p.get(CostProfile.LARGE_BUFFER_EXEMPT)).isEqualTo(1.0);
        assertThat(p.get(CostProfile.CYCLE_CACHE)).as("placed below the machine's 32 MiB L3").isLessThan(32.0 * 1024 * 1024);
        assertThat(p.get(CostProfile.CYCLE_MISS)).isPositive();
        // a reading without the contrast keeps every buffer in the term, as before
        CostProfile without = profile("calibration-ruby-3.4.5-base-20261206c.json.gz");
        assertThat(without.get(CostProfile.LARGE_BUFFER_EXEMPT)).isZero();
        assertThat(without.get(CostProfile.CYCLE_MISS_SQUARE_RAMP)).as("the hyperbola, without the contrast").isZero();

        Scoreboard bare = variants("lab-3.4.5-variants-bare-20261207a.json.gz", new LabPredictor(p));
        Scoreboard.Tally all = bare.tallies().get("all");
        assertThat(all.rows()).isEqualTo(109);
        assertThat(all.within()).as("bare rows within ±10%").isGreaterThanOrEqualTo(98);
        assertThat(all.wrongSide()).as("bare rows on the wrong side").isZero();
        // the fresh 10,000 B source: measured 0.41-0.47 on the embedding builds, predicted 0.75 before the contrast
        assertThat(bare.ratios()).filteredOn(r -> r.row().startsWith("subseq-fresh10000-") && r.changed()).hasSize(19)
                .allSatisfy(r -> assertThat(r.predicted()).as(r.row() + " " + r.variant()).isLessThan(0.6));
        // the contrast's own rows choose how the share beyond the cache grows: here a quarter of the square ramp
        assertThat(p.get(CostProfile.CYCLE_MISS_SQUARE_RAMP)).isEqualTo(0.25);
        assertThat(bare.ratios()).filteredOn(r -> r.row().startsWith("subseq-fresh10000-") && r.changed() && r.within())
                .as("fresh 10,000 B rows within ±10%").hasSizeGreaterThanOrEqualTo(11);
        assertThat(bare.gcs()).isNotEmpty().allSatisfy(g -> assertThat(g.within()).as(g.row() + " on " + g.ruby()).isTrue());
    }

    @Test
    void theProbesRead_theHeapWithoutObjspace_andTheRubyGemsLoopsGcCountsCloseIn() throws Exception {
        // the same host, 2026-12-07 02:13-02:40 UTC: layout.rb and harness.rb read what a GC keeps before loading
        // objspace; the unpatched build's GCs under RubyGems came out +4.8 to +5.0% in every earlier AMD harness file
        CostProfile p = profile("calibration-ruby-3.4.5-base-20261207b.json.gz");
        assertThat(p.trusted()).isTrue();
        assertThat(p.get(CostProfile.LARGE_BUFFER_EXEMPT)).isEqualTo(1.0);
        assertThat(p.get(CostProfile.CYCLE_CACHE)).isLessThan(32.0 * 1024 * 1024);

        Scoreboard s = variants("lab-3.4.5-variants-harness-20261207b.json.gz", new LabPredictor(p));
        Scoreboard.Tally all = s.tallies().get("all");
        assertThat(all.rows()).isEqualTo(23);
        assertThat(all.within()).as("RubyGems rows within ±10%").isEqualTo(23);
        assertThat(all.wrongSide()).isZero();
        // 853-854 measured, 873 simulated
        assertThat(s.gcs()).hasSize(8).allSatisfy(g -> assertThat(Math.abs(g.error())).as(g.row() + " " + g.harness()).isLessThan(0.03));

        Scoreboard bare = variants("lab-3.4.5-variants-bare-20261207b.json.gz", new LabPredictor(p));
        Scoreboard.Tally bareAll = bare.tallies().get("all");
        assertThat(bareAll.within()).as("bare rows within ±10%").isGreaterThanOrEqualTo(107);
        assertThat(bareAll.wrongSide()).isZero();
        // half the square ramp, chosen by the contrast's rows: the fresh 10,000 B source's embedding builds, measured
        // 0.42-0.48, come out 0.50-0.58 with the hyperbola and within ±10% in 17 of 19 rows with this share
        assertThat(p.get(CostProfile.CYCLE_MISS_SQUARE_RAMP)).isEqualTo(0.5);
        assertThat(bare.ratios()).filteredOn(r -> r.row().startsWith("subseq-fresh10000-") && r.changed() && r.within())
                .as("fresh 10,000 B rows within ±10%").hasSizeGreaterThanOrEqualTo(17);
        // 585 measured, 594 simulated (605 from the readings with objspace loaded)
        assertThat(bare.gcs()).isNotEmpty().allSatisfy(g -> assertThat(Math.abs(g.error())).as(g.row() + " on " + g.ruby()).isLessThan(0.03));

        // the same subset under benchmark-ips, 03:05-03:24: the whole report's GCs, warm-up included
        Scoreboard ips = variants("lab-3.4.5-variants-ips-20261207b.json.gz", new LabPredictor(p));
        assertThat(ips.tallies().get("all").within()).as("benchmark-ips rows within ±10%").isGreaterThanOrEqualTo(22);
        assertThat(ips.tallies().get("all").wrongSide()).isZero();
        assertThat(ips.gcs()).hasSize(8).allSatisfy(g -> assertThat(Math.abs(g.error())).as(g.row() + " " + g.harness()).isLessThan(0.01));
    }

    @Test
    void aSessionTakenAfterTheShapeWasChosen_scoresAsTheCalibrationOfItsHourPredicts() throws Exception {
        // the same host, 2026-12-07 04:57-05:37 UTC, measured after the share beyond the cache became the contrast's
        // choice: its 20 and 24 MB rows (noise 27-36%) choose the hyperbola
        CostProfile p = profile("calibration-ruby-3.4.5-base-20261207c.json.gz");
        assertThat(p.trusted()).isTrue();
        assertThat(p.get(CostProfile.CYCLE_MISS_SQUARE_RAMP)).isZero();
        assertThat(p.get(CostProfile.LARGE_BUFFER_EXEMPT)).isEqualTo(1.0);
        // taken before the probe had the malloc_copy_N units: a slot's lines beyond the cache are not priced apart
        assertThat(p.get(CostProfile.SLOT_LINE_MISS)).isZero();
        assertThat(p.coefficients()).filteredOn(c -> c.name().equals(CostProfile.SLOT_LINE_MISS)).singleElement()
                .satisfies(c -> assertThat(c.provenance()).contains("no 'malloc_copy_N' probe units"));

        Scoreboard bare = variants("lab-3.4.5-variants-bare-20261207c.json.gz", new LabPredictor(p));
        Scoreboard.Tally all = bare.tallies().get("all");
        assertThat(all.rows()).isEqualTo(109);
        assertThat(all.within()).as("bare rows within ±10%").isGreaterThanOrEqualTo(94);
        // the one: a 500 B suffix of an already-shared source embedded in 640 B, measured 1.10, predicted 0.94
        assertThat(all.wrongSide()).as("bare rows on the wrong side").isLessThanOrEqualTo(1);
        assertThat(bare.ratios()).filteredOn(r -> r.row().startsWith("subseq-fresh10000-") && r.changed() && r.within())
                .as("fresh 10,000 B rows within ±10%").hasSizeGreaterThanOrEqualTo(14);
        assertThat(bare.gcs()).hasSize(29).allSatisfy(g -> assertThat(Math.abs(g.error())).as(g.row() + " on " + g.ruby()).isLessThan(0.03));

        Scoreboard gems = variants("lab-3.4.5-variants-harness-20261207c.json.gz", new LabPredictor(p));
        assertThat(gems.tallies().get("all").rows()).isEqualTo(23);
        assertThat(gems.tallies().get("all").within()).as("RubyGems rows within ±10%").isGreaterThanOrEqualTo(21);
        assertThat(gems.tallies().get("all").wrongSide()).isZero();
        assertThat(gems.gcs()).hasSize(8).allSatisfy(g -> assertThat(Math.abs(g.error())).as(g.row() + " " + g.harness()).isLessThan(0.03));
    }

    @Test
    void theFirstCalibrationWithTheSlotLineContrast_pricesASlotsLinesBeyondTheCache() throws Exception {
        // the same host, 2026-12-07 13:27-14:06 UTC: the malloc_copy_N units copy a 500 B slice into a 640 B slot beside each
        // 10,000 B string at 8-48 MB a cycle (219 to 828 ns outside GC where the strings alone take 186 to 632)
        CostProfile p = profile("calibration-ruby-3.4.5-base-20261207d.json.gz");
        assertThat(p.trusted()).isTrue();
        assertThat(p.get(CostProfile.SLOT_LINE_MISS)).as("ns per slot line beyond the cache").isBetween(10.0, 35.0);
        assertThat(p.coefficients()).filteredOn(c -> c.name().equals(CostProfile.SLOT_LINE_MISS)).singleElement()
                .satisfies(c -> assertThat(c.provenance()).startsWith("fitted:"));

        Scoreboard bare = variants("lab-3.4.5-variants-bare-20261207d.json.gz", new LabPredictor(p));
        Scoreboard.Tally all = bare.tallies().get("all");
        assertThat(all.rows()).isEqualTo(109);
        // 79 of 109 and 5 on the wrong side when the same readings are fitted without the term
        assertThat(all.within()).as("bare rows within ±10%").isGreaterThanOrEqualTo(82);
        assertThat(all.wrongSide()).as("bare rows on the wrong side").isLessThanOrEqualTo(2);
        assertThat(bare.ratios()).filteredOn(r -> r.row().startsWith("subseq-fresh10000-") && r.changed() && r.within())
                .as("fresh 10,000 B rows within ±10%").hasSizeGreaterThanOrEqualTo(11);
        assertThat(bare.gcs()).hasSize(29).allSatisfy(g -> assertThat(Math.abs(g.error())).as(g.row() + " on " + g.ruby()).isLessThan(0.03));

        Scoreboard gems = variants("lab-3.4.5-variants-harness-20261207d.json.gz", new LabPredictor(p));
        assertThat(gems.tallies().get("all").rows()).isEqualTo(23);
        assertThat(gems.tallies().get("all").within()).as("RubyGems rows within ±10%").isGreaterThanOrEqualTo(18);
        assertThat(gems.tallies().get("all").wrongSide()).isZero();
        assertThat(gems.gcs()).hasSize(8).allSatisfy(g -> assertThat(Math.abs(g.error())).as(g.row() + " " + g.harness()).isLessThan(0.03));
    }

    /** A same-hour session's bare and RubyGems files, each predicted from the calibration of its hour. */
    private record Session(CostProfile profile, Scoreboard bare, Scoreboard gems) {
        Scoreboard.Tally bareAll() {
            return bare.tallies().get("all");
        }

        Scoreboard.Tally gemsAll() {
            return gems.tallies().get("all");
        }
    }

    /**
     * What every quiet same-hour session on this host shows, whatever it scores: a trusted calibration,
     * identical code within ±10% of 1.00 often enough to test a ±10% prediction, and every single-heap
     * loop's GC count within ±3%, bare and under RubyGems.
     */
    private static Session sameHourSession(String tag) throws Exception {
        CostProfile p = profile("calibration-ruby-3.4.5-base-" + tag + ".json.gz");
        assertThat(p.trusted()).as(tag).isTrue();
        Session s = new Session(p, variants("lab-3.4.5-variants-bare-" + tag + ".json.gz", new LabPredictor(p)),
                variants("lab-3.4.5-variants-harness-" + tag + ".json.gz", new LabPredictor(p)));
        assertThat(s.bare().resolvesTolerance()).as(tag + " bare").isTrue();
        assertThat(s.gems().resolvesTolerance()).as(tag + " RubyGems").isTrue();
        assertThat(s.bareAll().rows()).isEqualTo(109);
        assertThat(s.gemsAll().rows()).isEqualTo(23);
        assertThat(s.bare().gcs()).hasSize(29).allSatisfy(g -> assertThat(Math.abs(g.error())).as(g.row() + " on " + g.ruby()).isLessThan(0.03));
        assertThat(s.gems().gcs()).hasSize(8).allSatisfy(g -> assertThat(Math.abs(g.error())).as(g.row() + " " + g.harness()).isLessThan(0.03));
        return s;
    }

    @Test
    void aSessionOnFilesNoChoiceOfTheModelSaw_meetsTheTargets() throws Exception {
        // the same host, 2026-12-07 17:01-17:27 UTC, calibrated and measured after the model was last changed
        Session s = sameHourSession("20261207e");
        assertThat(s.profile().get(CostProfile.SLOT_LINE_MISS)).as("ns per slot line beyond the cache").isPositive();

        // 106 of 109 (97%), none on the wrong side; the three misses are fresh 10,000 B rows
        assertThat(s.bareAll().within()).as("bare rows within ±10%").isGreaterThanOrEqualTo(106);
        assertThat(s.bareAll().wrongSide()).as("bare rows on the wrong side").isZero();
        assertThat(s.bare().ratios()).filteredOn(r -> r.changed() && !r.within())
                .allSatisfy(r -> assertThat(r.row()).startsWith("subseq-fresh10000-"));

        // RubyGems: 23 of 23, none on the wrong side
        assertThat(s.gemsAll().within()).as("RubyGems rows within ±10%").isEqualTo(23);
        assertThat(s.gemsAll().wrongSide()).isZero();
    }

    @Test
    void aSecondSessionNoChoiceOfTheModelSaw_fallsShortOnThe640ByteAndSharedSuffixes() throws Exception {
        // the same host, 2026-12-07 19:39-20:07 UTC, the model unchanged since the session of 17:01
        Session s = sameHourSession("20261207f");

        // 95 of 109 (87%), none on the wrong side: the embedded side of the frozen and already-shared suffixes priced
        // too dear (their 320 and 640 B slots), and fresh 10,000 B rows
        assertThat(s.bareAll().within()).as("bare rows within ±10%").isGreaterThanOrEqualTo(95);
        assertThat(s.bareAll().wrongSide()).as("bare rows on the wrong side").isZero();

        // RubyGems: 19 of 23, one on the wrong side (always-embed's 500 B suffix, measured 1.10)
        assertThat(s.gemsAll().within()).as("RubyGems rows within ±10%").isGreaterThanOrEqualTo(19);
        assertThat(s.gemsAll().wrongSide()).isLessThanOrEqualTo(1);
    }

    @Test
    void aThirdSessionNoChoiceOfTheModelSaw_meetsTheTargetsOnTheBareLoopsAndUnderRubyGems() throws Exception {
        // the same host, 2026-12-07 22:06-22:34 UTC, the model unchanged since the session of 17:01
        Session s = sameHourSession("20261207g");

        // 100 of 109 (92%), none on the wrong side: the misses are eight fresh 10,000 B rows, this time predicted too
        // fast (0.38-0.42 against 0.44-0.48 measured), and the already-shared source's 500 B suffix embedded in 640 B
        assertThat(s.bareAll().within()).as("bare rows within ±10%").isGreaterThanOrEqualTo(100);
        assertThat(s.bareAll().wrongSide()).as("bare rows on the wrong side").isZero();
        assertThat(s.bare().ratios()).filteredOn(r -> r.changed() && !r.within())
                .allSatisfy(r -> assertThat(r.row()).matches("subseq-(fresh10000|shared)-suffix-\\d+"));

        // RubyGems: 23 of 23
        assertThat(s.gemsAll().within()).as("RubyGems rows within ±10%").isEqualTo(23);
        assertThat(s.gemsAll().wrongSide()).isZero();
    }

    @Test
    void aSessionOnAHostWhoseFirstTouchCostsTenMicroseconds_missesOnlyTheFresh10000ByteRows() throws Exception {
        // 2026-12-08 01:37-02:46 UTC, an AMD host where a page's first touch costs 10 µs, the model unchanged since 2026-12-07
        Session s = sameHourSession("20261208a");
        assertThat(s.profile().get(CostProfile.PAGE_FAULT)).as("ns per page fault").isGreaterThan(5_000);

        // 92 of 109 (84%), none on the wrong side: every miss is a fresh 10,000 B row, predicted too slow (0.32 against 0.28)
        assertThat(s.bareAll().within()).as("bare rows within ±10%").isGreaterThanOrEqualTo(92);
        assertThat(s.bareAll().wrongSide()).as("bare rows on the wrong side").isZero();
        assertThat(s.bare().ratios()).filteredOn(r -> r.changed() && !r.within())
                .allSatisfy(r -> assertThat(r.row()).startsWith("subseq-fresh10000-"));

        // RubyGems: 23 of 23
        assertThat(s.gemsAll().within()).as("RubyGems rows within ±10%").isEqualTo(23);
        assertThat(s.gemsAll().wrongSide()).isZero();
    }

    private static LabPredictor base;
    private static LabPredictor ruby31;
    /** The unpatched build calibrated in the same hour as the latest lab files. */
    private static LabPredictor sameHour;

    @BeforeAll
    static void fitTheUnpatchedCalibrations() throws Exception {
        base = new LabPredictor(profile("calibration-ruby-3.4.5-base.json.gz"));
        ruby31 = new LabPredictor(profile("calibration-ruby-3.1.2.json.gz"));
        sameHour = new LabPredictor(profile("calibration-ruby-3.4.5-base-20261202d.json.gz"));
    }

    private static CostProfile profile(String file) throws Exception {
        return LabFiles.profile(file);
    }

    private static LabResults lab(String file) throws Exception {
        return LabFiles.lab(file);
    }

    private static Scoreboard variants(String file) throws Exception {
        return variants(file, base);
    }

    /** The patched builds of {@code file} predicted from {@code unpatched}, a calibration of the unpatched build. */
    private static Scoreboard variants(String file, LabPredictor unpatched) throws Exception {
        LabResults lab = lab(file);
        assertThat(lab.rubies().get(0).name()).isEqualTo("base");
        Map<String, LabPredictor> p = new LinkedHashMap<>();
        p.put("base", unpatched);
        return Scoreboard.score(lab, p);
    }

    @Test
    void everyPatchedBuild_isPredictedFromTheUnpatchedCalibrationAlone() throws Exception {
        Scoreboard s = variants("lab-3.4.5-variants-bare-20261201.json.gz");

        // the four patched builds appear in the ratios, the unpatched one only as their baseline
        assertThat(s.ratios()).extracting(Scoreboard.RatioRow::variant).containsOnly("always-embed", "cutoff-256", "cutoff-128",
                "frozen-rule-128");
        // where a build's policy changes nothing the model predicts exactly 1.00: the same code on both builds
        assertThat(s.ratios()).filteredOn(r -> !r.changed()).isNotEmpty()
                .allSatisfy(r -> assertThat(r.predicted()).as(r.row() + " " + r.variant()).isEqualTo(1.0));
    }

    @Test
    void speedRatios_ofTheBareLoops_stayAtTheScoreboardsLevel() throws Exception {
        Scoreboard.Tally all = variants("lab-3.4.5-variants-bare-20261201.json.gz").tallies().get("all");

        assertThat(all.rows()).isEqualTo(109);
        assertThat(all.within()).as("rows within ±10%").isGreaterThanOrEqualTo(WITHIN_BARE);
        assertThat(all.wrongSide()).as("rows on the wrong side of 1.0").isLessThanOrEqualTo(WRONG_SIDE_BARE);
    }

    @Test
    void theBareLoops_predictedFromACalibrationTakenTheSameHour_onTheSameQuietMachine() throws Exception {
        // one file measured a quarter of an hour before the calibration, one right after it; neither is fitted to
        // the target: at least 90% of the rows where the representation changes within ±10% (98 of 109), none on
        // the wrong side. Reached: 104 and 108 (102 and 107 before the lazy sweep was simulated page by page and
        // the process's first GC grew its heaps as CRuby's does: the reused receiver's split(":", 2) loops now run
        // 455 GCs on the patched builds where CRuby runs 445)
        for (Map.Entry<String, Integer> level : Map.of("lab-3.4.5-variants-bare-20261202c.json.gz", 104,
                "lab-3.4.5-variants-bare-20261202d.json.gz", 108).entrySet()) {
            String f = level.getKey();
            Scoreboard s = variants(f, sameHour);
            Scoreboard.Tally all = s.tallies().get("all");

            assertThat(all.rows()).as(f).isEqualTo(109);
            assertThat(all.within()).as(f + ": rows within ±10%").isGreaterThanOrEqualTo(level.getValue());
            assertThat(all.wrongSide()).as(f + ": rows on the wrong side of 1.0").isZero();
            // quiet files: identical code on two builds measured within ±10% of 1.00 in every row
            assertThat(s.resolvesTolerance()).as(f).isTrue();
            assertThat(s.ratios()).filteredOn(r -> !r.changed()).isNotEmpty()
                    .allSatisfy(r -> assertThat(r.within()).as(f + " " + r.row() + " " + r.variant()).isTrue());
            assertThat(s.gcs()).isNotEmpty().allSatisfy(g -> assertThat(g.within()).as(f + " " + g.row() + " on " + g.ruby()).isTrue());
        }
    }

    @Test
    void theHarnessLoops_predictedFromTheCalibrationTakenJustBeforeThem() throws Exception {
        Scoreboard s = variants("lab-3.4.5-variants-harness-20261202.json.gz", sameHour);
        Scoreboard.Tally all = s.tallies().get("all");

        // plain ruby (RubyGems loaded) and benchmark-ips: 40 of 46 within ±10% (87%), none on the wrong side
        assertThat(all.rows()).isEqualTo(46);
        assertThat(all.within()).as("rows within ±10%").isGreaterThanOrEqualTo(40);
        assertThat(all.wrongSide()).as("rows on the wrong side of 1.0").isZero();
        assertThat(s.gcs()).isNotEmpty().allSatisfy(g -> assertThat(g.within()).as(g.row() + " " + g.harness()).isTrue());
    }

    @Test
    void theHarnessLoops_onASecondHost_predictedFromItsOwnTrustedCalibration_withTheIdleHeapTerm() throws Exception {
        // an AMD EPYC virtual machine, calibrated and measured within the same hour; the first trusted calibration
        // that fits gc_sweep_ns_per_empty (2.8 ns per free slot swept)
        CostProfile p = profile("calibration-ruby-3.4.5-base-20261204a.json.gz");
        assertThat(p.trusted()).isTrue();
        assertThat(p.get("gc_sweep_ns_per_empty")).isBetween(1.0, 5.0);
        Scoreboard s = variants("lab-3.4.5-variants-harness-20261204a.json.gz", new LabPredictor(p));
        Scoreboard.Tally all = s.tallies().get("all");

        // quiet enough to test ±10%: identical code within ±10% of 1.00 in 40 of 42 rows
        assertThat(s.resolvesTolerance()).isTrue();
        assertThat(all.rows()).isEqualTo(46);
        // 38 of 46 within ±10%: short of the target; the two rows on the wrong side are the same loop, a fresh
        // 1,000 B source's 500 B suffix embedded in a 640 B slot, which this host runs 12-25% slower than sharing
        assertThat(all.within()).as("rows within ±10%").isGreaterThanOrEqualTo(38);
        assertThat(s.ratios()).filteredOn(r -> r.changed() && r.wrongSide())
                .allSatisfy(r -> assertThat(r.row() + " " + r.variant()).isEqualTo("subseq-fresh1000-suffix-500 always-embed"));
        assertThat(s.gcs()).isNotEmpty().allSatisfy(g -> assertThat(g.within()).as(g.row() + " " + g.harness()).isTrue());

        // its bare loops (identical code within ±10% of 1.00 in 116 of 119 rows): 101 of 109 within ±10% (92 before the
        // lazy sweep was simulated page by page), none on the wrong side; the misses are fresh sources' rows, where this
        // host's first touches of a page cost ten times the Xeon's and the simulated arena's fault count weighs as much
        Scoreboard bare = variants("lab-3.4.5-variants-bare-20261204a.json.gz", new LabPredictor(p));
        Scoreboard.Tally bareAll = bare.tallies().get("all");
        assertThat(bare.resolvesTolerance()).isTrue();
        assertThat(bareAll.rows()).isEqualTo(109);
        assertThat(bareAll.within()).as("bare rows within ±10%").isGreaterThanOrEqualTo(101);
        assertThat(bareAll.wrongSide()).as("bare rows on the wrong side of 1.0").isZero();
        assertThat(bare.ratios()).filteredOn(r -> r.changed() && !r.within())
                .allSatisfy(r -> assertThat(r.row()).matches("subseq-fresh(1000|10000)-suffix-\\d+"));
        assertThat(bare.gcs()).isNotEmpty().allSatisfy(g -> assertThat(g.within()).as(g.row() + " on " + g.ruby()).isTrue());
    }

    @Test
    void theSecondHostAgain_withTheCachesItsKernelHides_readFromGetconf() throws Exception {
        // the same AMD EPYC virtual machine a day later: its /sys names no caches, calibrate read them with getconf
        CostProfile p = profile("calibration-ruby-3.4.5-base-20261205a.json.gz");
        assertThat(p.trusted()).isTrue();
        assertThat(p.caches().source()).isEqualTo("getconf -a");
        assertThat(p.get("l2_cache_bytes")).isEqualTo(1024.0 * 1024);
        Scoreboard s = variants("lab-3.4.5-variants-harness-20261205a.json.gz", new LabPredictor(p));
        Scoreboard.Tally all = s.tallies().get("all");

        // identical code within ±10% of 1.00 in 42 of 42 rows
        assertThat(s.resolvesTolerance()).isTrue();
        assertThat(all.rows()).isEqualTo(46);
        // 41 of 46 within ±10% (89%), none on the wrong side. Before the memory term priced each copy's first lines
        // (cycle_miss_ns_per_call), 42 with two on the wrong side, both under benchmark-ips: the 500 B suffix of a
        // fresh 1,000 B source embedded in 640 B slots (measured 0.72, predicted 1.11, now 0.94), which benchmark-ips'
        // warm-up lets cycle about 12 MB per GC, and the frozen source's 250 B suffix (1.12 against 1.00); the two
        // fresh 200 B rows under benchmark-ips went out (1.17 and 1.19 measured, 1.00 predicted)
        // Since the slots' own term (slot_cycle_miss_ns_per_byte), 43 within and that first row on the wrong side again
        // (0.72 measured, 1.12 predicted): this reading has no 320 B cycle_copy rows, its fit moves the slots' step onto
        // the probe's 640 B rows at 8 MiB of heap and cycle_cache_bytes to 32 MiB, and the row's 15.7 MB cycle under
        // benchmark-ips pays neither; over every same-hour file the term gains 12 rows and the wrong-side count is even
        assertThat(all.within()).as("rows within ±10%").isGreaterThanOrEqualTo(43);
        assertThat(s.ratios()).filteredOn(r -> r.changed() && r.wrongSide())
                .allSatisfy(r -> assertThat(r.row() + " " + r.harness() + " " + r.variant())
                        .isEqualTo("subseq-fresh1000-suffix-500 benchmark-ips always-embed"));
        assertThat(s.gcs()).isNotEmpty().allSatisfy(g -> assertThat(g.within()).as(g.row() + " " + g.harness()).isTrue());

        // its bare loops (identical code within ±10% of 1.00 in 118 of 119 rows): 100 of 109 within ±10% since the lazy
        // sweep is simulated page by page (93 before); the misses are seven fresh 10,000 B rows, the fresh 1,000 B
        // source's 500 B suffix, and the frozen 250 B suffix, on the wrong side (measured 1.16 where the unpatched build's
        // fastest run was 8% slower than the same code's in the 231 B row)
        Scoreboard bare = variants("lab-3.4.5-variants-bare-20261205a.json.gz", new LabPredictor(p));
        Scoreboard.Tally bareAll = bare.tallies().get("all");
        assertThat(bare.resolvesTolerance()).isTrue();
        assertThat(bareAll.rows()).isEqualTo(109);
        assertThat(bareAll.within()).as("bare rows within ±10%").isGreaterThanOrEqualTo(100);
        assertThat(bare.ratios()).filteredOn(r -> r.changed() && r.wrongSide())
                .allSatisfy(r -> assertThat(r.row() + " " + r.variant()).isEqualTo("subseq-frozen-suffix-250 always-embed"));
        assertThat(bare.gcs()).isNotEmpty().allSatisfy(g -> assertThat(g.within()).as(g.row() + " on " + g.ruby()).isTrue());
    }

    @Test
    void onANoisyHost_theCalibrationSaysItIsUntrusted_andTheGcCountsStillHold() throws Exception {
        for (String tag : List.of("20261203a", "20261203b")) {
            CostProfile p = profile("calibration-ruby-3.4.5-base-" + tag + ".json.gz");
            // median noise 22% and 32%: calibrate says so rather than hand out the profile as if it held
            assertThat(p.trusted()).as(tag).isFalse();
            assertThat(p.check().summary()).as(tag).contains("too noisy");
            LabPredictor noisy = new LabPredictor(p);
            for (String f : List.of("lab-3.4.5-variants-harness-" + tag + ".json.gz", "lab-3.4.5-variants-bare-" + tag + ".json.gz")) {
                Scoreboard s = variants(f, noisy);
                // the identical-code rows measure the host: far from 1.00 in many rows, so the file cannot test ±10%
                assertThat(s.resolvesTolerance()).as(f).isFalse();
                // counts do not depend on the host: every single-heap loop's GCs within ±5%
                assertThat(s.gcs()).as(f).isNotEmpty().allSatisfy(g -> assertThat(g.within()).as(f + " " + g.row()).isTrue());
            }
        }
    }

    @Test
    void speedRatios_inTheHarnesses_stayAtTheScoreboardsLevel() throws Exception {
        Scoreboard.Tally all = variants("lab-3.4.5-variants-harness-20261201.json.gz").tallies().get("all");

        assertThat(all.rows()).isEqualTo(46);
        // 40 before the sweep's L2 term: under RubyGems the 320 and 640 B rows measure 0.92-1.00 where the
        // bare loops measure 0.68-0.87, and the model prices both alike (docs/FIT.md)
        assertThat(all.within()).as("rows within ±10%").isGreaterThanOrEqualTo(36);
        assertThat(all.wrongSide()).as("rows on the wrong side of 1.0").isZero();
    }

    @Test
    void theSlotSizeCurve_measuredTwiceWithTwentyFiveRuns_isPredictedOnTheRightSideButAtOneSize() throws Exception {
        for (String f : List.of("lab-3.4.5-frozen-many-20261202.json.gz", "lab-3.4.5-frozen-again-20261202.json.gz")) {
            Scoreboard s = variants(f);
            Scoreboard.Tally all = s.tallies().get("all");

            // nine suffixes, one to three per slot size they embed into (80, 160, 320, 640 B)
            assertThat(all.rows()).as(f).isEqualTo(9);
            assertThat(all.within()).as(f + ": rows within ±10%").isGreaterThanOrEqualTo(8);
            // at most one on the wrong side: 56 B into 160 B slots, measured 1.08-1.10, predicted 0.98
            assertThat(all.wrongSide()).as(f + ": rows on the wrong side of 1.0").isLessThanOrEqualTo(1);
            // the controls, which both builds run alike, are predicted at exactly 1.00 and measured within ±5% of it
            assertThat(s.ratios()).filteredOn(r -> !r.changed()).hasSize(2)
                    .allSatisfy(r -> assertThat(r.measured()).as(f + " " + r.row()).isBetween(0.95, 1.05));
        }
    }

    @Test
    void pairedRatios_areTheMedianOfEachRunPair_andCancelTheMachinesDrift() throws Exception {
        LabResults lab = lab("lab-3.4.5-variants-bare-20261201.json.gz");
        Map<String, LabPredictor> p = new LinkedHashMap<>();
        p.put("base", base);
        Scoreboard fastest = Scoreboard.score(lab, p);
        Scoreboard paired = Scoreboard.score(lab, p, Scoreboard.Measured.PAIRED_MEDIAN);

        Scoreboard.RatioRow row = paired.ratios().get(0);
        LabResults.Row r = lab.rows().stream().filter(x -> x.id().equals(row.row()) && x.harness().equals(row.harness())).findFirst()
                .orElseThrow();
        List<LabResults.Run> b = r.runs().get("base");
        List<LabResults.Run> v = r.runs().get(row.variant());
        List<Double> pairs = new java.util.ArrayList<>();
        for (int i = 0; i < Math.min(b.size(), v.size()); i++) {
            pairs.add(b.get(i).nsPerOp() / v.get(i).nsPerOp());
        }
        assertThat(row.measured()).isEqualTo(LabPredictor.median(pairs));
        assertThat(row.predicted()).isEqualTo(fastest.ratios().get(0).predicted());
        // identical code on two builds: the pairs' median lands near 1.00 more often than fastest over fastest
        long sameFastest = fastest.ratios().stream().filter(x -> !x.changed() && x.within()).count();
        long samePaired = paired.ratios().stream().filter(x -> !x.changed() && x.within()).count();
        assertThat(samePaired).isGreaterThan(sameFastest);
    }

    @Test
    void gcCounts_ofSingleHeapLoops_within5Percent() throws Exception {
        Map<String, LabPredictor> p = new LinkedHashMap<>();
        p.put("3.4.5", base);
        p.put("3.1.2", ruby31);
        Scoreboard s = Scoreboard.score(lab("lab-gc-20261201.json.gz"), p);

        assertThat(s.gcs()).hasSize(64);
        assertThat(s.gcs()).allSatisfy(g -> assertThat(g.within()).as(g.row() + " " + g.harness() + " on " + g.ruby()).isTrue());

        Scoreboard bare = variants("lab-3.4.5-variants-bare-20261201.json.gz");
        assertThat(bare.gcs()).isNotEmpty().allSatisfy(g -> assertThat(g.within()).as(g.row() + " on " + g.ruby()).isTrue());
    }

    @Test
    void underBenchmarkIps_theGcsOfTheWholeReport_warmUpIncluded_areSimulatedWithin1Percent() throws Exception {
        // every build and every loop, two-heap ones too, in the four harness files: benchmark-ips' warm-up runs
        // the same block in the same process (a quarter of the report's iterations), so what GC.count sees is
        // the heap the harness hands the block grown through the warm-up, and the timing after it
        for (String tag : List.of("20261201", "20261202", "20261203a", "20261203b")) {
            String f = "lab-3.4.5-variants-harness-" + tag + ".json.gz";
            LabResults lab = lab(f);
            Scoreboard s = variants(f, tag.equals("20261202") ? sameHour : base);
            List<Scoreboard.RatioRow> ips = s.ratios().stream().filter(r -> r.harness().equals("benchmark-ips")).toList();

            assertThat(ips).as(f).hasSizeGreaterThanOrEqualTo(40);
            assertThat(ips).allSatisfy(r -> {
                assertThat(r.predictedBaseGcs() / r.baseGcs() - 1).as(f + " " + r.row() + " on base").isBetween(-0.01, 0.01);
                assertThat(r.predictedVariantGcs() / r.variantGcs() - 1).as(f + " " + r.row() + " on " + r.variant()).isBetween(-0.01, 0.01);
            });
            // the timed iterations alone would run about a quarter fewer GCs than the report measures
            LabResults.Row row = lab.rows().stream().filter(r -> r.harness().equals("benchmark-ips")).findFirst().orElseThrow();
            LabResults.Run run = row.runs().get("base").get(0);
            long timedOnly = base.predict(row, "base", run.n()).gcCount();
            assertThat((double) timedOnly / (run.gcs() - Scoreboard.IPS_GC_STARTS)).as(f + " " + row.id()).isLessThan(0.85);
        }
    }

    /**
     * The bare scoreboard's level with the committed calibration (docs/FIT.md): 78 since the lazy sweep is simulated
     * page by page; 76 before, when the loop's first cycle began to leave boot's unswept garbage in its slots, which
     * moved the fresh 10,000 B 100 B suffix by 2% and took its cutoff-128 row to -11.2%, where the three builds that
     * embed that suffix alike measure from -12.6% to +15.7% of it.
     */
    private static final int WITHIN_BARE = 78;
    private static final int WRONG_SIDE_BARE = 3;

    @Test
    void labFiles_sayWhatWasMeasuredOnWhat() throws Exception {
        for (String f : List.of("lab-3.4.5-variants-bare-20261201.json.gz", "lab-3.4.5-variants-harness-20261201.json.gz",
                "lab-gc-20261201.json.gz")) {
            LabResults lab = lab(f);
            assertThat(lab.machine()).as(f).isNotNull();
            assertThat(lab.runs()).as(f).isGreaterThanOrEqualTo(3);
            for (LabResults.Ruby r : lab.rubies()) {
                assertThat(r.description()).as(f + " " + r.name()).startsWith("ruby ");
            }
        }
    }

    /**
     * Each run's GC time is read from GC.stat(:time) around the loop: a loop that ran hundreds of GCs
     * spent some milliseconds in them, never more than the loop took.
     */
    @Test
    void everyRun_carriesTheGcTimeCRubyMeasured_withinTheLoopsOwnTime() throws Exception {
        LabResults lab = lab("lab-3.4.5-variants-harness-20261202.json.gz");
        int read = 0;
        for (LabResults.Row row : lab.rows()) {
            for (List<LabResults.Run> runs : row.runs().values()) {
                for (LabResults.Run r : runs) {
                    assertThat(r.gcTimeMs()).as(row.id()).isGreaterThanOrEqualTo(0);
                    if (r.gcs() >= 100 && !row.harness().equals("benchmark-ips")) {
                        assertThat(r.gcTimeMs()).as(row.id()).isPositive().isLessThanOrEqualTo(r.elapsedNs() / 1_000_000);
                        read++;
                    }
                }
            }
        }
        assertThat(read).isGreaterThan(50);
    }

    /**
     * The first calibrations with a later probe unit fit its term from real timings: a minor GC's visit of
     * a remembered Array's element it only checks (20261203r), the sweep reading an idle heap's free slot
     * (20261203t). Each costs a few ns: more than nothing, less than marking an object.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"calibration-ruby-3.4.5-base-20261203r.json.gz, gc_remembered_ns_per_ref",
        "calibration-ruby-3.4.5-base-20261203t.json.gz, gc_sweep_ns_per_empty"})
    void aCalibrationWithALaterUnit_fitsItsTermAboveZeroAndBelowMarkingAnObject(String file, String term) throws Exception {
        CalibrationFit f = replayedFit(file);
        CalibrationFit.CoefficientFit c = f.coefficient(term);
        assertThat(c.fitted()).isTrue();
        assertThat(c.lower95()).isPositive();
        assertThat(c.value()).isLessThan(f.profile().get(CostProfile.GC_MARK));
    }

    @Test
    void theIdleHeapContrast_ranAsManyMinorGcs_andDiffersByTheSparseHeapsFreeSlots() throws Exception {
        TimingReport t;
        try (InputStream in = ValidationLabTest.class.getResourceAsStream(LAB + "calibration-ruby-3.4.5-base-20261203t.json.gz")) {
            t = TimingReport.fromUnits(CalibrationReadings.read(in, "calibration-ruby-3.4.5-base-20261203t.json.gz").timing(), "20261203t");
        }
        TimingReport.Row dense = t.row("gc_empty.dense/object_new_idle_dense");
        TimingReport.Row sparse = t.row("gc_empty.sparse/object_new_idle_sparse");
        for (TimingReport.Row r : List.of(dense, sparse)) {
            // minor GCs only: a major would mark the dense heap's 100,000 old strings
            assertThat(r.repeats()).as(r.key()).allSatisfy(rep -> assertThat(rep.majorGc()).isZero());
            assertThat(r.minorsPerIteration()).as(r.key()).isPositive();
        }
        assertThat(sparse.minorsPerIteration()).isCloseTo(dense.minorsPerIteration(), org.assertj.core.api.Assertions.withinPercentage(2));
        java.util.Set<Integer> loopHeap = java.util.Set.of(0);
        assertThat(sparse.meanIdleFreeSlots(loopHeap) - dense.meanIdleFreeSlots(loopHeap)).isBetween(90_000.0, 100_000.0);
    }

    /** The fit of a committed calibration's readings, made again with the model as it is now. */
    private static CalibrationFit replayedFit(String file) throws Exception {
        try (InputStream in = ValidationLabTest.class.getResourceAsStream(LAB + file)) {
            return CalibrationReadings.read(in, file).replay().fit();
        }
    }
}
