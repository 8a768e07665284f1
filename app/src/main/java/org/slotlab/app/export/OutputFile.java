package org.slotlab.app.export;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A file Slotlab writes (a chart, a table, a profile): checked before any work is done (not a
 * folder, in a folder that exists), then written to a temporary file beside it and moved into
 * place, so a failure leaves no partial file and an existing file as it was. Failures are
 * {@link NotWritten}, whose message names the file and says why in words, without a Java class name.
 */
public final class OutputFile {

    private OutputFile() {}

    /** What writes the bytes. */
    @FunctionalInterface
    public interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    /** A file that could not be written; the message is {@code FILE: cannot be written: REASON}. */
    public static final class NotWritten extends IOException {
        private static final long serialVersionUID = 1L;

        NotWritten(Path file, String reason) {
            super(file + ": cannot be written: " + reason);
        }
    }

    /** Refuses a target that cannot be written before anything is computed for it. */
    public static void check(Path file) throws NotWritten {
        if (Files.isDirectory(file)) {
            throw new NotWritten(file, "it is a folder; give a file name");
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new NotWritten(file, Files.exists(parent) ? "its folder " + parent + " is a file, not a folder"
                    : "its folder " + parent + " does not exist");
        }
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new NotWritten(file, "it is not a regular file (a device, pipe or socket)");
        }
    }

    /** Like {@link #check}, after creating the folders the file goes in (for files written after long work). */
    public static void prepare(Path file) throws NotWritten {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null && !Files.exists(parent)) {
            try {
                Files.createDirectories(parent);
            } catch (IOException e) {
                throw new NotWritten(file, "its folder " + parent + " cannot be made (" + reason(e) + ")");
            }
        }
        check(file);
    }

    /** Writes {@code file} through a temporary file in its folder; on failure nothing is left behind. */
    public static void write(Path file, Body body) throws NotWritten {
        check(file);
        Path parent = file.toAbsolutePath().getParent();
        Path tmp = null;
        try {
            tmp = Files.createTempFile(parent, "." + file.getFileName(), ".part");
            try (OutputStream out = Files.newOutputStream(tmp)) {
                body.writeTo(out);
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            tmp = null;
        } catch (NotWritten e) {
            throw e;
        } catch (IOException e) {
            throw new NotWritten(file, reason(e));
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // the failure being reported matters more than a temporary file left behind
                }
            }
        }
    }

    /** An I/O failure in words: the operating system's reason, never the exception's class. */
    static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "its folder does not exist";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason().toLowerCase(java.util.Locale.ROOT);
        }
        String m = e.getMessage();
        return m == null || m.isBlank() || m.contains("java.") || m.contains("Exception") ? "input/output error" : m;
    }
}
