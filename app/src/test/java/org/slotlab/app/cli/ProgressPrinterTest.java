package org.slotlab.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.slotlab.model.calibrate.ProbeProgress;

/** {@link ProgressPrinter}: one bar redrawn in place on a terminal, one line per step otherwise. */
class ProgressPrinterTest {

    private final StringWriter text = new StringWriter();

    @Test
    void bar_redrawsOneLineAndEndsIt() {
        ProgressPrinter p = new ProgressPrinter(new PrintWriter(text), "calibrate", true, 80);

        p.accept(new ProbeProgress("timing.rb", 0, 4, "calls"));
        p.accept(new ProbeProgress("timing.rb", 1, 4, "embed len 10"));
        p.accept(new ProbeProgress("timing.rb", 4, 4, "done"));
        p.end();

        String s = text.toString();
        assertThat(s.chars().filter(c -> c == '\n')).as("one line in all").hasSize(1);
        assertThat(s.split("\r", -1)).hasSize(4);
        assertThat(s).endsWith("\n").contains("calibrate [######..................]  25% 1/4 timing.rb: embed len 10, about ")
                .contains("calibrate [########################] 100% 4/4 timing.rb: done");
    }

    @Test
    void barLine_fitsTheTerminalWidthLessOne() {
        ProgressPrinter p = new ProgressPrinter(new PrintWriter(text), "calibrate", true, 60);

        String line = p.barLine(new ProbeProgress("timing.rb", 2, 3, "a step with a very long name ".repeat(4)), 12);

        assertThat(line).hasSize(59).startsWith("calibrate [################........]  67% 2/3 timing.rb: a ");
        assertThat(p.barLine(new ProbeProgress("layout.rb", 0, 1, "x"), -1)).hasSize(59).endsWith("0/1 layout.rb: x ");
    }

    @Test
    void lines_oneLinePerStep_andEndAddsNothing() {
        ProgressPrinter p = new ProgressPrinter(new PrintWriter(text), "measure", false, 80);

        p.accept(new ProbeProgress("measure.rb", 0, 2, "len 1"));
        p.accept(new ProbeProgress("measure.rb", 2, 2, "done"));
        p.end();

        assertThat(text.toString().split("\\R")).containsExactly("measure: [0/2] measure.rb: len 1", "measure: [2/2] measure.rb: done");
        assertThat(text.toString()).doesNotContain("\r");
    }

    @Test
    void endWithoutABar_printsNothing() {
        new ProgressPrinter(new PrintWriter(text), "calibrate", true, 80).end();
        assertThat(text.toString()).isEmpty();
    }

    @Test
    void columns_fromTheEnvironmentOrEighty() {
        assertThat(ProgressPrinter.columns("132")).isEqualTo(132);
        assertThat(ProgressPrinter.columns(null)).isEqualTo(80);
        assertThat(ProgressPrinter.columns("wide")).isEqualTo(80);
    }
}
