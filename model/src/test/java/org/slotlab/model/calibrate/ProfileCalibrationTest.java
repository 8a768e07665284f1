package org.slotlab.model.calibrate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.GcParams;
import org.slotlab.model.layout.RubyLayout;

/**
 * {@link ProfileCalibration} on the committed probe outputs of Debian 12's ruby 3.1.2 and of
 * ruby 3.4.5 built from Debian's source ({@code sample-data/measured/layout-*.json},
 * {@code timing-quick-*.json}): the layout mapping, and a cost fit that converges. Same data, same
 * fit: the checks are about the mapping and the fit, not the machine's speed.
 */
class ProfileCalibrationTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    static final String LAYOUT_31 = "/sample-data/measured/layout-ruby-3.1.2-debian12-x86_64.json";
    static final String LAYOUT_34 = "/sample-data/measured/layout-ruby-3.4.5-debian-exp1-x86_64.json";
    static final String TIMING_31 = "/sample-data/measured/timing-quick-ruby-3.1.2-debian12-x86_64.json";
    static final String TIMING_34 = "/sample-data/measured/timing-quick-ruby-3.4.5-debian-exp1-x86_64.json";

    static RubyReport layout(String file) throws Exception {
        try (InputStream in = ProfileCalibrationTest.class.getResourceAsStream(file)) {
            assertThat(in).as(file).isNotNull();
            return RubyReport.fromJson(JSON.readTree(in), file);
        }
    }

    static TimingReport timing(String file) throws Exception {
        try (InputStream in = ProfileCalibrationTest.class.getResourceAsStream(file)) {
            assertThat(in).as(file).isNotNull();
            return TimingReport.fromJson(JSON.readTree(in), file);
        }
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
        CalibrationFit f = ProfileCalibration.fit(timing(TIMING_31), ProfileCalibration.layoutOf(layout(LAYOUT_31)),
                CostProfile.defaultProfile());

        assertConverged(f);
        // 3.1 has one slot size: touching a slot cannot be told from taking it
        assertThat(f.coefficient(CostProfile.TOUCH).fitted()).isFalse();
        assertThat(f.profile().coefficients()).filteredOn(c -> c.name().equals(CostProfile.TOUCH))
                .singleElement().satisfies(c -> assertThat(c.provenance()).isEqualTo(ProfileCalibration.NOT_DETERMINED));
        assertThat(f.coefficient(CostProfile.COPY).fitted()).isTrue();
        assertThat(f.coefficient(CostProfile.COPY).lower95()).isPositive();
    }

    @Test
    void fit_ruby34Quick_convergesAndFitsTheTouchCost() throws Exception {
        CalibrationFit f = ProfileCalibration.fit(timing(TIMING_34), ProfileCalibration.layoutOf(layout(LAYOUT_34)),
                CostProfile.defaultProfile());

        assertConverged(f);
        // five slot sizes vary the touched bytes independently of the slot count
        assertThat(f.coefficient(CostProfile.TOUCH).fitted()).isTrue();
    }

    @Test
    void fit_savedProfile_readsBackWithItsLayout(@TempDir Path dir) throws Exception {
        CalibrationFit f = ProfileCalibration.fit(timing(TIMING_31), ProfileCalibration.layoutOf(layout(LAYOUT_31)),
                CostProfile.defaultProfile());
        Path file = dir.resolve("p.json");
        Files.writeString(file, f.profile().toJson());

        CostProfile back = CostProfile.load(file);

        assertThat(back.layout()).contains(f.profile().layout().orElseThrow());
        for (String name : CostProfile.NAMES) {
            assertThat(back.get(name)).as(name).isEqualTo(f.profile().get(name));
        }
    }

    @Test
    void fit_rowPrediction_isWhatTheProfilePredicts() throws Exception {
        RubyLayout l = ProfileCalibration.layoutOf(layout(LAYOUT_31));
        TimingReport t = timing(TIMING_31);
        CalibrationFit f = ProfileCalibration.fit(t, l, CostProfile.defaultProfile());

        TimingReport.Row row = t.row("suffix_unfrozen_1024_32");
        var plan = ProfileCalibration.planOf(row, l).plan();
        double viaProfile = org.slotlab.model.workload.Experiments.run(l, f.profile(), plan).nsPerOp();

        assertThat(f.rows()).filteredOn(r -> r.name().equals(row.name())).singleElement()
                .satisfies(r -> assertThat(r.predictedNs()).isCloseTo(viaProfile, org.assertj.core.api.Assertions.within(1e-9)));
    }

    @Test
    void fit_timingsMadeByAKnownProfile_recoversItsDeterminedCoefficients() throws Exception {
        RubyLayout l = ProfileCalibration.layoutOf(layout(LAYOUT_34));
        TimingReport measured = timing(TIMING_34);
        java.util.Map<String, Double> truth = new java.util.LinkedHashMap<>();
        CostProfile defaults = CostProfile.defaultProfile();
        int k = 0;
        for (String name : CostProfile.NAMES) {
            // every value differs from the default, so a coefficient left at its default would show
            truth.put(name, name.equals(CostProfile.TOUCH_WINDOW) ? defaults.get(name) : defaults.get(name) * (1.5 + 0.25 * k++));
        }
        CostProfile known = defaults.with(truth, "known");
        double loopNs = 9.0;
        java.util.List<TimingReport.Row> rows = new java.util.ArrayList<>();
        rows.add(row("baseline", "empty_loop", java.util.Map.of(), 0, loopNs));
        // an allocation without a call, as timing.rb's array_literal rows time it
        rows.add(row("alloc_literal", "array_literal", java.util.Map.of("objects", 1L), 40, Double.NaN));
        rows.add(row("alloc_literal", "array_literal_x2", java.util.Map.of("objects", 2L), 40, Double.NaN));
        rows.addAll(measured.rows().stream().filter(r -> !r.group().equals("baseline")).toList());
        java.util.List<TimingReport.Row> synthetic = new java.util.ArrayList<>();
        for (TimingReport.Row r : rows) {
            ProfileCalibration.RowPlan p = ProfileCalibration.planOf(r, l);
            double ns = p.plan() == null ? loopNs : loopNs + org.slotlab.model.workload.Experiments.run(l, known, p.plan()).nsPerOp();
            synthetic.add(row(r.group(), r.name(), r.features(), r.sampleMemsize(), ns));
        }
        TimingReport t = new TimingReport("synthetic", "3.4.5", "made by a known profile", measured.slotSizes(), 615, synthetic, null);

        CalibrationFit f = ProfileCalibration.fit(t, l, defaults);

        assertThat(f.loopOverheadNs()).isCloseTo(loopNs, org.assertj.core.api.Assertions.within(1e-6));
        assertThat(f.rSquared()).isGreaterThan(0.999_999);
        for (CalibrationFit.CoefficientFit c : f.coefficients()) {
            double expected = c.fitted() ? truth.get(c.name()) : defaults.get(c.name());
            assertThat(c.value()).as(c.name()).isCloseTo(expected, org.assertj.core.api.Assertions.withinPercentage(0.1));
        }
        assertThat(f.coefficient(CostProfile.ALLOC).fitted()).isTrue();
        assertThat(f.coefficient(CostProfile.COPY).fitted()).isTrue();
    }

    /** A row of N = 1,000,000 iterations whose one repeat took {@code nsPerIteration}. */
    private static TimingReport.Row row(String group, String name, java.util.Map<String, Long> features, long memsize, double nsPerIteration) {
        long n = 1_000_000;
        return new TimingReport.Row(group, name, "synthetic", features, n, memsize,
                java.util.List.of(new TimingReport.Repeat(Math.round(nsPerIteration * n), 0, 0, n, 0)));
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
                .satisfiesAnyOf(v -> assertThat(v).startsWith("fitted: timing.rb quick"),
                        v -> assertThat(v).isEqualTo(ProfileCalibration.NOT_DETERMINED)));
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
}
