package org.slotlab.app.workbench;

/**
 * Tooltip texts that explain each parameter in CRuby's terms, with the file:line of the rule
 * (RUBY_FACTS.md, CRuby 3.4.5) or the seed thread the setting comes from.
 */
final class Tips {
    private Tips() {}

    static final String CUTOFF = "STR_SUBSEQ_EMBED_MAX_SIZE (seed 000, #22186): str_subseq (string.c:3017-3053) copies a "
            + "sharable substring into an embedded string when rb_str_embed_size(len + termlen) = 24 + len + 1 <= cutoff "
            + "(string.c:238-241), and shares the source's buffer otherwise. 256 embeds up to len 231.";
    static final String SNAP = "Snap the cutoff to a heap's slot size (heap_slot_size, gc/default/default.c:2256): cutoffs "
            + "between two slot sizes behave like the smaller one.";
    static final String FROZEN_RULE = "byroot's frozen-source rule (seed 000): apply the cutoff only when sharing would first "
            + "allocate a frozen root (rb_str_new_frozen / str_new_frozen_buffer, string.c:1577-1629), i.e. for an "
            + "unfrozen, unshared source. Other sources use the second cutoff or master's rule.";
    static final String SECOND_CUTOFF = "Cutoff for sources that are already frozen or shared (no root to allocate). "
            + "Off = master's rule: embed only what fits the sizeof(RString) slot str_alloc_heap took.";
    static final String SOURCE = "frozen: the source is its own root, sharing allocates only the 40 B slice. "
            + "unfrozen-unshared: a fresh \"a\" * n each iteration, sharing must first make a frozen root. "
            + "already-shared: the source points into a root that sharing reuses. (str_replace_shared, string.c:1400-1470)";
    static final String POSITION = "suffix: the slice runs to the end of the source, the only sharable case on 3.4 "
            + "(SHARABLE_SUBSTRING_P, string.c:215-222). middle: copied by rb_str_new unless sharable middles are on.";
    static final String ALWAYS_EMBED = "The thread's first patch: embed whenever STR_EMBEDDABLE_P (string.c:267-270), "
            + "i.e. whenever 24 + len + 1 fits the largest slot: no cutoff.";
    static final String MIDDLE = "Feature #19315: SHARABLE_MIDDLE_SUBSTRING (0 in CRuby 3.4) lets middle substrings share "
            + "the source's buffer too.";
    static final String BASELINE = "The policy the candidate is compared with: master (CRuby today), always-embed, "
            + "cutoff:N, frozen-rule:N or frozen-rule:N:M, optionally +middle.";
    static final String LAYOUT = "The CRuby build: its heaps' slot sizes, page size and RString geometry "
            + "(ruby-3.1: one 40 B heap, embed up to 23 B; ruby-3.4: 40-640 B; ruby-4.1-dev: byroot's 32-1024 B).";
    static final String PROFILE = "Cost profile: named ns coefficients (method call, slot allocation, byte copy, GC per page...) "
            + "fitted to seed 000's tables; load your own JSON from 'slotlab calibrate'.";
    static final String LENS = "Slice lengths in bytes (byteslice(pos, len)), comma separated. The thread's: "
            + "1,23,50,100,200,231,232,250,500,999,1000.";
    static final String RANGE = "Replace the lengths with from, from+step, ... up to to (at most 64 lengths).";
    static final String COUNT = "N: slices taken per length (2,000,000 in the thread's sweep). GC counts are per N.";
    static final String RETAIN = "R: slices kept alive (200,000 in str_subseq_memory.rb, seed 000). Retained MiB is for R.";
    static final String KEEP = "first: the first R slices go into an array kept to the end. ring: ring[i % R] = slice, "
            + "each lives R ops.";
    static final String SOURCE_LEN = "Source length in bytes. A fresh unshared source of this length is built every op "
            + "(\"a\" * n); it is embedded up to the largest slot, else a malloc'd buffer the root takes over.";
    static final String KEEP_WHILE_TIMING = "Off (the thread's way): speed and GC count are timed over N slices that are all "
            + "dropped, as the speed benchmarks of seed 000 did, and the memory R kept slices hold is measured in a run of "
            + "its own (str_subseq_memory.rb). On: one timed run of N slices keeps R while it runs, so the kept slices add "
            + "GC pressure (marking, promotion) to the timed loop.";
    static final String ALLOCATIONS = "Allocations per slot size (byroot's table counts GC runs per 10M).";
}
