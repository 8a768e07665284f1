package org.slotlab.model.trace;

/** Small traces in the probe's format, written out so each test shows what it reads. */
final class TraceFixtures {

    private TraceFixtures() {}

    /**
     * A 3.4-shaped trace of one site that split 1,000 fresh 80 B header lines into a 20 B key and a
     * 60 B value, the value shared (a suffix), the key embedded; 100 values still alive at exit.
     */
    static String headerSplit() {
        return """
                {"format": "slotlab-trace", "version": 1,
                 "ruby": {"version": "3.4.5", "description": "ruby 3.4.5 (2025-07-16 revision 20cda200d3) +PRISM [x86_64-linux]"},
                 "script": "app.rb", "sample": 1,
                 "geometry": {"base_slot": 40, "slot_sizes": [40, 80, 160, 320, 640], "shared_suffix_min_len": 16},
                 "sites": [{"site": "app.rb:7", "calls": 1000, "traced": 1000, "objects_in_traced_calls": 4000}],
                 "rows": [
                  {"site": 0, "method": "String#split", "len": 60, "position": "suffix", "state": "embedded", "source": "receiver",
                   "source_len": 81, "ruby": "shared", "substrings": 1000, "watched": 1000, "survived_gc": 100, "alive_at_exit": 100,
                   "no_gc_after": 0},
                  {"site": 0, "method": "String#split", "len": 20, "position": "middle", "state": "embedded", "source": "receiver",
                   "source_len": 81, "ruby": "embedded", "substrings": 1000, "watched": 1000, "survived_gc": 0, "alive_at_exit": 0,
                   "no_gc_after": 0}],
                 "survival": {"watched_without_gc_after": 0},
                 "probe": {"events": 20000, "calls": 1000, "allocated_objects": 500, "hook_seconds": 0.01, "wall_seconds": 0.5,
                           "cpu_seconds": 0.4},
                 "gc_start": {"count": 10, "minor_gc_count": 8, "major_gc_count": 2, "total_allocated_objects": 100000,
                              "total_freed_objects": 60000, "heap_live_slots": 40000},
                 "gc_end": {"count": 12, "minor_gc_count": 10, "major_gc_count": 2, "total_allocated_objects": 110500,
                            "total_freed_objects": 68000, "heap_live_slots": 42500},
                 "gc_after_full_gc": {"count": 13, "minor_gc_count": 10, "major_gc_count": 3, "total_allocated_objects": 110600,
                                      "total_freed_objects": 70000, "heap_live_slots": 40600},
                 "gc_heap_start": null, "gc_heap_end": null, "gc_heap_after_full_gc": null}
                """;
    }
}
