package org.slotlab.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.slotlab.app.measured.NotRegularFiles;

/**
 * Files that never end or are not files, on every reader of the command line besides
 * {@code import} (whose corpus has its own test): the scenario file {@code render} reads, a cost
 * profile ({@code --profile} of predict and measure), a JSON document ({@code --doc}), a
 * $LOADED_FEATURES list ({@code --features}). A link to {@code /dev/zero}, a named pipe, a directory
 * and a file over the reader's limit each end at once with exit code 2 and one line that names the
 * file and the rule; the class timeout only guards against a hang.
 */
@org.junit.jupiter.api.Timeout(value = 60, unit = java.util.concurrent.TimeUnit.SECONDS, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
class NotRegularInputFilesCliTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} as {1}")
    @CsvSource({
        // reader,                       kind,       expected words
        "render SCENARIO,                dev-zero,   is a link to something that is not a regular file",
        "render SCENARIO,                fifo,       is not a regular file",
        "render SCENARIO,                directory,  is a directory; expected a scenario file",
        "render SCENARIO,                over-limit, is larger than 4 MiB",
        "predict substring-cutoff --profile, dev-zero, is a link to something that is not a regular file",
        "predict substring-cutoff --profile, fifo,     is not a regular file",
        "predict substring-cutoff --profile, directory, is a directory; expected a cost profile",
        "predict substring-cutoff --profile, over-limit, is larger than 4 MiB",
        "predict json-unescape --doc,    dev-zero,   is a link to something that is not a regular file",
        "predict json-unescape --doc,    fifo,       is not a regular file",
        "predict json-unescape --doc,    directory,  is a directory; expected a JSON document",
        "predict json-unescape --doc,    over-limit, is larger than 64 MiB",
        "predict require-index --features, dev-zero, is a link to something that is not a regular file",
        "predict require-index --features, fifo,     is not a regular file",
        "predict require-index --features, directory, is a directory; expected a $LOADED_FEATURES list",
        "predict require-index --features, over-limit, is larger than 16 MiB",
        "measure --profile,              fifo,       is not a regular file",
        "measure --profile,              directory,  is a directory; expected a cost profile",
    })
    void notARegularFile_exit2OneLineNamingTheFile(String reader, String kind, String expected) throws Exception {
        long limit = reader.contains("--doc") ? 64L << 20 : reader.contains("--features") ? 16L << 20 : 4L << 20;
        Path file = NotRegularFiles.make(dir.resolve("input"), kind, limit);
        List<String> args = new ArrayList<>(List.of(reader.split(" ")));
        if (args.get(args.size() - 1).equals("SCENARIO")) {
            args.set(args.size() - 1, file.toString());
            args.add("--png");
            args.add(dir.resolve("out.png").toString());
        } else {
            args.add(file.toString());
        }
        if (args.get(0).equals("measure")) {
            args.add("--out");
            args.add(dir.resolve("m.csv").toString());
        }

        CliRun r = CliRun.run(args.toArray(String[]::new));

        assertThat(r.exitCode).as(r.err.toString()).isEqualTo(2);
        String err = r.err.toString().strip();
        assertThat(err.split("\\R")).as(err).hasSize(1);
        assertThat(err).startsWith("slotlab").contains(file.toString()).contains(expected)
                .doesNotContain("Exception").doesNotContainPattern("\\bjava\\.[a-z]+\\.");
        assertThat(dir.resolve("out.png")).doesNotExist();
        assertThat(dir.resolve("m.csv")).doesNotExist();
    }
}
