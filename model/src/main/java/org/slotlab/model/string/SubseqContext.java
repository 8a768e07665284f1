package org.slotlab.model.string;

import org.slotlab.model.layout.RubyLayout;

/**
 * What a substring policy sees when str_subseq may share: the layout, the slice length and
 * terminator, and the source's state. CRuby: string.c:3017-3053 str_subseq (3.4.5).
 */
public record SubseqContext(RubyLayout layout, long len, int termLen, SourceState source) {

    /** rb_str_embed_size(len + termlen): the bytes an embedded copy needs. */
    public long embedSize() {
        return layout.embedSize(len + termLen);
    }
}
