package org.slotlab.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jfree.chart.JFreeChart;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.app.measured.Fixtures;
import org.slotlab.app.measured.Overlay;
import org.slotlab.app.measured.OverlaySeries;
import org.slotlab.app.measured.OverlaySource;
import org.slotlab.app.scenario.Datasets;
import org.slotlab.app.scenario.Knobs;
import org.slotlab.app.scenario.LayoutChoice;
import org.slotlab.app.scenario.SlotSizeScenario;
import org.slotlab.charts.ChartNotes;
import org.slotlab.model.measured.Importers;
import org.slotlab.model.measured.MappedParameter;
import org.slotlab.model.measured.MeasuredPoint;
import org.slotlab.model.measured.MeasuredSet;
import org.slotlab.model.measured.Metric;

/**
 * Only comparable things are drawn together: pins, measured overlays and the published points
 * carry the Ruby, layout and cost profile they were made with, and one of another context is left
 * off its chart with a note that says why, on screen and in exports; exports name their baseline.
 */
class ComparableContextTest {

    /** The calibrated 3.1.2 profile kept in the repository (it carries its layout). */
    static final Path PROFILE_312 = Path.of("..", "sample-data", "measured", "lab", "profile-ruby-3.1.2.json");

    private final WorkbenchViewModel vm = new WorkbenchViewModel(Runnable::run, false);

    @TempDir
    Path dir;

    @AfterEach
    void close() {
        vm.close();
    }

    private JFreeChart chart(String id) {
        return vm.run().chart(id).orElseThrow().chart();
    }

    private static List<String> rows(JFreeChart chart) {
        List<String> out = new ArrayList<>();
        var ds = chart.getCategoryPlot().getDataset(0);
        ds.getRowKeys().forEach(k -> out.add(String.valueOf(k)));
        return out;
    }

    @Test
    void pin_afterTheProfileChanges_isLeftOffChartsAndTable_withTheReason() {
        // given: a pin made on the shipped profile and ruby-4.1-dev
        assertThat(vm.pin("A")).isEmpty();
        assertThat(vm.setCompareBaseline("A")).isEmpty();
        assertThat(rows(chart("speed-ratio"))).contains("A (cutoff:256)");

        // when: calibrated on Ruby 3.1.2 (profile and layout change)
        assertThat(vm.loadProfile(PROFILE_312)).isEmpty();

        // then: the pin is on no chart and in no table column, and every chart says why
        for (String id : List.of("speed-ratio", "gc-count", "retained")) {
            assertThat(rows(chart(id))).as(id).noneMatch(r -> r.startsWith("A "));
            assertThat(ChartNotes.all(chart(id))).as(id).anySatisfy(n -> assertThat(n)
                    .startsWith("Not drawn: pin A was made with layout ruby-4.1-dev").contains("cost profile"));
        }
        assertThat(vm.run().table().columns()).noneMatch(c -> c.header().startsWith("A "));
        assertThat(vm.run().table().columns().get(1).header()).startsWith("master");
        String md = vm.issueText().orElseThrow();
        assertThat(md).contains("Notes:\n- pin A was made with layout ruby-4.1-dev");
        // the export of a chart carries the note too
        assertThat(ChartNotes.all(vm.run().chart("speed-ratio").orElseThrow().forExport())).hasSize(1);
    }

    @Test
    void pin_ofTheSameContext_staysComparable_andSaysNothing() {
        vm.pin("A");
        vm.setCutoff(128);

        assertThat(rows(chart("speed-ratio"))).contains("A (cutoff:256)", "cutoff:128");
        assertThat(ChartNotes.all(chart("speed-ratio"))).isEmpty();
        assertThat(vm.run().notes()).isEmpty();
    }

    @Test
    void publishedPoints_ofRuby41_areHiddenWithANote_onARuby34Layout() {
        assertThat(chart("speed-ratio").getCategoryPlot().getDataset(1).getRowCount()).isPositive();

        vm.set(Knobs.LAYOUT, LayoutChoice.preset("ruby-3.4"));

        var published = chart("speed-ratio").getCategoryPlot().getDataset(1);
        assertThat(published == null || published.getRowCount() == 0).isTrue();
        assertThat(ChartNotes.all(chart("speed-ratio"))).singleElement().asString()
                .contains("measured on Ruby 4.1").contains("ruby-3.4");
    }

