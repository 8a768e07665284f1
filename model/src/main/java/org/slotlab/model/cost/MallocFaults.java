package org.slotlab.model.cost;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The refault curve: how often the allocator makes a process fault the pages of its malloc'd
 * buffers again, as
 * measured on one Ruby and its allocator: dying loops of {@code "x" * len} strings, minor faults
 * ({@code /proc/self/stat}) per string. Between two GCs the loop's buffers pile up dead until the
 * sweep frees them; the more bytes a GC cycle leaves to free, the more of them the allocator gives
 * back to the kernel at the top of its heap (glibc trims free memory above 128 KiB) and faults
 * in again in the next cycle. So the share of malloc'd pages that fault again depends on the
 * malloc'd bytes per GC cycle: measured at a few cycle sizes and interpolated in log size (held
 * at the nearest measured share outside them). A buffer of {@code mmapAlwaysBytes} or more is
 * mapped and unmapped each time (glibc: past its largest mmap threshold, 32 MiB on 64-bit), so
 * every page of it faults.
 *
 * <p>The cost model uses the curve only where the heap simulation does not simulate glibc's main
 * arena ({@link org.slotlab.model.heap.SimResult#arenaSimulated()}: layouts with 3.1's GC). Where
 * it does, the counts show why a curve cannot work: in these loops the faults are a start-up
 * transient of the first GCs (malloc_limit growing, majors whose incremental marking delays their
 * sweep), after which the same chunks are reused every cycle and nothing is trimmed, so faults
 * per iteration fall with the run's length, and which cycles trim depends on where the sweeps'
 * frees meet the top of the heap, not on the bytes per cycle. Profiles keep the curve, and read
 * it, so that older profiles load unchanged.
 *
 * @param points (malloc'd bytes per GC cycle, share of malloc'd pages faulted again), increasing in bytes
 * @param mmapAlwaysBytes buffers this large or larger fault every page (0: no such measurement)
 * @param source where they were measured
 */
public record MallocFaults(List<double[]> points, double mmapAlwaysBytes, String source) {

    public static final MallocFaults NONE = new MallocFaults(List.of(), 0, "not measured");

    /** Bytes of a page the kernel maps on a fault. */
    public static final double PAGE_BYTES = 4096;

    public MallocFaults {
        List<double[]> copy = new ArrayList<>();
        double last = 0;
        for (double[] p : points) {
            if (p.length != 2 || !(p[0] > last) || !Double.isFinite(p[1]) || p[1] < 0 || p[1] > 1) {
                throw new IllegalArgumentException("malloc faults: points must be (bytes per GC cycle, share 0..1) with increasing bytes");
            }
            last = p[0];
            copy.add(p.clone());
        }
        points = List.copyOf(copy);
        if (!(mmapAlwaysBytes >= 0) || !Double.isFinite(mmapAlwaysBytes)) {
            throw new IllegalArgumentException("malloc faults: the mmap size must be a number of bytes >= 0");
        }
        source = source == null ? "" : source;
    }

    /** Share of the pages of buffers, {@code bufferBytes} each, that fault again when a GC cycle malloc's {@code cycleBytes}. */
    public double refaultShare(double bufferBytes, double cycleBytes) {
        if (mmapAlwaysBytes > 0 && bufferBytes >= mmapAlwaysBytes) {
            return 1;
        }
        if (points.isEmpty() || !(cycleBytes > 0)) {
            return 0;
        }
        if (cycleBytes <= points.get(0)[0]) {
            return points.get(0)[1];
        }
        for (int i = 1; i < points.size(); i++) {
            double[] a = points.get(i - 1);
            double[] b = points.get(i);
            if (cycleBytes <= b[0]) {
                double t = Math.log(cycleBytes / a[0]) / Math.log(b[0] / a[0]);
                return a[1] + t * (b[1] - a[1]);
            }
        }
        return points.get(points.size() - 1)[1];
    }

    JsonNode toJson(ObjectMapper json) {
        var o = json.createObjectNode();
        o.put("source", source);
        o.put("mmapAlwaysBytes", mmapAlwaysBytes);
        ArrayNode a = o.putArray("points");
        for (double[] p : points) {
            a.addArray().add(p[0]).add(p[1]);
        }
        return o;
    }

    static MallocFaults fromJson(JsonNode o) {
        if (o == null || o.isMissingNode()) {
            return NONE;
        }
        if (!o.isObject()) {
            throw new IllegalArgumentException("'mallocFaults' must be an object, found " + CostProfile.kind(o));
        }
        List<double[]> pts = new ArrayList<>();
        for (JsonNode p : o.path("points")) {
            if (!p.isArray() || p.size() != 2 || !p.get(0).isNumber() || !p.get(1).isNumber()) {
                throw new IllegalArgumentException("'mallocFaults.points' must hold [bytes per GC cycle, share] pairs");
            }
            pts.add(new double[] {p.get(0).asDouble(), p.get(1).asDouble()});
        }
        JsonNode mmap = o.path("mmapAlwaysBytes");
        if (!mmap.isMissingNode() && (!mmap.isNumber() || !Double.isFinite(mmap.asDouble()) || mmap.asDouble() < 0)) {
            throw new IllegalArgumentException("'mallocFaults.mmapAlwaysBytes' must be a number of bytes >= 0, found "
                    + CostProfile.kind(mmap));
        }
        return new MallocFaults(pts, mmap.asDouble(0), CostProfile.text(o, "source", "", "mallocFaults."));
    }
}
