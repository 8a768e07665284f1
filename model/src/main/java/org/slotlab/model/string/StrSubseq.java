package org.slotlab.model.string;

import org.slotlab.model.layout.RubyLayout;

/**
 * CRuby's str_subseq (string.c:3017-3053, 3.4.5; rb_str_subseq string.c:2821-2841, 3.1.2) with a
 * pluggable decision for the sharable case. Rules (RUBY_FACTS.md "Substrings"):
 * <ol>
 * <li>A non-suffix substring (unless the policy lets middles share) is a copy made by rb_str_new:
 *     embedded in the fitting slot when STR_EMBEDDABLE_P, else a 40 B RString + malloc(len + 1).</li>
 * <li>A sharable substring the policy embeds is copied into the policy's slot.</li>
 * <li>Otherwise it shares: a 40 B RString pointing into the root. The root is the source itself
 *     when frozen, its existing root when already shared; else str_new_frozen_buffer
 *     (string.c:1577-1629) makes one: a new embedded copy of the whole source when the source is
 *     short enough to embed (len <= 615 on 3.4), or a 40 B object that takes over a long
 *     source's malloc'd buffer (heap_str_make_shared, string.c:1559-1575).</li>
 * </ol>
 */
public final class StrSubseq {

    private StrSubseq() {}

    /** The outcome of slicing {@code len} bytes at {@code position} from a source of {@code sourceLen} bytes. */
    public static SubseqOutcome slice(RubyLayout layout, SubseqPolicy policy, SourceState source, long sourceLen,
            SlicePosition position, long len) {
        if (len < 0) {
            throw new IllegalArgumentException("slice length must be >= 0, got " + len);
        }
        if (len > sourceLen) {
            throw new IllegalArgumentException("slice length (" + len + ") must be <= source length (" + sourceLen + ")");
        }
        int termLen = layout.termLen();
        int rstringSlot = layout.slotSize(layout.rstringHeap());
        boolean sharable = position == SlicePosition.SUFFIX || policy.sharableMiddle();
        if (!sharable) {
            return copy(layout, len);
        }
        SubseqContext ctx = new SubseqContext(layout, len, termLen, source);
        if (policy.embeds(ctx)) {
            return new SubseqOutcome(Representation.EMBEDDED, policy.embedSlotSize(ctx), 0, 0, 0, false, len, false);
        }
        // Share: a sizeof(RString) header pointing into the root.
        int rootSlot = 0;
        long rootMalloc = 0;
        boolean tookOver = false;
        long copied = 0;
        if (source.sharingNeedsRoot()) {
            if (layout.isEmbeddable(sourceLen, termLen)) {
                rootSlot = layout.slotSize(layout.heapForNewString(sourceLen));
                copied = sourceLen;
            } else {
                rootSlot = rstringSlot;
                tookOver = true;
            }
        }
        return new SubseqOutcome(Representation.SHARED, rstringSlot, 0, rootSlot, rootMalloc, tookOver, copied, true);
    }

    /**
     * rb_str_new(ptr, len): embedded when it fits a slot, else RString + malloc(len + termlen). A
     * length whose buffer (len + termlen) would pass LONG_MAX is refused, as CRuby refuses a string
     * size past LONG_MAX with an ArgumentError (string.c).
     */
    public static SubseqOutcome copy(RubyLayout layout, long len) {
        int termLen = layout.termLen();
        if (len > Long.MAX_VALUE - termLen) {
            throw new IllegalArgumentException("string size too big: " + len + " B plus a " + termLen
                    + " B terminator passes LONG_MAX");
        }
        int heap = layout.heapForNewString(len);
        if (layout.isEmbeddable(len, termLen)) {
            return new SubseqOutcome(Representation.EMBEDDED, layout.slotSize(heap), 0, 0, 0, false, len, false);
        }
        return new SubseqOutcome(Representation.HEAP, layout.slotSize(heap), len + termLen, 0, 0, false, len, false);
    }
}
