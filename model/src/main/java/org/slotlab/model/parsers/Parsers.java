package org.slotlab.model.parsers;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The registry of parser models, each under its short name ({@code net-http}, {@code ltsv},
 * {@code falcon}), in the style of the substring policies' registry.
 */
public final class Parsers {

    private static final Map<String, ParserModel> BY_NAME = new LinkedHashMap<>();

    static {
        for (ParserModel p : List.of(new NetHttpHeaderParser(), new LtsvParser(), new FalconHeaderParser())) {
            BY_NAME.put(p.name(), p);
        }
    }

    private Parsers() {}

    public static List<String> names() {
        return List.copyOf(BY_NAME.keySet());
    }

    public static ParserModel byName(String name) {
        ParserModel p = BY_NAME.get(name.trim());
        if (p == null) {
            throw new IllegalArgumentException("unknown parser '" + name + "' (known: " + String.join(", ", names()) + ")");
        }
        return p;
    }

    /** Parses a comma-separated list of parser names; the message names the option. */
    public static List<ParserModel> parseList(String option, String text) {
        List<ParserModel> out = new ArrayList<>();
        for (String s : text.split(",")) {
            if (s.isBlank()) {
                continue;
            }
            try {
                out.add(byName(s));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(option + ": " + e.getMessage());
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException(option + ": needs at least one parser (known: " + String.join(", ", names()) + ")");
        }
        return out;
    }
}
