package org.slotlab.model.calibrate;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.slotlab.model.measured.MappedParameter;
import org.slotlab.model.measured.MeasuredPoint;
import org.slotlab.model.measured.MeasuredSet;
import org.slotlab.model.measured.Metric;
import org.slotlab.model.string.SourceState;

/**
 * Master's {@code str_subseq} measured on a real Ruby by {@code probes/measure.rb}: the suffix
 * loop of the Feature #22186 thread ({@code source.byteslice(source_len - len, len)}, {@code count} times, with a
 * frozen source built once or an unfrozen one built fresh each time, as Slotlab's
 * {@link org.slotlab.model.workload.SliceLoop} models it), per length the fastest repeat's ns per
 * slice with the empty loop's overhead taken off, and the median GC count of a repeat. Only
 * master's policy can run on an unpatched Ruby.
 * {@link #toMeasuredSet()} gives the points in the shape {@code slotlab import} writes
 * ({@link org.slotlab.model.measured.MeasuredCsv}), so the workbench overlays them like any import.
 *
 * @param rubyVersion {@code RUBY_VERSION}
 * @param rubyDescription {@code RUBY_DESCRIPTION}
 * @param source the source state measured
 * @param sourceLen source length, bytes
 * @param count slices per repeat
 * @param loopOverheadNs fastest empty-loop repeat, ns per iteration
 * @param points one per length, in the order asked
 */
