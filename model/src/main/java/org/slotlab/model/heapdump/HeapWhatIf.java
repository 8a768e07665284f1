package org.slotlab.model.heapdump;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.string.Representation;
import org.slotlab.model.string.SlicePosition;
import org.slotlab.model.string.SourceState;
import org.slotlab.model.string.StrSubseq;
import org.slotlab.model.string.SubseqOutcome;
import org.slotlab.model.string.SubseqPolicies;
import org.slotlab.model.string.SubseqPolicy;

/**
 * What a substring policy would change in a heap a dump shows. Each shared substring is a suffix
 * of its root (only suffixes share on CRuby 3.4: SHARABLE_SUBSTRING_P); {@link StrSubseq#slice}
 * on the layout says whether master would share it and whether the candidate would embed it, and
 * in which slot. A root is freed when none of its shared strings stays shared under the candidate
 * and nothing else references it (no object, no VM root); when the only one left is a whole-root
 * copy that is not a substring (the source a substring made shared: heap_str_make_shared hands
 * its buffer to the root), only the root's slot is freed and the buffer goes back to that string.
 *
 * <p>Which shared strings are substrings: those whose allocating method slices through str_subseq
 * (allocation tracing names the C method); copies are those made by a copying method or sharing
 * an interned root (a literal); of the rest (no allocation site, or a Ruby frame such as the one
 * reading {@code $1}), a shared string shorter than its root is taken as a substring and one as
 * long as its root as a copy. A string whose length the dump does not give ({@code dump_all}
 * writes none; {@code slotlab dump} adds them) is counted as undecided, never guessed. The frozen-source rule reads a
 * root that only shared strings reference as one sharing made (str_new_frozen_buffer), any other
 * as a frozen source.
 */
public final class HeapWhatIf {

    private HeapWhatIf() {}

    /** What the candidate does to one shared string. */
    enum Fate { NOT_A_SUBSTRING, UNDECIDED, STAYS_SHARED, EMBEDDED, MASTER_EMBEDS }

    /**
     * One group (a length, a site or a heap) for one candidate.
     *
     * @param key                  the length, site or slot size
     * @param strings              shared strings in the group
     * @param sharedOnMaster       substrings master shares on the layout (the ones the what-if is about)
     * @param embeddedByCandidate  of those, embedded by the candidate
     * @param rootsFreed           roots freed because nothing keeps them (attributed to their longest embedded string)
     * @param bytesDelta           bytes, candidate minus master: the slot an embedded copy takes beyond its 40 B header, minus freed roots
     * @param objectsDelta         objects, candidate minus master (freed roots)
     * @param undecided            strings whose length or origin the dump does not tell
     */
    public record Group(String key, long strings, long sharedOnMaster, long embeddedByCandidate, long rootsFreed, long bytesDelta,
            long objectsDelta, long undecided) {
    }

    /** Per heap (slot size): objects and bytes gained or lost. */
    public record HeapChange(int slotSize, long objectsDelta, long bytesDelta) {
    }

    /** The what-if of one candidate. */
    public record Result(String candidate, List<Group> byLength, List<Group> bySite, List<HeapChange> byHeap, Group total) {
    }

    /** Grouping. */
    public enum By { LENGTH, SITE }

