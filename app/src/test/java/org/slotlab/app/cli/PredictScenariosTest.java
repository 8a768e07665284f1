package org.slotlab.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/** {@code predict parsers / split / class-new}: CSV with unit-named columns, Markdown with legend, one-line errors. */
class PredictScenariosTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cmd = SlotlabCommand.commandLine();
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        return cmd.execute(args);
    }

    private List<String> lines() {
        return out.toString().lines().toList();
    }

    @Test
    void parsers_csv_onePerParserAndPolicy() {
        int code = run("predict", "parsers", "--layout", "ruby-3.4", "--parser", "net-http,ltsv,falcon",
                "--candidate", "cutoff:128,cutoff:256", "--passes", "200", "--format", "csv");
        assertThat(code).isZero();
        assertThat(err.toString()).isEmpty();
        assertThat(lines()).hasSize(1 + 3 * 3);
        assertThat(lines().get(0)).isEqualTo("parser,policy,lines_per_pass,values_per_pass,objects_per_line,objects_per_value,"
                + "values_embedded_per_pass,values_shared_per_pass,values_copied_vs_master_per_pass,frozen_roots_per_pass,"
                + "slot_bytes_per_line,gc_count,ns_per_line,speed_ratio");
        assertThat(lines()).filteredOn(l -> l.startsWith("falcon,")).allSatisfy(l -> assertThat(l.split(",")[5]).isEqualTo("1.000"));
        assertThat(lines()).filteredOn(l -> l.startsWith("net-http,master,")).singleElement()
                .satisfies(l -> assertThat(Double.parseDouble(l.split(",")[5])).isGreaterThan(1.0));
    }

    @Test
    void parsers_sitesTable_inTheShapeOfHttpHeadersCsv() {
        int code = run("predict", "parsers", "--table", "sites", "--parser", "net-http", "--format", "csv");
        assertThat(code).isZero();
        assertThat(lines().get(0)).isEqualTo("site,values,embedded_on_master,shared_on_master,copied_at_128,copied_at_256");
        assertThat(lines()).hasSize(1 + 5 + 1);
        assertThat(lines().get(6)).startsWith("total,");
        int[] sum = new int[5];
        for (String l : lines().subList(1, 6)) {
            String[] c = l.split(",");
            for (int i = 0; i < 5; i++) {
                sum[i] += Integer.parseInt(c[i + 1]);
            }
        }
        String[] total = lines().get(6).split(",");
        for (int i = 0; i < 5; i++) {
            assertThat(Integer.parseInt(total[i + 1])).isEqualTo(sum[i]);
        }
    }

    @Test
    void parsers_valuesTable_oneRowPerHeaderValue() {
        int code = run("predict", "parsers", "--table", "values", "--parser", "net-http", "--candidate", "cutoff:128", "--format", "csv");
        assertThat(code).isZero();
        assertThat(lines().get(0)).isEqualTo("site,header,value_len_bytes,line_len_bytes,master_slot_bytes,master_objects_per_value,"
                + "cutoff_128_slot_bytes,cutoff_128_objects_per_value");
        assertThat(lines()).hasSize(1 + 102);
        // Set-Cookie _gh_sess: a heap line, its value shares the root the first match made: one object either way
        assertThat(lines()).anySatisfy(l -> assertThat(l).startsWith("https://github.com,Set-Cookie,").endsWith(",shared,1,shared,1"));
    }

    @Test
    void split_markdown_hasLegendAndParameters() {
        int code = run("predict", "split", "--value-len", "10,30", "--receiver", "fresh", "--calls", "10000", "--format", "markdown");
        assertThat(code).isZero();
        assertThat(out.toString()).contains("| value (B) |").contains(org.slotlab.app.scenario.ParsersReport.LEGEND).contains("parameters: layout ruby-3.4, key 3 B");
    }

    @Test
    void split_csv_aSeparatorMadeAnewEveryCall_addsGcsButNoObjectOfSplitsOwn() {
        int code = run("predict", "split", "--layout", "ruby-3.4", "--value-len", "30", "--receiver", "reuse", "--candidate",
                "cutoff:256", "--calls", "1000000", "--format", "csv");
        assertThat(code).isZero();
        String frozen = lines().stream().filter(l -> l.startsWith("30,reuse,master,")).findFirst().orElseThrow();
        out.getBuffer().setLength(0);
        code = run("predict", "split", "--layout", "ruby-3.4", "--value-len", "30", "--receiver", "reuse", "--separator", "new",
                "--candidate", "cutoff:256", "--calls", "1000000", "--format", "csv");
        assertThat(code).isZero();
        String fresh = lines().stream().filter(l -> l.startsWith("30,reuse,master,")).findFirst().orElseThrow();
        String[] f = frozen.split(","), n = fresh.split(",");
        // the same objects per split (Array, key, value, root); the literal's own 40 B string per call means more GCs
        assertThat(n[4]).isEqualTo(f[4]);
        assertThat(Long.parseLong(n[6])).isGreaterThan(Long.parseLong(f[6]));
    }

    @Test
    void split_csv_objectsPerCall() {
        int code = run("predict", "split", "--layout", "ruby-3.4", "--value-len", "10,30,60,100,200,300",
                "--receiver", "reuse,fresh", "--candidate", "cutoff:256", "--calls", "10000", "--format", "csv");
        assertThat(code).isZero();
        assertThat(lines()).hasSize(1 + 6 * 2 * 2);
        // sharing from a fresh unfrozen receiver: Array, key, value and a frozen root
        assertThat(lines()).anySatisfy(l -> assertThat(l).startsWith("30,fresh,master,shared,4,1,"));
        assertThat(lines()).anySatisfy(l -> assertThat(l).startsWith("30,fresh,cutoff:256,80,3,0,"));
    }

    @Test
    void classNew_csv_allKindsAndParams_bothModes() {
        int code = run("predict", "class-new", "--layout", "ruby-3.4", "--kind", "positional,keyword", "--params", "0-8",
                "--calls", "1000000", "--format", "csv");
        assertThat(code).isZero();
        assertThat(lines()).hasSize(1 + 2 * 9 * 2);
        assertThat(lines().get(0)).isEqualTo("param_kind,params,yjit,objects_per_call_3_4,objects_per_call_3_5,gc_count_3_4,"
                + "gc_count_3_5,ns_per_call_3_4,ns_per_call_3_5,speedup,published_speedup");
        assertThat(lines()).anySatisfy(l -> assertThat(l).startsWith("keyword,1,off,2,1,"));
        assertThat(lines()).anySatisfy(l -> assertThat(l).startsWith("keyword,3,on,2,1,").endsWith(",6.5"));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "predict parsers --parser foo | --parser: unknown parser 'foo'",
        "predict parsers --candidate cutoff:x | --candidate: policy 'cutoff:x'",
        "predict parsers --ltsv nope | --ltsv: unknown set 'nope'",
        "predict split --receiver x | --receiver: unknown receiver 'x'",
        "predict split --value-len a | --value-len: 'a' is not a whole number",
        "predict split --separator x | --separator: unknown separator 'x'",
        "predict class-new --kind kw | --kind: unknown parameter kind 'kw'",
        "predict class-new --params 3-1 | --params: range '3-1'",
        "predict class-new --yjit maybe | --yjit: 'maybe' is not off or on",
    })
    void badArguments_exitTwo_oneLineNamingTheOption(String args, String message) {
        int code = run(args.trim().split(" "));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString().lines()).hasSize(1).first().asString().startsWith("slotlab: " + message.trim())
                .doesNotContain("Exception");
    }

    @Test
    void help_showsAPercentSignAsWritten_withoutAWarning() {
        java.io.PrintStream stderr = System.err;
        java.io.ByteArrayOutputStream warnings = new java.io.ByteArrayOutputStream();
        CliRun r;
        System.setErr(new java.io.PrintStream(warnings, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            r = CliRun.run("predict", "substring-cutoff", "--help");
        } finally {
            System.setErr(stderr);
        }

        assertThat(r.exitCode).isZero();
        assertThat(r.out.toString()).contains("ring[i % R]").doesNotContain("%%");
        assertThat(r.err.toString()).isEmpty();
        // picocli's own warnings (a description it could not format) go to System.err
        assertThat(warnings.toString(java.nio.charset.StandardCharsets.UTF_8)).doesNotContain("WARN");
    }
}
