package org.slotlab.model.parsers;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.Representation;
import org.slotlab.model.string.SlicePosition;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.string.StrSubseq;
import org.slotlab.model.string.SubseqOutcome;
import org.slotlab.model.string.SubseqPolicy;

/**
 * Replays the CRuby string and object calls a Ruby parser makes and records every object they
 * allocate, so that a parser is modelled as the sequence of calls its own source makes. The rules
 * are RUBY_FACTS.md's (CRuby 3.4.5, string.c): {@code str_enc_new} (1005-1046) for new strings;
 * {@code str_subseq} (3017-3053) through {@link StrSubseq#slice}; {@code rb_str_new_frozen} /
 * {@code str_new_frozen_buffer} (1466-1470, 1577-1629): a frozen string is its own root, a shared
 * one returns its root (or a new 40 B header for a part of it), an unfrozen embedded or short one
 * gets an embedded frozen copy, a long heap one hands its buffer to a new 40 B root
 * ({@code heap_str_make_shared}, 1559-1575); {@code str_duplicate} (String#dup, the no-op
 * {@code strip}, the copy {@code sub} works on): embedded → an embedded copy, heap → a 40 B header
 * sharing the (possibly new) frozen root ({@code str_duplicate_setup_heap}, 1872-1893);
 * {@code str_modify_keep_cr} on a shared string makes it independent (a new buffer).
 *
 * <p>Regexp matches: {@code rb_reg_search} sets the MatchData's string to
 * {@code rb_str_new4(str)} = rb_str_new_frozen (ruby/ruby re.c, rb_reg_search_set_match,
 * {@code if (set_backref_str) RB_OBJ_WRITE(match, &RMATCH(match)->str, rb_str_new4(str))}); split,
 * sub and match all pass set_backref_str = 1. That re.c allocates a MatchData per search; CRuby
 * 3.1 reused the frame's $~ when it was not busy, so on 3.1 the model counts one MatchData too
 * many for some lines (MeasuredRuby31Test keeps the measured counts beside the model's). <b>Assumed sizes</b> (no 3.4 reading at hand): a
 * MatchData is {@code sizeof(struct RMatch)} 32 B + {@code rb_matchext_t} 40 B = 72 B, in the
 * smallest slot that holds it (80 B on 3.4), with its registers malloc'd (beg and end, 8 B per
 * group each); an Array is embedded in a 40 B slot up to 3 elements ((40 - 16) / 8), beyond that
 * it mallocs {@code 8 x max(16, n)} B (ARY_DEFAULT_SIZE 16, array.c); a Hash holds its ar_table
 * (up to 8 entries) in a {@code sizeof(struct RHash)} 24 + {@code sizeof(ar_table)} 136 = 160 B
 * slot (hash.c hash_alloc_flags); beyond 8 entries it mallocs an st_table (32 B per entry,
 * rounded up to a power of two). On a single-heap layout (3.1) the same objects take 40 B slots
 * and malloc what does not fit.
 */
public final class StringMachine {

    /** sizeof(struct RMatch) + sizeof(rb_matchext_t), bytes (assumed, see class comment). */
    public static final int MATCHDATA_BYTES = 72;
    /** Registers malloc'd per regexp group: beg and end, one OnigPosition (8 B) each. */
    public static final int MATCH_REGISTER_BYTES = 16;
    /** Elements an Array embeds in a 40 B slot: (40 - RArray header 16) / 8. */
    public static final int ARRAY_EMBED_ELEMENTS = 3;
    /** ARY_DEFAULT_SIZE: capacity of the first malloc'd array buffer, elements (array.c). */
    public static final int ARRAY_DEFAULT_CAPA = 16;
    /** Entries an ar_table holds (RHASH_AR_TABLE_MAX_SIZE, hash.c). */
    public static final int AR_TABLE_MAX_ENTRIES = 8;
    /** sizeof(struct RHash) + sizeof(ar_table) on 3.4, bytes: 24 + 8 hints + 8 x 16 B pairs. */
    public static final int HASH_WITH_AR_TABLE_BYTES = 160;
    /** sizeof(struct RHash) + sizeof(st_table) on 3.4, bytes (rb_hash_new_with_size above 8 entries). */
    public static final int HASH_WITH_ST_TABLE_BYTES = 80;
    /** st_table bytes per entry: a 24 B entry plus an 8 B bin, rounded up to a power-of-two capacity. */
    public static final int ST_BYTES_PER_ENTRY = 32;
    /** Size of a malloc'd ar_table on a single-heap layout (3.1: 8 pairs of 16 B). */
    public static final int AR_TABLE_MALLOC_BYTES_31 = 128;

