package org.slotlab.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ImportCommandTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cmd = new CommandLine(new ImportCommand());
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        return cmd.execute(args);
    }

    /** A sample-data file (packaged with the model under sample-data/) copied to the temp dir. */
    private Path sample(String name) throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/sample-data/measured/" + name)) {
            assertThat(in).as("sample-data/measured/" + name + " on the classpath").isNotNull();
            Path p = dir.resolve(name);
            Files.copy(in, p, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            return p;
        }
    }

    @Test
    void markdown_exitsZero_printsWhatItRead_andWritesCsv() throws IOException {
        Path in = sample("bd_markdown_compare.md");
        Path csv = dir.resolve("measured.csv");

        int code = run(in.toString(), "--out", csv.toString());

        assertThat(code).isEqualTo(0);
        assertThat(err.toString()).isEmpty();
        assertThat(out.toString())
                .contains("benchmark-driver (benchmark-driver-markdown)")
                .contains("Executables: compare-ruby, built-ruby")
                .contains("size100 (len=100)")
                .containsPattern("size23\\s+built-ruby\\s+ips\\s+23377000 i/s\\s+\\[len=23\\]")
                .contains("Wrote 12 points to " + csv);
        assertThat(Files.readAllLines(csv)).hasSize(13)
                .first().isEqualTo("tool,executable,benchmark,param_name,param_value,metric,value,unit");
        assertThat(Files.readString(csv)).contains("benchmark-driver,built-ruby,size23,len,23,ips,23377000,i/s\n");
    }

    @Test
    void truncatedInput_exitsTwo_oneLineOnStderr_noStackTrace_noOutputFile() throws IOException {
        String text = Files.readString(sample("ips_subseq.json"), StandardCharsets.UTF_8);
        Path cut = dir.resolve("cut.json");
        Files.writeString(cut, text.substring(0, text.indexOf("\"size100\"") + 5));
        Path csv = dir.resolve("measured.csv");

        int code = run(cut.toString(), "--out", csv.toString());

        assertThat(code).isEqualTo(2);
        assertThat(err.toString().lines()).hasSize(1).first().asString()
                .startsWith("slotlab import: " + cut + ":23: ")
                .contains("truncated")
                .doesNotContain("Exception");
        assertThat(csv).doesNotExist();
    }

    @Test
    void forcedWrongFormat_exitsTwo() throws IOException {
        int code = run(sample("ips_subseq.txt").toString(), "--format", "ruby-bench-json", "--out", dir.resolve("m.csv").toString());

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).startsWith("slotlab import: ").contains("ips_subseq.txt:1:");
    }

    @Test
    void unknownFormat_exitsTwo_listingFormats() throws IOException {
        int code = run(sample("ips_subseq.txt").toString(), "--format", "xml", "--out", dir.resolve("m.csv").toString());

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("unknown --format 'xml'; expected auto, ruby-bench-json");
    }

    @Test
    void missingOut_isAUsageErrorWithExitTwo() throws IOException {
        int code = run(sample("ips_subseq.txt").toString());

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("Missing required option: '--out=CSV'");
    }

    @Test
    void mappingFile_isUsed_andItsErrorsExitTwo() throws IOException {
        Path map = dir.resolve("map.txt");
        Files.writeString(map, "# byroot names reports after the slot size\nsize(\\d+) => slot_size\n");
        Path csv = dir.resolve("m.csv");

        Path in = sample("bd_markdown_compare.md");
        int ok = run(in.toString(), "--mapping", map.toString(), "--out", csv.toString());
        assertThat(ok).isEqualTo(0);
        assertThat(Files.readString(csv)).contains(",size250,slot_size,250,");

        Files.writeString(map, "size(\\d+) slot_size\n");
        int bad = run(in.toString(), "--mapping", map.toString(), "--out", csv.toString());
        assertThat(bad).isEqualTo(2);
        assertThat(err.toString()).contains(map + ":1: expected 'regex => parameter'");
    }

    @Test
    void recordYaml_autoDetected_summaryNamesToolAndFormat() throws IOException {
        int code = run(sample("benchmark_driver.record.yml").toString(), "--out", dir.resolve("r.csv").toString());

        assertThat(code).isEqualTo(0);
        assertThat(out.toString()).contains("benchmark-driver (benchmark-driver-yaml)")
                .contains("Benchmarks (4): size1 (len=1), size23 (len=23), size100 (len=100), size250 (len=250)");
    }

    @Test
    void missingFile_exitsTwo() {
        int code = run(dir.resolve("nope.json").toString(), "--format", "ips-json", "--out", dir.resolve("m.csv").toString());

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("slotlab import: " + dir.resolve("nope.json") + ":0: no such file" + System.lineSeparator());
    }
}
