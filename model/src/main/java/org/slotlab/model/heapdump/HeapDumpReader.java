package org.slotlab.model.heapdump;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPInputStream;

/**
 * Streams an {@code ObjectSpace.dump_all} file (JSON lines, CRuby 3.1 to 3.4, with or without
 * allocation tracing, plain or gzip-compressed) with Jackson's streaming parser and keeps only
 * what the substring what-if needs: shared strings (root, slot, allocation site, the allocating
 * method), frozen strings (the possible roots: length, memsize, slot, fstring) and, for every
 * address some object or VM root references, one bit (an open-addressing set of addresses). The
 * object graph itself is never built. Slotlab's own lines ({@code "type":"SLOTLAB_STRING"} with a
 * shared string's {@code bytesize}, {@code "type":"SLOTLAB_META"}) are read when present; other
 * tools skip an unknown type.
 *
 * <p>Bad input is one line naming the file and the line: not JSON, cut short, a line that is not
 * an object or has no {@code type}, an address that is not hexadecimal.
 */
public final class HeapDumpReader {

    /** The methods whose results CRuby makes through str_subseq (string.c, re.c), as allocation tracing names them. */
    public static final Set<String> SUBSTRING_METHODS = Set.of("byteslice", "[]", "slice", "chr", "split", "partition",
            "rpartition", "lines", "each_line", "chars", "each_char", "grapheme_clusters", "each_grapheme_cluster", "scan",
            "strip", "lstrip", "rstrip", "chomp", "chop", "delete_prefix", "delete_suffix", "captures", "to_a", "values_at",
            "named_captures", "deconstruct", "deconstruct_keys", "pre_match", "post_match", "match", "slice!", "byteslice!");
    /** Methods that make a shared copy of a whole string (str_duplicate, str_new_frozen, rb_str_new_shared). */
    public static final Set<String> COPY_METHODS = Set.of("dup", "clone", "+@", "-@", "new", "initialize", "*", "+", "freeze",
            "to_s", "to_str", "String", "replace", "b", "itself", "dump", "inspect", "encode", "force_encoding", "sub", "gsub",
            "tr", "squeeze", "delete", "upcase", "downcase", "capitalize", "swapcase", "center", "ljust", "rjust", "%", "<<");

    /** A dump that cannot be read; the message is one line naming the file and the line. */
    public static final class HeapDumpException extends Exception {
        private static final long serialVersionUID = 1L;

        public HeapDumpException(String message) {
            super(message);
        }

        HeapDumpException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private static final JsonFactory FACTORY = JsonFactory.builder().build();
    private static final int BUFFER = 1 << 16;

    private HeapDumpReader() {}

    /** Reads a dump file; gzip is recognised by its magic bytes. */
    public static HeapDump read(Path file) throws HeapDumpException {
        String source = file.toString();
        BasicFileAttributes attrs;
        try {
            attrs = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw new HeapDumpException(source + ": no such file");
        } catch (AccessDeniedException e) {
            throw new HeapDumpException(source + ": cannot be read: permission denied");
        } catch (IOException e) {
            throw new HeapDumpException(source + ": cannot be read (" + e.getMessage() + ")");
        }
        if (!attrs.isRegularFile()) {
            throw new HeapDumpException(source + ": is not a regular file (a directory, device, pipe or socket); expected an "
                    + "ObjectSpace.dump_all file");
        }
        try (InputStream in = Files.newInputStream(file)) {
            return read(in, source);
        } catch (IOException e) {
            throw new HeapDumpException(source + ": cannot be read (" + e.getMessage() + ")", e);
        }
    }

    /** Reads a dump from a stream (plain or gzip). */
    public static HeapDump read(InputStream raw, String source) throws HeapDumpException, IOException {
        BufferedInputStream buffered = new BufferedInputStream(raw, BUFFER);
        buffered.mark(2);
        int b0 = buffered.read();
        int b1 = buffered.read();
        buffered.reset();
        InputStream in = buffered;
        if (b0 == 0x1f && b1 == 0x8b) {
            in = new GZIPInputStream(buffered, BUFFER);
        }
        CountingStream counted = new CountingStream(in);
        return new Pass(source).run(counted);
    }

    /** Counts the bytes the parser takes (after decompression). */
    private static final class CountingStream extends FilterInputStream {
        long count;

        CountingStream(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }
    }

