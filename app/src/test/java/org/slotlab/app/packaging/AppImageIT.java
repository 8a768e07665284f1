package org.slotlab.app.packaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Linux app image ({@code mvn -B -Papp-image verify}): its launcher runs the command line
 * with the image's own Java runtime, renders a scenario headless, and opens the workbench to its
 * first chart on a virtual screen, mapping the AppCDS archive the build wrote.
 */
class AppImageIT {

    static final Path IMAGE = Path.of("target", "jpackage", "slotlab").toAbsolutePath();
    static final Path LAUNCHER = IMAGE.resolve("bin").resolve("slotlab");

    @TempDir
    Path dir;

    @BeforeAll
    static void onLinux() {
        assumeTrue(System.getProperty("os.name", "").startsWith("Linux"), "the image checked here is Linux's");
        assertThat(LAUNCHER).as("app image launcher").isExecutable();
    }

    @Test
    void image_carriesItsOwnRuntime() {
        assertThat(IMAGE.resolve("lib/runtime/lib/server/libjvm.so")).exists();
        assertThat(IMAGE.resolve("lib/app/slotlab.jar")).exists();
    }

    @Test
    void version_fromTheImage() throws Exception {
        Launches.Result r = Launches.run(dir, List.of(LAUNCHER.toString(), "--version"));

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("Slotlab ").contains("(git ");
    }

    @Test
    void render_headless_writesEveryChart() throws Exception {
        Path png = dir.resolve("out.png");
        Launches.Result r = Launches.run(dir, List.of(LAUNCHER.toString(), "render", PackagedJarIT.scenarioFile().toString(),
                "--png", png.toString(), "--chart", "all"));

        assertThat(r.exitCode()).as(r.err()).isZero();
        for (String id : List.of("speed-ratio", "gc-count", "retained")) {
            var image = ImageIO.read(dir.resolve("out-" + id + ".png").toFile());
            assertThat(image.getWidth()).as(id).isEqualTo(1200);
            assertThat(Launches.colours(image)).as(id).isGreaterThan(10);
        }
    }

    @Test
    void workbench_onAScreen_reachesItsFirstChartWithTheArchive() throws Exception {
        assumeTrue(Launches.onPath("xvfb-run"), "needs xvfb-run for a screen");
        assertThat(IMAGE.resolve("lib/app/slotlab.jsa")).as("AppCDS archive written by the build").exists();
        assertThat(Files.readString(IMAGE.resolve("lib/app/slotlab.cfg"))).contains("-XX:SharedArchiveFile=$APPDIR/slotlab.jsa")
                .contains("-XX:+UseSerialGC").contains("-XX:TieredStopAtLevel=1").contains("-XX:CompileThresholdScaling=0.5");

        Launches.Result r = Launches.run(dir, Launches.underXvfb(List.of(LAUNCHER.toString(), "--startup-report=exit")));

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("startup: jvm ").contains("first chart").doesNotContain("Unsupported JavaFX configuration")
                .doesNotContain("[warning]");
    }
}
