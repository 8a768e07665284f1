package org.slotlab.model.workload;

/** Which results a loop keeps reachable. */
public enum KeepMode {
    /** The first R results go into an array kept to the end (like str_subseq_memory.rb in Feature #22186); the rest die at once. */
    FIRST("first"),
    /** A ring of the last R results ({@code ring[i % R] = x}): each lives R ops, old ones die as they are replaced. */
    RING("ring");

    private final String label;

    KeepMode(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public static KeepMode parse(String s) {
        for (KeepMode k : values()) {
            if (k.label.equalsIgnoreCase(s)) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown keep mode '" + s + "' (known: first, ring)");
    }
}
