package org.slotlab.model.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.model.string.SlicePosition;
import org.slotlab.model.string.SourceState;

class TraceFileTest {

    @Test
    void parse_headerSplit_readsSitesRowsAndCounters() throws Exception {
        SubstringTrace t = TraceFile.parse(TraceFixtures.headerSplit(), "t.json");

        assertThat(t.rubyMinor()).isEqualTo("3.4");
        assertThat(t.sites()).singleElement().extracting(SubstringTrace.Site::name).isEqualTo("app.rb:7");
        assertThat(t.rows()).hasSize(2);
        SubstringTrace.Row value = t.rows().get(0);
        assertThat(value.position()).isEqualTo(SlicePosition.SUFFIX);
        assertThat(value.subseqSource()).isEqualTo(SourceState.UNFROZEN_UNSHARED);
        assertThat(value.aliveAtExitFraction()).isEqualTo(0.1);
        assertThat(t.gcCount()).isEqualTo(2);
        assertThat(t.programAllocations()).isEqualTo(10_000);
        assertThat(t.substrings()).isEqualTo(2000);
    }

    @Test
    void parse_notJson_namesLine() {
        assertThatThrownBy(() -> TraceFile.parse("{\"format\": \"slotlab-trace\",\n \"version\": ", "t.json"))
                .isInstanceOf(TraceFile.TraceFormatException.class)
                .hasMessageStartingWith("t.json: not JSON (line 2, column");
    }

    @Test
    void parse_notATrace_refused() {
        assertThatThrownBy(() -> TraceFile.parse("{\"type\": \"STRING\"}", "d.json"))
                .hasMessage("d.json: not a Slotlab trace (expected \"format\": \"slotlab-trace\"; make one with 'slotlab trace')");
    }

    @Test
    void parse_mistypedField_namesTheField() {
        String bad = TraceFixtures.headerSplit().replaceFirst("\"len\": 60", "\"len\": \"x\"");

        assertThatThrownBy(() -> TraceFile.parse(bad, "t.json")).hasMessage("t.json: rows[0].len: expected a whole number >= 0, got \"x\"");
    }

    @Test
    void parse_rowOfAMissingSite_refused() {
        String bad = TraceFixtures.headerSplit().replaceFirst("\"site\": 0", "\"site\": 3");

        assertThatThrownBy(() -> TraceFile.parse(bad, "t.json")).hasMessage("t.json: rows[0].site: names site 3 but the trace lists 1 sites");
    }

    @Test
    void parse_moreSurvivorsThanWatched_refused() {
        String bad = TraceFixtures.headerSplit().replaceFirst("\"survived_gc\": 100", "\"survived_gc\": 2000");

        assertThatThrownBy(() -> TraceFile.parse(bad, "t.json")).hasMessageStartingWith("t.json: rows[0]: watched substrings must not");
    }

    @Test
    void parse_otherVersion_refused() {
        String bad = TraceFixtures.headerSplit().replace("\"version\": 1,", "\"version\": 7,");

        assertThatThrownBy(() -> TraceFile.parse(bad, "t.json"))
                .hasMessage("t.json: version: this Slotlab reads trace version 1, the file is version 7");
    }

    @Test
    void read_missingFile_namesIt(@TempDir Path dir) {
        Path none = dir.resolve("none.json");
        assertThatThrownBy(() -> TraceFile.read(none)).hasMessageStartingWith(none + ": ");
    }

    @Test
    void read_gzip_sameAsPlain(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("t.json.gz");
        try (var gz = new java.util.zip.GZIPOutputStream(Files.newOutputStream(f))) {
            gz.write(TraceFixtures.headerSplit().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }

        assertThat(TraceFile.read(f).rows()).hasSize(2);
    }

    @Test
    void read_gzipCutShort_refused(@TempDir Path dir) throws Exception {
        Path whole = dir.resolve("whole.gz");
        try (var gz = new java.util.zip.GZIPOutputStream(Files.newOutputStream(whole))) {
            gz.write(TraceFixtures.headerSplit().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        byte[] b = Files.readAllBytes(whole);
        Path cut = dir.resolve("t.json.gz");
        Files.write(cut, java.util.Arrays.copyOf(b, b.length / 2));

        assertThatThrownBy(() -> TraceFile.read(cut)).hasMessageStartingWith(cut + ": not a complete gzip file");
    }

    @Test
    void read_file_sameAsText(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("t.json");
        Files.writeString(f, TraceFixtures.headerSplit());

        assertThat(TraceFile.read(f).rows()).hasSize(2);
    }
}
