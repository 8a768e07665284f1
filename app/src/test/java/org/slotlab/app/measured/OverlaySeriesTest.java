package org.slotlab.app.measured;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.model.measured.Importers;

/** Which chart each tool's fixture lands on, and with which numbers. */
class OverlaySeriesTest {

    @TempDir
    Path dir;

    private Overlay load(String fixture) throws Exception {
        return Overlay.load(new OverlaySource(Fixtures.copy(fixture, dir).toString(), Importers.AUTO, ""));
    }

    @Test
    void benchmarkDriverCompare_twoExecutables_giveBuiltOverCompareSpeedRatio() throws Exception {
        Overlay o = load("bd_markdown_compare.md");

        var ratio = o.seriesOn(OverlaySeries.SPEED_RATIO);
        assertThat(ratio).hasSize(1);
        assertThat(ratio.get(0).name()).isEqualTo("measured: bd_markdown_compare.md (benchmark-driver): built-ruby / compare-ruby");
        // size23: 23.377M i/s built vs 19.934M compare (the table's own 1.17x)
        assertThat(ratio.get(0).points().get(23L)).isCloseTo(23.377 / 19.934, within(1e-9));
        // both executables also give ns per op for the predicted-vs-measured chart
        assertThat(o.seriesOn(OverlaySeries.NS_PER_OP)).hasSize(2);
        assertThat(o.seriesOn(OverlaySeries.NS_PER_OP).get(0).points().get(1L)).isCloseTo(1e9 / 20.988e6, within(1e-6));
    }

    @Test
    void ipsJson_oneExecutable_givesNsPerOpOnly() throws Exception {
        Overlay o = load("ips_subseq.json");

        assertThat(o.seriesOn(OverlaySeries.SPEED_RATIO)).isEmpty();
        var ns = o.seriesOn(OverlaySeries.NS_PER_OP);
        assertThat(ns).hasSize(1);
        assertThat(ns.get(0).points().get(1L)).isCloseTo(1e9 / 12240893.108899832, within(1e-9));
    }

    @Test
    void slotGcCsv_goesOnTheSlotChartsGcAxis() throws Exception {
        Overlay o = load("byroot_slot_gc_count.csv");

        var slot = o.seriesOn(OverlaySeries.SLOT_SIZE);
        assertThat(slot).hasSize(1);
        assertThat(slot.get(0).axis()).isEqualTo(1);
        assertThat(slot.get(0).points().get(32L)).isEqualTo(67.0);
    }

    @Test
    void byrootSlotSizesIps_defaultMapping_goesOnTheSlotChartsTimeAxis() throws Exception {
        Overlay o = load("byroot_slot_sizes_ips.txt");

        var slot = o.seriesOn(OverlaySeries.SLOT_SIZE);
        assertThat(slot).extracting(OverlaySeries::axis).containsOnly(0);
        // "32: 39290346.8 i/s" in the Comparison block, or the report's 39.290M: about 25.45 ns
        assertThat(slot.get(0).points().get(32L)).isCloseTo(1e9 / 39.29e6, within(0.01));
    }
}
