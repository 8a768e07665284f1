package org.slotlab.model.measured;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.slotlab.model.layout.LayoutJson;

/**
 * Every malformed file in src/test/resources/bad-input (made by make-corpus.py there from the real
 * outputs: empty, cut, UTF-16, NUL, random bytes, Windows-1252, NaN, negative, huge, subnormal, -0,
 * overflowing, duplicated, nested, trailing garbage, ...) is refused by the import layer, both with
 * the format its folder names and with detection, with a one-line message that names the file,
 * no class name, within the hang guard. Files a test cannot keep (a FIFO, a link to /dev/zero, a
 * directory, a file over the size limit) are made here. The {@code layout} folder holds layout
 * objects as a cost profile carries them: each must be refused by {@link LayoutJson#fromJson}
 * naming the file and the field.
 */
@org.junit.jupiter.api.Timeout(value = 60, unit = java.util.concurrent.TimeUnit.SECONDS, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
class BadInputCorpusTest {

    static Path corpus() {
        try {
            return Path.of(BadInputCorpusTest.class.getResource("/bad-input").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Stream<Path> files(String folder, boolean in) {
        try (Stream<Path> all = Files.walk(corpus())) {
            List<Path> list = all.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().endsWith(".py"))
                    .filter(p -> !p.getFileName().toString().equals("README.md"))
                    .filter(p -> in == p.getParent().getFileName().toString().equals(folder)).sorted().toList();
            return list.stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Stream<Path> results() {
        return files("mapping", false).filter(p -> !p.getParent().getFileName().toString().equals("layout"));
    }

    static Stream<Path> mappings() {
        return files("mapping", true);
    }

    static Stream<Path> layouts() {
        return files("layout", true);
    }

    @Test
    void corpusHasAtLeastAHundredFiles_ofEveryFormat() {
        assertThat(results().count() + mappings().count() + layouts().count()).isGreaterThanOrEqualTo(100);
        assertThat(layouts().count()).isGreaterThanOrEqualTo(20);
        assertThat(results().map(p -> p.getParent().getFileName().toString()).distinct())
                .containsAll(Importers.formats()).contains("slotlab-csv");
    }

    @ParameterizedTest
    @MethodSource("results")
    void refusedWithItsFormat(Path file) {
        String folder = file.getParent().getFileName().toString();
        BadInput.refused(file, folder.equals("slotlab-csv") ? PlainCsvImporter.FORMAT : folder);
    }

    @ParameterizedTest
    @MethodSource("results")
    void refusedWithDetection(Path file) {
        BadInput.refused(file, Importers.AUTO);
    }

    @ParameterizedTest
    @MethodSource("mappings")
    void mappingRefused(Path file) {
        BadInput.refusedMapping(file);
    }

    /** A layout as a cost profile carries it, read by a plain JSON reader, then by LayoutJson. */
    @ParameterizedTest
    @MethodSource("layouts")
    void layoutRefused(Path file) throws IOException {
        JsonNode node = new ObjectMapper().readTree(file.toFile());
        String message = BadInput.get(() -> {
            try {
                LayoutJson.fromJson(node, file.toString());
                throw new AssertionError(file + " was read as a layout but must be refused");
            } catch (IllegalArgumentException e) {
                return e.getMessage();
            }
        });
        assertThat(message).startsWith(file + ": layout: ");
        BadInput.assertWellFormed(message.replaceFirst(": layout: ", ":0: "), file.toString());
    }

    @Test
    void filesThatAreNotFiles_everyFormat(@TempDir Path dir) throws Exception {
        Path fifo = Fixtures.fifo(dir.resolve("pipe"));
        Path zero = Files.createSymbolicLink(dir.resolve("zero"), Path.of("/dev/zero"));
        Path sub = Files.createDirectory(dir.resolve("sub"));
        for (String format : Stream.concat(Stream.of(Importers.AUTO), Importers.formats().stream()).toList()) {
            for (Path p : List.of(fifo, zero, sub)) {
                BadInput.refused(p, format);
            }
        }
    }
}
