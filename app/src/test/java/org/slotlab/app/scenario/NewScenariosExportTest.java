package org.slotlab.app.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.slotlab.app.knob.Settings;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slotlab.app.export.Exports;
import org.slotlab.app.io.ScenarioFile;
import org.slotlab.charts.SlotlabTheme;

/** The buffer, parsers and Class#new scenarios through the export path and scenario files. */
class NewScenariosExportTest {

    @TempDir
    Path dir;

    private static ScenarioRun run(String id) {
        return ScenarioRegistry.byId(id).compute(ScenarioRequest.of(ScenarioRegistry.byId(id).defaults()),
                SlotlabTheme.standard(), () -> false);
    }

    @ParameterizedTest
    @ValueSource(strings = {"str-buf-min", "json-unescape", "require-index", "parsers", "split", "class-new"})
    void everyChart_exportsPngAndSvg_tableAsCsvAndMarkdown(String id) throws Exception {
        ScenarioRun r = run(id);
        assertThat(r.charts()).hasSameSizeAs(ScenarioRegistry.byId(id).charts());
        for (ScenarioRun.RenderedChart c : r.charts()) {
            Path png = dir.resolve(c.spec().id() + ".png");
            Path svg = dir.resolve(c.spec().id() + ".svg");
            Exports.png(c.forExport(), png, 1);
            Exports.svg(c.forExport(), svg);
            assertThat(ImageIO.read(png.toFile()).getWidth()).isGreaterThan(0);
            assertThat(Files.readString(svg)).contains("<svg");
        }
        String csv = Exports.csv(r);
        String md = Exports.markdown(r);
        assertThat(csv.lines().count()).isGreaterThan(2);
        assertThat(md).contains("|");
        assertThat(md).contains(r.table().title());
    }

    @ParameterizedTest
    @ValueSource(strings = {"str-buf-min", "json-unescape", "require-index", "parsers", "split", "class-new"})
    void scenarioFile_roundTripsTheScenarioId(String id) throws Exception {
        Settings p = ScenarioRegistry.byId(id).defaults().withText("layout", "ruby-3.1");
        Path file = dir.resolve(id + ScenarioFile.SUFFIX);
        ScenarioFile.save(new ScenarioRequest(p, List.of(), null), file);
        ScenarioRequest back = ScenarioFile.load(file);
        assertThat(back.settings()).isEqualTo(p);
        assertThat(ScenarioRegistry.byId(back.settings().scenario()).id()).isEqualTo(id);
    }
}
