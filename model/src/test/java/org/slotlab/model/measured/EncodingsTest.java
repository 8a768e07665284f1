package org.slotlab.model.measured;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** UTF-8 with a byte order mark is accepted; NUL, UTF-16 and Windows-1252 bytes are refused with the encoding named. */
@org.junit.jupiter.api.Timeout(value = 60, unit = java.util.concurrent.TimeUnit.SECONDS, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
class EncodingsTest {

    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    @TempDir
    Path dir;

    private Path withBom(String fixture) {
        byte[] body = Fixtures.text(fixture).getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[BOM.length + body.length];
        System.arraycopy(BOM, 0, all, 0, BOM.length);
        System.arraycopy(body, 0, all, BOM.length, body.length);
        return BadInput.write(dir, fixture, all);
    }

    @Test
    void byteOrderMarkBeforeJson_isAccepted() throws ImportException {
        MeasuredSet ips = Importers.read(withBom("ips_json_3.4.5.json"), Importers.AUTO, NameMapping.defaults());
        MeasuredSet rb = Importers.read(withBom("rb_gc_2exe.json"), Importers.AUTO, NameMapping.defaults());

        assertThat(ips.format()).isEqualTo(IpsJsonImporter.FORMAT);
        assertThat(Fixtures.value(ips, "size23", "ruby", Metric.IPS)).isEqualTo(8333721.7639776785);
        assertThat(rb.format()).isEqualTo(RubyBenchJsonImporter.FORMAT);
    }

    @Test
    void byteOrderMarkBeforeText_isAccepted() throws ImportException {
        assertThat(Importers.read(withBom("bd_compare_2exe.txt"), Importers.AUTO, NameMapping.defaults()).format())
                .isEqualTo(BenchmarkDriverCompareImporter.FORMAT);
        assertThat(Importers.read(withBom("rb_gc_2exe.csv"), Importers.AUTO, NameMapping.defaults()).format())
                .isEqualTo(RubyBenchCsvImporter.FORMAT);
    }

    @Test
    void nulByteInsideText_isRefusedWithItsLine() {
        String t = Fixtures.text("bd_markdown_2exe.md").replace("size100", "size\u0000100");
        Path f = BadInput.write(dir, "m.md", t);

        assertThat(BadInput.refused(f, "benchmark-driver-markdown"))
                .isEqualTo(f + ":7: contains a NUL byte (binary data, or UTF-16 text); expected UTF-8 text");
        assertThat(BadInput.refused(new BenchmarkDriverMarkdownImporter(), t, "m.md"))
                .isEqualTo("m.md:7: contains a NUL character (binary data, or UTF-16 text); expected UTF-8 text");
    }

    @Test
    void windows1252Bytes_nameTheEncodingProblem() {
        byte[] t = "len_bytes,ns_per_op\n# caf\u00e9\n1,2\n".getBytes(java.nio.charset.Charset.forName("windows-1252"));
        Path f = BadInput.write(dir, "c.csv", t);

        assertThat(BadInput.refused(f, Importers.AUTO)).isEqualTo(f + ":2: is not UTF-8 text: byte 0xE9 cannot start or continue a "
                + "UTF-8 character (Windows-1252 or Latin-1 text?); save it as UTF-8");
    }

    @Test
    void utf16_isRefusedNamingIt() {
        byte[] body = Fixtures.text("ips_json_3.4.5.json").getBytes(StandardCharsets.UTF_16);
        Path f = BadInput.write(dir, "i.json", body);

        assertThat(BadInput.refused(f, Importers.AUTO)).isEqualTo(f + ":1: is UTF-16 text (it starts with a UTF-16 byte order mark); "
                + "save it as UTF-8");
    }

    @Test
    void mappingInWindows1252_isRefused() {
        Path f = BadInput.write(dir, "map.txt", new byte[] {'t', 'a', 'i', 'l', 'l', 'e', (byte) 0xE9, '(', '\\', 'd', '+', ')', ' ',
            '=', '>', ' ', 'l', 'e', 'n', '\n'});

        assertThat(BadInput.refusedMapping(f)).contains(":1: is not UTF-8 text: byte 0xE9");
    }
}
