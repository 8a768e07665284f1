package org.slotlab.model.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A reference table with a column named twice is refused: a row would keep only the last value. */
class ReferenceTableDuplicatesTest {

    private static ReferenceTable parse(String text) throws IOException {
        return ReferenceTable.parse("t.csv", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void columnTwice_isRefusedNamingBothColumns() {
        assertThatThrownBy(() -> parse("# a table\nlen_bytes,speedup,speedup\n1,2,3\n"))
                .hasMessage("t.csv:2: column 'speedup' appears twice (column 2 and column 3); each column may appear once");
    }

    @Test
    void distinctColumns_areRead() throws IOException {
        assertThat(parse("len_bytes,speedup\n1,2\n").rows()).hasSize(1);
    }
}
