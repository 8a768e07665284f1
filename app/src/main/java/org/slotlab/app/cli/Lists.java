package org.slotlab.app.cli;

import java.util.ArrayList;
import java.util.List;

/** Parses number lists such as {@code 1,23,50} and ranges {@code 16-256:16} (start-end:step, inclusive). */
public final class Lists {

    private Lists() {}

    public static List<Long> parseLongs(String option, String text) {
        List<Long> out = new ArrayList<>();
        for (String part : text.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            try {
                int dash = p.indexOf('-', 1);
                if (dash > 0) {
                    String[] se = p.substring(dash + 1).split(":");
                    long start = Long.parseLong(p.substring(0, dash).trim());
                    long end = Long.parseLong(se[0].trim());
                    long step = se.length > 1 ? Long.parseLong(se[1].trim()) : 1;
                    if (step <= 0 || end < start) {
                        throw new IllegalArgumentException(option + ": range '" + p + "' needs start <= end and step > 0");
                    }
                    if ((end - start) / step > 100_000) {
                        throw new IllegalArgumentException(option + ": range '" + p + "' has more than 100,000 values");
                    }
                    for (long v = start; v <= end; v += step) {
                        out.add(v);
                    }
                } else {
                    out.add(Long.parseLong(p));
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + ": '" + p + "' is not a whole number or a range like 16-256:16");
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException(option + ": needs at least one value");
        }
        for (long v : out) {
            if (v < 0) {
                throw new IllegalArgumentException(option + ": values must be >= 0, got " + v);
            }
        }
        return out;
    }
}
