package org.slotlab.model.heapdump;

import java.util.List;

/**
 * What {@link HeapDumpReader} kept of an {@code ObjectSpace.dump_all} file: its shared strings and
 * the frozen strings they share (their roots), nothing else of the object graph. Shared strings
 * are CRuby strings with {@code STR_SHARED}: a 40 B header pointing into a root's buffer
 * (string.c str_replace_shared), made by a substring (str_subseq), by {@code dup} or
 * {@code String.new(str)} (str_duplicate), or by the literal of a long string (its root an fstring).
 * {@code dump_all} writes no length for them; {@code slotlab dump} adds one line per shared string
 * with its {@code bytesize}.
 *
 * @param source        the file read
 * @param rubyVersion   RUBY_VERSION from Slotlab's meta line, or "" for a dump made elsewhere
 * @param slotSizes     whether the dump has slot_size fields (CRuby 3.2+: several heaps)
 * @param allocationSites whether objects carry allocation sites (ObjectSpace.trace_object_allocations)
 * @param lengths       whether Slotlab's lines gave the shared strings' lengths
 * @param objects       objects read (lines of an object type)
 * @param strings       STRING objects read
 * @param bytesRead     bytes of JSON read (after decompression)
 * @param shared        the shared strings
 * @param roots         the roots they share
 * @param sites         allocation sites, indexed by {@link Shared#site()}
 * @param footprintBytes bytes of Java heap the reader's tables took
 */
public record HeapDump(String source, String rubyVersion, boolean slotSizes, boolean allocationSites, boolean lengths,
        long objects, long strings, long bytesRead, List<Shared> shared, List<Root> roots, List<String> sites,
        long footprintBytes) {

    public HeapDump {
        shared = List.copyOf(shared);
        roots = List.copyOf(roots);
        sites = List.copyOf(sites);
    }

    /** How a shared string came to be, as far as the dump tells. */
    public enum Origin {
        /** Made by a method that slices through str_subseq (its allocation site says so). */
        SUBSTRING("substring"),
        /** A copy sharing its original's buffer: dup, String.new(str), a long literal (root an fstring). */
        COPY("copy"),
        /** The dump does not say (no allocation tracing). */
        UNKNOWN("unknown");

        private final String label;

        Origin(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /**
     * One shared string.
     *
     * @param len    bytes, or -1 when the dump does not say
     * @param root   index into {@link HeapDump#roots()}, or -1 when the root is not in the dump
     * @param slot   its slot size (40 B: str_alloc_heap)
     * @param site   allocation site index, or -1
     * @param origin how it was made
     */
    public record Shared(int len, int root, int slot, int site, Origin origin) {
    }

    /**
     * A frozen string that shared strings point into.
     *
     * @param len        bytes
     * @param memsize    ObjectSpace.memsize_of: its slot and the buffer it owns
     * @param slot       its slot size
     * @param fstring    an interned string (a literal's)
     * @param otherRefs  referenced by something other than its shared strings (an object, a root of the VM)
     * @param sharers    shared strings pointing into it
     */
    public record Root(long len, long memsize, int slot, boolean fstring, boolean otherRefs, int sharers) {
    }

    public String site(int index) {
        return index < 0 ? "(no allocation site)" : sites.get(index);
    }

    /** Shared strings whose length the dump does not give. */
    public long unknownLengths() {
        return shared.stream().filter(s -> s.len() < 0).count();
    }
}
