package org.slotlab.model.parsers;

import java.util.List;

/**
 * One header value of one site as a parser took it: its length, what master did with it and what
 * each candidate does, and the objects the value cost under each (Feature #22186's per-value view).
 *
 * @param site             the site
 * @param header           the header name
 * @param valueLenBytes    value length
 * @param lineLenBytes     the header line's length (without CRLF)
 * @param masterSlot       "shared" or the slot size in bytes on master
 * @param masterObjects    objects the value cost on master (2 when sharing made a frozen root)
 * @param candidateSlots   per candidate, "shared" or the slot size in bytes
 * @param candidateObjects per candidate, objects the value cost
 */
public record ValueRow(String site, String header, long valueLenBytes, long lineLenBytes, String masterSlot, int masterObjects,
        List<String> candidateSlots, List<Integer> candidateObjects) {

    public ValueRow {
        candidateSlots = List.copyOf(candidateSlots);
        candidateObjects = List.copyOf(candidateObjects);
    }

    static String slot(ValueSlice v) {
        return v.shared() ? "shared" : Integer.toString(v.outcome().sliceSlotBytes());
    }
}
