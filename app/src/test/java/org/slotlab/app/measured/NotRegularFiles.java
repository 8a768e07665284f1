package org.slotlab.app.measured;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;

/** Inputs that never end or are not files, made at a path for the tests of readers that must refuse them. */
public final class NotRegularFiles {

    private NotRegularFiles() {
    }

    /**
     * Makes {@code path} as {@code kind} says: {@code dev-zero} (a link to /dev/zero), {@code fifo},
     * {@code directory}, or {@code over-limit} (a sparse file one byte over {@code limit}). Skips the
     * test where the system cannot make it.
     */
    public static Path make(Path path, String kind, long limit) throws Exception {
        switch (kind) {
            case "dev-zero" -> {
                assumeTrue(Files.exists(Path.of("/dev/zero")), "needs /dev/zero");
                Files.createSymbolicLink(path, Path.of("/dev/zero"));
            }
            case "fifo" -> NamedPipes.make(path);
            case "directory" -> Files.createDirectory(path);
            case "over-limit" -> {
                try (RandomAccessFile f = new RandomAccessFile(path.toFile(), "rw")) {
                    f.setLength(limit + 1); // sparse: the size is there, the bytes are not written
                }
            }
            default -> throw new IllegalArgumentException(kind);
        }
        return path;
    }
}
