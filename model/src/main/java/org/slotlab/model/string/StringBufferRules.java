package org.slotlab.model.string;

import org.slotlab.model.layout.RubyLayout;

/**
 * CRuby's rules for string buffers in one era: where {@code " " * n}, {@code rb_str_buf_new(capa)}
 * and {@code String.new(capacity:)} put their bytes, the {@code STR_BUF_MIN_SIZE} floor, and how
 * appending grows the capacity. Sources: Feature #12025 (https://bugs.ruby-lang.org/issues/12025, r55686 /
 * r55692) for Ruby 2.4-dev, RUBY_FACTS.md "Buffers, capacity, resize" for 3.1.2 and 3.4.5
 * (string.c:1645, 1648-1661, 2011-2013, 2063-2139, 2477-2532, 3400-3438 in 3.4.5).
 *
 * <p>Every malloc'd buffer is {@code capa + termlen} bytes. In 2.4-dev, {@code rb_str_buf_new}
 * raised any capacity below {@code STR_BUF_MIN_SIZE} to it: 128 before r55686, so malloc(129),
 * which a power-of-two allocator serves from its 256 B class; 127 after, so malloc(128). In 3.4
 * {@code rb_str_buf_new} and {@code String.new(capacity:)} embed up to 615 bytes in a slot and
 * have no floor; the floor (63) is left only in {@code rb_str_init}, which String subclasses
 * reach.
 */
public final class StringBufferRules {

    /** STR_BUF_MIN_SIZE before r55686 (2.4-dev), bytes. */
    public static final long STR_BUF_MIN_SIZE_BEFORE_R55686 = 128;
    /** STR_BUF_MIN_SIZE from r55686 (Feature #12025), bytes. */
    public static final long STR_BUF_MIN_SIZE_R55686 = 127;
    /** STR_BUF_MIN_SIZE in 3.1.2 (string.c:1500) and 3.4.5 (string.c:1645), bytes. */
    public static final long STR_BUF_MIN_SIZE_MODERN = 63;

    /** Where rb_str_buf_new puts a small buffer. */
    public enum BufNewEmbedding {
        /** 2.4-dev: always a malloc'd buffer (Feature #12025: "The underlying C buffer is always 1 more"). */
        NEVER,
        /** 3.1: embedded when capa fits the fixed 24-byte embed area, else malloc(max(capa, min) + 1). */
        FIXED_EMBED,
        /** 3.4: embedded in the pool fitting 24 + capa + 1 when capa &lt;= 615, no minimum. */
        VARIABLE_WIDTH
    }

    private final String name;
    private final String description;
    private final RubyLayout layout;
    private final long strBufMinSize;
    private final BufNewEmbedding bufNew;
    private final boolean stringNewFastPath;
    private final GrowthRule growth;

    private StringBufferRules(String name, String description, RubyLayout layout, long strBufMinSize,
                              BufNewEmbedding bufNew, boolean stringNewFastPath, GrowthRule growth) {
        if (strBufMinSize < 0) {
            throw new IllegalArgumentException("STR_BUF_MIN_SIZE must be >= 0, got " + strBufMinSize);
        }
        this.name = name;
        this.description = description;
        this.layout = layout;
        this.strBufMinSize = strBufMinSize;
        this.bufNew = bufNew;
        this.stringNewFastPath = stringNewFastPath;
        this.growth = growth;
    }

