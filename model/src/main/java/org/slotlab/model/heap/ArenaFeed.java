package org.slotlab.model.heap;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.slotlab.model.malloc.MainArena;

/**
 * Feeds the heap simulation's mallocs and sweep frees, in CRuby's order, to a {@link MainArena},
 * so that the run counts the pages its malloc'd buffers fault in. The order, read from CRuby
 * 3.4's {@code gc/default/default.c}:
 * <ul>
 * <li>an object's buffer is malloc'd right after its slot, the objects of an operation in turn;</li>
 * <li>a GC finds the objects of the operation before the one in progress still reachable: a
 *     local variable (and the VM stack's temporaries) keeps the previous operation's value until
 *     the new one is made and stored, and the VM stack is a root of marking
 *     ({@code rb_execution_context_mark} marks it), so their buffers are freed by the next GC;</li>
 * <li>a sweep frees the buffers of the dead objects newest first: {@code gc_sweep_page} walks a page
 *     from its lowest slot up, and a page hands out its highest free slot first (the freelist is
 *     a stack that {@code heap_page_add_freeobj} pushes each free slot on, lowest first), so the
 *     later an object was made the lower it sits; a minor GC's sweep frees them all at its first
 *     step (the dead of a cycle share the few pages the first {@code gc_sweep_step}s sweep, before
 *     the next buffers are malloc'd);</li>
 * <li>a major GC marks incrementally ({@code gc_start} sets {@code during_incremental_marking} for
 *     a full mark): allocation goes on, and at each marking step ({@code HeapSimulator} decides
 *     when, as CRuby does: every {@code INCREMENTAL_MARK_STEP_ALLOCATIONS} slots and whenever a
 *     heap's page is used up) the marking reaches what the VM stack holds then (the objects of the
 *     operation in progress and of the one before it, whose local variable is overwritten only
 *     after the new value is made); when marking finishes, the sweep frees every buffer whose
 *     object is dead by then and no step marked, those made during the marking included, and their
 *     bytes come off {@code malloc_increase} ({@code objspace_malloc_increase_body} takes every
 *     free off it, never below 0), so the next GC by malloc comes later than after a minor. A GC
 *     that starts before the marking ends finishes it and its sweep first, as {@code gc_rest}
 *     does.</li>
 * </ul>
 * Objects that live to the end of the run are never freed, so their buffers are not tracked
 * (only the arena remembers where they are).
 */
final class ArenaFeed {

    private final MainArena arena = new MainArena();
    /** Live tracked buffers per spec: birth op to handle (at most one buffer per spec and op). */
    private final Map<ObjectSpec, TreeMap<Long, Long>> live = new IdentityHashMap<>();
    /** The specs of {@link #live} in the order they first malloc'd: the order every walk over them takes. */
    private final List<ObjectSpec> order = new ArrayList<>();

    /** Buffers of dead objects a GC found still on the VM stack: the next GC frees them. (spec, birth op). */
    private final List<Object[]> carried = new ArrayList<>();
    /** Buffers a major's sweep will free when its marking ends: (spec, birth op). */
    private final List<Object[]> pending = new ArrayList<>();
    private boolean marking;
    private long lateSweptBytes;
    /** The op the running incremental marking started at. */
    private long markingFrom;
    /** Buffers marked by a step of the current incremental marking: they survive its sweep. */
    private final Map<ObjectSpec, java.util.Set<Long>> marked = new IdentityHashMap<>();

    /** Whether a major GC's incremental marking is running (its sweep not done yet). */
    boolean marking() {
        return marking;
    }

    MainArena arena() {
        return arena;
    }

    /** The buffer of {@code spec}'s object made at op {@code t}. */
    void malloc(ObjectSpec spec, long t) {
        long h = arena.malloc(spec.mallocBytes());
        if (spec.lifetime() != ObjectSpec.RETAINED) {
            TreeMap<Long, Long> m = live.get(spec);
            if (m == null) {
                m = new TreeMap<>();
                live.put(spec, m);
                order.add(spec);
            }
            m.put(t, h);
        }
    }

    /**
     * A step of the running incremental marking at op {@code t} (the heap simulation decides when:
     * every {@code INCREMENTAL_MARK_STEP_ALLOCATIONS} slots, and whenever a heap's page runs out).
     */
    void markingStep(long t) {
        if (marking) {
            markStack(t);
        }
    }

    /** The running incremental marking ends at op {@code t}: its sweep frees the buffers of the dead. */
    void endMarking(long t) {
        if (marking) {
            finishMarking(t);
        }
    }

    /** A marking step at op {@code t}: the objects of ops t and t - 1 are on the VM stack. */
    private void markStack(long t) {
        for (ObjectSpec s : order) {
            for (Long born : live.get(s).subMap(t - 1, true, t, true).keySet()) {
                marked.computeIfAbsent(s, k -> new java.util.TreeSet<>()).add(born);
            }
        }
    }

