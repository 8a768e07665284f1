package org.slotlab.model.measured;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A 10 MB line where a tool writes short ones: refused with the line cap, in format detection and in
 * every text format, without a pattern ever seeing the whole line and without echoing it back.
 */
@org.junit.jupiter.api.Timeout(value = 60, unit = java.util.concurrent.TimeUnit.SECONDS, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
class VeryLongLinesTest {

    private static final int TEN_MB = 10 * 1024 * 1024;

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"auto", "benchmark-driver-markdown", "benchmark-driver-compare", "benchmark-driver-simple",
        "benchmark-driver-all", "ips-text", "harness-gc", "ruby-bench-csv", "ruby-bench-text", "csv"})
    void tenMegabyteLine_inATable_isRefusedWithTheCap(String format) {
        // a markdown row of 10 MB of cells: "|a|a|a|..." (the kind of line that made a regex recurse)
        String table = Fixtures.text("bd_markdown_compare_2exe.md") + "|" + "a|".repeat(TEN_MB / 2) + "\n";
        Path f = BadInput.write(dir, "long.md", table);

        String message = BadInput.refused(f, format);

        assertThat(message).contains("line is longer than 4096 characters, the longest line read");
        assertThat(message).startsWith(f + ":12:");
    }

    @Test
    void tenMegabyteCsvHeader_isRefusedBeforeAnyPattern() {
        Path f = BadInput.write(dir, "long.csv", "len_bytes" + ",ns_per_op".repeat(TEN_MB / 10) + "\n1,2\n");

        assertThat(BadInput.refused(f, Importers.AUTO)).startsWith(f + ":1: line is longer than 4096 characters");
    }

    @Test
    void tenMegabyteHeapRow_isRefused() {
        String log = Fixtures.text("rb_gc_2exe.console.txt").replace("   0         40       39297",
                "   0         40       39297" + " 1".repeat(TEN_MB / 2));
        Path f = BadInput.write(dir, "gc.txt", log);

        assertThat(BadInput.refused(f, "harness-gc")).contains("line is longer than 4096 characters");
    }

    @Test
    void tenMegabyteMappingRule_isRefused() {
        Path f = BadInput.write(dir, "map.txt", "size(\\d+) => len\n" + "(a+)+".repeat(TEN_MB / 5) + "(\\d+) => len\n");

        // the mapping limit (1 MiB) comes first; below it the rule length is capped too
        assertThat(BadInput.refusedMapping(f)).contains("is larger than 1 MiB");
        Path g = BadInput.write(dir, "map2.txt", "x".repeat(2000) + "(\\d+) => len\n");
        assertThat(BadInput.refusedMapping(g)).isEqualTo(g + ":1: rule is longer than 1000 characters, the longest rule read");
    }

    @Test
    void tenMegabyteJsonString_isRefusedWithTheStringLimit() {
        Path f = BadInput.write(dir, "long.json", "[{\"name\": \"" + BadInput.repeat('x', TEN_MB) + "\", \"ips\": 1.0}]\n");

        assertThat(BadInput.refused(f, "ips-json"))
                .contains("a JSON string, number or nesting goes beyond what is read (strings up to 1000000 characters");
    }

    @Test
    void longLine_isNotEchoed() {
        String line = "size23 " + BadInput.repeat('9', 3000) + "M";
        String text = Fixtures.firstLines("bd_compare_2exe.txt", 6) + line + "\n";

        String message = BadInput.refused(new BenchmarkDriverCompareImporter(), text, "c.txt");

        assertThat(message.length()).isLessThan(400);
        assertThat(message).contains("characters)");
    }
}
