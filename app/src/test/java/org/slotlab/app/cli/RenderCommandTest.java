package org.slotlab.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.app.io.ScenarioFile;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.scenario.Knobs;
import org.slotlab.app.scenario.LayoutChoice;
import org.slotlab.app.scenario.ScenarioRegistry;
import org.slotlab.app.scenario.SubstringCutoffScenario;
import org.slotlab.app.scenario.ScenarioRequest;

class RenderCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        var cl = SlotlabCommand.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        return cl.execute(args);
    }

    @Test
    void render_writesPngAt2xSvgMarkdownAndCsv(@TempDir Path dir) throws Exception {
        Path scenario = dir.resolve("t.slotlab.json");
        ScenarioFile.save(ScenarioRequest.of(new SubstringCutoffScenario().defaults()), scenario);
        int code = run("render", scenario.toString(), "--png", dir.resolve("o.png").toString(), "--scale", "2",
                "--svg", dir.resolve("o.svg").toString(), "--markdown", dir.resolve("o.md").toString(),
                "--csv", dir.resolve("o.csv").toString());
        assertThat(code).as(err.toString()).isZero();
        var image = ImageIO.read(dir.resolve("o.png").toFile());
        assertThat(image.getWidth()).isEqualTo(2400);
        assertThat(Files.readString(dir.resolve("o.svg"))).contains("<svg").contains("</svg>")
                .contains("largest embedded length: 231 B");
        assertThat(Files.readString(dir.resolve("o.md"))).contains("| len_bytes | master (ns) | cutoff:256 (ns) |")
                .contains("above 1, the other is faster than master");
        assertThat(Files.readAllLines(dir.resolve("o.csv")).get(0)).startsWith("len_bytes,master (ns)");
        assertThat(out.toString()).contains("wrote " + dir.resolve("o.png"));
    }

    @Test
    void render_allCharts_writesOneFilePerChart(@TempDir Path dir) throws Exception {
        Path scenario = dir.resolve("t.slotlab.json");
        ScenarioFile.save(ScenarioRequest.of(new SubstringCutoffScenario().defaults()), scenario);
        assertThat(run("render", scenario.toString(), "--png", dir.resolve("o.png").toString(), "--chart", "all")).isZero();
        for (String id : new String[] {"speed-ratio", "gc-count", "retained"}) {
            assertThat(ImageIO.read(dir.resolve("o-" + id + ".png").toFile()).getWidth()).isEqualTo(1200);
        }
    }

    @Test
    void render_newerScenario_isOneLineAndExit2(@TempDir Path dir) throws Exception {
        Path scenario = dir.resolve("new.slotlab.json");
        Files.writeString(scenario, "{\"slotlabScenarioVersion\": 3}");
        assertThat(run("render", scenario.toString(), "--png", dir.resolve("o.png").toString())).isEqualTo(2);
        assertThat(err.toString().strip()).isEqualTo("slotlab: " + scenario
                + ": scenario format version 3 is newer than this Slotlab reads (2); open it with a newer Slotlab");
        assertThat(dir.resolve("o.png")).doesNotExist();
    }

    @Test
    void render_unknownChart_namesTheCharts(@TempDir Path dir) throws Exception {
        Path scenario = dir.resolve("t.slotlab.json");
        ScenarioFile.save(ScenarioRequest.of(new SubstringCutoffScenario().defaults()), scenario);
        assertThat(run("render", scenario.toString(), "--svg", dir.resolve("o.svg").toString(), "--chart", "pie"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("has no chart 'pie'").contains("speed-ratio, gc-count, retained, all");
    }
}
