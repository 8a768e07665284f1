package org.slotlab.charts;

import java.util.Objects;

/**
 * Where a published number comes from: who posted it, on what machine, in which seed thread.
 * Its {@link #label()} is the legend entry of an overlay, e.g. {@code himura467, arm64 macOS (seed 000)}
 * for the numbers in {@code sample-data/reference/subseq_len_sweep.csv} (seed {@code 000_30e668f7bc580535.txt}).
 *
 * @param author  who measured, as named in the thread (e.g. {@code himura467}, {@code byroot})
 * @param machine the machine or build, as reported (e.g. {@code arm64 macOS})
 * @param seed    the seed thread number (e.g. {@code 000}); empty if not from a seed
 */
public record Provenance(String author, String machine, String seed) {

    public Provenance {
        Objects.requireNonNull(author, "author");
        Objects.requireNonNull(machine, "machine");
        Objects.requireNonNull(seed, "seed");
        if (author.isBlank()) {
            throw new IllegalArgumentException("provenance author must not be blank");
        }
    }

    /** The legend label: {@code author, machine (seed N)}, leaving out empty parts. */
    public String label() {
        StringBuilder label = new StringBuilder(author.strip());
        if (!machine.isBlank()) {
            label.append(", ").append(machine.strip());
        }
        if (!seed.isBlank()) {
            label.append(" (seed ").append(seed.strip()).append(')');
        }
        return label.toString();
    }
}
