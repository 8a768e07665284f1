package org.slotlab.model.cost;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.slotlab.model.harness.Harness;
import org.slotlab.model.harness.HarnessState;
import org.slotlab.model.heap.SimResult;
import org.slotlab.model.layout.BootState;
import org.slotlab.model.layout.LayoutJson;
import org.slotlab.model.measured.ImportException;
import org.slotlab.model.measured.InputText;
import org.slotlab.model.measured.JsonLines;
import org.slotlab.model.layout.RubyLayout;

/**
 * Turns counted events into time: the coefficients of {@link CostModel}'s terms ({@link CostTerm}:
 * each with a unit and where its value comes from), the caches of the machine they were measured
 * on, the heap each benchmark harness hands a loop on that Ruby ({@link HarnessState}), the page
 * faults its allocator takes per malloc'd buffer, and whether the fit held up on probe rows it was
 * not fitted to ({@link FitCheck}). Speed ratio = baseline ns / candidate ns (> 1: the candidate
 * is faster; the ruby-bench convention).
 *
 * <p>Profile files are JSON, {@code "slotlabProfileVersion": 2}. Version 1 files (the earlier
 * cost model) still open: their coefficients keep their names, the terms version 1 did not have
 * are 0, and the profile is marked untrusted until it is calibrated again.
 */
public final class CostProfile {

    public static final String METHOD_CALL = CostTerm.METHOD_CALL.id();
    public static final String NEW_CALL = CostTerm.NEW_CALL.id();
    public static final String YJIT_NEW_CALL = CostTerm.YJIT_NEW_CALL.id();
    public static final String SPLIT_CALL = CostTerm.SPLIT_CALL.id();
    public static final String ALLOC = CostTerm.SLOT_ALLOC.id();
    public static final String SLOT_BYTE = CostTerm.SLOT_BYTE.id();
    public static final String SLOT_WINDOW = CostTerm.SLOT_WINDOW.id();
    public static final String L2_MISS = CostTerm.L2_MISS.id();
    public static final String L2_CACHE = CostTerm.L2_CACHE.id();
    public static final String CYCLE_MISS = CostTerm.CYCLE_MISS.id();
    public static final String CYCLE_CACHE = CostTerm.CYCLE_CACHE.id();
    public static final String CYCLE_MISS_CALL = CostTerm.CYCLE_MISS_CALL.id();
    public static final String SLOT_LINE_MISS = CostTerm.SLOT_LINE_MISS.id();
    public static final String SLOT_CYCLE_MISS = CostTerm.SLOT_CYCLE_MISS.id();
    public static final String SLOT_CYCLE_CACHE = CostTerm.SLOT_CYCLE_CACHE.id();
    public static final String LARGE_BUFFER_EXEMPT = CostTerm.LARGE_BUFFER_EXEMPT.id();
    public static final String CYCLE_MISS_SQUARE_RAMP = CostTerm.CYCLE_MISS_SQUARE_RAMP.id();
    public static final String COPY = CostTerm.COPY.id();
    public static final String MALLOC_COPY = CostTerm.MALLOC_COPY.id();
    public static final String MEMCPY_CALL = CostTerm.MEMCPY_CALL.id();
    public static final String MALLOC = CostTerm.MALLOC.id();
    public static final String PAGE_FAULT = CostTerm.PAGE_FAULT.id();
    public static final String SHARED_SETUP = CostTerm.SHARED_SETUP.id();
    public static final String FROZEN_ROOT = CostTerm.FROZEN_ROOT.id();
    public static final String GC_MINOR = CostTerm.GC_MINOR.id();
    public static final String GC_MAJOR = CostTerm.GC_MAJOR.id();
    public static final String GC_PAGE = CostTerm.GC_PAGE.id();
    public static final String GC_SLOT = CostTerm.GC_SLOT.id();
    public static final String GC_MARK = CostTerm.GC_MARK.id();
    public static final String GC_SWEEP_FREE = CostTerm.GC_SWEEP_FREE.id();
    public static final String GC_FREE = CostTerm.GC_FREE.id();
    public static final String GC_L2_MISS = CostTerm.GC_L2_MISS.id();
    public static final String GC_REMEMBERED = CostTerm.GC_REMEMBERED.id();
    public static final String GC_SWEEP_EMPTY = CostTerm.GC_SWEEP_EMPTY.id();
    /**
     * Terms added after version 2 files were first written: a file without one reads it as 0 (the
     * cost was then inside another term, named in the provenance), not as a broken file.
     */
    static final Map<String, String> ADDED_LATER = Map.of(CostTerm.GC_FREE.id(),
            "not in this profile file (written before the term existed): 0, the free is inside malloc_free_ns",
            CostTerm.GC_L2_MISS.id(),
            "not in this profile file (written before the term existed): 0, the sweep's misses are inside gc_sweep_ns_per_freed",
            CostTerm.CYCLE_MISS_CALL.id(),
            "not in this profile file (written before the term existed): 0, a copy's first lines beyond the cache are inside cycle_miss_ns_per_byte",
            CostTerm.SLOT_CYCLE_MISS.id(),
            "not in this profile file (written before the term existed): 0, the slots' own misses beyond the cache are inside cycle_miss_ns_per_byte",
            CostTerm.SLOT_CYCLE_CACHE.id(),
            "not in this profile file (written before the term existed): 0, with slot_cycle_miss_ns_per_byte 0 the term is off",
            CostTerm.LARGE_BUFFER_EXEMPT.id(),
            "not in this profile file (written before the term existed): 0, large buffers pay cycle_miss_ns_per_byte with the rest",
            CostTerm.CYCLE_MISS_SQUARE_RAMP.id(),
            "not in this profile file (written before the term existed): 0, the share beyond the cache is the hyperbola 1 - cache / cycle",
            CostTerm.SLOT_LINE_MISS.id(),
            "not in this profile file (written before the term existed): 0, a slot's lines beyond the cache are inside cycle_miss_ns_per_byte");

