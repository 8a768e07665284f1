package org.slotlab.model.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.slotlab.model.cost.CostProfile;
import org.slotlab.model.heap.ObjectSpec;
import org.slotlab.model.heap.Phase;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SubseqPolicies;

class TraceWorkloadTest {

    private static final RubyLayout RUBY_34 = RubyLayout.byName("ruby-3.4");

    @Test
    void phases_totalsExact() {
        Map<ObjectSpec, Double> totals = new LinkedHashMap<>();
        totals.put(ObjectSpec.dying(0, "a"), 1234.0);
        totals.put(ObjectSpec.dying(2, "b"), 57.0);
        totals.put(ObjectSpec.dying(1, "c"), 300.0);

        List<Phase> phases = TraceWorkload.phases(totals, 100);

        Map<ObjectSpec, Long> counted = new LinkedHashMap<>();
        for (Phase p : phases) {
            for (ObjectSpec s : p.perOp()) {
                counted.merge(s, p.ops(), Long::sum);
            }
        }
        assertThat(counted).containsEntry(ObjectSpec.dying(0, "a"), 1234L).containsEntry(ObjectSpec.dying(2, "b"), 57L)
                .containsEntry(ObjectSpec.dying(1, "c"), 300L);
        assertThat(phases.get(0).ops()).isEqualTo(100);
    }

    @Test
    void plan_masterAllocatesTheRunsObjects_candidateOneRootFewerPerValue() throws Exception {
        SubstringTrace t = TraceFile.parse(TraceFixtures.headerSplit(), "t.json");
        TraceWorkload w = new TraceWorkload(t, RUBY_34);

        TraceWorkload.Plan master = w.plan(SubseqPolicies.master());
        TraceWorkload.Plan cutoff = w.plan(SubseqPolicies.cutoff(128));

        // the run allocated 10,500 objects, 500 of them the probe's own; 3,000 of the rest master's substrings and roots
        assertThat(master.objects()).isEqualTo(10_000);
        assertThat(master.ops()).isEqualTo(100);
        assertThat(cutoff.objects()).isEqualTo(9_000);
    }

    @Test
    void predict_givesEveryPolicyAGcCountAndTime() throws Exception {
        SubstringTrace t = TraceFile.parse(TraceFixtures.headerSplit(), "t.json");

        List<TraceWorkload.Prediction> p = new TraceWorkload(t, RUBY_34).predict(CostProfile.defaultProfile(),
                List.of(SubseqPolicies.cutoff(128)), null);

        assertThat(p).extracting(TraceWorkload.Prediction::policy).containsExactly("master", "cutoff:128");
        assertThat(p.get(1).seconds()).isPositive().isLessThan(p.get(0).seconds());
        assertThat(p.get(1).gcCount()).isLessThanOrEqualTo(p.get(0).gcCount());
    }
}
