package org.slotlab.model.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cost profile file that is not what it claims: refused with one line naming the file (and the
 * line or field), never converted, never read without bound. The class timeout only stops a read
 * that hangs (a pipe, a device); it is not a speed check.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ProfileFileBadInputTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern CLASS_NAME = Pattern.compile(
            "\\b(java|javax|jdk|sun|com\\.fasterxml|org\\.slotlab)\\.[a-z]|[A-Za-z]+(Exception|Error)\\b|\\bat [a-z]+\\.[a-z]+.*\\(");

    @TempDir
    Path dir;

    /** The shipped profile as written by {@link CostProfile#toJson()}: a valid file to break. */
    private String valid() {
        return CostProfile.defaultProfile().toJson();
    }

    private Path write(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    private Path write(String name, String text) throws IOException {
        return write(name, text.getBytes(StandardCharsets.UTF_8));
    }

    private static String refused(Path file) {
        CostProfile.ProfileFormatException e = catchThrowableOfType(() -> CostProfile.load(file),
                CostProfile.ProfileFormatException.class);
        assertThat(e).as("%s must be refused", file).isNotNull();
        String m = e.getMessage();
        assertThat(m).startsWith(file.toString()).doesNotContain("\n");
        assertThat(m.length()).isLessThan(file.toString().length() + 1000);
        assertThat(CLASS_NAME.matcher(m.substring(file.toString().length())).find()).as("class name in: %s", m).isFalse();
        return m;
    }

    @Test
    void validFile_withAByteOrderMark_isRead() throws Exception {
        byte[] body = valid().getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[body.length + 3];
        all[0] = (byte) 0xEF;
        all[1] = (byte) 0xBB;
        all[2] = (byte) 0xBF;
        System.arraycopy(body, 0, all, 3, body.length);

        CostProfile p = CostProfile.load(write("bom.json", all));

        assertThat(p.coefficients()).isEqualTo(CostProfile.defaultProfile().coefficients());
    }

    @Test
    void sameKeyTwice_namesBothPlaces() throws Exception {
        Path f = write("p.json", valid().replaceFirst("\\{", "{\n  \"name\" : \"first\",\n  \"name\" : \"second\","));

        assertThat(refused(f)).isEqualTo(f + ":3: key 'name' appears twice in one object: at line 2, column 3 and at line 3, "
                + "column 9; each key may appear once");
    }

    @Test
    void sameCoefficientTwice_namesBothEntries() throws Exception {
        ObjectNode o = tree();
        o.withArray("coefficients").add(o.withArray("coefficients").get(2).deepCopy());
        int last = o.withArray("coefficients").size() - 1;
        String name = o.withArray("coefficients").get(2).path("name").asText();
        Path f = write("p.json", o.toPrettyString());

        assertThat(refused(f)).isEqualTo(f + ": coefficient " + name + " appears twice: coefficients[2] and coefficients[" + last
                + "]; each coefficient may appear once");
    }

    @Test
    void sameKeyTwice_insideTheLayout_isRefused() throws Exception {
        ObjectNode o = tree();
        o.set("layout", org.slotlab.model.layout.LayoutJson.toJson(org.slotlab.model.layout.RubyLayout.ruby34()));
        String text = o.toPrettyString().replaceFirst("\"pageSize\" : 65536", "\"pageSize\" : 65536,\n    \"pageSize\" : 16384");
        Path f = write("p.json", text);

        assertThat(refused(f)).contains("key 'pageSize' appears twice in one object: at line");
    }

    @Test
    void numberWrittenAsAString_isNotConverted() throws Exception {
        ObjectNode o = tree();
        ObjectNode c = (ObjectNode) o.withArray("coefficients").get(0);
        c.put("value", "1.5");
        Path f = write("p.json", o.toPrettyString());

        assertThat(refused(f)).isEqualTo(f + ": coefficients[0] needs a string 'name' and a numeric 'value', found name the string \""
                + c.path("name").asText() + "\" and value the string \"1.5\"");
    }

    @Test
    void nameThatIsNotAString_isRefusedNotPrintedAsText() throws Exception {
        ObjectNode o = tree();
        o.putNull("name");
        Path f = write("p.json", o.toPrettyString());

        assertThat(refused(f)).isEqualTo(f + ": 'name' must be a string, found null");
    }

    @Test
    void harnessTimeThatIsNegativeOrText_isRefusedNamingTheField() throws Exception {
        ObjectNode o = calibratedLike();
        ((ObjectNode) o.withArray("harnesses").get(0)).put("loopNs", -3.0);
        Path f = write("p.json", o.toPrettyString());
        assertThat(refused(f)).isEqualTo(f + ": 'harnesses[0].loopNs' must be a number >= 0, found the number -3.0");

        ((ObjectNode) o.withArray("harnesses").get(0)).put("loopNs", "3");
        Path g = write("q.json", o.toPrettyString());
        assertThat(refused(g)).isEqualTo(g + ": 'harnesses[0].loopNs' must be a number >= 0, found the string \"3\"");
    }

    @Test
    void sameHarnessTwice_namesBothEntries() throws Exception {
        ObjectNode o = calibratedLike();
        o.withArray("harnesses").add(o.withArray("harnesses").get(0).deepCopy());
        Path f = write("p.json", o.toPrettyString());

        assertThat(refused(f)).isEqualTo(f + ": harness 'bare' appears twice: harnesses[0] and harnesses[1]; each harness may "
                + "appear once");
    }

    @Test
    void cacheSizeThatIsFractional_isRefused() throws Exception {
        ObjectNode o = tree();
        o.putObject("caches").put("l2Bytes", 2097152.5);
        Path f = write("p.json", o.toPrettyString());

        assertThat(refused(f)).isEqualTo(f + ": 'caches.l2Bytes' must be a whole number of bytes >= 0, found the number 2097152.5");
    }

    @Test
    void textAfterTheJsonValue_isRefused() throws Exception {
        Path f = write("p.json", valid() + "\n{\"more\": 1}\n");

        assertThat(refused(f)).contains("expected the end of the JSON document").contains("only one JSON value may be in the file");
    }

    @Test
    void fileCutShort_isRefusedAsTruncated() throws Exception {
        String v = valid();
        Path f = write("p.json", v.substring(0, v.length() / 2));

        assertThat(refused(f)).contains("unexpected end of JSON; is the file truncated?");
    }

    @Test
    void numberThatOverflowsADouble_isRefusedWhereItStands() throws Exception {
        ObjectNode o = tree();
        String text = o.toPrettyString().replaceFirst("\"value\" : [0-9.eE-]+", "\"value\" : 1e999");
        Path f = write("p.json", text);

        assertThat(refused(f)).contains("the number '1e999' overflows a double");
    }

    @Test
    void windows1252Bytes_nameTheEncoding() throws Exception {
        ObjectNode o = tree();
        o.put("machine", "caf\u00e9");
        Path f = write("p.json", o.toPrettyString().getBytes(java.nio.charset.Charset.forName("windows-1252")));

        assertThat(refused(f)).contains("is not UTF-8 text: byte 0xE9");
    }

    @Test
    void nulByte_isRefused() throws Exception {
        Path f = write("p.json", valid().replaceFirst("\"name\"", "\"na\u0000me\""));

        assertThat(refused(f)).contains("contains a NUL byte");
    }

    @Test
    void tenMegabyteLine_isRefusedByTheSizeRule_withoutEchoingIt() throws Exception {
        Path f = write("p.json", "{\"name\": \"" + "x".repeat(10 * 1024 * 1024) + "\"}");

        assertThat(refused(f)).contains("4 MiB");
    }

    @Test
    void devZeroBehindALink_directoryAndPipe_areRefusedWithoutReading() throws Exception {
        Path link = dir.resolve("zero.json");
        Files.createSymbolicLink(link, Path.of("/dev/zero"));
        assertThat(refused(link)).contains("not a regular file");

        Path sub = Files.createDirectory(dir.resolve("profile.json"));
        assertThat(refused(sub)).contains("is a directory");

        Path fifo = dir.resolve("fifo.json");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        if (mk.waitFor() == 0) {
            assertThat(refused(fifo)).contains("not a regular file");
        }
    }

    @Test
    void jsonParseSection_aWrongField_isNamed_andAMissingSectionIsNoError() throws Exception {
        ObjectNode o = tree();
        ObjectNode j = o.putObject("jsonParse");
        j.put("jsonVersion", "2.9.1").put("keepsEscapedCapacity", true);
        var cs = j.putArray("coefficients");
        cs.addObject().put("name", JsonParseCosts.STRING).put("value", "40");
        cs.addObject().put("name", JsonParseCosts.PLAIN_BYTE).put("value", 0.3);
        cs.addObject().put("name", JsonParseCosts.ESCAPED_BYTE).put("value", 1.1);

        assertThat(refused(write("json-value.json", o.toPrettyString())))
                .contains("'jsonParse.coefficients[0].value' must be a number >= 0, found the string \"40\"");

        ((ObjectNode) cs.get(0)).put("value", 40.0);
        cs.remove(2);
        assertThat(refused(write("json-missing.json", o.toPrettyString()))).contains("'jsonParse.coefficients' lacks json_escaped_ns_per_byte");

        cs.addObject().put("name", JsonParseCosts.ESCAPED_BYTE).put("value", 1.1);
        j.put("keepsEscapedCapacity", "yes");
        assertThat(refused(write("json-kept.json", o.toPrettyString())))
                .contains("'jsonParse.keepsEscapedCapacity' must be true or false");

        j.put("keepsEscapedCapacity", false);
        assertThat(CostProfile.load(write("json-ok.json", o.toPrettyString())).jsonParse().orElseThrow().get(JsonParseCosts.STRING))
                .isEqualTo(40.0);
        assertThat(CostProfile.load(write("no-json.json", tree().toPrettyString())).jsonParse()).isEmpty();
    }

    private static ObjectNode tree() throws IOException {
        return (ObjectNode) JSON.readTree(CostProfile.defaultProfile().toJson());
    }

    /** The default profile with one bare harness, as a calibrated profile carries it. */
    private ObjectNode calibratedLike() throws Exception {
        ObjectNode o = tree();
        ObjectNode h = o.putArray("harnesses").addObject();
        h.put("harness", "bare");
        ObjectNode boot = h.putObject("boot");
        org.slotlab.model.layout.LayoutJson.writeBoot(boot, org.slotlab.model.layout.RubyLayout.ruby34().boot());
        h.put("loopNs", 3.0);
        h.put("warmupSeconds", 0.1);
        h.put("warmupPerTimedOp", 0.5);
        h.put("provenance", "test");
        CostProfile.load(write("calibrated.json", o.toPrettyString())); // valid as built
        return o;
    }
}
