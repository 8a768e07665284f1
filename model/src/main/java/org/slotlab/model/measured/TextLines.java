package org.slotlab.model.measured;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;

/**
 * All lines of a text input with 1-based numbers, read before any parsing so that an importer
 * can fail with a line number and still return nothing; also the number parsing the tools'
 * human-readable output needs. benchmark-driver's {@code humanize} (lib/benchmark_driver/output/markdown.rb)
 * scales by 1000 with suffixes k, M, G, T, Q; benchmark-ips's {@code Helpers.scale}
 * (lib/benchmark/ips.rb, {@code SUFFIXES}) uses k, M, B, T, Q.
 */
final class TextLines {

    /** benchmark-driver's humanize suffixes, index = power of 1000. */
    static final String DRIVER_SUFFIXES = " kMGTQ";
    /** benchmark-ips's Helpers::SUFFIXES, index = power of 1000. */
    static final String IPS_SUFFIXES = " kMBTQ";
    /** Scale step of both tools' suffixes. */
    static final double THOUSAND = 1000.0;

    private TextLines() {
    }

    static List<String> read(Reader reader, String source) throws ImportException {
        List<String> lines = new ArrayList<>();
        try (BufferedReader br = reader instanceof BufferedReader b ? b : new BufferedReader(reader)) {
            String line;
            while ((line = br.readLine()) != null) {
                lines.add(line);
            }
        } catch (IOException e) {
            throw new ImportException(source, lines.size() + 1, "cannot read: " + e.getMessage(), e);
        }
        if (!lines.isEmpty() && lines.get(0).startsWith("\uFEFF")) {
            lines.set(0, lines.get(0).substring(1));
        }
        return lines;
    }

    /**
     * Parses {@code 52.254M} style numbers: a decimal followed by an optional suffix from
     * {@code suffixes} (position = power of 1000). Returns NaN when {@code text} is not such a number.
     */
    static double scaled(String text, String suffixes) {
        String t = text.strip();
        if (t.isEmpty()) {
            return Double.NaN;
        }
        int power = 0;
        char last = t.charAt(t.length() - 1);
        if (!Character.isDigit(last) && last != '.') {
            power = suffixes.indexOf(last);
            if (power <= 0) {
                return Double.NaN;
            }
            t = t.substring(0, t.length() - 1).strip();
        }
        if (!t.matches("\\d+(\\.\\d*)?|\\.\\d+")) {
            return Double.NaN;
        }
        return Double.parseDouble(t) * Math.pow(THOUSAND, power);
    }

    /** A plain decimal (optionally signed, optionally with exponent) or NaN. */
    static double decimal(String text) {
        String t = text.strip();
        if (!t.matches("[-+]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][-+]?\\d+)?")) {
            return Double.NaN;
        }
        return Double.parseDouble(t);
    }

    /** A whole, non-negative number of bytes that fits a long, or -1. */
    static long wholeBytes(String text) {
        String t = text.strip();
        if (!t.matches("\\d{1,19}")) {
            return -1;
        }
        try {
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The first {@code n} lines of {@code text}, for {@link Importer#canRead}. */
    static String head(List<String> lines, int n) {
        return String.join("\n", lines.subList(0, Math.min(n, lines.size())));
    }
}
