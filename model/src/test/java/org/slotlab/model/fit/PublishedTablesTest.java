package org.slotlab.model.fit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.reference.ReferenceTable;
import org.slotlab.model.string.SlicePosition;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.string.SubseqPolicy;
import org.slotlab.model.workload.Comparison;
import org.slotlab.model.workload.Experiments;
import org.slotlab.model.workload.KeepMode;
import org.slotlab.model.workload.Outcome;
import org.slotlab.model.workload.SliceLoop;

/** The Feature #22186 thread's published tables (sample-data/reference) reproduced by the model with the default profile. */
class PublishedTablesTest {

    private static final RubyLayout L41 = RubyLayout.ruby41dev();
    private static final CostProfile PROFILE = CostProfile.defaultProfile();

    private static double ratio(SubseqPolicy base, SubseqPolicy cand, SliceLoop loop) {
        return Experiments.subseqSweep(L41, PROFILE, base, cand, loop, List.of(loop.len())).get(0).speedRatio();
    }

    @Test
    void slotAllocGc_gcCountAndNsPerAlloc_within10Percent() {
        ReferenceTable t = ReferenceTable.load("slot_alloc_gc.csv");
        List<Outcome> out = Experiments.slotSweep(L41, PROFILE, 10_000_000);
        int[] slots = L41.slotSizes();
        assertThat(t.rows()).hasSize(slots.length);
        for (int i = 0; i < slots.length; i++) {
            Map<String, String> row = t.rows().get(i);
            assertThat(Integer.parseInt(row.get("slot_bytes"))).isEqualTo(slots[i]);
            double gc = Double.parseDouble(row.get("gc_count_per_10M_allocs"));
            double ns = Double.parseDouble(row.get("ns_per_alloc"));
            assertThat((double) out.get(i).gcCount()).as("GC count, slot %d", slots[i]).isCloseTo(gc, within(gc * 0.10));
            assertThat(out.get(i).nsPerOp()).as("ns/alloc, slot %d", slots[i]).isCloseTo(ns, within(ns * 0.10));
        }
    }

    @Test
    void lenSweep_everyFrozenRow_within15Percent_andOnTheSameSideOfOne() {
        ReferenceTable t = ReferenceTable.load("subseq_len_sweep.csv");
        int checked = 0;
        for (Map<String, String> row : t.where("source_state", "frozen")) {
            long len = Long.parseLong(row.get("len_bytes"));
            double published = Double.parseDouble(row.get("speedup"));
            SubseqPolicy cand = "no-cutoff".equals(row.get("variant")) ? SubseqPolicies.alwaysEmbed() : SubseqPolicies.cutoff(256);
            double model = ratio(SubseqPolicies.master(), cand, PublishedFit.frozen(len));
            if (row.get("note").startsWith("noise") || published == 1.00) {
                // reported as "within noise, shared as before"
                assertThat(model).as("len %d %s", len, row.get("variant")).isBetween(0.95, 1.05);
            } else {
                assertThat(model).as("len %d %s", len, row.get("variant")).isCloseTo(published, within(published * 0.15));
                assertThat(Math.signum(model - 1)).as("side of 1.0, len %d", len).isEqualTo(Math.signum(published - 1));
            }
            checked++;
        }
        assertThat(checked).isEqualTo(15);
    }

    @Test
    void byrootIps_everyRow_within15Percent_andOnTheSameSideOfOne() {
        ReferenceTable t = ReferenceTable.load("subseq_byroot_ips.csv");
        for (Map<String, String> row : t.rows()) {
            long len = Long.parseLong(row.get("len_bytes"));
            double factor = Double.parseDouble(row.get("factor"));
            double published = "branch".equals(row.get("faster")) ? factor : 1 / factor;
            double model = ratio(SubseqPolicies.master(), SubseqPolicies.alwaysEmbed(), PublishedFit.frozen(len));
            if (!L41.isEmbeddable(len, 1)) {
                // size1000: 1025 B > 1024, shared by both builds; the published 1.11x is run-to-run noise
                assertThat(model).isEqualTo(1.0);
                assertThat(model).isCloseTo(published, within(published * 0.15));
                continue;
            }
            assertThat(model).as("size%d", len).isCloseTo(published, within(published * 0.15));
            assertThat(Math.signum(model - 1)).as("side of 1.0, size%d", len).isEqualTo(Math.signum(published - 1));
        }
    }

