package org.slotlab.model.string;

/**
 * State of the string a substring is taken from, which decides whether sharing must allocate a
 * frozen root. CRuby: string.c:1400-1470 str_replace_shared / rb_str_new_frozen (3.4.5).
 */
public enum SourceState {
    /** Frozen (not chilled): it is its own root; sharing allocates only the slice. */
    FROZEN("frozen"),
    /** Neither frozen nor shared, built fresh for each slice: sharing makes a frozen root first. */
    UNFROZEN_UNSHARED("unfrozen-unshared"),
    /** Already shared with a root: sharing reuses that root. */
    ALREADY_SHARED("already-shared");

    private final String label;

    SourceState(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Whether sharing from this source must allocate a frozen root. */
    public boolean sharingNeedsRoot() {
        return this == UNFROZEN_UNSHARED;
    }

    public static SourceState parse(String s) {
        for (SourceState v : values()) {
            if (v.label.equalsIgnoreCase(s) || v.name().equalsIgnoreCase(s)) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown source state '" + s + "' (known: frozen, unfrozen-unshared, already-shared)");
    }
}
