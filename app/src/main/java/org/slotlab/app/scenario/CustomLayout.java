package org.slotlab.app.scenario;

import java.util.List;
import java.util.Objects;
import org.slotlab.model.layout.RubyLayout;

/**
 * A user-defined CRuby layout: a preset's GC tunables with its own slot sizes and RString
 * geometry. {@link #build()} goes through {@link RubyLayout#builder(String)}, whose messages
 * name the broken rule (e.g. "slot sizes must be strictly increasing"). Terms as in CRuby:
 * heap_slot_size (gc/default/default.c:2256), offsetof(struct RString, as.embed.ary)
 * (rstring.h:196-253), TERM_LEN.
 *
 * @param name        the layout's name, shown in the status bar
 * @param basePreset  preset whose GC parameters (and boot state, when the heap count matches) are kept
 * @param slotSizes   slot size of each heap, bytes, ascending
 * @param pageSize    heap page size, bytes
 * @param rstringSize sizeof(struct RString), bytes
 * @param embedOffset offset of the embedded bytes, bytes
 * @param termLen     terminator length, bytes
 */
public record CustomLayout(String name, String basePreset, List<Integer> slotSizes, int pageSize, int rstringSize,
        int embedOffset, int termLen) {

    public CustomLayout {
        Objects.requireNonNull(name, "custom layout name");
        Objects.requireNonNull(basePreset, "custom layout base preset");
        slotSizes = List.copyOf(Objects.requireNonNull(slotSizes, "custom layout slot sizes"));
    }

    /** A custom layout that starts as a copy of {@code preset}. */
    public static CustomLayout from(RubyLayout preset) {
        return new CustomLayout("custom", preset.name(), java.util.Arrays.stream(preset.slotSizes()).boxed().toList(),
                preset.pageSize(), preset.rstringSize(), preset.embedOffset(), preset.termLen());
    }

    /** The validated layout; IllegalArgumentException names the broken rule. */
    public RubyLayout build() {
        RubyLayout base = RubyLayout.byName(basePreset);
        int[] slots = slotSizes.stream().mapToInt(Integer::intValue).toArray();
        RubyLayout.Builder b = base.toBuilder().name(name).description("custom layout based on " + basePreset)
                .slotSizes(slots).pageSize(pageSize).rstringSize(rstringSize).embedOffset(embedOffset)
                .termLen(termLen).embedRule(RubyLayout.EmbedRule.VARIABLE_WIDTH);
        if (slots.length != base.heapCount()) {
            b.boot(null);
        }
        return b.build();
    }
}
