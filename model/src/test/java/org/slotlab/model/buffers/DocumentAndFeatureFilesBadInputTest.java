package org.slotlab.model.buffers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JSON document of the json-unescape scenario and the {@code $LOADED_FEATURES} list of the
 * require-index scenario, as files a user names: encodings, very long lines, files that are not
 * files. Valid-but-extreme input is read; the rest is refused with one line naming the file and
 * line. The class timeout only stops a read that hangs.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class DocumentAndFeatureFilesBadInputTest {

    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    @TempDir
    Path dir;

    private Path write(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    private static byte[] bom(String text) {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[BOM.length + body.length];
        System.arraycopy(BOM, 0, all, 0, BOM.length);
        System.arraycopy(body, 0, all, BOM.length, body.length);
        return all;
    }

    private static String refusedFeatures(Path f) {
        IllegalArgumentException e = catchThrowableOfType(() -> LoadedFeatures.resolve(f.toString()), IllegalArgumentException.class);
        assertThat(e).as("%s must be refused", f).isNotNull();
        assertThat(e.getMessage()).startsWith(f.toString()).doesNotContain("\n").doesNotContain("Exception");
        assertThat(e.getMessage().length()).isLessThan(f.toString().length() + 600);
        return e.getMessage();
    }

    private static String refusedDocument(Path f) {
        IllegalArgumentException e = catchThrowableOfType(() -> JsonDocument.file(f), IllegalArgumentException.class);
        assertThat(e).as("%s must be refused", f).isNotNull();
        assertThat(e.getMessage()).startsWith(f.toString()).doesNotContain("\n").doesNotContain("Exception");
        assertThat(e.getMessage().length()).isLessThan(f.toString().length() + 600);
        return e.getMessage();
    }

    @Test
    void featureList_withAByteOrderMark_readsItsFirstPathWithoutTheMark() throws IOException {
        Path f = write("lf.txt", bom("/usr/lib/ruby/3.4.0/set.rb\n/usr/lib/ruby/3.4.0/json.rb\n"));

        assertThat(LoadedFeatures.resolve(f.toString()).paths()).containsExactly("/usr/lib/ruby/3.4.0/set.rb",
                "/usr/lib/ruby/3.4.0/json.rb");
    }

    @Test
    void featureList_withWindows1252Bytes_namesTheEncodingAndLine() throws IOException {
        Path f = write("lf.txt", "/a/set.rb\n/home/ren\u00e9/app.rb\n".getBytes(java.nio.charset.Charset.forName("windows-1252")));

        assertThat(refusedFeatures(f)).startsWith(f + ":2: is not UTF-8 text: byte 0xE9");
    }

    @Test
    void featureList_withANulByte_isRefusedWithItsLine() throws IOException {
        Path f = write("lf.txt", "/a/set.rb\n/a/b\u0000c.rb\n".getBytes(StandardCharsets.UTF_8));

        assertThat(refusedFeatures(f)).startsWith(f + ":2: contains a NUL byte");
    }

    @Test
    void featureList_whoseOneLineIsTenMegabytes_isRefusedWithoutEchoingIt() throws IOException {
        Path f = write("lf.txt", ("/a/set.rb\n/" + "x".repeat(10 * 1024 * 1024) + "\n").getBytes(StandardCharsets.UTF_8));

        assertThat(refusedFeatures(f)).isEqualTo(f + ":2: a line of 10485761 characters is not a feature path; a path Ruby can "
                + "require is at most 4096 bytes (PATH_MAX on Linux)");
    }

    @Test
    void featureList_thatIsADirectoryOrDevZero_isRefusedWithoutReading() throws IOException {
        Path d = Files.createDirectory(dir.resolve("features"));
        assertThat(refusedFeatures(d)).contains("is a directory");
        Path link = Files.createSymbolicLink(dir.resolve("zero.txt"), Path.of("/dev/zero"));
        assertThat(refusedFeatures(link)).contains("not a regular file");
    }

    @Test
    void document_onOneTenMegabyteLine_isRead() throws IOException {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; b.length() < 10 * 1024 * 1024; i++) {
            b.append(i == 0 ? "" : ",").append("{\"id\":").append(i).append(",\"text\":\"caf\\u00e9 number ").append(i).append("\"}");
        }
        b.append("]");
        Path f = write("doc.json", b.toString().getBytes(StandardCharsets.UTF_8));

        JsonDocument doc = JsonDocument.file(f);

        assertThat(doc.bytes()).isEqualTo(b.length());
        assertThat(doc.strings()).isNotEmpty();
    }

    @Test
    void document_withAByteOrderMark_scansTheSameStrings() throws IOException {
        String json = "{\"name\":\"caf\\u00e9\",\"list\":[\"a\",\"bb\"]}";
        Path plain = write("a.json", json.getBytes(StandardCharsets.UTF_8));
        Path marked = write("b.json", bom(json));

        assertThat(JsonDocument.file(marked).strings()).isEqualTo(JsonDocument.file(plain).strings());
    }

    @Test
    void document_withARawNulInsideAString_isRefused() throws IOException {
        Path f = write("doc.json", "{\"a\":\"x\u0000y\"}".getBytes(StandardCharsets.UTF_8));

        assertThat(refusedDocument(f)).startsWith(f + ":1: contains a NUL byte");
    }

    @Test
    void document_withARawTabInsideAString_isRefusedAsJsonWouldBe() throws IOException {
        Path f = write("doc.json", "{\"a\":\"x\ty\"}".getBytes(StandardCharsets.UTF_8));

        assertThat(refusedDocument(f)).isEqualTo(f + ":1: a raw control character 0x09 inside a string (JSON writes it escaped, "
                + "as \\u0009) at byte 7");
    }

    @Test
    void document_withWindows1252Bytes_isRefusedNamingTheEncoding() throws IOException {
        Path f = write("doc.json", "{\"a\":\"caf\u00e9\"}".getBytes(java.nio.charset.Charset.forName("windows-1252")));

        assertThat(refusedDocument(f)).startsWith(f + ":1: is not UTF-8 text: byte 0xE9");
    }

    @Test
    void document_thatIsADirectoryOrDevZero_isRefusedWithoutReading() throws IOException {
        Path d = Files.createDirectory(dir.resolve("doc.json"));
        assertThat(refusedDocument(d)).contains("is a directory");
        Path link = Files.createSymbolicLink(dir.resolve("zero.json"), Path.of("/dev/zero"));
        assertThat(refusedDocument(link)).contains("not a regular file");
    }
}
