package org.slotlab.model.heapmap;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.slotlab.model.heap.HeapSimulator;
import org.slotlab.model.heap.ObjectSpec;
import org.slotlab.model.heap.Phase;
import org.slotlab.model.layout.GcParams;
import org.slotlab.model.layout.RubyLayout;

/**
 * The heap simulation replayed slot by slot, for a picture of the heap: every object of the
 * workload is put into a concrete slot of a concrete page (the lowest free slot of its heap, as a
 * freshly swept freelist hands them out page by page), and every GC {@link HeapSimulator} ran is
 * applied at the same op: it frees the dead (a minor GC keeps old objects), ages the survivors
 * and promotes them after {@code RVALUE_OLD_AGE} GCs, or at once when an old container holds
 * them; a GC starts before the same object of the op as in the simulation; a heap that runs dry
 * with no GC due first frees its young objects dead by then (on 3.4 the sweep that follows a
 * major's incremental marking frees those made while it marked), then takes a page. The simulator
 * decides when GCs run and how many pages each heap has after one; this class only decides where
 * the objects sit, and {@link #mismatch()} says whether its slot counts ever left the simulator's
 * (occupied slots and pages per heap after each GC).
 *
 * <p>Small runs only (up to {@link #MAX_OPS} ops): each slot is stored. Advance with
 * {@link #advance(long)}; read the picture with {@link #state(int, int)} and the counters.
 */
public final class HeapMapReplay {

    /** Ops a replay may run: beyond this the picture is the same churn and the arrays grow large. */
    public static final long MAX_OPS = 1_000_000;

    private static final byte OLD = 1;
    /** The states by ordinal (values() copies its array on every call). */
    private static final SlotState[] STATES = SlotState.values();

    private final RubyLayout layout;
    private final GcParams gc;
    private final List<Phase> phases;
    private final long totalOps;
    private final List<HeapSimulator.GcEvent> events = new ArrayList<>();
    private final Function<ObjectSpec, SlotState> classify;
    private final boolean[] used;
    private final Heap[] heaps;
    private final List<ObjectSpec> specs = new ArrayList<>();
    private final Map<ObjectSpec, Integer> specIds = new HashMap<>();
    private final SlotState[] specState;

    private long op;
    private int phase;
    private long phaseEnd;
    private int nextEvent;
    private long minor;
    private long major;
    private String mismatch;
    private int sweepGeneration;

    /**
     * One heap's slots, page after page: {@code slotsPerPage} to a page in the picture, and the
     * heap's total as the simulation counts it ({@link RubyLayout#slotsInPages}: on average a few
     * tenths of a slot per page more in the smallest heap, which the picture leaves off at the end).
     */
    private static final class Heap {
        final int slotsPerPage;
        final java.util.function.IntToLongFunction slotsOf;
        int pages;
        byte[] state;
        byte[] flags;
        byte[] age;
        short[] spec;
        int[] born;
        int used;
        int cursor;
        /** State of each slot just before the last GC swept this heap (for the sweep front). */
        byte[] beforeGc;

        Heap(int slotsPerPage, java.util.function.IntToLongFunction slotsOf, int pages) {
            this.slotsPerPage = slotsPerPage;
            this.slotsOf = slotsOf;
            this.pages = pages;
            int n = Math.max(1, slots());
            state = new byte[n];
            flags = new byte[n];
            age = new byte[n];
            spec = new short[n];
            born = new int[n];
            java.util.Arrays.fill(spec, (short) -1);
        }

        int slots() {
            return (int) slotsOf.applyAsLong(pages);
        }

        void addPages(int n) {
            pages += n;
            int size = slots();
            if (size > state.length) {
                int cap = Math.max(size, state.length * 2);
                state = java.util.Arrays.copyOf(state, cap);
                flags = java.util.Arrays.copyOf(flags, cap);
                age = java.util.Arrays.copyOf(age, cap);
                int old = spec.length;
                spec = java.util.Arrays.copyOf(spec, cap);
                java.util.Arrays.fill(spec, old, cap, (short) -1);
                born = java.util.Arrays.copyOf(born, cap);
            }
        }
    }