    @Test
    void slotSizePublished_hiddenOnRuby34_andPinOfAnotherProfileLeftOff() {
        vm.selectScenario(SlotSizeScenario.ID);
        assertThat(Datasets.of(chart("slot-size"))).anyMatch(r -> r.contains("byroot"));
        vm.pin("A");

        vm.loadProfile(PROFILE_312);

        assertThat(Datasets.of(chart("slot-size"))).noneMatch(r -> r.contains("byroot") || r.contains("pin A"));
        assertThat(ChartNotes.all(chart("slot-size"))).singleElement().asString().contains("pin A").contains("Ruby 4.1");
        assertThat(vm.run().table().columns()).noneMatch(c -> c.header().contains("byroot") || c.header().contains("pin A"));
    }

    @Test
    void ipsComparisonOfLengths_isNotDrawnAsAPolicyRatio() throws Exception {
        // the README's import sample: benchmark-ips comparing slice lengths on one Ruby
        Path f = Fixtures.copy("ips_subseq.txt", dir);
        Overlay o = Overlay.load(new OverlaySource(f.toString(), Importers.AUTO, ""));

        assertThat(o.set().pointsOf(Metric.SPEED_RATIO)).isNotEmpty();
        assertThat(o.seriesOn(OverlaySeries.SPEED_RATIO)).isEmpty();
        assertThat(o.seriesOn(OverlaySeries.NS_PER_OP)).singleElement().satisfies(s -> assertThat(s.points()).containsKey(100L));
        assertThat(o.describe()).contains("not drawn as a policy speed ratio").contains("ruby 3.1.2p20");
        vm.addOverlay(o);
        assertThat(Datasets.of(chart("speed-ratio"))).noneMatch(r -> r.contains("ips_subseq"));
    }

    @Test
    void gcOverlay_ofRuby31_isLeftOffTheRuby41Chart_withANote_andDrawnOnA31Layout() {
        // given: about 470 GCs per length measured on Ruby 3.1.2, against the model's ~15 on 4.1
        String ruby = "ruby 3.1.2p20 (2022-04-12 revision 4491bb740a) [x86_64-linux-gnu]";
        List<MeasuredPoint> pts = new ArrayList<>();
        for (long len : List.of(1L, 100L, 1000L)) {
            pts.add(MeasuredPoint.of("len" + len, ruby, Metric.GC_COUNT, 470, Metric.UNIT_COUNT)
                    .withParameter(new MappedParameter(MappedParameter.LEN, len)));
        }
        MeasuredSet set = new MeasuredSet("gc.csv", "csv", "csv", List.of(ruby), pts);
        Overlay o = Overlay.of(new OverlaySource("gc.csv", Importers.AUTO, ""), set);
        assertThat(o.ruby()).contains("3.1");

        // when
        vm.addOverlay(o);

        // then
        assertThat(Datasets.of(chart("gc-count"))).noneMatch(r -> r.contains("gc.csv"));
        assertThat(ChartNotes.all(chart("gc-count"))).singleElement().asString()
                .contains("measured on Ruby 3.1").contains("ruby-4.1-dev");
        assertThat(vm.issueText().orElseThrow()).contains("- measured: gc.csv (csv) was measured on Ruby 3.1");

        // and on a 3.1 layout it is drawn, without a note
        vm.set(Knobs.LAYOUT, LayoutChoice.preset("ruby-3.1"));
        assertThat(Datasets.of(chart("gc-count"))).anyMatch(r -> r.contains("gc.csv"));
        assertThat(ChartNotes.all(chart("gc-count"))).isEmpty();
    }

