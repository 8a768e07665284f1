package org.slotlab.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.slotlab.model.cost.CostProfile;

/**
 * A cost profile given to {@code predict --profile} that is not what it claims: exit code 2 and
 * one line naming the file and the problem, never a stack trace or a Java class name. The class
 * timeout only stops a read that hangs.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ProfileOptionBadInputCliTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "a key twice          | key 'name' appears twice in one object",
        "a number as a string | needs a string 'name' and a numeric 'value'",
        "text after the JSON  | only one JSON value may be in the file",
        "cut short            | is the file truncated?",
        "Windows-1252 bytes   | is not UTF-8 text",
    })
    void badProfile_isExit2_oneLineNamingTheFile(String kind, String expected) throws Exception {
        String good = CostProfile.defaultProfile().toJson();
        byte[] bytes = switch (kind.strip()) {
            case "a key twice" -> good.replaceFirst("\\{", "{\n  \"name\" : \"a\",\n  \"name\" : \"b\",").getBytes(StandardCharsets.UTF_8);
            case "a number as a string" -> good.replaceFirst("\"value\" : ([0-9.eE-]+)", "\"value\" : \"$1\"").getBytes(StandardCharsets.UTF_8);
            case "text after the JSON" -> (good + "\n{}\n").getBytes(StandardCharsets.UTF_8);
            case "cut short" -> good.substring(0, good.length() / 2).getBytes(StandardCharsets.UTF_8);
            default -> good.replaceFirst("\"machine\" : \"[^\"]*\"", "\"machine\" : \"caf\u00e9\"")
                    .getBytes(java.nio.charset.Charset.forName("windows-1252"));
        };
        Path f = Files.write(dir.resolve("p.json"), bytes);

        CliRun r = CliRun.run("predict", "substring-cutoff", "--profile", f.toString());

        assertThat(r.exitCode).as(r.err.toString()).isEqualTo(2);
        String err = r.err.toString().strip();
        assertThat(err.split("\\R")).as(err).hasSize(1);
        assertThat(err).contains(f.toString()).contains(expected).doesNotContain("Exception")
                .doesNotContainPattern("\\b(java|com\\.fasterxml|org\\.slotlab)\\.[a-z]");
    }
}
