package org.slotlab.model.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SubseqPolicies;

class TraceWhatIfTest {

    private static final RubyLayout RUBY_34 = RubyLayout.byName("ruby-3.4");

    @Test
    void cutoff128_embedsTheSharedValues_savesTheirRoots() throws Exception {
        SubstringTrace t = TraceFile.parse(TraceFixtures.headerSplit(), "t.json");

        List<TraceWhatIf.RowOutcome> o = TraceWhatIf.outcomes(t, RUBY_34, SubseqPolicies.cutoff(128));
        TraceWhatIf.Group site = TraceWhatIf.bySite(t, o).get(0);

        assertThat(site.key()).isEqualTo("app.rb:7");
        assertThat(site.substrings()).isEqualTo(2000);
        assertThat(site.sharedOnMaster()).isEqualTo(1000);
        assertThat(site.embeddedByCandidate()).isEqualTo(1000);
        // master: the 60 B value and a frozen root per line (2 objects); cutoff 128: the value in a 160 B slot
        assertThat(site.objectsSaved()).isEqualTo(1000);
        assertThat(site.objectsSavedPer1000()).isEqualTo(500);
        // 100 values alive at exit: a 160 B slot instead of a 40 B header and the 160 B root a copy of the 81 B line takes
        assertThat(site.retainedBytesDelta()).isCloseTo(100 * (160 - (40 + 160)), within(1e-9));
    }

    @Test
    void byLength_splitsTheTwoPieces() throws Exception {
        SubstringTrace t = TraceFile.parse(TraceFixtures.headerSplit(), "t.json");

        List<TraceWhatIf.Group> g = TraceWhatIf.byLength(TraceWhatIf.outcomes(t, RUBY_34, SubseqPolicies.cutoff(128)));

        assertThat(g).extracting(TraceWhatIf.Group::key).containsExactly("20", "60");
        assertThat(g.get(0).embeddedByCandidate()).isZero();
        assertThat(g.get(1).objectsSavedPer1000()).isEqualTo(1000);
    }

    @Test
    void agreement_masterOnTheTracedLayout_makesWhatTheRubyMade() throws Exception {
        SubstringTrace t = TraceFile.parse(TraceFixtures.headerSplit(), "t.json");

        assertThat(TraceWhatIf.agreement(t, RUBY_34)).isEqualTo(1.0);
        // on 3.1 a 60 B copy cannot embed: the model's master shares it there too, the 20 B key embeds
        assertThat(TraceWhatIf.agreement(t, RubyLayout.byName("ruby-3.1"))).isEqualTo(1.0);
    }

    @Test
    void master_savesNothing() throws Exception {
        SubstringTrace t = TraceFile.parse(TraceFixtures.headerSplit(), "t.json");

        TraceWhatIf.Group all = TraceWhatIf.total(TraceWhatIf.outcomes(t, RUBY_34, SubseqPolicies.master()), "all");

        assertThat(all.embeddedByCandidate()).isZero();
        assertThat(all.objectsSaved()).isZero();
    }
}
