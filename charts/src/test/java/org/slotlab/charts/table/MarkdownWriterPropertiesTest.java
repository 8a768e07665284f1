package org.slotlab.charts.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;

class MarkdownWriterPropertiesTest {

    @Property
    void everyTableLine_hasTheSameLength_andOneCellPerColumn(
            @ForAll @Size(min = 0, max = 8) List<@StringLength(max = 20) String> names,
            @ForAll @Size(min = 1, max = 8) List<@DoubleRange(min = -1e9, max = 1e9) Double> values,
            @ForAll @IntRange(min = 0, max = 4) int decimals,
            @ForAll boolean thousands) {
        Table.Builder builder = Table.builder("")
                .column(Column.text("name"))
                .column(Column.number("value_ns", decimals, thousands))
                .column(Column.ratio("a/b", decimals));
        for (int i = 0; i < values.size(); i++) {
            String name = i < names.size() ? names.get(i) : null;
            builder.row(name, values.get(i), values.get(i) / 3.0);
        }

        String[] lines = MarkdownWriter.write(builder.build()).split("\n");

        assertThat(lines).hasSize(2 + values.size());
        for (String line : lines) {
            assertThat(line).hasSize(lines[0].length()).startsWith("|").endsWith("|");
            assertThat(line.replace("\\|", "").chars().filter(c -> c == '|').count()).isEqualTo(4);
        }
    }
}
