package org.slotlab.model.calibrate;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.slotlab.model.buffers.JsonDocument;
import org.slotlab.model.buffers.JsonDocumentGenerator;
import org.slotlab.model.buffers.JsonParseModel;
import org.slotlab.model.buffers.UnescapePolicy;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.cost.JsonParseCosts;
import org.slotlab.model.harness.Harness;
import org.slotlab.model.harness.HarnessState;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.StringBufferRules;

/**
 * The JSON parse probe of {@code slotlab calibrate} ({@code probes/json_parse.rb}): {@code JSON.parse}
 * of the documents the json-unescape scenario generates ({@link JsonDocumentGenerator}), timed on the
 * user's Ruby with the json it loads, and the fit of {@link JsonParseCosts}' three coefficients.
 *
 * <p><b>Where it runs.</b> Under plain {@code ruby}: {@code require "json"} then loads what an
 * application gets (the newest installed json gem, or the default gem the Ruby bundles), which
 * {@code --disable-gems} would not; each document in a fresh process of its own, after the other
 * probes, so their {@code --disable-gems} heaps stay as they were. The heap it parses in is the
 * profile's {@code rubygems} harness state.
 *
 * <p><b>The contrasts.</b> The same text escaped ({@code \\uXXXX}, Python's ensure_ascii) and plain
 * (UTF-8), at three string sizes of the same total bytes: 200 strings of 62,600 escaped bytes (ruby/json
 * PR #1135's document, https://github.com/ruby/json/pull/1135), 2,000 of 6,260 and 20,000 of 626;
 * and 10,000 strings of 200 bytes, where the cost per string is most of the parse. Escaped against
 * plain differs by the escapes (json_string_unescape against the fast path); the sizes differ by the
 * number of strings at the same bytes. Each document runs in {@link TimingMode#rounds()}
 * fresh processes, {@code REPEATS} repeats each after a warm-up.
 *
 * <p><b>The fit.</b> Per process, the median repeat's time per parse outside GC ({@code GC.stat(:time)}
 * taken off) minus what the profile prices for the parse's allocations (slots, mallocs, copies beyond
 * the first write, page faults, from the heap simulation of the loop, {@link JsonParseModel}) is
 * explained by {@code json_string_ns x strings + json_plain_ns_per_byte x plain bytes +
 * json_escaped_ns_per_byte x escaped raw bytes}: relative least squares, non-negative, with standard
 * errors. Its GC time per parse beyond what the profile's GC terms price for the simulated loop is
 * explained by {@code json_gc_ns_per_buffer x buffers + json_gc_ns_per_byte x their bytes}, the
 * malloc'd buffers each parse leaves to the sweep, fitted the same way. The median repeat, not the
 * fastest as the timing probe takes: each document is its own process, and on a host whose core
 * speed varies the fastest of five 0.2 s repeats is 20-30% below what a longer loop of the same
 * parses averages.
 */
public final class JsonParseCalibration {

    /** The probe script. */
    public static final String PROBE = "json_parse.rb";
    /** The probe output format this Slotlab reads. */
    public static final int PROBE_VERSION = 1;
    /**
     * The documents of the quick and thorough modes: escaped and plain, three string sizes of the same
     * bytes, and short strings (200 B) for the cost per string.
     */
    public static final List<String> DOCUMENTS = List.of(
            "generated:escaped,200x62600", "generated:plain,200x62600",
            "generated:escaped,2000x6260", "generated:plain,2000x6260",
            "generated:escaped,20000x626", "generated:plain,20000x626",
            "generated:escaped,10000x200", "generated:plain,10000x200");
    /** The smoke mode's documents (tests): the same shapes, a few KB. */
    public static final List<String> SMOKE_DOCUMENTS = List.of(
            "generated:escaped,4x6260", "generated:plain,4x6260", "generated:escaped,40x626", "generated:plain,40x626");
    /** The harness whose heap the probe parses in: plain {@code ruby}. */
    public static final Harness HEAP = Harness.RUBYGEMS;

    private JsonParseCalibration() {
    }

    /**
     * What the probe read: one JSON object per process, and why it did not run when it could not.
     *
     * @param raw  json_parse.rb's outputs, one per document and process, in run order
     * @param note empty, or why the probe could not run (then {@code raw} is empty)
     */
    public record Readings(List<JsonNode> raw, String note) {
        public static final Readings NONE = new Readings(List.of(), "");

