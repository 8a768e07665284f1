package org.slotlab.model.measured;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
            new IpsTextImporter(),
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

    /** The first importer whose {@link Importer#canRead} accepts {@code firstLines}. */
    public static Importer auto(String firstLines, String source) throws ImportException {
        for (Importer i : ALL) {
            if (i.canRead(firstLines)) {
                return i;
            }
        }
        throw new ImportException(source, 0, "cannot tell which tool wrote this; pass --format with one of "
                + String.join(", ", formats()));
    }

    /** Detects the format of a file from its first lines. */
    public static Importer auto(Path file) throws ImportException {
        return auto(head(file), file.toString());
    }

    /**
     * Reads {@code file} in {@code format} ({@value #AUTO} detects it) and applies {@code mapping}
     * to points the file did not already give a parameter.
     */
    public static MeasuredSet read(Path file, String format, NameMapping mapping) throws ImportException {
        Importer importer;
        if (format == null || format.equals(AUTO)) {
            importer = auto(file);
        } else {
            importer = byFormat(format).orElseThrow(() -> new ImportException(file.toString(), 0,
                    "unknown format '" + format + "'; expected auto or one of " + String.join(", ", formats())));
        }
        return importer.read(file).withMapping(mapping);
    }

    private static String head(Path file) throws ImportException {
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while (lines.size() < Importer.SNIFF_LINES && (line = r.readLine()) != null) {
                lines.add(line);
            }
        } catch (IOException e) {
            throw new ImportException(file.toString(), 0, "cannot read: " + e.getMessage(), e);
        }
        if (!lines.isEmpty() && lines.get(0).startsWith("\uFEFF")) {
            lines.set(0, lines.get(0).substring(1));
        }
        return String.join("\n", lines);
    }
}
