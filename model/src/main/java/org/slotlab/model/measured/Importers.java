package org.slotlab.model.measured;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The registry of {@link Importer}s, one per format, and format detection. Registered
 * explicitly in one list, as Caffeine's simulator registers its policies in one {@code Registry}
 * (ben-manes/caffeine, simulator/). Detection asks each importer in this order whether the first
 * {@link Importer#SNIFF_LINES} lines look like its format; the order puts the formats with the
 * most specific markers first (JSON shapes, {@code type: recorded}, harness-gc's table) and the
 * loosest (a CSV header) last.
 */
public final class Importers {

    /** The {@code --format} value that asks for detection. */
    public static final String AUTO = "auto";

    private static final List<Importer> ALL = List.of(
            new RubyBenchJsonImporter(),
            new IpsJsonImporter(),
            new BenchmarkDriverRecordImporter(),
            new HarnessGcImporter(),
            new BenchmarkDriverMarkdownImporter(),
            new BenchmarkDriverCompareImporter(),
            new BenchmarkDriverSimpleImporter(),
            new BenchmarkDriverAllImporter(),
            new IpsTextImporter(),
            new RubyBenchCsvImporter(),
            new RubyBenchTextImporter(),
            new PlainCsvImporter());

    private Importers() {
    }

    /** Every importer, in detection order. */
    public static List<Importer> all() {
        return ALL;
    }

    /** Format names, in detection order, e.g. for a {@code --format} help text. */
    public static List<String> formats() {
        return ALL.stream().map(Importer::format).collect(Collectors.toList());
    }

    /** The importer for a format name (not {@value #AUTO}). */
    public static Optional<Importer> byFormat(String format) {
        return ALL.stream().filter(i -> i.format().equals(format)).findFirst();
    }

    /** Longest part of a line that format detection looks at. */
    static final int SNIFF_LINE_CHARS = 1000;
    /** Longest part of a line kept for detection (JSON importers look further into a minified line). */
    static final int SNIFF_HEAD_CHARS = 64 * 1024;

    /** The first importer whose {@link Importer#canRead} accepts {@code firstLines}. */
    public static Importer auto(String firstLines, String source) throws ImportException {
        if (firstLines.indexOf('\u0000') >= 0) {
            throw new ImportException(source, 0, "contains a NUL character (binary data, or UTF-16 text); expected UTF-8 text");
        }
        String lead = firstLines.stripLeading();
        boolean json = lead.startsWith("{") || lead.startsWith("[");
        for (Importer i : ALL) {
            boolean jsonImporter = i instanceof RubyBenchJsonImporter || i instanceof IpsJsonImporter;
            if (json != jsonImporter) {
                continue; // JSON is shown to the JSON importers only: its lines may be long
            }
            if (i.canRead(json ? firstLines : cutLines(firstLines))) {
                return i;
            }
        }
        int n = 0;
        for (String line : firstLines.split("\n", -1)) {
            n++;
            if (!json && line.length() > TextLines.MAX_LINE_CHARS) {
                throw new ImportException(source, n, "line is longer than " + TextLines.MAX_LINE_CHARS
                        + " characters, the longest line read; is this a benchmark tool's text output?");
            }
        }
        throw new ImportException(source, 0, "cannot tell which tool wrote this; pass --format with one of "
                + String.join(", ", formats()));
    }

    /** Detects the format of a file from its first lines. */
    public static Importer auto(Path file) throws ImportException {
        return auto(head(InputText.read(file, InputText.MAX_RESULT_BYTES)), file.toString());
    }

    /**
     * Reads {@code file} in {@code format} ({@value #AUTO} detects it) and applies {@code mapping}
     * to points the file did not already give a parameter.
     */
    public static MeasuredSet read(Path file, String format, NameMapping mapping) throws ImportException {
        String source = file.toString();
        Importer importer;
        if (format != null && !format.equals(AUTO)) {
            importer = byFormat(format).orElseThrow(() -> new ImportException(source, 0,
                    "unknown format " + TextLines.quote(format) + "; expected auto or one of " + String.join(", ", formats())));
        } else {
            importer = null;
        }
        String text = InputText.read(file, InputText.MAX_RESULT_BYTES);
        if (text.isBlank()) {
            throw new ImportException(source, 0, "is empty; expected the output of a benchmark tool");
        }
        if (importer == null) {
            importer = auto(head(text), source);
        }
        return mapping.apply(importer.read(new StringReader(text), source));
    }

    /** Each line of {@code head} cut to {@value #SNIFF_LINE_CHARS} characters: no detection pattern sees a long line. */
    private static String cutLines(String head) {
        StringBuilder sb = new StringBuilder();
        for (String line : head.split("\n", -1)) {
            if (sb.length() > 0) {
                sb.append('\n');
            }
            sb.append(line, 0, Math.min(line.length(), SNIFF_LINE_CHARS));
        }
        return sb.toString();
    }

    /**
     * The first {@link Importer#SNIFF_LINES} lines of {@code text}, each cut to
     * {@value #SNIFF_HEAD_CHARS} characters (one line of minified JSON can hold a whole file).
     */
    static String head(String text) {
        StringBuilder sb = new StringBuilder();
        int lines = 0;
        int i = 0;
        while (i < text.length() && lines < Importer.SNIFF_LINES) {
            int nl = text.indexOf('\n', i);
            int end = nl < 0 ? text.length() : nl;
            int cut = Math.min(end, i + SNIFF_HEAD_CHARS);
            if (lines > 0) {
                sb.append('\n');
            }
            sb.append(text, i, cut > i && text.charAt(cut - 1) == '\r' ? cut - 1 : cut);
            lines++;
            i = end + 1;
        }
        return sb.toString();
    }
}
