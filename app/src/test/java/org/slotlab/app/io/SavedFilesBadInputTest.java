package org.slotlab.app.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.ThrowingConsumer;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.app.scenario.SubstringCutoffScenario;
import org.slotlab.app.talk.TalkFile;

/**
 * Scenario and talk files that are not what they claim: a byte order mark is read, other
 * encodings, NUL bytes, a key twice, text after the JSON, a 10 MB line and things that are not
 * files are refused with one line naming the file (and line). The class timeout only stops a
 * read that hangs; it is not a speed check.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SavedFilesBadInputTest {

    private static final Pattern CLASS_NAME = Pattern.compile(
            "\\b(java|javax|jdk|sun|com\\.fasterxml|org\\.slotlab)\\.[a-z]|[A-Za-z]+(Exception|Error)\\b|\\bat [a-z]+\\.[a-z]+.*\\(");
    private static final Path TALK = Path.of("..", "sample-data", "talks", "feature-22186.slotlab-talk.json");

    @TempDir
    Path dir;

    private Path write(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    private Path write(String name, String text) throws IOException {
        return write(name, text.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] bom(String text) {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[body.length + 3];
        all[0] = (byte) 0xEF;
        all[1] = (byte) 0xBB;
        all[2] = (byte) 0xBF;
        System.arraycopy(body, 0, all, 3, body.length);
        return all;
    }

    private static String scenario() {
        return ScenarioFile.toJson(org.slotlab.app.scenario.ScenarioRequest.of(new SubstringCutoffScenario().defaults()));
    }

    private static String talk() throws IOException {
        return Files.readString(TALK);
    }

    private static String refused(Path f, ThrowingConsumer<Path> reader) {
        Throwable t = catchThrowable(() -> reader.accept(f));
        assertThat(t).as("%s must be refused", f).isNotNull()
                .isInstanceOfAny(ScenarioFile.ScenarioFormatException.class, TalkFile.TalkFormatException.class);
        String m = t.getMessage();
        assertThat(m).startsWith(f.toString()).doesNotContain("\n");
        assertThat(m.length()).isLessThan(f.toString().length() + 1000);
        assertThat(CLASS_NAME.matcher(m.substring(f.toString().length())).find()).as("class name in: %s", m).isFalse();
        return m;
    }

    private static final ThrowingConsumer<Path> SCENARIO = ScenarioFile::loadContents;
    private static final ThrowingConsumer<Path> TALKS = TalkFile::load;

    @Test
    void byteOrderMark_isRead_inBothKinds() throws Exception {
        Path s = write("a.slotlab.json", bom(scenario()));
        Path t = write("a.slotlab-talk.json", bom(talk()));

        assertThat(ScenarioFile.loadContents(s).scenario()).isEqualTo(SubstringCutoffScenario.ID);
        assertThat(TalkFile.load(t).steps()).hasSameSizeAs(TalkFile.load(TALK).steps());
    }

    @Test
    void windows1252Bytes_nameTheEncodingAndLine() throws Exception {
        Path s = write("a.slotlab.json", scenario().replaceFirst("\\{", "{\"x\u00e9\": 1,")
                .getBytes(java.nio.charset.Charset.forName("windows-1252")));
        Path t = write("a.slotlab-talk.json", talk().replaceFirst("\"title\"\\s*:\\s*\"", "\"title\": \"caf\u00e9 ")
                .getBytes(java.nio.charset.Charset.forName("windows-1252")));

        assertThat(refused(s, SCENARIO)).startsWith(s + ":1: is not UTF-8 text: byte 0xE9");
        assertThat(refused(t, TALKS)).contains(": is not UTF-8 text: byte 0xE9");
    }

    @Test
    void nulByte_isRefusedWithItsLine() throws Exception {
        Path s = write("a.slotlab.json", scenario().replaceFirst("\"scenario\"", "\"scen\u0000ario\""));
        Path t = write("a.slotlab-talk.json", talk().replaceFirst("\"title\"", "\"ti\u0000tle\""));

        assertThat(refused(s, SCENARIO)).contains(": contains a NUL byte");
        assertThat(refused(t, TALKS)).contains(": contains a NUL byte");
    }

    @Test
    void sameKeyTwice_orTextAfterTheJson_isRefused() throws Exception {
        Path t = write("a.slotlab-talk.json", talk().replaceFirst("\\{", "{\"title\": \"one\", \"title\": \"two\","));
        Path u = write("b.slotlab-talk.json", talk() + "\n{}\n");
        Path s = write("b.slotlab.json", scenario() + "\n{}\n");

        assertThat(refused(t, TALKS)).isEqualTo(t + ":1: key 'title' appears twice in one object (the second time at line 1, "
                + "column 25); each key may appear once");
        assertThat(refused(u, TALKS)).endsWith(": more text after the JSON value; only one JSON value may be in the file");
        assertThat(refused(s, SCENARIO)).endsWith(": more text after the JSON value; only one JSON value may be in the file");
    }

    @Test
    void tenMegabyteLine_isRefusedByTheSizeRule_withoutEchoingIt() throws Exception {
        String huge = "{\"slotlabScenarioVersion\": 2, \"scenario\": \"" + "x".repeat(10 * 1024 * 1024) + "\"}";
        Path s = write("a.slotlab.json", huge);
        Path t = write("a.slotlab-talk.json", huge);

        assertThat(refused(s, SCENARIO)).contains("4 MiB");
        assertThat(refused(t, TALKS)).contains("8 MiB");
    }

    @Test
    void devZeroBehindALink_aDirectory_andAPipe_areRefusedWithoutReading() throws Exception {
        Path zero = Files.createSymbolicLink(dir.resolve("z.slotlab-talk.json"), Path.of("/dev/zero"));
        Path d = Files.createDirectory(dir.resolve("d.slotlab-talk.json"));

        assertThat(refused(zero, TALKS)).contains("not a regular file");
        assertThat(refused(d, TALKS)).contains("is a directory");
        assertThat(refused(zero, SCENARIO)).contains("not a regular file");
        Path fifo = dir.resolve("f.slotlab.json");
        if (new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0) {
            assertThat(refused(fifo, SCENARIO)).contains("not a regular file");
            assertThat(refused(fifo, TALKS)).contains("not a regular file");
        }
    }
}