    /** One pass over the file. */
    private static final class Pass {
        final String source;
        // shared strings
        final LongIntMap sharedIndex = new LongIntMap(1 << 12);
        long[] sharedAddr = new long[1 << 12];
        long[] sharedRoot = new long[1 << 12];
        int[] sharedSlot = new int[1 << 12];
        int[] sharedSite = new int[1 << 12];
        byte[] sharedMethod = new byte[1 << 12];
        int[] sharedLen = new int[1 << 12];
        int sharedCount;
        // frozen, unshared strings (possible roots)
        final LongIntMap frozenIndex = new LongIntMap(1 << 12);
        long[] frozenLen = new long[1 << 12];
        long[] frozenMemsize = new long[1 << 12];
        int[] frozenSlot = new int[1 << 12];
        boolean[] frozenFstring = new boolean[1 << 12];
        int frozenCount;
        // every address referenced by something other than a shared string's pointer to its root
        final LongSet referenced = new LongSet(1 << 16);
        final Map<String, Integer> siteIds = new HashMap<>();
        final List<String> sites = new ArrayList<>();
        long objects;
        long strings;
        boolean slotSizes;
        boolean allocationSites;
        boolean lengths;
        String rubyVersion = "";
        // the object being read
        long[] refs = new long[64];
        int refCount;

        Pass(String source) {
            this.source = source;
        }

        HeapDump run(CountingStream in) throws HeapDumpException, IOException {
            try (JsonParser p = FACTORY.createParser(in)) {
                JsonToken t;
                while ((t = p.nextToken()) != null) {
                    if (t != JsonToken.START_OBJECT) {
                        throw fail(p, "expected one JSON object per line (an ObjectSpace.dump_all file), found " + describe(t));
                    }
                    object(p);
                }
            } catch (StreamReadException e) {
                long line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
                throw new HeapDumpException(source + ":" + line + ": not a complete JSON line (" + firstLine(e.getOriginalMessage())
                        + "); is the dump cut short?", e);
            }
            if (objects == 0) {
                throw new HeapDumpException(source + ": no objects; is it an ObjectSpace.dump_all file?");
            }
            return build(in.count);
        }

        private static String firstLine(String s) {
            String one = s == null ? "" : s.lines().findFirst().orElse("");
            return one.length() > 120 ? one.substring(0, 120) + "..." : one;
        }

        private static String describe(JsonToken t) {
            return switch (t) {
                case START_ARRAY -> "an array";
                case VALUE_STRING -> "a string";
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
                default -> t.asString() == null ? t.name().toLowerCase(java.util.Locale.ROOT) : t.asString();
            };
        }

        private HeapDumpException fail(JsonParser p, String problem) {
            return new HeapDumpException(source + ":" + p.currentLocation().getLineNr() + ": " + problem);
        }

        /** Kinds of line. */
        private static final int OTHER = 0;
        private static final int STRING = 1;
        private static final int ROOT = 2;
        private static final int SLOTLAB_STRING = 3;
        private static final int SLOTLAB_META = 4;
        /** Allocating method: none, a substring method, a copying method, another one. */
        private static final byte M_NONE = 0;
        private static final byte M_SUBSTRING = 1;
        private static final byte M_COPY = 2;
        private static final byte M_OTHER = 3;

