package org.slotlab.model.measured;

import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.Reader;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ruby-bench's (formerly yjit-bench) {@code output_NNN.json}, written by
 * lib/benchmark_runner.rb {@code write_json} as {@code {"metadata": {exe: RUBY_DESCRIPTION},
 * "raw_data": {exe: {bench: result}}}} (ruby/ruby-bench 09b76c8). Each result is what
 * harness/harness-common.rb {@code return_results} wrote: {@code warmup} and {@code bench}
 * iteration times in seconds, {@code rss}/{@code maxrss} in bytes, and with harness-gc
 * (harness-gc/harness.rb) {@code gc_count_bench}, {@code gc_major_count_bench},
 * {@code gc_minor_count_bench}, {@code gc_marking_time_bench} (ms) per iteration and
 * {@code gc_heap_final} ({@code GC.stat_heap} after a full GC). Points: {@code ms} = mean of
 * {@code bench} x 1000 and, for every executable after the first, {@code speed_ratio} =
 * mean(first) / mean(this), which is lib/results_table_builder.rb's {@code base/other} column;
 * per-iteration GC series become their mean; {@code gc_heap_final} becomes per-heap points with
 * a {@code slot_size} parameter.
 */
public final class RubyBenchJsonImporter extends NamedImporter {

    public static final String FORMAT = "ruby-bench-json";
    public static final String TOOL = "ruby-bench";
    /** results_table_builder.rb SECONDS_TO_MS. */
    static final double SECONDS_TO_MS = 1000.0;
    /** harness-gc series averaged into one point each: JSON key -> (metric, unit). */
    private static final Map<String, String[]> GC_SERIES = seriesTable();

    private static Map<String, String[]> seriesTable() {
        Map<String, String[]> m = new LinkedHashMap<>();
        m.put("gc_count_bench", new String[] {Metric.GC_COUNT, Metric.UNIT_COUNT});
        m.put("gc_major_count_bench", new String[] {"gc_major_count", Metric.UNIT_COUNT});
        m.put("gc_minor_count_bench", new String[] {"gc_minor_count", Metric.UNIT_COUNT});
        m.put("gc_marking_time_bench", new String[] {"gc_marking_ms", Metric.UNIT_MS});
        m.put("gc_sweeping_time_bench", new String[] {"gc_sweeping_ms", Metric.UNIT_MS});
        return m;
    }

    public RubyBenchJsonImporter() {
        super(FORMAT, TOOL);
    }

    @Override
    public boolean canRead(String firstLines) {
        String t = firstLines.stripLeading();
        return t.startsWith("{") && t.contains("\"metadata\"") && t.contains("\"raw_data\"");
    }

    private record Result(String exe, String bench, JsonNode node, int line) {
    }