    /**
     * The Ruby 2.4-dev that Feature #12025 measured (2016): one 40 B RVALUE class with 16 KiB pages,
     * strings embed up to 23 bytes (like 3.1, so the layout is 3.1's renamed).
     *
     * @param strBufMinSize 128 (before r55686) or 127 (r55686)
     * @param growth        {@link GrowthRule#DOUBLE} before r55686, {@link GrowthRule#DOUBLE_PLUS_ONE}
     *                      in r55686, {@link GrowthRule#DOUBLE_PLUS_TERMLEN} from r55692
     */
    public static StringBufferRules ruby24dev(long strBufMinSize, GrowthRule growth) {
        RubyLayout layout = RubyLayout.ruby31().toBuilder()
                .name("ruby-2.4")
                .description("CRuby 2.4-dev (2016, Feature #12025): one 40 B RVALUE heap, 16 KiB pages, strings embed up "
                        + "to 23 B; geometry taken from 3.1.2 (2.4 fits 408 slots per page, 3.1 409)")
                .build();
        return new StringBufferRules("ruby-2.4-dev (STR_BUF_MIN_SIZE " + strBufMinSize + ", " + growth.formula() + ")",
                "CRuby 2.4-dev as measured in Feature #12025", layout, strBufMinSize,
                BufNewEmbedding.NEVER, false, growth);
    }

    /** 2.4-dev before r55686: STR_BUF_MIN_SIZE 128, capa doubles. */
    public static StringBufferRules ruby24devBefore() {
        return ruby24dev(STR_BUF_MIN_SIZE_BEFORE_R55686, GrowthRule.DOUBLE);
    }

    /** 2.4-dev after r55686 + r55692: STR_BUF_MIN_SIZE 127, capa = 2 * capa + termlen. */
    public static StringBufferRules ruby24devAfter() {
        return ruby24dev(STR_BUF_MIN_SIZE_R55686, GrowthRule.DOUBLE_PLUS_TERMLEN);
    }

    /** CRuby 3.1.2 (RUBY_FACTS.md): min 63 in rb_str_buf_new (capa &gt; 23) and rb_str_init. */
    public static StringBufferRules ruby31() {
        return new StringBufferRules("ruby-3.1", "CRuby 3.1.2: STR_BUF_MIN_SIZE 63 (string.c:1500)",
                RubyLayout.ruby31(), STR_BUF_MIN_SIZE_MODERN, BufNewEmbedding.FIXED_EMBED, false,
                GrowthRule.DOUBLE_PLUS_TERMLEN);
    }

    /** CRuby 3.4.5 (RUBY_FACTS.md): buffers embed up to 615 B; min 63 only in rb_str_init. */
    public static StringBufferRules ruby34() {
        return new StringBufferRules("ruby-3.4", "CRuby 3.4.5: STR_BUF_MIN_SIZE 63 only in rb_str_init (string.c:1645)",
                RubyLayout.ruby34(), STR_BUF_MIN_SIZE_MODERN, BufNewEmbedding.VARIABLE_WIDTH, true,
                GrowthRule.DOUBLE_PLUS_TERMLEN);
    }

    /**
     * These rules on another build's layout, e.g. 3.4's rules on the nine heaps of a 4.1-dev build:
     * what rb_str_buf_new and String.new embed then follows that layout's slot sizes.
     */
    public StringBufferRules onLayout(String newName, String newDescription, RubyLayout other) {
        return new StringBufferRules(newName, newDescription, other, strBufMinSize, bufNew, stringNewFastPath, growth);
    }

    /**
     * The rules a calibrated layout implies: 3.4's (rb_str_buf_new embeds up to the largest slot, no
     * STR_BUF_MIN_SIZE floor) on variable-width slots, 3.1's (a fixed embed area, the 63-byte floor) on
     * a fixed one. The layout read off a real Ruby says which; its slot sizes and embed limit then
     * decide which strings embed.
     */
    public static StringBufferRules ofLayout(RubyLayout layout) {
        return layout.embedRule() == RubyLayout.EmbedRule.FIXED
                ? ruby31().onLayout(layout.name(), "CRuby 3.1's string rules on the layout " + layout.name(), layout)
                : ruby34().onLayout(layout.name(), "CRuby 3.4's string rules on the layout " + layout.name(), layout);
    }

    /** Presets by name: ruby-2.4-before, ruby-2.4-after, ruby-3.1, ruby-3.4. */
    public static StringBufferRules byName(String name) {
        return switch (name == null ? "" : name.trim()) {
            case "ruby-2.4-before", "ruby-2.4-r55685" -> ruby24devBefore();
            case "ruby-2.4-after", "ruby-2.4", "ruby-2.4-r55692" -> ruby24devAfter();
            case "ruby-3.1" -> ruby31();
            case "ruby-3.4" -> ruby34();
            default -> throw new IllegalArgumentException("unknown string-buffer era '" + name
                    + "' (known: ruby-2.4-before, ruby-2.4-after, ruby-3.1, ruby-3.4)");
        };
    }

