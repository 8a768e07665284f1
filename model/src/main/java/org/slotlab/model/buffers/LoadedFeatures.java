package org.slotlab.model.buffers;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slotlab.model.measured.ImportException;
import org.slotlab.model.measured.InputText;

/**
 * A {@code $LOADED_FEATURES} list: one absolute feature path per line (builtin features such as
 * {@code thread.rb} bare), blank lines and {@code #} comments ignored. The require-index workload (Feature
 * #14460, Feature #14460 (https://bugs.ruby-lang.org/issues/14460)) reads it from a file, from the sample shipped in
 * {@code sample-data/require/loaded_features.txt}, or synthesizes the {@code bm_require.rb}
 * benchmark's 10,000 features.
 *
 * @param name  where the list came from
 * @param paths feature paths in load order
 */
public record LoadedFeatures(String name, List<String> paths) {

    /** The shipped sample (Rails 7.1.3 app, see sample-data/require/README.md). */
    public static final String SAMPLE = "sample-data/require/loaded_features.txt";

    public LoadedFeatures {
        paths = List.copyOf(paths);
    }

    /** Longest feature path, characters: Linux's PATH_MAX ({@code limits.h}), which {@code require} cannot exceed. */
    public static final int MAX_PATH_CHARS = 4096;

    /** Parses the text of a list; {@code source} names it in messages. */
    public static LoadedFeatures parse(String source, String text) {
        List<String> out = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.indexOf('\0') >= 0) {
                throw new IllegalArgumentException(source + ":" + (i + 1) + ": feature path contains a NUL byte");
            }
            if (line.length() > MAX_PATH_CHARS) {
                throw new IllegalArgumentException(source + ":" + (i + 1) + ": a line of " + line.length()
                        + " characters is not a feature path; a path Ruby can require is at most " + MAX_PATH_CHARS
                        + " bytes (PATH_MAX on Linux)");
            }
            out.add(line);
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException(source + ": no feature paths (one path per line expected)");
        }
        return new LoadedFeatures(source, out);
    }

    /** Largest feature list read, bytes: a large Rails app loads a few thousand paths (well under 1 MiB). */
    public static final long MAX_FILE_BYTES = 16L * 1024 * 1024;

    /** A file on disk (a regular file of at most {@link #MAX_FILE_BYTES}, UTF-8), or {@code sample} for the shipped list. */
    public static LoadedFeatures resolve(String pathOrSample) {
        if (pathOrSample == null || pathOrSample.isBlank() || pathOrSample.equals("sample")
                || pathOrSample.equals(SAMPLE)) {
            return sample();
        }
        Path p = Path.of(pathOrSample);
        try {
            return parse(p.toString(), InputText.read(p, MAX_FILE_BYTES, "a $LOADED_FEATURES list, one path per line", ""));
        } catch (ImportException e) {
            throw new IllegalArgumentException(e.source() + (e.line() > 0 ? ":" + e.line() : "") + ": " + e.problem(), e);
        }
    }

    /** The shipped sample from the classpath. */
    public static LoadedFeatures sample() {
        try (InputStream in = LoadedFeatures.class.getClassLoader().getResourceAsStream(SAMPLE)) {
            if (in == null) {
                throw new IllegalStateException("feature list sample missing from the classpath: " + SAMPLE);
            }
            return parse(SAMPLE, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + SAMPLE, e);
        }
    }

    /**
     * The features {@code bm_require.rb} (Feature #14460) adds: {@code require "c#{i}"} for i in
     * 1..count from {@code benchmark/bm_require.data} of a checkout at {@code root}.
     */
    public static LoadedFeatures bmRequire(String root, int count) {
        if (count < 0) {
            throw new IllegalArgumentException("bm_require count must be >= 0, got " + count);
        }
        List<String> out = new ArrayList<>(count);
        for (int i = 1; i <= count; i++) {
            out.add(root + "/benchmark/bm_require.data/c" + i + ".rb");
        }
        return new LoadedFeatures("bm_require x" + count, out);
    }
}
