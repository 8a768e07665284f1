package org.slotlab.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.slotlab.app.cli.CliRun.num;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.model.reference.ReferenceTable;

/** {@code predict json-unescape} against ruby/json PR #1135's json_unescape.csv (ruby/json PR #1135). */
class PredictJsonUnescapeTest {

    /** The default run: the PR's document (generated:escaped,200x62600), all three policies, glibc. */
    private static CliRun pr1135;

    @BeforeAll
    static void runDefault() {
        pr1135 = CliRun.run("predict", "json-unescape", "--format", "csv");
    }

    private static double published(String column) {
        Map<String, String> row = ReferenceTable.load("json_unescape.csv")
                .where("metric", "retained_capacity_200x50KB_escaped_doc").get(0);
        return ReferenceTable.number(row, column).orElseThrow();
    }

    @Test
    void csv_header_namesEveryUnit() {
        assertThat(pr1135.exitCode).isZero();
        assertThat(pr1135.header()).isEqualTo("policy,allocator,value_strings,escaped_strings,content_bytes,"
                + "retained_capacity_bytes,retained_capacity_mb,slack_bytes,slack_pct,malloc_calls,realloc_calls,"
                + "free_calls,bytes_copied,slot_bytes,malloc_buffer_bytes,malloc_footprint_bytes,malloc_rss_kib,"
                + "predicted_parse_ms,gc_per_parse,objects_per_parse,cost_profile,ruby,json");
        assertThat(pr1135.rows()).hasSize(3);
    }

    @Test
    void defaultDocument_reproducesThePublishedRetainedCapacityWithinTwoPercent() {
        double before = published("before_set_len"); // 12.52 MB
        double after = published("after_resize"); // 7.76 MB
        assertThat(num(pr1135.row("policy", "set_len"), "retained_capacity_mb")).isCloseTo(before, within(0.02 * before));
        assertThat(num(pr1135.row("policy", "resize"), "retained_capacity_mb")).isCloseTo(after, within(0.02 * after));
        assertThat(num(pr1135.row("policy", "resize"), "slack_pct")).isZero();
        assertThat(num(pr1135.row("policy", "set_len"), "slack_pct")).isCloseTo(61.0, within(2.0)); // the note column
    }

    @Test
    void resizeReallocsOncePerString_exactMallocsTwice() {
        Map<String, String> setLen = pr1135.row("policy", "set_len");
        assertThat(pr1135.row("policy", "resize").get("realloc_calls")).isEqualTo(setLen.get("escaped_strings"));
        assertThat(num(pr1135.row("policy", "exact"), "malloc_calls")).isEqualTo(2 * num(setLen, "malloc_calls"));
        assertThat(num(pr1135.row("policy", "exact"), "predicted_parse_ms"))
                .isGreaterThan(num(pr1135.row("policy", "resize"), "predicted_parse_ms"));
    }

    @Test
    void tradeoff_netBenefitTurnsPositiveExactlyAtTheBreakEvenLifetime() {
        CliRun r = CliRun.run("predict", "json-unescape", "--doc", "generated:escaped,20x62600", "--tradeoff",
                "--allocator", "glibc,jemalloc-5", "--lifetime", "0,0.001,0.1,1,10,3600");
        assertThat(r.exitCode).isZero();
        assertThat(r.header()).isEqualTo("policy,allocator,lifetime_s,extra_cpu_ns,saved_byte_seconds,"
                + "saved_cpu_ns_equivalent,net_benefit_ns,break_even_s,cost_profile,ruby,json");
        assertThat(r.rows()).hasSize(2 * 2 * 6).noneMatch(row -> row.get("policy").equals("set_len"));
        for (Map<String, String> row : r.rows()) {
            double lifetime = num(row, "lifetime_s");
            double breakEven = num(row, "break_even_s");
            if (lifetime > breakEven) {
                assertThat(num(row, "net_benefit_ns")).as(row.toString()).isPositive();
            } else if (lifetime < breakEven) {
                assertThat(num(row, "net_benefit_ns")).as(row.toString()).isNegative();
            }
        }
        // the maintainer's case: a document thrown away at once never pays for the realloc
        assertThat(num(r.row("policy", "resize", "allocator", "glibc", "lifetime_s", "0.000000"), "net_benefit_ns"))
                .isNegative();
    }

    @Test
    void markdown_printsPolicyAndTradeoffTables_withLegendsAndParameters() {
        CliRun r = CliRun.run("predict", "json-unescape", "--doc", "generated:escaped,20x62600", "--format", "markdown");
        assertThat(r.exitCode).isZero();
        assertThat(r.out.toString()).contains("| policy", "|--", "lower is better", "higher net_benefit_ns is better",
                "parameters: document generated:escaped,20x62600", "12.52 MB", "predicted by Slotlab ");
    }

    @Test
    void plainDocument_hasNoEscapesAndNoSlack() {
        CliRun r = CliRun.run("predict", "json-unescape", "--doc", "generated:plain,20x62600", "--policy", "set_len");
        assertThat(r.row("policy", "set_len").get("escaped_strings")).isEqualTo("0");
        assertThat(num(r.row("policy", "set_len"), "slack_pct")).isZero();
    }

    @Test
    void badInput_oneLineNamingTheOption_exit2(@TempDir Path dir) throws Exception {
        assertBad("--policy: unknown unescape policy 'shrink'", "--policy", "set_len,shrink");
        assertBad("--allocator: unknown allocator 'tcmalloc'", "--allocator", "tcmalloc");
        assertBad("--doc: nope.json: no such file", "--doc", "nope.json");
        assertBad("--doc: generated document kind must be escaped or plain", "--doc", "generated:ascii,2x100");
        assertBad("--lifetime: 'soon' is not a number of seconds", "--lifetime", "1,soon");
        assertBad("--tradeoff: compares policies against set_len", "--tradeoff", "--policy", "set_len");
        Path broken = dir.resolve("broken.json");
        Files.writeString(broken, "[\"abc");
        assertBad("broken.json:1:", "--doc", broken.toString());
    }

    private static void assertBad(String message, String... options) {
        String[] args = new String[options.length + 2];
        args[0] = "predict";
        args[1] = "json-unescape";
        System.arraycopy(options, 0, args, 2, options.length);
        CliRun r = CliRun.run(args);
        assertThat(r.exitCode).isEqualTo(SlotlabCommand.EXIT_USAGE);
        assertThat(r.err.toString()).startsWith("slotlab: --").contains(message).doesNotContain("Exception");
        assertThat(r.err.toString().split("\\R")).hasSize(1);
    }
}
