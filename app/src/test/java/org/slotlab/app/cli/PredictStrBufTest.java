package org.slotlab.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.slotlab.app.cli.CliRun.num;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slotlab.model.reference.ReferenceTable;

/** {@code predict str-buf} against Feature #12025's str_buf_min.csv (Feature #12025). */
class PredictStrBufTest {

    private static double publishedMaxrssKib(long i) {
        return ReferenceTable.number(ReferenceTable.load("str_buf_min.csv").where("i", Long.toString(i)).get(0),
                "maxrss_kib").orElseThrow();
    }

    @Test
    void csv_header_namesEveryUnit() {
        CliRun r = CliRun.run("predict", "str-buf", "--allocator", "glibc", "--i", "127");
        assertThat(r.exitCode).isZero();
        assertThat(r.header()).isEqualTo("allocator,i_bytes,slot_bytes,embedded,malloc_requested_bytes,"
                + "malloc_usable_bytes,malloc_footprint_bytes,malloc_waste_total_bytes,slot_heap_kib,array_kib,"
                + "malloc_kib,rss_kib,page_faults");
        assertThat(r.lines()).hasSize(2);
    }

    @ParameterizedTest
    @ValueSource(strings = {"--layout=ruby-3.1", "--era=ruby-2.4-after", "--era=ruby-2.4-before"})
    void powerOfTwo_reproducesThePublishedMaxrssWithinTenPercent(String era) {
        // the issue's command line; 3.1 and 2.4-dev both give " " * i a malloc(i + 1) buffer for i > 23
        CliRun r = CliRun.run("predict", "str-buf", era, "--allocator",
                "power-of-two,glibc,jemalloc-3,jemalloc-5,darwin", "--i", "127,128", "--count", "1000000",
                "--format", "csv");
        assertThat(r.exitCode).isZero();
        assertThat(r.rows()).hasSize(10);
        for (long i : new long[] {127, 128}) {
            double rss = num(r.row("allocator", "power-of-two", "i_bytes", Long.toString(i)), "rss_kib");
            assertThat(rss).isCloseTo(publishedMaxrssKib(i), within(0.10 * publishedMaxrssKib(i)));
        }
        Map<String, String> at128 = r.row("allocator", "power-of-two", "i_bytes", "128");
        assertThat(at128.get("malloc_requested_bytes")).isEqualTo("129");
        assertThat(at128.get("malloc_usable_bytes")).isEqualTo("256");
    }

    @Test
    void glibcShowsNoMeasurableStep_jemallocPartOfPowerOfTwos() {
        CliRun r = CliRun.run("predict", "str-buf", "--era", "ruby-2.4-after", "--allocator",
                "power-of-two,glibc,jemalloc-5", "--i", "127,128");
        double pow2 = step(r, "power-of-two");
        assertThat(Math.abs(step(r, "glibc"))).isLessThan(0.02); // the thread: "no measurable difference"
        assertThat(step(r, "jemalloc-5")).isGreaterThan(0.02).isLessThan(pow2);
    }

    private static double step(CliRun r, String allocator) {
        return num(r.row("allocator", allocator, "i_bytes", "128"), "rss_kib")
                / num(r.row("allocator", allocator, "i_bytes", "127"), "rss_kib") - 1;
    }

    @Test
    void range_powerOfTwoStepsOnlyBetween127And128() {
        CliRun r = CliRun.run("predict", "str-buf", "--era", "ruby-2.4-after", "--allocator", "power-of-two",
                "--i", "120-135:1");
        assertThat(r.rows()).hasSize(16);
        for (long i = 120; i < 135; i++) {
            double here = num(r.row("i_bytes", Long.toString(i)), "rss_kib");
            double next = num(r.row("i_bytes", Long.toString(i + 1)), "rss_kib");
            if (i == 127) {
                assertThat(next).isGreaterThan(here * 1.5);
            } else {
                assertThat(next).isEqualTo(here);
            }
        }
    }

    @Test
    void era_winsOverLayout_andRuby34EmbedsWhat24Mallocs() {
        CliRun old = CliRun.run("predict", "str-buf", "--layout", "ruby-3.4", "--era", "ruby-2.4-after",
                "--allocator", "glibc", "--i", "100");
        assertThat(old.row("i_bytes", "100").get("malloc_requested_bytes")).isEqualTo("101");
        CliRun modern = CliRun.run("predict", "str-buf", "--layout", "ruby-3.4", "--allocator", "glibc", "--i", "100");
        Map<String, String> row = modern.row("i_bytes", "100");
        assertThat(row.get("embedded")).isEqualTo("yes");
        assertThat(row.get("malloc_requested_bytes")).isEqualTo("0");
        assertThat(num(row, "slot_bytes")).isGreaterThan(124); // 24 B header + 100 + NUL in a variable-width slot
    }

    @Test
    void bufNewWorkload_appliesTheStrBufMinSizeFloor() {
        CliRun before = CliRun.run("predict", "str-buf", "--era", "ruby-2.4-before", "--workload", "buf-new",
                "--allocator", "power-of-two", "--i", "10");
        assertThat(before.header()).startsWith("allocator,capa_bytes,");
        assertThat(before.row("capa_bytes", "10").get("malloc_requested_bytes")).isEqualTo("129"); // 128 + 1
        CliRun after = CliRun.run("predict", "str-buf", "--era", "ruby-2.4-after", "--workload", "buf-new",
                "--allocator", "power-of-two", "--i", "10");
        assertThat(after.row("capa_bytes", "10").get("malloc_requested_bytes")).isEqualTo("128"); // 127 + 1
    }

    @Test
    void markdown_hasLegendParametersPublishedRowAndVersion() {
        CliRun r = CliRun.run("predict", "str-buf", "--era", "ruby-2.4-after", "--allocator", "power-of-two",
                "--format", "markdown");
        assertThat(r.exitCode).isZero();
        assertThat(r.out.toString()).contains("| allocator", "|--", "lower is better", "parameters: string rules ruby-2.4-dev",
                "1,000,000 strings", "289,080 KiB", "predicted by Slotlab " + SlotlabCommand.version());
    }

    @Test
    void badInput_oneLineNamingTheOption_exit2() {
        assertBad(new String[] {"--allocator", "glibc,tcmalloc"}, "--allocator: unknown allocator 'tcmalloc'");
        assertBad(new String[] {"--layout", "ruby-9"}, "--layout: unknown layout 'ruby-9'");
        assertBad(new String[] {"--era", "ruby-2.5"}, "--era: unknown layout 'ruby-2.5'");
        assertBad(new String[] {"--workload", "dup"}, "--workload: unknown workload 'dup'");
        assertBad(new String[] {"--i", "12x"}, "--i: '12x' is not a whole number");
        assertBad(new String[] {"--count", "-1"}, "--count: must be between 1 and 1,000,000,000, got -1");
        assertBad(new String[] {"--profile", "p.json"}, "--profile: p.json");
    }

    private static void assertBad(String[] options, String message) {
        String[] args = new String[options.length + 2];
        args[0] = "predict";
        args[1] = "str-buf";
        System.arraycopy(options, 0, args, 2, options.length);
        CliRun r = CliRun.run(args);
        assertThat(r.exitCode).isEqualTo(SlotlabCommand.EXIT_USAGE);
        assertThat(r.err.toString()).startsWith("slotlab: ").contains(message).doesNotContain("Exception");
        assertThat(r.err.toString().split("\\R")).hasSize(1);
        assertThat(r.out.toString()).isEmpty();
    }
}
