package org.slotlab.model.trace;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.Representation;
import org.slotlab.model.string.SlicePosition;
import org.slotlab.model.string.StrSubseq;
import org.slotlab.model.string.SubseqOutcome;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.string.SubseqPolicy;

/**
 * What a substring policy would do to the substrings a trace recorded: every row goes through
 * {@link StrSubseq#slice} on the layout, once with master's rule and once with the candidate's,
 * from the source state str_subseq saw (a frozen source or a MatchData's string needs no root; a
 * shared one reuses its root; a fresh one, embedded or heap, gets a frozen root when sharing).
 * Counts are scaled by each site's calls per traced call. Grouped by call site or by length.
 *
 * <p>Example: a site that splits fresh 80 B header lines into a 60 B value: on ruby-3.4 master
 * shares each value with a new frozen root (2 objects), cutoff:128 embeds it in a 160 B slot (1
 * object): 1,000 objects saved per 1,000 substrings.
 */
public final class TraceWhatIf {

    private TraceWhatIf() {}

    /** One row under both policies. */
    public record RowOutcome(SubstringTrace.Row row, double scale, SubseqOutcome master, SubseqOutcome candidate) {

        /** The substrings this row stands for in the whole run. */
        public double substrings() {
            return row.substrings() * scale;
        }

        public boolean sharedOnMaster() {
            return master.representation() == Representation.SHARED;
        }

        public boolean embeddedByCandidate() {
            return sharedOnMaster() && candidate.representation() != Representation.SHARED;
        }

        /** Objects master allocates minus the candidate's (a root master made and the candidate does not), per substring. */
        public int objectsSaved() {
            return master.objectsAllocated() - candidate.objectsAllocated();
        }

        /**
         * Bytes the substrings still alive at exit hold in their slots and in roots they made, candidate
         * minus master (buffers a root shares with a live source are not counted).
         */
        public double retainedBytesDelta() {
            double alive = substrings() * row.aliveAtExitFraction();
            long m = master.sliceMemsize() + master.rootSlotBytes();
            long c = candidate.sliceMemsize() + candidate.rootSlotBytes();
            return alive * (c - m);
        }
    }

    /**
     * A group of rows (one site or one length) for one candidate.
     *
     * @param key                  the site name or the length
     * @param substrings           substrings (scaled)
     * @param sharedOnMaster       of those, shared on master
     * @param embeddedByCandidate  of those, embedded by the candidate
     * @param objectsSaved         objects master allocates minus the candidate's (scaled)
     * @param retainedBytesDelta   retained bytes, candidate minus master (scaled)
     */
    public record Group(String key, double substrings, double sharedOnMaster, double embeddedByCandidate, double objectsSaved,
            double retainedBytesDelta) {

        /** Objects saved per 1,000 substrings of the group. */
        public double objectsSavedPer1000() {
            return substrings == 0 ? 0 : 1000 * objectsSaved / substrings;
        }
    }

    /** Every row of the trace under master and {@code candidate} on {@code layout}. */
    public static List<RowOutcome> outcomes(SubstringTrace trace, RubyLayout layout, SubseqPolicy candidate) {
        SubseqPolicy master = SubseqPolicies.master();
        List<RowOutcome> out = new ArrayList<>(trace.rows().size());
        for (SubstringTrace.Row r : trace.rows()) {
            double scale = trace.sites().get(r.site()).scale();
            out.add(new RowOutcome(r, scale, slice(layout, master, r), slice(layout, candidate, r)));
        }
        return out;
    }

    /** str_subseq of one row's substring under {@code policy}. */
    public static SubseqOutcome slice(RubyLayout layout, SubseqPolicy policy, SubstringTrace.Row r) {
        long sourceLen = r.sourceLen();
        if (r.position() == SlicePosition.MIDDLE && sourceLen <= r.len()) {
            sourceLen = r.len() + 1;
        }
        return StrSubseq.slice(layout, policy, r.subseqSource(), sourceLen, r.position(), r.len());
    }

    /** Groups by call site, in the order of the most substrings first. */
    public static List<Group> bySite(SubstringTrace trace, List<RowOutcome> outcomes) {
        return group(outcomes, o -> trace.siteName(o.row().site()), true);
    }

    /** Groups by length, shortest first. */
    public static List<Group> byLength(List<RowOutcome> outcomes) {
        return group(outcomes, o -> Long.toString(o.row().len()), false);
    }

    /** All rows as one group named {@code key}. */
    public static Group total(List<RowOutcome> outcomes, String key) {
        return group(outcomes, o -> key, false).stream().findFirst().orElse(new Group(key, 0, 0, 0, 0, 0));
    }

    private static List<Group> group(List<RowOutcome> outcomes, Function<RowOutcome, String> keyOf, boolean biggestFirst) {
        Map<String, double[]> sums = new LinkedHashMap<>();
        for (RowOutcome o : outcomes) {
            double[] s = sums.computeIfAbsent(keyOf.apply(o), k -> new double[5]);
            double n = o.substrings();
            s[0] += n;
            s[1] += o.sharedOnMaster() ? n : 0;
            s[2] += o.embeddedByCandidate() ? n : 0;
            s[3] += o.objectsSaved() * n;
            s[4] += o.retainedBytesDelta();
        }
        List<Group> out = new ArrayList<>();
        sums.forEach((k, s) -> out.add(new Group(k, s[0], s[1], s[2], s[3], s[4])));
        if (biggestFirst) {
            out.sort((a, b) -> Double.compare(b.substrings(), a.substrings()));
        } else {
            out.sort((a, b) -> compareKeys(a.key(), b.key()));
        }
        return out;
    }

    private static int compareKeys(String a, String b) {
        try {
            return Long.compare(Long.parseLong(a), Long.parseLong(b));
        } catch (NumberFormatException e) {
            return a.compareTo(b);
        }
    }

    /**
     * How often master's rule on {@code layout} made what the traced Ruby made (shared, embedded or
     * a heap copy), over the traced substrings: a check of the model against the run. Meaningful
     * on the layout of the traced Ruby.
     */
    public static double agreement(SubstringTrace trace, RubyLayout layout) {
        long same = 0;
        long all = 0;
        for (SubstringTrace.Row r : trace.rows()) {
            SubseqOutcome m = slice(layout, SubseqPolicies.master(), r);
            all += r.substrings();
            if (m.representation() == r.observed()) {
                same += r.substrings();
            }
        }
        return all == 0 ? 1 : (double) same / all;
    }
}
