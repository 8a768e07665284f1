package org.slotlab.model.parsers;

import java.util.ArrayList;
import java.util.List;

/**
 * Chart-ready series of the parsers scenario, as pure functions of the model's results: a stacked bar per
 * site (values embedded on master, values a candidate copies, values still shared) and objects
 * allocated per line by parser and policy. The workbench plots these; nothing here draws.
 */
public final class ParserSeries {

    private ParserSeries() {}

    /**
     * One stacked bar: a site's values under one candidate.
     *
     * @param site                 the site
     * @param policy               the candidate
     * @param embeddedOnMasterValues values embedded already on master
     * @param copiedValues         values shared on master that the candidate copies
     * @param sharedValues         values the candidate still shares
     */
    public record SiteBar(String site, String policy, int embeddedOnMasterValues, int copiedValues, int sharedValues) {}

    /**
     * One bar of "allocations per line by parser".
     *
     * @param parser             parser
     * @param policy             policy
     * @param objectsPerLine     objects allocated per line
     * @param frozenRootsPerLine of which frozen roots made by rb_str_new_frozen
     */
    public record AllocationsPerLine(String parser, String policy, double objectsPerLine, double frozenRootsPerLine) {}

    /** The stacked bars of the per-site table for candidate {@code candidate} (an index into its candidates). */
    public static List<SiteBar> siteBars(HeaderTable table, int candidate) {
        if (candidate < 0 || candidate >= table.candidates().size()) {
            throw new IllegalArgumentException("candidate index " + candidate + " outside 0.." + (table.candidates().size() - 1));
        }
        List<SiteBar> out = new ArrayList<>();
        for (SiteRow r : table.rows()) {
            out.add(new SiteBar(r.site(), table.candidates().get(candidate), r.embeddedOnMaster(), r.copied().get(candidate),
                    r.stillShared(candidate)));
        }
        return out;
    }

    /** Objects per line for every parser and policy of a run. */
    public static List<AllocationsPerLine> allocationsPerLine(List<ParserOutcome> rows) {
        return rows.stream().map(o -> new AllocationsPerLine(o.parser(), o.policy(), o.objectsPerLine(),
                (double) o.frozenRootsPerPass() / o.lines())).toList();
    }
}
