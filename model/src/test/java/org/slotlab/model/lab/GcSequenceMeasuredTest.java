package org.slotlab.model.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.harness.Harness;
import org.slotlab.model.heap.HeapSimulator;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.workload.OpPlan;

/**
 * Every GC of the lab's bare loops, one by one, against the heap simulation's: the unpatched CRuby
 * 3.4.5 and the four builds patched as the Feature #22186 thread proposes
 * (https://bugs.ruby-lang.org/issues/22186), each loop once ({@code lab.rb --gc-sequence}: after every
 * iteration the loop reads {@code GC.count}, and for each GC {@code GC.latest_gc_info} and each heap's
 * pages, into an Array made before the loop, so the loop allocates nothing more). The simulation runs
 * from the calibration's bare heap of the same build, 2026-12-06.
 *
 * <p>What holds: each GC is started by what started CRuby's (a heap with no free slot, or
 * malloc_limit), GC by GC, for every loop from a frozen or shared source, every {@code Class#new}
 * and every split loop; and the GC count is within ±5% of CRuby's for every loop but one: a fresh
 * 1,000 B source's 500 and 615 B slices that always-embed puts in 640 B slots (202 GCs simulated,
 * 149 in CRuby). There the budget the 640 B heap's first sweep grants, which gives the 40 B heap an
 * eighth page, hangs on a few dozen slots: this file's script finds about 47 more 40 B slots in use
 * at its first GC than the calibration's probe (CRuby's first GC comes that many slots sooner in
 * every loop here), enough for the 640 B heap to stay at 19 pages and grow; the timed lab files,
 * whose script allocates fewer objects before its loop, run the same loop in 196 GCs, as simulated.
 * What does not hold, and stays in the file for the work it needs: a GC's exact iteration. CRuby's
 * bare loop finds 140-150 fewer live objects in its 40 B heap than the calibration's probe, so
 * every cycle is that much longer (3,000,000 frozen-source slices: 588 GCs against 605), and it
 * starts with the 2.97 MB that boot malloc'd still counted in malloc_increase, where the simulation
 * starts at 0.
 */
class GcSequenceMeasuredTest {

    private static LabPredictor predictor;
    private static LabResults lab;
    private static List<Compared> compared;

    @BeforeAll
    static void load() throws Exception {
        predictor = new LabPredictor(LabFiles.profile("calibration-ruby-3.4.5-base-20261206a.json.gz"));
        lab = LabFiles.lab("gc-sequence-3.4.5-variants-bare-20261206.json.gz");
        compared = compare();
    }

    /** One loop on one build: CRuby's GCs and the simulation's. */
    record Compared(LabResults.Row row, String ruby, List<LabResults.GcRecord> measured, List<HeapSimulator.GcEvent> simulated) {
        String name() {
            return row.id() + " on " + ruby;
        }

        /** The first GC, counted from 0, that a different trigger started; -1 where none did. */
        int firstOtherTrigger() {
            for (int i = 0; i < Math.min(measured.size(), simulated.size()); i++) {
                if (measured.get(i).byMalloc() != simulated.get(i).byMalloc()) {
                    return i;
                }
            }
            return -1;
        }

        boolean countWithin5Percent() {
            return Math.abs(simulated.size() - measured.size()) <= 0.05 * measured.size();
        }

        /** A fresh 1,000 B source's slice of 500 B or more, embedded in a 640 B slot by always-embed. */
        boolean freshSliceIn640ByteSlots() {
            return row.id().matches("subseq-fresh1000-suffix-(500|615)") && ruby.equals("always-embed");
        }
    }

    private static List<Compared> compare() {
        CostProfile p = predictor.profile();
        RubyLayout bare = predictor.layout().withBoot(p.harness(Harness.BARE, predictor.layout()).boot());
        List<Compared> out = new ArrayList<>();
        for (LabResults.Row row : lab.rows()) {
            if (predictor.leftOut(row) != null) {
                continue;
            }
            for (Map.Entry<String, List<LabResults.Run>> e : row.runs().entrySet()) {
                LabResults.Run run = e.getValue().get(0);
                OpPlan plan = predictor.plan(row, LabPredictor.policyOf(e.getKey()), run.n());
                List<HeapSimulator.GcEvent> events = new ArrayList<>();
                new HeapSimulator(bare).run(plan.phases(), events::add);
                out.add(new Compared(row, e.getKey(), run.gcSequence(), events));
            }
        }
        return out;
    }

