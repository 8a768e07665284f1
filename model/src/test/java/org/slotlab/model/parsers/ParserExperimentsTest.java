package org.slotlab.model.parsers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.reference.ReferenceTable;
import org.slotlab.model.string.SubseqPolicies;

/** Parsing the sample data N times: objects, GC pressure and speed per parser and policy. */
class ParserExperimentsTest {

    private static final CostProfile PROFILE = CostProfile.defaultProfile();

    private static List<ParserOutcome> run(RubyLayout layout, List<ParserWorkload> ws, String candidate) {
        return ParserExperiments.run(layout, PROFILE, ws, List.of(SubseqPolicies.parse(candidate)), 2_000);
    }

    private static ParserWorkload sample(String parser) {
        return ParserWorkload.withSampleData(Parsers.byName(parser));
    }

    @Test
    void netHttp_cutoffCopiesSharedValues_andSavesOneRootEach() {
        List<ParserOutcome> rows = run(RubyLayout.ruby34(), List.of(sample("net-http")), "cutoff:256");
        ParserOutcome master = rows.get(0);
        ParserOutcome cut = rows.get(1);
        assertThat(master.policy()).isEqualTo("master");
        assertThat(cut.valuesCopiedVsMaster()).isPositive();
        long objectsSaved = Math.round(master.objectsPerLine() * master.lines() - cut.objectsPerLine() * cut.lines());
        // every copied value came from a short (embedded) line: it saves exactly its frozen root
        assertThat(master.frozenRootsPerPass() - cut.frozenRootsPerPass()).isEqualTo(cut.valuesCopiedVsMaster());
        assertThat(objectsSaved).isEqualTo(cut.valuesCopiedVsMaster());
        assertThat(cut.objectsPerValue()).isLessThan(master.objectsPerValue());
    }

    @Test
    void falcon_sameObjectsUnderEveryPolicy_valuesOnlyMoveSlots() {
        List<ParserOutcome> rows = run(RubyLayout.ruby34(), List.of(sample("falcon")), "cutoff:256");
        assertThat(rows.get(1).objectsPerLine()).isEqualTo(rows.get(0).objectsPerLine());
        assertThat(rows.get(1).objectsPerValue()).isEqualTo(1.0);
        assertThat(rows.get(1).valuesCopiedVsMaster()).isPositive();
        assertThat(rows.get(1).slotBytesPerLine()).isGreaterThan(rows.get(0).slotBytesPerLine());
    }

    @Test
    void rubyBenchFluentd_alwaysEmbedVsMaster_withinFifteenPercentOfThePublishedRange() {
        LtsvSet bench = LtsvSet.loadAll().stream().filter(s -> s.name().equals("ruby-bench-fluentd")).findFirst().orElseThrow();
        ParserWorkload w = new ParserWorkload(Parsers.byName("ltsv"), List.of(), List.of(bench));
        List<ParserOutcome> rows = run(RubyLayout.ruby41dev(), List.of(w), "always-embed");
        List<Map<String, String>> pub = ReferenceTable.load("ruby_bench_apps.csv").where("bench", "fluentd");
        double lo = pub.stream().filter(r -> r.get("comparison").startsWith("embed-no-cutoff"))
                .mapToDouble(r -> Double.parseDouble(r.get("ratio"))).min().orElseThrow();
        double hi = pub.stream().filter(r -> r.get("comparison").startsWith("embed-no-cutoff"))
                .mapToDouble(r -> Double.parseDouble(r.get("ratio"))).max().orElseThrow();
        double ratio = rows.get(1).speedRatio();
        assertThat(ratio).isBetween(lo * 0.85, hi * 1.15);
        // every message value (56-81 B) is shared with a new root on master and copied by the patch
        assertThat(rows.get(0).frozenRootsPerPass()).isGreaterThanOrEqualTo(1000);
        assertThat(rows.get(1).frozenRootsPerPass()).isZero();
    }

    @Test
    void objectsPerLine_isTraceObjectsOverLines() {
        ParserWorkload w = sample("falcon");
        Trace t = w.trace(RubyLayout.ruby34(), SubseqPolicies.master());
        ParserOutcome o = run(RubyLayout.ruby34(), List.of(w), "cutoff:128").get(0);
        assertThat(o.objectsPerLine()).isCloseTo((double) t.objects() / w.lines(), within(1e-12));
    }
}
