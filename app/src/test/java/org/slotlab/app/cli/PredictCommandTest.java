package org.slotlab.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class PredictCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = SlotlabCommand.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        return cl.execute(args);
    }

    @Test
    void predictSubseq_csv_hasUnitNamedColumnsAndTheThreadsSlots() {
        int rc = run("predict", "subseq", "--layout", "ruby-4.1-dev", "--baseline", "master", "--candidate", "cutoff:256",
                "--source", "frozen", "--source-len", "10000", "--position", "suffix",
                "--len", "1,23,50,100,200,231,232,250,500,999,1000", "--count", "2000000", "--retain", "200000");
        assertThat(rc).isZero();
        String[] lines = out.toString().split("\\R");
        assertThat(lines[0]).isEqualTo("len_bytes,baseline_slot_bytes,candidate_slot_bytes,baseline_ns_per_op,"
                + "candidate_ns_per_op,speed_ratio,baseline_gc_count,candidate_gc_count,baseline_retained_bytes,"
                + "candidate_retained_bytes,baseline_objects_per_op,candidate_objects_per_op,harness");
        assertThat(lines).hasSize(12);
        assertThat(lines[6]).startsWith("231,shared,256,");
        assertThat(lines[7]).startsWith("232,shared,shared,");
        assertThat(lines[1]).contains(",8000000,"); // master retains 200,000 x 40 B
    }

    @Test
    void predictSubseq_markdown_hasRatioLegendAndParameters() {
        assertThat(run("predict", "subseq", "--len", "100", "--format", "markdown")).isZero();
        String md = out.toString();
        assertThat(md).contains("ratio (base/other)", "higher is better; above 1 = the candidate is faster",
                "parameters: layout ruby-4.1-dev", "|--");
    }

    @Test
    void predictSubseq_cutoffSweep_namesItsParameter() {
        assertThat(run("predict", "subseq", "--sweep", "cutoff", "--values", "64-256:64", "--len", "100")).isZero();
        assertThat(out.toString()).startsWith("cutoff_bytes,");
        assertThat(out.toString().split("\\R")).hasSize(5);
    }

    @Test
    void predictSlotGc_csv() {
        assertThat(run("predict", "slot-gc", "--layout", "ruby-4.1-dev", "--allocations", "10000000")).isZero();
        String[] lines = out.toString().split("\\R");
        assertThat(lines[0]).startsWith("slot_bytes,ns_per_alloc,gc_count");
        assertThat(lines).hasSize(10);
    }

    @Test
    void badArguments_oneLineAndExit2() {
        assertThat(run("predict", "subseq", "--len", "abc")).isEqualTo(2);
        assertThat(err.toString()).contains("--len: 'abc' is not a whole number").doesNotContain("Exception");
        err.getBuffer().setLength(0);
        assertThat(run("predict", "subseq", "--layout", "ruby-9")).isEqualTo(2);
        assertThat(err.toString()).contains("unknown layout 'ruby-9'");
        err.getBuffer().setLength(0);
        assertThat(run("predict", "subseq", "--candidate", "cutof:1")).isEqualTo(2);
        assertThat(err.toString()).contains("unknown policy");
        err.getBuffer().setLength(0);
        assertThat(run("predict", "subseq", "--bogus")).isEqualTo(2);
        assertThat(err.toString()).contains("Unknown option");
    }

    @Test
    void profileFile_badJson_namesTheFile(@TempDir Path dir) throws Exception {
        Path p = dir.resolve("bad.profile.json");
        Files.writeString(p, "{ \"slotlabProfileVersion\": 9 }");
        assertThat(run("predict", "subseq", "--profile", p.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("bad.profile.json").contains("unsupported slotlabProfileVersion");
    }
}
