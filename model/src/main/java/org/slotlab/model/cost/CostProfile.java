package org.slotlab.model.cost;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slotlab.model.heap.SimResult;
import org.slotlab.model.layout.RubyLayout;

/**
 * Turns counted events into time: predicted ns/op = sum of (events counted by the model x a
 * named coefficient). A dozen physically meaningful coefficients, no coefficient per table row or
 * per length; each has a unit and the table it was fitted to (docs/FIT.md). Speed ratio =
 * baseline ns / candidate ns (> 1: the candidate is faster; the ruby-bench convention).
 *
 * <p>Worked example (default profile, ruby-4.1-dev, frozen source): a shared len-100 slice costs
 * one byteslice call + one 40 B slot + a shared-header setup + its share of the GCs; the cutoff-256
 * copy costs the call + one 128 B slot + 100 bytes copied + a larger share of GCs (the 128 B heap
 * has fewer slots per cycle).
 */
public final class CostProfile {

    public static final String METHOD_CALL = "method_call_ns";
    public static final String NEW_CALL = "new_call_ns";
    public static final String ALLOC = "slot_alloc_ns";
    public static final String TOUCH = "slot_touch_ns_per_byte";
    public static final String TOUCH_WINDOW = "slot_touch_window_bytes";
    public static final String COPY = "copy_ns_per_byte";
    public static final String SHARED_SETUP = "shared_setup_ns";
    public static final String FROZEN_ROOT = "frozen_root_ns";
    public static final String MALLOC = "malloc_free_ns";
    public static final String GC_PAGE = "gc_ns_per_page";
    public static final String GC_MARK = "gc_mark_ns_per_object";

    /** The coefficient names every profile must define, in report order. */
    public static final List<String> NAMES = List.of(METHOD_CALL, NEW_CALL, ALLOC, TOUCH, TOUCH_WINDOW, COPY,
            SHARED_SETUP, FROZEN_ROOT, MALLOC, GC_PAGE, GC_MARK);

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String DEFAULT_RESOURCE = "/org/slotlab/model/cost/default-profile.json";

    private final String name;
    private final String machine;
    private final Map<String, Coefficient> coefficients;
    private final String layoutName;
    private final org.slotlab.model.layout.RubyLayout layout;

    public CostProfile(String name, String machine, List<Coefficient> coefficients, String layoutName) {
        this(name, machine, coefficients, layoutName, null);
    }

    /** A profile that carries the layout it was measured with (a calibrated profile). */
    public CostProfile(String name, String machine, List<Coefficient> coefficients, String layoutName,
            org.slotlab.model.layout.RubyLayout layout) {
        this.name = name;
        this.machine = machine;
        Map<String, Coefficient> m = new LinkedHashMap<>();
        for (Coefficient c : coefficients) {
            m.put(c.name(), c);
        }
        for (String n : NAMES) {
            if (!m.containsKey(n)) {
                throw new IllegalArgumentException("cost profile '" + name + "' lacks coefficient " + n);
            }
        }
        this.coefficients = Collections.unmodifiableMap(m);
        this.layoutName = layout != null ? layout.name() : layoutName;
        this.layout = layout;
    }

    /** The layout this profile was measured with, when it carries one. */
    public java.util.Optional<org.slotlab.model.layout.RubyLayout> layout() {
        return java.util.Optional.ofNullable(layout);
    }