        public Readings {
            raw = List.copyOf(raw);
            note = note == null ? "" : note;
        }
    }

    /** The documents of a mode. */
    static List<String> documents(TimingMode mode) {
        return mode == TimingMode.SMOKE ? SMOKE_DOCUMENTS : DOCUMENTS;
    }

    /**
     * Runs the probe on every document of the mode, {@code mode.rounds()} times round-robin, each in a
     * fresh process. A Ruby that cannot load json, or fails on the probe, is not an error of the
     * calibration: the readings say why and the profile keeps the published parse speed. Progress
     * counts processes.
     */
    public static Readings measure(RubyProbeRunner runner, TimingMode mode, Consumer<ProbeProgress> progress) throws CalibrationException {
        List<String> docs = documents(mode);
        Path dir = null;
        try {
            dir = Files.createTempDirectory("slotlab-json");
            Map<String, Path> files = new LinkedHashMap<>();
            for (String d : docs) {
                Path f = dir.resolve("doc" + files.size() + ".json");
                Files.writeString(f, JsonDocumentGenerator.document(JsonDocumentGenerator.parse(d)), StandardCharsets.UTF_8);
                files.put(d, f);
            }
            List<JsonNode> out = new ArrayList<>();
            int total = docs.size() * mode.rounds();
            int done = 0;
            for (int round = 0; round < mode.rounds(); round++) {
                for (String d : docs) {
                    final int before = done;
                    Consumer<ProbeProgress> step = progress == null ? null
                            : p -> progress.accept(new ProbeProgress(PROBE, before, total, d));
                    if (step != null) {
                        step.accept(new ProbeProgress(PROBE, before, total, d));
                    }
                    try {
                        out.add(runner.run(PROBE, List.of(mode.argument(), d, files.get(d).toString()), step, Map.of(), List.of()).json());
                    } catch (CalibrationException e) {
                        if (e.kind() == CalibrationException.Kind.CANCELLED) {
                            throw e;
                        }
                        return new Readings(List.of(), "JSON.parse not measured: " + e.getMessage());
                    }
                    done++;
                }
            }
            if (progress != null) {
                progress.accept(new ProbeProgress(PROBE, total, total, "done"));
            }
            return new Readings(out, "");
        } catch (IOException e) {
            return new Readings(List.of(), "JSON.parse not measured: could not write its documents (" + e.getMessage() + ")");
        } finally {
            if (dir != null) {
                try (var list = Files.list(dir)) {
                    for (Path f : list.toList()) {
                        Files.deleteIfExists(f);
                    }
                    Files.deleteIfExists(dir);
                } catch (IOException ignored) {
                    // a leftover temporary document is harmless
                }
            }
        }
    }

    /** One process's reading, checked. */
    record Run(String document, String jsonVersion, String parser, String loadedFrom, String rubyDescription, boolean keeps,
               long n, double nsPerParse, double gcNsPerParse, double gcsPerParse, double objectsPerParse, JsonNode raw) {
    }

    static Run read(JsonNode o, String where) throws CalibrationException {
        if (!"json_parse".equals(o.path("probe").asText()) || o.path("probe_version").asInt(-1) != PROBE_VERSION) {
            throw new CalibrationException(CalibrationException.Kind.BAD_OUTPUT, where + ": not a json_parse.rb reading of version "
                    + PROBE_VERSION);
        }
        long n = o.path("n").asLong(0);
        JsonNode reps = o.path("repeats");
        if (n <= 0 || !reps.isArray() || reps.isEmpty()) {
            throw new CalibrationException(CalibrationException.Kind.BAD_OUTPUT, where + ": json_parse.rb reading without repeats");
        }
        List<JsonNode> sorted = new ArrayList<>();
        for (JsonNode r : reps) {
            if (r.path("elapsed_ns").asLong(-1) <= 0) {
                throw new CalibrationException(CalibrationException.Kind.BAD_OUTPUT, where + ": a repeat without a time");
            }
            sorted.add(r);
        }
        sorted.sort(java.util.Comparator.comparingLong(r -> r.path("elapsed_ns").asLong()));
        // the median repeat (the lower one of an even count): on a host whose core speed varies, the fastest of a few
        // short repeats is its luckiest moment, well below what a longer loop of the same parses averages
        JsonNode best = sorted.get((sorted.size() - 1) / 2);
        long gcMs = best.path("gc_time_ms").asLong(-1);
        double gcs = best.path("minor_gc").asDouble() + best.path("major_gc").asDouble();
        return new Run(o.path("document").asText(), o.path("json_version").asText(""), o.path("json_parser").asText(""),
                o.path("json_loaded_from").asText(""), o.path("ruby_description").asText(""),
                o.path("escaped_probe").path("keeps_escaped_capacity").asBoolean(false), n,
                best.path("elapsed_ns").asDouble() / n, gcMs < 0 ? -1 : gcMs * 1e6 / n, gcs / n,
                best.path("allocated_objects").asDouble() / n, o);
    }

