package org.slotlab.app.measured;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * File > Import measured results, headless: bad files give a preview message naming the file and
 * no overlay; nothing blocks. The class timeout only guards against a hang.
 */
@org.junit.jupiter.api.Timeout(value = 60, unit = java.util.concurrent.TimeUnit.SECONDS, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
class ImportModelBadInputTest {

    @TempDir
    Path dir;

    private ImportModel preview(Path file) {
        ImportModel m = new ImportModel();
        m.setFile(file);
        return m;
    }

    private static void assertRefused(ImportModel m, Path file, String rule) {
        assertThat(m.ok()).isFalse();
        assertThat(m.overlay()).isEmpty();
        assertThat(m.message()).startsWith(file.toString()).contains(rule).doesNotContain("Exception").doesNotContain("java.");
        assertThat(m.message().lines()).hasSize(1);
    }

    @Test
    void namedPipe_noOverlay_noHang() throws Exception {
        Path fifo = NamedPipes.make(dir.resolve("r.txt"));

        assertThat(preview(fifo).ok()).isFalse();
    }

    @Test
    void nulBytes() throws IOException {
        Path f = Files.write(dir.resolve("r.csv"), "len_bytes,ns_per_op\n1,\u00002\n".getBytes(StandardCharsets.UTF_8));

        assertRefused(preview(f), f, ":2: contains a NUL byte");
    }

    @Test
    void everyCellAnError() throws IOException {
        Path f = Files.writeString(dir.resolve("r.md"), "|    |a|b|\n|:---|---:|---:|\n|size23|ERROR|ERROR|\n");

        assertRefused(preview(f), f, "every value in the table is ERROR");
    }

    @Test
    void tenMegabyteLine() throws IOException {
        Path f = Files.writeString(dir.resolve("r.csv"), "len_bytes,ns_per_op\n1," + "7".repeat(10 * 1024 * 1024) + "\n");

        ImportModel m = preview(f);

        assertRefused(m, f, "longer than 4096 characters");
        assertThat(m.message().length()).isLessThan(1000);
    }

    @Test
    void badMappingText_namesTheMapping() throws IOException {
        Path f = Files.writeString(dir.resolve("r.csv"), "len_bytes,ns_per_op\n1,2\n");
        ImportModel m = preview(f);

        m.setMapping("size(\\d+) => lenght\n");

        assertThat(m.ok()).isFalse();
        assertThat(m.message()).isEqualTo("name mapping:1: unknown parameter 'lenght'; a rule sets one of len, slot_size");
    }
}
