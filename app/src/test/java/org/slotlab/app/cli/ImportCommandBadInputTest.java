package org.slotlab.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.app.measured.NamedPipes;

/**
 * {@code slotlab import} on real tool outputs and on input or output paths that are wrong: exit
 * code 2, one line on stderr that names the file, no class name, no stack trace, no file written.
 * The class timeout only guards against a hang.
 */
@org.junit.jupiter.api.Timeout(value = 60, unit = java.util.concurrent.TimeUnit.SECONDS, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
class ImportCommandBadInputTest {

    @TempDir
    Path dir;

    private final StringBuilder out = new StringBuilder();
    private final StringBuilder err = new StringBuilder();

    /** {@code slotlab import ARGS}, through the real command line. */
    private int run(String... args) {
        CliRun r = CliRun.run(Stream.concat(Stream.of("import"), Stream.of(args)).toArray(String[]::new));
        out.append(r.out);
        err.append(r.err);
        return r.exitCode;
    }

    private Path sample(String name) throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/sample-data/measured/" + name)) {
            assertThat(in).as("sample-data/measured/" + name).isNotNull();
            Path p = dir.resolve(name);
            Files.copy(in, p, StandardCopyOption.REPLACE_EXISTING);
            return p;
        }
    }

    /** Exit 2, one stderr line starting with {@code slotlab import: NAME}, nothing on it a person should not see. */
    private void assertRefused(int code, Path named, Path csv) {
        assertThat(code).isEqualTo(2);
        String e = err.toString();
        assertThat(e.lines()).hasSize(1);
        assertThat(e).startsWith("slotlab import: " + named).doesNotContain("Exception").doesNotContain("java.")
                .doesNotContain("\tat ").doesNotContain("internal error");
        assertThat(csv).doesNotExist();
    }

    @Test
    void makeBenchmarkOutput_twoRubies_isImported() throws IOException {
        Path csv = dir.resolve("m.csv");

        int code = run(sample("bd_compare_2exe.txt").toString(), "--out", csv.toString());

        assertThat(code).isEqualTo(0);
        assertThat(out.toString()).contains("benchmark-driver (benchmark-driver-compare)").contains("Executables: base, always-embed");
        assertThat(Files.readString(csv)).contains("benchmark-driver,always-embed,size23,len,23,ips,13767668.2,i/s\n");
    }

    @Test
    void rubyBenchCsvAndGcLog_areImported() throws IOException {
        Path csv = dir.resolve("m.csv");

        assertThat(run(sample("ruby_bench_gc_2exe.csv").toString(), "--out", csv.toString())).isEqualTo(0);
        assertThat(Files.readString(csv)).contains("ruby-bench,always-embed,byteslice_suffix,,,speed_ratio,0.979,x\n");
        assertThat(run(sample("ruby_bench_gc_2exe.console.txt").toString(), "--out", csv.toString())).isEqualTo(0);
        assertThat(out.toString()).contains("ruby-bench (harness-gc)");
    }

    @Test
    void namedPipe_exitsTwoWithoutBlocking() throws Exception {
        Path fifo = NamedPipes.make(dir.resolve("results.txt"));
        Path csv = dir.resolve("m.csv");

        assertRefused(run(fifo.toString(), "--out", csv.toString()), fifo, csv);
        assertThat(err.toString()).contains("is not a regular file");
    }

    @Test
    void linkToDevZero_exitsTwo() throws IOException {
        assumeTrue(Files.exists(Path.of("/dev/zero")));
        Path link = Files.createSymbolicLink(dir.resolve("r.json"), Path.of("/dev/zero"));
        Path csv = dir.resolve("m.csv");

        assertRefused(run(link.toString(), "--out", csv.toString()), link, csv);
    }

    @Test
    void directoryAsInput_exitsTwo() {
        Path csv = dir.resolve("m.csv");

        assertRefused(run(dir.toString(), "--out", csv.toString()), dir, csv);
        assertThat(err.toString()).contains("is a directory");
    }

    @Test
    void nulBytes_exitTwo() throws IOException {
        Path f = Files.write(dir.resolve("r.md"), "|  |a|\n|:-|-:|\n|x|1.000|\n\u0000\n".getBytes(StandardCharsets.UTF_8));
        Path csv = dir.resolve("m.csv");

        assertRefused(run(f.toString(), "--out", csv.toString()), f, csv);
        assertThat(err.toString()).contains(":4: contains a NUL byte");
    }

    @Test
    void tenMegabyteLine_exitsTwo_withoutEchoingIt() throws IOException {
        Path f = Files.writeString(dir.resolve("r.csv"), "len_bytes,ns_per_op\n1," + "9".repeat(10 * 1024 * 1024) + "\n");
        Path csv = dir.resolve("m.csv");

        assertRefused(run(f.toString(), "--out", csv.toString()), f, csv);
        assertThat(err.toString().length()).isLessThan(1000);
    }

    @Test
    void badMappingFile_exitsTwoNamingIt() throws IOException {
        Path map = Files.writeString(dir.resolve("map.txt"), "size(\\d+) => lenght\n");
        Path csv = dir.resolve("m.csv");

        assertRefused(run(sample("bd_compare_2exe.txt").toString(), "--mapping", map.toString(), "--out", csv.toString()), map, csv);
    }

    @Test
    void outIsADirectory_exitsTwo_sayingWhy() throws IOException {
        Path target = Files.createDirectory(dir.resolve("out.csv"));

        int code = run(sample("bd_compare_2exe.txt").toString(), "--out", target.toString());

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("slotlab import: cannot write " + target
                + ": it is a directory; --out names the CSV file to write" + System.lineSeparator());
        assertThat(target).isEmptyDirectory();
    }

    @Test
    void outUnderAFile_exitsTwo_leavingNoPartialFile() throws IOException {
        Path file = Files.writeString(dir.resolve("plain"), "x");
        Path target = file.resolve("m.csv");

        int code = run(sample("bd_compare_2exe.txt").toString(), "--out", target.toString());

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).startsWith("slotlab import: cannot write " + target + ": ").doesNotContain("Exception");
        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).noneMatch(n -> n.contains(".part"));
        }
    }
}
