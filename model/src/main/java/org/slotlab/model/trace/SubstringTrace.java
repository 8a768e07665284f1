package org.slotlab.model.trace;

import java.util.List;
import org.slotlab.model.string.Representation;
import org.slotlab.model.string.SlicePosition;
import org.slotlab.model.string.SourceState;

/**
 * What {@code slotlab trace} recorded of one run of a Ruby program: the substrings its calls made
 * through CRuby's str_subseq (string.c), counted per call site, and the GC counters around the
 * run. Read by {@link TraceFile}; the probe is {@code probes/trace.rb}.
 *
 * @param file        where it was read from (for messages)
 * @param rubyVersion RUBY_VERSION of the traced Ruby
 * @param rubyDescription RUBY_DESCRIPTION
 * @param script      the script that ran
 * @param sample      one call in this many was traced
 * @param geometry    the traced Ruby's string geometry
 * @param sites       call sites, indexed by {@link Row#site()}
 * @param rows        the substring histogram
 * @param probe       what the probe itself cost
 * @param start       GC counters when the script started
 * @param end         GC counters when it ended (before the probe's own final GC)
 * @param afterFullGc GC counters after a full GC at exit (what the run left alive)
 * @param noGcAfter   watched substrings no GC came after (their survival is unknown)
 */
