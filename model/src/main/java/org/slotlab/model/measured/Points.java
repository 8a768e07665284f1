package org.slotlab.model.measured;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Collects the points of one file while it is parsed and checks each as it comes, with the line it
 * came from: names are non-empty one-line text of at most {@value #MAX_NAME_CHARS} characters; a
 * value is a finite, normal double (no {@code 1e-320}), not negative (no {@code -0}) where its unit
 * cannot be, and within what a measurement can be ({@link #limit}: a rate above 10^12 i/s or a time
 * above 10^15 ns is no measurement); the same benchmark, executable, metric and parameter twice is
 * refused with both lines; a file gives at most {@value #MAX_POINTS} points.
 */
final class Points {

    /** Most points one file gives (a 100,000-benchmark run of every metric stays below it). */
    static final int MAX_POINTS = 1_000_000;
    /** Longest benchmark or executable name. */
    static final int MAX_NAME_CHARS = 1000;

    private final String source;
    private final List<MeasuredPoint> points = new ArrayList<>();
    private final Map<List<Object>, Integer> firstLine = new HashMap<>();

    Points(String source) {
        this.source = source;
    }

    /** Adds a point without a parameter. */
    void add(int line, String bench, String exe, String metric, double value, String unit) throws ImportException {
        add(line, bench, exe, metric, value, unit, Optional.empty());
    }

    /** Adds a point, after the checks of the class comment. */
    void add(int line, String bench, String exe, String metric, double value, String unit, Optional<MappedParameter> param)
            throws ImportException {
        name(bench, "benchmark", line);
        name(exe, "executable", line);
        checkValue(source, line, metric + " of " + bench + " on " + exe, value, unit);
        List<Object> key = List.of(bench, exe, metric, param.map(Object::toString).orElse(""));
        Integer first = firstLine.putIfAbsent(key, line);
        if (first != null) {
            throw new ImportException(source, line, metric + " of " + bench + " on " + exe
                    + param.map(p -> " (" + p + ")").orElse("") + " appears twice: on line " + first + " and on line " + line
                    + "; each result may appear once");
        }
        if (points.size() >= MAX_POINTS) {
            throw new ImportException(source, line, "holds more than " + MAX_POINTS + " measured values, the most read from one file");
        }
        points.add(new MeasuredPoint(bench, exe, metric, value, unit, param));
    }

    String source() {
        return source;
    }

    boolean isEmpty() {
        return points.isEmpty();
    }

    List<MeasuredPoint> list() {
        return points;
    }

    /** The set; {@code whyEmpty} is the message when no point was read. */
    MeasuredSet set(String tool, String format, List<String> executables, int line, String whyEmpty) throws ImportException {
        if (points.isEmpty()) {
            throw new ImportException(source, line, whyEmpty);
        }
        return new MeasuredSet(source, tool, format, executables, points);
    }

    /** A benchmark or executable name: non-empty, one line, at most {@value #MAX_NAME_CHARS} characters. */
    String name(String name, String what, int line) throws ImportException {
        return checkName(source, line, name, what);
    }

    static String checkName(String source, int line, String name, String what) throws ImportException {
        if (name == null || name.isBlank()) {
            throw new ImportException(source, line, "expected a " + what + " name, found an empty one");
        }
        if (name.length() > MAX_NAME_CHARS) {
            throw new ImportException(source, line, what + " name " + TextLines.quote(name) + " is longer than " + MAX_NAME_CHARS
                    + " characters, the longest name read");
        }
        for (int i = 0; i < name.length(); i++) {
            if (Character.isISOControl(name.charAt(i))) {
                throw new ImportException(source, line, what + " name " + TextLines.quote(name.replaceAll("\\p{Cntrl}", "?"))
                        + " contains a control character; names are one line of text");
            }
        }
        return name;
    }

    /**
     * Refuses a value that no measurement in {@code unit} can have: not finite, subnormal,
     * negative or -0 where the unit has no sign, above {@link #limit}.
     */
    static void checkValue(String source, int line, String what, double value, String unit) throws ImportException {
        if (!Double.isFinite(value)) {
            throw new ImportException(source, line, what + " is " + value + "; expected a finite number"
                    + (Double.isInfinite(value) ? " (the value overflows a double)" : ""));
        }
        if (value != 0 && Math.abs(value) < Double.MIN_NORMAL) {
            throw new ImportException(source, line, what + " is " + fmt(value) + ", below the smallest normal double (2.2e-308); "
                    + "no measurement is that small");
        }
        boolean signed = unit.isEmpty();
        if (!signed && (value < 0 || value == 0 && 1 / value < 0)) {
            throw new ImportException(source, line, what + " is " + (value == 0 ? "-0" : fmt(value)) + " " + unit
                    + "; a measurement in " + unit + " is never negative");
        }
        double max = limit(unit);
        if (Math.abs(value) > max) {
            throw new ImportException(source, line, what + " is " + fmt(value) + (unit.isEmpty() ? "" : " " + unit)
                    + "; no measurement in " + (unit.isEmpty() ? "this column" : unit) + " exceeds " + fmt(max));
        }
        if (unit.equals(Metric.UNIT_RATIO) && value == 0) {
            throw new ImportException(source, line, what + " is 0x; a speed ratio is above 0");
        }
    }

    /** Refuses a count that is not a whole number ({@code 2000000.5} GC runs). */
    static double checkWhole(String source, int line, String what, double value) throws ImportException {
        if (Double.isFinite(value) && value != Math.rint(value)) {
            throw new ImportException(source, line, what + " is " + fmt(value) + "; expected a whole number (a count)");
        }
        return value;
    }

    /**
     * The largest value a measurement in {@code unit} can have: 10^12 i/s (a thousand times a 3 GHz
     * core's clock), 10^15 ns, ms, KiB and bytes, 10^9 s (32 years), 10^15 counts, 10^4 %, a ratio of 10^6.
     */
    static double limit(String unit) {
        return switch (unit) {
            case Metric.UNIT_IPS -> 1e12;
            case Metric.UNIT_S -> 1e9;
            case Metric.UNIT_PERCENT -> 1e4;
            case Metric.UNIT_RATIO -> 1e6;
            default -> 1e15;
        };
    }

    private static String fmt(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        return Double.toString(v).replace("E", "e");
    }
}
