package org.slotlab.app.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.jfree.chart.JFreeChart;
import org.junit.jupiter.api.Test;
import org.slotlab.charts.SlotlabTheme;
import org.slotlab.model.buffers.StrBufWorkload;
import org.slotlab.model.string.StringBufferRules;
import org.slotlab.model.malloc.Allocators;

class StrBufMinScenarioTest {

    private static ScenarioRun run() {
        return new StrBufMinScenario().compute(
                ScenarioRequest.of(new StrBufMinScenario().defaults()),
                SlotlabTheme.standard(), () -> false);
    }

    private static JFreeChart chart(ScenarioRun r, ChartSpec spec) {
        return r.chart(spec.id()).orElseThrow().chart();
    }

    @Test
    void rssChart_powerOfTwo_holdsTheModelsRssAt127And128() {
        ScenarioRun r = run();
        var model = StrBufWorkload.predict(StrBufWorkload.Params.threadSetting(StringBufferRules.ruby24devAfter(),
                List.of(Allocators.byName("power-of-two")), List.of(127L, 128L)));
        JFreeChart c = chart(r, StrBufMinScenario.RSS);
        assertThat(XyData.y(c, 0, "power-of-two", 127)).isEqualTo(model.get(0).rssKib());
        assertThat(XyData.y(c, 0, "power-of-two", 128)).isEqualTo(model.get(1).rssKib());
        // the 129-byte request lands in the 256 B class: 1,000,000 x 128 B more, within pages
        assertThat(XyData.y(c, 0, "power-of-two", 128)).isCloseTo(297_032, within(1.0));
        assertThat(XyData.names(c, 0)).containsExactlyElementsOf(StrBufMinScenario.ALLOCATORS);
    }

    @Test
    void rssChart_overlaysStrBufMinCsv() {
        JFreeChart c = chart(run(), StrBufMinScenario.RSS);
        String pub = XyData.names(c, 1).get(0);
        assertThat(pub).contains("Jeremy Evans").contains("Feature #12025");
        assertThat(XyData.y(c, 1, pub, 127)).isEqualTo(162_720);
        assertThat(XyData.y(c, 1, pub, 128)).isEqualTo(289_080);
    }

    @Test
    void eraChart_stepMovesFromStrBufMinSizeToSlotSize() {
        JFreeChart c = chart(run(), StrBufMinScenario.ERAS);
        // 2.4-dev before r55686: STR_BUF_MIN_SIZE 128, so even c = 100 asks malloc(129)
        assertThat(XyData.y(c, 0, "ruby-2.4-before", 100)).isEqualTo(XyData.y(c, 0, "ruby-2.4-before", 128));
        // after: STR_BUF_MIN_SIZE 127, malloc(128) up to c = 127, the step at 128
        assertThat(XyData.y(c, 0, "ruby-2.4-after", 128)).isGreaterThan(1.5 * XyData.y(c, 0, "ruby-2.4-after", 127));
        assertThat(XyData.y(c, 0, "ruby-2.4-after", 100)).isLessThan(XyData.y(c, 0, "ruby-2.4-before", 100));
        // 3.4: 127 and 128 share a slot; the malloc step moves past the largest embedded buffer
        assertThat(XyData.y(c, 0, "ruby-3.4", 128)).isEqualTo(XyData.y(c, 0, "ruby-3.4", 127));
        long embedMax = StringBufferRules.ruby34().layout().maxEmbeddedLen();
        assertThat(XyData.y(c, 0, "ruby-3.4", embedMax + 1)).isGreaterThan(XyData.y(c, 0, "ruby-3.4", embedMax));
    }

    @Test
    void wasteChart_isTheSizeClassSweep() {
        JFreeChart c = chart(run(), StrBufMinScenario.WASTE);
        var glibc = Allocators.byName("glibc");
        var p2 = Allocators.byName("power-of-two");
        assertThat(XyData.y(c, 0, "glibc", 129)).isEqualTo(100.0 * (glibc.usableSize(129) - 129) / 129);
        // power-of-two: 129 B lands in the 256 B class, 128 B fits exactly
        assertThat(XyData.y(c, 0, "power-of-two", 129)).isEqualTo(100.0 * (p2.usableSize(129) - 129) / 129)
                .isGreaterThan(90);
        assertThat(XyData.y(c, 0, "power-of-two", 128)).isZero();
    }

    @Test
    void table_andExportLines_nameTheThreadAndItsAddress() {
        ScenarioRun r = run();
        assertThat(r.table().rows()).isNotEmpty();
        assertThat(r.parameterLines()).anySatisfy(l -> assertThat(l).contains("Feature #12025, https://bugs.ruby-lang.org/issues/12025"));
        assertThat(r.headline()).contains("i=128");
    }
}
