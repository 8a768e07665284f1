package org.slotlab.model.cost;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code JSON.parse} costs on a calibrated profile's Ruby beyond the allocations the cost
 * terms already price: the json extension's own work per string and per byte it scans and decodes,
 * measured by {@code slotlab calibrate}'s JSON parse probe ({@code probes/json_parse.rb}) with the
 * json the Ruby loads, on the documents the json-unescape scenario generates. The optional
 * {@code "jsonParse"} section of a profile file; a profile without it (written before the probe,
 * or by a calibration whose Ruby could not load json) prices parsing at the published default of
 * ruby/json PR #1135 (https://github.com/ruby/json/pull/1135).
 *
 * <p>A parse is priced as {@code json_string_ns x strings + json_plain_ns_per_byte x (bytes of the
 * document outside strings with escapes) + json_escaped_ns_per_byte x (raw bytes of strings with
 * escapes)}, plus the slots, mallocs, extra copies, page faults and GCs of the strings it makes,
 * which the profile's own coefficients price from the heap simulation, plus {@code
 * json_gc_ns_per_buffer x buffers + json_gc_ns_per_byte x their bytes}: the GC time the probe measured
 * beyond what those GC terms price (the sweep freeing the parse's malloc'd buffers).
 *
 * @param jsonVersion          {@code JSON::VERSION} of the json the probe loaded
 * @param rubyDescription      {@code RUBY_DESCRIPTION} of the Ruby it ran on
 * @param parser               {@code JSON::Parser}, e.g. {@code JSON::Ext::Parser}
 * @param loadedFrom           the file json's parser was loaded from (its gem or the Ruby's own library)
 * @param keepsEscapedCapacity whether this json's {@code json_string_unescape} (parser.c) keeps a
 *                             string with escapes at its escaped size ({@code rb_str_buf_new} then
 *                             {@code rb_str_set_len}, json 2.9.1 bundled with CRuby 3.4.5), read off a
 *                             parsed string's {@code ObjectSpace.memsize_of}; false: it decodes into a
 *                             temporary buffer and makes an exact string ({@code rb_utf8_str_new},
 *                             json 2.6.1 of Debian's 3.1.2)
 * @param harness              the harness whose heap the probe ran in ({@code rubygems}: plain {@code ruby})
 * @param terms                the fitted coefficients ({@link #NAMES}), each with its standard error
 * @param rows                 each probe document: measured against the fitted model
 * @param summary              one line: what was measured, how many runs, the fit's quality
 */
public record JsonParseCosts(String jsonVersion, String rubyDescription, String parser, String loadedFrom,
                             boolean keepsEscapedCapacity, String harness, List<Term> terms, List<Row> rows, String summary) {

    /** Per string value (and object key) the parser makes, beyond its slot, malloc and copies. */
    public static final String STRING = "json_string_ns";
    /** Per byte of the document outside strings with escapes. */
    public static final String PLAIN_BYTE = "json_plain_ns_per_byte";
    /** Per raw byte (escapes included) of a string with escapes. */
    public static final String ESCAPED_BYTE = "json_escaped_ns_per_byte";
    /** The coefficient names of the parse itself, in report order; every section has them. */
    public static final List<String> NAMES = List.of(STRING, PLAIN_BYTE, ESCAPED_BYTE);
    /** GC time per malloc'd buffer the parse leaves to the sweep, beyond what the profile's GC terms price. */
    public static final String GC_BUFFER = "json_gc_ns_per_buffer";
    /** GC time per byte of those buffers, beyond what the profile's GC terms price. */
    public static final String GC_BYTE = "json_gc_ns_per_byte";
    /** The GC coefficients: 0 when the probe could not read GC.stat(:time). */
    public static final List<String> GC_NAMES = List.of(GC_BUFFER, GC_BYTE);
    /** Every coefficient name, in report order. */
    public static final List<String> ALL_NAMES = List.of(STRING, PLAIN_BYTE, ESCAPED_BYTE, GC_BUFFER, GC_BYTE);

    /** What each coefficient prices, in CRuby's and json's words. */
    public static final Map<String, String> DESCRIPTIONS = Map.of(
            STRING, "JSON.parse's own work per string beyond the slot and malloc it takes: entering and leaving the string "
                    + "scanner (JSON_parse_string), json_string_fastpath or json_string_unescape's setup, and storing the value",
            PLAIN_BYTE, "per byte of the document outside strings with escapes: the scanner reading it and the copy of a "
                    + "plain string's bytes into the new string (rb_utf8_str_new); json before ruby/json PR #671 also runs its unescape loop over them",
            ESCAPED_BYTE, "per raw byte of a string with escapes: json_string_unescape's decode loop (memcpy of the runs between "
                    + "escapes, unescape_unicode, convert_UTF32_to_UTF8) writing the decoded bytes",
            GC_BUFFER, "GC time per malloc'd buffer a parse leaves to the sweep, beyond the profile's GC terms: obj_free's "
                    + "ruby_sized_xfree of a string's buffer, measured on the parse's own buffers (GC.stat(:time))",
            GC_BYTE, "GC time per byte of those buffers, beyond the profile's GC terms: freeing large chunks (glibc's "
                    + "consolidation into the top chunk and systrim giving pages back), measured likewise");
    /** Units of the coefficients. */
    public static final Map<String, String> UNITS = Map.of(STRING, "ns/string", PLAIN_BYTE, "ns/byte", ESCAPED_BYTE, "ns/byte",
            GC_BUFFER, "ns/buffer", GC_BYTE, "ns/byte");

    public JsonParseCosts {
        jsonVersion = jsonVersion == null ? "" : jsonVersion;
        rubyDescription = rubyDescription == null ? "" : rubyDescription;
        parser = parser == null ? "" : parser;
        loadedFrom = loadedFrom == null ? "" : loadedFrom;
        harness = harness == null ? "" : harness;
        summary = summary == null ? "" : summary;
        terms = List.copyOf(terms);
        rows = List.copyOf(rows);
        for (String n : NAMES) {
            if (terms.stream().noneMatch(t -> t.name().equals(n))) {
                throw new IllegalArgumentException("the JSON parse costs lack coefficient " + n);
            }
        }
    }

    /**
     * One fitted coefficient.
     *
     * @param name          one of {@link #NAMES}
     * @param value         the estimate (held at 0 by the non-negative fit when the data push it below)
     * @param unit          its unit
     * @param standardError standard error of the estimate (NaN when not determined)
     * @param provenance    how it was measured
     */
    public record Term(String name, double value, String unit, double standardError, String provenance) {
        public Term {
            if (!ALL_NAMES.contains(name)) {
                throw new IllegalArgumentException("unknown JSON parse coefficient '" + name + "' (known: " + String.join(", ", ALL_NAMES) + ")");
            }
            if (!Double.isFinite(value) || value < 0) {
                throw new IllegalArgumentException("JSON parse coefficient " + name + " must be a finite value >= 0, got " + value);
            }
            unit = unit == null ? "" : unit;
            provenance = provenance == null ? "" : provenance;
        }

        public String description() {
            return DESCRIPTIONS.get(name);
        }
    }

    /**
     * One probe document, measured and modelled: every number per parse.
     *
     * @param document            the document spec ({@code generated:escaped,200x62600})
     * @param bytes               its length, bytes
     * @param strings             strings per parse (values and keys)
     * @param escapedBytes        raw bytes of its strings with escapes
     * @param runs                processes that parsed it
     * @param measuredNs          wall time per parse: the mean over its processes of each one's median repeat, ns
     * @param measuredGcNs        those repeats' {@code GC.stat(:time)} per parse, ns (-1 when not read)
     * @param modelNs             the fitted model's time per parse, ns
     * @param modelGcNs           of which the GC part, ns
     * @param measuredObjects     objects allocated per parse ({@code total_allocated_objects}), likewise
     * @param modelObjects        objects the model allocates per parse
     * @param measuredGcsPerParse GCs per parse in those repeats
     * @param modelGcsPerParse    GCs per parse in the heap simulation
     */
    public record Row(String document, long bytes, long strings, long escapedBytes, int runs, double measuredNs,
                      double measuredGcNs, double modelNs, double modelGcNs, double measuredObjects, double modelObjects,
                      double measuredGcsPerParse, double modelGcsPerParse) {
    }

    /** The coefficient's value; a GC coefficient the section lacks is 0. */
    public double get(String name) {
        if (GC_NAMES.contains(name) && terms.stream().noneMatch(t -> t.name().equals(name))) {
            return 0;
        }
        return term(name).value();
    }

    /** GC time a parse adds beyond the profile's GC terms, ns, for the buffers it leaves to the sweep. */
    public double gcNs(long buffers, long bufferBytes) {
        return buffers * get(GC_BUFFER) + bufferBytes * get(GC_BYTE);
    }

    public Term term(String name) {
        return terms.stream().filter(t -> t.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no JSON parse coefficient " + name));
    }

    /** The json's own work for a document of these counts, ns. */
    public double ns(long strings, long plainBytes, long escapedBytes) {
        return strings * get(STRING) + plainBytes * get(PLAIN_BYTE) + escapedBytes * get(ESCAPED_BYTE);
    }

    /** "json 2.9.1 (JSON::Ext::Parser) on ruby 3.4.5 ...": for footers. */
    public String describe() {
        return "json " + jsonVersion + (parser.isEmpty() ? "" : " (" + parser + ")") + " on " + rubyDescription;
    }

    /** The three coefficients as "name = v ± se unit" for footers. */
    public String describeTerms() {
        List<String> parts = new ArrayList<>();
        for (Term t : terms) {
            parts.add(String.format(Locale.ROOT, "%s = %.4g%s %s", t.name(), t.value(),
                    Double.isFinite(t.standardError()) ? String.format(Locale.ROOT, " ± %.2g", t.standardError()) : "", t.unit()));
        }
        return String.join(", ", parts);
    }

    ObjectNode toJson(ObjectMapper json) {
        ObjectNode o = json.createObjectNode();
        o.put("jsonVersion", jsonVersion);
        o.put("rubyDescription", rubyDescription);
        o.put("parser", parser);
        o.put("loadedFrom", loadedFrom);
        o.put("keepsEscapedCapacity", keepsEscapedCapacity);
        o.put("harness", harness);
        o.put("summary", summary);
        ArrayNode ts = o.putArray("coefficients");
        for (Term t : terms) {
            ObjectNode c = ts.addObject();
            c.put("name", t.name());
            c.put("value", t.value());
            c.put("unit", t.unit());
            if (Double.isFinite(t.standardError())) {
                c.put("standardError", t.standardError());
            }
            c.put("description", t.description());
            c.put("provenance", t.provenance());
        }
        ArrayNode rs = o.putArray("rows");
        for (Row r : rows) {
            ObjectNode c = rs.addObject();
            c.put("document", r.document());
            c.put("bytes", r.bytes());
            c.put("strings", r.strings());
            c.put("escapedBytes", r.escapedBytes());
            c.put("runs", r.runs());
            c.put("measuredNs", r.measuredNs());
            c.put("measuredGcNs", r.measuredGcNs());
            c.put("modelNs", r.modelNs());
            c.put("modelGcNs", r.modelGcNs());
            c.put("measuredObjects", r.measuredObjects());
            c.put("modelObjects", r.modelObjects());
            c.put("measuredGcsPerParse", r.measuredGcsPerParse());
            c.put("modelGcsPerParse", r.modelGcsPerParse());
        }
        return o;
    }

    /**
     * Reads the {@code "jsonParse"} section of a profile file; every field is checked and a wrong one
     * named ({@code 'jsonParse.coefficients[1].value' must be a number >= 0}).
     */
    static JsonParseCosts fromJson(JsonNode o) {
        String at = "jsonParse.";
        if (!o.isObject()) {
            throw new IllegalArgumentException("'jsonParse' must be an object, found " + CostProfile.kind(o));
        }
        JsonNode kept = o.path("keepsEscapedCapacity");
        if (!kept.isBoolean()) {
            throw new IllegalArgumentException("'" + at + "keepsEscapedCapacity' must be true or false, found " + CostProfile.kind(kept));
        }
        JsonNode cs = o.path("coefficients");
        if (!cs.isArray()) {
            throw new IllegalArgumentException("'" + at + "coefficients' must be an array, found " + CostProfile.kind(cs));
        }
        List<Term> terms = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        int i = 0;
        for (JsonNode c : cs) {
            String here = at + "coefficients[" + i + "].";
            if (!c.isObject()) {
                throw new IllegalArgumentException("'" + here.substring(0, here.length() - 1) + "' must be an object, found " + CostProfile.kind(c));
            }
            String name = CostProfile.text(c, "name", null, here);
            if (!ALL_NAMES.contains(name)) {
                throw new IllegalArgumentException("'" + here + "name' is '" + name + "', not a JSON parse coefficient (known: "
                        + String.join(", ", ALL_NAMES) + ")");
            }
            Integer before = seen.putIfAbsent(name, i);
            if (before != null) {
                throw new IllegalArgumentException("JSON parse coefficient " + name + " appears twice: " + at + "coefficients[" + before
                        + "] and " + here.substring(0, here.length() - 1) + "; each may appear once");
            }
            double value = number(c, "value", here, true);
            double se = c.has("standardError") ? number(c, "standardError", here, true) : Double.NaN;
            terms.add(new Term(name, value, CostProfile.text(c, "unit", UNITS.get(name), here), se,
                    CostProfile.text(c, "provenance", "", here)));
            i++;
        }
        for (String n : NAMES) {
            if (!seen.containsKey(n)) {
                throw new IllegalArgumentException("'" + at + "coefficients' lacks " + n);
            }
        }
        List<Row> rows = new ArrayList<>();
        JsonNode rs = o.path("rows");
        if (!rs.isMissingNode() && !rs.isArray()) {
            throw new IllegalArgumentException("'" + at + "rows' must be an array, found " + CostProfile.kind(rs));
        }
        int k = 0;
        for (JsonNode r : rs) {
            String here = at + "rows[" + k++ + "].";
            if (!r.isObject()) {
                throw new IllegalArgumentException("'" + here.substring(0, here.length() - 1) + "' must be an object, found " + CostProfile.kind(r));
            }
            rows.add(new Row(CostProfile.text(r, "document", null, here), (long) number(r, "bytes", here, true),
                    (long) number(r, "strings", here, true), (long) number(r, "escapedBytes", here, true),
                    (int) number(r, "runs", here, true), number(r, "measuredNs", here, true), number(r, "measuredGcNs", here, false),
                    number(r, "modelNs", here, true), number(r, "modelGcNs", here, true), number(r, "measuredObjects", here, true),
                    number(r, "modelObjects", here, true), number(r, "measuredGcsPerParse", here, true),
                    number(r, "modelGcsPerParse", here, true)));
        }
        return new JsonParseCosts(CostProfile.text(o, "jsonVersion", null, at), CostProfile.text(o, "rubyDescription", "", at),
                CostProfile.text(o, "parser", "", at), CostProfile.text(o, "loadedFrom", "", at), kept.asBoolean(),
                CostProfile.text(o, "harness", "", at), terms, rows, CostProfile.text(o, "summary", "", at));
    }

    /** A finite number (>= 0 when {@code nonNegative}; -1 allowed for "not read" otherwise), required. */
    private static double number(JsonNode o, String field, String at, boolean nonNegative) {
        JsonNode v = o.get(field);
        if (v == null || !v.isNumber() || !Double.isFinite(v.asDouble()) || (nonNegative ? v.asDouble() < 0 : v.asDouble() < -1)) {
            throw new IllegalArgumentException("'" + at + field + "' must be a number" + (nonNegative ? " >= 0" : " >= -1")
                    + ", found " + CostProfile.kind(v));
        }
        return v.asDouble();
    }
}
