package org.slotlab.model.string;

/**
 * The decision str_subseq makes for a sharable substring: copy it into an embedded string or
 * share the source's buffer. Policies have short names ({@code master}, {@code always-embed},
 * {@code cutoff:256}, {@code frozen-rule:128}) and may add #19315's sharable middle substrings
 * ({@code +middle}). Built by {@link SubseqPolicies}.
 */
public interface SubseqPolicy {

    /** Short name that {@link SubseqPolicies#parse(String)} reads back. */
    String name();

    /** Whether a sharable substring is embedded (copied) rather than shared. */
    boolean embeds(SubseqContext ctx);

    /**
     * Slot size an embedded copy takes: master copies into the sizeof(RString) slot it already
     * allocated (str_alloc_heap); the VWA policies allocate the right-sized slot (str_alloc_embed).
     */
    int embedSlotSize(SubseqContext ctx);

    /** Whether middle substrings may share too (SHARABLE_MIDDLE_SUBSTRING, Feature #19315). */
    default boolean sharableMiddle() {
        return false;
    }
}
