package org.slotlab.model.parsers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.reference.ReferenceTable;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.string.SubseqPolicy;

/** The per-site table of Feature #22186 (http_headers.csv), its method and its structure. */
class HeaderTableTest {

    private static final RubyLayout L34 = RubyLayout.ruby34();
    private static final List<SubseqPolicy> CUTOFFS = List.of(SubseqPolicies.cutoff(128), SubseqPolicies.cutoff(256));

    private static HeaderSet set(String... lines) {
        return new HeaderSet("https://example.test", "hand-made", List.of(lines));
    }

    @Test
    void handMadeSet_exactCounts() {
        HeaderSet s = set(
                "A: short",                    // 5 B: embedded on master
                "B: " + "b".repeat(20),        // 24 + 20 + 1 = 45 B: copied at 128 and 256
                "C: " + "c".repeat(150),       // 175 B: copied at 256 only
                "D: " + "d".repeat(240),       // 265 B: shared under both
                "E: " + "e".repeat(700));      // a heap line: shared under both, no new root
        HeaderTable t = HeaderTable.compute(L34, Parsers.byName("net-http"), CUTOFFS, List.of(s));
        assertThat(t.rows()).singleElement().isEqualTo(
                new SiteRow("https://example.test", 5, 1, 4, List.of(1, 2)));
    }

    @Property(tries = 200)
    void anyHeaderSet_countsAreConsistent(@ForAll @Size(min = 1, max = 30) List<@IntRange(min = 0, max = 1500) Integer> valueLens) {
        List<String> lines = new ArrayList<>();
        for (int n : valueLens) {
            lines.add("X-H: " + "v".repeat(n));
        }
        SiteRow r = HeaderTable.compute(L34, Parsers.byName("net-http"), CUTOFFS, List.of(new HeaderSet("s", "f", lines)))
                .rows().get(0);
        assertThat(r.embeddedOnMaster() + r.sharedOnMaster()).isEqualTo(r.values());
        assertThat(r.copied().get(1)).isGreaterThanOrEqualTo(r.copied().get(0));
        assertThat(r.embeddedOnMaster()).isEqualTo((int) valueLens.stream().filter(n -> n <= 15).count());
    }

    @Test
    void sampleData_fiveSites_inTheThreadsOrder_totalIsTheSumOfTheRows() {
        HeaderTable t = HeaderTable.compute(L34, Parsers.byName("net-http"), CUTOFFS);
        List<Map<String, String>> published = ReferenceTable.load("http_headers.csv").rows();
        List<String> publishedSites = published.stream().map(r -> r.get("site")).filter(s -> !s.equals("total")).toList();
        assertThat(t.rows()).extracting(SiteRow::site).containsExactlyElementsOf(publishedSites);

        SiteRow total = t.total();
        assertThat(total.values()).isEqualTo(t.rows().stream().mapToInt(SiteRow::values).sum());
        assertThat(total.embeddedOnMaster()).isEqualTo(t.rows().stream().mapToInt(SiteRow::embeddedOnMaster).sum());
        assertThat(total.sharedOnMaster()).isEqualTo(t.rows().stream().mapToInt(SiteRow::sharedOnMaster).sum());
        for (int i = 0; i < CUTOFFS.size(); i++) {
            int k = i;
            assertThat(total.copied().get(i)).isEqualTo(t.rows().stream().mapToInt(r -> r.copied().get(k)).sum());
        }
    }

    @Test
    void publishedTable_hasTheSameStructure_totalIsTheSumOfItsSites() {
        List<Map<String, String>> rows = ReferenceTable.load("http_headers.csv").rows();
        Map<String, String> total = rows.stream().filter(r -> r.get("site").equals("total")).findFirst().orElseThrow();
        for (String col : List.of("values", "embedded_on_master", "shared_on_master", "copied_at_128", "copied_at_256")) {
            int sum = rows.stream().filter(r -> !r.get("site").equals("total")).mapToInt(r -> Integer.parseInt(r.get(col))).sum();
            assertThat(Integer.parseInt(total.get(col))).as(col).isEqualTo(sum);
        }
        // the thread's method: embedded + shared = values, and a larger cutoff copies at least as many
        for (Map<String, String> r : rows) {
            assertThat(Integer.parseInt(r.get("embedded_on_master")) + Integer.parseInt(r.get("shared_on_master")))
                    .isEqualTo(Integer.parseInt(r.get("values")));
            assertThat(Integer.parseInt(r.get("copied_at_256"))).isGreaterThanOrEqualTo(Integer.parseInt(r.get("copied_at_128")));
        }
    }
}