    public static Result compute(HeapDump dump, RubyLayout layout, SubseqPolicy candidate) {
        int n = dump.shared().size();
        Fate[] fate = new Fate[n];
        int[] slot = new int[n];
        // pass 1: each shared string
        int[] stillShared = new int[dump.roots().size()];
        int[] wholeCopies = new int[dump.roots().size()];
        int[] longestEmbedded = new int[dump.roots().size()];
        java.util.Arrays.fill(longestEmbedded, -1);
        for (int i = 0; i < n; i++) {
            HeapDump.Shared s = dump.shared().get(i);
            HeapDump.Root root = s.root() >= 0 ? dump.roots().get(s.root()) : null;
            fate[i] = fate(dump, s, root, layout, candidate);
            if (fate[i] == Fate.EMBEDDED) {
                slot[i] = TraceSlices.slice(layout, candidate, state(root), root.len(), s.len()).sliceSlotBytes();
                int best = longestEmbedded[s.root()];
                if (best < 0 || dump.shared().get(best).len() < s.len()) {
                    longestEmbedded[s.root()] = i;
                }
            } else if (s.root() >= 0) {
                stillShared[s.root()]++;
                if (s.origin() != HeapDump.Origin.SUBSTRING && (s.len() < 0 || s.len() == root.len())) {
                    wholeCopies[s.root()]++;
                }
            }
        }
        // pass 2: roots
        long[] freedBytes = new long[n];
        long[] freedObjects = new long[n];
        Map<Integer, long[]> heaps = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            if (fate[i] == Fate.EMBEDDED) {
                int sharedSlot = dump.shared().get(i).slot();
                heap(heaps, sharedSlot)[0]--;
                heap(heaps, sharedSlot)[1] -= sharedSlot;
                heap(heaps, slot[i])[0]++;
                heap(heaps, slot[i])[1] += slot[i];
            }
        }
        for (int r = 0; r < dump.roots().size(); r++) {
            int owner = longestEmbedded[r];
            HeapDump.Root root = dump.roots().get(r);
            if (owner < 0 || root.otherRefs()) {
                continue;
            }
            if (stillShared[r] == 0) {
                freedBytes[owner] += root.memsize();
                freedObjects[owner]++;
                heap(heaps, root.slot())[0]--;
                heap(heaps, root.slot())[1] -= root.memsize();
            } else if (stillShared[r] == 1 && wholeCopies[r] == 1) {
                freedBytes[owner] += root.slot();
                freedObjects[owner]++;
                heap(heaps, root.slot())[0]--;
                heap(heaps, root.slot())[1] -= root.slot();
            }
        }
        List<HeapChange> byHeap = new ArrayList<>();
        heaps.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> byHeap.add(new HeapChange(e.getKey(), e.getValue()[0], e.getValue()[1])));
        IntFunction<String> lengthKey = i -> dump.shared().get(i).len() < 0 ? "unknown" : Integer.toString(dump.shared().get(i).len());
        IntFunction<String> siteKey = i -> dump.site(dump.shared().get(i).site());
        return new Result(candidate.name(), group(dump, fate, slot, freedBytes, freedObjects, lengthKey, false),
                group(dump, fate, slot, freedBytes, freedObjects, siteKey, true), byHeap,
                group(dump, fate, slot, freedBytes, freedObjects, i -> "(all)", false).stream().findFirst()
                        .orElse(new Group("(all)", 0, 0, 0, 0, 0, 0, 0)));
    }

    private static long[] heap(Map<Integer, long[]> heaps, int slot) {
        return heaps.computeIfAbsent(slot, k -> new long[2]);
    }

    private static Fate fate(HeapDump dump, HeapDump.Shared s, HeapDump.Root root, RubyLayout layout, SubseqPolicy candidate) {
        if (s.origin() == HeapDump.Origin.COPY) {
            return Fate.NOT_A_SUBSTRING;
        }
        if (root == null || s.len() < 0) {
            return Fate.UNDECIDED;
        }
        if (s.origin() == HeapDump.Origin.UNKNOWN && s.len() >= root.len()) {
            return Fate.NOT_A_SUBSTRING;
        }
        SubseqOutcome m = TraceSlices.slice(layout, SubseqPolicies.master(), state(root), root.len(), s.len());
        if (m.representation() != Representation.SHARED) {
            return Fate.MASTER_EMBEDS;
        }
        SubseqOutcome c = TraceSlices.slice(layout, candidate, state(root), root.len(), s.len());
        return c.representation() == Representation.SHARED ? Fate.STAYS_SHARED : Fate.EMBEDDED;
    }

    /** The source state a root stands for: one only shared strings reference was made by sharing. */
    private static SourceState state(HeapDump.Root root) {
        return root != null && !root.otherRefs() && !root.fstring() ? SourceState.UNFROZEN_UNSHARED : SourceState.FROZEN;
    }

    private static List<Group> group(HeapDump dump, Fate[] fate, int[] slot, long[] freedBytes, long[] freedObjects,
            IntFunction<String> keyOf, boolean biggestFirst) {
        Map<String, long[]> sums = new LinkedHashMap<>();
        for (int i = 0; i < fate.length; i++) {
            long[] g = sums.computeIfAbsent(keyOf.apply(i), k -> new long[7]);
            HeapDump.Shared s = dump.shared().get(i);
            g[0]++;
            if (fate[i] == Fate.STAYS_SHARED || fate[i] == Fate.EMBEDDED) {
                g[1]++;
            }
            if (fate[i] == Fate.EMBEDDED) {
                g[2]++;
                g[4] += slot[i] - s.slot();
            }
            if (fate[i] == Fate.UNDECIDED) {
                g[6]++;
            }
            g[3] += freedObjects[i];
            g[4] -= freedBytes[i];
            g[5] -= freedObjects[i];
        }
        List<Group> out = new ArrayList<>();
        sums.forEach((k, g) -> out.add(new Group(k, g[0], g[1], g[2], g[3], g[4], g[5], g[6])));
        if (biggestFirst) {
            out.sort((a, b) -> Long.compare(b.strings(), a.strings()));
        } else {
            out.sort((a, b) -> compareKeys(a.key(), b.key()));
        }
        return out;
    }

    private static int compareKeys(String a, String b) {
        boolean na = a.chars().allMatch(Character::isDigit);
        boolean nb = b.chars().allMatch(Character::isDigit);
        if (na && nb) {
            return Long.compare(Long.parseLong(a), Long.parseLong(b));
        }
        return na ? -1 : nb ? 1 : a.compareTo(b);
    }

    /** str_subseq of a suffix of {@code len} bytes of a {@code rootLen}-byte source. */
    static final class TraceSlices {
        private TraceSlices() {}

        static SubseqOutcome slice(RubyLayout layout, SubseqPolicy policy, SourceState state, long rootLen, long len) {
            return StrSubseq.slice(layout, policy, state, Math.max(rootLen, len), SlicePosition.SUFFIX, len);
        }
    }

    /** The lines under a what-if of {@code d}: what was read, what the dump does not tell, what the columns mean. */
    public static String notes(HeapDump d, RubyLayout layout, double seconds) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%s: %,d objects, %,d strings, %,d shared (%,d roots); ruby %s; layout %s; read %.1f MB in %.2f s.",
                d.source(), d.objects(), d.strings(), d.shared().size(), d.roots().size(),
                d.rubyVersion().isEmpty() ? "unknown (a dump made without slotlab dump)" : d.rubyVersion(), layout.name(),
                d.bytesRead() / 1e6, seconds));
        if (d.unknownLengths() > 0) {
            sb.append(d.lengths()
                    ? String.format(Locale.ROOT, "%nThe dump gives no length for %,d shared strings (not among the lengths 'slotlab"
                    + " dump' added): they are counted as undecided.", d.unknownLengths())
                    : String.format(Locale.ROOT, "%nThe dump gives no length for %,d shared strings (dump_all writes none): they are"
                    + " counted as undecided. Make the dump with 'slotlab dump' to know them.", d.unknownLengths()));
        }
        if (!d.allocationSites()) {
            sb.append(String.format(Locale.ROOT, "%nNo allocation sites (ObjectSpace.trace_object_allocations was off): a shared string"
                    + " shorter than its root is taken as a substring, one as long as its root as a copy."));
        }
        sb.append(String.format(Locale.ROOT, "%nbytes_delta: candidate minus master, bytes (slots an embedded copy takes beyond its"
                + " 40 B header, less the roots freed); roots_freed: roots nothing else references once their substrings embed."));
        return sb.toString();
    }
}
