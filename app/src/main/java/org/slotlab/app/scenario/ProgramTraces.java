package org.slotlab.app.scenario;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.slotlab.model.ruby.RubyPreset;
import org.slotlab.model.trace.SubstringTrace;
import org.slotlab.model.trace.TraceFile;

/**
 * The traces the "Your program" scenario reads: one of the traces shipped with Slotlab (made by
 * {@code slotlab trace} on Debian's ruby 3.1.2 and CRuby 3.4.5 from real code: Net::HTTP's header
 * parser, fluentd's LTSV parsing, {@code JSON.parse}, RDoc parsing its own sources), named without
 * its suffix, or a trace file of the user's. Read traces are kept (a few, by file, size and
 * modification time), so moving the cutoff does not read the file again.
 */
public final class ProgramTraces {

    /** Where the shipped traces sit on the class path (sample-data/trace/traces in the repository). */
    static final String SHIPPED_DIR = "/sample-data/trace/traces/";

    /** The shipped traces, by name: {@code <program>-ruby-<version>}. */
    public static final List<String> SHIPPED = List.of(
            "fluentd_ltsv-ruby-3.4.5", "fluentd_ltsv-ruby-3.1.2",
            "net_http_headers-ruby-3.4.5", "net_http_headers-ruby-3.1.2",
            "json_parse-ruby-3.4.5", "json_parse-ruby-3.1.2",
            "rdoc_self-ruby-3.4.5", "rdoc_self-ruby-3.1.2");

    /** The trace the scenario opens on: fluentd's LTSV path on CRuby 3.4.5. */
    public static final String DEFAULT = SHIPPED.get(0);

    private static final int KEPT = 4;
    private static final Pattern RUBY_VERSION = Pattern.compile("\"ruby\"\\s*:\\s*\\{\\s*\"version\"\\s*:\\s*\"([^\"]{1,40})\"");
    private static final Map<String, SubstringTrace> CACHE = new LinkedHashMap<>(8, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, SubstringTrace> eldest) {
            return size() > KEPT;
        }
    };

    private ProgramTraces() {}

    /** Whether {@code spec} names a shipped trace rather than a file. */
    public static boolean shipped(String spec) {
        return SHIPPED.contains(spec.strip());
    }

    /** The class-path resource of a shipped trace (plain JSON, or gzip for the large RDoc ones). */
    static String resource(String name) {
        String plain = SHIPPED_DIR + name + ".trace.json";
        return ProgramTraces.class.getResource(plain) != null ? plain : plain + ".gz";
    }

    /** The trace {@code spec} names; a file that cannot be read throws with the reader's one-line message. */
    public static SubstringTrace load(String spec) {
        String key = key(spec);
        synchronized (CACHE) {
            SubstringTrace t = CACHE.get(key);
            if (t != null) {
                return t;
            }
        }
        SubstringTrace t = read(spec);
        synchronized (CACHE) {
            CACHE.put(key, t);
        }
        return t;
    }

    private static SubstringTrace read(String spec) {
        try {
            if (shipped(spec)) {
                String res = resource(spec.strip());
                try (InputStream in = ProgramTraces.class.getResourceAsStream(res)) {
                    if (in == null) {
                        throw new IllegalArgumentException("the shipped trace " + spec + " is missing from this build");
                    }
                    return TraceFile.read(in, spec.strip());
                } catch (IOException e) {
                    throw new IllegalArgumentException("the shipped trace " + spec + " cannot be read: " + e.getMessage(), e);
                }
            }
            return TraceFile.read(Path.of(spec));
        } catch (TraceFile.TraceFormatException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /**
     * RUBY_VERSION of the traced Ruby, read cheaply: from a trace already read, else from the
     * first kilobytes of the file, where {@code slotlab trace} writes it (the whole file otherwise).
     * Called when the workbench shows the layout, so it must not parse a large file each time.
     */
    public static String rubyVersion(String spec) {
        String key = key(spec);
        synchronized (CACHE) {
            SubstringTrace t = CACHE.get(key);
            if (t != null) {
                return t.rubyVersion();
            }
        }
        try (InputStream in = open(spec)) {
            byte[] head = in.readNBytes(8192);
            Matcher m = RUBY_VERSION.matcher(new String(head, StandardCharsets.UTF_8));
            if (m.find()) {
                return m.group(1);
            }
        } catch (IOException | RuntimeException e) {
            // the full read below names the problem
        }
        return load(spec).rubyVersion();
    }

    private static InputStream open(String spec) throws IOException {
        InputStream raw = shipped(spec) ? ProgramTraces.class.getResourceAsStream(resource(spec.strip()))
                : Files.newInputStream(Path.of(spec));
        if (raw == null) {
            throw new IOException("missing");
        }
        java.io.BufferedInputStream in = new java.io.BufferedInputStream(raw);
        in.mark(2);
        boolean gz = in.read() == 0x1f && in.read() == 0x8b;
        in.reset();
        return gz ? new GZIPInputStream(in) : in;
    }

    /**
     * The preset whose rules a Ruby of that RUBY_VERSION follows: 3.1 and older (one 40 B heap)
     * read as ruby-3.1, the rest as ruby-3.4 (five heaps, 40 to 640 B).
     */
    public static String presetOfVersion(String rubyVersion) {
        String[] p = String.valueOf(rubyVersion).split("\\.");
        if (p.length >= 2) {
            try {
                int major = Integer.parseInt(p[0]);
                int minor = Integer.parseInt(p[1]);
                return RubyPreset.byName(major < 3 || (major == 3 && minor < 2) ? "ruby-3.1" : "ruby-3.4").name();
            } catch (NumberFormatException ignored) {
                // not a version: the default below
            }
        }
        return RubyPreset.byName("ruby-3.4").name();
    }

    private static String key(String spec) {
        String s = spec.strip();
        if (shipped(s)) {
            return "shipped:" + s;
        }
        Path p = Path.of(s);
        try {
            FileTime t = Files.getLastModifiedTime(p);
            return p.toAbsolutePath().normalize() + "|" + Files.size(p) + "|" + t.toMillis();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize().toString();
        }
    }
}
