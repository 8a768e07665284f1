package org.slotlab.model.buffers;

import org.slotlab.model.string.StringBufferRules;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.slotlab.model.buffers.RequireIndexWorkload.Comparison;
import org.slotlab.model.buffers.RequireIndexWorkload.Params;
import org.slotlab.model.buffers.RequireIndexWorkload.Row;
import org.slotlab.model.malloc.Allocators;

/** Feature #14460 (#14460): index keys, strdup vs indexed, and an honest comparison with require_index.csv. */
class RequireIndexWorkloadTest {

    private static final Params SAMPLE = new Params(LoadedFeatures.sample(),
            StringBufferRules.ruby24devAfter().layout(), Allocators.parseList("darwin,glibc"), 0);

    private static Row row(List<Row> rows, String storage, String allocator) {
        return rows.stream().filter(r -> r.storage().equals(storage) && r.allocator().equals(allocator)).findFirst()
                .orElseThrow();
    }

    @Test
    void keys_followFeaturesIndexAdd() {
        assertThat(RequireIndexWorkload.keys("/a/b/c.rb"))
                .containsExactly("c.rb", "c", "b/c.rb", "b/c", "a/b/c.rb", "a/b/c", "/a/b/c.rb", "/a/b/c");
        // a dot in a directory name is not an extension
        assertThat(RequireIndexWorkload.keys("/gems/rack-3.0.9/lib/rack")).hasSize(5).contains("rack-3.0.9/lib/rack");
        assertThat(RequireIndexWorkload.keys("thread.rb")).containsExactly("thread.rb", "thread");
    }

    @Property
    void keys_twoPerSlashPlusTwo_withExtension(@ForAll @IntRange(min = 0, max = 12) int depth) {
        String path = "/d".repeat(depth) + "/f.rb";
        assertThat(RequireIndexWorkload.keys(path)).hasSize(2 * (depth + 1) + 2);
    }

    @Test
    void sample_hasAThousandRealisticFeatures() {
        LoadedFeatures f = LoadedFeatures.sample();
        assertThat(f.paths()).hasSizeGreaterThanOrEqualTo(1000).doesNotHaveDuplicates();
        assertThat(f.paths()).anyMatch(p -> p.startsWith("/usr/local/bundle/gems/activesupport-7.1.3/lib/active_support/"));
    }

    @Test
    void indexing_allocatesOnlyTheExtensionlessCopies() {
        List<Row> rows = RequireIndexWorkload.predict(SAMPLE);
        Row strdup = row(rows, "strdup", "glibc");
        Row indexed = row(rows, "indexed", "glibc");
        assertThat(strdup.retainedMallocs()).isEqualTo(strdup.distinctKeys());
        long withExt = LoadedFeatures.sample().paths().stream().filter(p -> RequireIndexWorkload.extensionDot(p) >= 0)
                .count();
        assertThat(indexed.retainedSlots()).isEqualTo(withExt);
        assertThat(indexed.retainedMallocs()).isLessThanOrEqualTo(withExt);
        assertThat(indexed.keyBytes()).isLessThan(strdup.keyBytes() / 5);
        assertThat(indexed.mallocCalls()).isLessThan(strdup.mallocCalls() / 10);
    }

    @Test
    void comparison_sameDirectionAsTheThread_andStatesItsShare() {
        Map<String, String> calls = ReferenceCsv.row(ReferenceCsv.read("require_index.csv"), "metric",
                "system_calls_eliminated");
        assertThat(Long.parseLong(calls.get("after"))).isEqualTo(RequireIndexWorkload.PUBLISHED_CALLS_ELIMINATED);
        for (Comparison c : RequireIndexWorkload.compare(SAMPLE)) {
            assertThat(c.bytesSaved()).as(c.allocator()).isPositive();
            assertThat(c.callsSaved()).isPositive();
            // the index alone explains part of the whole-app figures, not more than all of them
            assertThat(c.shareOfPublishedBytes()).isBetween(0.2, 1.0);
            assertThat(c.shareOfPublishedCalls()).isBetween(0.2, 1.0);
        }
    }

    @Test
    void bmRequire_mallocTimeExplainsAFewPercentOfTheSpeedup() {
        Map<String, String> bm = ReferenceCsv.row(ReferenceCsv.read("require_index.csv"), "metric",
                "bm_require_10000_files");
        double savedNs = (Double.parseDouble(bm.get("before")) - Double.parseDouble(bm.get("after"))) * 1e9;
        Params p = new Params(LoadedFeatures.bmRequire("/Users/aaron/git/ruby", 10_000),
                StringBufferRules.ruby24devAfter().layout(), Allocators.parseList("darwin"), 0);
        List<Row> rows = RequireIndexWorkload.predict(p);
        double modelled = row(rows, "strdup", "darwin").predictedMallocNs() - row(rows, "indexed", "darwin").predictedMallocNs();
        assertThat(modelled / savedNs).isBetween(0.0, 0.05);
    }

    @Test
    void rebuilds_repeatTheStrdups() {
        Params twice = new Params(LoadedFeatures.sample(), StringBufferRules.ruby24devAfter().layout(),
                Allocators.parseList("glibc"), 1);
        Row once = row(RequireIndexWorkload.predict(SAMPLE), "strdup", "glibc");
        Row rebuilt = row(RequireIndexWorkload.predict(twice), "strdup", "glibc");
        assertThat(rebuilt.mallocCalls()).isEqualTo(2 * once.mallocCalls());
        assertThat(rebuilt.keyBytes()).isEqualTo(once.keyBytes());
    }

    @Test
    void emptyList_isRejectedWithItsName() {
        assertThatThrownBy(() -> LoadedFeatures.parse("empty.txt", "# nothing\n\n"))
                .hasMessage("empty.txt: no feature paths (one path per line expected)");
    }
}