    @ParameterizedTest(name = "unfrozen-unshared len {0}")
    @CsvSource({"50", "100", "200", "231"})
    void unfrozenUnshared_belowCutoff_115to120(long len) {
        SliceLoop loop = new SliceLoop(len, PublishedFit.UNFROZEN_SOURCE_LEN, SourceState.UNFROZEN_UNSHARED, SlicePosition.SUFFIX,
                PublishedFit.SLICES, 0, KeepMode.FIRST);
        assertThat(ratio(SubseqPolicies.master(), SubseqPolicies.cutoff(256), loop)).isBetween(1.10, 1.25);
    }

    @ParameterizedTest(name = "unfrozen-unshared above cutoff len {0}")
    @CsvSource({"232", "500", "999"})
    void unfrozenUnshared_aboveCutoff_unchanged(long len) {
        SliceLoop loop = new SliceLoop(len, PublishedFit.UNFROZEN_SOURCE_LEN, SourceState.UNFROZEN_UNSHARED, SlicePosition.SUFFIX,
                PublishedFit.SLICES, 0, KeepMode.FIRST);
        assertThat(ratio(SubseqPolicies.master(), SubseqPolicies.cutoff(256), loop)).isEqualTo(1.0);
    }

    @Test
    void retained_200000Slices_exactBytes() {
        SliceLoop kept = new SliceLoop(999, 10_000, SourceState.FROZEN, SlicePosition.SUFFIX, 200_000, 200_000, KeepMode.FIRST);
        List<Comparison> always = Experiments.subseqSweep(L41, PROFILE, SubseqPolicies.master(), SubseqPolicies.alwaysEmbed(),
                kept, List.of(999L));
        assertThat(always.get(0).baseline().retainedBytes()).isEqualTo(8_000_000L); // 7.6 MiB
        assertThat(always.get(0).candidate().retainedBytes()).isEqualTo(204_800_000L); // 195 MiB
        assertThat(always.get(0).retainedRatio()).isEqualTo(25.6);
        Comparison c256 = Experiments.subseqSweep(L41, PROFILE, SubseqPolicies.master(), SubseqPolicies.cutoff(256), kept,
                List.of(231L)).get(0);
        assertThat(c256.retainedRatio()).isEqualTo(6.4);
        Comparison c128 = Experiments.subseqSweep(L41, PROFILE, SubseqPolicies.master(), SubseqPolicies.cutoff(128), kept,
                List.of(103L)).get(0);
        assertThat(c128.retainedRatio()).isEqualTo(3.2);
    }

    @Test
    void retainedTable_matchesPublishedBytesPerSlice() {
        ReferenceTable t = ReferenceTable.load("subseq_retained.csv");
        for (Map<String, String> row : t.rows()) {
            String variant = row.get("variant");
            long len = "any".equals(row.get("len_bytes")) ? 500 : Long.parseLong(row.get("len_bytes"));
            SubseqPolicy p = switch (variant) {
                case "master" -> SubseqPolicies.master();
                case "no-cutoff" -> SubseqPolicies.alwaysEmbed();
                case "cutoff-256" -> SubseqPolicies.cutoff(256);
                default -> SubseqPolicies.cutoff(128);
            };
            SliceLoop kept = new SliceLoop(len, 10_000, SourceState.FROZEN, SlicePosition.SUFFIX, 200_000, 200_000, KeepMode.FIRST);
            long bytes = Experiments.run(L41, PROFILE, kept.plan(L41, p)).retainedBytes();
            assertThat(bytes / 200_000).as(variant).isEqualTo(Long.parseLong(row.get("bytes_per_slice")));
        }
    }

    @Test
    void objectsPerSlice_exact() {
        SliceLoop frozen = PublishedFit.frozen(100);
        SliceLoop fresh = new SliceLoop(100, 1000, SourceState.UNFROZEN_UNSHARED, SlicePosition.SUFFIX, 1000, 0, KeepMode.FIRST);
        assertThat(frozen.plan(L41, SubseqPolicies.master()).objectsPerOp()).isEqualTo(1);
        assertThat(fresh.plan(L41, SubseqPolicies.master()).objectsPerOp()).isEqualTo(2);
        assertThat(fresh.plan(L41, SubseqPolicies.cutoff(256)).objectsPerOp()).isEqualTo(1);
    }

    @Test
    void fit_allRowsInsideTolerance() {
        for (FitRow r : PublishedFit.rows()) {
            assertThat(Math.abs(r.residual(PROFILE))).as(r.label()).isLessThanOrEqualTo(1.0);
        }
    }
}
