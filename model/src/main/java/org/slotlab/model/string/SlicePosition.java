package org.slotlab.model.string;

/**
 * Where the substring sits in its source. CRuby 3.4.5: only a suffix may share
 * (SHARABLE_SUBSTRING_P, string.c:215-222; SHARABLE_MIDDLE_SUBSTRING is 0).
 */
public enum SlicePosition {
    SUFFIX("suffix"),
    MIDDLE("middle");

    private final String label;

    SlicePosition(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public static SlicePosition parse(String s) {
        for (SlicePosition v : values()) {
            if (v.label.equalsIgnoreCase(s)) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown slice position '" + s + "' (known: suffix, middle)");
    }
}