    private final RubyLayout layout;
    private final SubseqPolicy policy;
    private final List<Allocation> allocations = new ArrayList<>();
    private final List<ValueSlice> slices = new ArrayList<>();
    private final List<Integer> lineStarts = new ArrayList<>();
    private long methodCalls;
    private long splitCalls;
    private long memcpyCalls;
    private long bytesCopied;
    private long embeddedWrites;
    private long sharedSetups;
    private long frozenRoots;

    public StringMachine(RubyLayout layout, SubseqPolicy policy) {
        this.layout = layout;
        this.policy = policy;
    }

    public RubyLayout layout() {
        return layout;
    }

    public SubseqPolicy policy() {
        return policy;
    }

    /** Objects allocated so far, in order. */
    public List<Allocation> allocations() {
        return Collections.unmodifiableList(allocations);
    }

    /** Substrings taken so far through str_subseq. */
    public List<ValueSlice> slices() {
        return Collections.unmodifiableList(slices);
    }

    /** Marks the start of an input line: the slices taken from here on belong to it. */
    public void beginLine() {
        lineStarts.add(slices.size());
    }

    /** The slices each marked line took, in line order. */
    public List<List<ValueSlice>> slicesByLine() {
        List<List<ValueSlice>> out = new ArrayList<>();
        for (int i = 0; i < lineStarts.size(); i++) {
            int end = i + 1 < lineStarts.size() ? lineStarts.get(i + 1) : slices.size();
            out.add(List.copyOf(slices.subList(lineStarts.get(i), end)));
        }
        return out;
    }

    /** Freezes a string in place (String#freeze: no allocation). */
    public void freeze(RStr s) {
        s.frozen = true;
    }

    public long methodCalls() {
        return methodCalls;
    }

    public long bytesCopied() {
        return bytesCopied;
    }

    public long sharedSetups() {
        return sharedSetups;
    }

    public long frozenRoots() {
        return frozenRoots;
    }

    /** Counts one call of a C-implemented method (String#sub, #split, #match...). */
    public void call(String what) {
        methodCalls++;
        if (what.equals("split")) {
            splitCalls++;
        }
    }

    private int record(String step, String role, int slotBytes, long mallocBytes) {
        allocations.add(new Allocation(step, role, slotBytes, mallocBytes, mallocBytes > 0 ? 1 : 0));
        return allocations.size() - 1;
    }

    private int rstringSlot() {
        return layout.slotSize(layout.rstringHeap());
    }

    private boolean singleHeap() {
        return layout.embedRule() == RubyLayout.EmbedRule.FIXED;
    }

    /** A string made before the traced code ran (not counted), unfrozen and unshared. */
    public RStr existing(long len) {
        boolean emb = layout.isEmbeddable(len, layout.termLen());
        int slot = layout.slotSize(layout.heapForNewString(len));
        return new RStr(len, slot, emb ? 0 : len + layout.termLen(), emb, false, -1);
    }

    /** A frozen string made before the traced code ran (a literal under frozen_string_literal: true). */
    public RStr existingFrozen(long len) {
        RStr s = existing(len);
        s.frozen = true;
        return s;
    }

    /** str_enc_new: a new unfrozen string of {@code len} bytes (embedded when it fits a slot). */
    public RStr strNew(long len, String step, String role) {
        boolean emb = layout.isEmbeddable(len, layout.termLen());
        int slot = layout.slotSize(layout.heapForNewString(len));
        long malloc = emb ? 0 : len + layout.termLen();
        bytesCopied += len;
        memcpyCalls += (len) > 0 ? 1 : 0;
        embeddedWrites += emb && len > 0 ? 1 : 0;
        int idx = record(step, role, slot, malloc);
        return new RStr(len, slot, malloc, emb, false, idx);
    }

    /** rb_str_new_frozen: the frozen string a MatchData or a shared slice points at. */
    public RStr newFrozen(RStr s, String step) {
        return newFrozen(s, step, "frozen copy");
    }