    /**
     * Terms added after version 2 files were first written whose cost no older term holds: an
     * allocation loop's shape (YJIT's Class#new, Class#allocate, a Ruby initialize and its ivar
     * writes, 3.1's ivar array), a minor GC's visits of a remembered Array's elements (only the
     * ring probe had them, inside gc_mark_ns_per_object), and the sweep's visits of free slots in
     * heaps the loop leaves idle (inside gc_minor_ns: every probe row's heaps held about as many). A
     * file without one, written before the probes measured it, takes the shipped default profile's
     * value and says so in the provenance.
     */
    static final List<String> ADDED_FROM_DEFAULT = List.of(CostTerm.YJIT_NEW_CALL.id(), CostTerm.ALLOCATE_CALL.id(),
            CostTerm.YJIT_ALLOCATE_CALL.id(), CostTerm.INITIALIZE_FRAME.id(), CostTerm.YJIT_INITIALIZE_FRAME.id(),
            CostTerm.IVAR_SET.id(), CostTerm.YJIT_IVAR_SET.id(), CostTerm.IVAR_ARRAY.id(), CostTerm.IVAR_ARRAY_BYTE.id(),
            CostTerm.GC_REMEMBERED.id(), CostTerm.GC_SWEEP_EMPTY.id());

    /**
     * Provenance of a term {@link #ADDED_FROM_DEFAULT} takes from the shipped profile: the words a
     * calibration gives a coefficient its probes did not determine (ProfileCalibration.NOT_DETERMINED).
     */
    public static final String NOT_DETERMINED = "default (not determined by the probes)";

    /** The coefficient names every profile defines, in report order. */
    public static final List<String> NAMES = CostTerm.ids();

