package org.slotlab.model.parsers;

import org.slotlab.model.string.Representation;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.string.SubseqOutcome;

/**
 * One substring a parser takes through str_subseq, with what CRuby did: the source's state at
 * that moment and the {@link SubseqOutcome} under the machine's policy. The header value is the
 * slice the table of Feature #22186 counts. CRuby: string.c:3017-3053 str_subseq (3.4.5).
 *
 * @param role        "key", "value", "field"...
 * @param len         slice length, bytes
 * @param sourceLen   source length, bytes
 * @param suffix      whether the slice ends where its source ends (only suffixes may share)
 * @param sourceState the source's state when sliced
 * @param outcome     what str_subseq did
 */
public record ValueSlice(String role, long len, long sourceLen, boolean suffix, SourceState sourceState,
        SubseqOutcome outcome) {

    public boolean embedded() {
        return outcome.representation() == Representation.EMBEDDED;
    }

    public boolean shared() {
        return outcome.representation() == Representation.SHARED;
    }

    /** Objects this slice cost: 1, or 2 when sharing made a frozen root. */
    public int objects() {
        return outcome.objectsAllocated();
    }
}
