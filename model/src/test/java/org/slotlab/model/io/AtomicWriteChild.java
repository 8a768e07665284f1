package org.slotlab.model.io;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A process that starts saving {@code args[0]} with {@link AtomicWrite}, writes the first half of
 * {@code args[1]} bytes, says {@code half} on stdout and then waits for stdin to close before
 * writing the rest: the parent kills it with {@code kill -9} in between.
 */
public final class AtomicWriteChild {
    private AtomicWriteChild() {}

    public static void main(String[] args) throws IOException {
        int size = Integer.parseInt(args[1]);
        AtomicWrite.write(Path.of(args[0]), out -> {
            for (int i = 0; i < size / 2; i++) {
                out.write('n');
            }
            out.flush();
            System.out.println("half");
            System.out.flush();
            while (System.in.read() >= 0) {
                // waiting to be killed
            }
            for (int i = size / 2; i < size; i++) {
                out.write('n');
            }
        });
        System.out.println("saved");
    }
}