        private void object(JsonParser p) throws IOException, HeapDumpException {
            int kind = -1;
            long address = 0;
            boolean shared = false;
            boolean frozen = false;
            boolean fstring = false;
            long bytesize = -1;
            long memsize = -1;
            int slot = 0;
            String file = null;
            long line = -1;
            byte method = M_NONE;
            refCount = 0;
            String name;
            while ((name = p.nextFieldName()) != null) {
                JsonToken v = p.nextToken();
                switch (name) {
                    case "type" -> kind = kind(p, v);
                    case "address" -> address = address(p, v);
                    case "shared" -> shared = v == JsonToken.VALUE_TRUE;
                    case "frozen" -> frozen = v == JsonToken.VALUE_TRUE;
                    case "fstring" -> fstring = v == JsonToken.VALUE_TRUE;
                    case "bytesize" -> bytesize = v == JsonToken.VALUE_NUMBER_INT ? p.getLongValue() : -1;
                    case "memsize" -> memsize = v == JsonToken.VALUE_NUMBER_INT ? p.getLongValue() : -1;
                    case "slot_size" -> {
                        slot = v == JsonToken.VALUE_NUMBER_INT ? p.getIntValue() : 0;
                        slotSizes = true;
                    }
                    case "references" -> references(p, v);
                    case "file" -> {
                        if (v == JsonToken.VALUE_STRING && (kind == STRING || kind == SLOTLAB_STRING)) {
                            file = p.getText();
                        }
                        allocationSites = true;
                    }
                    case "line" -> line = v == JsonToken.VALUE_NUMBER_INT ? p.getLongValue() : -1;
                    case "method" -> {
                        if (v == JsonToken.VALUE_STRING && kind == STRING && shared) {
                            method = methodKind(p.getText());
                        }
                    }
                    case "ruby" -> {
                        if (kind == SLOTLAB_META && v == JsonToken.VALUE_STRING) {
                            rubyVersion = p.getText();
                        }
                    }
                    default -> p.skipChildren();
                }
            }
            if (kind < 0) {
                throw fail(p, "a line without \"type\"; is it an ObjectSpace.dump_all file?");
            }
            switch (kind) {
                case STRING -> {
                    objects++;
                    strings++;
                    if (shared && refCount > 0) {
                        addShared(p, address, refs[0], slot == 0 ? 40 : slot, site(file, line), method);
                        for (int i = 1; i < refCount; i++) {
                            referenced.add(refs[i]);
                        }
                    } else {
                        if (frozen && !shared) {
                            addFrozen(address, bytesize, memsize, slot == 0 ? 40 : slot, fstring);
                        }
                        for (int i = 0; i < refCount; i++) {
                            referenced.add(refs[i]);
                        }
                    }
                }
                case SLOTLAB_STRING -> {
                    int i = sharedIndex.get(address);
                    if (i != LongIntMap.MISSING && bytesize >= 0) {
                        sharedLen[i] = (int) Math.min(Integer.MAX_VALUE, bytesize);
                        lengths = true;
                    }
                }
                case SLOTLAB_META -> {
                    // the Ruby's version is all it carries that the what-if reads
                }
                default -> {
                    if (kind != ROOT) {
                        objects++;
                    }
                    for (int i = 0; i < refCount; i++) {
                        referenced.add(refs[i]);
                    }
                }
            }
        }

        private int kind(JsonParser p, JsonToken v) throws IOException, HeapDumpException {
            if (v != JsonToken.VALUE_STRING) {
                throw fail(p, "\"type\" must be a string");
            }
            char[] c = p.getTextCharacters();
            int off = p.getTextOffset();
            int len = p.getTextLength();
            if (is(c, off, len, "STRING")) {
                return STRING;
            }
            if (is(c, off, len, "ROOT")) {
                return ROOT;
            }
            if (is(c, off, len, "SLOTLAB_STRING")) {
                return SLOTLAB_STRING;
            }
            if (is(c, off, len, "SLOTLAB_META")) {
                return SLOTLAB_META;
            }
            return OTHER;
        }

        private static boolean is(char[] c, int off, int len, String s) {
            if (len != s.length()) {
                return false;
            }
            for (int i = 0; i < len; i++) {
                if (c[off + i] != s.charAt(i)) {
                    return false;
                }
            }
            return true;
        }

