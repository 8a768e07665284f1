package org.slotlab.model.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes a file so that it is either the old one or the whole new one, never half of either: the
 * bytes go to a temporary file beside it ({@code .NAME.XXXX.part}, same folder, so the same file
 * system), which is flushed to the disk and then renamed over the target in one step
 * ({@code rename(2)} on POSIX, {@code MoveFileEx} with replace on Windows). A process killed
 * with {@code kill -9} mid-write leaves the previous file as it was (and at worst its temporary
 * file, which the next write of the same name does not reuse); a write that fails deletes its
 * temporary file and leaves the target untouched. Saves of scenario files, profiles, measured
 * CSVs and exports all go through here.
 */
public final class AtomicWrite {

    private AtomicWrite() {}

    /** What writes the new contents. */
    @FunctionalInterface
    public interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Replaces {@code file} with {@code text} in UTF-8, atomically. */
    public static void writeString(Path file, String text) throws IOException {
        write(file, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * Replaces {@code file} with what {@code body} writes, atomically; creates its folder when
     * missing. If {@code body} throws, the target is untouched and the exception is rethrown.
     */
    public static void write(Path file, Body body) throws IOException {
        Path target = file.toAbsolutePath();
        Path dir = target.getParent();
        if (dir == null) {
            throw new IOException(file + " is not a file name");
        }
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".part");
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
                    OutputStream out = new java.io.BufferedOutputStream(java.nio.channels.Channels.newOutputStream(ch), 1 << 16)) {
                body.writeTo(out);
                out.flush();
                ch.force(true);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException notHere) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            syncFolder(dir);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * Flushes the folder's entry for the renamed file to the disk where the platform allows it
     * (Linux and macOS; Windows cannot open a folder for this and needs nothing).
     */
    private static void syncFolder(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | RuntimeException notSupported) {
            // the rename itself is already atomic; this only hurries it to the disk
        }
    }
}