    /** {@link #attach(CostProfile, RubyLayout, Readings)} on a calibration's fit. */
    public static CalibrationFit attach(CalibrationFit fit, RubyLayout layout, Readings readings) throws CalibrationException {
        return readings.raw().isEmpty() ? fit : fit.withProfile(attach(fit.profile(), layout, readings));
    }

    /**
     * Fits the JSON parse costs to the readings on {@code profile} (the calibration's fitted profile,
     * which prices the allocations) and returns the profile with them; the profile unchanged when
     * there are no readings.
     */
    public static CostProfile attach(CostProfile profile, RubyLayout layout, Readings readings) throws CalibrationException {
        if (readings.raw().isEmpty()) {
            return profile;
        }
        return profile.withJsonParse(fit(profile, layout, readings.raw()));
    }

    /** The fit; see the class comment. */
    public static JsonParseCosts fit(CostProfile profile, RubyLayout layout, List<JsonNode> raw) throws CalibrationException {
        List<Run> runs = new ArrayList<>();
        int i = 0;
        for (JsonNode o : raw) {
            runs.add(read(o, "JSON parse reading " + i++));
        }
        Run first = runs.get(0);
        for (Run r : runs) {
            if (!r.jsonVersion().equals(first.jsonVersion()) || r.keeps() != first.keeps()) {
                throw new CalibrationException(CalibrationException.Kind.BAD_OUTPUT, "JSON parse readings of two json versions ("
                        + first.jsonVersion() + " and " + r.jsonVersion() + "); calibrate again");
            }
        }
        StringBufferRules rules = StringBufferRules.ofLayout(layout);
        HarnessState heap = profile.harness(HEAP, layout);
        UnescapePolicy own = first.keeps() ? UnescapePolicy.SET_LEN : UnescapePolicy.TEMP_BUFFER;
        Map<String, JsonDocument> docs = new LinkedHashMap<>();
        Map<String, JsonParseModel.Priced> priced = new LinkedHashMap<>();
        double[][] x = new double[runs.size()][];
        double[] y = new double[runs.size()];
        for (int k = 0; k < runs.size(); k++) {
            Run r = runs.get(k);
            JsonDocument doc = docs.computeIfAbsent(r.document(), d -> JsonDocument.generated(JsonDocumentGenerator.parse(d)));
            JsonParseModel.Priced p = priced.computeIfAbsent(r.document(),
                    d -> JsonParseModel.allocations(JsonParseModel.plan(doc, own, rules), layout, profile, heap));
            JsonParseModel.Work w = JsonParseModel.work(doc);
            double measured = r.gcNsPerParse() >= 0 ? r.nsPerParse() - r.gcNsPerParse() : r.nsPerParse();
            double model = r.gcNsPerParse() >= 0 ? p.nonGcNs() : p.totalNs();
            double weight = 1 / Math.max(r.nsPerParse(), 1);
            x[k] = new double[] {w.strings() * weight, w.plainBytes() * weight, w.escapedBytes() * weight};
            y[k] = (measured - model) * weight;
        }
        LeastSquares.Fit fit = LeastSquares.nonNegative(JsonParseCosts.NAMES, x, y);
        String how = String.format(Locale.ROOT, "fitted by slotlab calibrate's JSON parse probe: %d processes of %d documents, "
                + "the median repeat's time outside GC minus the priced allocations, relative least squares", runs.size(), docs.size());
        List<JsonParseCosts.Term> terms = new ArrayList<>();
        for (LeastSquares.Coefficient c : fit.coefficients()) {
            terms.add(new JsonParseCosts.Term(c.name(), Math.max(0, c.estimate()), JsonParseCosts.UNITS.get(c.name()),
                    c.atZeroBound() ? Double.NaN : c.standardError(), c.atZeroBound() ? how + "; held at 0 by the fit" : how));
        }
        // the GC time beyond the profile's GC terms, by the buffers each parse leaves to the sweep
        List<double[]> gx = new ArrayList<>();
        List<Double> gy = new ArrayList<>();
        for (Run r : runs) {
            if (r.gcNsPerParse() < 0) {
                continue;
            }
            JsonParseModel.Plan plan = JsonParseModel.plan(docs.get(r.document()), own, rules);
            double weight = 1 / Math.max(r.nsPerParse(), 1);
            gx.add(new double[] {plan.buffers() * weight, plan.bufferBytes() * weight});
            gy.add((r.gcNsPerParse() - priced.get(r.document()).gcNs()) * weight);
        }
        String gcHow = String.format(Locale.ROOT, "fitted by slotlab calibrate's JSON parse probe: GC.stat(:time) per parse of the "
                + "median repeats of %d processes minus the GC the profile's terms price for the simulated loop, relative least squares", gy.size());
        if (gy.size() > JsonParseCosts.GC_NAMES.size()) {
            LeastSquares.Fit g = LeastSquares.nonNegative(JsonParseCosts.GC_NAMES, gx.toArray(double[][]::new),
                    gy.stream().mapToDouble(Double::doubleValue).toArray());
            for (LeastSquares.Coefficient c : g.coefficients()) {
                terms.add(new JsonParseCosts.Term(c.name(), Math.max(0, c.estimate()), JsonParseCosts.UNITS.get(c.name()),
                        c.atZeroBound() ? Double.NaN : c.standardError(), c.atZeroBound() ? gcHow + "; held at 0 by the fit" : gcHow));
            }
        } else {
            for (String n : JsonParseCosts.GC_NAMES) {
                terms.add(new JsonParseCosts.Term(n, 0, JsonParseCosts.UNITS.get(n), Double.NaN,
                        "not determined: this Ruby's GC.stat has no :time (GC time per parse not read), 0"));
            }
        }
        JsonParseCosts partial = new JsonParseCosts(first.jsonVersion(), first.rubyDescription(), first.parser(), first.loadedFrom(),
                first.keeps(), HEAP.id(), terms, List.of(), "");
        List<JsonParseCosts.Row> rows = new ArrayList<>();
        for (Map.Entry<String, JsonDocument> e : docs.entrySet()) {
            List<Run> mine = runs.stream().filter(r -> r.document().equals(e.getKey())).toList();
            // the mean over the document's processes of each one's median repeat, as the fit weighs them
            double ns = mine.stream().mapToDouble(Run::nsPerParse).average().orElseThrow();
            double gcNs = mine.stream().anyMatch(r -> r.gcNsPerParse() < 0) ? -1 : mine.stream().mapToDouble(Run::gcNsPerParse).average().orElseThrow();
            double objects = mine.stream().mapToDouble(Run::objectsPerParse).average().orElseThrow();
            double gcs = mine.stream().mapToDouble(Run::gcsPerParse).average().orElseThrow();
            JsonParseModel.Priced p = priced.get(e.getKey());
            JsonParseModel.Work w = JsonParseModel.work(e.getValue());
            JsonParseModel.Plan plan = JsonParseModel.plan(e.getValue(), own, rules);
            double jsonNs = partial.ns(w.strings(), w.plainBytes(), w.escapedBytes());
            double gcExtra = partial.gcNs(plan.buffers(), plan.bufferBytes());
            rows.add(new JsonParseCosts.Row(e.getKey(), e.getValue().bytes(), w.strings(), w.escapedBytes(), mine.size(),
                    ns, gcNs, jsonNs + p.totalNs() + gcExtra, p.gcNs() + gcExtra, objects, p.objects(), gcs, p.gcsPerParse()));
        }
        double worst = 0;
        for (JsonParseCosts.Row r : rows) {
            worst = Math.max(worst, Math.abs(r.modelNs() / r.measuredNs() - 1));
        }
        String summary = String.format(Locale.ROOT, "json %s (%s) on %s: %d documents in %d processes; %s; the fitted model is "
                        + "within %.1f%% of every document's mean of its runs", first.jsonVersion(), first.parser(), first.rubyDescription(),
                docs.size(), runs.size(), first.keeps() ? "escaped strings keep their escaped capacity (rb_str_buf_new, rb_str_set_len)"
                        : "escaped strings are made exact through a temporary buffer (rb_utf8_str_new)", 100 * worst);
        return new JsonParseCosts(first.jsonVersion(), first.rubyDescription(), first.parser(), first.loadedFrom(), first.keeps(),
                HEAP.id(), terms, rows, summary);
    }
}
