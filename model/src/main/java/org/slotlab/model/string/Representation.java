package org.slotlab.model.string;

/**
 * How a string holds its bytes. CRuby: include/ruby/internal/core/rstring.h (STR_NOEMBED, STR_SHARED).
 */
public enum Representation {
    /** Bytes inside the slot (slot = smallest that holds rb_str_embed_size(len + termlen)). */
    EMBEDDED("embedded"),
    /** A 40 B RString with its own malloc'd buffer of capa + termlen bytes. */
    HEAP("heap"),
    /** A 40 B RString pointing into a root's buffer; the root lives as long as the slice. */
    SHARED("shared");

    private final String label;

    Representation(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
