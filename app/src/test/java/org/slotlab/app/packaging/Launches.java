package org.slotlab.app.packaging;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a packaged Slotlab (the jar or the app image) as a child process and keeps what it printed. */
final class Launches {

    /** Longest a launch may take before it counts as hung (a loaded 2-core machine needs tens of seconds). */
    static final long LAUNCH_LIMIT_SECONDS = 300;

    record Result(int exitCode, String out, String err) {}

    private Launches() {}

    static Result run(Path workDir, List<String> command) throws IOException, InterruptedException {
        Path out = Files.createTempFile(workDir, "out", ".txt");
        Path err = Files.createTempFile(workDir, "err", ".txt");
        Process p = new ProcessBuilder(command).directory(workDir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(LAUNCH_LIMIT_SECONDS, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " did not end within " + LAUNCH_LIMIT_SECONDS + " s");
        }
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    /** The java of the JDK running the tests. */
    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** Whether {@code program} is on PATH. */
    static boolean onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }

    /** {@code command} under a virtual X screen the size the workbench opens at. */
    static List<String> underXvfb(List<String> command) {
        List<String> c = new ArrayList<>(List.of("xvfb-run", "-a", "-s", "-screen 0 1600x1000x24"));
        c.addAll(command);
        return c;
    }

    /** How many distinct colours the image has, sampled on a grid (a blank or one-colour render has 1). */
    static int colours(BufferedImage image) {
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 7) {
            for (int x = 0; x < image.getWidth(); x += 7) {
                seen.add(image.getRGB(x, y));
            }
        }
        return seen.size();
    }
}
