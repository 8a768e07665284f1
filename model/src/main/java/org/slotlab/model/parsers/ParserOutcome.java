package org.slotlab.model.parsers;

import org.slotlab.model.workload.Outcome;

/**
 * One parser under one policy, parsing its data set {@code passes} times: objects per line and per
 * value, how the values were held, GC pressure and the predicted time, with the speed ratio against
 * master (master ns / this ns: above 1 = faster). Plottable as "allocations per line by parser".
 *
 * @param parser              parser name
 * @param policy              policy name
 * @param lines               lines one pass parses
 * @param values              values (slices in the "value" role) one pass takes
 * @param objectsPerLine      objects allocated per line
 * @param objectsPerValue     objects the value slice costs (1, or 2 with a new frozen root), averaged
 * @param valuesEmbedded      values embedded (copied) per pass
 * @param valuesShared        values shared per pass
 * @param valuesCopiedVsMaster values shared on master that this policy copies, per pass
 * @param frozenRootsPerPass  frozen roots rb_str_new_frozen made per pass (all steps, not just values)
 * @param slotBytesPerLine    slot bytes allocated per line
 * @param gcCount             GCs over all passes (heap simulation)
 * @param nsPerLine           predicted ns per line (cost profile)
 * @param speedRatio          master ns / this ns
 * @param outcome             the simulation and pricing of all passes (one op = one pass)
 */
public record ParserOutcome(String parser, String policy, long lines, long values, double objectsPerLine,
        double objectsPerValue, long valuesEmbedded, long valuesShared, long valuesCopiedVsMaster,
        long frozenRootsPerPass, double slotBytesPerLine, long gcCount, double nsPerLine, double speedRatio,
        Outcome outcome) {
}