    @Override
    public MeasuredSet read(Reader reader, String source) throws ImportException {
        JsonLines json = new JsonLines(reader, source);
        json.expect(JsonToken.START_OBJECT, "a JSON object {\"metadata\": ..., \"raw_data\": ...} (ruby-bench output_NNN.json)");
        List<String> executables = new ArrayList<>();
        List<Result> results = new ArrayList<>();
        boolean sawRaw = false;
        while (json.next() != JsonToken.END_OBJECT) {
            String field = json.fieldName();
            JsonToken value = json.next();
            if (field.equals("metadata") && value == JsonToken.START_OBJECT) {
                for (Iterator<String> it = json.tree().fieldNames(); it.hasNext();) {
                    executables.add(it.next());
                }
            } else if (field.equals("raw_data")) {
                if (value != JsonToken.START_OBJECT) {
                    throw new ImportException(source, json.line(), "expected raw_data to be an object {executable: {benchmark: result}}");
                }
                sawRaw = true;
                readRaw(json, results);
            } else {
                json.skip();
            }
        }
        json.expectEnd();
        if (!sawRaw) {
            throw new ImportException(source, json.line(), "expected a 'raw_data' object (lib/benchmark_runner.rb write_json)");
        }
        for (Result r : results) {
            if (!executables.contains(r.exe())) {
                executables.add(r.exe());
            }
        }
        if (results.isEmpty()) {
            throw new ImportException(source, json.line(), "expected at least one benchmark result in raw_data");
        }
        if (results.size() > Points.MAX_POINTS / 8) {
            throw new ImportException(source, json.line(), "holds more than " + Points.MAX_POINTS / 8 + " results, the most read from one file");
        }
        Map<String, Double> meanMs = new LinkedHashMap<>();
        Points points = new Points(source);
        for (Result r : results) {
            points.name(r.bench(), "benchmark", r.line());
            points.name(r.exe(), "executable", r.line());
            double ms = mean(r, "bench", source, false) * SECONDS_TO_MS;
            meanMs.put(r.exe() + "\u0000" + r.bench(), ms);
            points.add(r.line(), r.bench(), r.exe(), Metric.MS, ms, Metric.UNIT_MS);
            if (r.node().has("rss")) {
                points.add(r.line(), r.bench(), r.exe(), Metric.RSS,
                        JsonLines.whole(r.node(), "rss", source, r.line(), where(r)), Metric.UNIT_BYTES);
            }
            for (Map.Entry<String, String[]> s : GC_SERIES.entrySet()) {
                if (r.node().has(s.getKey())) {
                    boolean count = s.getValue()[1].equals(Metric.UNIT_COUNT);
                    points.add(r.line(), r.bench(), r.exe(), s.getValue()[0], mean(r, s.getKey(), source, count), s.getValue()[1]);
                }
            }
            JsonNode heaps = r.node().get("gc_heap_final");
            if (heaps != null && heaps.isObject()) {
                for (Iterator<Map.Entry<String, JsonNode>> it = heaps.fields(); it.hasNext();) {
                    Map.Entry<String, JsonNode> h = it.next();
                    HarnessGcImporter.heapPoints(points, r.bench(), r.exe(), h.getValue(), source, r.line(),
                            where(r) + " gc_heap_final[" + h.getKey() + "]");
                }
            }
        }
        String base = executables.get(0);
        for (Result r : results) {
            Double b = meanMs.get(base + "\u0000" + r.bench());
            double other = meanMs.get(r.exe() + "\u0000" + r.bench());
            if (!r.exe().equals(base) && b != null && b > 0 && other > 0) {
                points.add(r.line(), r.bench(), r.exe(), Metric.SPEED_RATIO, b / other, Metric.UNIT_RATIO);
            }
        }
        return points.set(TOOL, FORMAT, executables, json.line(), "expected at least one benchmark result in raw_data");
    }

    private static void readRaw(JsonLines json, List<Result> results) throws ImportException {
        while (json.next() != JsonToken.END_OBJECT) {
            String exe = json.fieldName();
            if (json.next() != JsonToken.START_OBJECT) {
                throw new ImportException(json.source(), json.line(), "expected raw_data." + exe + " to be an object {benchmark: result}");
            }
            while (json.next() != JsonToken.END_OBJECT) {
                String bench = json.fieldName();
                if (json.next() != JsonToken.START_OBJECT) {
                    throw new ImportException(json.source(), json.line(), "expected raw_data." + exe + "." + bench + " to be a result object");
                }
                int line = json.line();
                results.add(new Result(exe, bench, json.tree(), line));
            }
        }
    }

    private static String where(Result r) {
        return "raw_data." + r.exe() + "." + r.bench();
    }

    private static double mean(Result r, String key, String source, boolean counts) throws ImportException {
        JsonNode a = r.node().get(key);
        if (a == null || !a.isArray() || a.isEmpty()) {
            throw new ImportException(source, r.line(), "expected a non-empty array '" + key + "' in " + where(r)
                    + (key.equals("bench") ? " (iteration times in seconds)" : ""));
        }
        double sum = 0;
        for (JsonNode v : a) {
            if (!v.isNumber() || counts && !v.isIntegralNumber()) {
                throw new ImportException(source, r.line(), "expected " + (counts ? "whole numbers (counts)" : "numbers") + " in '"
                        + key + "' of " + where(r) + ", found " + JsonLines.found(v));
            }
            Points.checkValue(source, r.line(), "an entry of '" + key + "' of " + where(r), v.asDouble(), counts ? Metric.UNIT_COUNT
                    : Metric.UNIT_S);
            sum += v.asDouble();
        }
        return sum / a.size();
    }
}
