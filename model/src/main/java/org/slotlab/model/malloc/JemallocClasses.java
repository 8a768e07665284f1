package org.slotlab.model.malloc;

/**
 * The size-class arithmetic jemalloc 3.0+ generates with {@code size_classes.sh} (3.x/4.x) and
 * {@code sc.c} (5.x): after the tiny class (8 B) and the quantum-spaced classes (16..128 B in
 * 16 B steps, LG_QUANTUM 4 on x86-64), every doubling (base, 2 * base] is split into
 * 2^LG_SIZE_CLASS_GROUP = 4 equal steps of base / 4: 160, 192, 224, 256, 320, 384, ...
 * Sources: jemalloc {@code include/jemalloc/internal/size_classes.sh} (3.x, generated table e.g.
 * in android platform/external/jemalloc {@code size_classes.h}) and {@code src/sc.c} (5.x,
 * {@code SC_LG_NGROUP} 2).
 */
final class JemallocClasses {

    /** LG_TINY_MIN 3: the tiny class, bytes. */
    static final long TINY = 8;
    /** 2^LG_QUANTUM on x86-64, bytes. */
    static final long QUANTUM = 16;
    /** Upper end of the quantum-spaced classes (4 * QUANTUM * 2 = 128), bytes. */
    static final long QUANTUM_SPACED_MAX = 128;
    /** 2^LG_SIZE_CLASS_GROUP: classes per doubling. */
    static final int CLASSES_PER_DOUBLING = 4;

    private JemallocClasses() {
    }

    /** Smallest class >= request (request >= 0). */
    static long classFor(long request) {
        if (request <= TINY) {
            return TINY;
        }
        if (request <= QUANTUM_SPACED_MAX) {
            return Allocator.roundUp(request, QUANTUM);
        }
        long base = Long.highestOneBit(request - 1);
        long delta = base / CLASSES_PER_DOUBLING;
        return Allocator.roundUp(request, delta);
    }
}
