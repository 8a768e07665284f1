package org.slotlab.model.parsers;

import java.util.List;

/**
 * One site in the shape of Feature #22186's table (http_headers.csv): its header values, how many are
 * embedded and how many shared on master, and for each candidate cutoff how many of the shared
 * ones it would copy instead. A chart draws it as a stacked bar: embedded, copied, still shared.
 *
 * @param site             the site
 * @param values           header values
 * @param embeddedOnMaster values embedded on master
 * @param sharedOnMaster   values shared on master
 * @param copied           per candidate (in the table's order), values shared on master that it copies
 */
public record SiteRow(String site, int values, int embeddedOnMaster, int sharedOnMaster, List<Integer> copied) {

    public SiteRow {
        copied = List.copyOf(copied);
        if (embeddedOnMaster + sharedOnMaster != values) {
            throw new IllegalStateException(site + ": embedded (" + embeddedOnMaster + ") + shared (" + sharedOnMaster
                    + ") != values (" + values + ")");
        }
        for (int c : copied) {
            if (c < 0 || c > sharedOnMaster) {
                throw new IllegalStateException(site + ": copied " + c + " outside 0.." + sharedOnMaster);
            }
        }
    }

    /** Values that stay shared under candidate {@code i}. */
    public int stillShared(int i) {
        return sharedOnMaster - copied.get(i);
    }

    SiteRow plus(SiteRow o, String name) {
        List<Integer> c = new java.util.ArrayList<>();
        for (int i = 0; i < copied.size(); i++) {
            c.add(copied.get(i) + o.copied.get(i));
        }
        return new SiteRow(name, values + o.values, embeddedOnMaster + o.embeddedOnMaster, sharedOnMaster + o.sharedOnMaster, c);
    }
}
