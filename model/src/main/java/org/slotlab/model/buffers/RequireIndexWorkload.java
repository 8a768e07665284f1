package org.slotlab.model.buffers;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.slotlab.model.layout.RubyLayout;
import org.slotlab.model.malloc.Allocator;
import org.slotlab.model.malloc.RssEstimate;
import org.slotlab.model.reference.ReferenceTable;

/**
 * The require-index workload (Feature #14460, https://bugs.ruby-lang.org/issues/14460): the keys of {@code require}'s
 * {@code loaded_features_index}, strdup'ed (CRuby 2.5, load.c {@code features_index_add} /
 * {@code features_index_add_single}) versus indexed into the feature strings (r62404, 2.6).
 *
 * <p>Keys of one feature: for every {@code /} in the path, the suffix after it, and, when the
 * file has an extension (the last {@code .} after the last {@code /}), the same suffix without
 * it; then the whole path, with and without the extension. {@code /a/b/c.rb} gives c.rb, c,
 * b/c.rb, b/c, a/b/c.rb, a/b/c, /a/b/c.rb, /a/b/c: 2 x (slashes + 1) keys. Before r62404 each
 * key not yet in the table was {@code ruby_strdup}'ed: one malloc(len + 1) per distinct key
 * (a key seen before only gains an offset). The ext-less keys were cut with {@code rb_str_subseq},
 * a copy for a non-suffix substring (a malloc when longer than 23 bytes), garbage right after.
 * From r62404, keys point into the strings: the suffixes into the feature itself, the ext-less
 * ones into one new ext-less copy of the path per feature ("I create a new string (so that it's
 * NULL padded), then index in to that string"), kept alive by a new array.
 *
 * <p>What this covers of the thread's figures: the retained key bytes and the malloc calls of the
 * index. Aaron's -4.2% (59,580,203 -> 57,057,395 B), 76,212 system calls and 1.53x on
 * bm_require are whole-process measurements that also include the hash table, the transient
 * substrings and everything require does; {@link Comparison} states the share the index explains.
 * Index rebuilds ({@code get_loaded_features_index} resets the table when $LOADED_FEATURES was
 * modified behind its back) repeat the strdups; their number is a parameter, 0 by default.
 */
public final class RequireIndexWorkload {

    /** Published boot memory saved, bytes: before minus after of require_index.csv's rails_boot_memory row. */
    public static final long PUBLISHED_BYTES_SAVED = published("rails_boot_memory", "before")
            - published("rails_boot_memory", "after");
    /** Published system calls eliminated: require_index.csv's system_calls_eliminated row. */
    public static final long PUBLISHED_CALLS_ELIMINATED = published("system_calls_eliminated", "after");

    /** One figure of require_index.csv, read once with the table. */
    private static long published(String metric, String column) {
        return ReferenceTable.number(ReferenceTable.load("require_index.csv").where("metric", metric).get(0), column)
                .orElseThrow(() -> new IllegalStateException("require_index.csv: no " + column + " for " + metric))
                .longValue();
    }
    /**
     * One malloc + free pair on the thread's macOS, ns: an assumption (magazine malloc's tiny
     * path is tens of ns), used only to say how much of bm_require's 1.054 s the index explains.
     */
    public static final double NS_PER_MALLOC_FREE = 50;

    /** Where the index keys live. */
    public enum KeyStorage {
        /** CRuby 2.5: every distinct key ruby_strdup'ed. */
        STRDUP("strdup"),
        /** CRuby 2.6 (r62404): keys point into the feature strings and one ext-less copy per feature. */
        INDEXED("indexed");

        private final String cliName;

        KeyStorage(String cliName) {
            this.cliName = cliName;
        }

        public String cliName() {
            return cliName;
        }
    }

    /**
     * @param features      the $LOADED_FEATURES list
     * @param layout        string layout for the ext-less copies (2.6 had 2.4's: embed up to 23 B)
     * @param allocators    allocators for the footprint
     * @param indexRebuilds how often the index was thrown away and rebuilt during boot
     */
    public record Params(LoadedFeatures features, RubyLayout layout, List<Allocator> allocators, int indexRebuilds) {
        public Params {
            allocators = List.copyOf(allocators);
            if (allocators.isEmpty()) {
                throw new IllegalArgumentException("require-index needs at least one allocator");
            }
            if (indexRebuilds < 0) {
                throw new IllegalArgumentException("index rebuilds must be >= 0, got " + indexRebuilds);
            }
        }
    }

    /**
     * One storage variant on one allocator.
     *
     * @param storage             strdup or indexed
     * @param allocator           allocator name
     * @param features            features in the list
     * @param keys                index keys generated (with repeats)
     * @param distinctKeys        distinct keys (table entries)
     * @param retainedMallocs     live malloc'd blocks holding keys
     * @param keyBytes            bytes requested for them (len + 1 each)
     * @param mallocCalls         mallocs made building the index (incl. rebuilds and transient copies)
     * @param freeCalls           frees (transient copies, keys dropped by rebuilds)
     * @param retainedSlots       Ruby strings kept alive for the keys (indexed: one per feature with an extension)
     * @param footprintBytes      the allocator's footprint of the retained key blocks
     * @param rssKib              their resident pages, KiB
     * @param predictedMallocNs   (mallocs + frees) / 2 x NS_PER_MALLOC_FREE, ns
     */
    public record Row(String storage, String allocator, long features, long keys, long distinctKeys,
                      long retainedMallocs, long keyBytes, long mallocCalls, long freeCalls, long retainedSlots,
                      long footprintBytes, double rssKib, double predictedMallocNs) {
    }

