package org.slotlab.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import javafx.scene.control.ComboBox;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.jfree.chart.JFreeChart;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.app.cli.SlotlabCommand;
import org.slotlab.app.export.Exports;
import org.slotlab.app.knob.Knob;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.knob.Types;
import org.slotlab.app.scenario.ChartSpec;
import org.slotlab.app.scenario.Knobs;
import org.slotlab.app.scenario.ModelInputs;
import org.slotlab.app.scenario.Scenario;
import org.slotlab.app.scenario.ScenarioRegistry;
import org.slotlab.app.scenario.ScenarioRequest;
import org.slotlab.app.scenario.ScenarioRun;
import org.slotlab.app.scenario.XyData;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.charts.XyLinesChart;
import org.slotlab.charts.table.Column;
import org.slotlab.charts.table.Table;
import org.slotlab.model.reference.Source;
import org.slotlab.model.string.StringAllocation;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Adding a scenario is one class and one registry line: a scenario written here, registered and
 * nothing else touched, gets its parameters panel, its scenario-file round trip, its
 * {@code slotlab predict} command with validated options, and its exports.
 */
@ExtendWith(ApplicationExtension.class)
class OneClassScenarioFxTest {

    /** {@code Array.new(count){ " " * len }}: the slot and malloc bytes of each string, per length. */
    static final class TimesScenario implements Scenario {
        static final String ID = "times-test";
        static final ChartSpec BYTES = new ChartSpec("times-bytes", "Bytes per string", "slot plus malloc'd bytes per length");
        static final Knob<String> RUBY = Knobs.RUBY.withDefault("ruby-3.4");
        static final Knob<List<Long>> LENS = Knob.of("len", "lengths", Types.wholeNumbers(64), List.of(10L, 100L, 1000L))
                .unit("B").section("Strings").describe("String lengths: \" \" * len (rb_str_times).");
        static final Knob<Long> COUNT = Knob.of("count", "count", Types.longs(1, 1_000_000), 1_000L)
                .section("Strings").describe("Strings in the Array.");

        @Override public String id() { return ID; }
        @Override public String title() { return "Times (test)"; }
        @Override public String summary() { return "Bytes of \" \" * len per string."; }
        @Override public Source source() { return Source.FEATURE_12025; }
        @Override public List<Knob<?>> knobs() { return List.of(RUBY, LENS, COUNT); }
        @Override public List<ChartSpec> charts() { return List.of(BYTES); }

        @Override
        public ScenarioRun compute(ScenarioRequest request, SlotlabTheme theme, BooleanSupplier cancelled) {
            Settings s = request.settings();
            var rules = ModelInputs.rules(s);
            List<XyLinesChart.Point> pts = new ArrayList<>();
            Table.Builder t = Table.builder("bytes of " + s.get(COUNT) + " strings").column(Column.number("len_bytes", 0))
                    .column(Column.number("total_bytes", 0));
            for (long len : s.get(LENS)) {
                StringAllocation a = rules.timesString(len);
                double bytes = (double) s.get(COUNT) * (a.slotBytes() + a.mallocRequestBytes());
                pts.add(new XyLinesChart.Point(len, bytes));
                t.row(len, bytes);
            }
            var data = new XyLinesChart.Data("Bytes", s.get(RUBY), "len (B)", "bytes",
                    List.of(new XyLinesChart.Line("model", pts)), List.of(), List.of(), false, false, false, true);
            return new ScenarioRun(request, List.of(new ScenarioRun.RenderedChart(BYTES, XyLinesChart.create(data, theme),
                    th -> XyLinesChart.create(data, th))), t.build(), List.of("scenario: " + ID), "ok", 0);
        }
    }

    private FxWorkbench wb;

    @BeforeAll
    static void register() {
        ScenarioRegistry.register(new TimesScenario());
    }

    @AfterAll
    static void unregister() {
        ScenarioRegistry.unregister(TimesScenario.ID);
    }

    @Start
    void start(Stage stage) {
        wb = FxWorkbench.show(stage);
    }

    @AfterEach
    void close() {
        wb.vm.close();
    }

