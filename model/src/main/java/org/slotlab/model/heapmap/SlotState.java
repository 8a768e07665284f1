package org.slotlab.model.heapmap;

/**
 * What a slot of the heap map holds, in heapviz's vocabulary plus the string representations
 * {@code str_subseq} chooses between (CRuby: string.c {@code str_subseq}, {@code STR_EMBED_P},
 * {@code STR_SHARED}, {@code str_new_frozen}). Whether the object is old (promoted by
 * {@code RVALUE_OLD_AGE} survived GCs, gc/default/default.c) is a separate bit of the slot.
 */
public enum SlotState {
    /** No object: on the page's freelist. */
    FREE("free"),
    /** A string whose bytes sit in its own slot (STR_EMBED_P). */
    EMBEDDED("embedded string"),
    /** A string pointing into a shared root's buffer (STR_SHARED). */
    SHARED("shared string"),
    /** The frozen root a shared string keeps alive (str_new_frozen). */
    FROZEN_ROOT("frozen root"),
    /** A string that owns a malloc'd buffer (a heap string). */
    MALLOC_OWNER("string with malloc'd buffer"),
    /** Any other object: what boot left alive, the workload's non-strings. */
    OTHER("other object");

    private final String label;

    SlotState(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
