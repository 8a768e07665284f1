package org.slotlab.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.slotlab.app.cli.CliRun.num;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.model.reference.ReferenceTable;

/** {@code predict require-index} against Feature #14460's require_index.csv (Feature #14460). */
class PredictRequireIndexTest {

    @Test
    void issueCommand_csv_bothStoragesWithUnitNamedColumns() {
        CliRun r = CliRun.run("predict", "require-index", "--features", "sample-data/require/loaded_features.txt",
                "--allocator", "glibc", "--format", "csv");
        assertThat(r.exitCode).isZero();
        assertThat(r.header()).isEqualTo("storage,allocator,features,keys,distinct_keys,retained_mallocs,key_bytes,"
                + "malloc_calls,free_calls,retained_slots,footprint_bytes,rss_kib,predicted_malloc_ms");
        Map<String, String> strdup = r.row("storage", "strdup");
        Map<String, String> indexed = r.row("storage", "indexed");
        assertThat(num(strdup, "features")).isGreaterThanOrEqualTo(1000); // the issue asks for >= 1,000 paths
        assertThat(strdup.get("retained_mallocs")).isEqualTo(strdup.get("distinct_keys")); // one strdup per key
        assertThat(num(indexed, "retained_mallocs")).isLessThan(num(strdup, "retained_mallocs") / 10);
        assertThat(num(indexed, "footprint_bytes")).isLessThan(num(strdup, "footprint_bytes"));
    }

    @Test
    void compare_savesInThePublishedDirection_butLessThanTheWholeApp() {
        CliRun r = CliRun.run("predict", "require-index", "--compare", "--allocator", "darwin,glibc");
        assertThat(r.exitCode).isZero();
        assertThat(r.header()).isEqualTo("allocator,bytes_saved,published_bytes_saved,share_of_published_bytes_pct,"
                + "calls_saved,published_calls_eliminated,share_of_published_calls_pct");
        ReferenceTable published = ReferenceTable.load("require_index.csv");
        Map<String, String> memory = published.where("metric", "rails_boot_memory").get(0);
        double bytesSaved = ReferenceTable.number(memory, "before").orElseThrow()
                - ReferenceTable.number(memory, "after").orElseThrow();
        double calls = ReferenceTable.number(published.where("metric", "system_calls_eliminated").get(0), "after")
                .orElseThrow();
        for (Map<String, String> row : r.rows()) {
            assertThat(num(row, "published_bytes_saved")).isEqualTo(bytesSaved);
            assertThat(num(row, "published_calls_eliminated")).isEqualTo(calls);
            assertThat(num(row, "bytes_saved")).isPositive().isLessThan(bytesSaved);
            assertThat(num(row, "calls_saved")).isPositive().isLessThan(calls);
            assertThat(num(row, "share_of_published_bytes_pct"))
                    .isCloseTo(100 * num(row, "bytes_saved") / bytesSaved, org.assertj.core.api.Assertions.within(0.001));
        }
    }

    @Test
    void ownFeatureList_keysAreTwicePerPathComponent(@TempDir Path dir) throws Exception {
        Path list = dir.resolve("features.txt");
        Files.writeString(list, "# two features\n/a/b/c.rb\n/a/b/d.rb\n");
        CliRun r = CliRun.run("predict", "require-index", "--features", list.toString(), "--allocator", "glibc");
        Map<String, String> strdup = r.row("storage", "strdup");
        // /a/b/c.rb: c.rb c b/c.rb b/c a/b/c.rb a/b/c /a/b/c.rb /a/b/c = 2 x (3 slashes + 1)
        assertThat(strdup.get("keys")).isEqualTo("16");
        assertThat(strdup.get("distinct_keys")).isEqualTo("16");
        assertThat(r.row("storage", "indexed").get("retained_slots")).isEqualTo("2");
    }

    @Test
    void rebuilds_repeatTheStrdups() {
        CliRun once = CliRun.run("predict", "require-index", "--allocator", "glibc");
        CliRun twice = CliRun.run("predict", "require-index", "--allocator", "glibc", "--rebuilds", "1");
        assertThat(num(twice.row("storage", "strdup"), "malloc_calls"))
                .isEqualTo(2 * num(once.row("storage", "strdup"), "malloc_calls"));
    }

    @Test
    void markdown_printsBothTablesWithThePublishedRow() {
        CliRun r = CliRun.run("predict", "require-index", "--format", "markdown");
        assertThat(r.exitCode).isZero();
        assertThat(r.out.toString()).contains("| storage", "| allocator", "|--", "lower is better", "higher is better",
                "parameters: features sample-data/require/loaded_features.txt", "76,212", "predicted by Slotlab ");
    }

    @Test
    void badInput_oneLineNamingTheOption_exit2(@TempDir Path dir) throws Exception {
        assertBad("--features: " + dir.resolve("missing.txt") + ": no such file", "--features",
                dir.resolve("missing.txt").toString());
        Path empty = dir.resolve("empty.txt");
        Files.writeString(empty, "# nothing\n\n");
        assertBad("--features: " + empty + ": no feature paths", "--features", empty.toString());
        assertBad("--allocator: unknown allocator 'tcmalloc'", "--allocator", "tcmalloc");
        assertBad("--layout: unknown layout 'ruby-9'", "--layout", "ruby-9");
        assertBad("--rebuilds: must be between 0 and 10,000, got -1", "--rebuilds", "-1");
    }

    private static void assertBad(String message, String... options) {
        String[] args = new String[options.length + 2];
        args[0] = "predict";
        args[1] = "require-index";
        System.arraycopy(options, 0, args, 2, options.length);
        CliRun r = CliRun.run(args);
        assertThat(r.exitCode).isEqualTo(SlotlabCommand.EXIT_USAGE);
        assertThat(r.err.toString()).startsWith("slotlab: --").contains(message).doesNotContain("Exception");
        assertThat(r.err.toString().split("\\R")).hasSize(1);
    }
}