    /**
     * @param layout   the Ruby whose heaps, pages and GC rules apply
     * @param phases   the workload (at most {@link #MAX_OPS} ops in all)
     * @param classify what each object of the workload is (e.g. a slice that shares: {@link SlotState#SHARED})
     */
    public HeapMapReplay(RubyLayout layout, List<Phase> phases, Function<ObjectSpec, SlotState> classify) {
        this.layout = Objects.requireNonNull(layout);
        this.gc = layout.gc();
        this.phases = List.copyOf(phases);
        this.classify = Objects.requireNonNull(classify);
        long ops = 0;
        for (Phase p : phases) {
            ops += p.ops();
        }
        if (ops > MAX_OPS) {
            throw new IllegalArgumentException("a heap map replays at most " + MAX_OPS + " ops, got " + ops);
        }
        totalOps = ops;
        int n = layout.heapCount();
        used = new boolean[n];
        for (Phase p : phases) {
            for (ObjectSpec s : p.perOp()) {
                if (s.heap() >= n) {
                    throw new IllegalArgumentException("object spec names heap " + s.heap() + " but layout "
                            + layout.name() + " has " + n + " heaps");
                }
                used[s.heap()] = true;
                if (!specIds.containsKey(s)) {
                    specIds.put(s, specs.size());
                    specs.add(s);
                }
            }
        }
        specState = new SlotState[specs.size()];
        for (int i = 0; i < specs.size(); i++) {
            specState[i] = classify.apply(specs.get(i));
        }
        new HeapSimulator(layout).run(phases, events::add);
        heaps = new Heap[n];
        for (int h = 0; h < n; h++) {
            long live = layout.boot().live(h);
            long old = layout.boot().old(h);
            int pages = layout.boot().pages(h);
            if (live > (long) pages * layout.slotsPerPage(h)) {
                pages = (int) ((live + layout.slotsPerPage(h) - 1) / layout.slotsPerPage(h));
            }
            final int heapIndex = h;
            Heap heap = new Heap(layout.slotsPerPage(h), p -> layout.slotsInPages(heapIndex, p), pages);
            for (int i = 0; i < live; i++) {
                heap.state[i] = (byte) SlotState.OTHER.ordinal();
                heap.flags[i] = i < old ? OLD : 0;
            }
            heap.used = (int) live;
            heap.cursor = (int) live;
            heaps[h] = heap;
        }
        phaseEnd = phases.isEmpty() ? 0 : phases.get(0).ops();
    }

    // ------------------------------------------------------------------ running

    /** Runs up to {@code ops} more operations; returns how many ran (0 at the end). */
    public long advance(long ops) {
        long done = 0;
        while (done < ops && op < totalOps) {
            while (op >= phaseEnd) {
                phase++;
                phaseEnd += phases.get(phase).ops();
            }
            runOp(phases.get(phase).perOp());
            op++;
            done++;
        }
        return done;
    }

    /** Runs to op {@code target} (or the end). */
    public void advanceTo(long target) {
        advance(Math.max(0, Math.min(target, totalOps) - op));
    }

    private void runOp(List<ObjectSpec> perOp) {
        for (int k = 0; k < perOp.size(); k++) {
            ObjectSpec s = perOp.get(k);
            Heap h = heaps[s.heap()];
            // the GCs the simulator started before this object (its heap out of slots there; a minor GC can
            // be followed at once by the major it asked for)
            HeapSimulator.GcEvent e = pendingEvent();
            while (e != null && e.op() == op && !e.byMalloc() && e.objectsBefore() <= k) {
                collect(e);
                e = pendingEvent();
            }
            if (h.used == h.slots()) {
                // on 3.4 the sweep after a major's marking also frees what was made while it marked and died since
                reclaimDead(h);
            }
            if (h.used == h.slots()) {
                // the simulator's heap took a page here (its sweep had freed nothing more it could use)
                h.addPages(1);
            }
            place(h, s);
            if (s.mallocBytes() > 0) {
                e = pendingEvent();
                if (e != null && e.op() == op && e.byMalloc() && e.objectsBefore() <= k + 1) {
                    collect(e);
                }
            }
        }
        // A GC the simulator ran during this op that this replay did not meet (it should not happen).
        while (nextEvent < events.size() && events.get(nextEvent).op() == op) {
            note("a GC during op " + op + " did not find its heap full here");
            collect(events.get(nextEvent));
        }
    }

    /** The simulation's next GC this replay has not run yet, or null. */
    private HeapSimulator.GcEvent pendingEvent() {
        return nextEvent < events.size() ? events.get(nextEvent) : null;
    }

    /** Frees the slots of the young objects of heap {@code h} that are dead by now (a sweep that came late). */
    private void reclaimDead(Heap h) {
        int n = h.slots();
        for (int i = 0; i < n; i++) {
            if (h.state[i] == 0 || (h.flags[i] & OLD) != 0) {
                continue;
            }
            if (deadNow(h, i)) {
                free(h, i);
            }
        }
        h.cursor = 0;
    }

    /** Whether the object in slot {@code i} of heap {@code h} is one of the run's and dead by now. */
    private boolean deadNow(Heap h, int i) {
        int id = h.spec[i];
        return id >= 0 && !specs.get(id).aliveAt(h.born[i], op);
    }

    /** Slot {@code i} of heap {@code h} swept: free again. */
    private static void free(Heap h, int i) {
        h.state[i] = 0;
        h.flags[i] = 0;
        h.spec[i] = -1;
        h.used--;
    }

    private void place(Heap h, ObjectSpec s) {
        int n = h.slots();
        int i = h.cursor;
        while (i < n && h.state[i] != 0) {
            i++;
        }
        if (i >= n) {
            i = 0;
            while (h.state[i] != 0) {
                i++;
            }
        }
        int id = specIds.get(s);
        h.state[i] = (byte) specState[id].ordinal();
        h.flags[i] = 0;
        h.age[i] = 0;
        h.spec[i] = (short) id;
        h.born[i] = (int) op;
        h.used++;
        h.cursor = i + 1;
    }

