package org.slotlab.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SubseqOutcome;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.trace.SubstringTrace;
import org.slotlab.model.trace.TraceFile;
import org.slotlab.model.trace.TraceWhatIf;

/**
 * {@code slotlab trace}, {@code dump}, {@code predict trace} and {@code heap} end to end on real
 * Rubies (Debian's 3.1.2 and a 3.4 build where present; skipped where not), against a count the
 * program makes of itself in a plain run: {@code ObjectSpace.count_objects} string deltas around
 * each split loop (GC held off) and the {@code memsize_of} of the values it keeps.
 */
class RealRubyTraceTest {

    private static final int N = 1000;
    private static final int SHORT = 12;
    private static final int LONG = 60;

    @TempDir
    Path dir;

    private Path program() throws Exception {
        Path p = dir.resolve("count_split.rb");
        try (InputStream in = getClass().getResourceAsStream("/trace/count_split.rb")) {
            Files.copy(in, p, StandardCopyOption.REPLACE_EXISTING);
        }
        return p;
    }

    /** The program's own count, from a plain run with no probe loaded. */
    private JsonNode independentCount(String ruby, Path program) throws Exception {
        Path out = dir.resolve("count.json");
        Process p = new ProcessBuilder(ruby, program.toString(), out.toString(), "" + N, "" + SHORT, "" + LONG)
                .redirectErrorStream(true).redirectOutput(dir.resolve("plain.log").toFile()).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        return new ObjectMapper().readTree(out.toFile());
    }

    private static Map<String, String> rowOf(List<Map<String, String>> rows, String column, String suffix, String candidate) {
        return rows.stream().filter(r -> r.get(column).endsWith(suffix) && r.get("candidate").equals(candidate)).findFirst()
                .orElseThrow(() -> new AssertionError("no row " + column + "=*" + suffix + " in " + rows));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/usr/bin/ruby", "/opt/slotlab-rubies/base/bin/ruby"})
    void traceAndDump_agreeWithTheProgramsOwnCount(String ruby) throws Exception {
        assumeTrue(Files.isExecutable(Path.of(ruby)), ruby + " is not installed here");
        Path program = program();
        JsonNode count = independentCount(ruby, program);
        String siteA = program.getFileName() + ":" + count.path("a").path("line").asInt();
        String siteB = program.getFileName() + ":" + count.path("b").path("line").asInt();

        // when: traced
        Path trace = dir.resolve("t.json");
        CliRun t = CliRun.run("trace", "--ruby", ruby, "--out", trace.toString(), "--", program.toString(),
                dir.resolve("traced-count.json").toString(), "" + N, "" + SHORT, "" + LONG);

        // then: every split at both sites, each piece counted, and master's model allocates what the run did
        assertThat(t.exitCode).as(t.err.toString()).isZero();
        assertThat(t.out.toString()).contains("Traced ").contains("Probe: ");
        SubstringTrace st = TraceFile.read(trace);
        RubyLayout own = WhatIfOptions.layoutOfVersion(st.rubyVersion());
        assertThat(TraceWhatIf.agreement(st, own)).isEqualTo(1.0);
        for (String site : List.of("a", "b")) {
            String name = program.getFileName() + ":" + count.path(site).path("line").asInt();
            double strings = 0;
            double keptMemsize = 0;
            for (TraceWhatIf.RowOutcome o : TraceWhatIf.outcomes(st, own, SubseqPolicies.master())) {
                if (st.siteName(o.row().site()).endsWith(name)) {
                    SubseqOutcome m = o.master();
                    strings += o.substrings() * m.objectsAllocated();
                    if (o.row().position() == org.slotlab.model.string.SlicePosition.SUFFIX) {
                        keptMemsize += o.substrings() * m.sliceMemsize();
                    }
                }
            }
            assertThat(strings).as("strings allocated at " + name).isEqualTo(count.path(site).path("strings").asDouble());
            assertThat(keptMemsize).as("memsize of the values kept at " + name).isEqualTo(count.path(site).path("kept_memsize").asDouble());
        }

        // when: predicted per site and per length on the 3.4 layout
        CliRun bySite = CliRun.run("predict", "trace", trace.toString(), "--layout", "ruby-3.4", "--candidate", "cutoff:128",
                "--by", "site", "--format", "csv");
        assertThat(bySite.exitCode).as(bySite.err.toString()).isZero();
        Map<String, String> a = rowOf(bySite.rows(), "site", siteA, "cutoff:128");
        Map<String, String> b = rowOf(bySite.rows(), "site", siteB, "cutoff:128");
        assertThat(a).containsEntry("substrings", "" + 2 * N).containsEntry("shared_on_master", "0");
        // the values of site B are shared on master (a root each: 3 strings per split in the plain run)
        assertThat(count.path("b").path("strings").asInt()).isEqualTo(3 * N);
        assertThat(b).containsEntry("substrings", "" + 2 * N).containsEntry("shared_on_master", "" + N)
                .containsEntry("embedded_by_candidate", "" + N).containsEntry("objects_saved_per_1000", "500.0");
        CliRun byLength = CliRun.run("predict", "trace", trace.toString(), "--layout", "ruby-3.4", "--candidate", "cutoff:128",
                "--by", "length", "--format", "csv");
        Map<String, String> len = byLength.rows().stream().filter(r -> r.get("len_bytes").equals("" + LONG)).findFirst().orElseThrow();
        assertThat(len).containsEntry("substrings", "" + N).containsEntry("shared_on_master", "" + N)
                .containsEntry("objects_saved_per_1000", "1000.0");

        // when: dumped at exit, and the dump read
        Path dump = dir.resolve("d.json");
        CliRun d = CliRun.run("dump", "--ruby", ruby, "--out", dump.toString(), "--", program.toString(),
                dir.resolve("dumped-count.json").toString(), "" + N, "" + SHORT, "" + LONG);
        assertThat(d.exitCode).as(d.err.toString()).isZero();
        CliRun heap = CliRun.run("heap", dump.toString(), "--layout", "ruby-3.4", "--candidate", "cutoff:128", "--by", "site",
                "--format", "csv");

        // then: the N kept values of site B are shared (memsize_of 40 each), all embedded by cutoff 128, their roots freed
        assertThat(heap.exitCode).as(heap.err.toString()).isZero();
        assertThat(count.path("b").path("kept_memsize").asInt()).isEqualTo(40 * N);
        Map<String, String> hb = rowOf(heap.rows(), "site", siteB, "cutoff:128");
        assertThat(hb).containsEntry("strings", "" + N).containsEntry("shared_on_master", "" + N)
                .containsEntry("embedded_by_candidate", "" + N).containsEntry("roots_freed", "" + N).containsEntry("undecided", "0");
    }
}