public record SubseqMeasurement(String rubyVersion, String rubyDescription, SourceState source, long sourceLen, long count,
                                double loopOverheadNs, List<Point> points) {

    /** The measurement probe's resource name. */
    public static final String PROBE = "measure.rb";
    /** Tool name in the normalised CSV. */
    public static final String TOOL = "slotlab-measure";
    /** Repeats per length (the fastest is kept): three, so one disturbed repeat is outvoted. */
    public static final int DEFAULT_REPEATS = 3;

    public SubseqMeasurement {
        points = List.copyOf(points);
    }

    /**
     * One length.
     *
     * @param len slice length, bytes
     * @param nsPerOp fastest repeat's ns per slice, loop overhead taken off
     * @param gcCount median over repeats of GC.count's increase during {@code count} slices
     * @param objectsPerOp objects allocated per iteration (total_allocated_objects delta / count, mean over repeats)
     * @param sampleMemsize {@code ObjectSpace.memsize_of} of one slice
     */
    public record Point(long len, double nsPerOp, long gcCount, double objectsPerOp, long sampleMemsize) {
    }

    /** The probe's argument for a source state; only frozen and unfrozen-unshared sources can be measured. */
    static String sourceArgument(SourceState s) {
        return switch (s) {
            case FROZEN -> "frozen";
            case UNFROZEN_UNSHARED -> "unfrozen-unshared";
            default -> throw new IllegalArgumentException("source " + s + " cannot be measured; use frozen or unfrozen-unshared");
        };
    }

    /** Runs measure.rb on the runner's Ruby. */
    public static SubseqMeasurement run(RubyProbeRunner runner, SourceState source, long sourceLen, long count, int repeats,
                                        List<Long> lens, Consumer<ProbeProgress> progress) throws CalibrationException {
        if (lens.isEmpty()) {
            throw new IllegalArgumentException("--len: at least one length is needed");
        }
        for (long len : lens) {
            if (len < 0 || len > sourceLen) {
                throw new IllegalArgumentException("--len: " + len + " must be between 0 and the source length " + sourceLen);
            }
        }
        if (count < 1 || repeats < 1) {
            throw new IllegalArgumentException("--count and repeats must be >= 1, got " + count + " and " + repeats);
        }
        List<String> args = new ArrayList<>(List.of(sourceArgument(source), Long.toString(sourceLen), Long.toString(count),
                Integer.toString(repeats)));
        lens.forEach(l -> args.add(Long.toString(l)));
        ProbeResult r = runner.run(PROBE, args, progress);
        return fromJson(r.json(), runner.ruby() + " " + PROBE);
    }

    /** Reads measure.rb's JSON; {@code where} names the source in error messages. */
    public static SubseqMeasurement fromJson(JsonNode json, String where) throws CalibrationException {
        if (!"measure".equals(json.path("probe").asText())) {
            throw bad(where, "field 'probe' is '" + json.path("probe").asText() + "', expected 'measure'");
        }
        long count = json.path("count").asLong(0);
        if (count <= 0 || !json.path("rows").isArray() || !json.path("empty_loop").isArray()) {
            throw bad(where, "lacks 'count', 'rows' or 'empty_loop'");
        }
        double loop = min(json.get("empty_loop"), count, where, "empty_loop");
        List<Point> points = new ArrayList<>();
        int i = 0;
        for (JsonNode row : json.get("rows")) {
            String at = "rows[" + i++ + "]";
            JsonNode reps = row.get("repeats");
            if (reps == null || !reps.isArray() || reps.isEmpty() || !row.path("len").isNumber()) {
                throw bad(where, at + " lacks 'len' or its 'repeats'");
            }
            long[] gcs = new long[reps.size()];
            double objects = 0;
            for (int k = 0; k < reps.size(); k++) {
                gcs[k] = reps.get(k).path("gc_count").asLong();
                objects += reps.get(k).path("allocated_objects").asLong() / (double) count / reps.size();
            }
            Arrays.sort(gcs);
            double ns = Math.max(0, min(reps, count, where, at) - loop);
            points.add(new Point(row.get("len").asLong(), ns, gcs[gcs.length / 2], objects, row.path("sample_memsize").asLong()));
        }
        SourceState source = switch (json.path("source").asText()) {
            case "frozen" -> SourceState.FROZEN;
            case "unfrozen-unshared" -> SourceState.UNFROZEN_UNSHARED;
            default -> throw bad(where, "field 'source' is '" + json.path("source").asText() + "'");
        };
        return new SubseqMeasurement(json.path("ruby_version").asText(), json.path("ruby_description").asText(), source,
                json.path("source_len").asLong(), count, loop, points);
    }

    private static double min(JsonNode repeats, long count, String where, String at) throws CalibrationException {
        double best = Double.POSITIVE_INFINITY;
        for (JsonNode r : repeats) {
            if (!r.path("elapsed_ns").isNumber()) {
                throw bad(where, at + " has a repeat without 'elapsed_ns'");
            }
            best = Math.min(best, r.get("elapsed_ns").asLong() / (double) count);
        }
        if (!Double.isFinite(best)) {
            throw bad(where, at + " has no repeats");
        }
        return best;
    }

    private static CalibrationException bad(String where, String problem) {
        return new CalibrationException(CalibrationException.Kind.BAD_OUTPUT, where + ": measure output " + problem + ".");
    }

    /** The benchmark name of one length, e.g. {@code subseq_frozen_len100}. */
    public String benchmark(long len) {
        return "subseq_" + sourceArgument(source).replace('-', '_') + "_len" + len;
    }

    /** The executable label: {@code ruby VERSION}. */
    public String executable() {
        return "ruby " + rubyVersion;
    }

    /** The points as a set {@code slotlab import} would write: ns_per_op and gc_count per length, parameter len. */
    public MeasuredSet toMeasuredSet(String sourceName) {
        List<MeasuredPoint> out = new ArrayList<>();
        for (Point p : points) {
            Optional<MappedParameter> len = Optional.of(new MappedParameter(MappedParameter.LEN, p.len()));
            out.add(new MeasuredPoint(benchmark(p.len()), executable(), Metric.NS_PER_OP, p.nsPerOp(), Metric.UNIT_NS, len));
            out.add(new MeasuredPoint(benchmark(p.len()), executable(), Metric.GC_COUNT, p.gcCount(), Metric.UNIT_COUNT, len));
        }
        return new MeasuredSet(sourceName, TOOL, TOOL, List.of(executable()), out);
    }
}