    /**
     * strdup minus indexed on one allocator, and the share of the published whole-app figures.
     *
     * @param allocator                allocator name
     * @param bytesSaved               footprint saved by indexing (slots of the ext-less copies counted), bytes
     * @param callsSaved               malloc + free calls saved
     * @param shareOfPublishedBytes    bytesSaved / 2,522,808
     * @param shareOfPublishedCalls    callsSaved / 76,212
     */
    public record Comparison(String allocator, long bytesSaved, long callsSaved, double shareOfPublishedBytes,
                             double shareOfPublishedCalls) {
    }

    private RequireIndexWorkload() {
    }

    /** Index of the extension dot of {@code path} (the last '.' after the last '/'), or -1. */
    static int extensionDot(String path) {
        for (int i = path.length() - 1; i >= 0; i--) {
            char c = path.charAt(i);
            if (c == '/') {
                return -1;
            }
            if (c == '.') {
                return i;
            }
        }
        return -1;
    }

    /** The index keys of one feature in features_index_add order. */
    public static List<String> keys(String feature) {
        List<String> out = new ArrayList<>();
        int ext = extensionDot(feature);
        int end = ext >= 0 ? ext : feature.length();
        for (int p = end - 1; p >= 0; p--) {
            if (feature.charAt(p) == '/') {
                out.add(feature.substring(p + 1));
                if (ext >= 0) {
                    out.add(feature.substring(p + 1, ext));
                }
            }
        }
        out.add(feature);
        if (ext >= 0) {
            out.add(feature.substring(0, ext));
        }
        return out;
    }

    /** Rows for both storages on every allocator, storage-major. */
    public static List<Row> predict(Params p) {
        RubyLayout layout = p.layout();
        int termLen = layout.termLen();
        long keys = 0;
        Set<String> distinct = new HashSet<>();
        Map<Long, Long> strdupRequests = new TreeMap<>();
        long strdupBytes = 0;
        long transientCopies = 0;
        Map<Long, Long> indexedRequests = new TreeMap<>();
        long indexedBytes = 0;
        long indexedSlots = 0;
        for (String f : p.features().paths()) {
            int ext = extensionDot(f);
            for (String k : keys(f)) {
                keys++;
                boolean extless = ext >= 0 && !f.endsWith(k);
                if (extless && !layout.isEmbeddable(k.length(), termLen)) {
                    transientCopies++; // rb_str_subseq copy of a non-suffix substring
                }
                if (distinct.add(k)) {
                    strdupRequests.merge((long) k.length() + 1, 1L, Long::sum);
                    strdupBytes += k.length() + 1;
                }
            }
            if (ext >= 0) {
                indexedSlots++;
                if (!layout.isEmbeddable(ext, termLen)) {
                    indexedRequests.merge((long) ext + termLen, 1L, Long::sum);
                    indexedBytes += ext + termLen;
                }
            }
        }
        long strdupMallocs = distinct.size();
        long indexedMallocs = indexedRequests.values().stream().mapToLong(Long::longValue).sum();
        int builds = 1 + p.indexRebuilds();
        long slotBytes = layout.slotSize(layout.rstringHeap());
        List<Row> rows = new ArrayList<>();
        for (KeyStorage storage : KeyStorage.values()) {
            for (Allocator a : p.allocators()) {
                if (storage == KeyStorage.STRDUP) {
                    RssEstimate r = a.rss(strdupRequests);
                    long mallocs = builds * (strdupMallocs + transientCopies);
                    long frees = builds * transientCopies + p.indexRebuilds() * strdupMallocs;
                    rows.add(new Row(storage.cliName(), a.name(), p.features().paths().size(), keys, distinct.size(),
                            strdupMallocs, strdupBytes, mallocs, frees, 0, r.footprintBytes(), r.residentKib(),
                            (mallocs + frees) / 2.0 * NS_PER_MALLOC_FREE));
                } else {
                    RssEstimate r = a.rss(indexedRequests);
                    // the ext-less strings are rebuilt too; the old ones become garbage
                    long mallocs = builds * indexedMallocs;
                    long frees = p.indexRebuilds() * indexedMallocs;
                    rows.add(new Row(storage.cliName(), a.name(), p.features().paths().size(), keys, distinct.size(),
                            indexedMallocs, indexedBytes, mallocs, frees, indexedSlots,
                            r.footprintBytes() + indexedSlots * slotBytes, r.residentKib(),
                            (mallocs + frees) / 2.0 * NS_PER_MALLOC_FREE));
                }
            }
        }
        return rows;
    }

    /** strdup vs indexed per allocator, against the thread's whole-app figures. */
    public static List<Comparison> compare(Params p) {
        List<Row> rows = predict(p);
        List<Comparison> out = new ArrayList<>();
        for (Allocator a : p.allocators()) {
            Row before = find(rows, KeyStorage.STRDUP, a);
            Row after = find(rows, KeyStorage.INDEXED, a);
            long bytes = before.footprintBytes() - after.footprintBytes();
            long calls = (before.mallocCalls() + before.freeCalls()) - (after.mallocCalls() + after.freeCalls());
            out.add(new Comparison(a.name(), bytes, calls, bytes / (double) PUBLISHED_BYTES_SAVED,
                    calls / (double) PUBLISHED_CALLS_ELIMINATED));
        }
        return out;
    }

    private static Row find(List<Row> rows, KeyStorage s, Allocator a) {
        return rows.stream().filter(r -> r.storage().equals(s.cliName()) && r.allocator().equals(a.name()))
                .findFirst().orElseThrow();
    }
}
