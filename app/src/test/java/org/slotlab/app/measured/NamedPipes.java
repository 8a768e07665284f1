package org.slotlab.app.measured;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;

/** Named pipes (FIFOs) for tests of readers that must not block on one; skipped where mkfifo is missing. */
public final class NamedPipes {

    private NamedPipes() {
    }

    /** Makes a FIFO at {@code path}, or skips the test. */
    public static Path make(Path path) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder("mkfifo", path.toString()).redirectErrorStream(true).start();
        } catch (IOException e) {
            assumeTrue(false, "needs mkfifo");
            throw e;
        }
        assumeTrue(p.waitFor() == 0, "mkfifo failed");
        return path;
    }
}