    /** rb_str_new_frozen, naming what the new object is for ({@code role}). */
    public RStr newFrozen(RStr s, String step, String role) {
        if (s.frozen) {
            return s;
        }
        if (s.root != null) {
            if (s.coversWholeRoot()) {
                return s.root;
            }
            int slot = rstringSlot();
            int idx = record(step, "frozen header", slot, 0);
            RStr h = new RStr(s.len, slot, 0, false, true, idx);
            h.root = s.root;
            h.offsetInRoot = s.offsetInRoot;
            sharedSetups++;
            return h;
        }
        frozenRoots++;
        if (s.embedded || layout.isEmbeddable(s.len, layout.termLen())) {
            RStr copy = strNew(s.len, step, role);
            copy.frozen = true;
            return copy;
        }
        // heap_str_make_shared: a 40 B root takes over the buffer; s now points into it.
        int slot = rstringSlot();
        int idx = record(step, role, slot, 0);
        RStr root = new RStr(s.len, slot, 0, false, true, idx);
        moveBuffer(s, root);
        s.root = root;
        s.offsetInRoot = 0;
        return root;
    }

    /** The buffer s owned now belongs to {@code to}: its allocation frees it. */
    private void moveBuffer(RStr s, RStr to) {
        long bytes = s.ownedMallocBytes;
        if (s.allocation >= 0 && bytes > 0) {
            Allocation a = allocations.get(s.allocation);
            allocations.set(s.allocation, new Allocation(a.step(), a.role(), a.slotBytes(), a.mallocBytes() - bytes,
                    Math.max(0, a.mallocs() - 1)));
        }
        if (to.allocation >= 0 && bytes > 0) {
            allocations.set(to.allocation, allocations.get(to.allocation).plusMalloc(bytes));
        }
        to.ownedMallocBytes = bytes;
        s.ownedMallocBytes = 0;
    }

    /** str_duplicate: String#dup, and what sub and a no-op strip return. */
    public RStr dup(RStr s, String step, String role) {
        if (s.embedded) {
            RStr d = strNew(s.len, step, role);
            return d;
        }
        RStr root = s.root != null ? s.root : (s.frozen ? s : newFrozen(s, step, "frozen root"));
        int slot = rstringSlot();
        int idx = record(step, role, slot, 0);
        RStr d = new RStr(s.len, slot, 0, false, false, idx);
        d.root = root;
        d.offsetInRoot = s.root != null ? s.offsetInRoot : 0;
        sharedSetups++;
        return d;
    }

    /** str_modify_keep_cr: a shared string gets its own buffer (embedded when it fits its slot). */
    public void modify(RStr s) {
        if (s.frozen) {
            throw new IllegalStateException("can't modify frozen String (the traced parser would raise FrozenError)");
        }
        if (s.root == null) {
            return;
        }
        s.root = null;
        s.offsetInRoot = 0;
        bytesCopied += s.len;
        memcpyCalls += (s.len) > 0 ? 1 : 0;
        if (s.len + layout.termLen() <= layout.embedCapa(s.slotBytes)) {
            s.embedded = true;
            return;
        }
        long bytes = s.len + layout.termLen();
        s.embedded = false;
        s.ownedMallocBytes = bytes;
        if (s.allocation >= 0) {
            allocations.set(s.allocation, allocations.get(s.allocation).plusMalloc(bytes));
        }
    }

    /** STR_SET_LEN after an in-place shrink (sub!, chomp!): no allocation, slack kept. */
    public void setLen(RStr s, long newLen) {
        if (newLen < 0 || newLen > s.len) {
            throw new IllegalArgumentException("setLen: new length " + newLen + " must be within 0.." + s.len);
        }
        modify(s);
        s.len = newLen;
    }

