package org.slotlab.model.measured;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Access to the fixtures in src/test/resources/measured (see the README there). */
final class Fixtures {

    private Fixtures() {
    }

    static Path path(String name) {
        try {
            return Path.of(Fixtures.class.getResource("/measured/" + name).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("missing fixture " + name, e);
        }
    }

    static String text(String name) {
        try {
            return Files.readString(path(name), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads {@code text} with {@code importer} under the source name {@code name}. */
    static MeasuredSet read(Importer importer, String text, String name) throws ImportException {
        return importer.read(new StringReader(text), name);
    }

    /** The first {@code lines} lines of the fixture, each ended by a newline. */
    static String firstLines(String name, int lines) {
        String[] all = text(name).split("\n", -1);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < lines; i++) {
            sb.append(all[i]).append('\n');
        }
        return sb.toString();
    }

    /** The first {@code lines} whole lines plus the first {@code chars} characters of the next. */
    static String cutInside(String name, int lines, int chars) {
        String[] all = text(name).split("\n", -1);
        return firstLines(name, lines) + all[lines].substring(0, chars);
    }

    /** A named pipe at {@code path} (mkfifo); the test is skipped where there is no mkfifo. */
    static Path fifo(Path path) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder("mkfifo", path.toString()).redirectErrorStream(true).start();
        } catch (IOException e) {
            org.junit.jupiter.api.Assumptions.assumeTrue(false, "needs mkfifo");
            throw e;
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(p.waitFor() == 0 && Files.exists(path), "mkfifo failed");
        return path;
    }

    static double value(MeasuredSet set, String bench, String exe, String metric) {
        return set.find(bench, exe, metric).orElseThrow(() -> new AssertionError(
                "no " + metric + " for " + bench + " on " + exe + " in " + set.points())).value();
    }
}
