package org.slotlab.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.slotlab.app.cli.CliRun.num;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.cost.JsonParseCosts;

/**
 * {@code predict json-unescape --profile} and {@code predict str-buf --profile}: a calibrated profile's
 * Ruby is the one modelled (its layout, unless --layout says otherwise), its coefficients time the
 * parse and the loop, and every output says which profile, Ruby and json the times assume. A profile
 * written before the JSON parse probe still loads and says the parse speed is the published default.
 */
class PredictBuffersWithProfileTest {

    /** Calibrated on Debian 12's ruby 3.1.2 before the JSON parse probe existed (no "jsonParse" section). */
    static final Path PROFILE_312 = Path.of("..", "sample-data", "measured", "lab", "profile-ruby-3.1.2.json");
    /** Calibrated on 3.4.5, likewise. */
    static final Path PROFILE_345 = Path.of("..", "sample-data", "measured", "lab", "profile-ruby-3.4.5-base-20261202d.json");

    @TempDir
    Path dir;

    /** The 3.4.5 profile with JSON parse costs as the probe would have written them. */
    private Path profileWithJson() throws Exception {
        CostProfile p = CostProfile.load(PROFILE_345).withJsonParse(new JsonParseCosts("2.9.1", "ruby 3.4.5 (test)", "JSON::Ext::Parser",
                "/opt/ruby/lib/json/ext/parser.so", true, "rubygems",
                List.of(new JsonParseCosts.Term(JsonParseCosts.STRING, 80, "ns/string", 10, "test"),
                        new JsonParseCosts.Term(JsonParseCosts.PLAIN_BYTE, 0.25, "ns/byte", 0.01, "test"),
                        new JsonParseCosts.Term(JsonParseCosts.ESCAPED_BYTE, 1.5, "ns/byte", 0.02, "test")),
                List.of(), "test costs"));
        return Files.writeString(dir.resolve("with-json.profile.json"), p.toJson());
    }

    @Test
    void jsonUnescape_withAProfileBeforeTheProbe_modelsItsRuby_andSaysTheParseSpeedIsThePublishedDefault() {
        CliRun r = CliRun.run("predict", "json-unescape", "--doc", "generated:escaped,20x62600", "--profile", PROFILE_312.toString());

        assertThat(r.exitCode).as(r.err.toString()).isZero();
        Map<String, String> setLen = r.row("policy", "set_len");
        assertThat(setLen.get("cost_profile")).isEqualTo("calibrated-ruby-3.1.2");
        assertThat(setLen.get("ruby")).startsWith("ruby 3.1.2");
        assertThat(setLen.get("json")).isEqualTo("not measured (published parse rate)");
        // 3.1's 40 B heap: the Array of 20 values is a 40 B RArray with a malloc'd buffer, no value stack past 128
        assertThat(setLen.get("objects_per_parse")).isEqualTo("21");

        CliRun md = CliRun.run("predict", "json-unescape", "--doc", "generated:escaped,20x62600", "--profile", PROFILE_312.toString(),
                "--format", "markdown");
        assertThat(md.out.toString()).contains("times: cost profile calibrated-ruby-3.1.2", "has no JSON parse measurement",
                "run slotlab calibrate again", "layout calibrated-ruby-3.1.2");
    }

    @Test
    void jsonUnescape_withTheProbesCosts_timesTheParseWithThem_andNamesTheJson() throws Exception {
        Path f = profileWithJson();
        CliRun r = CliRun.run("predict", "json-unescape", "--doc", "generated:escaped,20x62600", "--policy", "set_len,resize,temp_buffer",
                "--profile", f.toString());

        assertThat(r.exitCode).as(r.err.toString()).isZero();
        assertThat(r.header()).endsWith(",predicted_parse_ms,gc_per_parse,objects_per_parse,cost_profile,ruby,json");
        Map<String, String> setLen = r.row("policy", "set_len");
        assertThat(setLen.get("json")).isEqualTo("2.9.1");
        assertThat(setLen.get("ruby")).startsWith("ruby 3.4.5");
        // 20 strings of ~62.6 KB escaped: 1.5 ns per escaped byte is most of the parse
        double escapedBytes = 20 * 62_600.0;
        assertThat(num(setLen, "predicted_parse_ms")).isGreaterThan(1.5 * escapedBytes * 0.95 / 1e6);
        // resize: the same json work and one realloc per string; its smaller buffers are the profile's to price
        assertThat(r.row("policy", "resize").get("realloc_calls")).isEqualTo("20");
        assertThat(num(r.row("policy", "resize"), "predicted_parse_ms")).isNotEqualTo(num(setLen, "predicted_parse_ms"));
        assertThat(num(r.row("policy", "temp_buffer"), "slack_pct")).isZero();

        CliRun md = CliRun.run("predict", "json-unescape", "--doc", "generated:escaped,20x62600", "--profile", f.toString(),
                "--format", "markdown");
        assertThat(md.out.toString()).contains("parse speed: json 2.9.1 (JSON::Ext::Parser) on ruby 3.4.5 (test)",
                "json_escaped_ns_per_byte = 1.5", "its own parse is the set_len row", "priced as one malloc_free_ns");
    }