        private long address(JsonParser p, JsonToken v) throws IOException, HeapDumpException {
            if (v != JsonToken.VALUE_STRING) {
                throw fail(p, "an address must be a string such as \"0x7f1148ac1ba0\"");
            }
            return hex(p, p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
        }

        private long hex(JsonParser p, char[] c, int off, int len) throws HeapDumpException {
            if (len < 3 || len > 18 || c[off] != '0' || (c[off + 1] != 'x' && c[off + 1] != 'X')) {
                throw fail(p, "\"" + new String(c, off, Math.min(len, 40)) + "\" is not an address (expected 0x and hex digits)");
            }
            long v = 0;
            for (int i = off + 2; i < off + len; i++) {
                int d = Character.digit(c[i], 16);
                if (d < 0) {
                    throw fail(p, "\"" + new String(c, off, Math.min(len, 40)) + "\" is not an address (expected 0x and hex digits)");
                }
                v = (v << 4) | d;
            }
            return v;
        }

        private void references(JsonParser p, JsonToken v) throws IOException, HeapDumpException {
            if (v != JsonToken.START_ARRAY) {
                p.skipChildren();
                return;
            }
            JsonToken t;
            while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                if (t != JsonToken.VALUE_STRING) {
                    throw fail(p, "\"references\" must list addresses");
                }
                if (refCount == refs.length) {
                    refs = java.util.Arrays.copyOf(refs, refs.length * 2);
                }
                refs[refCount++] = hex(p, p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
            }
        }

        private static byte methodKind(String m) {
            if (SUBSTRING_METHODS.contains(m)) {
                return M_SUBSTRING;
            }
            return COPY_METHODS.contains(m) ? M_COPY : M_OTHER;
        }

        private int site(String file, long line) {
            if (file == null) {
                return -1;
            }
            String s = line >= 0 ? file + ":" + line : file;
            Integer id = siteIds.get(s);
            if (id == null) {
                id = sites.size();
                siteIds.put(s, id);
                sites.add(s);
            }
            return id;
        }

        private void addShared(JsonParser p, long address, long root, int slot, int site, byte method) throws HeapDumpException {
            if (address == 0) {
                throw fail(p, "a shared string without \"address\"");
            }
            if (sharedCount == sharedAddr.length) {
                int n = sharedAddr.length * 2;
                sharedAddr = java.util.Arrays.copyOf(sharedAddr, n);
                sharedRoot = java.util.Arrays.copyOf(sharedRoot, n);
                sharedSlot = java.util.Arrays.copyOf(sharedSlot, n);
                sharedSite = java.util.Arrays.copyOf(sharedSite, n);
                sharedMethod = java.util.Arrays.copyOf(sharedMethod, n);
                sharedLen = java.util.Arrays.copyOf(sharedLen, n);
            }
            int i = sharedCount++;
            sharedAddr[i] = address;
            sharedRoot[i] = root;
            sharedSlot[i] = slot;
            sharedSite[i] = site;
            sharedMethod[i] = method;
            sharedLen[i] = -1;
            sharedIndex.put(address, i);
        }

        private void addFrozen(long address, long len, long memsize, int slot, boolean fstring) {
            if (address == 0) {
                return;
            }
            if (frozenCount == frozenLen.length) {
                int n = frozenLen.length * 2;
                frozenLen = java.util.Arrays.copyOf(frozenLen, n);
                frozenMemsize = java.util.Arrays.copyOf(frozenMemsize, n);
                frozenSlot = java.util.Arrays.copyOf(frozenSlot, n);
                frozenFstring = java.util.Arrays.copyOf(frozenFstring, n);
            }
            int i = frozenCount++;
            frozenLen[i] = len;
            frozenMemsize[i] = memsize < 0 ? slot : memsize;
            frozenSlot[i] = slot;
            frozenFstring[i] = fstring;
            frozenIndex.put(address, i);
        }

        private HeapDump build(long bytes) {
            // roots: the frozen strings shared strings point into, in first-seen order
            LongIntMap rootIndex = new LongIntMap(Math.max(16, sharedCount));
            List<long[]> rootData = new ArrayList<>();
            int[] sharers = new int[Math.max(1, sharedCount)];
            int[] sharedRootIdx = new int[sharedCount];
            for (int i = 0; i < sharedCount; i++) {
                long r = sharedRoot[i];
                int f = frozenIndex.get(r);
                if (f == LongIntMap.MISSING) {
                    sharedRootIdx[i] = -1;
                    continue;
                }
                int ri = rootIndex.get(r);
                if (ri == LongIntMap.MISSING) {
                    ri = rootData.size();
                    rootIndex.put(r, ri);
                    rootData.add(new long[] {r, f});
                }
                sharers[ri]++;
                sharedRootIdx[i] = ri;
            }
            List<HeapDump.Root> roots = new ArrayList<>(rootData.size());
            for (int ri = 0; ri < rootData.size(); ri++) {
                long addr = rootData.get(ri)[0];
                int f = (int) rootData.get(ri)[1];
                roots.add(new HeapDump.Root(frozenLen[f], frozenMemsize[f], frozenSlot[f], frozenFstring[f], referenced.contains(addr),
                        sharers[ri]));
            }
            List<HeapDump.Shared> shared = new ArrayList<>(sharedCount);
            for (int i = 0; i < sharedCount; i++) {
                int ri = sharedRootIdx[i];
                boolean literal = ri >= 0 && roots.get(ri).fstring();
                HeapDump.Origin origin = switch (sharedMethod[i]) {
                    case M_SUBSTRING -> HeapDump.Origin.SUBSTRING;
                    case M_COPY -> HeapDump.Origin.COPY;
                    default -> literal ? HeapDump.Origin.COPY : HeapDump.Origin.UNKNOWN;
                };
                shared.add(new HeapDump.Shared(sharedLen[i], ri, sharedSlot[i], sharedSite[i], origin));
            }
            long footprint = sharedIndex.footprintBytes() + frozenIndex.footprintBytes() + referenced.footprintBytes()
                    + (long) sharedAddr.length * (8 + 8 + 4 + 4 + 1 + 4) + (long) frozenLen.length * (8 + 8 + 4 + 1);
            return new HeapDump(source, rubyVersion, slotSizes, allocationSites, lengths, objects, strings, bytes, shared, roots,
                    sites, footprint);
        }
    }
}
