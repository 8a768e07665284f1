package org.slotlab.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slotlab.app.scenario.ChartSpec;
import org.slotlab.app.scenario.ScenarioRegistry;

/**
 * The runnable jar as a user starts it, each in a JVM of its own (run after {@code package}, by
 * the app's {@code jar-tests} execution): {@code java -jar slotlab.jar --version} runs the command
 * line through the manifest's main class; a bad argument gets exit code 2; without arguments the
 * same main class opens the workbench (headless, Monocle) and shows the default scenario's charts.
 */
class LauncherJarIT {

    /** The jar the shade plugin writes (finalName slotlab). */
    static final Path JAR = Path.of("target", "slotlab.jar");
    /** Upper bound for one child JVM: a guard against a hang, not a timing assertion. */
    static final long WITHIN_S = 120;

    @TempDir
    Path dir;

    record Ran(int exitCode, String out, String err) {}

    @Test
    void manifestMainClass_isTheLauncher() throws IOException {
        assertThat(JAR).as("run after package").exists();
        try (JarFile jar = new JarFile(JAR.toFile())) {
            assertThat(jar.getManifest().getMainAttributes().getValue("Main-Class")).isEqualTo(Launcher.class.getName());
        }
    }

    @Test
    void javaJar_version_runsTheCommandLine() throws Exception {
        Ran r = run(List.of("-jar", JAR.toString(), "--version"));

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out().strip()).matches("Slotlab \\d+\\.\\d+\\.\\d+\\S*( \\(git [^)]+\\))?");
    }

    @Test
    void javaJar_unknownCommand_exit2() throws Exception {
        Ran r = run(List.of("-jar", JAR.toString(), "no-such-command"));

        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("no-such-command").doesNotContain("Exception");
    }

    @Test
    void jarWithoutArguments_opensTheWorkbenchWithTheDefaultScenariosCharts() throws Exception {
        String monocle = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> e.contains("openjfx-monocle")).findFirst().orElseThrow();
        String cp = String.join(File.pathSeparator, JAR.toString(), monocle, Path.of("target", "test-classes").toString());
        Ran r = run(List.of("-Dglass.platform=Monocle", "-Dmonocle.platform=Headless", "-Dprism.order=sw",
                "-Djava.awt.headless=true", "-cp", cp, LaunchProbe.class.getName()));

        assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
        List<String> ids = ScenarioRegistry.all().get(0).charts().stream().map(ChartSpec::id).toList();
        assertThat(ids).isNotEmpty();
        assertThat(r.out()).startsWith("shown: ");
        ids.forEach(id -> assertThat(r.out()).contains(id + "="));
    }

    private Ran run(List<String> args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(args);
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(WITHIN_S, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("did not finish within " + WITHIN_S + " s: " + cmd);
        }
        return new Ran(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }
}