    @Test
    void jsonUnescape_layoutGivenWithTheProfile_winsOverTheProfilesLayout_andSaysSo() throws Exception {
        CliRun r = CliRun.run("predict", "json-unescape", "--doc", "generated:escaped,20x62600", "--profile", profileWithJson().toString(),
                "--layout", "ruby-3.1", "--format", "markdown");
        assertThat(r.exitCode).as(r.err.toString()).isZero();
        assertThat(r.out.toString()).contains("this run models ruby-3.1 (--layout)");
    }

    @Test
    void jsonUnescape_withoutAProfile_saysTheTimesAreThePublishedDefault() {
        CliRun r = CliRun.run("predict", "json-unescape", "--doc", "generated:escaped,20x62600", "--policy", "set_len");
        assertThat(r.row("policy", "set_len").get("cost_profile")).isEqualTo("published default (ruby/json PR #1135)");
        assertThat(r.row("policy", "set_len").get("json")).isEqualTo("3.1.0 (the PR's)");
    }

    @Test
    void strBuf_withAProfile_modelsItsLayout_andTimesTheLoop() {
        CliRun r = CliRun.run("predict", "str-buf", "--profile", PROFILE_345.toString(), "--allocator", "glibc", "--i", "100,616",
                "--count", "100000");

        assertThat(r.exitCode).as(r.err.toString()).isZero();
        assertThat(r.header()).endsWith(",page_faults,gc_count,minor_gc_count,major_gc_count,ns_per_string,loop_ms,cost_profile,ruby");
        // 3.4.5's layout: 100 B embeds in a 160 B slot, 616 B does not fit the 640 B slot
        Map<String, String> embedded = r.row("i_bytes", "100");
        assertThat(embedded.get("embedded")).isEqualTo("yes");
        assertThat(embedded.get("slot_bytes")).isEqualTo("160");
        Map<String, String> heap = r.row("i_bytes", "616");
        assertThat(heap.get("malloc_requested_bytes")).isEqualTo("617");
        assertThat(num(heap, "ns_per_string")).isGreaterThan(num(embedded, "ns_per_string"));
        assertThat(num(heap, "gc_count")).isPositive();
        assertThat(heap.get("cost_profile")).isEqualTo("calibrated-ruby-3.4.5");

        CliRun md = CliRun.run("predict", "str-buf", "--profile", PROFILE_345.toString(), "--allocator", "glibc", "--i", "100",
                "--count", "100000", "--format", "markdown");
        assertThat(md.out.toString()).contains("times: cost profile calibrated-ruby-3.4.5", "heap at loop start: rubygems",
                "the block call Array.new makes", "the literal \" \"",
                // a profile written before the remembered-Array term takes the default profile's 6 ns
                "every minor GC walks all it holds, gc_remembered_ns_per_ref 6.00 ns per element");
    }

    @Test
    void strBuf_eraGivenWithTheProfile_isTheRubyModelled() {
        CliRun r = CliRun.run("predict", "str-buf", "--profile", PROFILE_345.toString(), "--era", "ruby-2.4-after", "--allocator",
                "power-of-two", "--i", "127,128", "--count", "100000");
        assertThat(r.exitCode).as(r.err.toString()).isZero();
        assertThat(r.row("i_bytes", "128").get("malloc_requested_bytes")).isEqualTo("129");
    }

    @Test
    void badProfile_isOneLineNamingTheOptionAndTheFile_forBothScenarios() throws Exception {
        Path broken = Files.writeString(dir.resolve("broken.json"), "{\"slotlabProfileVersion\": 2, \"name\": ");
        for (String scenario : List.of("json-unescape", "str-buf")) {
            for (String file : List.of(dir.resolve("missing.json").toString(), broken.toString())) {
                CliRun r = CliRun.run("predict", scenario, "--profile", file);
                assertThat(r.exitCode).as(scenario + " " + file).isEqualTo(SlotlabCommand.EXIT_USAGE);
                String err = r.err.toString().strip();
                assertThat(err.split("\\R")).as(err).hasSize(1);
                assertThat(err).startsWith("slotlab: --profile: ").contains(file).doesNotContain("Exception")
                        .doesNotContainPattern("\\b(java|com\\.fasterxml|org\\.slotlab)\\.[a-z]");
                assertThat(r.out.toString()).isEmpty();
            }
        }
    }

    @Test
    void fromProfile_withoutAProfile_isRefusedNamingTheOption() {
        CliRun r = CliRun.run("predict", "str-buf", "--layout", "from cost profile");
        assertThat(r.exitCode).isEqualTo(SlotlabCommand.EXIT_USAGE);
        assertThat(r.err.toString()).startsWith("slotlab: ").contains("carries no layout").doesNotContain("Exception");
    }
}
