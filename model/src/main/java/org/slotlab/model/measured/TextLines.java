package org.slotlab.model.measured;

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

    /**
     * Longest line a text format may have: the tools' lines are under 300 characters, and a bound
     * keeps every pattern applied to a line fast (no pattern sees unbounded input).
     */
    static final int MAX_LINE_CHARS = 4096;
    /** Most characters read from one text input. */
    static final long MAX_CHARS = InputText.MAX_RESULT_BYTES;
    /** Longest piece of input quoted back in a message. */
    static final int QUOTE_CHARS = 80;

    /** The lines of a text input and whether its last line was ended by a line break. */
    record Text(List<String> lines, boolean lastLineEnded) {

        /**
         * Refuses a last line without its line break: the tools end every line they print, so such a
         * line was cut off (a value cut mid-number, {@code 192.0} read as {@code 19}, still parses).
         */
        void requireLastLineEnded(String source) throws ImportException {
            if (!lastLineEnded && !lines.isEmpty() && !lines.get(lines.size() - 1).isBlank()) {
                throw new ImportException(source, lines.size(), "the file stops in the middle of this line (no line break "
                        + "after it, and the tools end every line); is the file truncated?");
            }
        }
    }

    static List<String> read(Reader reader, String source) throws ImportException {
        return readText(reader, source).lines();
    }

    /**
     * All lines of {@code reader}: {@code \n} or {@code \r\n} ends a line; a leading byte order
     * mark is skipped; a NUL character, a line longer than {@value #MAX_LINE_CHARS} characters or
     * more than {@link #MAX_CHARS} characters in all are refused with the line number.
     */
    static Text readText(Reader reader, String source) throws ImportException {
        List<String> lines = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        long total = 0;
        boolean ended = true;
        char[] buf = new char[8192];
        try (Reader r = reader) {
            int n;
            while ((n = r.read(buf)) > 0) {
                total += n;
                if (total > MAX_CHARS) {
                    throw new ImportException(source, lines.size() + 1, "is longer than " + MAX_CHARS
                            + " characters, the most read from one input");
                }
                for (int i = 0; i < n; i++) {
                    char c = buf[i];
                    if (c == '\n') {
                        int len = cur.length();
                        if (len > 0 && cur.charAt(len - 1) == '\r') {
                            cur.setLength(len - 1);
                        }
                        lines.add(cur.toString());
                        cur.setLength(0);
                        ended = true;
                        continue;
                    }
                    if (c == 0) {
                        throw new ImportException(source, lines.size() + 1, "contains a NUL character (binary data, or UTF-16 text); "
                                + "expected UTF-8 text");
                    }
                    if (cur.length() >= MAX_LINE_CHARS) {
                        throw new ImportException(source, lines.size() + 1, "line is longer than " + MAX_LINE_CHARS
                                + " characters, the longest line read; is this a benchmark tool's text output?");
                    }
                    cur.append(c);
                    ended = false;
                }
            }
        } catch (IOException e) {
            throw new ImportException(source, lines.size() + 1, "cannot be read (" + InputText.reason(e) + ")");
        }
        if (!ended) {
            lines.add(cur.toString());
        }
        if (!lines.isEmpty() && lines.get(0).startsWith("\uFEFF")) {
            lines.set(0, lines.get(0).substring(1));
        }
        return new Text(lines, ended);
    }

    /** {@code text} for a message: stripped, at most {@value #QUOTE_CHARS} characters, quoted. */
    static String quote(String text) {
        String t = text.strip();
        if (t.length() > QUOTE_CHARS) {
            t = t.substring(0, QUOTE_CHARS) + "... (" + t.length() + " characters)";
        }
        return "'" + t + "'";
    }

    /**
     * Parses {@code 52.254M} style numbers: a decimal followed by an optional suffix from
     * {@code suffixes} (position = power of 1000). Returns NaN when {@code text} is not such a number.
     */
    static double scaled(String text, String suffixes) {
        String t = text.strip();
        if (t.isEmpty() || t.length() > MAX_NUMBER_CHARS) {
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

    /**
     * Like {@link #scaled} but only with exactly {@code decimals} digits after the point, as the
     * tool's {@code %.3f} writes them: a value cut short ({@code 52.2} of {@code 52.254M}) is NaN.
     */
    static double scaledExact(String text, String suffixes, int decimals) {
        String t = text.strip();
        int end = t.length();
        if (end > 0 && !Character.isDigit(t.charAt(end - 1))) {
            end--;
        }
        int dot = t.indexOf('.');
        if (dot < 0 ? decimals != 0 : end - dot - 1 != decimals) {
            return Double.NaN;
        }
        return scaled(t, suffixes);
    }

    /** Longest number text parsed (the plain decimal of the smallest normal double has about 330 characters). */
    static final int MAX_NUMBER_CHARS = 400;

    /** A plain decimal (optionally signed, optionally with exponent) or NaN. */
    static double decimal(String text) {
        String t = text.strip();
        if (t.length() > MAX_NUMBER_CHARS || !t.matches("[-+]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][-+]?\\d+)?")) {
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
