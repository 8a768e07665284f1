package org.slotlab.model.trace;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slotlab.model.measured.ImportException;
import org.slotlab.model.measured.InputText;
import org.slotlab.model.string.Representation;
import org.slotlab.model.string.SlicePosition;

/**
 * Reads the JSON document {@code probes/trace.rb} writes ({@code "format": "slotlab-trace"},
 * version {@value #VERSION}) into a {@link SubstringTrace}. Strict: a file that is not a trace, a
 * missing or mistyped field, a negative count or a row naming a site that does not exist is
 * refused with one line naming the file and the field ({@code trace.json: rows[3].len: expected
 * a whole number >= 0, got "x"}); nothing is guessed. At most {@value #MAX_BYTES} bytes are read
 * (the probe writes histograms: RDoc parsing its own sources makes about 5 MB); gzip is read too.
 */
public final class TraceFile {

    /** The format version this reader knows. */
    public static final int VERSION = 1;
    /** Largest trace file read. */
    public static final long MAX_BYTES = 64L * 1024 * 1024;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String source;

    private TraceFile(String source) {
        this.source = source;
    }

    /** A trace file that cannot be read; the message is one line naming the file and the field. */
    public static final class TraceFormatException extends Exception {
        private static final long serialVersionUID = 1L;

        public TraceFormatException(String message) {
            super(message);
        }
    }

    /** Reads a trace file, plain or gzip-compressed (recognised by its magic bytes). */
    public static SubstringTrace read(Path file) throws TraceFormatException {
        if (gzipped(file)) {
            return parse(gunzip(file), file.toString());
        }
        String text;
        try {
            text = InputText.read(file, MAX_BYTES);
        } catch (ImportException e) {
            throw new TraceFormatException(file + ": " + e.problem());
        }
        return parse(text, file.toString());
    }

    /**
     * Reads a trace from a stream (a trace shipped inside the jar), plain or gzip-compressed, at
     * most {@link #MAX_BYTES} of it once decompressed; {@code source} names it in messages.
     */
    public static SubstringTrace read(java.io.InputStream raw, String source) throws TraceFormatException {
        try (java.io.BufferedInputStream in = new java.io.BufferedInputStream(raw, 1 << 16)) {
            in.mark(2);
            boolean gz = in.read() == 0x1f && in.read() == 0x8b;
            in.reset();
            java.io.InputStream body = gz ? new java.util.zip.GZIPInputStream(in, 1 << 16) : in;
            byte[] bytes = body.readNBytes((int) MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw new TraceFormatException(source + ": is larger than " + (MAX_BYTES >> 20) + " MB, the most read from one trace");
            }
            return parse(new String(bytes, java.nio.charset.StandardCharsets.UTF_8), source);
        } catch (java.io.IOException e) {
            throw new TraceFormatException(source + ": cannot be read (" + e.getMessage() + ")");
        }
    }

