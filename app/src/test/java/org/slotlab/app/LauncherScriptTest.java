package org.slotlab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code slotlab} launcher's AppCDS archive: written by the first workbench launch, kept only
 * when that launch ends well (a failed or stopped start-up can leave an archive that crashes every
 * JVM that maps it later), and mapped by the launches after it. Java is a stand-in script here
 * (JAVA_HOME), which records its arguments and ends as each case needs.
 */
@DisabledOnOs(OS.WINDOWS)
class LauncherScriptTest {

    private static final Path SCRIPT = Path.of("..", "slotlab").toAbsolutePath().normalize();

    @TempDir
    Path dir;
    private Path jar;
    private Path jsa;
    private Path log;

    @BeforeEach
    void standInJava() throws IOException {
        Path bin = Files.createDirectories(dir.resolve("jdk/bin"));
        Path java = bin.resolve("java");
        Files.writeString(java, String.join("\n",
                "#!/bin/sh",
                "echo \"$*\" >> \"$STUB_LOG\"",
                "for a in \"$@\"; do case $a in -XX:ArchiveClassesAtExit=*) echo archive > \"${a#*=}\";; esac; done",
                "case \"$STUB_MODE\" in",
                "  fail) exit 3 ;;",
                "  wait) sleep 600 & t=$!; trap 'kill $t; echo stopped >> \"$STUB_LOG\"; exit 143' TERM;"
                        + " echo started >> \"$STUB_LOG\"; echo started; wait $t ;;",
                "esac",
                "exit 0", ""), StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        jar = Files.writeString(dir.resolve("slotlab.jar"), "not a real jar");
        jsa = dir.resolve("slotlab.jsa");
        log = dir.resolve("java.log");
    }

    private ProcessBuilder launcher(String mode, String... args) {
        List<String> cmd = new java.util.ArrayList<>(List.of("sh", SCRIPT.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        if (!mode.equals("wait")) {
            pb.redirectOutput(dir.resolve("out.txt").toFile());
        }
        pb.environment().put("JAVA_HOME", dir.resolve("jdk").toString());
        pb.environment().put("SLOTLAB_JAR", jar.toString());
        pb.environment().put("STUB_LOG", log.toString());
        pb.environment().put("STUB_MODE", mode);
        return pb;
    }

    private int run(String mode, String... args) throws Exception {
        Process p = launcher(mode, args).start();
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).as("the launcher ends").isTrue();
        return p.exitValue();
    }

    private List<String> leftovers() throws IOException {
        try (var s = Files.list(dir)) {
            return s.map(f -> f.getFileName().toString()).filter(n -> n.startsWith("slotlab.jsa")).sorted().toList();
        }
    }

    @Test
    void aWorkbenchLaunchThatEndsWell_keepsItsArchive_andTheNextLaunchMapsIt() throws Exception {
        assertThat(run("ok")).isZero();
        assertThat(leftovers()).containsExactly("slotlab.jsa");

        assertThat(run("ok")).isZero();
        List<String> calls = Files.readAllLines(log);
        assertThat(calls.get(0)).contains("-XX:ArchiveClassesAtExit=");
        assertThat(calls.get(1)).contains("-XX:SharedArchiveFile=" + jsa);
    }

    @Test
    void aWorkbenchLaunchThatFails_leavesNoArchiveBehind() throws Exception {
        assertThat(run("fail")).as("Java's exit code, passed on").isEqualTo(3);

        assertThat(leftovers()).isEmpty();
        assertThat(run("ok")).isZero();
        assertThat(Files.readAllLines(log).get(1)).as("the next launch writes an archive again").contains("-XX:ArchiveClassesAtExit=");
    }

    @Test
    void stoppingTheLauncher_stopsJava_andLeavesNoArchive() throws Exception {
        Process p = launcher("wait").start();
        // the stand-in prints "started" once it runs; the launcher's output is read to its end (a reader
        // that stopped early would close the pipe under the stand-in's later writes)
        CountDownLatch started = new CountDownLatch(1);
        Thread reader = new Thread(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    if (line.equals("started")) {
                        started.countDown();
                    }
                }
            } catch (IOException e) {
                // the launcher is gone; the assertions below say what it left
            }
        });
        reader.setDaemon(true);
        reader.start();
        assertThat(started.await(20, TimeUnit.SECONDS)).as("Java started").isTrue();

        p.destroy(); // SIGTERM to the launcher
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();

        // the launcher ends only after Java has: its signal handler has written by now
        assertThat(Files.readString(log)).as("Java got the signal (the launcher ended with %d)", p.exitValue()).contains("stopped");
        assertThat(leftovers()).isEmpty();
    }

    @Test
    void aCommand_neitherWritesNorNeedsAnArchive() throws Exception {
        assertThat(run("ok", "--version")).isZero();

        assertThat(leftovers()).isEmpty();
        assertThat(Files.readAllLines(log).get(0)).doesNotContain("Archive").endsWith("--version");
    }
}
