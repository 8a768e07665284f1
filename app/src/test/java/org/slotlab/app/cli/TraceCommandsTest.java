package org.slotlab.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code predict trace} and {@code heap} on the shipped traces and dumps of real programs. */
class TraceCommandsTest {

    @TempDir
    Path dir;

    private Path sample(String name) throws Exception {
        Path p = dir.resolve(Path.of(name).getFileName());
        try (InputStream in = getClass().getResourceAsStream("/sample-data/trace/" + name)) {
            Files.copy(in, p);
        }
        return p;
    }

    @Test
    void predictTrace_markdown_tablePlusTheWorkloadsGcAndSpeed() throws Exception {
        Path t = sample("traces/fluentd_ltsv-ruby-3.4.5.trace.json");

        CliRun r = CliRun.run("predict", "trace", t.toString(), "--candidate", "cutoff:128");

        assertThat(r.exitCode).as(r.err.toString()).isZero();
        String out = r.out.toString();
        assertThat(out).startsWith("| candidate | site | substrings | shared_on_master | embedded_by_candidate | objects_saved_per_1000 |");
        assertThat(out).contains("| cutoff:128 | sample-data/trace/programs/fluentd_ltsv.rb:48 | 161760 | 40320 | 40300 | 125.2 |");
        assertThat(out).contains("Master's rule on ruby-3.4 made what the traced ruby made for 100.0% of the substrings.")
                .contains("The traced run: 38 GCs").containsPattern("master \\d+ GCs, .* cutoff:128 \\d+ GCs, .*: speed ratio \\d\\.\\d{4}");
    }

    @Test
    void predictTrace_a31Trace_onThe34Layout_embedsWhat31CannotEmbed() throws Exception {
        Path t = sample("traces/fluentd_ltsv-ruby-3.1.2.trace.json");

        List<Map<String, String>> own = CliRun.run("predict", "trace", t.toString(), "--candidate", "cutoff:128", "--format", "csv").rows();
        List<Map<String, String>> upgraded = CliRun.run("predict", "trace", t.toString(), "--layout", "ruby-3.4", "--candidate", "cutoff:128",
                "--format", "csv").rows();

        Map<String, String> ownAll = own.get(own.size() - 1);
        Map<String, String> upAll = upgraded.get(upgraded.size() - 1);
        assertThat(ownAll).containsEntry("site", "(all)").containsEntry("embedded_by_candidate", "0").containsEntry("speed_ratio", "1.0000");
        assertThat(Long.parseLong(upAll.get("embedded_by_candidate"))).isPositive();
    }

    @Test
    void heap_gzipDumpBySite_namesAllocationSites() throws Exception {
        Path d = sample("dumps/rdoc_self-ruby-3.4.5.dump.json.gz");

        CliRun r = CliRun.run("heap", d.toString(), "--candidate", "cutoff:128", "--by", "site", "--format", "csv");

        assertThat(r.exitCode).as(r.err.toString()).isZero();
        assertThat(r.header()).isEqualTo("candidate,site,strings,shared_on_master,embedded_by_candidate,roots_freed,bytes_delta,"
                + "objects_delta,undecided");
        Map<String, String> all = r.rows().get(r.rows().size() - 1);
        assertThat(all).containsEntry("site", "(all)").containsEntry("strings", "111").containsEntry("embedded_by_candidate", "25")
                .containsEntry("undecided", "8");
    }

    @Test
    void heap_plainDumpAll_saysWhatIsUnknown() throws Exception {
        Path gz = sample("dumps/net_http_headers-ruby-3.4.5.dump.json.gz");
        Path plain = dir.resolve("plain.json");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            Files.writeString(plain, String.join("\n", text.lines().filter(l -> !l.contains("\"type\":\"SLOTLAB_")).toList()) + "\n");
        }

        CliRun r = CliRun.run("heap", plain.toString(), "--by", "length");

        assertThat(r.exitCode).as(r.err.toString()).isZero();
        assertThat(r.out.toString()).contains("| cutoff:128 | unknown | 31 |").contains("ruby unknown (a dump made without slotlab dump)")
                .contains("The dump gives no length for 31 shared strings");
    }
}
