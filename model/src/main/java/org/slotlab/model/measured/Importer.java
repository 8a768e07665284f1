package org.slotlab.model.measured;

import java.io.Reader;
import java.io.StringReader;
import java.nio.file.Path;

/**
 * Reads one benchmark tool's output format into a {@link MeasuredSet}. Each implementation names
 * its format (the {@code --format} value of {@code slotlab import}) and the tool, can tell from the
 * first lines of a file whether the file is probably its format, and parses the whole input
 * before returning, so a failure leaves nothing half-imported. Registered in {@link Importers}.
 * The pattern is Caffeine simulator's small policy interface with a short name per policy
 * ({@code ben-manes/caffeine}, simulator/).
 */
public interface Importer {

    /** How many leading lines {@link Importers#auto} shows to {@link #canRead}. */
    int SNIFF_LINES = 64;

    /** The short format name, e.g. {@code benchmark-driver-markdown}. */
    String format();

    /** The tool that writes this format, e.g. {@code benchmark-driver}. */
    String tool();

    /** Whether {@code firstLines} (up to {@link #SNIFF_LINES} lines, '\n'-separated) look like this format. */
    boolean canRead(String firstLines);

    /** Parses everything from {@code reader}; {@code sourceName} is used in error messages. */
    MeasuredSet read(Reader reader, String sourceName) throws ImportException;

    /**
     * Parses a UTF-8 file, read as {@link InputText#read} reads results (a regular file of at most
     * {@link InputText#MAX_RESULT_BYTES}); errors name the file as given.
     */
    default MeasuredSet read(Path file) throws ImportException {
        return read(new StringReader(InputText.read(file, InputText.MAX_RESULT_BYTES)), file.toString());
    }
}
