package org.slotlab.app.measured;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.app.calibrate.FakeRubies;
import org.slotlab.app.calibrate.ProbeJob;
import org.slotlab.app.knob.Settings;
import org.slotlab.app.scenario.Knobs;
import org.slotlab.app.scenario.LayoutChoice;
import org.slotlab.app.scenario.ScenarioRegistry;
import org.slotlab.app.scenario.SubstringCutoffScenario;
import org.slotlab.app.workbench.WorkbenchViewModel;
import org.slotlab.model.measured.Importers;
import org.slotlab.model.string.SourceState;

/**
 * Tools > Measure on this Ruby against a fake ruby replaying measure.rb's real output on Debian
 * 12's ruby 3.1.2: the points become an overlay, re-importable from the CSV, and the predicted vs
 * measured rows carry the error per length.
 */
class MeasureModelTest {

    @TempDir
    Path dir;

    @BeforeEach
    void posix() {
        assumeFalse(System.getProperty("os.name", "").startsWith("Windows"), "fake rubies are /bin/sh scripts");
    }

    @Test
    void measure_replayed31_givesNsAndGcOverlay_andErrorsPerLength() throws Exception {
        MeasureModel m = new MeasureModel();
        m.setRuby(FakeRubies.replaying(dir).toString());
        m.setOut(dir.resolve("measured.csv"));
        Settings p = new SubstringCutoffScenario().defaults();

        var job = m.start(p, Runnable::run, System::nanoTime);

        assertThat(job.finished().get(120, TimeUnit.SECONDS)).as(job.failureProperty().get()).isEqualTo(ProbeJob.State.SUCCEEDED);
        MeasureModel.Measured r = job.resultProperty().get();
        Overlay o = r.overlay();
        assertThat(o.label()).startsWith("measured: ruby 3.1.2 (slotlab-measure, N = ");
        assertThat(o.seriesOn(OverlaySeries.NS_PER_OP)).hasSize(1);
        assertThat(o.seriesOn(OverlaySeries.GC_COUNT)).hasSize(1);
        // the CSV it wrote imports back to the same points
        Overlay again = Overlay.load(new OverlaySource(r.csv().toString(), Importers.AUTO, ""));
        assertThat(again.seriesOn(OverlaySeries.NS_PER_OP).get(0).points()).isEqualTo(o.seriesOn(OverlaySeries.NS_PER_OP).get(0).points());

        var rows = PredictedVsMeasured.rows(List.of(o), p);
        assertThat(rows).hasSize(o.seriesOn(OverlaySeries.NS_PER_OP).get(0).points().size());
        assertThat(rows).allSatisfy(row -> {
            assertThat(row.modelNs()).isPositive();
            assertThat(row.error()).isEqualTo(row.modelNs() / row.measuredNs() - 1);
        });
    }

    @Test
    void alreadySharedSource_cannotBeMeasured() {
        MeasureModel m = new MeasureModel();
        m.setOut(dir.resolve("m.csv"));

        assertThat(m.problem(new SubstringCutoffScenario().defaults().with(SubstringCutoffScenario.SOURCE, "already-shared")))
                .hasValueSatisfying(s -> assertThat(s).contains("already-shared"));
    }

    @Test
    void measuredOverlay_inTheWorkbench_drawsOnTheGcChartOfItsRuby() throws Exception {
        MeasureModel m = new MeasureModel();
        m.setRuby(FakeRubies.replaying(dir).toString());
        m.setOut(dir.resolve("measured.csv"));
        try (WorkbenchViewModel vm = new WorkbenchViewModel(Runnable::run, false)) {
            var job = m.start(vm.settings(), Runnable::run, System::nanoTime);
            job.finished().get(120, TimeUnit.SECONDS);

            vm.addOverlay(job.resultProperty().get().overlay());
            // measured on Ruby 3.1.2: drawn once the charts model a 3.1 layout (on 4.1 it is left off with a note)
            assertThat(org.slotlab.charts.ChartNotes.all(vm.run().chart("gc-count").orElseThrow().chart()))
                    .singleElement().asString().contains("measured on Ruby 3.1");
            vm.set(org.slotlab.app.scenario.Knobs.LAYOUT, org.slotlab.app.scenario.LayoutChoice.preset("ruby-3.1"));

            var plot = vm.run().chart("gc-count").orElseThrow().chart().getCategoryPlot();
            boolean found = false;
            for (int i = 0; i < plot.getDatasetCount(); i++) {
                var d = plot.getDataset(i);
                found |= d != null && d.getRowCount() > 0 && d.getRowKey(0).toString().startsWith("measured: ruby 3.1.2");
            }
            assertThat(found).isTrue();
        }
    }
}
