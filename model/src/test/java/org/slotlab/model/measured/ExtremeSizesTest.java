package org.slotlab.model.measured;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Valid but extreme input: read, or refused with the limit stated; never a crash or a hang. */
@org.junit.jupiter.api.Timeout(value = 60, unit = java.util.concurrent.TimeUnit.SECONDS, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
class ExtremeSizesTest {

    @TempDir
    Path dir;

    private Path reports(String name, int count) throws IOException {
        Path f = dir.resolve(name);
        try (Writer w = Files.newBufferedWriter(f, StandardCharsets.UTF_8)) {
            w.write("[");
            for (int i = 0; i < count; i++) {
                w.write(i == 0 ? "" : ",");
                w.write("{\"name\":\"r" + i + "\",\"ips\":1.5}");
            }
            w.write("]\n");
        }
        return f;
    }

    @Test
    void twoMillionReports_refusedWithThePointLimit() throws IOException {
        Path f = reports("two-million.json", 2_000_000);

        assertThat(BadInput.refused(f, Importers.AUTO))
                .isEqualTo(f + ":1: holds more than 1000000 measured values, the most read from one file");
    }

    @Test
    void hundredThousandReports_areRead() throws IOException, ImportException {
        MeasuredSet set = Importers.read(reports("many.json", 100_000), Importers.AUTO, NameMapping.defaults());

        assertThat(set.benchmarks()).hasSize(100_000);
    }

    @Test
    void tenMegabyteName_refusedWithTheNameLimit() {
        Path f = BadInput.write(dir, "long-name.csv", "# executable: " + BadInput.repeat('x', 3000) + "\nlen_bytes,ns_per_op\n1,2\n");

        assertThat(BadInput.refused(f, Importers.AUTO)).contains("executable name 'xxxx").contains("is longer than 1000 characters, the longest name read");
        Path g = BadInput.write(dir, "name.json", "[{\"name\": \"" + BadInput.repeat('n', 10 * 1024 * 1024) + "\", \"ips\": 1.0}]\n");
        assertThat(BadInput.refused(g, IpsJsonImporter.FORMAT)).contains("strings up to 1000000 characters");
    }

    @Test
    void deeplyNestedJson_refusedWithTheDepthLimit() {
        Path f = BadInput.write(dir, "deep.json", "[{\"name\": \"a\", \"ips\": 1.0, \"x\": " + "[".repeat(5000) + "]".repeat(5000) + "}]\n");

        assertThat(BadInput.refused(f, "ips-json")).contains("64 levels");
    }

    @Test
    void backtrackingNameRule_stopsAtItsStepLimit() throws ImportException {
        // polynomial backtracking: (.*a){12} tries every way to split 60 a's into 12 pieces before failing on x
        NameMapping rules = NameMapping.parse("(\\d+)(.*a){12}x => len\n", "map.txt");
        Path f = BadInput.write(dir, "c.md", Fixtures.text("bd_markdown_1exe.md").replace("|size23    |", "|1" + "a".repeat(60) + "|"));

        String message = BadInput.get(() -> {
            try {
                Importers.read(f, Importers.AUTO, rules);
                return "imported";
            } catch (ImportException e) {
                return e.getMessage();
            }
        });

        BadInput.assertWellFormed(message, f.toString());
        assertThat(message).contains("the name rule '(\\d+)(.*a){12}x' looks at more than 1000000 characters to match benchmark '1aaaa");
    }

    @Test
    void yamlAliasBomb_isNotExpanded() {
        // nine levels of nine aliases each: 387 million strings if expanded
        StringBuilder y = new StringBuilder("---\ntype: recorded\nl0: &l0 [\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\"]\n");
        for (int i = 1; i < 9; i++) {
            y.append("l").append(i).append(": &l").append(i).append(" [").append(("*l" + (i - 1) + ",").repeat(8)).append("*l")
                    .append(i - 1).append("]\n");
        }
        y.append("job_warmup_context_result: {}\nmetrics: []\n");

        assertThat(BadInput.refused(new BenchmarkDriverRecordImporter(), y.toString(), "bomb.yml"))
                .isEqualTo("bomb.yml:12: expected at least one benchmark result");
    }
}