    private static int cli(StringWriter out, StringWriter err, String... args) {
        var cl = SlotlabCommand.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        return cl.execute(args);
    }

    @Test
    void aScenarioWrittenHere_getsPanelFileCliAndExports(FxRobot robot, @TempDir Path dir) throws Exception {
        // given: the scenario, shown from the Scenario menu's registry
        robot.interact(() -> wb.vm.selectScenario(TimesScenario.ID));
        wb.awaitCharts();
        assertThat(wb.view.navigator.list.getItems()).extracting(Scenario::id).contains(TimesScenario.ID);

        // panel: one editor per knob, with the knob's description as tooltip
        ParametersView panel = wb.view.parameters;
        TextField count = (TextField) panel.control("count").orElseThrow();
        assertThat(count.getText()).isEqualTo("1,000");
        assertThat(ParametersView.tooltipText(count)).contains("Strings in the Array.");
        assertThat(panel.control("len")).isPresent();
        assertThat(((ComboBox<?>) panel.control("layout").orElseThrow()).getValue()).isEqualTo("ruby-3.4");
        double before = XyData.y(chart(robot), 0, "model", 1000);

        // when: count is typed into its field
        robot.clickOn(count).eraseText(5).write("2000").type(KeyCode.ENTER);
        wb.awaitCharts();
        // then: the settings and the chart follow, and a bad value is refused with the rule
        assertThat(wb.vm.settings().get(TimesScenario.COUNT)).isEqualTo(2_000L);
        assertThat(XyData.y(chart(robot), 0, "model", 1000)).isEqualTo(2 * before);
        assertThat(wb.vm.setText(null, "count", "0")).contains("count: must be between 1 and 1,000,000, got 0");
        robot.interact(wb.vm::undo);
        assertThat(wb.vm.settings().get(TimesScenario.COUNT)).isEqualTo(1_000L);
        robot.interact(wb.vm::redo);

        // file: saved under its id, read back by another view-model
        Path f = dir.resolve("t.slotlab.json");
        robot.interact(() -> {
            try {
                wb.vm.save(f);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertThat(Files.readString(f)).contains("\"" + TimesScenario.ID + "\"").contains("\"count\" : 2000");
        try (WorkbenchViewModel other = new WorkbenchViewModel(Runnable::run, false)) {
            other.open(f);
            assertThat(other.settings()).isEqualTo(wb.vm.settings());
        }

        // command line: options made from the knobs, same defaults and rules
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        assertThat(cli(out, err, "predict", TimesScenario.ID, "--count", "10", "--len", "5,50")).as(err.toString()).isZero();
        assertThat(out.toString().lines().toList()).containsExactly("len_bytes,total_bytes", "5,400", "50,800");
        out.getBuffer().setLength(0);
        assertThat(cli(out, err, "predict", TimesScenario.ID, "--count", "0")).isEqualTo(SlotlabCommand.EXIT_USAGE);
        assertThat(err.toString().strip()).isEqualTo("slotlab: --count: must be between 1 and 1,000,000, got 0");
        assertThat(cli(new StringWriter(), err, "predict", TimesScenario.ID, "--help")).isZero();

        // exports: PNG, SVG, CSV and Markdown through the same writers
        ScenarioRun run = wb.vm.run();
        Exports.png(run.charts().get(0).forExport(), dir.resolve("t.png"), 1);
        Exports.svg(run.charts().get(0).forExport(), dir.resolve("t.svg"));
        assertThat(ImageIO.read(dir.resolve("t.png").toFile()).getWidth()).isEqualTo(1200);
        assertThat(Files.readString(dir.resolve("t.svg"))).contains("<svg");
        assertThat(Exports.csv(run)).startsWith("len_bytes,total_bytes");
        assertThat(Exports.markdown(run)).contains("| len_bytes |");
        assertThat(Exports.forIssue(run)).contains("Times (test)").contains(Source.FEATURE_12025.url());
    }

    private JFreeChart chart(FxRobot robot) {
        return wb.shown(robot, TimesScenario.BYTES.id());
    }
}