    /** The profile file format this Slotlab writes. */
    public static final int VERSION = 2;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String DEFAULT_RESOURCE = "/org/slotlab/model/cost/default-profile.json";
    /** How messages name the shipped profile while it is read. */
    private static final String DEFAULT_WHERE = "the default cost profile";
    /** Version 1 coefficients that have another name now (the touch cost per byte is slot_ns_per_byte). */
    private static final List<String> V1_DROPPED = List.of("slot_touch_ns_per_byte");

    private final String name;
    private final String machine;
    private final Map<String, Coefficient> coefficients;
    private final String layoutName;
    private final RubyLayout layout;
    private final CacheSizes caches;
    private final Map<Harness, HarnessState> harnesses;
    private final Harness defaultHarness;
    private final MallocFaults mallocFaults;
    private final FitCheck check;
    /** The JSON parse probe's costs ({@code "jsonParse"}), or null when the profile has none. */
    private final JsonParseCosts jsonParse;

    public CostProfile(String name, String machine, List<Coefficient> coefficients, String layoutName) {
        this(name, machine, coefficients, layoutName, null);
    }

    /** A profile that carries the layout it was measured with (a calibrated profile). */
    public CostProfile(String name, String machine, List<Coefficient> coefficients, String layoutName, RubyLayout layout) {
        this(name, machine, coefficients, layoutName, layout, CacheSizes.UNKNOWN, List.of(), Harness.BARE, MallocFaults.NONE,
                FitCheck.unchecked(true, "not cross-validated"));
    }

    public CostProfile(String name, String machine, List<Coefficient> coefficients, String layoutName, RubyLayout layout,
            CacheSizes caches, List<HarnessState> harnesses, Harness defaultHarness, MallocFaults mallocFaults, FitCheck check) {
        this(name, machine, coefficients, layoutName, layout, caches, harnesses, defaultHarness, mallocFaults, check, null);
    }

    /** A calibrated profile with what its JSON parse probe measured ({@code jsonParse} null: none). */
    public CostProfile(String name, String machine, List<Coefficient> coefficients, String layoutName, RubyLayout layout,
            CacheSizes caches, List<HarnessState> harnesses, Harness defaultHarness, MallocFaults mallocFaults, FitCheck check,
            JsonParseCosts jsonParse) {
        this.name = name;
        this.machine = machine == null ? "" : machine;
        Map<String, Coefficient> m = new LinkedHashMap<>();
        for (Coefficient c : coefficients) {
            if (m.put(c.name(), c) != null) {
                throw new IllegalArgumentException("cost profile '" + name + "' defines coefficient " + c.name() + " twice");
            }
        }
        for (String n : NAMES) {
            if (!m.containsKey(n)) {
                throw new IllegalArgumentException("cost profile '" + name + "' lacks coefficient " + n);
            }
        }
        for (String n : m.keySet()) {
            if (!NAMES.contains(n)) {
                throw new IllegalArgumentException("cost profile '" + name + "' has an unknown coefficient " + n
                        + " (known: " + String.join(", ", NAMES) + ")");
            }
        }
        Map<String, Coefficient> ordered = new LinkedHashMap<>();
        for (String n : NAMES) {
            ordered.put(n, m.get(n));
        }
        this.coefficients = Collections.unmodifiableMap(ordered);
        this.layoutName = layout != null ? layout.name() : layoutName;
        this.layout = layout;
        this.caches = caches == null ? CacheSizes.UNKNOWN : caches;
        Map<Harness, HarnessState> hs = new EnumMap<>(Harness.class);
        for (HarnessState h : harnesses) {
            if (layout != null && h.boot().heapCount() != layout.heapCount()) {
                throw new IllegalArgumentException("cost profile '" + name + "': harness " + h.harness().id() + " has a heap state for "
                        + h.boot().heapCount() + " heaps but the layout has " + layout.heapCount());
            }
            if (hs.put(h.harness(), h) != null) {
                throw new IllegalArgumentException("cost profile '" + name + "' describes harness " + h.harness().id() + " twice");
            }
        }
        this.harnesses = Collections.unmodifiableMap(hs);
        this.defaultHarness = defaultHarness == null ? Harness.BARE : defaultHarness;
        this.mallocFaults = mallocFaults == null ? MallocFaults.NONE : mallocFaults;
        this.check = check == null ? FitCheck.unchecked(true, "not cross-validated") : check;
        this.jsonParse = jsonParse;
    }