    @Test
    void everyLoop_hasItsGcsRecorded_asManyAsGcCountSaw() {
        assertThat(lab.rows()).hasSizeGreaterThan(90);
        for (LabResults.Row row : lab.rows()) {
            row.runs().forEach((ruby, runs) -> {
                LabResults.Run run = runs.get(0);
                assertThat(run.gcSequence()).as("%s on %s", row.id(), ruby).hasSize((int) run.gcs());
                for (int i = 1; i < run.gcSequence().size(); i++) {
                    assertThat(run.gcSequence().get(i).iteration()).as("%s on %s, GC %d", row.id(), ruby, i)
                            .isGreaterThanOrEqualTo(run.gcSequence().get(i - 1).iteration());
                }
            });
        }
    }

    @Test
    void eachGc_isStartedByWhatStartedCRubys_inLoopsThatAllocateNoBufferOfTheirOwn() {
        List<String> differ = new ArrayList<>();
        int loops = 0;
        for (Compared c : compared) {
            String kind = c.row().kind();
            boolean noBuffer = kind.equals("new") || kind.equals("split")
                    || kind.equals("subseq") && !c.row().text("source").equals("fresh");
            if (!noBuffer) {
                continue;
            }
            loops++;
            int i = c.firstOtherTrigger();
            if (i >= 0) {
                differ.add(c.name() + ": GC " + (i + 1) + " by " + c.measured().get(i).gcBy() + " in CRuby, by "
                        + (c.simulated().get(i).byMalloc() ? "malloc" : "heap " + c.simulated().get(i).dryHeap()) + " simulated");
            }
        }
        assertThat(loops).as("loops compared").isGreaterThan(200);
        assertThat(differ).as("GCs started by something else").isEmpty();
    }

    @Test
    void theGcCount_isWithin5PercentOfCRubys_butWhereCRubyGrowsThe640ByteHeapFurther() {
        List<String> outside = new ArrayList<>();
        int loops = 0;
        for (Compared c : compared) {
            if (c.freshSliceIn640ByteSlots()) {
                continue;
            }
            loops++;
            if (!c.countWithin5Percent()) {
                outside.add(c.name() + ": " + c.simulated().size() + " GCs simulated, " + c.measured().size() + " in CRuby");
            }
        }
        assertThat(loops).as("loops compared").isGreaterThan(370);
        assertThat(outside).as("GC counts off by more than 5%").isEmpty();
    }

    @Test
    void theHeapsPagesAfterTheFirstGcs_areCRubysInNearlyEveryLoop() {
        // the pages of every heap at the last of the first four GCs whose record has them (a record carries the
        // pages where they changed): the first GC's growth (boot's garbage counted as freed, GCs since a major
        // counted from 0) and the budget the heaps share give CRuby's pages in 352 of the 375 loops
        int same = 0;
        int loops = 0;
        for (Compared c : compared) {
            int[] measured = null;
            int at = -1;
            for (int g = 0; g < Math.min(4, c.measured().size()); g++) {
                int[] p = c.measured().get(g).pages();
                if (p != null && p.length > 0) {
                    measured = p;
                    at = g;
                }
            }
            if (measured == null || at >= c.simulated().size()) {
                continue;
            }
            loops++;
            int[] simulated = c.simulated().get(at).pages();
            boolean equal = true;
            for (int h = 0; h < Math.min(measured.length, simulated.length); h++) {
                equal &= measured[h] == simulated[h];
            }
            same += equal ? 1 : 0;
        }
        assertThat(loops).as("loops compared").isGreaterThan(370);
        assertThat(same).as("loops whose heaps have CRuby's pages after the first GCs").isGreaterThanOrEqualTo(352);
    }
}
