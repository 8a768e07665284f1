package org.slotlab.model.cost;

/**
 * Events one operation performs that cost time outside the slot heap, counted exactly from the
 * model's rules (slot allocations and GCs are counted by the heap simulation).
 *
 * @param methodCalls   interpreter calls of C methods (byteslice, String#*, split...)
 * @param newCalls      Class#new calls (allocate + initialize dispatch)
 * @param bytesCopied   bytes memcpy'd or filled
 * @param sharedSetups  shared-string headers set up (str_replace_shared)
 * @param frozenRoots   frozen roots made by str_new_frozen_buffer
 * @param mallocs       malloc calls (each later freed)
 */
public record OpEvents(double methodCalls, double newCalls, double bytesCopied, double sharedSetups,
        double frozenRoots, double mallocs) {

    public static final OpEvents NONE = new OpEvents(0, 0, 0, 0, 0, 0);

    public OpEvents plus(OpEvents o) {
        return new OpEvents(methodCalls + o.methodCalls, newCalls + o.newCalls, bytesCopied + o.bytesCopied,
                sharedSetups + o.sharedSetups, frozenRoots + o.frozenRoots, mallocs + o.mallocs);
    }
}