    /** The profile fitted to seed 000's tables (arm64 macOS), shipped as a resource. */
    public static CostProfile defaultProfile() {
        try (InputStream in = CostProfile.class.getResourceAsStream(DEFAULT_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("default cost profile resource is missing: " + DEFAULT_RESOURCE);
            }
            return fromJson(JSON.readTree(in), DEFAULT_RESOURCE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads a profile from a JSON file; messages name the file and the field. */
    public static CostProfile load(Path file) throws ProfileFormatException {
        JsonNode root;
        try {
            root = JSON.readTree(Files.readString(file));
        } catch (IOException e) {
            throw new ProfileFormatException(file + ": not readable as JSON (" + firstLine(e.getMessage()) + ")");
        }
        try {
            return fromJson(root, file.toString());
        } catch (IllegalArgumentException e) {
            throw new ProfileFormatException(file + ": " + e.getMessage());
        }
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unknown error";
        }
        int i = s.indexOf('\n');
        return i < 0 ? s : s.substring(0, i);
    }

    static CostProfile fromJson(JsonNode root, String where) {
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException("a cost profile must be a JSON object");
        }
        int version = root.path("slotlabProfileVersion").asInt(-1);
        if (version != 1) {
            throw new IllegalArgumentException("unsupported slotlabProfileVersion " + root.path("slotlabProfileVersion")
                    + " (this Slotlab reads version 1)");
        }
        List<Coefficient> list = Coefficient.listFromJson(root.path("coefficients"), where);
        org.slotlab.model.layout.RubyLayout layout = null;
        String layoutName = null;
        JsonNode l = root.path("layout");
        if (l.isObject()) {
            layout = org.slotlab.model.layout.LayoutJson.fromJson(l, where);
        } else if (l.isTextual()) {
            layoutName = l.asText();
        }
        return new CostProfile(root.path("name").asText("unnamed"), root.path("machine").asText(""), list, layoutName, layout);
    }

    public String toJson() {
        ObjectNode root = JSON.createObjectNode();
        root.put("slotlabProfileVersion", 1);
        root.put("name", name);
        root.put("machine", machine);
        if (layout != null) {
            root.set("layout", org.slotlab.model.layout.LayoutJson.toJson(layout));
        } else if (layoutName != null) {
            root.put("layout", layoutName);
        }
        Coefficient.writeJson(root.putArray("coefficients"), coefficients.values());
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String name() {
        return name;
    }

    public String machine() {
        return machine;
    }

    /** Name of the layout this profile was measured with (calibrated profiles), or null. */
    public String layoutName() {
        return layoutName;
    }

    public List<Coefficient> coefficients() {
        return List.copyOf(coefficients.values());
    }

    public double get(String coefficient) {
        Coefficient c = coefficients.get(coefficient);
        if (c == null) {
            throw new IllegalArgumentException("no coefficient " + coefficient + " in profile " + name);
        }
        return c.value();
    }

    /** A copy with some coefficients replaced (used by the fit). */
    public CostProfile with(Map<String, Double> values, String newName) {
        List<Coefficient> list = new ArrayList<>();
        for (Coefficient c : coefficients.values()) {
            Double v = values.get(c.name());
            list.add(v == null ? c : c.withValue(v));
        }
        return new CostProfile(newName, machine, list, layoutName, layout);
    }

    /** ns to allocate one slot of {@code slotBytes}: base plus touching it, up to the touch window. */
    public double slotAllocNs(int slotBytes) {
        return get(ALLOC) + get(TOUCH) * Math.min(slotBytes, get(TOUCH_WINDOW));
    }

    /** Predicted time of one op: its events, its slot allocations and its share of the GC work. */
    public double nsPerOp(RubyLayout layout, SimResult sim, OpEvents events) {
        if (sim.ops() == 0) {
            return 0;
        }
        double n = sim.ops();
        double ns = events.methodCalls() * get(METHOD_CALL)
                + events.newCalls() * get(NEW_CALL)
                + events.bytesCopied() * get(COPY)
                + events.sharedSetups() * get(SHARED_SETUP)
                + events.frozenRoots() * get(FROZEN_ROOT)
                + events.mallocs() * get(MALLOC);
        long[] alloc = sim.allocations();
        for (int h = 0; h < alloc.length; h++) {
            ns += alloc[h] / n * slotAllocNs(layout.slotSize(h));
        }
        ns += (sim.pagesSweptSum() * get(GC_PAGE) + sim.markedSum() * get(GC_MARK)) / n;
        return ns;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("CostProfile(" + name + (machine.isEmpty() ? "" : ", " + machine) + ":");
        for (Coefficient c : coefficients.values()) {
            sb.append(' ').append(c.name()).append('=').append(String.format(java.util.Locale.ROOT, "%.4g", c.value()));
        }
        return sb.append(')').toString();
    }

    /** A profile file that cannot be read; the message names the file and the problem. */
    public static final class ProfileFormatException extends Exception {
        public ProfileFormatException(String message) {
            super(message);
        }
    }
}
