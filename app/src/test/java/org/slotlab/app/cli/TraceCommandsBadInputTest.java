package org.slotlab.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code trace}, {@code dump}, {@code heap} and {@code predict trace} on input that is wrong: exit
 * code 2, one line on stderr naming the file (and the line of a dump), no class name, no stack
 * trace, no output file left behind. The timeout only guards against a hang.
 */
@org.junit.jupiter.api.Timeout(value = 60, unit = java.util.concurrent.TimeUnit.SECONDS, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
class TraceCommandsBadInputTest {

    private static final String RUBY = "/usr/bin/ruby";

    @TempDir
    Path dir;

    private CliRun run(String... args) {
        return CliRun.run(args);
    }

    private static void assertRefused(CliRun r, String start) {
        assertThat(r.exitCode).as(r.err.toString()).isEqualTo(2);
        String e = r.err.toString();
        assertThat(e.lines().filter(l -> !l.startsWith("  | "))).hasSize(1);
        assertThat(e).contains(start).doesNotContain("Exception").doesNotContain("java.").doesNotContain("\tat ")
                .doesNotContain("internal error");
    }

    @Test
    void heap_missingFile_namesIt() {
        Path none = dir.resolve("none.json");

        assertRefused(run("heap", none.toString()), "slotlab: " + none + ": no such file");
    }

    @Test
    void heap_dumpCutShort_namesFileAndLine() throws Exception {
        Path d = dir.resolve("d.json");
        Files.writeString(d, "{\"address\":\"0x1\", \"type\":\"OBJECT\"}\n{\"address\":\"0x2\", \"type\":\"STRING\"}\n{\"address\":\"0x3\", \"ty");

        assertRefused(run("heap", d.toString()), "slotlab: " + d + ":3: not a complete JSON line");
    }

    @Test
    void heap_badOptions_namesTheOption() throws Exception {
        Path d = dir.resolve("d.json");
        Files.writeString(d, "{\"address\":\"0x1\", \"type\":\"OBJECT\"}\n");

        assertRefused(run("heap", d.toString(), "--by", "colour"), "slotlab: --by: expected length, site or heap, got 'colour'");
        assertRefused(run("heap", d.toString(), "--candidate", "cutof:1"), "slotlab: --candidate: ");
        assertRefused(run("heap", d.toString(), "--layout", "ruby-9"), "slotlab: --layout: unknown layout 'ruby-9'");
        assertRefused(run("heap", d.toString(), "--format", "xml"), "slotlab: --format: expected csv or markdown, got 'xml'");
    }

    @Test
    void predictTrace_aDumpInsteadOfATrace_refused() throws Exception {
        Path d = dir.resolve("d.json");
        Files.writeString(d, "{\"address\":\"0x1\", \"type\":\"OBJECT\"}\n");

        assertRefused(run("predict", "trace", d.toString()), "slotlab: " + d + ": not a Slotlab trace");
    }

    @Test
    void predictTrace_missingFile_namesIt() {
        Path none = dir.resolve("none.json");

        assertRefused(run("predict", "trace", none.toString()), "slotlab: " + none + ": ");
    }

    @Test
    void trace_missingScript_noFileWritten() {
        assumeTrue(Files.isExecutable(Path.of(RUBY)));
        Path out = dir.resolve("t.json");

        assertRefused(run("trace", "--ruby", RUBY, "--out", out.toString(), "--", dir.resolve("none.rb").toString()),
                "slotlab trace: Script not found: ");
        assertThat(out).doesNotExist();
    }

    @Test
    void trace_failingScript_namesTheError_noFileWritten() throws Exception {
        assumeTrue(Files.isExecutable(Path.of(RUBY)));
        Path script = dir.resolve("fails.rb");
        Files.writeString(script, "\"a:b\".split(\":\")\nraise ArgumentError, \"bad header\"\n");
        Path out = dir.resolve("t.json");

        CliRun r = run("trace", "--ruby", RUBY, "--out", out.toString(), "--", script.toString());

        assertRefused(r, "slotlab trace: Ruby at " + RUBY + " failed running script " + script + " (exit status 1)");
        assertThat(r.err.toString()).contains("bad header");
        assertThat(out).doesNotExist();
        assertThat(dir.resolve("t.json.part")).doesNotExist();
    }

    @Test
    void dump_hangingScript_stoppedAtTheTimeout() throws Exception {
        assumeTrue(Files.isExecutable(Path.of(RUBY)));
        Path script = dir.resolve("hangs.rb");
        Files.writeString(script, "pid = spawn(\"sleep\", \"300\")\nsleep 300\n");
        Path out = dir.resolve("d.json");

        CliRun r = run("dump", "--ruby", RUBY, "--timeout", "3", "--out", out.toString(), "--", script.toString());

        assertRefused(r, "did not finish script " + script + " within 3 s; it was stopped.");
        assertThat(out).doesNotExist();
    }

    @Test
    void trace_sampleZero_refused() {
        assertRefused(run("trace", "--sample", "0", "--out", dir.resolve("t.json").toString(), "--", "x.rb"),
                "slotlab: --sample must be >= 1");
    }
}
