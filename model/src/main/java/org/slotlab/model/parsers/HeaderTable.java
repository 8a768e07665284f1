package org.slotlab.model.parsers;

import java.util.ArrayList;
import java.util.List;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.string.SubseqPolicy;

/**
 * Feature #22186's per-site table (http_headers.csv: values, embedded on master, shared on master,
 * copied at 128, copied at 256), computed by replaying a header parser on each site's header set:
 * each value's str_subseq outcome under master, then under each candidate; "copied" counts values
 * shared on master that the candidate embeds. The method is the thread's; the counts are what the
 * sample data gives.
 *
 * @param parser     the parser replayed (net-http in the thread)
 * @param layout     the layout
 * @param candidates candidate policy names, in column order
 * @param rows       one row per site, in the order of sites.csv
 */
public record HeaderTable(String parser, String layout, List<String> candidates, List<SiteRow> rows) {

    public HeaderTable {
        candidates = List.copyOf(candidates);
        rows = List.copyOf(rows);
    }

    /** The sum of the site rows, named "total" as in the thread. */
    public SiteRow total() {
        SiteRow t = new SiteRow("total", 0, 0, 0, candidates.stream().map(c -> 0).toList());
        for (SiteRow r : rows) {
            t = t.plus(r, "total");
        }
        return t;
    }

    /** The table for the packaged header sets. */
    public static HeaderTable compute(RubyLayout layout, ParserModel parser, List<SubseqPolicy> candidates) {
        return compute(layout, parser, candidates, HeaderSet.loadAll());
    }

    public static HeaderTable compute(RubyLayout layout, ParserModel parser, List<SubseqPolicy> candidates,
            List<HeaderSet> sets) {
        if (parser.input() != ParserModel.InputKind.HTTP_HEADERS) {
            throw new IllegalArgumentException("the per-site table needs a header parser, not " + parser.name());
        }
        List<SiteRow> rows = new ArrayList<>();
        for (HeaderSet set : sets) {
            List<ValueSlice> master = values(layout, parser, SubseqPolicies.master(), set);
            int embedded = (int) master.stream().filter(v -> !v.shared()).count();
            int shared = (int) master.stream().filter(ValueSlice::shared).count();
            List<Integer> copied = new ArrayList<>();
            for (SubseqPolicy c : candidates) {
                List<ValueSlice> cand = values(layout, parser, c, set);
                int n = 0;
                for (int i = 0; i < master.size(); i++) {
                    if (master.get(i).shared() && !cand.get(i).shared()) {
                        n++;
                    }
                }
                copied.add(n);
            }
            rows.add(new SiteRow(set.site(), master.size(), embedded, shared, copied));
        }
        return new HeaderTable(parser.name(), layout.name(), candidates.stream().map(SubseqPolicy::name).toList(), rows);
    }

    /** Every value of every set: master's and each candidate's representation and objects. */
    public static List<ValueRow> values(RubyLayout layout, ParserModel parser, List<SubseqPolicy> candidates,
            List<HeaderSet> sets) {
        List<ValueRow> out = new ArrayList<>();
        for (HeaderSet set : sets) {
            List<ValueSlice> master = values(layout, parser, SubseqPolicies.master(), set);
            List<List<ValueSlice>> cands = new ArrayList<>();
            for (SubseqPolicy c : candidates) {
                cands.add(values(layout, parser, c, set));
            }
            for (int i = 0; i < master.size(); i++) {
                String line = set.lines().get(i);
                int k = i;
                out.add(new ValueRow(set.site(), line.substring(0, line.indexOf(':')).trim(), master.get(i).len(),
                        line.getBytes(java.nio.charset.StandardCharsets.UTF_8).length, ValueRow.slot(master.get(i)),
                        master.get(i).objects(), cands.stream().map(c -> ValueRow.slot(c.get(k))).toList(),
                        cands.stream().map(c -> c.get(k).objects()).toList()));
            }
        }
        return out;
    }

    private static List<ValueSlice> values(RubyLayout layout, ParserModel parser, SubseqPolicy policy, HeaderSet set) {
        StringMachine m = new StringMachine(layout, policy);
        parser.parseHead(m, set.lines());
        List<ValueSlice> out = new ArrayList<>();
        for (List<ValueSlice> line : m.slicesByLine()) {
            List<ValueSlice> values = line.stream().filter(s -> s.role().equals("value")).toList();
            if (values.isEmpty()) {
                // Falcon makes no slice for an empty value (a frozen "" literal): an embedded, empty string.
                out.add(new ValueSlice("value", 0, 0, true, org.slotlab.model.string.SourceState.FROZEN,
                        org.slotlab.model.string.StrSubseq.copy(layout, 0)));
            } else {
                out.add(values.get(0));
            }
        }
        if (out.size() != set.lines().size()) {
            throw new IllegalStateException(set.file() + ": " + out.size() + " values for " + set.lines().size() + " lines");
        }
        return out;
    }
}
