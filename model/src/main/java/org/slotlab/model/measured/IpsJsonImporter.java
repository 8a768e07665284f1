package org.slotlab.model.measured;

import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.Reader;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

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
public final class IpsJsonImporter implements Importer {

    public static final String FORMAT = "ips-json";
    public static final String TOOL = "benchmark-ips";
    /** Executable name for files that do not name one. */
    public static final String EXECUTABLE = "ruby";
    /** Nanoseconds per second, for ns_per_op = NS_PER_SECOND / ips. */
    static final double NS_PER_SECOND = 1e9;

    @Override
    public String format() {
        return FORMAT;
    }

    @Override
    public String tool() {
        return TOOL;
    }

    @Override
    public boolean canRead(String firstLines) {
        String t = firstLines.stripLeading();
        return t.startsWith("[") && (t.contains("\"central_tendency\"") || t.contains("\"ips\""));
    }

    @Override
    public MeasuredSet read(Reader reader, String source) throws ImportException {
        JsonLines json = new JsonLines(reader, source);
        json.expect(JsonToken.START_ARRAY, "a JSON array of reports (benchmark-ips x.json!)");
        List<MeasuredPoint> points = new ArrayList<>();
        Set<String> names = new HashSet<>();
        while (true) {
            JsonToken t = json.next();
            if (t == JsonToken.END_ARRAY) {
                break;
            }
            int line = json.line();
            if (t != JsonToken.START_OBJECT) {
                throw new ImportException(source, line, "expected a report object {\"name\": ..., \"central_tendency\": ...}, found " + t.asString());
            }
            JsonNode e = json.tree();
            JsonNode name = e.get("name");
            if (name == null || !name.isValueNode() || name.asText().isEmpty()) {
                throw new ImportException(source, line, "expected a 'name' in the report object");
            }
            String bench = name.asText();
            if (!names.add(bench)) {
                throw new ImportException(source, line, "report '" + bench + "' appears twice");
            }
            String ipsField = e.has("central_tendency") ? "central_tendency" : "ips";
            double ips = JsonLines.number(e, ipsField, source, line, "report '" + bench + "'");
            if (ips <= 0) {
                throw new ImportException(source, line, "expected '" + ipsField + "' > 0 i/s for report '" + bench + "', found " + ips);
            }
            String errField = e.has("error") ? "error" : "stddev";
            points.add(MeasuredPoint.of(bench, EXECUTABLE, Metric.IPS, ips, Metric.UNIT_IPS));
            if (e.has(errField)) {
                double err = JsonLines.number(e, errField, source, line, "report '" + bench + "'");
                points.add(MeasuredPoint.of(bench, EXECUTABLE, Metric.IPS_ERROR, err, Metric.UNIT_IPS));
            }
            points.add(MeasuredPoint.of(bench, EXECUTABLE, Metric.NS_PER_OP, NS_PER_SECOND / ips, Metric.UNIT_NS));
        }
        json.expectEnd();
        if (points.isEmpty()) {
            throw new ImportException(source, json.line(), "expected at least one report in the array");
        }
        return new MeasuredSet(source, TOOL, FORMAT, List.of(EXECUTABLE), points);
    }
}
