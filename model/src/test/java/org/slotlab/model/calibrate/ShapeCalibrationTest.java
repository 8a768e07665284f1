package org.slotlab.model.calibrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.slotlab.model.cost.Coefficient;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.cost.CostTerm;
import org.slotlab.model.layout.RubyLayout;

/**
 * The calibration of an allocation loop's shape ({@code timing.rb}'s {@code objects} and
 * {@code objects_yjit} units): readings taken before those units existed keep the shipped values
 * of the shape's coefficients and say so; rows made by a known profile give back its shape
 * coefficients; rows the model cannot stand behind (a YJIT row timed without YJIT, an object whose
 * memsize_of is not the model's) are left out with the reason.
 */
class ShapeCalibrationTest {

    static final List<CostTerm> SHAPE_TERMS = List.of(CostTerm.YJIT_NEW_CALL, CostTerm.ALLOCATE_CALL, CostTerm.YJIT_ALLOCATE_CALL,
            CostTerm.INITIALIZE_FRAME, CostTerm.YJIT_INITIALIZE_FRAME, CostTerm.IVAR_SET, CostTerm.YJIT_IVAR_SET, CostTerm.IVAR_ARRAY,
            CostTerm.IVAR_ARRAY_BYTE);

    @Test
    void readingsTakenBeforeTheShapeUnits_keepTheShippedValues_andSaySo() throws Exception {
        CostProfile shipped = CostProfile.defaultProfile();
        for (String r : List.of(TimingReportTest.READINGS_31, TimingReportTest.READINGS_34)) {
            CalibrationFit f = TimingReportTest.readings(r).replay().fit();
            for (CostTerm t : SHAPE_TERMS) {
                CalibrationFit.CoefficientFit c = f.coefficient(t.id());
                assertThat(c.fitted()).as("%s %s", r, t).isFalse();
                assertThat(c.value()).as("%s %s", r, t).isEqualTo(shipped.get(t.id()));
                assertThat(c.note()).as("%s %s", r, t).startsWith("not measured: this reading has no '" + t.probeUnit() + "' probe unit");
                Coefficient p = f.profile().coefficients().stream().filter(x -> x.name().equals(t.id())).findFirst().orElseThrow();
                assertThat(p.provenance()).startsWith(ProfileCalibration.NOT_DETERMINED + ": not measured")
                        .endsWith("(" + shipped.coefficients().stream().filter(x -> x.name().equals(t.id())).findFirst().orElseThrow()
                                .provenance() + ")");
            }
            assertThat(f.coefficient(CostProfile.NEW_CALL).fitted()).as("the interpreter's Class#new, from the alloc unit").isTrue();
        }
    }

    @Test
    void shapeRowsMadeByAKnownProfile_giveBackItsShapeCoefficients() throws Exception {
        CalibrationReadings readings = TimingReportTest.readings(TimingReportTest.READINGS_34);
        RubyLayout l = readings.replay().layout();
        TimingReport raw = TimingReport.fromUnits(readings.timing(), "readings");
        CostProfile truth = CostProfile.defaultProfile().with(Map.of(CostTerm.ALLOCATE_CALL.id(), 11.0, CostTerm.YJIT_NEW_CALL.id(), 23.0,
                CostTerm.YJIT_ALLOCATE_CALL.id(), 9.0, CostTerm.INITIALIZE_FRAME.id(), 17.0, CostTerm.YJIT_INITIALIZE_FRAME.id(), 6.0,
                CostTerm.IVAR_SET.id(), 4.5, CostTerm.YJIT_IVAR_SET.id(), 1.5), "known");
        // every row as the probe measured it (counts averaged so the columns are exact), then the shape units' rows, each in
        // a process of its own beside its empty loop, with the GC counts of the alloc unit's Object.new row
        List<TimingReport.Row> rows = new ArrayList<>(averaged(raw.rows()));
        TimingReport.Row template = raw.rows().stream().filter(r -> r.key().equals("alloc/object_new")).findFirst().orElseThrow();
        TimingReport.Row loop = raw.rows().stream().filter(r -> r.unit().equals(template.unit()) && r.group().equals("baseline"))
                .findFirst().orElseThrow();
        Map<String, Map<String, Long>> shapes = new LinkedHashMap<>();
        shapes.put("allocate_3", Map.of("allocate", 1L, "class_ivars", 3L));
        shapes.put("allocate_8", Map.of("allocate", 1L, "class_ivars", 8L, "slot_size", 80L));
        shapes.put("new_init0_3", Map.of("ruby_initialize", 1L, "ivars_written", 0L, "class_ivars", 3L));
        shapes.put("new_init3_3", Map.of("ruby_initialize", 1L, "ivars_written", 3L, "class_ivars", 3L));
        shapes.put("new_init8_8", Map.of("ruby_initialize", 1L, "ivars_written", 8L, "class_ivars", 8L, "slot_size", 80L));
        for (boolean yjit : new boolean[] {false, true}) {
            Map<String, Map<String, Long>> unit = new LinkedHashMap<>();
            if (yjit) {
                unit.put("new_default_3", Map.of("class_ivars", 3L));
            }
            unit.putAll(shapes);
            for (Map.Entry<String, Map<String, Long>> s : unit.entrySet()) {
                String id = (yjit ? "objects_yjit." : "objects.") + s.getKey();
                Map<String, Long> f = new LinkedHashMap<>(s.getValue());
                f.putIfAbsent("slot_size", 40L);
                if (yjit) {
                    f.put("yjit", 1L);
                    f.put("yjit_on", 1L);
                }
                rows.add(row(loop, id, "baseline", "empty_loop", Map.of()));
                rows.add(row(template, id, "object", s.getKey(), f));
            }
        }
        TimingReport measured = new TimingReport("quick", "3.4.5", "readings", raw.slotSizes(), 615, true, rows, List.of());
        List<TimingReport.Row> synthetic = ProfileCalibrationTest.timedBy(measured, l, truth::get, 9.0, false);
        TimingReport st = new TimingReport("synthetic", "3.4.5", "made by a known profile", raw.slotSizes(), 615, true, synthetic,
                List.of());

        CalibrationFit fit = ProfileCalibration.fit(st, l, CostProfile.defaultProfile());

        for (CostTerm term : SHAPE_TERMS) {
            if (term == CostTerm.IVAR_ARRAY || term == CostTerm.IVAR_ARRAY_BYTE) {
                assertThat(fit.coefficient(term.id()).fitted()).as("3.4 has no ivar array").isFalse();
                continue;
            }
            assertThat(fit.coefficient(term.id()).fitted()).as(term.id()).isTrue();
            assertThat(fit.coefficient(term.id()).value()).as(term.id()).isCloseTo(truth.get(term.id()), withinPercentage(2));
        }
    }

