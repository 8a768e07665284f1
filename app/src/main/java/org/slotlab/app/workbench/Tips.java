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

    // S5, Feature #12025 (seed 003)
    static final String STR_BUF_ERA = "CRuby's string rules: 2.4-dev before r55686 (STR_BUF_MIN_SIZE 128, so rb_str_buf_new "
            + "asks malloc(129) at least), after r55692 (127, what seed 003 measured), 3.1 (63, embeds up to 23 B, "
            + "rstring.h:215) or 3.4 (variable-width slots: a string embeds while 24 + len + 1 fits a slot, up to 615 B, "
            + "string.c:226-241).";
    static final String STR_BUF_WORKLOAD = "What each of the count strings is. times: \" \" * i (rb_str_times, exact size, "
            + "string.c:2477-2532; seed 003's bench_mem.rb). buf-new: rb_str_buf_new(c) / String.buffer(c) with the "
            + "STR_BUF_MIN_SIZE floor (string.c:1648-1661). capacity: String.new(capacity: c) (rb_str_s_new on 3.4, "
            + "string.c:2063-2139; rb_str_init on older eras).";
    static final String STR_BUF_ALLOCATORS = "Malloc models, one line each: power-of-two (seed 003's \"power-of-2 malloc\"), "
            + "glibc ptmalloc, jemalloc 3/5, darwin. Each rounds a request of i + 1 bytes (len + TERM_LEN) up to its size "
            + "class; at least one.";
    static final String STR_BUF_RANGE = "i (or c) from .. to, step in bytes: the x axis of the RSS chart. Seed 003 compared "
            + "i = 127 (malloc(128)) with i = 128 (malloc(129), the next power of two).";
    static final String STR_BUF_COUNT = "Strings kept in the Array: Array.new(count){ ... }. Seed 003 used 1,000,000; the "
            + "published points are drawn only at that count, on 2.4-dev with \" \" * i.";
    // S6, ruby/json PR #1135 (seed 004)
    static final String JSON_DOCUMENT = "The document JSON.parse reads. generated:escaped,200x62600 is the PR's: 200 strings "
            + "of ~62.6 KB with \\u escapes (ensure_ascii), so json_string_unescape sizes each buffer for the escaped "
            + "text (rb_str_buf_new(escaped_length), parser.rl:917-1030). generated:plain has no escapes; sample:NAME "
            + "reads sample-data/json; or choose a file. Generated documents take ~2 s the first time, then are kept.";
    static final String JSON_POLICIES = "set_len: json 2.9.1 keeps the escaped-size buffer (rb_str_set_len). resize: the PR, "
            + "rb_str_resize shrinks it when capa - len > min(len, 1024) (string.c:3321-3373). exact: the rejected first "
            + "try, copy into an exact-size string and free the first buffer.";
    static final String JSON_ALLOCATORS = "Malloc models whose footprint of the retained buffers is tabled; the bars show the "
            + "first, the break-even lifetimes glibc (or the first). At least one.";
    static final String JSON_LIFETIMES = "How long the parsed document lives, seconds (x axis of the tradeoff chart): the "
            + "resident bytes a shrink saves pay for its extra parse time only if the strings live long enough.";
    // S4, Feature #14460 (seed 001)
    static final String REQUIRE_FEATURES = "$LOADED_FEATURES, one path per line: the shipped Rails 7.1.3 list (1,792 paths) "
            + "or your own (ruby -e 'puts $LOADED_FEATURES' after booting your app). Each feature adds its suffixes as "
            + "keys of loaded_features_index (load.c features_index_add).";
    static final String REQUIRE_ALLOCATORS = "Malloc models: darwin (the thread's macOS) and glibc by default. On 2.5 every "
            + "key is a ruby_strdup'ed block of len + 1 bytes; r62404 (2.6) points into the feature strings. At least one.";
    static final String REQUIRE_REBUILDS = "How often the index is thrown away and rebuilt during boot (a $LOADED_FEATURES "
            + "change the index cannot follow): each rebuild strdup's every key again on 2.5.";
}