    private int termLen() {
        return layout.termLen();
    }

    private StringAllocation heapString(long capa) {
        return new StringAllocation(layout.slotSize(layout.rstringHeap()), capa, capa + termLen(), false);
    }

    private StringAllocation exactString(long len) {
        if (layout.isEmbeddable(len, termLen())) {
            return new StringAllocation(layout.slotSize(layout.heapForNewString(len)),
                    layout.embedCapa(layout.slotSize(layout.heapForNewString(len))) - termLen(), 0, true);
        }
        return heapString(len);
    }

    private static void checkLength(String what, long n) {
        if (n < 0) {
            throw new IllegalArgumentException(what + " must be >= 0 bytes, got " + n);
        }
    }

    /**
     * {@code " " * n} (rb_str_times): an exact-size string, str_new0 / str_enc_new. Embedded when
     * it fits (2.4/3.1: n &lt;= 23; 3.4: n &lt;= 615), otherwise a 40 B RString plus malloc(n + 1).
     */
    public StringAllocation timesString(long n) {
        checkLength("string length", n);
        return exactString(n);
    }

    /** {@code rb_str_buf_new(capa)}: the C API buffer STR_BUF_MIN_SIZE was written for. */
    public StringAllocation bufNew(long capa) {
        checkLength("rb_str_buf_new capa", capa);
        return switch (bufNew) {
            case NEVER -> heapString(Math.max(capa, strBufMinSize));
            case FIXED_EMBED -> layout.isEmbeddable(capa, termLen()) ? exactString(capa)
                    : heapString(Math.max(capa, strBufMinSize));
            case VARIABLE_WIDTH -> exactString(capa);
        };
    }

    /**
     * {@code String.new(capacity: capa)}. 3.4's {@code rb_str_s_new} fast path sizes it like
     * {@code str_enc_new} (embedded up to 615 B); without it (2.4, 3.1, and String subclasses in
     * 3.4) {@code rb_str_init} makes a malloc'd buffer of max(capa, STR_BUF_MIN_SIZE).
     */
    public StringAllocation newWithCapacity(long capa, boolean stringSubclass) {
        checkLength("String.new capacity", capa);
        if (stringNewFastPath && !stringSubclass) {
            return exactString(capa);
        }
        return heapString(Math.max(capa, strBufMinSize));
    }

    /**
     * Capacity after appending so that {@code total} bytes fit, from capacity {@code capa}
     * (str_buf_cat). Raises CRuby's "string sizes too big" when {@code len + n} overflows.
     */
    public long appendCapacity(long capa, long len, long n) {
        checkLength("length", len);
        checkLength("appended length", n);
        if (len > Long.MAX_VALUE - n) {
            throw new IllegalArgumentException("string sizes too big: " + len + " + " + n
                    + " exceeds LONG_MAX (CRuby str_buf_cat raises ArgumentError)");
        }
        return growth.grow(capa, len + n, termLen());
    }

    public String name() {
        return name;
    }

    public String description() {
        return description;
    }

    public RubyLayout layout() {
        return layout;
    }

    /** STR_BUF_MIN_SIZE of this era, bytes. */
    public long strBufMinSize() {
        return strBufMinSize;
    }

    public GrowthRule growth() {
        return growth;
    }

    public BufNewEmbedding bufNewEmbedding() {
        return bufNew;
    }

    @Override
    public String toString() {
        return "StringBufferRules(" + name + ": layout " + layout.name() + ", STR_BUF_MIN_SIZE " + strBufMinSize
                + ", rb_str_buf_new " + bufNew + ", String.new fast path " + stringNewFastPath + ", growth "
                + growth.formula() + ")";
    }
}
