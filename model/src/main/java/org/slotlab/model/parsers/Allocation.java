package org.slotlab.model.parsers;

/**
 * One object a parsing step allocates: the step (the Ruby call that made it), its role, its slot
 * size and the malloc'd bytes it owns when it dies. Made by {@link StringMachine}.
 *
 * @param step        the Ruby expression or C function that allocated it, e.g. {@code line.strip}
 * @param role        what it is: line, dup, MatchData, frozen copy, key, value, frozen root, Array, Hash
 * @param slotBytes   slot size, bytes
 * @param mallocBytes bytes of malloc'd buffers it owns (freed with it), 0 when none
 * @param mallocs     malloc calls those bytes took
 */
public record Allocation(String step, String role, int slotBytes, long mallocBytes, int mallocs) {

    public Allocation {
        if (slotBytes <= 0) {
            throw new IllegalArgumentException("an allocation needs a slot size > 0 B, got " + slotBytes);
        }
        if (mallocBytes < 0 || mallocs < 0) {
            throw new IllegalArgumentException("malloc bytes and calls must be >= 0");
        }
    }

    Allocation plusMalloc(long bytes) {
        return new Allocation(step, role, slotBytes, mallocBytes + bytes, mallocs + 1);
    }
}
