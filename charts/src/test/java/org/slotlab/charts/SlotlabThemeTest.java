package org.slotlab.charts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.Color;
import java.awt.Font;

import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.data.category.DefaultCategoryDataset;
import org.junit.jupiter.api.Test;

class SlotlabThemeTest {

    @Test
    void apply_replacesJFreeChartsGreyDefault() {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        data.addValue(1.3, "cutoff 256", Integer.valueOf(50));
        JFreeChart chart = ChartFactory.createBarChart("t", "len", "ratio", data);
        assertThat(chart.getPlot().getBackgroundPaint()).isNotEqualTo(Color.WHITE); // JFreeChart's default

        SlotlabTheme.standard().apply(chart);

        CategoryPlot plot = chart.getCategoryPlot();
        assertThat(plot.getBackgroundPaint()).isEqualTo(SlotlabTheme.BACKGROUND);
        assertThat(chart.getBackgroundPaint()).isEqualTo(SlotlabTheme.BACKGROUND);
        assertThat(plot.getRangeGridlinePaint()).isEqualTo(SlotlabTheme.GRIDLINE);
        assertThat(plot.getDomainAxis().getTickLabelFont().getName()).isEqualTo(Font.SANS_SERIF);
        assertThat(plot.getRenderer().getItemPaint(0, 0)).isEqualTo(SlotlabTheme.SERIES.get(0));
    }

    @Test
    void scale_enlargesFontsAndStrokesTogether() {
        SlotlabTheme one = SlotlabTheme.standard();
        SlotlabTheme two = SlotlabTheme.of(2);

        assertThat(two.titleFont().getSize2D()).isEqualTo(2 * one.titleFont().getSize2D());
        assertThat(two.tickFont().getSize2D()).isEqualTo(2 * one.tickFont().getSize2D());
        assertThat(((java.awt.BasicStroke) two.lineStroke()).getLineWidth())
                .isEqualTo(2 * ((java.awt.BasicStroke) one.lineStroke()).getLineWidth());
        assertThat(SlotlabTheme.projector().axisLabelFont().getSize2D())
                .isGreaterThan(one.axisLabelFont().getSize2D());
    }

    @Test
    void palette_isOkabeIto_withoutYellowForSeries() {
        assertThat(SlotlabTheme.SERIES).doesNotContain(SlotlabTheme.YELLOW).doesNotHaveDuplicates();
        assertThat(SlotlabTheme.BLUE.getRGB() & 0xFFFFFF).isEqualTo(0x0072B2);
        assertThat(SlotlabTheme.FASTER).isNotEqualTo(SlotlabTheme.SLOWER);
    }

    @Test
    void of_scaleOutOfRange_namesTheRule() {
        assertThatThrownBy(() -> SlotlabTheme.of(0)).hasMessageContaining("theme scale must be in (0, 4.0]");
        assertThatThrownBy(() -> SlotlabTheme.of(Double.NaN)).hasMessageContaining("was NaN");
    }
}
