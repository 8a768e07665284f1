package org.slotlab.model.measured;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Paths that never end or are not files: read nothing from them, never block, say so. */
@org.junit.jupiter.api.Timeout(value = 60, unit = java.util.concurrent.TimeUnit.SECONDS, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
class NotRegularFilesTest {

    @TempDir
    Path dir;

    @Test
    void linkToDevZero_isRefusedBeforeReading() throws IOException {
        assumeTrue(Files.exists(Path.of("/dev/zero")), "needs /dev/zero");
        Path link = Files.createSymbolicLink(dir.resolve("results.json"), Path.of("/dev/zero"));

        assertThat(BadInput.refused(link, Importers.AUTO))
                .isEqualTo(link + ":0: is a link to something that is not a regular file (a device, pipe or socket); "
                        + "only regular files are read");
        assertThat(BadInput.refusedMapping(link)).contains("not a regular file");
    }

    @Test
    void namedPipe_isRefusedWithoutBlocking() throws Exception {
        Path fifo = Fixtures.fifo(dir.resolve("results.txt"));

        // nobody ever writes to the pipe: opening it for reading would block forever
        assertThat(BadInput.refused(fifo, "ips-text")).contains("is not a regular file (a device, pipe or socket)");
        assertThat(BadInput.refusedMapping(fifo)).contains("is not a regular file");
    }

    @Test
    void directory_isRefused() {
        assertThat(BadInput.refused(dir, Importers.AUTO)).isEqualTo(dir + ":0: is a directory; expected a results file");
    }

    @Test
    void missingFile_isRefused() {
        Path none = dir.resolve("no-such.csv");

        assertThat(BadInput.refused(none, "csv")).isEqualTo(none + ":0: no such file");
    }

    @Test
    void fileLargerThanTheLimit_isRefusedStatingTheLimit() throws IOException {
        Path big = dir.resolve("big.json");
        try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(InputText.MAX_RESULT_BYTES + 1);
        }

        assertThat(BadInput.refused(big, Importers.AUTO))
                .isEqualTo(big + ":0: is larger than 64 MiB, the most read from one file; is it really a benchmark tool's output?");
    }

    @Test
    void mappingLargerThanItsLimit_isRefused() throws IOException {
        Path big = BadInput.write(dir, "map.txt", BadInput.repeat('#', (int) InputText.MAX_MAPPING_BYTES + 1));

        assertThat(BadInput.refusedMapping(big)).contains("is larger than 1 MiB");
    }
}
