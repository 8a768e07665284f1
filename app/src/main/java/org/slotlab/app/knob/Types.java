package org.slotlab.app.knob;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The value types knobs are made of: whole numbers and decimals within a range, switches, one of
 * a list, a subset of a list, lists of numbers (with ranges like {@code 16-256:16}) and checked
 * text. Every message states the rule that was broken, with the bounds.
 */
public final class Types {

    private Types() {}

    /** Most values one list may expand to (a range like 0-100000:1 is a typo, not a sweep). */
    public static final int MAX_LIST_VALUES = 100_000;

    private static String fmt(long v) {
        return String.format(Locale.ROOT, "%,d", v);
    }

    /** A whole number, written without separators; {@code 1,000} and {@code 1_000} are read too. */
    static long wholeNumber(String text) {
        String t = text.strip().replace(",", "").replace("_", "");
        try {
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text.strip() + "' is not a whole number");
        }
    }

    /** A whole number in {@code min..max}. */
    public static KnobType<Long> longs(long min, long max) {
        return new KnobType<>() {
            @Override
            public Long parse(String text) {
                long v = wholeNumber(text);
                if (v < min || v > max) {
                    throw new IllegalArgumentException("must be between " + fmt(min) + " and " + fmt(max) + ", got " + fmt(v));
                }
                return v;
            }

            @Override public String format(Long v) { return Long.toString(v); }
            @Override public String syntax() { return "N"; }
            @Override public Object toJson(Long v) { return v; }
            @Override public Class<?> valueClass() { return Long.class; }
        };
    }

    /** A whole number in {@code min..max} that fits an int. */
    public static KnobType<Integer> ints(int min, int max) {
        KnobType<Long> l = longs(min, max);
        return new KnobType<>() {
            @Override public Integer parse(String text) { return l.parse(text).intValue(); }
            @Override public String format(Integer v) { return Integer.toString(v); }
            @Override public String syntax() { return "N"; }
            @Override public Object toJson(Integer v) { return v; }
            @Override public Class<?> valueClass() { return Integer.class; }
        };
    }

    /** A finite decimal in {@code min..max}. */
    public static KnobType<Double> decimals(double min, double max) {
        return new KnobType<>() {
            @Override
            public Double parse(String text) {
                double v;
                try {
                    v = Double.parseDouble(text.strip().replace("_", ""));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("'" + text.strip() + "' is not a number");
                }
                if (!(v >= min && v <= max)) {
                    throw new IllegalArgumentException("must be a finite number between " + plain(min) + " and "
                            + plain(max) + ", got " + text.strip());
                }
                return v;
            }

            @Override public String format(Double v) { return plain(v); }
            @Override public String syntax() { return "X"; }
            @Override public Object toJson(Double v) { return v; }
            @Override public Class<?> valueClass() { return Double.class; }
        };
    }

    /** A decimal as typed back into a field: 0.001, 10 (no trailing zeros, no exponent). */
    public static String plain(double v) {
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    /** On or off; the CLI reads {@code --name} alone as on. */
    public static KnobType<Boolean> onOff() {
        return new KnobType<>() {
            @Override
            public Boolean parse(String text) {
                return switch (text.strip().toLowerCase(Locale.ROOT)) {
                    case "true", "on", "yes", "1" -> true;
                    case "false", "off", "no", "0" -> false;
                    default -> throw new IllegalArgumentException("'" + text.strip() + "' is not on or off");
                };
            }

            @Override public String format(Boolean v) { return v.toString(); }
            @Override public String syntax() { return ""; }
            @Override public Object toJson(Boolean v) { return v; }
            @Override public Class<?> valueClass() { return Boolean.class; }
        };
    }

    /** One of {@code names}; {@code what} names the kind in the message ("unknown keep mode 'x'"). */
    public static KnobType<String> oneOf(String what, List<String> names) {
        return oneOf(what, names, n -> n);
    }

    /** One of {@code names}, each shown in a list as {@code label.apply(name)}. */
    public static KnobType<String> oneOf(String what, List<String> names, java.util.function.UnaryOperator<String> label) {
        List<String> all = List.copyOf(names);
        return new KnobType<>() {
            @Override public String choiceLabel(String choice) { return label.apply(choice); }

            @Override
            public String parse(String text) {
                String t = text.strip();
                if (!all.contains(t)) {
                    throw new IllegalArgumentException("unknown " + what + " '" + t + "' (known: " + String.join(", ", all) + ")");
                }
                return t;
            }

            @Override public String format(String v) { return v; }
            @Override public String syntax() { return String.join("|", all); }
            @Override public List<String> choices() { return all; }
            @Override public Class<?> valueClass() { return String.class; }
        };
    }

    /**
     * Some of {@code names}, comma-separated, at least one, none twice, kept in the order given;
     * {@code check} may refuse a name with its own message (e.g. a model's "unknown allocator").
     */
    public static KnobType<List<String>> someOf(String what, List<String> names, Consumer<String> check) {
        List<String> all = List.copyOf(names);
        return new KnobType<>() {
            @Override
            public List<String> parse(String text) {
                List<String> out = new ArrayList<>();
                for (String part : text.split(",")) {
                    String p = part.strip();
                    if (p.isEmpty()) {
                        continue;
                    }
                    check.accept(p);
                    if (!all.contains(p)) {
                        throw new IllegalArgumentException("unknown " + what + " '" + p + "' (known: "
                                + String.join(", ", all) + ")");
                    }
                    out.add(p);
                }
                if (out.isEmpty()) {
                    throw new IllegalArgumentException("choose at least one " + what + " (" + String.join(", ", all) + ")");
                }
                if (new HashSet<>(out).size() != out.size()) {
                    throw new IllegalArgumentException("a " + what + " is listed twice: " + String.join(",", out));
                }
                return List.copyOf(out);
            }

            @Override public String format(List<String> v) { return String.join(",", v); }
            @Override public String syntax() { return "LIST"; }
            @Override public Object toJson(List<String> v) { return v; }
            @Override public List<String> choices() { return all; }
            @Override public boolean many() { return true; }
            @Override public Class<?> valueClass() { return List.class; }
        };
    }

    /** Checked text: {@code check} throws with the rule when the text is not acceptable. */
    public static KnobType<String> text(String syntax, Consumer<String> check) {
        return new KnobType<>() {
            @Override
            public String parse(String text) {
                String t = text.strip();
                check.accept(t);
                return t;
            }

            @Override public String format(String v) { return v; }
            @Override public String syntax() { return syntax; }
            @Override public Class<?> valueClass() { return String.class; }
        };
    }

    /** {@code type} with suggestions an editor offers; any text the type accepts still goes. */
    public static KnobType<String> suggesting(KnobType<String> type, List<String> suggestions) {
        List<String> all = List.copyOf(suggestions);
        return new KnobType<>() {
            @Override public String parse(String text) { return type.parse(text); }
            @Override public String format(String v) { return type.format(v); }
            @Override public String syntax() { return type.syntax(); }
            @Override public List<String> choices() { return all; }
            @Override public Class<?> valueClass() { return String.class; }
        };
    }

    /**
     * Comma-separated whole numbers and ranges {@code start-end:step} (inclusive), each >= 0, at
     * least one and at most {@code maxValues}. {@code 1,23,50} and {@code 16-256:16} both read.
     */
    public static KnobType<List<Long>> wholeNumbers(int maxValues) {
        return wholeNumbers(maxValues, Long.MAX_VALUE);
    }

    /** Comma-separated whole numbers and ranges, each in {@code 0..maxValue}, at most {@code maxValues} of them. */
    public static KnobType<List<Long>> wholeNumbers(int maxValues, long maxValue) {
        return new KnobType<>() {
            @Override
            public List<Long> parse(String text) {
                List<Long> out = parseLongs(text);
                if (out.size() > maxValues) {
                    throw new IllegalArgumentException("at most " + maxValues + " values, got " + out.size()
                            + " (raise the range's step)");
                }
                for (long v : out) {
                    if (v > maxValue) {
                        throw new IllegalArgumentException("values must be <= " + fmt(maxValue) + ", got " + fmt(v));
                    }
                }
                return List.copyOf(out);
            }

            @Override
            public String format(List<Long> v) {
                return compact(v);
            }

            @Override public String syntax() { return "LIST"; }
            @Override public Object toJson(List<Long> v) { return v; }
            @Override public Class<?> valueClass() { return List.class; }
        };
    }

    /** Comma-separated finite decimals, each in {@code min..max}, at least one. */
    public static KnobType<List<Double>> decimalsList(double min, double max, String unitWord) {
        return new KnobType<>() {
            @Override
            public List<Double> parse(String text) {
                List<Double> out = new ArrayList<>();
                for (String part : text.split(",")) {
                    String s = part.strip();
                    if (s.isEmpty()) {
                        continue;
                    }
                    double v;
                    try {
                        v = Double.parseDouble(s);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("'" + s + "' is not a number of " + unitWord);
                    }
                    if (!(v >= min && v <= max)) {
                        throw new IllegalArgumentException(unitWord + " must be finite and between " + plain(min) + " and "
                                + plain(max) + ", got " + s);
                    }
                    out.add(v);
                }
                if (out.isEmpty()) {
                    throw new IllegalArgumentException("needs at least one value");
                }
                return List.copyOf(out);
            }

            @Override
            public String format(List<Double> v) {
                return String.join(",", v.stream().map(Types::plain).toList());
            }

            @Override public String syntax() { return "LIST"; }
            @Override public Object toJson(List<Double> v) { return v; }
            @Override public Class<?> valueClass() { return List.class; }
        };
    }

    /** Shortest run of values that makes a range: fewer are listed one by one. */
    private static final int MIN_RUN = 3;

    /**
     * Whole numbers as {@link #parseLongs} reads them back, runs of equal steps written as ranges:
     * {@code 96,97,...,160} is {@code 96-160}, {@code 0,8,16,...,1024} is {@code 0-1024:8}.
     */
    public static String compact(List<Long> v) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < v.size()) {
            int j = i + 1;
            long step = j < v.size() ? v.get(j) - v.get(i) : 0;
            while (step > 0 && j + 1 < v.size() && v.get(j + 1) - v.get(j) == step) {
                j++;
            }
            if (step > 0 && j - i + 1 >= MIN_RUN) {
                out.add(v.get(i) + "-" + v.get(j) + (step == 1 ? "" : ":" + step));
                i = j + 1;
            } else {
                out.add(Long.toString(v.get(i)));
                i++;
            }
        }
        return String.join(",", out);
    }

    /** Whole numbers and ranges: {@code 1,23,50} or {@code 16-256:16}; each >= 0. */
    public static List<Long> parseLongs(String text) {
        Objects.requireNonNull(text, "text");
        List<Long> out = new ArrayList<>();
        for (String part : text.split(",")) {
            String p = part.strip();
            if (p.isEmpty()) {
                continue;
            }
            try {
                int dash = p.indexOf('-', 1);
                if (dash > 0) {
                    String[] se = p.substring(dash + 1).split(":");
                    long start = Long.parseLong(p.substring(0, dash).strip());
                    long end = Long.parseLong(se[0].strip());
                    long step = se.length > 1 ? Long.parseLong(se[1].strip()) : 1;
                    if (step <= 0 || end < start) {
                        throw new IllegalArgumentException("range '" + p + "' needs start <= end and step > 0");
                    }
                    long span;
                    try {
                        span = Math.subtractExact(end, start);
                    } catch (ArithmeticException e) {
                        span = Long.MAX_VALUE;
                    }
                    if (span / step > MAX_LIST_VALUES - out.size()) {
                        throw new IllegalArgumentException("range '" + p + "' makes more than " + fmt(MAX_LIST_VALUES)
                                + " values in all");
                    }
                    // stops before v + step would pass end (or wrap past Long.MAX_VALUE)
                    for (long v = start; ; v += step) {
                        out.add(v);
                        if (v > end - step) {
                            break;
                        }
                    }
                } else {
                    if (out.size() >= MAX_LIST_VALUES) {
                        throw new IllegalArgumentException("more than " + fmt(MAX_LIST_VALUES) + " values");
                    }
                    out.add(Long.parseLong(p.replace("_", "")));
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + p + "' is not a whole number or a range like 16-256:16");
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("needs at least one value");
        }
        for (long v : out) {
            if (v < 0) {
                throw new IllegalArgumentException("values must be >= 0, got " + v);
            }
        }
        return out;
    }
}