    /** The layout this profile was measured with, when it carries one. */
    public Optional<RubyLayout> layout() {
        return Optional.ofNullable(layout);
    }

    /** The profile fitted to the Feature #22186 thread's published tables (arm64 macOS), shipped as a resource. */
    public static CostProfile defaultProfile() {
        try (InputStream in = CostProfile.class.getResourceAsStream(DEFAULT_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("default cost profile resource is missing: " + DEFAULT_RESOURCE);
            }
            return fromJson(JSON.readTree(in), DEFAULT_WHERE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Largest cost profile read, bytes: a profile is a few KiB of coefficients, a layout and readings. */
    public static final long MAX_BYTES = 4L * 1024 * 1024;

    /**
     * Reads a profile from a JSON file; messages name the file, the line or the field. Only a
     * regular file of at most {@link #MAX_BYTES}, UTF-8 (a byte order mark is skipped); a key twice
     * in one object, a coefficient named twice, text after the JSON value and a field of the wrong
     * JSON type are refused, never converted or left to the last one.
     */
    public static CostProfile load(Path file) throws ProfileFormatException {
        JsonNode root;
        try {
            String text = InputText.read(file, MAX_BYTES, "a cost profile (JSON, as calibrate writes it)",
                    "; a cost profile is a few KiB");
            root = JsonLines.document(text, file.toString());
        } catch (ImportException e) {
            throw new ProfileFormatException(e.line() > 0 ? e.getMessage() : e.source() + ": " + e.problem());
        }
        try {
            return fromJson(root, file.toString());
        } catch (IllegalArgumentException e) {
            String m = e.getMessage() == null ? "not a cost profile" : e.getMessage();
            throw new ProfileFormatException(m.startsWith(file + ":") ? m : file + ": " + m);
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
        JsonNode v = root.path("slotlabProfileVersion");
        if (!v.isIntegralNumber() || (v.asInt() != 1 && v.asInt() != VERSION)) {
            throw new IllegalArgumentException("unsupported slotlabProfileVersion " + v
                    + " (this Slotlab reads versions 1 and " + VERSION + "; a newer file needs a newer Slotlab)");
        }
        int version = v.asInt();
        List<Coefficient> list = new ArrayList<>(Coefficient.listFromJson(root.path("coefficients"), where));
        for (Map.Entry<String, String> later : ADDED_LATER.entrySet()) {
            if (version != 1 && list.stream().noneMatch(c -> c.name().equals(later.getKey()))) {
                CostTerm t = CostTerm.of(later.getKey());
                list.add(new Coefficient(t.id(), 0, t.unit(), t.description(), later.getValue()));
            }
        }
        for (String id : ADDED_FROM_DEFAULT) {
            if (version != 1 && list.stream().noneMatch(c -> c.name().equals(id))) {
                if (where.equals(DEFAULT_WHERE)) {
                    throw new IllegalStateException("the default cost profile lacks coefficient " + id);
                }
                Coefficient d = defaultProfile().coefficients.get(id);
                list.add(d.withProvenance(NOT_DETERMINED));
            }
        }
        RubyLayout layout = null;
        String layoutName = null;
        JsonNode l = root.path("layout");
        if (l.isObject()) {
            layout = LayoutJson.fromJson(l, where);
        } else if (l.isTextual()) {
            layoutName = l.asText();
        } else if (!l.isMissingNode()) {
            throw new IllegalArgumentException("'layout' must be an object (the layout) or a string (its name), found " + kind(l));
        }
        String name = text(root, "name", "unnamed", "");
        String machine = text(root, "machine", "", "");
        if (version == 1) {
            return fromVersion1(name, machine, list, layoutName, layout);
        }
        CacheSizes caches = CacheSizes.UNKNOWN;
        JsonNode c = root.path("caches");
        if (c.isObject()) {
            caches = new CacheSizes(bytes(c, "l1dBytes", "caches"), bytes(c, "l2Bytes", "caches"), bytes(c, "l3Bytes", "caches"),
                    text(c, "source", "", "caches."));
        } else if (!c.isMissingNode()) {
            throw new IllegalArgumentException("'caches' must be an object, found " + kind(c));
        }
        List<HarnessState> hs = new ArrayList<>();
        JsonNode harnesses = root.path("harnesses");
        if (!harnesses.isMissingNode() && !harnesses.isArray()) {
            throw new IllegalArgumentException("'harnesses' must be an array, found " + kind(harnesses));
        }
        Map<Harness, Integer> seen = new LinkedHashMap<>();
        for (JsonNode h : harnesses) {
            String at = "harnesses[" + hs.size() + "].";
            if (!h.isObject()) {
                throw new IllegalArgumentException("'" + at.substring(0, at.length() - 1) + "' must be an object, found " + kind(h));
            }
            Harness harness = Harness.parse(text(h, "harness", null, at));
            Integer before = seen.putIfAbsent(harness, hs.size());
            if (before != null) {
                throw new IllegalArgumentException("harness '" + harness + "' appears twice: harnesses[" + before + "] and " + at
                        .substring(0, at.length() - 1) + "; each harness may appear once");
            }
            BootState boot;
            try {
                boot = LayoutJson.readBoot(h.path("boot"));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(at + "boot: " + e.getMessage());
            }
            // profiles written before the harness's GC cost was measured read it as 0
            double gcPerGc = number(h, "gcNsPerGc", at);
            hs.add(new HarnessState(harness, boot, number(h, "loopNs", at), number(h, "warmupSeconds", at),
                    number(h, "warmupPerTimedOp", at), gcPerGc, text(h, "provenance", "", at)));
        }
        Harness def = root.has("defaultHarness") ? Harness.parse(text(root, "defaultHarness", null, "")) : Harness.BARE;
        MallocFaults faults = MallocFaults.fromJson(root.path("mallocFaults"));
        JsonNode f = root.path("check");
        if (!f.isMissingNode() && !f.isObject()) {
            throw new IllegalArgumentException("'check' must be an object, found " + kind(f));
        }
        List<String> details = new ArrayList<>();
        for (JsonNode d : f.path("details")) {
            if (!d.isTextual()) {
                throw new IllegalArgumentException("'check.details' must hold strings, found " + kind(d));
            }
            details.add(d.asText());
        }
        JsonNode trusted = f.path("trusted");
        if (!trusted.isMissingNode() && !trusted.isBoolean()) {
            throw new IllegalArgumentException("'check.trusted' must be true or false, found " + kind(trusted));
        }
        FitCheck check = f.isObject() ? new FitCheck(trusted.asBoolean(false), text(f, "summary", "", "check."), details)
                : FitCheck.unchecked(false, "this profile file has no fit check");
        JsonNode j = root.path("jsonParse");
        JsonParseCosts json = j.isMissingNode() || j.isNull() ? null : JsonParseCosts.fromJson(j);
        return new CostProfile(name, machine, list, layoutName, layout, caches, hs, def, faults, check, json);
    }

    /** A string field; {@code def} when absent, or required when {@code def} is null; {@code at} prefixes its name. */
    static String text(JsonNode o, String field, String def, String at) {
        JsonNode v = o.get(field);
        if (v == null && def != null) {
            return def;
        }
        if (v == null || !v.isTextual()) {
            throw new IllegalArgumentException("'" + at + field + "' must be a string, found " + kind(v));
        }
        return v.asText();
    }

    /** A finite number >= 0 (0 when absent): times and per-op shares. */
    private static double number(JsonNode o, String field, String at) {
        JsonNode v = o.get(field);
        if (v == null) {
            return 0;
        }
        if (!v.isNumber() || !Double.isFinite(v.asDouble()) || v.asDouble() < 0) {
            throw new IllegalArgumentException("'" + at + field + "' must be a number >= 0, found " + kind(v));
        }
        return v.asDouble();
    }

    /** A whole number of bytes >= 0 (0, unknown, when absent). */
    private static long bytes(JsonNode o, String field, String at) {
        JsonNode v = o.get(field);
        if (v == null) {
            return 0;
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong() || v.asLong() < 0) {
            throw new IllegalArgumentException("'" + at + "." + field + "' must be a whole number of bytes >= 0, found " + kind(v));
        }
        return v.asLong();
    }

    /** The JSON type and value, shortened, for a message. */
    static String kind(JsonNode v) {
        if (v == null || v.isMissingNode()) {
            return "nothing (the field is missing)";
        }
        if (v.isNull()) {
            return "null";
        }
        String t = v.isTextual() ? "the string " : v.isNumber() ? "the number " : v.isBoolean() ? "" : v.isArray() ? "an array " : "an object ";
        String text = v.toString();
        return t + (text.length() > 60 ? text.substring(0, 60) + "..." : text);
    }

    /** A version 1 file: same names where the term survived, 0 for the terms it did not have. */
    private static CostProfile fromVersion1(String name, String machine, List<Coefficient> v1, String layoutName, RubyLayout layout) {
        Map<String, Coefficient> byName = new LinkedHashMap<>();
        for (Coefficient c : v1) {
            if (!V1_DROPPED.contains(c.name())) {
                byName.put(c.name(), c);
            }
        }
        List<Coefficient> list = new ArrayList<>();
        for (CostTerm t : CostTerm.values()) {
            Coefficient c = byName.get(t.id());
            if (c == null) {
                double value = t == CostTerm.CYCLE_CACHE || t == CostTerm.L2_CACHE || t == CostTerm.SLOT_CYCLE_CACHE ? Double.MAX_VALUE / 4 : 0;
                if (t == CostTerm.SLOT_BYTE && !v1.isEmpty()) {
                    value = v1.stream().filter(x -> x.name().equals("slot_touch_ns_per_byte")).mapToDouble(Coefficient::value).findFirst().orElse(0);
                }
                c = new Coefficient(t.id(), value, t.unit(), t.description(), "absent from this version 1 profile (0: the term is off)");
            }
            list.add(c);
        }
        return new CostProfile(name, machine, list, layoutName, layout, CacheSizes.UNKNOWN, List.of(), Harness.BARE, MallocFaults.NONE,
                FitCheck.unchecked(false, "an older profile (version 1): its cost model could only add costs and was not "
                        + "cross-validated; run slotlab calibrate again"));
    }

    public String toJson() {
        ObjectNode root = JSON.createObjectNode();
        root.put("slotlabProfileVersion", VERSION);
        root.put("name", name);
        root.put("machine", machine);
        if (layout != null) {
            root.set("layout", LayoutJson.toJson(layout));
        } else if (layoutName != null) {
            root.put("layout", layoutName);
        }
        ObjectNode c = root.putObject("caches");
        c.put("l1dBytes", caches.l1dBytes());
        c.put("l2Bytes", caches.l2Bytes());
        c.put("l3Bytes", caches.l3Bytes());
        c.put("source", caches.source());
        Coefficient.writeJson(root.putArray("coefficients"), coefficients.values());
        root.put("defaultHarness", defaultHarness.id());
        ArrayNode hs = root.putArray("harnesses");
        for (HarnessState h : harnesses.values()) {
            ObjectNode o = hs.addObject();
            o.put("harness", h.harness().id());
            o.put("loopNs", h.loopNs());
            o.put("warmupSeconds", h.warmupSeconds());
            o.put("warmupPerTimedOp", h.warmupPerTimedOp());
            o.put("gcNsPerGc", h.gcNsPerGc());
            o.put("provenance", h.provenance());
            LayoutJson.writeBoot(o.putObject("boot"), h.boot());
        }
        root.set("mallocFaults", mallocFaults.toJson(JSON));
        if (jsonParse != null) {
            root.set("jsonParse", jsonParse.toJson(JSON));
        }
        ObjectNode f = root.putObject("check");
        f.put("trusted", check.trusted());
        f.put("summary", check.summary());
        ArrayNode d = f.putArray("details");
        check.details().forEach(d::add);
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

    public CacheSizes caches() {
        return caches;
    }

    public MallocFaults mallocFaults() {
        return mallocFaults;
    }

    public FitCheck check() {
        return check;
    }

    /** Whether predictions made with this profile can be trusted (see {@link FitCheck}). */
    public boolean trusted() {
        return check.trusted();
    }

    /** The harnesses this profile measured, by harness. */
    public Map<Harness, HarnessState> harnesses() {
        return harnesses;
    }

    /** The harness predictions assume when none is chosen. */
    public Harness defaultHarness() {
        return defaultHarness;
    }

    /**
     * The heap and loop cost of {@code h} on this profile's Ruby. A harness the profile did not
     * measure gets {@code layout}'s boot state and no loop cost, and says so in its provenance.
     */
    public HarnessState harness(Harness h, RubyLayout layout) {
        HarnessState s = harnesses.get(h);
        if (s != null && s.boot().heapCount() == layout.heapCount()) {
            return s;
        }
        return new HarnessState(h, layout.boot(), 0, 0, 0, "not measured for this profile: the layout's boot state ("
                + layout.boot().provenance() + "), no loop cost");
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
        return new CostProfile(newName, machine, list, layoutName, layout, caches, List.copyOf(harnesses.values()), defaultHarness,
                mallocFaults, check, jsonParse);
    }

    /** A copy with other harness states, fault table and fit check (the calibration fills them in). */
    public CostProfile withMeasurements(CacheSizes newCaches, List<HarnessState> newHarnesses, Harness newDefault, MallocFaults faults,
            FitCheck newCheck) {
        return new CostProfile(name, machine, coefficients(), layoutName, layout, newCaches, newHarnesses, newDefault, faults, newCheck,
                jsonParse);
    }

    /** What the JSON parse probe measured on this profile's Ruby, when the calibration ran it. */
    public Optional<JsonParseCosts> jsonParse() {
        return Optional.ofNullable(jsonParse);
    }

    /** A copy with the JSON parse probe's costs ({@code costs} null: none). */
    public CostProfile withJsonParse(JsonParseCosts costs) {
        return new CostProfile(name, machine, coefficients(), layoutName, layout, caches, List.copyOf(harnesses.values()), defaultHarness,
                mallocFaults, check, costs);
    }

    /**
     * Predicted time of one op, net of any harness (as benchmark-driver reports it): its events,
     * its slot allocations and memory traffic, and its share of the GC work.
     */
    public double nsPerOp(RubyLayout layout, SimResult sim, OpEvents events) {
        return CostModel.price(this, layout, sim, events, null).total();
    }

    /** Predicted time of one op in harness {@code h}: {@link #nsPerOp} plus the harness's own cost per iteration. */
    public double nsPerOp(RubyLayout layout, SimResult sim, OpEvents events, HarnessState h) {
        return CostModel.price(this, layout, sim, events, h).total();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("CostProfile(" + name + (machine.isEmpty() ? "" : ", " + machine) + ":");
        for (Coefficient c : coefficients.values()) {
            sb.append(' ').append(c.name()).append('=').append(String.format(Locale.ROOT, "%.4g", c.value()));
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
