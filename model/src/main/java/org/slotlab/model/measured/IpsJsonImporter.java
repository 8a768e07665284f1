package org.slotlab.model.measured;

import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.Reader;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * benchmark-ips's JSON, written by {@code x.json!(path)}: lib/benchmark/ips/report.rb
 * {@code generate_json} pretty-prints {@code data}, an array with one object per report:
 * {@code name}, {@code central_tendency} (i/s), {@code ips} (the same, kept for backwards
 * compatibility), {@code error} and {@code stddev} (i/s), {@code microseconds},
 * {@code iterations}, {@code cycles} (evanphx/benchmark-ips 9453e05). Older versions wrote only
 * {@code ips} and {@code stddev}, so those are the fallbacks. The file does not say which Ruby
 * ran, so the executable is {@value #EXECUTABLE}. {@code ns_per_op} is 1e9 / ips, as report.rb's
 * {@code Entry#body} prints "(29.39 ns/i)".
 */
public final class IpsJsonImporter extends NamedImporter {

    public static final String FORMAT = "ips-json";
    public static final String TOOL = "benchmark-ips";
    /** Executable name for files that do not name one. */
    public static final String EXECUTABLE = "ruby";
    /** Nanoseconds per second, for ns_per_op = NS_PER_SECOND / ips. */
    static final double NS_PER_SECOND = 1e9;
    /** report.rb fields that count iterations: whole numbers. */
    private static final List<String> COUNTS = List.of("iterations", "cycles");

    public IpsJsonImporter() {
        super(FORMAT, TOOL);
    }

    @Override
    public boolean canRead(String firstLines) {
        String t = firstLines.stripLeading();
        return t.startsWith("[") && (t.contains("\"central_tendency\"") || t.contains("\"ips\"")
                || t.contains("\"item\"") && t.contains("\"samples\""));
    }

    @Override
    public MeasuredSet read(Reader reader, String source) throws ImportException {
        JsonLines json = new JsonLines(reader, source);
        json.expect(JsonToken.START_ARRAY, "a JSON array of reports (benchmark-ips x.json!)");
        Points points = new Points(source);
        Map<String, Integer> names = new HashMap<>();
        while (true) {
            JsonToken t = json.next();
            if (t == JsonToken.END_ARRAY) {
                break;
            }
            int line = json.line();
            if (t != JsonToken.START_OBJECT) {
                throw new ImportException(source, line, "expected a report object {\"name\": ..., \"central_tendency\": ...}");
            }
            JsonNode e = json.tree();
            if (e.has("item") && !e.has("name")) {
                held(e, line, source, points, names);
                continue;
            }
            String bench = points.name(JsonLines.text(e, "name", source, line, "the report"), "benchmark", line);
            Integer first = names.putIfAbsent(bench, line);
            if (first != null) {
                throw new ImportException(source, line, "report " + TextLines.quote(bench) + " appears twice: on line " + first
                        + " and on line " + line + "; one Benchmark.ips run has one report per label");
            }
            String ipsField = e.has("central_tendency") ? "central_tendency" : "ips";
            double ips = JsonLines.number(e, ipsField, source, line, "report " + TextLines.quote(bench));
            if (!(ips > 0)) {
                throw new ImportException(source, line, "expected '" + ipsField + "' > 0 i/s for report " + TextLines.quote(bench)
                        + ", found " + ips);
            }
            points.add(line, bench, EXECUTABLE, Metric.IPS, ips, Metric.UNIT_IPS);
            String errField = e.has("error") ? "error" : "stddev";
            if (e.has(errField)) {
                double err = JsonLines.number(e, errField, source, line, "report " + TextLines.quote(bench));
                points.add(line, bench, EXECUTABLE, Metric.IPS_ERROR, err, Metric.UNIT_IPS);
            }
            for (String count : COUNTS) {
                if (e.has(count)) {
                    JsonLines.whole(e, count, source, line, "report " + TextLines.quote(bench));
                }
            }
            points.add(line, bench, EXECUTABLE, Metric.NS_PER_OP, NS_PER_SECOND / ips, Metric.UNIT_NS);
        }
        json.expectEnd();
        return points.set(TOOL, FORMAT, List.of(EXECUTABLE), json.line(), "expected at least one report in the array");
    }

    /**
     * One entry of the file {@code x.save!} / {@code x.hold!} keeps between runs (job.rb
     * {@code save_held_results}: {@code item}, {@code measured_us}, {@code iter}, {@code samples}
     * in i/s, {@code cycles}): ips is the samples' mean and its error their standard deviation, as
     * lib/benchmark/ips/stats/sd.rb computes them.
     */
    private static void held(JsonNode e, int line, String source, Points points, Map<String, Integer> names) throws ImportException {
        String bench = points.name(JsonLines.text(e, "item", source, line, "the held result"), "benchmark", line);
        Integer first = names.putIfAbsent(bench, line);
        if (first != null) {
            throw new ImportException(source, line, "result " + TextLines.quote(bench) + " appears twice: on line " + first
                    + " and on line " + line);
        }
        JsonNode samples = e.get("samples");
        if (samples == null || !samples.isArray() || samples.isEmpty()) {
            throw new ImportException(source, line, "expected 'samples' of " + TextLines.quote(bench) + " to be a non-empty array of i/s, found "
                    + JsonLines.found(samples));
        }
        double sum = 0;
        for (JsonNode v : samples) {
            if (!v.isNumber()) {
                throw new ImportException(source, line, "expected the samples of " + TextLines.quote(bench) + " to be numbers, found "
                        + JsonLines.found(v));
            }
            Points.checkValue(source, line, "a sample of " + bench, v.asDouble(), Metric.UNIT_IPS);
            sum += v.asDouble();
        }
        double mean = sum / samples.size();
        double var = 0;
        for (JsonNode v : samples) {
            var += (v.asDouble() - mean) * (v.asDouble() - mean);
        }
        for (String count : List.of("iter", "cycles")) {
            if (e.has(count)) {
                JsonLines.whole(e, count, source, line, TextLines.quote(bench));
            }
        }
        if (!(mean > 0)) {
            throw new ImportException(source, line, "expected the samples of " + TextLines.quote(bench) + " to average above 0 i/s");
        }
        points.add(line, bench, EXECUTABLE, Metric.IPS, mean, Metric.UNIT_IPS);
        points.add(line, bench, EXECUTABLE, Metric.IPS_ERROR, Math.sqrt(var / samples.size()), Metric.UNIT_IPS);
        points.add(line, bench, EXECUTABLE, Metric.NS_PER_OP, NS_PER_SECOND / mean, Metric.UNIT_NS);
    }
}