    @Test
    void gcOverlay_whoseFileNamesNoRuby_isDrawnWithACaveat_onTheChartAndInTheIssueText() {
        // given: a plain CSV of GC counts whose executable says nothing about its Ruby
        List<MeasuredPoint> pts = new ArrayList<>();
        for (long len : List.of(1L, 100L, 1000L)) {
            pts.add(MeasuredPoint.of("len" + len, "mine", Metric.GC_COUNT, 15, Metric.UNIT_COUNT)
                    .withParameter(new MappedParameter(MappedParameter.LEN, len)));
        }
        MeasuredSet set = new MeasuredSet("gc.csv", "csv", "csv", List.of("mine"), pts);
        Overlay o = Overlay.of(new OverlaySource("gc.csv", Importers.AUTO, ""), set);
        assertThat(o.ruby()).isEmpty();

        // when
        vm.addOverlay(o);

        // then: drawn, and the chart says it was not checked
        assertThat(Datasets.of(chart("gc-count"))).anyMatch(r -> r.contains("gc.csv"));
        assertThat(ChartNotes.all(chart("gc-count"))).singleElement().asString()
                .startsWith("Drawn unchecked: measured: gc.csv (csv) does not say which Ruby it was measured on")
                .contains("ruby-4.1-dev");
        assertThat(vm.issueText().orElseThrow()).contains("does not say which Ruby it was measured on");
    }

    /** The export made with a pin as the baseline, parsed back: every ratio is baseline ns / other ns, as its legend says. */
    @Test
    void issueText_withAPinAsBaseline_readsTheWayTheChartsDo() {
        // given: pin A is cutoff:256 (faster than master where it embeds), then the candidate goes to cutoff:128
        vm.pin("A");
        vm.setCutoff(128);
        vm.setCompareBaseline("A");

        // when
        String md = vm.issueText().orElseThrow();

        // then: the legend names the pin as the baseline, in base/other words
        assertThat(md).contains("ratio = A (cutoff:256) / other (ns / ns): above 1, the other is faster than A (cutoff:256); "
                + "below 1, the other is slower than A (cutoff:256)");
        assertThat(md).contains("Modelled by Slotlab, not measured");
        Map<String, List<String>> table = firstTable(md);
        List<String> header = table.get("header");
        int pinNs = header.indexOf("A (cutoff:256) (ns)");
        int masterNs = header.indexOf("master (ns)");
        int ratioCol = header.indexOf("A (cutoff:256)/master");
        assertThat(List.of(pinNs, masterNs, ratioCol)).doesNotContain(-1);
        JFreeChart speed = chart("speed-ratio");
        int checked = 0;
        for (List<String> row : table.get("rows").stream().map(r -> List.of(r.split("\\|", -1))).toList()) {
            int len = Integer.parseInt(row.get(0));
            double ratio = Double.parseDouble(row.get(ratioCol).replace("x", ""));
            double pin = Double.parseDouble(row.get(pinNs));
            double master = Double.parseDouble(row.get(masterNs));
            // the cell is pin / master, as the legend says
            assertThat(ratio).isCloseTo(pin / master, within(0.006));
            // and it reads as the chart does: the chart's master/pin is its reciprocal
            double chartRatio = Datasets.value(speed, "A (cutoff:256)", len);
            assertThat(ratio * chartRatio).isCloseTo(1.0, within(0.01));
            checked++;
        }
        assertThat(checked).isEqualTo(11);
        // GC counts and retained memory are pasted too
        assertThat(md).contains("A (cutoff:256) GCs").contains("A (cutoff:256) MiB").contains("master/cutoff:128");
    }

    /** The first pipe table of {@code md}: "header" holds its header cells, "rows" each row's cells joined with '|'. */
    static Map<String, List<String>> firstTable(String md) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        List<String> rows = new ArrayList<>();
        Pattern line = Pattern.compile("^\\|(.*)\\|$");
        boolean inTable = false;
        for (String l : md.split("\n")) {
            Matcher m = line.matcher(l);
            if (!m.matches()) {
                if (inTable) {
                    break;
                }
                continue;
            }
            List<String> cells = List.of(m.group(1).split("\\|")).stream().map(String::strip).toList();
            if (!inTable) {
                out.put("header", cells);
                inTable = true;
            } else if (!cells.get(0).startsWith("-")) {
                rows.add(String.join("|", cells));
            }
        }
        out.put("rows", rows);
        return out;
    }
}
