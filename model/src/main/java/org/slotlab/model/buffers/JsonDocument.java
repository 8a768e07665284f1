package org.slotlab.model.buffers;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.slotlab.model.measured.ImportException;
import org.slotlab.model.measured.InputText;

/**
 * A JSON document reduced to what the JSON unescape workload needs: its name, its size and its string tokens
 * as {@link JsonStringScanner} measures them. Built the same way from a generated spec
 * ({@link JsonDocumentGenerator}), a file, or a sample shipped under {@code sample-data/json/}
 * (ruby/json PR #1135, https://github.com/ruby/json/pull/1135).
 *
 * @param name     where it came from (spec, path or classpath resource)
 * @param bytes    document length, bytes
 * @param strings  its string tokens, keys included
 * @param containers its arrays and objects with their entry counts (innermost first)
 */
public record JsonDocument(String name, long bytes, List<JsonString> strings, List<JsonStringScanner.Container> containers) {

    public JsonDocument {
        strings = List.copyOf(strings);
        containers = List.copyOf(containers);
    }

    /** Scans the given UTF-8 bytes. */
    public static JsonDocument of(String name, byte[] utf8) {
        return new JsonDocument(name, utf8.length, JsonStringScanner.scan(name, utf8), JsonStringScanner.containers(utf8));
    }

    /** The document a {@code generated:...} spec describes. */
    public static JsonDocument generated(JsonDocumentGenerator.Spec spec) {
        return of(spec.toString(), JsonDocumentGenerator.document(spec).getBytes(StandardCharsets.UTF_8));
    }

    /** Largest JSON document read from a file, bytes (the generated documents of the thread are a few MB). */
    public static final long MAX_FILE_BYTES = 64L * 1024 * 1024;

    /**
     * A file on disk: a regular file of at most {@link #MAX_FILE_BYTES} (a pipe, a device or a
     * directory is refused before it is opened), strictly UTF-8 as JSON is (a byte order mark is
     * skipped; bytes that are not UTF-8 and NUL are refused with their line); the message names the
     * file and the rule.
     */
    public static JsonDocument file(Path path) {
        try {
            return of(path.toString(), InputText.read(path, MAX_FILE_BYTES, "a JSON document", "").getBytes(StandardCharsets.UTF_8));
        } catch (ImportException e) {
            throw new IllegalArgumentException(e.source() + (e.line() > 0 ? ":" + e.line() : "") + ": " + e.problem(), e);
        }
    }

    /** A sample shipped in the model jar, e.g. {@code sample-data/json/reviews_ensure_ascii.json}. */
    public static JsonDocument resource(String path) {
        InputStream in = JsonDocument.class.getClassLoader().getResourceAsStream(path);
        if (in == null) {
            throw new IllegalArgumentException("no JSON sample on the classpath at " + path);
        }
        try (in) {
            return of(path, in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(path, e);
        }
    }

    /**
     * Resolves a document spec (the json-unescape scenario's document): {@code generated:...}, {@code sample:NAME} (a file of
     * sample-data/json on the classpath) or a file path.
     */
    public static JsonDocument resolve(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException("a JSON document needs generated:..., sample:NAME or a file path");
        }
        if (spec.startsWith("generated:")) {
            return generated(JsonDocumentGenerator.parse(spec));
        }
        if (spec.startsWith("sample:")) {
            return resource("sample-data/json/" + spec.substring("sample:".length()));
        }
        return file(Path.of(spec));
    }

    /** Value strings (object keys excluded: json interns them as frozen fstrings). */
    public List<JsonString> values() {
        return strings.stream().filter(s -> !s.key()).toList();
    }
}
