package org.slotlab.model.measured;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * What every refusal of bad input must look like, and the hang guard around it: one line that
 * starts with the file (and line), at most a few hundred characters, no Java class or package name
 * and no stack trace. The classes that use it carry a class-level timeout that only stops a reader
 * that hangs; it is not a speed check.
 */
final class BadInput {

    /** A refusal names the file, the line and the rule, and quotes at most a short piece of input. */
    static final int MAX_MESSAGE_CHARS = 1000;
    private static final Pattern CLASS_NAME = Pattern.compile(
            "\\b(java|javax|jdk|sun|com\\.fasterxml|org\\.yaml|org\\.slotlab)\\.[a-z]|[A-Za-z]+(Exception|Error)\\b|StreamReadConstraints"
            + "|JsonReadFeature|\\bat [a-z]+\\.[a-z]+.*\\(");

    private BadInput() {
    }

    /** Imports {@code file} as {@code slotlab import} does; returns the message of the refusal, checked. */
    static String refused(Path file, String format) {
        String message = get(() -> {
            try {
                MeasuredSet set = Importers.read(file, format, NameMapping.defaults());
                throw new AssertionError(file + " was imported (" + set.points().size() + " points) but must be refused");
            } catch (ImportException e) {
                return e.getMessage();
            }
        });
        assertWellFormed(message, file.toString());
        return message;
    }

    /** Reads {@code file} as a name mapping ({@code --mapping}); returns the message of the refusal, checked. */
    static String refusedMapping(Path file) {
        String message = get(() -> {
            try {
                NameMapping.read(file);
                throw new AssertionError(file + " was read as a mapping but must be refused");
            } catch (ImportException e) {
                return e.getMessage();
            }
        });
        assertWellFormed(message, file.toString());
        return message;
    }

    /** Reads {@code text} with {@code importer} under {@code name}; returns the message of the refusal, checked. */
    static String refused(Importer importer, String text, String name) {
        String message = get(() -> {
            try {
                MeasuredSet set = importer.read(new StringReader(text), name);
                throw new AssertionError(name + " was imported (" + set.points().size() + " points) but must be refused");
            } catch (ImportException e) {
                return e.getMessage();
            }
        });
        assertWellFormed(message, name);
        return message;
    }

    /** One line naming {@code source}, short, without class names or stack frames. */
    static void assertWellFormed(String message, String source) {
        assertThat(message).startsWith(source + ":");
        assertThat(message).doesNotContain("\n").doesNotContain("\r");
        assertThat(message.length()).as("length of: %s", message.substring(0, Math.min(200, message.length())))
                .isLessThanOrEqualTo(source.length() + MAX_MESSAGE_CHARS);
        assertThat(CLASS_NAME.matcher(message.substring(source.length())).find()).as("class name or stack frame in: %s", message)
                .isFalse();
    }

    /** Writes {@code bytes} to {@code dir/name}. */
    static Path write(Path dir, String name, byte[] bytes) {
        try {
            return Files.write(dir.resolve(name), bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes UTF-8 {@code text} to {@code dir/name}. */
    static Path write(Path dir, String name, String text) {
        return write(dir, name, text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** {@code c} repeated to {@code n} characters. */
    static String repeat(char c, int n) {
        return String.valueOf(c).repeat(n);
    }

    /** The value {@code s} gives; what it throws is rethrown unchecked (lambdas here may throw anything). */
    static <T> T get(org.junit.jupiter.api.function.ThrowingSupplier<T> s) {
        try {
            return s.get();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
