package org.slotlab.model.classnew;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.slotlab.model.cost.Coefficient;

/**
 * The call costs of {@code Foo.new(...)} for one execution mode (the interpreter, or YJIT): five
 * named coefficients, each with a unit and its provenance, loaded from a JSON resource. They sit
 * beside the {@link org.slotlab.model.cost.CostProfile}, which prices the slots and the GCs;
 * {@code CostProfile}'s fixed coefficient list has no room for frames and argument copies, so
 * Class#new gets its own record (Fast Allocations in Ruby 3.5). Two resources ship: {@code interpreter.json} and
 * {@code yjit.json}; YJIT is a second set of coefficients fitted to the YJIT rows, not a factor.
 *
 * @param name         profile name
 * @param jit          "off" (interpreter) or "on" (YJIT), as class_new.csv's yjit column
 * @param machine      where the fitted numbers were measured
 * @param fittedWith   layout and allocation cost profile the fit used
 * @param coefficients the five coefficients
 */
public record ClassNewCosts(String name, String jit, String machine, String fittedWith, List<Coefficient> coefficients) {

    /** Calling the empty Ruby initialize (send, frame push and pop), both paths. ns/call. */
    public static final String INITIALIZE_CALL = "initialize_call_ns";
    /** Pushing one argument on the VM stack at the call site, both paths. ns/argument. */
    public static final String ARG_PUSH = "arg_push_ns";
    /** 3.4 only: the C frame of Class#new and its re-dispatch of initialize (rb_obj_call_init_kw). ns/call. */
    public static final String CFUNC_FRAME = "cfunc_frame_ns";
    /** 3.4 only: copying one positional argument from the VM stack into C and back to initialize's frame. ns/argument. */
    public static final String ARG_COPY = "arg_copy_ns";
    /** 3.4 only: storing one keyword into the Hash and unpacking it into initialize's locals. ns/keyword. */
    public static final String KW_HASH_ENTRY = "kw_hash_entry_ns";

    /** Every coefficient a Class#new cost set must define, in report order. */
    public static final List<String> NAMES = List.of(INITIALIZE_CALL, ARG_PUSH, CFUNC_FRAME, ARG_COPY, KW_HASH_ENTRY);

    private static final ObjectMapper JSON = new ObjectMapper();

    public ClassNewCosts {
        coefficients = List.copyOf(coefficients);
        Map<String, Coefficient> m = new LinkedHashMap<>();
        for (Coefficient c : coefficients) {
            m.put(c.name(), c);
        }
        for (String n : NAMES) {
            if (!m.containsKey(n)) {
                throw new IllegalArgumentException("Class#new costs '" + name + "' lack coefficient " + n);
            }
        }
        if (!jit.equals("off") && !jit.equals("on")) {
            throw new IllegalArgumentException("Class#new costs '" + name + "': jit must be 'off' or 'on', got '" + jit + "'");
        }
    }

    public double get(String coefficient) {
        for (Coefficient c : coefficients) {
            if (c.name().equals(coefficient)) {
                return c.value();
            }
        }
        throw new IllegalArgumentException("no coefficient " + coefficient + " in " + name);
    }

    /** ns of one call's frames, pushes, copies and keyword packing (slots and GC are priced by the CostProfile). */
    public double callNs(ClassNewCall call) {
        return get(INITIALIZE_CALL) + call.params() * get(ARG_PUSH) + call.cFrames() * get(CFUNC_FRAME)
                + call.argumentCopies() * get(ARG_COPY) + call.keywordHashEntries() * get(KW_HASH_ENTRY);
    }

    /** The shipped interpreter costs (fitted to class_new.csv's yjit=off rows). */
    public static ClassNewCosts interpreter() {
        return resource("/org/slotlab/model/classnew/interpreter.json");
    }

    /** The shipped YJIT costs (fitted to class_new.csv's yjit=on rows). */
    public static ClassNewCosts yjit() {
        return resource("/org/slotlab/model/classnew/yjit.json");
    }

    /** The shipped costs for class_new.csv's yjit value ("off" or "on"). */
    public static ClassNewCosts forJit(String jit) {
        return switch (jit) {
            case "off" -> interpreter();
            case "on" -> yjit();
            default -> throw new IllegalArgumentException("YJIT mode '" + jit + "' is not off or on");
        };
    }

    private static ClassNewCosts resource(String path) {
        try (InputStream in = ClassNewCosts.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("Class#new cost resource is missing: " + path);
            }
            return fromJson(JSON.readTree(in), path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads the JSON form; messages name the resource and the field. */
    public static ClassNewCosts fromJson(JsonNode root, String where) {
        if (root == null || root.path("slotlabClassNewCostsVersion").asInt(-1) != 1) {
            throw new IllegalArgumentException(where + ": needs slotlabClassNewCostsVersion 1");
        }
        JsonNode arr = root.path("coefficients");
        if (!arr.isArray()) {
            throw new IllegalArgumentException(where + ": 'coefficients' must be an array");
        }
        List<Coefficient> list = Coefficient.listFromJson(arr, where);
        return new ClassNewCosts(root.path("name").asText("unnamed"), root.path("jit").asText(""),
                root.path("machine").asText(""), root.path("fittedWith").asText(""), list);
    }

    public String toJson() {
        ObjectNode root = JSON.createObjectNode();
        root.put("slotlabClassNewCostsVersion", 1);
        root.put("name", name);
        root.put("jit", jit);
        root.put("machine", machine);
        root.put("fittedWith", fittedWith);
        Coefficient.writeJson(root.putArray("coefficients"), coefficients);
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("ClassNewCosts(" + name + ", yjit " + jit + ":");
        for (Coefficient c : coefficients) {
            sb.append(' ').append(c.name()).append('=').append(String.format(Locale.ROOT, "%.4g", c.value()));
        }
        return sb.append(')').toString();
    }
}
