package org.slotlab.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/**
 * {@code predict slot-size} with the loop's shape: {@code --yjit}, {@code --call} and
 * {@code --ivars-written} change what each object costs and where it goes; the CSV names
 * the shape on every row and the Markdown says it under the table; bad values get one line naming
 * the option.
 */
class PredictSlotShapesTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cmd = SlotlabCommand.commandLine();
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        return cmd.execute(args);
    }

    private List<String[]> rows() {
        return out.toString().lines().skip(1).map(l -> l.split(",")).toList();
    }

    @Test
    void byrootsShape_isTheDefault_andEveryRowSaysSo() {
        assertThat(run("predict", "slot-gc", "--layout", "ruby-4.1-dev", "--format", "csv")).isZero();
        assertThat(out.toString().lines().findFirst().orElseThrow()).isEqualTo("slot_bytes,ns_per_alloc,gc_count,minor_gc_count,"
                + "major_gc_count,peak_pages,yjit,call,class_ivars,ivars_written,ivar_array_bytes,memsize_bytes,harness,cost_profile");
        assertThat(rows()).hasSize(9).allSatisfy(r -> {
            assertThat(r[6]).isEqualTo("on");
            assertThat(r[7]).isEqualTo("new");
            assertThat(r[9]).isEqualTo("0");
            assertThat(r[10]).isEqualTo("0");
            assertThat(r[11]).isEqualTo(r[0]);
        });
        assertThat(rows().get(0)[8]).as("byroot's 32 B class: (32 - 16) / 8 ivars").isEqualTo("2");
    }

    @Test
    void ruby31_givesEachClassOfMoreThan3IvarsItsIvarArray_andNoMoreGcs() {
        assertThat(run("predict", "slot-size", "--layout", "ruby-3.1", "--yjit", "off", "--ivars-written", "all", "--allocations",
                "1000000", "--format", "csv")).isZero();
        List<String[]> r = rows();
        assertThat(r).extracting(x -> x[11]).containsExactly("40", "104", "184", "344", "664");
        assertThat(r).extracting(x -> x[10]).containsExactly("0", "64", "144", "304", "624");
        assertThat(r).extracting(x -> x[0]).containsOnly("40");
        assertThat(r).extracting(x -> x[2]).as("the arrays come from the transient heap: no malloc, no GC of their own").containsOnly(r.get(0)[2]);
        double embedded = Double.parseDouble(r.get(0)[1]);
        assertThat(Double.parseDouble(r.get(1)[1])).as("8 writes and an array cost more than 3 writes").isGreaterThan(embedded);
    }

    @Test
    void markdown_saysWhichLoopWasModelled_andWhatPricesItsCalls() {
        assertThat(run("predict", "slot-size", "--layout", "ruby-3.4", "--yjit", "off", "--call", "allocate", "--format", "markdown"))
                .isZero();
        String md = out.toString();
        assertThat(md).contains("Slot size vs allocation cost (ruby-3.4, interpreter klass.allocate)");
        assertThat(md).contains("loop: interpreter, klass.allocate, no initialize; per object, by the class's ivars: 3 ivars: 40 B slot;");
        assertThat(md).containsPattern("its calls priced by: allocate_call_ns = [0-9.]+ ns/call \\(");
        assertThat(md).contains("measured with byroot's loop (YJIT, klass.new, no initialize of its own, no ivar written), not this one");
    }

    @Test
    void interpreterAndYjit_differByTheirClassNewCoefficientsAlone() {
        assertThat(run("predict", "slot-size", "--layout", "ruby-3.4", "--yjit", "on", "--format", "csv")).isZero();
        List<String[]> yjit = rows();
        out.getBuffer().setLength(0);
        assertThat(run("predict", "slot-size", "--layout", "ruby-3.4", "--yjit", "off", "--format", "csv")).isZero();
        List<String[]> interp = rows();
        double diff = org.slotlab.model.cost.CostProfile.defaultProfile().get("new_call_ns")
                - org.slotlab.model.cost.CostProfile.defaultProfile().get("yjit_new_call_ns");
        for (int i = 0; i < yjit.size(); i++) {
            assertThat(interp.get(i)[2]).as("same GCs").isEqualTo(yjit.get(i)[2]);
            assertThat(Double.parseDouble(interp.get(i)[1]) - Double.parseDouble(yjit.get(i)[1]))
                    .isCloseTo(diff, org.assertj.core.api.Assertions.within(0.002));
        }
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "predict slot-size --yjit maybe | --yjit: unknown YJIT mode 'maybe' (known: off, on)",
        "predict slot-size --call build | --call: unknown call 'build' (known: new, allocate)",
        "predict slot-size --ivars-written lots | --ivars-written: 'lots' is not a number of ivars or all",
        "predict slot-size --ivars-written=-1 | --ivars-written: must be between 0 and 1000 ivars or all, got -1",
        "predict slot-size --ivars-written 1001 | --ivars-written: must be between 0 and 1000 ivars or all, got 1001",
        "predict slot-gc --call allocate --ivars-written 3 | --ivars-written: klass.allocate calls no initialize, so it writes no ivar",
    })
    void badShape_exitTwo_oneLineNamingTheOption(String args, String message) {
        int code = run(args.trim().split(" "));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString().lines()).hasSize(1).first().asString().startsWith("slotlab: " + message.trim())
                .doesNotContain("Exception");
    }
}