    private void collect(HeapSimulator.GcEvent e) {
        nextEvent++;
        boolean isMajor = e.major();
        for (int hi = 0; hi < heaps.length; hi++) {
            Heap h = heaps[hi];
            h.beforeGc = java.util.Arrays.copyOf(h.state, h.slots());
            if (!used[hi]) {
                ageBoot(h, isMajor);
                continue;
            }
            int n = h.slots();
            for (int i = 0; i < n; i++) {
                if (h.state[i] == 0) {
                    continue;
                }
                boolean old = (h.flags[i] & OLD) != 0;
                if (old && !isMajor) {
                    continue;
                }
                int id = h.spec[i];
                if (deadNow(h, i)) {
                    free(h, i);
                    continue;
                }
                if (!old) {
                    h.age[i]++;
                    boolean heldByOld = id >= 0 && specs.get(id).heldByOld() && gc.promoteFromOldParent();
                    if (h.age[i] >= gc.oldAge() || heldByOld) {
                        h.flags[i] |= OLD;
                    }
                }
            }
            h.cursor = 0;
        }
        for (int hi = 0; hi < heaps.length; hi++) {
            Heap h = heaps[hi];
            if (e.pages()[hi] > h.pages) {
                h.addPages(e.pages()[hi] - h.pages);
            }
            if (h.used != e.occupied()[hi]) {
                note("after the GC during op " + op + " heap " + hi + " holds " + h.used + " objects here, "
                        + e.occupied()[hi] + " in the simulation");
            }
        }
        if (isMajor) {
            major++;
        } else {
            minor++;
        }
        sweepGeneration++;
        if (gcListener != null) {
            gcListener.accept(e);
        }
    }

    private java.util.function.Consumer<HeapSimulator.GcEvent> gcListener;

    /** Told about each GC right after this replay applied it (the slots then are the simulation's counts). */
    public void onGc(java.util.function.Consumer<HeapSimulator.GcEvent> listener) {
        this.gcListener = listener;
    }

    /** Boot objects never die; the young ones age like any other. */
    private void ageBoot(Heap h, boolean isMajor) {
        for (int i = 0; i < h.used; i++) {
            if ((h.flags[i] & OLD) == 0 && ++h.age[i] >= gc.oldAge()) {
                h.flags[i] |= OLD;
            }
        }
    }

    private void note(String s) {
        if (mismatch == null) {
            mismatch = s;
        }
    }

    // ------------------------------------------------------------------ reading

    public RubyLayout layout() {
        return layout;
    }

    /** Ops run so far. */
    public long op() {
        return op;
    }

    public long totalOps() {
        return totalOps;
    }

    public boolean done() {
        return op >= totalOps;
    }

    public long minorGcs() {
        return minor;
    }

    public long majorGcs() {
        return major;
    }

    public long gcCount() {
        return minor + major;
    }

    /** Changes by one at every GC (a view starts its sweep front when it sees it change). */
    public int sweepGeneration() {
        return sweepGeneration;
    }

    /** Whether the workload allocates into heap {@code h} (a view shows these heaps). */
    public boolean usesHeap(int h) {
        return used[h];
    }

    public int heapCount() {
        return heaps.length;
    }

    public int pages(int h) {
        return heaps[h].pages;
    }

    public int slotsPerPage(int h) {
        return heaps[h].slotsPerPage;
    }

    /** Occupied slots of heap {@code h}. */
    public long liveSlots(int h) {
        return heaps[h].used;
    }

    /** The state of slot {@code i} (page {@code i / slotsPerPage}) of heap {@code h}. */
    public SlotState state(int h, int i) {
        return STATES[heaps[h].state[i]];
    }

    /** Whether the object in slot {@code i} of heap {@code h} is old. */
    public boolean old(int h, int i) {
        return (heaps[h].flags[i] & OLD) != 0;
    }

    /** The state of slot {@code i} of heap {@code h} just before the last GC (FREE for slots that did not exist). */
    public SlotState stateBeforeLastGc(int h, int i) {
        byte[] b = heaps[h].beforeGc;
        return b == null || i >= b.length ? SlotState.FREE : STATES[b[i]];
    }

    /** Slots of heap {@code h} in state {@code s} (and old, when {@code old} is not null). */
    public long count(int h, SlotState s, Boolean old) {
        Heap heap = heaps[h];
        long c = 0;
        int n = heap.slots();
        for (int i = 0; i < n; i++) {
            if (heap.state[i] == s.ordinal() && (old == null || old == ((heap.flags[i] & OLD) != 0))) {
                c++;
            }
        }
        return c;
    }

    /** Null while every slot count agreed with the simulation; else the first disagreement. */
    public String mismatch() {
        return mismatch;
    }

    /** The GCs the simulation ran, in order. */
    public List<HeapSimulator.GcEvent> gcEvents() {
        return List.copyOf(events);
    }
}