    private static boolean gzipped(Path file) {
        if (!java.nio.file.Files.isRegularFile(file)) {
            return false;
        }
        try (java.io.InputStream in = java.nio.file.Files.newInputStream(file)) {
            return in.read() == 0x1f && in.read() == 0x8b;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** The decompressed text, at most {@link #MAX_BYTES} of it. */
    private static String gunzip(Path file) throws TraceFormatException {
        try (java.io.InputStream in = new java.util.zip.GZIPInputStream(java.nio.file.Files.newInputStream(file), 1 << 16)) {
            byte[] bytes = in.readNBytes((int) MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw new TraceFormatException(file + ": is larger than " + (MAX_BYTES >> 20)
                        + " MB once decompressed, the most read from one trace");
            }
            return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new TraceFormatException(file + ": not a complete gzip file (" + e.getMessage() + ")");
        }
    }

    /** Parses the text of a trace; {@code source} names it in messages. */
    public static SubstringTrace parse(String text, String source) throws TraceFormatException {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new TraceFormatException(source + ": not JSON (line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + "); is the file cut short?");
        }
        return new TraceFile(source).trace(root);
    }

    private SubstringTrace trace(JsonNode root) throws TraceFormatException {
        if (root == null || !root.isObject() || !"slotlab-trace".equals(root.path("format").asText(null))) {
            throw fail("", "not a Slotlab trace (expected \"format\": \"slotlab-trace\"; make one with 'slotlab trace')");
        }
        long version = whole(root.get("version"), "version");
        if (version != VERSION) {
            throw fail("version", "this Slotlab reads trace version " + VERSION + ", the file is version " + version);
        }
        JsonNode ruby = object(root, "ruby");
        JsonNode geo = object(root, "geometry");
        List<Integer> slots = new ArrayList<>();
        JsonNode slotNode = array(geo, "slot_sizes", "geometry.");
        for (int i = 0; i < slotNode.size(); i++) {
            slots.add((int) positive(slotNode.get(i), "geometry.slot_sizes[" + i + "]"));
        }
        if (slots.isEmpty()) {
            throw fail("geometry.slot_sizes", "expected at least one slot size");
        }
        SubstringTrace.Geometry geometry = new SubstringTrace.Geometry((int) positive(geo.get("base_slot"), "geometry.base_slot"),
                slots, (int) positive(geo.get("shared_suffix_min_len"), "geometry.shared_suffix_min_len"));
        List<SubstringTrace.Site> sites = new ArrayList<>();
        JsonNode siteNode = array(root, "sites", "");
        for (int i = 0; i < siteNode.size(); i++) {
            JsonNode s = siteNode.get(i);
            String at = "sites[" + i + "]";
            long calls = whole(s.get("calls"), at + ".calls");
            long traced = whole(s.get("traced"), at + ".traced");
            if (traced > calls) {
                throw fail(at + ".traced", "more calls traced (" + traced + ") than seen (" + calls + ")");
            }
            sites.add(new SubstringTrace.Site(text(s.get("site"), at + ".site"), calls, traced,
                    whole(s.get("objects_in_traced_calls"), at + ".objects_in_traced_calls")));
        }
        List<SubstringTrace.Row> rows = new ArrayList<>();
        JsonNode rowNode = array(root, "rows", "");
        for (int i = 0; i < rowNode.size(); i++) {
            rows.add(row(rowNode.get(i), "rows[" + i + "]", sites.size()));
        }
        JsonNode p = object(root, "probe");
        SubstringTrace.ProbeCost probe = new SubstringTrace.ProbeCost(whole(p.get("events"), "probe.events"),
                whole(p.get("calls"), "probe.calls"), whole(p.get("allocated_objects"), "probe.allocated_objects"),
                seconds(p.get("hook_seconds"), "probe.hook_seconds"), seconds(p.get("wall_seconds"), "probe.wall_seconds"),
                seconds(p.get("cpu_seconds"), "probe.cpu_seconds"));
        SubstringTrace.GcCounters start = counters(root, "gc_start", "gc_heap_start");
        SubstringTrace.GcCounters end = counters(root, "gc_end", "gc_heap_end");
        SubstringTrace.GcCounters after = counters(root, "gc_after_full_gc", "gc_heap_after_full_gc");
        if (end.allocated() < start.allocated() || end.count() < start.count()) {
            throw fail("gc_end", "counters went backwards from gc_start (total_allocated_objects or count)");
        }
        long noGc = whole(object(root, "survival").get("watched_without_gc_after"), "survival.watched_without_gc_after");
        return new SubstringTrace(source, text(ruby.get("version"), "ruby.version"), text(ruby.get("description"), "ruby.description"),
                text(root.get("script"), "script"), positive(root.get("sample"), "sample"), geometry, sites, rows, probe, start, end,
                after, noGc);
    }

    private SubstringTrace.Row row(JsonNode r, String at, int siteCount) throws TraceFormatException {
        if (r == null || !r.isObject()) {
            throw fail(at, "expected an object");
        }
        long site = whole(r.get("site"), at + ".site");
        if (site >= siteCount) {
            throw fail(at + ".site", "names site " + site + " but the trace lists " + siteCount + " sites");
        }
        long len = whole(r.get("len"), at + ".len");
        long sourceLen = whole(r.get("source_len"), at + ".source_len");
        long substrings = whole(r.get("substrings"), at + ".substrings");
        long watched = whole(r.get("watched"), at + ".watched");
        long survived = whole(r.get("survived_gc"), at + ".survived_gc");
        long alive = whole(r.get("alive_at_exit"), at + ".alive_at_exit");
        long noGc = whole(r.get("no_gc_after"), at + ".no_gc_after");
        if (watched > substrings || survived > watched || alive > watched || noGc > watched) {
            throw fail(at, "watched substrings must not outnumber the substrings, nor survivors the watched ones");
        }
        try {
            return new SubstringTrace.Row((int) site, text(r.get("method"), at + ".method"), len,
                    SlicePosition.parse(text(r.get("position"), at + ".position")),
                    SubstringTrace.State.parse(text(r.get("state"), at + ".state")),
                    SubstringTrace.Source.parse(text(r.get("source"), at + ".source")),
                    Math.max(sourceLen, len), representation(text(r.get("ruby"), at + ".ruby"), at + ".ruby"),
                    substrings, watched, survived, alive, noGc);
        } catch (IllegalArgumentException e) {
            throw fail(at, e.getMessage());
        }
    }

    private Representation representation(String s, String at) throws TraceFormatException {
        for (Representation r : Representation.values()) {
            if (r.label().equals(s)) {
                return r;
            }
        }
        throw fail(at, "expected shared, embedded or heap, got \"" + s + "\"");
    }

    private SubstringTrace.GcCounters counters(JsonNode root, String name, String heapName) throws TraceFormatException {
        JsonNode g = object(root, name);
        List<Integer> slots = new ArrayList<>();
        List<Long> alloc = new ArrayList<>();
        List<Long> freed = new ArrayList<>();
        JsonNode heaps = root.get(heapName);
        if (heaps != null && !heaps.isNull()) {
            if (!heaps.isArray()) {
                throw fail(heapName, "expected an array of GC.stat_heap hashes or null");
            }
            for (int i = 0; i < heaps.size(); i++) {
                JsonNode h = heaps.get(i);
                String at = heapName + "[" + i + "]";
                slots.add((int) positive(h.get("slot_size"), at + ".slot_size"));
                alloc.add(whole(h.get("total_allocated_objects"), at + ".total_allocated_objects"));
                freed.add(whole(h.get("total_freed_objects"), at + ".total_freed_objects"));
            }
        }
        return new SubstringTrace.GcCounters(whole(g.get("count"), name + ".count"), whole(g.get("minor_gc_count"), name + ".minor_gc_count"),
                whole(g.get("major_gc_count"), name + ".major_gc_count"), whole(g.get("total_allocated_objects"), name + ".total_allocated_objects"),
                whole(g.get("total_freed_objects"), name + ".total_freed_objects"), whole(g.get("heap_live_slots"), name + ".heap_live_slots"),
                slots, alloc, freed);
    }

    private JsonNode object(JsonNode parent, String field) throws TraceFormatException {
        JsonNode n = parent.get(field);
        if (n == null || !n.isObject()) {
            throw fail(field, "expected an object");
        }
        return n;
    }

    private JsonNode array(JsonNode parent, String field, String prefix) throws TraceFormatException {
        JsonNode n = parent.get(field);
        if (n == null || !n.isArray()) {
            throw fail(prefix + field, "expected an array");
        }
        return n;
    }

    private long whole(JsonNode n, String at) throws TraceFormatException {
        if (n == null || !n.isIntegralNumber() || !n.canConvertToLong() || n.asLong() < 0) {
            throw fail(at, "expected a whole number >= 0, got " + shown(n));
        }
        return n.asLong();
    }

    private long positive(JsonNode n, String at) throws TraceFormatException {
        long v = whole(n, at);
        if (v == 0 || v > Integer.MAX_VALUE) {
            throw fail(at, "expected a whole number between 1 and " + Integer.MAX_VALUE + ", got " + v);
        }
        return v;
    }

    private double seconds(JsonNode n, String at) throws TraceFormatException {
        if (n == null || !n.isNumber() || !Double.isFinite(n.asDouble()) || n.asDouble() < 0) {
            throw fail(at, "expected a number of seconds >= 0, got " + shown(n));
        }
        return n.asDouble();
    }

    private String text(JsonNode n, String at) throws TraceFormatException {
        if (n == null || !n.isTextual()) {
            throw fail(at, "expected a string, got " + shown(n));
        }
        return n.asText();
    }

    private static String shown(JsonNode n) {
        if (n == null) {
            return "nothing";
        }
        String s = n.toString();
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }

    private TraceFormatException fail(String field, String problem) {
        return new TraceFormatException(source + ": " + (field.isEmpty() ? "" : field + ": ") + problem);
    }
}