    /**
     * A GC at op {@code t}: {@code dying} lists, per spec, the birth ops [from, to] of the objects
     * whose slots its sweep frees (as the heap simulation decided); a major's marking runs until
     * {@link #endMarking}.
     */
    void gc(long t, boolean major, List<long[]> dyingRanges, List<ObjectSpec> dyingSpecs) {
        if (marking) {
            finishMarking(t);
        }
        lateSweptBytes = 0;
        List<Object[]> dying = new ArrayList<>();
        List<Object[]> stillHeld = new ArrayList<>();
        for (Object[] c : carried) {
            ((Long) c[1] < t - 1 ? dying : stillHeld).add(c);
        }
        carried.clear();
        carried.addAll(stillHeld);
        for (int i = 0; i < dyingSpecs.size(); i++) {
            ObjectSpec s = dyingSpecs.get(i);
            TreeMap<Long, Long> m = live.get(s);
            if (m == null) {
                continue;
            }
            long[] r = dyingRanges.get(i);
            for (Long born : m.subMap(r[0], true, r[1], true).keySet()) {
                // the previous operation's objects are still on the VM stack (see the class comment)
                (born < t - 1 ? dying : carried).add(new Object[] {s, born});
            }
        }
        if (major) {
            pending.addAll(dying);
            marking = true;
            markingFrom = t;
        } else {
            freeNewestFirst(dying);
        }
    }

    /** The sweep after an incremental marking that ends at op {@code t}. */
    private void finishMarking(long t) {
        marking = false;
        List<Object[]> dying = new ArrayList<>(pending);
        pending.clear();
        // objects made while marking ran that are dead by now and no step marked
        for (ObjectSpec s : order) {
            java.util.Set<Long> keep = marked.getOrDefault(s, java.util.Set.of());
            for (Long born : live.get(s).tailMap(markingFrom, true).keySet()) {
                if (!s.aliveAt(born, t) && !keep.contains(born)) {
                    dying.add(new Object[] {s, born});
                }
            }
        }
        marked.clear();
        lateSweptBytes += freeNewestFirst(dying);
    }

    /** Frees the buffers newest first; returns the bytes freed. */
    private long freeNewestFirst(List<Object[]> dying) {
        dying.sort((a, b) -> Long.compare((Long) b[1], (Long) a[1]));
        long bytes = 0;
        for (Object[] d : dying) {
            ObjectSpec s = (ObjectSpec) d[0];
            Long h = live.get(s).remove((Long) d[1]);
            if (h != null) {
                arena.free(h, s.mallocBytes());
                bytes += s.mallocBytes();
            }
        }
        return bytes;
    }

    /**
     * Bytes of buffers the sweep after an incremental marking freed since the last call (0 if
     * none): they come off malloc_increase, which the GC had reset when it started.
     */
    long takeLateSweptBytes() {
        long b = lateSweptBytes;
        lateSweptBytes = 0;
        return b;
    }

    /** Moves every birth op {@code shift} ops later: the run skipped that many ops of a repeating period. */
    void shift(long shift) {
        for (ObjectSpec s : order) {
            TreeMap<Long, Long> moved = new TreeMap<>();
            live.get(s).forEach((born, h) -> moved.put(born + shift, h));
            live.put(s, moved);
        }
        for (Object[] d : pending) {
            d[1] = (Long) d[1] + shift;
        }
        for (Object[] d : carried) {
            d[1] = (Long) d[1] + shift;
        }
        for (Map.Entry<ObjectSpec, java.util.Set<Long>> e : marked.entrySet()) {
            java.util.Set<Long> moved = new java.util.TreeSet<>();
            e.getValue().forEach(born -> moved.add(born + shift));
            e.setValue(moved);
        }
        markingFrom += shift;
    }

    /** A 64-bit digest of the feed's state relative to op {@code t}: equal digests, same response to the same run. */
    long digest(long t) {
        long x = 0x9E3779B97F4A7C15L;
        for (long v : arena.signature()) {
            x = mix(x, v);
        }
        for (int i = 0; i < order.size(); i++) {
            x = mix(x, (i + 1) * 0x100000001B3L);
            for (Map.Entry<Long, Long> b : live.get(order.get(i)).entrySet()) {
                x = mix(x, b.getKey() - t);
                x = mix(x, b.getValue());
            }
        }
        x = mix(x, marking ? markingFrom - t : 0);
        for (Object[] d : pending) {
            x = mix(x, (Long) d[1] - t);
        }
        for (Object[] d : carried) {
            x = mix(x, (Long) d[1] - t + 7);
        }
        for (ObjectSpec s : order) {
            for (long born : marked.getOrDefault(s, java.util.Set.of())) {
                x = mix(x, born - t);
            }
        }
        return x;
    }

    private static long mix(long h, long v) {
        h ^= v + 0x9E3779B97F4A7C15L + (h << 6) + (h >>> 2);
        return h * 0xBF58476D1CE4E5B9L;
    }
}
