package org.slotlab.model.heapdump;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HeapDumpReaderTest {

    /**
     * A 3.4-shaped dump: a 700 B frozen root made by sharing (only its two substrings reference
     * it), a 60 B and a 100 B suffix of it (allocated by split), a dup of an fstring literal, and an
     * Array holding the two substrings; Slotlab's lines give the lengths.
     */
    static final String DUMP = String.join("\n",
            "{\"type\":\"ROOT\", \"root\":\"vm\", \"references\":[\"0x1000\"]}",
            "{\"address\":\"0x2000\", \"type\":\"STRING\", \"slot_size\":40, \"bytesize\":700, \"frozen\":true, \"memsize\":741,"
                    + " \"flags\":{\"marked\":true}}",
            "{\"address\":\"0x2028\", \"type\":\"STRING\", \"slot_size\":40, \"shared\":true, \"references\":[\"0x2000\"], "
                    + "\"file\":\"app.rb\", \"line\":3, \"method\":\"split\", \"memsize\":40}",
            "{\"address\":\"0x2050\", \"type\":\"STRING\", \"slot_size\":40, \"shared\":true, \"references\":[\"0x2000\"], "
                    + "\"file\":\"app.rb\", \"line\":3, \"method\":\"split\", \"memsize\":40}",
            "{\"address\":\"0x3000\", \"type\":\"STRING\", \"slot_size\":40, \"bytesize\":30, \"frozen\":true, \"fstring\":true,"
                    + " \"memsize\":71}",
            "{\"address\":\"0x3028\", \"type\":\"STRING\", \"slot_size\":40, \"shared\":true, \"references\":[\"0x3000\"],"
                    + " \"file\":\"app.rb\", \"line\":9, \"method\":\"dup\", \"memsize\":40}",
            "{\"address\":\"0x1000\", \"type\":\"ARRAY\", \"slot_size\":40, \"length\":2, \"references\":[\"0x2028\", \"0x2050\"]}",
            "{\"type\":\"SLOTLAB_STRING\", \"address\":\"0x2028\", \"bytesize\":60}",
            "{\"type\":\"SLOTLAB_STRING\", \"address\":\"0x2050\", \"bytesize\":100}",
            "{\"type\":\"SLOTLAB_STRING\", \"address\":\"0x3028\", \"bytesize\":30}",
            "{\"type\":\"SLOTLAB_META\", \"ruby\":\"3.4.5\"}") + "\n";

    static HeapDump read(String text) throws Exception {
        return HeapDumpReader.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "d.json");
    }

    @Test
    void read_sharedStringsAndTheirRoots_keepsOnlyWhatTheWhatIfNeeds() throws Exception {
        HeapDump d = read(DUMP);

        assertThat(d.objects()).isEqualTo(6); // the ROOT line and Slotlab's lines are no objects
        assertThat(d.strings()).isEqualTo(5);
        assertThat(d.rubyVersion()).isEqualTo("3.4.5");
        assertThat(d.lengths()).isTrue();
        assertThat(d.allocationSites()).isTrue();
        assertThat(d.shared()).extracting(HeapDump.Shared::len).containsExactly(60, 100, 30);
        assertThat(d.shared()).extracting(HeapDump.Shared::origin)
                .containsExactly(HeapDump.Origin.SUBSTRING, HeapDump.Origin.SUBSTRING, HeapDump.Origin.COPY);
        assertThat(d.site(d.shared().get(0).site())).isEqualTo("app.rb:3");
        assertThat(d.roots()).hasSize(2);
        HeapDump.Root root = d.roots().get(d.shared().get(0).root());
        assertThat(root.len()).isEqualTo(700);
        assertThat(root.memsize()).isEqualTo(741);
        assertThat(root.sharers()).isEqualTo(2);
        assertThat(root.otherRefs()).isFalse();
        assertThat(d.unknownLengths()).isZero();
    }

    @Test
    void read_plainDumpAll_lengthsUnknown() throws Exception {
        String plain = DUMP.lines().filter(l -> !l.contains("SLOTLAB")).reduce("", (a, b) -> a + b + "\n");

        HeapDump d = read(plain);

        assertThat(d.lengths()).isFalse();
        assertThat(d.unknownLengths()).isEqualTo(3);
        assertThat(d.rubyVersion()).isEmpty();
    }

    @Test
    void read_rootReferencedByAnotherObject_isNotFreeable() throws Exception {
        String held = DUMP.replace("\"references\":[\"0x2028\", \"0x2050\"]", "\"references\":[\"0x2028\", \"0x2000\"]");

        HeapDump d = read(held);

        assertThat(d.roots().get(d.shared().get(0).root()).otherRefs()).isTrue();
    }

    @Test
    void read_gzip_sameAsPlain() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
            gz.write(DUMP.getBytes(StandardCharsets.UTF_8));
        }

        HeapDump d = HeapDumpReader.read(new ByteArrayInputStream(bytes.toByteArray()), "d.json.gz");

        assertThat(d.shared()).hasSize(3);
        assertThat(d.bytesRead()).isEqualTo(DUMP.getBytes(StandardCharsets.UTF_8).length);
    }

    @Test
    void read_lineCutShort_namesFileAndLine() {
        String cut = DUMP.substring(0, DUMP.indexOf("\"slot_size\":40, \"shared\":true") + 10);

        assertThatThrownBy(() -> read(cut)).isInstanceOf(HeapDumpReader.HeapDumpException.class)
                .hasMessageStartingWith("d.json:3: not a complete JSON line").hasMessageEndingWith("is the dump cut short?");
    }

    @Test
    void read_lineWithoutType_namesFileAndLine() {
        String bad = DUMP.replace("\"type\":\"ARRAY\", ", "");

        assertThatThrownBy(() -> read(bad)).hasMessage("d.json:7: a line without \"type\"; is it an ObjectSpace.dump_all file?");
    }

    @Test
    void read_badAddress_namesFileAndLine() {
        String bad = DUMP.replace("\"address\":\"0x3028\"", "\"address\":\"0xZZ\"");

        assertThatThrownBy(() -> read(bad)).hasMessage("d.json:6: \"0xZZ\" is not an address (expected 0x and hex digits)");
    }

    @Test
    void read_notObjects_refused() {
        assertThatThrownBy(() -> read("[1, 2]\n")).hasMessage(
                "d.json:1: expected one JSON object per line (an ObjectSpace.dump_all file), found an array");
        assertThatThrownBy(() -> read("")).hasMessage("d.json: no objects; is it an ObjectSpace.dump_all file?");
    }

    @Test
    void read_missingFileOrDirectory_namesIt(@TempDir Path dir) {
        assertThatThrownBy(() -> HeapDumpReader.read(dir.resolve("none.json"))).hasMessage(dir.resolve("none.json") + ": no such file");
        assertThatThrownBy(() -> HeapDumpReader.read(dir)).hasMessageStartingWith(dir + ": is not a regular file");
    }

    @Test
    void read_file_sameAsStream(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("d.json");
        Files.writeString(f, DUMP);

        assertThat(HeapDumpReader.read(f).shared()).hasSize(3);
    }
}
