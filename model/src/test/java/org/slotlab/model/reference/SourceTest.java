package org.slotlab.model.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SourceTest {

    @Test
    void label_andCitation_nameThePublicationAsItsReadersKnowIt() {
        Source s = Source.FEATURE_22186.measuredBy("himura467", "arm64 macOS");
        assertThat(s.label()).isEqualTo("himura467, arm64 macOS (Feature #22186)");
        assertThat(s.citation()).isEqualTo("Feature #22186, https://bugs.ruby-lang.org/issues/22186");
        assertThat(Source.JSON_PR_1135.label()).isEqualTo("ruby/json PR #1135");
    }

    @Test
    void everyReferenceCsv_namesItsSourceByAPublicUrlThisProjectKnows() {
        for (String table : List.of("class_new.csv", "http_headers.csv", "json_unescape.csv", "require_index.csv",
                "ruby_bench_apps.csv", "slot_alloc_gc.csv", "str_buf_min.csv", "subseq_byroot_ips.csv",
                "subseq_len_sweep.csv", "subseq_retained.csv")) {
            List<Map<String, String>> rows = ReferenceTable.load(table).rows();
            assertThat(rows).as(table).isNotEmpty().allSatisfy(r -> assertThat(Source.byUrl(r.get("source")))
                    .as(table + " " + r.get("source")).isPresent());
        }
    }

    @Test
    void aSourceNeedsATitleAndAPublicAddress() {
        assertThatThrownBy(() -> new Source("Feature #1", "000_x.txt", "", ""))
                .hasMessageContaining("public https address");
    }
}
