package org.slotlab.model.classnew;

/** How {@code Foo.new(...)} passes its N arguments to initialize (Fast Allocations in Ruby 3.5's two benchmark families). */
public enum ParamKind {
    /** {@code Foo.new(0, 1, ..., N-1)} into {@code def initialize(a0, ..., aN-1)}. */
    POSITIONAL("positional"),
    /** {@code Foo.new(a0: 0, ..., aN-1: N-1)} into {@code def initialize(a0:, ..., aN-1:)}. */
    KEYWORD("keyword");

    private final String label;

    ParamKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public static ParamKind parse(String option, String s) {
        for (ParamKind k : values()) {
            if (k.label.equalsIgnoreCase(s.trim())) {
                return k;
            }
        }
        throw new IllegalArgumentException(option + ": unknown parameter kind '" + s + "' (known: positional, keyword)");
    }
}
