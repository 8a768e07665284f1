package org.slotlab.model.cost;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Page faults per malloc'd buffer, by buffer size, as measured on one Ruby and its allocator: a
 * dying loop of {@code "x" * len} strings, minor faults ({@code /proc/self/stat}) per string. A
 * buffer the allocator maps with mmap (glibc: 128 KiB and more), or that it gives back to the
 * kernel when it is freed at the top of its heap, faults every page each time; smaller buffers
 * are mostly reused. Between measured sizes the faults per buffer are interpolated in log size;
 * below the smallest they are 0, above the largest they grow with the buffer's pages.
 *
 * @param points (buffer bytes, faults per buffer), increasing in bytes
 * @param source where they were measured
 */
public record MallocFaults(List<double[]> points, String source) {

    public static final MallocFaults NONE = new MallocFaults(List.of(), "not measured");

    /** Bytes of a page the kernel maps on a fault. */
    public static final double PAGE_BYTES = 4096;

    public MallocFaults {
        List<double[]> copy = new ArrayList<>();
        double last = 0;
        for (double[] p : points) {
            if (p.length != 2 || !(p[0] > last) || !Double.isFinite(p[1]) || p[1] < 0) {
                throw new IllegalArgumentException("malloc faults: points must be (bytes, faults >= 0) with increasing bytes");
            }
            last = p[0];
            copy.add(p.clone());
        }
        points = List.copyOf(copy);
        source = source == null ? "" : source;
    }

    /** Faults one buffer of {@code bytes} takes over its life (its malloc, use and free). */
    public double faultsPerBuffer(double bytes) {
        if (points.isEmpty() || bytes <= points.get(0)[0]) {
            return points.isEmpty() || bytes < points.get(0)[0] ? 0 : points.get(0)[1];
        }
        for (int i = 1; i < points.size(); i++) {
            double[] a = points.get(i - 1);
            double[] b = points.get(i);
            if (bytes <= b[0]) {
                double t = Math.log(bytes / a[0]) / Math.log(b[0] / a[0]);
                return a[1] + t * (b[1] - a[1]);
            }
        }
        double[] top = points.get(points.size() - 1);
        return top[1] * bytes / top[0];
    }

    JsonNode toJson(ObjectMapper json) {
        var o = json.createObjectNode();
        o.put("source", source);
        ArrayNode a = o.putArray("points");
        for (double[] p : points) {
            a.addArray().add(p[0]).add(p[1]);
        }
        return o;
    }

    static MallocFaults fromJson(JsonNode o) {
        if (o == null || !o.isObject()) {
            return NONE;
        }
        List<double[]> pts = new ArrayList<>();
        for (JsonNode p : o.path("points")) {
            if (!p.isArray() || p.size() != 2 || !p.get(0).isNumber() || !p.get(1).isNumber()) {
                throw new IllegalArgumentException("'mallocFaults.points' must hold [bytes, faults] pairs");
            }
            pts.add(new double[] {p.get(0).asDouble(), p.get(1).asDouble()});
        }
        return new MallocFaults(pts, o.path("source").asText(""));
    }
}