public record SubstringTrace(String file, String rubyVersion, String rubyDescription, String script, long sample,
        Geometry geometry, List<Site> sites, List<Row> rows, ProbeCost probe, GcCounters start, GcCounters end,
        GcCounters afterFullGc, long noGcAfter) {

    public SubstringTrace {
        sites = List.copyOf(sites);
        rows = List.copyOf(rows);
    }

    /**
     * The string geometry the probe read from the traced Ruby: the base slot (sizeof(RString)),
     * the slot sizes of its heaps and the shortest suffix str_subseq shares (the first length
     * that does not fit the slot str_alloc_heap takes: 16 B on 3.4, 24 B on 3.1).
     */
    public record Geometry(int baseSlot, List<Integer> slotSizes, int sharedSuffixMinLen) {
        public Geometry {
            slotSizes = List.copyOf(slotSizes);
        }
    }

    /** A call site (the Ruby line that called a substring method), with the calls seen and traced there. */
    public record Site(String name, long calls, long traced, long objectsInTracedCalls) {
        /** Calls per traced call: what a traced count stands for. */
        public double scale() {
            return traced == 0 ? 0 : (double) calls / traced;
        }
    }

    /** The state of the string a substring was taken from, before the call. */
    public enum State {
        FROZEN("frozen"), SHARED("shared"), EMBEDDED("embedded"), HEAP("heap");

        private final String label;

        State(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        public static State parse(String s) {
            for (State v : values()) {
                if (v.label.equals(s)) {
                    return v;
                }
            }
            throw new IllegalArgumentException("unknown source state '" + s + "' (known: frozen, shared, embedded, heap)");
        }
    }

    /**
     * Which string str_subseq sliced: the receiver; a frozen copy the method made of it first
     * (lines, chars, grapheme_clusters: rb_str_new_frozen); or a MatchData's string (frozen by
     * rb_reg_search: rb_str_new4).
     */
    public enum Source {
        RECEIVER("receiver"), FROZEN_COPY("frozen_copy"), MATCH("match");

        private final String label;

        Source(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        public static Source parse(String s) {
            for (Source v : values()) {
                if (v.label.equals(s)) {
                    return v;
                }
            }
            throw new IllegalArgumentException("unknown source '" + s + "' (known: receiver, frozen_copy, match)");
        }
    }

    /**
     * Substrings of one kind at one site: same method, length, position, source state, source
     * length and what the traced Ruby made of them.
     *
     * @param site        index into {@link SubstringTrace#sites()}
     * @param method      e.g. {@code String#split}
     * @param len         length, bytes
     * @param position    suffix or middle of its source
     * @param state       the receiver's state before the call
     * @param source      which string str_subseq sliced
     * @param sourceLen   that string's length, bytes
     * @param observed    what the traced Ruby made: shared, embedded, or a heap copy
     * @param substrings  traced substrings
     * @param watched     of those, watched to the next GC
     * @param survivedGc  of those, still reachable after it
     * @param aliveAtExit watched ones still reachable at exit (after a full GC)
     * @param noGcAfter   watched ones no GC came after
     */
    public record Row(int site, String method, long len, SlicePosition position, State state, Source source, long sourceLen,
            Representation observed, long substrings, long watched, long survivedGc, long aliveAtExit, long noGcAfter) {

        /** The source state str_subseq saw, as the model's policies read it. */
        public SourceState subseqSource() {
            if (source != Source.RECEIVER || state == State.FROZEN) {
                return SourceState.FROZEN;
            }
            return state == State.SHARED ? SourceState.ALREADY_SHARED : SourceState.UNFROZEN_UNSHARED;
        }

        /** Of the watched substrings whose next GC came, the share still reachable after it (0 when none was watched). */
        public double survivedFraction() {
            long decided = watched - noGcAfter;
            return decided <= 0 ? 0 : Math.min(1, (double) survivedGc / decided);
        }

        /** Of the watched substrings, the share still reachable at exit. */
        public double aliveAtExitFraction() {
            return watched <= 0 ? 0 : Math.min(1, (double) aliveAtExit / watched);
        }
    }

    /**
     * What the probe cost: TracePoint events it saw (a c_call and a c_return per C method call),
     * the substring-method calls among them, the objects its hooks allocated, the time in its
     * hooks for traced calls, and the run's wall and CPU time with the probe.
     */
    public record ProbeCost(long events, long calls, long allocatedObjects, double hookSeconds, double wallSeconds,
            double cpuSeconds) {
        /** C method calls of the run: one c_call event each. */
        public long cMethodCalls() {
            return events / 2;
        }
    }

    /**
     * The GC counters of GC.stat (and GC.stat_heap on 3.2+) at one moment.
     *
     * @param count            GC.stat count
     * @param minor            minor_gc_count
     * @param major            major_gc_count
     * @param allocated        total_allocated_objects
     * @param freed            total_freed_objects
     * @param liveSlots        heap_live_slots
     * @param heapSlotSizes    per heap: slot_size (empty before 3.2)
     * @param heapAllocated    per heap: total_allocated_objects
     * @param heapFreed        per heap: total_freed_objects
     */
    public record GcCounters(long count, long minor, long major, long allocated, long freed, long liveSlots,
            List<Integer> heapSlotSizes, List<Long> heapAllocated, List<Long> heapFreed) {
        public GcCounters {
            heapSlotSizes = List.copyOf(heapSlotSizes);
            heapAllocated = List.copyOf(heapAllocated);
            heapFreed = List.copyOf(heapFreed);
        }

        public boolean perHeap() {
            return !heapSlotSizes.isEmpty();
        }
    }

    /** The site's name, e.g. {@code lib/net/http/header.rb:42}. */
    public String siteName(int index) {
        return sites.get(index).name();
    }

    /** GCs during the run (the probe's own allocations included). */
    public long gcCount() {
        return end.count() - start.count();
    }

    /** Objects the script allocated: the run's total less the probe's own. */
    public long programAllocations() {
        return Math.max(0, end.allocated() - start.allocated() - probe.allocatedObjects());
    }

    /** Traced substrings, scaled by each site's calls per traced call: the run's estimate. */
    public double substrings() {
        double n = 0;
        for (Row r : rows) {
            n += r.substrings() * sites.get(r.site()).scale();
        }
        return n;
    }

    /** The Ruby minor version, e.g. "3.4", or "" when RUBY_VERSION does not read as one. */
    public String rubyMinor() {
        String[] p = rubyVersion.split("\\.");
        return p.length >= 2 ? p[0] + "." + p[1] : "";
    }
}
