package org.slotlab.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Outputs that cannot be written: {@code render --png/--svg/--csv/--markdown} and the
 * {@code --out} of calibrate and measure pointing at a folder, into a folder that does not exist,
 * or below a regular file. Each ends with exit code 2 and one line that says which file could not
 * be written and why, before any work is done (calibrate and measure never run a probe), and no
 * partial file is left.
 */
class UnwritableOutputsCliTest {

    @TempDir
    Path dir;

    private Path scenario() throws IOException {
        Path p = dir.resolve("s.slotlab.json");
        try (InputStream in = getClass().getResourceAsStream("/scenario-files/version-1.slotlab.json")) {
            Files.copy(in, p);
        }
        return p;
    }

    /** The output path, made unwritable as {@code kind} says. */
    private Path target(String kind, String name) throws IOException {
        return switch (kind) {
            case "folder" -> Files.createDirectory(dir.resolve(name));
            case "missing-folder" -> dir.resolve("no-such-folder").resolve(name);
            case "below-a-file" -> Files.writeString(dir.resolve("plain-file"), "x").resolve(name);
            default -> throw new IllegalArgumentException(kind);
        };
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        // option,         kind,           expected words
        "render --png,      folder,         it is a folder",
        "render --svg,      missing-folder, does not exist",
        "render --csv,      below-a-file,   is a file, not a folder",
        "render --markdown, folder,         it is a folder",
        "calibrate --out,   folder,         it is a folder",
        "calibrate --out,   below-a-file,   is a file, not a folder",
        "measure --out,     folder,         it is a folder",
    })
    void unwritableOutput_exit2OneLine_noPartialFile(String command, String kind, String expected) throws Exception {
        String[] c = command.split(" ");
        Path out = target(kind, "out.file");
        String[] args = c[0].equals("render")
                ? new String[] {"render", scenario().toString(), c[1], out.toString()}
                : new String[] {c[0], "--ruby", dir.resolve("no-ruby-needed").toString(), c[1], out.toString()};

        CliRun r = CliRun.run(args);

        assertThat(r.exitCode).as(r.err.toString()).isEqualTo(2);
        String err = r.err.toString().strip();
        assertThat(err.split("\\R")).as(err).hasSize(1);
        assertThat(err).startsWith("slotlab").contains(out + ": cannot be written: ").contains(expected)
                .doesNotContain("internal error").doesNotContain("Exception").doesNotContainPattern("\\bjava\\.[a-z]+\\.");
        try (Stream<Path> left = Files.walk(dir)) {
            assertThat(left.filter(p -> p.getFileName().toString().endsWith(".part"))).isEmpty();
        }
        assertThat(Files.isRegularFile(out)).isFalse();
    }
}