    @Test
    void yjitRowTimedWithoutYjit_andAnObjectTheModelDoesNotMake_areLeftOut() {
        RubyLayout l31 = RubyLayout.ruby31();
        StringBuilder why = new StringBuilder();
        TimingReport.Row off = new TimingReport.Row("objects_yjit.new_default_3", "object", "new_default_3", "SlotlabShape3.new",
                Map.of("class_ivars", 3L, "yjit", 1L, "yjit_on", 0L), 10, 40, List.of());
        assertThat(ProfileCalibration.eventsOf(off, l31, why)).isNull();
        assertThat(why).contains("YJIT was not on");

        why.setLength(0);
        TimingReport.Row array = new TimingReport.Row("objects.allocate_8", "object", "allocate_8", "SlotlabShape8.allocate",
                Map.of("allocate", 1L, "class_ivars", 8L, "slot_size", 40L), 10, 40, List.of());
        assertThat(ProfileCalibration.eventsOf(array, l31, why)).as("3.1 reports 104 B for it").isNull();
        assertThat(why).contains("memsize_of of one object is 40 B where the model makes 104 B");

        TimingReport.Row right = new TimingReport.Row("objects.allocate_8", "object", "allocate_8", "SlotlabShape8.allocate",
                Map.of("allocate", 1L, "class_ivars", 8L, "slot_size", 40L), 10, 104, List.of());
        ProfileCalibration.RowEvents e = ProfileCalibration.eventsOf(right, l31, new StringBuilder());
        assertThat(e.mallocBytes()).as("the transient heap is no malloc").isZero();
        assertThat(e.slots()).containsExactly(40);
        assertThat(e.events().count(CostTerm.IVAR_ARRAY)).isEqualTo(1);
        assertThat(e.events().count(CostTerm.IVAR_ARRAY_BYTE)).isEqualTo(64);
        assertThat(e.events().count(CostTerm.ALLOCATE_CALL)).isEqualTo(1);
        assertThat(e.events().mallocs()).isZero();
    }

    private static TimingReport.Row row(TimingReport.Row like, String unit, String group, String name, Map<String, Long> features) {
        return new TimingReport.Row(unit, group, name, like.expr(), features, like.n(), 0, averaged(List.of(like)).get(0).repeats());
    }

    private static List<TimingReport.Row> averaged(List<TimingReport.Row> rows) {
        List<TimingReport.Row> out = new ArrayList<>();
        for (TimingReport.Row r : rows) {
            List<TimingReport.Repeat> reps = new ArrayList<>();
            for (int i = 0; i < r.repeats().size(); i++) {
                reps.add(r.repeats().get(0));
            }
            out.add(new TimingReport.Row(r.unit(), r.group(), r.name(), r.expr(), r.features(), r.n(), r.sampleMemsize(), reps));
        }
        return out;
    }
}