    /** str_subseq(s, beg, len): the slice and, when sharing needs one, its frozen root. */
    public RStr subseq(RStr s, long beg, long len, String step, String role) {
        if (beg < 0 || len < 0 || beg + len > s.len) {
            throw new IllegalArgumentException("subseq " + beg + "+" + len + " outside a " + s.len + " B string");
        }
        SlicePosition pos = beg + len == s.len ? SlicePosition.SUFFIX : SlicePosition.MIDDLE;
        SourceState state = s.frozen ? SourceState.FROZEN
                : s.root != null ? SourceState.ALREADY_SHARED : SourceState.UNFROZEN_UNSHARED;
        SubseqOutcome o = StrSubseq.slice(layout, policy, state, s.len, pos, len);
        slices.add(new ValueSlice(role, len, s.len, pos == SlicePosition.SUFFIX, state, o));
        if (o.representation() != Representation.SHARED) {
            bytesCopied += len;
            memcpyCalls += (len) > 0 ? 1 : 0;
            embeddedWrites += o.representation() == Representation.EMBEDDED && len > 0 ? 1 : 0;
            int idx = record(step, role, o.sliceSlotBytes(), o.sliceMallocBytes());
            return new RStr(len, o.sliceSlotBytes(), o.sliceMallocBytes(), o.representation() == Representation.EMBEDDED,
                    false, idx);
        }
        RStr root;
        if (state == SourceState.UNFROZEN_UNSHARED) {
            root = newFrozen(s, step, "frozen root");
        } else if (state == SourceState.ALREADY_SHARED) {
            root = s.root;
        } else {
            root = s.root != null ? s.root : s;
        }
        sharedSetups++;
        int idx = record(step, role, o.sliceSlotBytes(), 0);
        RStr slice = new RStr(len, o.sliceSlotBytes(), 0, false, false, idx);
        slice.root = root;
        slice.offsetInRoot = (s.root != null && root == s.root ? s.offsetInRoot : 0) + beg;
        return slice;
    }

    /** A MatchData from rb_reg_search: the object, its registers, and rb_str_new4 of the subject. */
    public RStr regSearch(RStr subject, int groups, String step) {
        int regs = groups + 1;
        long regBytes = (long) MATCH_REGISTER_BYTES * regs;
        if (singleHeap()) {
            record(step, "MatchData", rstringSlot(), regBytes + MATCHDATA_BYTES);
        } else {
            record(step, "MatchData", slotFor(MATCHDATA_BYTES), regBytes);
        }
        return newFrozen(subject, step + " (MatchData string)");
    }

    /** rb_ary_new then {@code n} pushes. */
    public void newArray(int n, String step) {
        long malloc = 0;
        if (n > ARRAY_EMBED_ELEMENTS) {
            malloc = 8L * Math.max(ARRAY_DEFAULT_CAPA, n);
        }
        record(step, "Array", rstringSlot(), malloc);
    }

    /** A Hash literal {} that receives {@code entries} distinct keys (stays in its slot, st_table beyond 8). */
    public void newHash(int entries, String step) {
        hash(entries, step, false);
    }

    /** rb_hash_new_with_size(entries): the keyword Hash of a C call (80 B + st_table beyond 8 entries). */
    public void newHashWithSize(int entries, String step) {
        hash(entries, step, true);
    }

    private void hash(int entries, String step, boolean sized) {
        long st = entries > AR_TABLE_MAX_ENTRIES ? (long) ST_BYTES_PER_ENTRY * Long.highestOneBit(2L * entries - 1) : 0;
        if (singleHeap()) {
            record(step, "Hash", rstringSlot(), entries > AR_TABLE_MAX_ENTRIES ? st : entries > 0 ? AR_TABLE_MALLOC_BYTES_31 : 0);
            return;
        }
        int bytes = sized && entries > AR_TABLE_MAX_ENTRIES ? HASH_WITH_ST_TABLE_BYTES : HASH_WITH_AR_TABLE_BYTES;
        record(step, "Hash", slotFor(bytes), st);
    }

    /** Slot size of the smallest heap holding {@code bytes}; the largest slot otherwise. */
    public int slotFor(int bytes) {
        int h = layout.heapIndexForSize(bytes);
        return h < 0 ? layout.largestSlotSize() : layout.slotSize(h);
    }

    /** The counts so far as a trace. */
    public Trace trace() {
        long mallocs = 0;
        for (Allocation a : allocations) {
            mallocs += a.mallocs();
        }
        return new Trace(List.copyOf(allocations), List.copyOf(slices), methodCalls, bytesCopied, sharedSetups,
                frozenRoots, mallocs, memcpyCalls, splitCalls, embeddedWrites);
    }
}
