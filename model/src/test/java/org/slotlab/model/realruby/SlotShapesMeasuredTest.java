package org.slotlab.model.realruby;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.slotlab.model.calibrate.CalibrationReadings;
import org.slotlab.model.calibrate.ProfileCalibration;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.harness.Harness;
import org.slotlab.model.harness.HarnessState;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.workload.AllocCall;
import org.slotlab.model.workload.AllocShape;
import org.slotlab.model.workload.ExecutionMode;
import org.slotlab.model.workload.Experiments;
import org.slotlab.model.workload.Outcome;

/**
 * The slot-size scenario's loop shapes against real Rubies: byroot's classes (3, 8, 18, 38 and 78
 * ivars) made by {@code klass.new} writing no ivar, {@code klass.allocate}, and {@code klass.new}
 * with an initialize writing all of them, in the interpreter and under YJIT, 10,000,000 each, timed in
 * fresh {@code --disable-gems} processes pinned to one core on Debian 12's ruby 3.1.2 and CRuby 3.4.5
 * ({@code sample-data/measured/slot-shapes-ruby-*.json.gz}, made by {@code slot_shapes_all.rb}), and
 * predicted from a calibration of the same Ruby on the same machine, replayed from its committed
 * readings. The counts are exact: memsize_of one object, objects and T_OBJECTs per call, no malloc
 * (malloc_increase_bytes unchanged: 3.1's ivar arrays come from its transient heap). GC counts per
 * 10M are within 5% of the median run. Times are not asserted (docs/FIT.md, "Loop shapes", compares
 * them): a wall-clock reading is no test.
 */
class SlotShapesMeasuredTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    static final double GC_TOLERANCE = 0.05;
    /** Objects {@code slot_shapes.rb counts} allocates itself between its two readings, whatever the count of calls. */
    static final long MEASUREMENT_OBJECTS = 4;

    static JsonNode measured(String file) throws Exception {
        try (InputStream in = SlotShapesMeasuredTest.class.getResourceAsStream("/sample-data/measured/" + file)) {
            assertThat(in).as(file).isNotNull();
            return JSON.readTree(new GZIPInputStream(in));
        }
    }

    static ProfileCalibration.Calibration calibration(String file) throws Exception {
        try (InputStream in = SlotShapesMeasuredTest.class.getResourceAsStream("/sample-data/measured/" + file)) {
            assertThat(in).as(file).isNotNull();
            return CalibrationReadings.read(in, file).replay();
        }
    }

    static AllocShape shape(JsonNode r) {
        return AllocShape.of(r.path("yjit").asBoolean() ? ExecutionMode.YJIT : ExecutionMode.INTERPRETER,
                AllocCall.parse(r.path("call").asText()), r.path("written").asInt());
    }

    static String key(JsonNode r) {
        return (r.path("yjit").asBoolean() ? "yjit" : "interp") + " " + r.path("call").asText() + " ivars " + r.path("ivars").asInt()
                + " written " + r.path("written").asInt();
    }

    /** One shape: the model's prediction and the runs' medians. */
    record Compared(String key, AllocShape.Instance instance, double measuredNs, double predictedNs, double measuredGcs, long predictedGcs,
            int runs) {
        double nsError() {
            return predictedNs / measuredNs - 1;
        }

        double gcError() {
            return predictedGcs / measuredGcs - 1;
        }
    }

    static double median(List<Double> v) {
        List<Double> s = new ArrayList<>(v);
        s.sort(Double::compare);
        int m = s.size() / 2;
        return s.size() % 2 == 1 ? s.get(m) : (s.get(m - 1) + s.get(m)) / 2;
    }

    /** Every shape of {@code file}, predicted from {@code readings}' calibration in its bare harness. */
    static List<Compared> compare(String file, String readings) throws Exception {
        JsonNode m = measured(file);
        ProfileCalibration.Calibration c = calibration(readings);
        RubyLayout layout = c.layout();
        CostProfile profile = c.fit().profile();
        HarnessState bare = profile.harness(Harness.BARE, layout);
        Map<String, List<JsonNode>> runs = new LinkedHashMap<>();
        for (JsonNode r : m.path("runs")) {
            runs.computeIfAbsent(key(r), k -> new ArrayList<>()).add(r);
        }
        List<Compared> out = new ArrayList<>();
        for (List<JsonNode> rs : runs.values()) {
            JsonNode first = rs.get(0);
            AllocShape s = shape(first);
            long n = first.path("n").asLong();
            Outcome o = Experiments.run(layout, profile, s.plan(layout, first.path("ivars").asInt(), n), bare);
            out.add(new Compared(key(first), s.instance(layout, first.path("ivars").asInt()),
                    median(rs.stream().map(r -> r.path("ns_per_alloc").asDouble()).toList()), o.nsPerOp() - bare.loopNs(),
                    median(rs.stream().map(r -> r.path("gc_count").asDouble()).toList()), o.gcCount(), rs.size()));
        }
        return out;
    }

    @ParameterizedTest
    @CsvSource({"slot-shapes-ruby-3.4.5-x86_64.json.gz", "slot-shapes-ruby-3.1.2-x86_64.json.gz"})
    void countsOfEveryShape_areTheModels(String file) throws Exception {
        JsonNode m = measured(file);
        RubyLayout layout = m.path("ruby_description").asText().contains("3.1.") ? RubyLayout.ruby31() : RubyLayout.ruby34();
        assertThat(m.path("counts")).hasSize(30);
        for (JsonNode r : m.path("counts")) {
            AllocShape.Instance o = shape(r).instance(layout, r.path("ivars").asInt());
            assertThat(r.path("memsize").asLong()).as(key(r)).isEqualTo(o.memsizeBytes());
            assertThat(r.path("memsizes").get(2).asLong()).as(key(r)).isEqualTo(o.memsizeBytes());
            long n = r.path("n").asLong();
            // one object per call, and the 4 objects the counting itself makes (the same 4 for 10,000, 20,000 or 40,000 calls)
            assertThat(Math.round((r.path("objects_per_call").asDouble() - 1) * n)).as(key(r)).isEqualTo(MEASUREMENT_OBJECTS);
            assertThat(r.path("t_object_per_call").asDouble()).as(key(r)).isEqualTo(1.0);
            // no malloc per object (one would add >= 24 B each): what grows is the heap's page table, under 1 KiB in all
            assertThat(r.path("malloc_increase_bytes_per_object").asDouble() * n).as("%s: no malloc", key(r)).isLessThan(1024);
            if (layout.heapCount() == 1) {
                assertThat(r.path("malloc_increase_bytes_per_object").asDouble()).as("%s: 3.1's ivar arrays are no malloc", key(r)).isZero();
            }
            assertThat(r.path("yjit").asBoolean()).as(key(r)).isEqualTo(r.path("ruby_description").asText().contains("+YJIT"));
        }
        // one object per call in the timed loop too: beyond N, only what the GC.stat and GC.stat_heap readings
        // around it make (5 on 3.1, 16 on 3.4 with its five heaps' hashes), the same in every run of every shape
        java.util.Set<Long> beyond = new java.util.TreeSet<>();
        for (JsonNode r : m.path("runs")) {
            beyond.add(r.path("allocated_objects").asLong() - r.path("n").asLong());
            assertThat(r.path("memsize").asLong()).as(key(r)).isEqualTo(shape(r).instance(layout, r.path("ivars").asInt()).memsizeBytes());
        }
        assertThat(beyond).as("objects beyond one per call in the timed runs").hasSize(1);
        assertThat(beyond.iterator().next()).isBetween(0L, 32L);
    }

    @ParameterizedTest
    @CsvSource({
        "slot-shapes-ruby-3.4.5-x86_64.json.gz, calibration-shapes-ruby-3.4.5-x86_64.json.gz",
        "slot-shapes-ruby-3.1.2-x86_64.json.gz, calibration-shapes-ruby-3.1.2-x86_64.json.gz"})
    void gcCountsPer10M_areWithin5PercentOfTheMedianRun(String file, String readings) throws Exception {
        List<Compared> rows = compare(file, readings);
        assertThat(rows).hasSize(30).allSatisfy(r -> {
            assertThat(r.runs()).as(r.key()).isGreaterThanOrEqualTo(5);
            assertThat(Math.abs(r.gcError())).as("%s: model %d GCs, measured %.0f", r.key(), r.predictedGcs(), r.measuredGcs())
                    .isLessThanOrEqualTo(GC_TOLERANCE);
        });
    }

    /** Prints the comparison docs/FIT.md shows: {@code args}: pairs of measured file and readings file. */
    public static void main(String[] args) throws Exception {
        for (int i = 0; i + 1 < args.length; i += 2) {
            System.out.println("## " + args[i]);
            System.out.println("| shape | object | measured ns | model ns | error | measured GCs | model GCs | error |");
            System.out.println("|---|---|--:|--:|--:|--:|--:|--:|");
            for (Compared r : compare(args[i], args[i + 1])) {
                System.out.println(String.format(Locale.ROOT, "| %s | %d B | %.1f | %.1f | %+.0f%% | %.0f | %d | %+.1f%% |", r.key(),
                        r.instance().memsizeBytes(), r.measuredNs(), r.predictedNs(), 100 * r.nsError(), r.measuredGcs(), r.predictedGcs(),
                        100 * r.gcError()));
            }
        }
    }
}
