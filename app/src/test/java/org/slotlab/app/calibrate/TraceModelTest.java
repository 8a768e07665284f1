package org.slotlab.app.calibrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.scenario.ScenarioRequest;
import org.slotlab.app.scenario.ScenarioRun;
import org.slotlab.app.scenario.YourProgramScenario;
import org.slotlab.charts.SlotlabTheme;

/** Tools > Trace a Ruby program, below the dialog: the fields' rules and real runs on Debian's ruby 3.1.2 and a 3.4 build. */
@Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class TraceModelTest {

    @TempDir
    Path dir;

    @Test
    void arguments_splitOnSpaces_keepQuotedPartsWhole() {
        assertThat(TraceModel.arguments("")).isEmpty();
        assertThat(TraceModel.arguments("  a  b ")).containsExactly("a", "b");
        assertThat(TraceModel.arguments("\"my file.log\" 3 \"\"")).containsExactly("my file.log", "3", "");
        assertThatThrownBy(() -> TraceModel.arguments("\"open")).hasMessageContaining("double quote is not closed");
    }

    @Test
    void outputs_sitBesideTheScript() {
        assertThat(TraceModel.defaultOut(Path.of("/w/app/parse.rb"))).isEqualTo(Path.of("/w/app/parse.trace.json"));
        assertThat(TraceModel.dumpBeside(Path.of("/w/app/parse.trace.json"))).isEqualTo(Path.of("/w/app/parse.dump.json"));
        assertThat(TraceModel.dumpBeside(Path.of("/w/x.json"))).isEqualTo(Path.of("/w/x.dump.json"));
    }

    @Test
    void problem_namesTheFirstFieldToFix() throws Exception {
        TraceModel m = new TraceModel();
        assertThat(m.problem()).hasValue("Choose the Ruby script to trace.");
        m.setScript(dir.resolve("nope.rb").toString());
        assertThat(m.problem()).get().asString().startsWith("Script not found: ").endsWith("does not exist.");
        Path script = Files.writeString(dir.resolve("ok.rb"), "puts 1\n");
        m.setScript(script.toString());
        m.setSample(0);
        assertThat(m.problem()).get().asString().contains("N must be 1 or more");
        m.setSample(1);
        m.setArguments("\"x");
        assertThat(m.problem()).get().asString().contains("double quote is not closed");
        m.setArguments("");
        assertThat(m.problem()).hasValue("Choose where to write the trace.");
        m.setOut(dir.toString());
        assertThat(m.problem()).get().asString().startsWith("The trace's file is a directory");
        m.setOut(dir.resolve("ok.trace.json").toString());
        assertThat(m.problem()).isEmpty();
    }

    @Test
    void aMissingRuby_failsInOneLine_andWritesNothing() throws Exception {
        // given
        TraceModel m = new TraceModel();
        m.setRuby(dir.resolve("no-ruby").toString());
        m.setScript(Files.writeString(dir.resolve("ok.rb"), "puts 1\n").toString());
        Path out = dir.resolve("ok.trace.json");
        m.setOut(out.toString());
        // when
        ProbeJob<TraceModel.Traced> job = m.start(Runnable::run, System::nanoTime, line -> { });
        // then
        assertThat(job.finished().get(60, TimeUnit.SECONDS)).isEqualTo(ProbeJob.State.FAILED);
        assertThat(job.failureProperty().get()).contains("no-ruby").doesNotContain("\n").doesNotContain("Exception");
        assertThat(out).doesNotExist();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/usr/bin/ruby", "/opt/slotlab-rubies/base/bin/ruby"})
    void aRealRun_tracesAndDumps_andYourProgramAgreesWithTheProgramsOwnCount(String ruby) throws Exception {
        assumeTrue(Files.isExecutable(Path.of(ruby)), ruby + " is not installed here");
        // given: the small program that counts its own strings (ObjectSpace.count_objects, memsize_of)
        Path program = dir.resolve("count_split.rb");
        try (InputStream in = getClass().getResourceAsStream("/trace/count_split.rb")) {
            Files.copy(in, program, StandardCopyOption.REPLACE_EXISTING);
        }
        int n = 500;
        Path own = dir.resolve("own.json");
        Process plain = new ProcessBuilder(ruby, program.toString(), own.toString(), "" + n, "12", "60")
                .redirectErrorStream(true).redirectOutput(dir.resolve("plain.log").toFile()).start();
        assertThat(plain.waitFor(120, TimeUnit.SECONDS)).isTrue();
        JsonNode count = new ObjectMapper().readTree(own.toFile());
        TraceModel m = new TraceModel();
        m.setRuby(ruby);
        m.setScript(program.toString());
        m.setArguments(dir.resolve("traced.json") + " " + n + " 12 60");
        Path out = TraceModel.defaultOut(program);
        m.setOut(out.toString());
        m.setDump(true);
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        // when
        ProbeJob<TraceModel.Traced> job = m.start(Runnable::run, System::nanoTime, lines::add);
        // then
        assertThat(job.finished().get(240, TimeUnit.SECONDS)).as(job.failureProperty().get()).isEqualTo(ProbeJob.State.SUCCEEDED);
        TraceModel.Traced t = job.resultProperty().get();
        assertThat(t.trace()).isEqualTo(out).exists();
        assertThat(t.dump()).isEqualTo(dir.resolve("count_split.dump.json")).exists();
        assertThat(t.summary()).contains("Traced ").contains("Dumped the heap at exit");
        // the "Your program" scenario on the written trace, asked about ruby-3.4: site B's long values
        Settings s = new YourProgramScenario().defaults().withText("trace", out.toString()).withText("layout", "ruby-3.4");
        ScenarioRun run = new YourProgramScenario().compute(ScenarioRequest.of(s), SlotlabTheme.standard(), () -> false);
        String siteB = program.getFileName() + ":" + count.path("b").path("line").asInt();
        List<Object> b = run.table().rows().stream().filter(r -> r.get(1).equals(siteB)).findFirst().orElseThrow();
        // each split makes a key and a value (2n substrings); on master each value shares with a new root (3 strings per
        // split in the program's own count), cutoff 128 embeds all n values
        assertThat(count.path("b").path("strings").asInt()).isEqualTo(3 * n);
        assertThat(b.get(2)).isEqualTo(2L * n);
        assertThat(b.get(3)).isEqualTo((long) n);
        assertThat(b.get(4)).isEqualTo((long) n);
        assertThat((Double) b.get(5)).isEqualTo(500.0);
    }
}
