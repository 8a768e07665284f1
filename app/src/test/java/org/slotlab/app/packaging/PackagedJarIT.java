package org.slotlab.app.packaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.slotlab.app.Natives;

/**
 * The packaged {@code slotlab.jar} (run after {@code package}): it carries every desktop
 * platform's JavaFX natives and classes, says its build's version, renders a scenario headless,
 * and opens the workbench to its first chart when a screen is there (xvfb-run).
 */
class PackagedJarIT {

    static final Path JAR = Path.of("target", "slotlab.jar").toAbsolutePath();

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        // platform,      library file names,                                   its glass toolkit class
        "linux,         libglass.so libglassgtk3.so libprism_es2.so libprism_sw.so libjavafx_font.so, com/sun/glass/ui/gtk/GtkApplication.class",
        "linux-aarch64, libglass.so libglassgtk3.so libprism_es2.so libprism_sw.so libjavafx_font.so, com/sun/glass/ui/gtk/GtkApplication.class",
        "mac,           libglass.dylib libprism_es2.dylib libprism_sw.dylib libjavafx_font.dylib, com/sun/glass/ui/mac/MacApplication.class",
        "mac-aarch64,   libglass.dylib libprism_es2.dylib libprism_sw.dylib libjavafx_font.dylib, com/sun/glass/ui/mac/MacApplication.class",
        "win,           glass.dll prism_d3d.dll prism_sw.dll javafx_font.dll, com/sun/glass/ui/win/WinApplication.class",
    })
    void jar_holdsEachPlatformsNativesAndToolkit(String platform, String libraries, String toolkitClass) throws IOException {
        try (JarFile jar = new JarFile(JAR.toFile())) {
            List<String> names = jar.stream().map(e -> e.getName()).collect(Collectors.toList());
            for (String lib : libraries.split(" ")) {
                assertThat(names).as("%s in %s", lib, platform).contains(Natives.ROOT + platform + "/" + lib);
            }
            assertThat(names).contains(toolkitClass);
            // nothing at the root, where JavaFX would take a library of another platform first
            assertThat(names).noneMatch(n -> !n.contains("/") && (n.endsWith(".so") || n.endsWith(".dylib") || n.endsWith(".dll")));
        }
    }

    @Test
    void version_isTheBuildsGitDescribe() throws Exception {
        Launches.Result r = Launches.run(dir, List.of(Launches.java(), "-jar", JAR.toString(), "--version"));

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out().strip()).matches("Slotlab \\d+\\.\\d+\\.\\d+(-SNAPSHOT)? \\(git [0-9a-zA-Z._-]+\\)");
        if (Files.exists(Path.of("..", ".git"))) {
            // built from a checkout: git describe answered (outside one the build says "unknown")
            assertThat(r.out()).doesNotContain("git unknown");
        }
    }

    @Test
    void render_headless_writesAChart() throws Exception {
        Path png = dir.resolve("speed.png");
        Launches.Result r = Launches.run(dir, List.of(Launches.java(), "-Djava.awt.headless=true", "-jar", JAR.toString(),
                "render", scenarioFile().toString(), "--png", png.toString()));

        assertThat(r.exitCode()).as(r.err()).isZero();
        var image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(1200);
        assertThat(Launches.colours(image)).isGreaterThan(10);
    }

    @Test
    void workbench_onAScreen_reachesItsFirstChartWithoutTheClasspathWarning() throws Exception {
        assumeTrue(Launches.onPath("xvfb-run"), "needs xvfb-run for a screen");
        Path cache = dir.resolve("fx-cache");
        Launches.Result r = Launches.run(dir, Launches.underXvfb(List.of(Launches.java(), "-Djavafx.cachedir=" + cache,
                "-jar", JAR.toString(), "--startup-report=exit")));

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("startup: jvm ").contains("first chart").doesNotContain("Unsupported JavaFX configuration");
        // this machine's natives were taken from natives/<platform>/ of the jar
        String platform = Natives.platform(System.getProperty("os.name"), System.getProperty("os.arch")).orElseThrow();
        assertThat(cache.resolve(System.mapLibraryName("glass"))).as("unpacked for " + platform).exists();
    }

    /** The scenario the screenshot is made of: the substring scenario at its defaults. */
    static Path scenarioFile() {
        Path f = Path.of("..", "scripts", "screenshot.slotlab.json").toAbsolutePath().normalize();
        assertThat(f).exists();
        return f;
    }

}
