package org.slotlab.app.measured;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The import dialog's state without the toolkit: detection, mapping edits, all-or-nothing errors. */
class ImportModelTest {

    @TempDir
    Path dir;

    @Test
    void preview_benchmarkDriverMarkdown_detectsToolAndListsMappedBenchmarks() throws Exception {
        ImportModel m = new ImportModel();

        m.setFile(Fixtures.copy("bd_markdown_compare.md", dir));

        assertThat(m.ok()).as(m.message()).isTrue();
        assertThat(m.message()).contains("Tool: benchmark-driver").contains("compare-ruby, built-ruby")
                .contains("size23 -> len=23").contains("speed ratio per length chart");
        assertThat(m.overlay()).isPresent();
    }

    @Test
    void editMapping_toSlotSize_movesThePointsToTheSlotChart() throws Exception {
        ImportModel m = new ImportModel();
        m.setFile(Fixtures.copy("bd_markdown_compare.md", dir));

        m.setMapping("size(\\d+) => slot_size");

        assertThat(m.ok()).isTrue();
        assertThat(m.message()).contains("size23 -> slot_size=23");
        assertThat(m.overlay().orElseThrow().series()).extracting(OverlaySeries::chart).containsOnly(OverlaySeries.SLOT_SIZE);
        assertThat(m.source().orElseThrow().mapping()).isEqualTo("size(\\d+) => slot_size");
    }

    @Test
    void badMapping_namesTheLine_andNothingIsImported() throws Exception {
        ImportModel m = new ImportModel();
        m.setFile(Fixtures.copy("bd_markdown_compare.md", dir));

        m.setMapping("# mine\nsize(\\d+ => len");

        assertThat(m.ok()).isFalse();
        assertThat(m.message()).startsWith("name mapping:2:").contains("invalid regex");
        assertThat(m.overlay()).isEmpty();
    }

    @Test
    void truncatedTable_showsTheImportersFileAndLine_andNothingIsImported() throws Exception {
        Path full = Fixtures.copy("bd_markdown_compare.md", dir);
        List<String> lines = Files.readAllLines(full);
        int row = lines.indexOf(lines.stream().filter(l -> l.startsWith("|size23")).findFirst().orElseThrow());
        lines.set(row, "|size23    |     19.934M|");
        Path cut = Files.write(dir.resolve("cut.md"), lines);
        ImportModel m = new ImportModel();

        m.setFile(cut);

        assertThat(m.ok()).isFalse();
        assertThat(m.message()).startsWith(cut + ":" + (row + 1) + ":");
        assertThat(m.overlay()).isEmpty();
    }

    @Test
    void missingFile_saysSo() {
        ImportModel m = new ImportModel();

        m.setFile(dir.resolve("nope.md"));

        assertThat(m.ok()).isFalse();
        assertThat(m.message()).contains("nope.md").contains("no such file");
    }
}
